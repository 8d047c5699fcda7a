"""A process's Redis traffic on a move's path, in a real redis-server: the messages sent to
another process arrive in the order they were sent, every one of them, however they were
bundled; a message to a process that is gone is reported unheard; and the appends of
many rooms and the messages sent meanwhile share the pipelines (fewer round trips than
commands)."""

from __future__ import annotations

import asyncio

from euchre_rooms.config import Settings
from euchre_rooms.redis_batch import Batch, Command
from euchre_rooms.redis_pool import POOL_SIZE, MeteredPool
from euchre_rooms.redis_router import RedisRouter, bundle, channel
from euchre_rooms.redis_store import RedisStore
from redis.asyncio import Redis

from tests.rooms.test_redis_failover import redis_url

__all__ = ["redis_url"]  # the fixture, used by name

MESSAGES = 1000


class CountingBatch(Batch):
    """A ``Batch`` that counts its pipelines and the commands they carried."""

    def __init__(self, redis: Redis) -> None:
        super().__init__(redis)
        self.pipelines = 0
        self.commands = 0

    async def _write(self, commands: list[Command]) -> None:
        self.pipelines += 1
        self.commands += len(commands)
        await super()._write(commands)


def connect(url: str) -> Redis:
    return Redis(connection_pool=MeteredPool.from_url(url, max_connections=POOL_SIZE))


def test_messages_to_another_process_arrive_all_and_in_order(redis_url: str) -> None:
    async def play() -> None:
        heard: list[bytes] = []
        a, b = RedisRouter(connect(redis_url), "a", 5.0), RedisRouter(connect(redis_url), "b", 5.0)
        await a.start(lambda data: None)
        await b.start(heard.append)
        sent = [f"message {n}".encode() * (n % 7) for n in range(MESSAGES)]
        for n, data in enumerate(sent):
            a.post("b", data)
            if n % 97 == 0:
                await asyncio.sleep(0)  # some go out alone, most in bundles
        assert await a.send("b", b"last")
        for _ in range(200):
            if len(heard) == MESSAGES + 1:
                break
            await asyncio.sleep(0.01)
        assert heard == [*sent, b"last"]
        assert not await a.send("nobody", b"hello?")  # no such process: unheard
        await a.stop()
        await b.stop()

    asyncio.run(play())


def test_a_damaged_bundle_is_dropped_and_the_process_listens_on(redis_url: str) -> None:
    async def play() -> None:
        heard: list[bytes] = []
        b = RedisRouter(connect(redis_url), "b", 5.0)
        await b.start(heard.append)
        other = connect(redis_url)
        await other.publish(channel("b"), bundle([b"play Jh", b"ok"])[:-1])  # cut short
        await other.publish(channel("b"), bundle([b"after"]))
        for _ in range(200):
            if heard:
                break
            await asyncio.sleep(0.01)
        assert heard == [b"after"]
        await other.aclose()
        await b.stop()

    asyncio.run(play())


def test_appends_and_messages_share_the_pipelines(redis_url: str) -> None:
    async def play() -> None:
        redis = connect(redis_url)
        batch = CountingBatch(redis)
        store = RedisStore(redis, Settings(), batch)
        router = RedisRouter(redis, "a", 5.0, batch)
        keys = [f"shared{i}" for i in range(50)]
        for key in keys:
            await store.create(key, "a", {"kind": "create"})

        async def room(key: str) -> None:  # a move stored, then its messages sent
            for n in range(5):
                await store.append(key, "a", {"kind": "act", "n": n})
                router.post("b", f"{key} {n}".encode())

        await asyncio.gather(*(room(key) for key in keys))
        await batch.idle()
        records = await store.claim(keys[0], "a")
        assert [r.get("n") for r in records or []] == [None, 0, 1, 2, 3, 4]
        # 250 appends and 250 messages: the messages ride with the appends, bundled
        assert batch.commands < 250 + 250 // 2, batch.commands
        assert batch.pipelines <= 7, batch.pipelines
        await redis.aclose()

    asyncio.run(play())
