"""Connections whose room another process owns: forwarded there, answered from there, and
never stranded when that process dies.

A connection whose room (or class) another process owns is *forwarded*: the process holding
the socket sends its checked messages to the owner (``Router``), and the owner answers it
through a ``RemoteClient``, a stand-in connection bound to its seat like any other. The
owner makes and filters every seat's view as always and sends each message, addressed to
one connection, to the process holding that connection, which hands it to that connection
alone: no channel carries a seat's view to another seat's socket.

When the owner dies (``kill -9``), its connections here keep their seats. A command sent
to it that it never heard, or heard and never answered, is kept; as soon as the owner's
lease runs out this process takes the room over from its stream, gives each of its
connections its seat back (``welcome`` and ``resume`` with the full state), then carries
out the kept commands in order: each is either recognised as made already (``Client.via``:
its record names it) and acknowledged, or made now, or refused with the table as it is.

A message on the wire is one header line of JSON, then the text it carries:

>>> frame({"c": "c1"}, '{"type":"pong"}')
b'{"c":"c1"}\\n{"type":"pong"}'
>>> unframe(frame({"c": "c1"}, '{"type":"pong"}'))
({'c': 'c1'}, '{"type":"pong"}')

Headers: ``{"f": process, "c": connection}`` (a command to the owner; ``"gone": 1`` when the
connection closed), ``{"c": connection}`` (a message for it; ``"w": [room, seat, token]`` on
a welcome, ``"t": [class, token]`` on a class's welcome, ``"v": room`` when it starts
watching, ``"x": 1`` when it no longer holds a seat, ``"a": id`` on the answer to the
command ``id``, ``"close": reason`` and ``"code"`` to close it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from euchre_rooms.connection import Client
from euchre_rooms.lean_ws import Inbox
from euchre_rooms.messages import (
    OMIT,
    Ack,
    ClassWelcome,
    Error,
    Left,
    Message,
    RefusedMove,
    Removed,
    Watching,
    Welcome,
    encode,
)
from euchre_rooms.protocol import Command
from euchre_rooms.routing import Router
from euchre_rooms.storage import Elsewhere, StorageError

if TYPE_CHECKING:
    from euchre_rooms.hub import Hub

log = logging.getLogger("euchre_rooms.relay")

GONE_AWAY = "this room's server process went away and no other took it over: reload the page"


def frame(header: dict[str, Any], body: str = "") -> bytes:
    """One relayed message: its header line and its text."""
    return (json.dumps(header, separators=(",", ":")) + "\n" + body).encode("utf-8")


def unframe(data: bytes) -> tuple[dict[str, Any], str]:
    """The header and the text of a relayed message."""
    head, _, body = data.decode("utf-8").partition("\n")
    header: dict[str, Any] = json.loads(head)
    return header, body


@dataclass(slots=True)
class Proxy:
    """Where a forwarded connection's messages go, what the owner told it about its seat
    (enough to take the seat back wherever the room goes next), and the commands the
    owner has not answered yet."""

    owner: str
    key: str
    code: str = ""
    seat: int | None = None
    token: str = ""
    teacher: str = ""
    watching: bool = False
    unanswered: list[tuple[str | int, str]] = field(default_factory=list)
    """Commands sent with an ``id`` and not yet answered (``id``, text)."""
    held: list[str] = field(default_factory=list)
    """Commands the owner did not hear, kept for whoever owns the room next."""
    rehoming: bool = False
    """Its seat is being given back here: what it sends meanwhile waits in ``held``."""


def _header(message: Message) -> dict[str, Any]:
    """What the process holding a connection must know of a message sent to it."""
    header: dict[str, Any] = {}
    if isinstance(message, Welcome):
        header["w"] = [message.room, message.seat, message.token]
    elif isinstance(message, ClassWelcome):
        header["t"] = [message.code, message.token]
    elif isinstance(message, Watching):
        header["v"] = message.room
    elif isinstance(message, Left | Removed):
        header["x"] = 1
    if isinstance(message, Ack | RefusedMove | Error) and message.id is not OMIT:
        header["a"] = message.id
    return header


class RemoteClient(Client):
    """On the owner: a connection held by another process, answered through the router."""

    __slots__ = ("conn", "inbox", "process", "relay")

    def __init__(self, relay: Relay, process: str, conn: str) -> None:
        super().__init__(relay.hub.settings)
        self.relay, self.process, self.conn = relay, process, conn
        self.inbox: Inbox[str | None] = Inbox()

    def via(self, ident: str | int | None) -> str | None:
        return None if ident is None else f"{self.process}:{self.conn}:{ident}"

    def send(self, message: Message) -> None:
        if self.close_reason is None and not self.gone:
            header = {"c": self.conn, **_header(message)}
            self.relay.router.post(self.process, frame(header, encode(message)))

    def send_text(self, text: str) -> None:
        if self.close_reason is None and not self.gone:
            self.relay.router.post(self.process, frame({"c": self.conn}, text))

    def _close(self, message: Message, reason: str, code: int) -> None:
        if self.close_reason is None and not self.gone:
            self.send(message)
            self.close_reason, self.close_code = reason, code
            header = {"c": self.conn, "close": reason, "code": code}
            self.relay.router.post(self.process, frame(header))


class Relay:
    """This process's end of the forwarded connections."""

    def __init__(self, hub: Hub, router: Router) -> None:
        self.hub, self.router = hub, router
        self.me = router.me
        self.forwarded: dict[str, Client] = {}
        """Connections held here whose rooms other processes own, by connection id."""
        self.remote: dict[tuple[str, str], RemoteClient] = {}
        """Connections other processes hold in rooms owned here, by (process, connection)."""
        self.moving: dict[str, asyncio.Task[None]] = {}
        """Rooms whose owner died, being taken over for the connections here (by key)."""

    async def start(self) -> None:
        await self.router.beat()
        await self.router.start(self._receive)

    async def stop(self) -> None:
        for task in self.moving.values():
            task.cancel()
        await self.router.stop()

    # ------------------------------------------------------------------ the holder's side
    async def adopt(self, client: Client, exc: Elsewhere, text: str, command: Command) -> None:
        """Forward ``client`` (whose room ``exc`` says another process owns) from now on."""
        client.proxy = Proxy(exc.owner, exc.key)
        client.origin = self.me
        await self.forward(client, text, command)

    async def forward(self, client: Client, text: str, command: Command) -> None:
        """Send a forwarded connection's message to its room's owner; keep it when the
        owner does not hear it (it is gone), and take the room over."""
        proxy: Proxy = client.proxy
        if proxy.rehoming:  # carried out here, in order, once its seat is back
            proxy.held.append(text)
            return
        self.forwarded[client.id] = client
        if proxy.key in self.moving:
            proxy.held.append(text)
            return
        ident = command.get("id")
        sent = (ident, text)
        if ident is not None:  # before sending: the answer may come before the send returns
            proxy.unanswered.append(sent)
        heard = await self.router.send(proxy.owner, frame({"f": self.me, "c": client.id}, text))
        if not heard:
            if sent in proxy.unanswered:
                proxy.unanswered.remove(sent)
            proxy.held.append(text)
            self.move(proxy.key, proxy.owner)

    def gone(self, client: Client) -> None:
        """A forwarded connection closed: its owner lets go of its stand-in."""
        proxy: Proxy | None = client.proxy
        self.forwarded.pop(client.id, None)
        client.proxy = None
        if proxy is not None:
            self.router.post(proxy.owner, frame({"f": self.me, "c": client.id, "gone": 1}))

    def _deliver(self, header: dict[str, Any], body: str) -> None:
        """A message from the owner for one connection held here."""
        client = self.forwarded.get(str(header["c"]))
        if client is None:
            return
        proxy: Proxy | None = client.proxy
        if "close" in header:
            self.forwarded.pop(client.id, None)
            client.proxy = None
            client.end(str(header["close"]), int(header.get("code", 1008)))
            return
        if body:
            client.send_text(body)
        if proxy is None:
            return
        self._note(proxy, header)
        if header.get("x"):
            self.gone(client)

    def _note(self, proxy: Proxy, header: dict[str, Any]) -> None:
        if "w" in header:
            proxy.code, proxy.seat, proxy.token = header["w"]
        if "t" in header:
            proxy.code, proxy.teacher = header["t"]
        if "v" in header:
            proxy.code, proxy.watching = header["v"], True
        if "a" in header:
            proxy.unanswered = [(i, t) for i, t in proxy.unanswered if i != header["a"]]

    # ------------------------------------------------------------------ the owner's side
    def _receive(self, data: bytes) -> None:
        try:
            header, body = unframe(data)
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
            remote = self.remote[key] = RemoteClient(self, key[0], key[1])
            self.hub.spawn(self._serve(remote))
        remote.inbox.put_nowait(body)

    async def _serve(self, remote: RemoteClient) -> None:
        """A remote connection's messages, one at a time, as the socket loop does."""
        try:
            while True:
                text = await remote.inbox.get()
                if text is None:
                    break
                await self.hub.handle(remote, text)
        finally:
            self.remote.pop((remote.process, remote.conn), None)
            await self.hub.disconnected(remote)

    # ------------------------------------------------------------------ processes coming and going
    async def check(self) -> None:
        """Take over rooms whose owner died while connections here were forwarded to it,
        and let go of the stand-ins of connections held by processes that died."""
        await self.router.beat()
        owners = {c.proxy.owner for c in self.forwarded.values() if c.proxy is not None}
        processes = owners | {p for p, _ in self.remote}
        if not processes:
            return
        alive = await self.router.alive(processes)
        for client in list(self.forwarded.values()):
            proxy = client.proxy
            if proxy is not None and not alive.get(proxy.owner, False):
                self.move(proxy.key, proxy.owner)
        for (process, _), remote in list(self.remote.items()):
            if not alive.get(process, False):
                remote.inbox.put_nowait(None)

    def move(self, key: str, dead: str) -> None:
        """Take the room ``key`` over from the dead process ``dead`` (once)."""
        if key not in self.moving:
            task = asyncio.ensure_future(self._move(key, dead))
            self.moving[key] = task
            task.add_done_callback(lambda _: self._moved(key, task))

    def _moved(self, key: str, task: asyncio.Task[None]) -> None:
        """A takeover ended: a failure is logged (the connections it did not reach are
        taken over again by the next ``check``)."""
        self.moving.pop(key, None)
        if not task.cancelled() and task.exception() is not None:
            log.error("taking room %s over failed", key, exc_info=task.exception())

    async def _move(self, key: str, dead: str) -> None:
        """Wait for the dead owner's lease to run out, take the room over (or find the
        live process that did), then give each connection here its seat back there."""
        settings = self.hub.settings
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 4 * settings.lease_seconds + 2
        while not await self._settled(key, dead):
            if loop.time() > deadline:
                for client in self._clients_of(key):
                    self.gone(client)
                    client.error(GONE_AWAY)
                return
            await asyncio.sleep(settings.lease_seconds / 10)
        for client in self._clients_of(key):
            await self._rehome(client)

    async def _settled(self, key: str, dead: str) -> bool:
        """Whether the room ``key`` has a live owner again: this process (taken over now
        if its lease has run out) or another live one."""
        if key in self.hub.rooms or key in self.hub.classes:
            return True
        try:
            await self.hub._load(key)
        except StorageError:  # the store is away for a moment: look again
            return False
        except Elsewhere as exc:
            if exc.owner == dead:
                return False
            return (await self.router.alive([exc.owner])).get(exc.owner, False)
        return True

    def _clients_of(self, key: str) -> list[Client]:
        return [c for c in self.forwarded.values() if c.proxy is not None and c.proxy.key == key]

    async def _rehome(self, client: Client) -> None:
        """Give a connection its seat back wherever its room is now, then carry out the
        commands it sent that went unanswered and those it sends meanwhile, in order.

        The connection keeps its proxy (marked ``rehoming``) until they are all carried
        out, so a move it sends while its seat is being given back waits its turn instead
        of finding the connection in no room ("join a room first")."""
        proxy = client.proxy
        if proxy is None or proxy.rehoming:  # it hung up, or is given its room back already
            return
        proxy.rehoming = True
        self.forwarded.pop(client.id, None)
        again = _again(proxy)
        proxy.held[:0] = ([json.dumps(again)] if again else []) + [t for _, t in proxy.unanswered]
        proxy.unanswered = []
        while proxy.held and client.proxy is proxy and not client.gone:
            with contextlib.suppress(Exception):
                await self.hub.handle_here(client, proxy.held.pop(0))
        if client.proxy is proxy:
            client.proxy = None
        elif client.proxy is not None:  # another live process has the room: forward the rest
            for text in proxy.held:
                with contextlib.suppress(Exception):
                    await self.hub.handle(client, text)
        if client.gone and client.proxy is None:  # it hung up while its seat came back
            await self.hub.disconnected(client)


def _again(proxy: Proxy) -> dict[str, Any] | None:
    """The command that gives a forwarded connection its place back (None: it had none).

    >>> _again(Proxy("p1", "room:AB12", code="AB12", seat=1, token="t"))
    {'type': 'resume', 'room': 'AB12', 'token': 't'}
    >>> _again(Proxy("p1", "room:AB12", code="AB12", watching=True))
    {'type': 'watch', 'room': 'AB12'}
    """
    if proxy.watching:
        return {"type": "watch", "room": proxy.code}
    if proxy.teacher:
        return {"type": "resume_class", "class": proxy.code, "token": proxy.teacher}
    if proxy.token:
        return {"type": "resume", "room": proxy.code, "token": proxy.token}
    return None
