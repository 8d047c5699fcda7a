"""A small seeded random generator that gives the same numbers on every platform.

The engine never touches global random state: every random choice goes through a
``SeededRandom`` made from an explicit seed (SplitMix64, integer arithmetic only).

>>> a, b = SeededRandom(7), SeededRandom(7)
>>> [a.below(10) for _ in range(5)] == [b.below(10) for _ in range(5)]
True
>>> SeededRandom(1).next64()
10451216379200822465
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class SeededRandom:
    """SplitMix64: tiny, fast enough, and identical in CPython and Pyodide."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        self._state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit number."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number in [0, n), without modulo bias.

        >>> all(0 <= SeededRandom(s).below(6) < 6 for s in range(50))
        True
        """
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)
