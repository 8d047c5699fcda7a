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

import struct
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from functools import cache
from operator import mod as _mod
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
# For a shuffle of count + 1 items: the lowest threshold of its bounds (2 to count + 1).
_SAFE = (0, *(min(_LIMITS[2 : count + 2]) for count in range(1, _SMALL - 1)))


def shuffle_from(state: int, items: MutableSequence[T], limits: Sequence[int]) -> int:
    """Shuffle ``items`` in place from the generator's ``state`` and return the state after,
    drawing for the bound n below ``limits[n]`` (the rejection thresholds: a draw at or above
    is thrown away and the next one taken, as ``below`` does).

    All the draws a shuffle normally needs are made at once (``_draws``); a thrown-away one
    (about one shuffle in 10^17) makes the rest sequential from there, so the swaps are
    always those of ``below``.
    """
    count = len(items) - 1
    if count < 1:
        return state
    if count >= _SMALL - 1:
        return _sequential(state, items, count, limits)
    draws = _draws(state, count)
    if limits is _LIMITS and max(draws) < _SAFE[count]:
        # Below every bound's threshold, no draw is thrown away: the swaps straight on.
        swaps = map(_mod, draws, range(count + 1, 1, -1))
        for i, j in zip(range(count, 0, -1), swaps, strict=True):
            items[i], items[j] = items[j], items[i]
        return (state + count * _GAMMA) & _MASK
    i = count
    for z in draws:
        n = i + 1
        if z >= limits[n]:  # thrown away: this draw and those before it are used up
            used = count - i + 1
            return _sequential((state + used * _GAMMA) & _MASK, items, i, limits)
        j = z % n
        items[i], items[j] = items[j], items[i]
        i -= 1
    return (state + count * _GAMMA) & _MASK


def shuffled(seed: int, items: Iterable[T]) -> list[T]:
    """A shuffled copy of ``items``: the same list as ``SeededRandom(seed).shuffle`` makes of
    it. Dealing calls this once per deal, so the common case is one straight run: the draws
    side by side (see ``_draws``), each reduced to its swap.

    >>> cards = list(range(24)); SeededRandom(5).shuffle(cards)
    >>> shuffled(5, range(24)) == cards
    True
    """
    if type(seed) is not int and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"a seed is a whole number, not {seed!r}")
    out = list(items)
    count = len(out) - 1
    plan = _STRAIGHT.get(count) or _straight_plan(count)
    if plan is None:  # too few or too many items to draw side by side
        shuffle_from(seed & _MASK, out, _LIMITS)
        return out
    ones, steps, masks, lifts, carries, read, size, bounds, places = plan
    # SplitMix64 on every lane at once, as ``_mixed`` (the last mask left out: what the
    # lane above shifts in lands above bit 64, which neither the test nor ``read`` sees).
    z = ((seed & _MASK) * ones + steps) & masks
    z = (((z ^ (z >> 30)) & masks) * _MIX1) & masks
    z = (((z ^ (z >> 27)) & masks) * _MIX2) & masks
    z ^= z >> 31
    if (z + lifts) & carries:  # a draw to throw away (one shuffle in 10^17): the careful way
        shuffle_from(seed & _MASK, out, _LIMITS)
        return out
    swaps = map(_mod, read(z.to_bytes(size, "little")), bounds)  # where each place swaps
    if count == 23:  # the 24-card deck: every deal's
        _swap_24(out, swaps)
        return out
    for i, j in zip(places, swaps, strict=True):
        out[i], out[j] = out[j], out[i]
    return out


def _swap_24(o: list[T], swaps: Iterable[int]) -> None:
    """The swaps of a shuffle of 24 items, places 23 down to 1 with where each swaps,
    written out: every deal of the usual deck makes them, and a loop would cost more than
    the swaps themselves."""
    (j23, j22, j21, j20, j19, j18, j17, j16, j15, j14, j13, j12,
     j11, j10, j9, j8, j7, j6, j5, j4, j3, j2, j1) = swaps  # fmt: skip
    o[23], o[j23] = o[j23], o[23]
    o[22], o[j22] = o[j22], o[22]
    o[21], o[j21] = o[j21], o[21]
    o[20], o[j20] = o[j20], o[20]
    o[19], o[j19] = o[j19], o[19]
    o[18], o[j18] = o[j18], o[18]
    o[17], o[j17] = o[j17], o[17]
    o[16], o[j16] = o[j16], o[16]
    o[15], o[j15] = o[j15], o[15]
    o[14], o[j14] = o[j14], o[14]
    o[13], o[j13] = o[j13], o[13]
    o[12], o[j12] = o[j12], o[12]
    o[11], o[j11] = o[j11], o[11]
    o[10], o[j10] = o[j10], o[10]
    o[9], o[j9] = o[j9], o[9]
    o[8], o[j8] = o[j8], o[8]
    o[7], o[j7] = o[j7], o[7]
    o[6], o[j6] = o[j6], o[6]
    o[5], o[j5] = o[j5], o[5]
    o[4], o[j4] = o[j4], o[4]
    o[3], o[j3] = o[j3], o[3]
    o[2], o[j2] = o[j2], o[2]
    o[1], o[j1] = o[j1], o[1]


