"""Messages between server processes, through Redis pub/sub.

Each process listens on its own channel, ``rooms:to:<process>``. A connection whose room
another process owns is *forwarded*: the process holding the socket publishes the
connection's checked messages on the owner's channel, and the owner answers through a
``RemoteClient``, a stand-in connection bound to that seat like any other. The owner makes
and filters every seat's view as always and publishes each message, addressed to one
connection, on the channel of the process holding that connection, which hands it to that
connection alone: no channel carries a seat's view to another seat's socket.

A message on the wire is one header line of JSON, then the text it carries:

>>> frame({"c": "c1"}, '{"type": "pong"}')
b'{"c":"c1"}\\n{"type": "pong"}'
>>> unframe(frame({"c": "c1"}, '{"type": "pong"}'))
({'c': 'c1'}, '{"type": "pong"}')

Headers: ``{"f": process, "c": connection}`` (a command to the owner; ``"gone": 1`` when the
connection closed), ``{"c": connection}`` (a message for it; ``"w": [room, seat, token]``
on a welcome, ``"v": room`` when it starts watching, ``"x": 1`` when it no longer holds a seat, ``"close": reason`` to close it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from euchre_rooms.config import Settings
from euchre_rooms.hub import Client, Hub, Proxy
from euchre_rooms.lean_ws import Inbox
from euchre_rooms.room import Refused

log = logging.getLogger("euchre_rooms.relay")

NO_OWNER = (
    "this room is being played on another server process that does not answer: "
    "try again in a moment"
)


def channel(process: str) -> str:
    """The channel a process listens on."""
    return f"rooms:to:{process}"


def frame(header: dict[str, Any], body: str = "") -> bytes:
    """One relayed message: its header line and its text."""
    return (json.dumps(header, separators=(",", ":")) + "\n" + body).encode("utf-8")


def unframe(data: bytes) -> tuple[dict[str, Any], str]:
    """The header and the text of a relayed message."""
    head, _, body = data.decode("utf-8").partition("\n")
    header: dict[str, Any] = json.loads(head)
    return header, body


class RemoteClient(Client):
    """On the owner: a connection held by another process, answered through Redis."""

    __slots__ = ("conn", "inbox", "process", "publish")

    def __init__(
        self,
        settings: Settings,
        process: str,
        conn: str,
        publish: Callable[[str, bytes], None],
    ) -> None:
        super().__init__(settings)
        self.process, self.conn, self.publish = process, conn, publish
        self.inbox: Inbox[str | None] = Inbox()

    def send(self, message: dict[str, Any] | str) -> None:
        if self.close_reason is not None:
            return
        header: dict[str, Any] = {"c": self.conn}
        if isinstance(message, str):
            text = message
        else:
            text = json.dumps(message)
            kind = message.get("type")
            if kind == "welcome":
                header["w"] = [message["room"], message["seat"], message["token"]]
            elif kind == "watching":
                header["v"] = message["room"]
            elif kind in ("left", "removed"):
                header["x"] = 1
        self.publish(channel(self.process), frame(header, text))

    def close(self, reason: str) -> None:
        if self.close_reason is None:
            self.close_reason = reason
            self.publish(channel(self.process), frame({"c": self.conn, "close": reason}))


class Relay:
    """This process's end of the messages between processes."""

    def __init__(self, redis: Redis, me: str, settings: Settings) -> None:
        self.redis, self.me, self.settings = redis, me, settings
        self.hub: Hub | None = None
        self.forwarded: dict[str, Client] = {}
        """Connections held here whose rooms other processes own, by connection id."""
        self.remote: dict[tuple[str, str], RemoteClient] = {}
        """Connections other processes hold in rooms owned here, by (process, connection)."""
        self.outgoing: asyncio.Queue[tuple[str, bytes, asyncio.Future[int] | None]] = (
            asyncio.Queue()
        )
        self.tasks: list[asyncio.Task[None]] = []
        self.workers: set[asyncio.Task[None]] = set()

    async def start(self, hub: Hub) -> None:
        self.hub = hub
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(channel(self.me))
        self.tasks = [
            asyncio.create_task(self._listen(pubsub)),
            asyncio.create_task(self._publish_forever()),
        ]

    async def stop(self) -> None:
        for task in [*self.tasks, *self.workers]:
            task.cancel()

    # ------------------------------------------------------------------ sending
    def publish(self, to: str, data: bytes) -> None:
        """Queue a message; one task publishes them in order (so they arrive in order)."""
        self.outgoing.put_nowait((to, data, None))

    async def publish_now(self, to: str, data: bytes) -> int:
        """Publish in order with the rest and wait: how many processes received it."""
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.outgoing.put_nowait((to, data, done))
        return await done

    async def _publish_forever(self) -> None:
        while True:
            batch = [await self.outgoing.get()]
            while not self.outgoing.empty() and len(batch) < 256:
                batch.append(self.outgoing.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for to, data, _ in batch:
                        pipe.publish(to, data)
                    counts: list[Any] = await pipe.execute()
            except (RedisError, OSError) as exc:
                log.warning("publishing %d message(s) failed: %s", len(batch), exc)
                for _, _, done in batch:
                    if done is not None and not done.done():
                        done.set_exception(ConnectionError(str(exc)))
                continue
            for (_, _, done), count in zip(batch, counts, strict=True):
                if done is not None and not done.done():
                    done.set_result(int(count))

    async def forward(self, client: Client, text: str | None) -> None:
        """Send a forwarded connection's message (None: it closed) to its room's owner."""
        proxy = client.proxy
        if text is None:
            self.forwarded.pop(client.id, None)
            owner = proxy.owner if proxy is not None else None
            if owner is not None:
                self.publish(channel(owner), frame({"f": self.me, "c": client.id, "gone": 1}))
            return
        assert proxy is not None
        self.forwarded[client.id] = client
        heard = await self.publish_now(
            channel(proxy.owner), frame({"f": self.me, "c": client.id}, text)
        )
        if not heard:
            self.forwarded.pop(client.id, None)
            raise Refused(NO_OWNER)

    # ------------------------------------------------------------------ receiving
    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                message = await pubsub.get_message(timeout=1.0)
            except (RedisError, OSError) as exc:
                log.warning("listening for other processes failed: %s", exc)
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                header, body = unframe(message["data"])
                if "f" in header:
                    self._command(header, body)
                else:
                    self._deliver(header, body)
            except Exception:  # one bad message must not stop the relay
                log.exception("a relayed message could not be handled")

    def _command(self, header: dict[str, Any], body: str) -> None:
        """On the owner: a message from a connection another process holds."""
        key = (str(header["f"]), str(header["c"]))
        remote = self.remote.get(key)
        if header.get("gone"):
            if remote is not None:
                remote.inbox.put_nowait(None)
            return
        if remote is None:
            remote = RemoteClient(self.settings, key[0], key[1], self.publish)
            self.remote[key] = remote
            task = asyncio.create_task(self._serve(remote))
            self.workers.add(task)
            task.add_done_callback(self.workers.discard)
        remote.inbox.put_nowait(body)

    async def _serve(self, remote: RemoteClient) -> None:
        """A remote connection's messages, one at a time, as the socket loop does."""
        hub = self.hub
        assert hub is not None
        try:
            while True:
                text = await remote.inbox.get()
                if text is None:
                    break
                await hub.handle(remote, text)
        finally:
            self.remote.pop((remote.process, remote.conn), None)
            await hub.disconnected(remote)

    def _deliver(self, header: dict[str, Any], body: str) -> None:
        """On the process holding the socket: a message from the owner for one connection."""
        client = self.forwarded.get(str(header["c"]))
        if client is None:
            return
        if "close" in header:
            client.close(str(header["close"]))
            return
        proxy = client.proxy
        if proxy is not None and "w" in header:
            proxy.code, proxy.seat, proxy.token = header["w"]
        if proxy is not None and "v" in header:
            proxy.code, proxy.watching = header["v"], True
        client.send(body)
        if header.get("x"):
            self.forwarded.pop(client.id, None)
            if proxy is not None:
                client.proxy = None
                self.publish(channel(proxy.owner), frame({"f": self.me, "c": client.id, "gone": 1}))

    # ------------------------------------------------------------------ processes coming and going
    async def check(self, lease_of: Callable[[str], str]) -> None:
        """Move forwarded connections whose room changed hands (its owner died: the lease
        ran out or another process took it), and let go of connections held by processes
        that died."""
        hub = self.hub
        if hub is None:
            return
        moved = [c for c in list(self.forwarded.values()) if c.proxy is not None]
        if moved:
            keys = sorted({c.proxy.key for c in moved if c.proxy is not None})
            values = await self.redis.mget([lease_of(k) for k in keys])
            holder = {
                k: (v.decode() if isinstance(v, bytes) else v)
                for k, v in zip(keys, values, strict=True)
            }
            for client in moved:
                proxy = client.proxy
                if proxy is not None and holder.get(proxy.key) != proxy.owner:
                    await self._rehome(hub, client, proxy)
        processes = sorted({p for p, _ in self.remote})
        if processes:
            alive = await self.redis.mget([alive_key(p) for p in processes])
            for process, mark in zip(processes, alive, strict=True):
                if mark is None:
                    for (p, _), remote in list(self.remote.items()):
                        if p == process:
                            remote.inbox.put_nowait(None)

    async def _rehome(self, hub: Hub, client: Client, proxy: Proxy) -> None:
        """Resume a forwarded connection's seat wherever its room is now."""
        self.forwarded.pop(client.id, None)
        client.proxy = None
        if proxy.watching:
            with contextlib.suppress(Exception):
                await hub.handle(client, json.dumps({"type": "watch", "room": proxy.code}))
            return
        if not proxy.token:
            client.error("this room's server process went away: join again")
            return
        with contextlib.suppress(Exception):
            await hub.handle(
                client, json.dumps({"type": "resume", "room": proxy.code, "token": proxy.token})
            )


def alive_key(process: str) -> str:
    """The key a live process keeps renewing."""
    return f"rooms:proc:{process}"
