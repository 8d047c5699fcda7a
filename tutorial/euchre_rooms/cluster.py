"""A hub whose rooms several processes share through one Redis (``--redis URL``): its
streams in ``RedisStore``, its messages to the other processes through ``RedisRouter``,
both sent in the same pipelines (``Batch``)."""

from __future__ import annotations

import secrets

from redis.asyncio import Redis

from euchre_rooms.config import Settings
from euchre_rooms.hub import Hub
from euchre_rooms.redis_batch import Batch
from euchre_rooms.redis_pool import POOL_SIZE, POOL_TIMEOUT, MeteredPool
from euchre_rooms.redis_router import RedisRouter
from euchre_rooms.redis_store import RedisStore


def redis_hub(settings: Settings) -> Hub:
    """A hub for this process, sharing rooms through ``settings.redis_url``."""
    assert settings.redis_url
    pool = MeteredPool.from_url(settings.redis_url, max_connections=POOL_SIZE, timeout=POOL_TIMEOUT)
    redis: Redis = Redis(connection_pool=pool)
    me = secrets.token_hex(8)
    batch = Batch(redis)  # the appends and the messages to other processes: one pipeline
    store = RedisStore(redis, settings, batch)
    router = RedisRouter(redis, me, settings.lease_seconds, batch)
    return Hub(settings, store, router, me=me, stats=pool.as_dict)
