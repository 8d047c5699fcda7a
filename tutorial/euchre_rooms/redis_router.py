"""Messages between processes through Redis pub/sub (``routing.Router``).

Each process listens on its own channel, ``rooms:to:<process>``, and keeps a key saying it
is alive (``rooms:proc:<process>``, renewed every third of a lease, gone a lease after it
dies). Everything this process sends is published in order, in the pipelines that carry
the rooms' appends too (``redis_batch.Batch``): the
messages waiting for one process (up to 256) go out as one bundle in one ``PUBLISH`` (a
move's ack and the updates of the seats held there: one command for redis-py to pack and
one reply to read, not one each); a publish says how many processes heard it (0: the
process is gone). The listener hands each message of a bundle to the relay in order.

>>> unbundle(bundle([b'{"c":"a"}', b"", b"x" * 70000])) == [b'{"c":"a"}', b"", b"x" * 70000]
True
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from euchre_rooms.redis_batch import Batch, Command
from euchre_rooms.routing import Receiver

log = logging.getLogger("euchre_rooms.redis")


def channel(process: str) -> str:
    """The channel a process listens on."""
    return f"rooms:to:{process}"


def alive_key(process: str) -> str:
    """The key a live process keeps renewing."""
    return f"rooms:proc:{process}"


BUNDLE_MOST = 256
"""The most messages in one bundle."""

_LENGTH = 4
"""Bytes of a bundled message's length (big-endian)."""


def bundle(messages: list[bytes]) -> bytes:
    """Messages for one process as one payload: each after its length."""
    return b"".join(len(m).to_bytes(_LENGTH, "big") + m for m in messages)


def unbundle(data: bytes) -> list[bytes]:
    """The messages of a bundle, in order; a bundle cut short (or not one) raises
    ``ValueError`` rather than giving a short last message.

    >>> unbundle(bundle([b"play Jh", b"", b"ok"]))
    [b'play Jh', b'', b'ok']
    >>> unbundle(bundle([b"play Jh"])[:-1])
    Traceback (most recent call last):
    ...
    ValueError: a damaged bundle: the message at byte 0 says 7 bytes, 6 follow
    """
    messages, at = [], 0
    while at < len(data):
        if at + _LENGTH > len(data):
            raise ValueError(f"a damaged bundle: {len(data) - at} stray bytes at its end")
        size = int.from_bytes(data[at : at + _LENGTH], "big")
        body = data[at + _LENGTH : at + _LENGTH + size]
        if len(body) != size:
            raise ValueError(
                f"a damaged bundle: the message at byte {at} says {size} bytes, {len(body)} follow"
            )
        messages.append(body)
        at += _LENGTH + size
    return messages


Outgoing = tuple[str, bytes, asyncio.Future[int] | None]
"""A message waiting to be published: its channel, its bytes, who waits for its count."""


def by_channel(batch: list[Outgoing]) -> dict[str, list[Outgoing]]:
    """A batch's messages grouped by channel, each group in the order they were sent.

    >>> sorted((c, len(m)) for c, m in by_channel([("a", b"1", None), ("b", b"2", None),
    ...     ("a", b"3", None)]).items())
    [('a', 2), ('b', 1)]
    """
    groups: dict[str, list[Outgoing]] = {}
    for item in batch:
        groups.setdefault(item[0], []).append(item)
    return groups


def _heard(waiting: list[asyncio.Future[int] | None]) -> Callable[[Any], None]:
    """Where a bundle's publish answer goes: how many processes heard it, to each of its
    messages' senders that waits (a ``ConnectionError`` when it failed)."""

    def answer(reply: Any) -> None:
        if isinstance(reply, Exception):
            log.warning("publishing %d message(s) failed: %s", len(waiting), reply)
        for done in waiting:
            if done is None or done.done():
                continue
            if isinstance(reply, Exception):
                done.set_exception(ConnectionError(str(reply)))
            else:
                done.set_result(int(reply))

    return answer


class RedisRouter:
    """A ``Router`` over Redis pub/sub."""

    def __init__(
        self, redis: Redis, me: str, lease_seconds: float, batch: Batch | None = None
    ) -> None:
        self.redis, self.me = redis, me
        self.lease_ms = int(lease_seconds * 1000)
        self.batch = batch or Batch(redis)
        """The pipelines the messages go out in (shared with the store's appends)."""
        self.outgoing: list[Outgoing] = []
        """Messages not published yet, in the order they were sent."""
        self.tasks: list[asyncio.Task[None]] = []

    async def start(self, receive: Receiver) -> None:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(channel(self.me))
        self.tasks = [asyncio.create_task(self._listen(pubsub, receive))]

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        try:
            await self.redis.delete(alive_key(self.me))
            await self.redis.aclose()
        except RedisError:
            pass

    async def beat(self) -> None:
        await self.redis.set(alive_key(self.me), 1, px=self.lease_ms)

    async def alive(self, processes: Iterable[str]) -> dict[str, bool]:
        names = sorted(set(processes))
        if not names:
            return {}
        marks = await self.redis.mget([alive_key(p) for p in names])
        return {p: mark is not None for p, mark in zip(names, marks, strict=True)}

    def post(self, to: str, data: bytes) -> None:
        self.outgoing.append((channel(to), data, None))
        self.batch.want(self._publishes)

    async def send(self, to: str, data: bytes) -> bool:
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.outgoing.append((channel(to), data, done))
        self.batch.want(self._publishes)
        try:
            return await done > 0
        except ConnectionError:
            return False

    def _publishes(self) -> list[Command]:
        """The waiting messages as commands for the next pipeline: one ``PUBLISH`` of a
        bundle per process (per ``BUNDLE_MOST`` messages)."""
        waiting, self.outgoing = self.outgoing, []
        commands: list[Command] = []
        for to, items in by_channel(waiting).items():
            for first in range(0, len(items), BUNDLE_MOST):
                part = items[first : first + BUNDLE_MOST]
                data = bundle([data for _, data, _ in part])
                commands.append((("PUBLISH", to, data), _heard([d for *_, d in part])))
        return commands

    async def _listen(self, pubsub: Any, receive: Receiver) -> None:
        while True:
            try:
                message = await pubsub.get_message(timeout=1.0)
            except (RedisError, OSError) as exc:
                log.warning("listening for other processes failed: %s", exc)
                await asyncio.sleep(0.5)
                continue
            if message is not None and message.get("type") == "message":
                try:
                    messages = unbundle(message["data"])
                except ValueError as exc:  # dropped, and the process listens on
                    log.warning("a message from another process was dropped: %s", exc)
                    continue
                for data in messages:
                    receive(data)