_Straight = tuple[int, int, int, int, int, Callable[[bytes], tuple[int, ...]], int, range, range]
_STRAIGHT: dict[int, _Straight] = {}


def _straight_plan(count: int) -> _Straight | None:
    """What ``shuffled`` needs for ``count + 1`` items (made once per count): the lanes'
    constants and reader (``_lanes``), their size in bytes, the bounds of the draws (count + 1
    down to 2) and the places swapped (count down to 1); None past the lanes' range."""
    if not 1 <= count < _SMALL - 1:
        return None
    ones, steps, masks, lanes, lifts, carries = _lanes(count)
    plan = (ones, steps, masks, lifts, carries, lanes.unpack, count * _LANE_BYTES,
            range(count + 1, 1, -1), range(count, 0, -1))  # fmt: skip
    _STRAIGHT[count] = plan
    return plan


def _sequential(state: int, items: MutableSequence[T], top: int, limits: Sequence[int]) -> int:
    """The shuffle's swaps for i from ``top`` down to 1, one draw at a time."""
    mask, gamma, mix1, mix2 = _MASK, _GAMMA, _MIX1, _MIX2
    for i in range(top, 0, -1):
        n = i + 1
        limit = limits[n] if n < len(limits) else (1 << 64) - ((1 << 64) % n)
        while True:
            state = (state + gamma) & mask
            z = ((state ^ (state >> 30)) * mix1) & mask
            z = ((z ^ (z >> 27)) * mix2) & mask
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        items[i], items[j] = items[j], items[i]
    return state


# ``_draws`` keeps one 64-bit number per lane of LANE bits in one big integer: a lane's value
# times a 64-bit constant (under 2**128) never reaches the next lane.
_LANE_BYTES = 16
_LANE = 8 * _LANE_BYTES


@cache
def _lanes(count: int) -> tuple[int, int, int, struct.Struct, int, int]:
    """For ``count`` draws side by side: 1 in every lane, each lane's step ((k + 1) times
    the generator's increment), 64 one-bits in every lane, the reader of the lanes; and for
    ``_safe_draws``, what lifts a draw at ``_SAFE[count]`` to 2**64 in every lane, and the
    bit 64 of every lane."""
    ones = sum(1 << (k * _LANE) for k in range(count))
    steps = sum((((k + 1) * _GAMMA) & _MASK) << (k * _LANE) for k in range(count))
    lift = (1 << 64) - _SAFE[count] if count < len(_SAFE) else 0
    return (ones, steps, ones * _MASK, struct.Struct("<" + f"Q{_LANE_BYTES - 8}x" * count),
            ones * lift, ones << 64)  # fmt: skip


def _draws(state: int, count: int) -> tuple[int, ...]:
    """The next ``count`` outputs of SplitMix64 after ``state``, computed side by side: the
    generator's k-th state is ``state + k * increment``, and its mixing (shifts, xors,
    products modulo 2**64) is done on every lane at once.

    >>> rng = SeededRandom(99)
    >>> _draws(99, 5) == tuple(rng.next64() for _ in range(5))
    True
    """
    ones, steps, masks, lanes, _, _ = _lanes(count)
    return lanes.unpack(_mixed(state, ones, steps, masks).to_bytes(count * _LANE_BYTES, "little"))


def _safe_draws(state: int, count: int) -> tuple[int, ...] | None:
    """``_draws(state, count)`` when every draw is below ``_SAFE[count]`` (so a shuffle of
    ``count + 1`` items throws none away), else None. The test is one addition on all the
    lanes: a draw at or above the threshold carries into the bit above its 64.

    >>> _safe_draws(99, 5) == _draws(99, 5)
    True
    """
    ones, steps, masks, lanes, lifts, carries = _lanes(count)
    z = _mixed(state, ones, steps, masks)
    if (z + lifts) & carries:
        return None
    return lanes.unpack(z.to_bytes(count * _LANE_BYTES, "little"))


def _mixed(state: int, ones: int, steps: int, masks: int) -> int:
    """SplitMix64's outputs after ``state``, one per lane (see ``_draws``)."""
    z = (state * ones + steps) & masks
    z = (((z ^ (z >> 30)) & masks) * _MIX1) & masks
    z = (((z ^ (z >> 27)) & masks) * _MIX2) & masks
    return (z ^ (z >> 31)) & masks


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
        last index down (dealing is on every deal's path, so the draws are made side by side,
        see ``_draws``).

        >>> for size in (2, 10, 24, 25, 33, 80):
        ...     items = list(range(size)); SeededRandom(3).shuffle(items)
        ...     rng, again = SeededRandom(3), list(range(size))
        ...     for i in range(size - 1, 0, -1):
        ...         j = rng.below(i + 1); again[i], again[j] = again[j], again[i]
        ...     assert items == again, size
        """
        self._state = shuffle_from(self._state, items, _LIMITS)

    def choice(self, items: list[T]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)
