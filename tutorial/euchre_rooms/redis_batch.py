"""One writer for what a process sends Redis on a move's path: the rooms' appends
(``RedisStore``) and the messages to other processes (``RedisRouter``) go out together,
in one pipeline (one round trip, one connection) however many rooms and messages are
waiting, the next pipeline taking whatever came meanwhile.

A move forwarded from another process costs that process's messages one pipeline each way
less: the updates a move sends are published in the pipeline that carries the next
appends (any room's), not in one of their own. Its own append still answers before a
move's messages are made (nothing is sent before it is stored), so the two ride in one
round trip only at a busy server, which is when round trips count.

Each user says what it has waiting by a *filler*: called when a pipeline is built, it
returns the commands to send, each with where its answer goes (the reply, or the error).

>>> import asyncio
>>> class FakePipe:
...     def __init__(self): self.sent = []
...     async def __aenter__(self): return self
...     async def __aexit__(self, *exc): return None
...     def execute_command(self, *args): self.sent.append(args)
...     async def execute(self, raise_on_error=True): return [len(self.sent)] * len(self.sent)
>>> class FakeRedis:
...     def __init__(self): self.pipes = []
...     def pipeline(self, transaction=True):
...         self.pipes.append(FakePipe()); return self.pipes[-1]
>>> async def demo():
...     redis, heard = FakeRedis(), []
...     batch = Batch(redis)
...     fill = lambda: [(("PUBLISH", "a", b"1"), heard.append), (("PUBLISH", "b", b"2"), heard.append)]
...     batch.want(fill); batch.want(fill)  # asked twice before it runs: filled once
...     await batch.idle()
...     return heard, len(redis.pipes)
>>> asyncio.run(demo())
([2, 2], 1)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from redis.exceptions import RedisError

Answer = Callable[[Any], None]
"""Where a command's reply goes (a ``RedisError`` when it, or the pipeline, failed)."""

Command = tuple[tuple[Any, ...], Answer]
"""A command's arguments (``("PUBLISH", channel, data)``) and where its answer goes."""

Filler = Callable[[], list[Command]]
"""What a user has waiting, as commands, taken when a pipeline is built."""


class Batch:
    """The pipelines of one process's hot path (see the module's docstring)."""

    def __init__(self, redis: Any) -> None:
        self.redis = redis
        self.fillers: list[Filler] = []
        """Who has commands waiting for the next pipeline (each once)."""
        self.writer: asyncio.Task[None] | None = None
        """The task sending pipelines, while anything waits."""

    def want(self, filler: Filler) -> None:
        """``filler`` has commands waiting: take them in the next pipeline."""
        if filler not in self.fillers:
            self.fillers.append(filler)
        if self.writer is None:
            self.writer = asyncio.get_running_loop().create_task(self._write_all())

    async def idle(self) -> None:
        """Wait until everything asked for has been sent and answered."""
        while self.writer is not None:
            await asyncio.shield(self.writer)

    async def _write_all(self) -> None:
        try:
            while self.fillers:
                fillers, self.fillers = self.fillers, []
                commands = [command for fill in fillers for command in fill()]
                if commands:
                    await self._write(commands)
        finally:
            self.writer = None

    async def _write(self, commands: list[Command]) -> None:
        answers: list[Any]
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for args, _ in commands:
                    pipe.execute_command(*args)
                answers = await pipe.execute(raise_on_error=False)
        except (RedisError, OSError) as exc:
            answers = [exc if isinstance(exc, RedisError) else RedisError(str(exc))] * len(commands)
        for (_, answer), reply in zip(commands, answers, strict=True):
            answer(reply)
