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
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_SMALL = 65
# The rejection threshold of ``below(n)`` for small n, computed once: a draw at or above it
# is thrown away, so every remainder mod n is equally likely.
_LIMITS = (0, *((1 << 64) - ((1 << 64) % n) for n in range(1, _SMALL)))


class SeededRandom:
    """SplitMix64: tiny, fast enough, and identical in CPython and Pyodide."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        self._state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit number."""
        self._state = z = (self._state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number in [0, n), without modulo bias.

        >>> all(0 <= SeededRandom(s).below(6) < 6 for s in range(50))
        True
        """
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _LIMITS[n] if n < _SMALL else (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: the same swaps as ``below(i + 1)`` for i from the
        last index down, with the generator's steps written out in one loop (dealing is on
        every deal's path).

        >>> items = list(range(10)); SeededRandom(3).shuffle(items)
        >>> rng, again = SeededRandom(3), list(range(10))
        >>> for i in range(9, 0, -1):
        ...     j = rng.below(i + 1); again[i], again[j] = again[j], again[i]
        >>> items == again
        True
        """
        state = self._state
        mask, limits, gamma, mix1, mix2 = _MASK, _LIMITS, _GAMMA, _MIX1, _MIX2
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < _SMALL else (1 << 64) - ((1 << 64) % n)
            while True:
                state = (state + gamma) & mask
                z = ((state ^ (state >> 30)) * mix1) & mask
                z = ((z ^ (z >> 27)) * mix2) & mask
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self._state = state

    def choice(self, items: list[T]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)
