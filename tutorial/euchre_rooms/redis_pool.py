"""The Redis connection pool of a room server, and how long its requests waited for it.

One process uses few connections at once: the router's subscription holds one, its
publisher one, and the store's appends go out in pipelines from one writer
(``RedisStore``), so a connection is checked out only by that writer, the leases' renewal,
rooms being loaded and the process checks. ``POOL_SIZE`` leaves room for bursts of loads
(every room of a dead process taken over at once) without a request waiting, and
``MeteredPool`` counts the waits (``GET /rooms/stats``: ``redis_waits``,
``redis_wait_seconds``, ``redis_connections_peak``) so a bench shows whether any happen.

>>> pool = MeteredPool.from_url("redis://127.0.0.1:1/0", max_connections=POOL_SIZE)
>>> pool.as_dict()
{'redis_waits': 0, 'redis_wait_seconds': 0.0, 'redis_connections_peak': 0}
"""

from __future__ import annotations

import time
from typing import Any

from redis.asyncio import BlockingConnectionPool
from redis.asyncio.connection import AbstractConnection

POOL_SIZE = 32
"""Connections one process may open to Redis."""

POOL_TIMEOUT = 10.0
"""Seconds a request waits for a free connection before it fails (a store error, answered
in words)."""


class MeteredPool(BlockingConnectionPool):
    """A blocking pool that counts the requests that found no free connection and how
    long they waited, and the most connections in use at once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.waits = 0
        self.waited = 0.0
        self.peak = 0

    async def get_connection(self, *args: Any, **options: Any) -> AbstractConnection:
        busy = not self.can_get_connection()
        start = time.perf_counter()
        connection: AbstractConnection = await super().get_connection(*args, **options)  # type: ignore[no-untyped-call]
        if busy:
            self.waits += 1
            self.waited += time.perf_counter() - start
        self.peak = max(self.peak, len(self._in_use_connections))
        return connection

    def as_dict(self) -> dict[str, Any]:
        """The waits as ``/rooms/stats`` gives them."""
        return {
            "redis_waits": self.waits,
            "redis_wait_seconds": round(self.waited, 6),
            "redis_connections_peak": self.peak,
        }
