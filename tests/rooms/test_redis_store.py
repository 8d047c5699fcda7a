"""The rooms' streams in a real redis-server: the appends of many rooms at once go out
together (one pipeline, few connections, no request waiting for the pool), each room's
records stay in order, and a process that lost a room's lease is told so and stores
nothing."""

from __future__ import annotations

import asyncio

import pytest
from euchre_rooms.config import Settings
from euchre_rooms.redis_pool import POOL_SIZE, MeteredPool
from euchre_rooms.redis_store import RedisStore
from euchre_rooms.storage import Lost, StorageError
from redis.asyncio import Redis

from tests.rooms.test_redis_failover import redis_url

__all__ = ["redis_url"]  # the fixture, used by name

ROOMS = 200
RECORDS = 10


async def store_at(url: str) -> tuple[RedisStore, MeteredPool, Redis]:
    pool = MeteredPool.from_url(url, max_connections=POOL_SIZE, timeout=10)
    redis = Redis(connection_pool=pool)
    return RedisStore(redis, Settings()), pool, redis


def test_many_rooms_appending_at_once_keep_their_order_and_never_wait(redis_url: str) -> None:
    async def play() -> None:
        store, pool, redis = await store_at(redis_url)
        keys = [f"room{i}" for i in range(ROOMS)]
        for key in keys:
            await store.create(key, "p1", {"kind": "create", "n": 0})

        async def room(key: str) -> None:  # as an actor does: one record after another
            for n in range(1, RECORDS + 1):
                await store.append(key, "p1", {"kind": "act", "n": n})

        await asyncio.gather(*(room(key) for key in keys))
        for key in keys[:: ROOMS // 10]:
            records = await store.claim(key, "p1")
            assert [r["n"] for r in records or []] == list(range(RECORDS + 1))
        stats = pool.as_dict()
        assert stats["redis_waits"] == 0, stats
        assert stats["redis_connections_peak"] <= 4, stats  # 2,000 appends, a few connections
        await redis.aclose()

    asyncio.run(play())


def test_an_append_to_a_room_whose_lease_another_process_holds_is_lost(redis_url: str) -> None:
    async def play() -> None:
        store, _, redis = await store_at(redis_url)
        await store.create("mine", "p1", {"kind": "create"})
        await store.create("theirs", "p2", {"kind": "create"})
        mine = store.append("mine", "p1", {"kind": "act"})
        theirs = store.append("theirs", "p1", {"kind": "act"})  # in the same pipeline
        answers = await asyncio.gather(mine, theirs, return_exceptions=True)
        assert answers[0] is None and isinstance(answers[1], Lost), answers
        assert len(await store.claim("mine", "p1") or []) == 2
        assert await store.owner("theirs") == "p2"
        await redis.aclose()

    asyncio.run(play())


def test_an_append_when_redis_is_away_is_a_storage_error(redis_url: str) -> None:
    async def play() -> None:
        store, _, redis = await store_at("redis://127.0.0.1:1/0")  # nothing listens there
        with pytest.raises(StorageError):
            await store.append("room", "p1", {"kind": "act"})
        await redis.aclose()

    asyncio.run(play())
