"""Messages between server processes: the small interface the relay speaks through, with
its memory implementation (several hubs in one process: the tests of forwarding and
takeover) and its Redis one (``redis_router.RedisRouter``: several processes).

Every process has a name (``me``). ``post`` sends bytes to another process in order and
forgets them; ``send`` does the same and says whether that process heard them (a dead one
does not); ``alive`` says which processes still say they are alive.

>>> import asyncio
>>> async def demo():
...     net = MemoryNetwork()
...     heard: list[bytes] = []
...     a, b = MemoryRouter(net, "a"), MemoryRouter(net, "b")
...     await a.start(lambda data: None)
...     await b.start(heard.append)
...     sent = await a.send("b", b"hello")
...     await b.stop()
...     lost = await a.send("b", b"again")
...     await asyncio.sleep(0)
...     return sent, lost, heard, await a.alive(["a", "b"])
>>> asyncio.run(demo())
(True, False, [b'hello'], {'a': True, 'b': False})
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Protocol

Receiver = Callable[[bytes], None]


class Router(Protocol):
    """This process's end of the messages between processes."""

    me: str

    async def start(self, receive: Receiver) -> None:
        """Begin hearing the messages sent to this process (each given to ``receive``)."""

    def post(self, to: str, data: bytes) -> None:
        """Send ``data`` to process ``to``, after everything posted before it."""

    async def send(self, to: str, data: bytes) -> bool:
        """Send ``data`` in order with the rest; whether process ``to`` heard it."""

    async def alive(self, processes: Iterable[str]) -> dict[str, bool]:
        """Which of ``processes`` are alive."""

    async def beat(self) -> None:
        """Say this process is alive (called every third of a lease)."""

    async def stop(self) -> None:
        """Stop hearing and sending (the process is going away)."""


class MemoryNetwork:
    """The processes of one test: hubs in one event loop, each with a ``MemoryRouter``."""

    def __init__(self) -> None:
        self.receivers: dict[str, Receiver] = {}


class MemoryRouter:
    """A ``Router`` to other hubs in this process: each message is handed over on the next
    turn of the event loop, in order, as a network would."""

    def __init__(self, network: MemoryNetwork, me: str) -> None:
        self.network, self.me = network, me

    async def start(self, receive: Receiver) -> None:
        self.network.receivers[self.me] = receive

    def post(self, to: str, data: bytes) -> None:
        receive = self.network.receivers.get(to)
        if receive is not None and self.me in self.network.receivers:
            asyncio.get_running_loop().call_soon(receive, data)

    async def send(self, to: str, data: bytes) -> bool:
        heard = to in self.network.receivers and self.me in self.network.receivers
        self.post(to, data)
        return heard

    async def alive(self, processes: Iterable[str]) -> dict[str, bool]:
        return {p: p in self.network.receivers for p in processes}

    async def beat(self) -> None:
        return None

    async def stop(self) -> None:
        self.network.receivers.pop(self.me, None)
