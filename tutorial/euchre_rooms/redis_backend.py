"""Rooms shared by several processes through Redis.

Each room has a stream of records (``rooms:<key>:log``) and a lease (``rooms:<key>:lease``)
naming the process that owns it. The owner appends every accepted record to the stream,
in one Lua call that first checks it still holds the lease, before the record is applied
or acknowledged: nothing accepted is lost. The owner renews its leases; when a process
dies its leases run out, and the next process that needs one of its rooms (a ``resume`` or
``join`` there, or a connection there forwarded to the dead owner) takes the lease, rebuilds
the room from its stream and carries on.

A connection to a process that does not own its room is forwarded to the owner through
``relay.Relay``. A room's keys expire on their own when nobody renews them for longer than
the idle time (every process gone).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Any

from redis.asyncio import BlockingConnectionPool, Redis
from redis.exceptions import RedisError

from euchre_rooms.config import Settings
from euchre_rooms.hub import Client, Elsewhere, Hub, LiveRoom
from euchre_rooms.relay import Relay, alive_key
from euchre_rooms.room import Record, Refused

log = logging.getLogger("euchre_rooms.redis")

UNSTORED = "the server could not store that just now: try again"
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


def _lease(key: str) -> str:
    return f"rooms:{key}:lease"


def _log(key: str) -> str:
    return f"rooms:{key}:log"


class RedisBackend:
    """The ``Backend`` for several processes sharing one Redis."""

    def __init__(self, settings: Settings, client: Redis | None = None) -> None:
        assert settings.redis_url or client is not None
        self.redis: Redis = client or Redis(
            connection_pool=BlockingConnectionPool.from_url(
                settings.redis_url or "", max_connections=64, timeout=10
            )
        )
        self.me = secrets.token_hex(8)
        self.lease_ms = int(settings.lease_seconds * 1000)
        self.keep_ms = int((settings.idle_room_seconds + 10 * settings.lease_seconds) * 1000)
        """How long a room's records outlive the last renewal."""
        self.hub: Hub | None = None
        self.renewer: asyncio.Task[None] | None = None
        self.relay = Relay(self.redis, self.me, settings)

    async def start(self, hub: Hub) -> None:
        """Begin renewing this process's leases and listening to the other processes."""
        self.hub = hub
        await self.redis.set(alive_key(self.me), 1, px=self.lease_ms)
        await self.relay.start(hub)
        self.renewer = asyncio.create_task(self._renew_forever())

    async def stop(self) -> None:
        if self.renewer is not None:
            self.renewer.cancel()
        await self.relay.stop()
        await self.redis.aclose()

    async def create(self, key: str, record: Record) -> None:
        if not await self.redis.set(_lease(key), self.me, nx=True, px=self.lease_ms):
            raise Refused("that room code is taken: try again")
        await self.redis.xadd(_log(key), {"r": json.dumps(record)})
        await self.redis.pexpire(_log(key), self.keep_ms)

    async def append(self, live: LiveRoom, record: Record) -> None:
        try:
            done = await self.redis.eval(
                APPEND,
                2,
                _lease(live.key),
                _log(live.key),
                self.me,
                json.dumps(record),
                self.lease_ms,
                self.keep_ms,
            )
        except RedisError as exc:
            log.warning("appending a record failed: %s", exc)
            raise Refused(UNSTORED) from None
        if not done:
            self._lost(live)
            raise Refused("this room has moved to another server process: reconnect and resume")

    async def load(self, key: str) -> list[Record] | None:
        """The room's records, after taking its lease; ``Elsewhere`` when a live process
        holds it."""
        if not await self.redis.exists(_log(key)):
            return None
        for _ in range(3):  # the lease may run out between the two calls: look again
            if await self.redis.set(_lease(key), self.me, nx=True, px=self.lease_ms):
                entries: Any = await self.redis.xrange(_log(key))
                return [json.loads(fields[b"r"]) for _, fields in entries]
            owner = await self.redis.get(_lease(key))
            if owner is not None:
                raise Elsewhere(owner.decode() if isinstance(owner, bytes) else str(owner), key)
        raise Refused("this room is being played on another server process: try again in a moment")

    async def drop(self, key: str) -> None:
        await self.redis.delete(_lease(key), _log(key))

    def _lost(self, live: LiveRoom) -> None:
        live.owned = False
        if self.hub is not None and self.hub.rooms.get(live.key) is live:
            self.hub.rooms.pop(live.key, None)
            for group in [*live.clients.values(), live.watchers]:
                for client in list(group):
                    client.close("this room has moved to another server process: resume there")

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.lease_ms / 3000)
            try:
                await self.renew()
            except Exception:  # Redis away for a moment: the next round tries again
                log.exception("renewing leases failed")

    async def renew(self) -> None:
        """Renew this process's leases (one round trip for all), say it is alive, and
        move connections whose rooms changed hands."""
        hub = self.hub
        if hub is None:
            return
        rooms = list(hub.rooms.values())
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(alive_key(self.me), 1, px=self.lease_ms)
            for live in rooms:
                pipe.eval(
                    RENEW, 2, _lease(live.key), _log(live.key), self.me, self.lease_ms, self.keep_ms
                )
            results: list[Any] = await pipe.execute()
        for live, kept in zip(rooms, results[1:], strict=True):
            if not kept:
                self._lost(live)
        await self.relay.check(_lease)

    async def forward(self, client: Client, text: str | None) -> None:
        await self.relay.forward(client, text)

    def describe(self) -> dict[str, Any]:
        return {"process": self.me}
