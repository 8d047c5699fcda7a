"""The seeded generator's shuffle: the same swaps as drawing ``below(i + 1)`` one at a time,
including when a draw is thrown away (the rejection that keeps every card equally likely)."""

from __future__ import annotations

from euchre.rng import _LIMITS, _SAFE, SeededRandom, _safe_draws, shuffle_from, shuffled
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.splitmix import MASK, seed_drawing_first


def one_at_a_time(seed: int, size: int, limits: list[int]) -> tuple[list[int], int]:
    """The plain Fisher-Yates shuffle of range(size), a draw at a time, below each limit."""
    rng = SeededRandom(seed)
    items = list(range(size))
    for i in range(size - 1, 0, -1):
        while True:
            z = rng.next64()
            if z < limits[i + 1]:
                break
        j = z % (i + 1)
        items[i], items[j] = items[j], items[i]
    return items, rng._state


@given(seed=st.integers(0, 2**64 - 1), size=st.integers(0, 70))
def test_a_shuffle_makes_the_swaps_of_below(seed: int, size: int) -> None:
    items = list(range(size))
    SeededRandom(seed).shuffle(items)
    limits = [*_LIMITS, *((1 << 64) - ((1 << 64) % n) for n in range(len(_LIMITS), 72))]
    assert items == one_at_a_time(seed, size, limits)[0]


@given(seed=st.integers(0, 2**64 - 1), size=st.integers(2, 33), cut=st.integers(2**62, 2**64))
def test_a_thrown_away_draw_leaves_the_same_shuffle_and_state(
    seed: int, size: int, cut: int
) -> None:
    # Thresholds far lower than the real ones (as low as a quarter of all draws), so that
    # draws are thrown away often.
    limits = [0] + [min(cut, limit) for limit in _LIMITS[1:]]
    items = list(range(size))
    state = shuffle_from(seed & MASK, items, limits)
    assert (items, state) == one_at_a_time(seed, size, limits)


@given(top=st.integers(0, 15), size=st.sampled_from([24, 25, 32, 33]))
def test_a_deal_whose_draw_may_be_thrown_away_shuffles_like_below(top: int, size: int) -> None:
    # A first draw within 16 of 2**64: at or above some bound's threshold (2**64 - 1 is above
    # every threshold of a bound that is not a power of two), so dealing goes the careful way
    # and must still make the swaps of ``below``.
    seed = seed_drawing_first(MASK - top)
    assert SeededRandom(seed).next64() == MASK - top
    careful = _safe_draws(seed, size - 1) is None
    assert careful == (MASK - top >= _SAFE[size - 1])
    assert careful or top > 0
    limits = [*_LIMITS, *((1 << 64) - ((1 << 64) % n) for n in range(len(_LIMITS), 72))]
    assert shuffled(seed, range(size)) == one_at_a_time(seed, size, limits)[0]


@given(seed=st.integers(-(2**70), 2**70), size=st.integers(0, 80))
def test_a_shuffled_copy_makes_the_swaps_of_below(seed: int, size: int) -> None:
    # Every size: the straight run of the draws side by side, and past the lanes.
    limits = [*_LIMITS, *((1 << 64) - ((1 << 64) % n) for n in range(len(_LIMITS), 82))]
    assert shuffled(seed, range(size)) == one_at_a_time(seed & MASK, size, limits)[0]


def test_a_shuffled_copy_leaves_its_items_alone() -> None:
    items = tuple(range(30))
    assert sorted(shuffled(3, items)) == list(items) and items == tuple(range(30))
    assert shuffled(3, iter(range(30))) == shuffled(3, items)


@given(seed=st.integers(-(2**70), 2**70))
def test_the_usual_decks_written_out_swaps_are_those_of_below(seed: int) -> None:
    # 24 items, every deal's shuffle: the swaps written out, not looped (rng._swap_24).
    limits = [*_LIMITS, *((1 << 64) - ((1 << 64) % n) for n in range(len(_LIMITS), 82))]
    assert shuffled(seed, range(24)) == one_at_a_time(seed & MASK, 24, limits)[0]
