"""Messages between processes through Redis pub/sub (``routing.Router``).

Each process listens on its own channel, ``rooms:to:<process>``, and keeps a key saying it
is alive (``rooms:proc:<process>``, renewed every third of a lease, gone a lease after it
dies). One task publishes everything this process sends, in order, in pipelines of up to
256 messages; a publish says how many processes heard it (0: the process is gone).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from euchre_rooms.routing import Receiver

log = logging.getLogger("euchre_rooms.redis")


def channel(process: str) -> str:
    """The channel a process listens on."""
    return f"rooms:to:{process}"


def alive_key(process: str) -> str:
    """The key a live process keeps renewing."""
    return f"rooms:proc:{process}"


class RedisRouter:
    """A ``Router`` over Redis pub/sub."""

    def __init__(self, redis: Redis, me: str, lease_seconds: float) -> None:
        self.redis, self.me = redis, me
        self.lease_ms = int(lease_seconds * 1000)
        self.outgoing: asyncio.Queue[tuple[str, bytes, asyncio.Future[int] | None]] = (
            asyncio.Queue()
        )
        self.tasks: list[asyncio.Task[None]] = []

    async def start(self, receive: Receiver) -> None:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(channel(self.me))
        self.tasks = [
            asyncio.create_task(self._listen(pubsub, receive)),
            asyncio.create_task(self._publish_forever()),
        ]

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
        self.outgoing.put_nowait((channel(to), data, None))

    async def send(self, to: str, data: bytes) -> bool:
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.outgoing.put_nowait((channel(to), data, done))
        try:
            return await done > 0
        except ConnectionError:
            return False

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

    async def _listen(self, pubsub: Any, receive: Receiver) -> None:
        while True:
            try:
                message = await pubsub.get_message(timeout=1.0)
            except (RedisError, OSError) as exc:
                log.warning("listening for other processes failed: %s", exc)
                await asyncio.sleep(0.5)
                continue
            if message is not None and message.get("type") == "message":
                receive(message["data"])
