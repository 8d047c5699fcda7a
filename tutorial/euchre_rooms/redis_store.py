"""Rooms' streams in Redis, shared by several processes (``storage.EventStore``).

Each room (or class) has a stream of records (``rooms:<key>:log``) and a lease
(``rooms:<key>:lease``) naming the process that owns it. The owner appends every accepted
record in one Lua call that first checks it still holds the lease, before the record is
applied or acknowledged: nothing accepted is lost. The owner renews its leases (one round
trip for all of them); when a process dies its leases run out, and the next process that
needs one of its rooms takes the lease, rebuilds the room from its stream and carries on.
A room's keys expire on their own when nobody renews them for longer than the idle time
(every process gone).

The appends of every room go out together, with the messages to other processes waiting
then (``redis_batch.Batch``: one pipeline, one round trip, however many rooms append at
once), and each room's ``append`` returns when its own call has answered. A room appends
its next record only after the last one answered, so its records stay in order.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Iterable
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from euchre_rooms.config import Settings
from euchre_rooms.redis_batch import Batch, Command
from euchre_rooms.storage import Elsewhere, Lost, Record, StorageError

log = logging.getLogger("euchre_rooms.redis")

APPEND = """
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('pexpire', KEYS[1], ARGV[3])
redis.call('xadd', KEYS[2], '*', 'r', ARGV[2])
redis.call('pexpire', KEYS[2], ARGV[4])
return 1
"""
RENEW = """
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('pexpire', KEYS[1], ARGV[2])
redis.call('pexpire', KEYS[2], ARGV[3])
return 1
"""


def lease_key(key: str) -> str:
    """The Redis key of a room's lease."""
    return f"rooms:{key}:lease"


def log_key(key: str) -> str:
    """The Redis key of a room's stream."""
    return f"rooms:{key}:log"


def _text(value: Any) -> str | None:
    return value.decode() if isinstance(value, bytes) else value


def _settle(done: asyncio.Future[Any]) -> Callable[[Any], None]:
    """Where an append's answer goes: its future, as a result or (an error) an exception."""

    def answer(reply: Any) -> None:
        if done.done():
            return
        if isinstance(reply, Exception):
            done.set_exception(reply)
        else:
            done.set_result(reply)

    return answer


class RedisStore:
    """An ``EventStore`` in one Redis shared by several processes."""

    def __init__(self, redis: Redis, settings: Settings, batch: Batch | None = None) -> None:
        self.redis = redis
        self.batch = batch or Batch(redis)
        """The pipelines the appends go out in (shared with the router's messages)."""
        self.lease_ms = int(settings.lease_seconds * 1000)
        self.keep_ms = int((settings.idle_room_seconds + 10 * settings.lease_seconds) * 1000)
        """How long a room's records outlive the last renewal."""
        self.waiting: list[tuple[str, str, str, asyncio.Future[Any]]] = []
        """Appends not sent yet: key, process, record's text, and who waits for the answer."""

    async def create(self, key: str, me: str, record: Record) -> None:
        try:
            if not await self.redis.set(lease_key(key), me, nx=True, px=self.lease_ms):
                raise StorageError("that code is taken: try again")
            await self.redis.xadd(log_key(key), {"r": json.dumps(record)})
            await self.redis.pexpire(log_key(key), self.keep_ms)
        except RedisError as exc:
            raise StorageError(str(exc)) from None

    async def append(self, key: str, me: str, record: Record) -> None:
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.waiting.append((key, me, json.dumps(record), done))
        self.batch.want(self._appends)
        try:
            ok = await done
        except RedisError as exc:
            log.warning("appending a record failed: %s", exc)
            raise StorageError(str(exc)) from None
        if not ok:
            raise Lost(key)

    def _appends(self) -> list[Command]:
        """The waiting appends as commands for the next pipeline (``Batch``)."""
        batch, self.waiting = self.waiting, []
        lease, keep = self.lease_ms, self.keep_ms
        return [
            (
                ("EVAL", APPEND, 2, lease_key(key), log_key(key), me, text, lease, keep),
                _settle(done),
            )
            for key, me, text, done in batch
        ]

    async def claim(self, key: str, me: str) -> list[Record] | None:
        try:
            if not await self.redis.exists(log_key(key)):
                return None
            for _ in range(3):  # the lease may run out between the two calls: look again
                taken = await self.redis.set(lease_key(key), me, nx=True, px=self.lease_ms)
                owner = me if taken else _text(await self.redis.get(lease_key(key)))
                if owner == me:
                    entries: Any = await self.redis.xrange(log_key(key))
                    return [json.loads(fields[b"r"]) for _, fields in entries]
                if owner is not None:
                    raise Elsewhere(owner, key)
        except RedisError as exc:
            raise StorageError(str(exc)) from None
        raise StorageError("the room's lease keeps changing hands: try again in a moment")

    async def renew(self, keys: Iterable[str], me: str) -> set[str]:
        keys = list(keys)
        if not keys:
            return set()
        async with self.redis.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.eval(RENEW, 2, lease_key(key), log_key(key), me, self.lease_ms, self.keep_ms)
            kept: list[Any] = await pipe.execute()
        return {key for key, ok in zip(keys, kept, strict=True) if not ok}

    async def drop(self, key: str) -> None:
        try:
            await self.redis.delete(lease_key(key), log_key(key))
        except RedisError as exc:
            log.warning("deleting a room's records failed: %s", exc)

    async def owner(self, key: str) -> str | None:
        try:
            return _text(await self.redis.get(lease_key(key)))
        except RedisError as exc:
            raise StorageError(str(exc)) from None
