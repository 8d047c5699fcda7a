"""Where a room's records are kept: its event stream, and the claim (a lease) of the process
that owns it. The same small interface over memory (``MemoryStore``) and Redis
(``redis_store.RedisStore``).

A room (or a class) is a stream of records: ``create`` first, then one record for each
accepted command or timer, appended before anyone hears of it. Exactly one process owns a
stream at a time: ``create`` and ``claim`` take it, ``append`` fails with ``Lost`` once
another process has it, and ``renew`` keeps it. Another process that needs a stream whose
owner is alive is told who owns it (``Elsewhere``) and forwards its connections there.

In one process nothing else can take a room over, so ``MemoryStore`` keeps no records by
default (``keep=True`` keeps them, to share rooms between several hubs in one process, as
the tests of routing and takeover do).

>>> import asyncio
>>> store = MemoryStore(keep=True)
>>> async def demo():
...     await store.create("k", "me", {"k": "create"})
...     await store.append("k", "me", {"k": "join"})
...     try:
...         await store.claim("k", "you")
...     except Elsewhere as exc:
...         owner = exc.owner
...     store.release("me")
...     return owner, [r["k"] for r in await store.claim("k", "you") or []]
>>> asyncio.run(demo())
('me', ['create', 'join'])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

Record = dict[str, Any]


class Elsewhere(Exception):
    """The stream is owned by another live process: forward the connection there."""

    def __init__(self, owner: str, key: str) -> None:
        super().__init__(owner)
        self.owner, self.key = owner, key


class Lost(Exception):
    """This process no longer owns the stream (its lease ran out and another took it)."""


class StorageError(Exception):
    """The store could not be reached: nothing was stored; the command may be sent again."""


class EventStore(Protocol):
    """A room's stream of records and its owner's lease."""

    async def create(self, key: str, me: str, record: Record) -> None:
        """Own a new stream and store its first record; ``StorageError`` if the key is
        taken."""

    async def append(self, key: str, me: str, record: Record) -> None:
        """Store one record durably; ``Lost`` when ``me`` no longer owns the stream."""

    async def claim(self, key: str, me: str) -> list[Record] | None:
        """Own the stream of ``key`` and return its records (None: no such stream);
        ``Elsewhere`` while another live process owns it."""

    async def renew(self, keys: Iterable[str], me: str) -> set[str]:
        """Keep ``me``'s leases on ``keys``; returns the keys it no longer owns."""

    async def drop(self, key: str) -> None:
        """Forget a stream (a closed room, an ended class)."""

    async def owner(self, key: str) -> str | None:
        """The process that owns ``key`` now, or None."""


class MemoryStore:
    """Streams in this process's memory: records kept only with ``keep`` (several hubs in
    one process), leases never running out unless ``release`` says a process is gone."""

    def __init__(self, keep: bool = False) -> None:
        self.keep = keep
        self.streams: dict[str, list[Record]] = {}
        self.owners: dict[str, str] = {}

    async def create(self, key: str, me: str, record: Record) -> None:
        if key in self.owners:
            raise StorageError("that code is taken: try again")
        self.owners[key] = me
        if self.keep:
            self.streams[key] = [record]

    async def append(self, key: str, me: str, record: Record) -> None:
        if self.owners.get(key, me) != me:
            raise Lost(key)
        if self.keep:
            self.streams.setdefault(key, []).append(record)

    async def claim(self, key: str, me: str) -> list[Record] | None:
        owner = self.owners.get(key)
        if owner is not None and owner != me:
            raise Elsewhere(owner, key)
        records = self.streams.get(key)
        if records is None:
            return None
        self.owners[key] = me
        return list(records)

    async def renew(self, keys: Iterable[str], me: str) -> set[str]:
        return {key for key in keys if self.owners.get(key, me) != me}

    async def drop(self, key: str) -> None:
        self.owners.pop(key, None)
        self.streams.pop(key, None)

    async def owner(self, key: str) -> str | None:
        return self.owners.get(key)

    def release(self, me: str) -> None:
        """A process died: its leases are free (Redis lets them run out)."""
        for key in [k for k, owner in self.owners.items() if owner == me]:
            del self.owners[key]
