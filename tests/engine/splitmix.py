"""SplitMix64 run backwards, for tests that need a seed whose first draw is a given number
(the draws at the very top of the range, which the shuffle throws away)."""

from __future__ import annotations

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def seed_drawing_first(output: int) -> int:
    """The seed whose first 64-bit draw is ``output``: SplitMix64's mixing undone step by
    step (each xor-shift and each odd product modulo 2**64 can be inverted).

    >>> from euchre.rng import SeededRandom
    >>> SeededRandom(seed_drawing_first(12345)).next64()
    12345
    """
    z = output
    z ^= (z >> 31) ^ (z >> 62)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK
    z ^= (z >> 27) ^ (z >> 54)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK
    z ^= (z >> 30) ^ (z >> 60)
    return (z - GAMMA) & MASK
