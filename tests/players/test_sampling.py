"""Sampling the hidden hands: consistent with the view, a maker holding a calling hand
where one can, and little work spent where none can."""

from __future__ import annotations

from euchre import Deal, HandState, Rules
from euchre.players.knowledge import Knowledge
from euchre.players.sampling import TRIES, sample_checked
from euchre.players.search import Budget, analyse
from euchre.rng import SeededRandom


def maker_shown_void() -> HandState:
    """Seat 2 ordered up hearts, then showed no heart when the right bower was led: no
    guess can give it the two trumps of a calling hand."""
    deal = Deal(
        dealer=0,
        hands=["Kd Ad Js Qs Ks", "Jh Jd Ah Kh Qh", "9c Tc Qc 9s Ts", "Kc Ac 9d Td Qd"],
        upcard="9h",
        kitty=["Jc", "As", "Th"],
    )
    actions = ["pass", "order", "discard Ks", "play Jh", "play 9c"]
    return HandState.replay(deal, Rules(), actions)


def test_a_maker_shown_void_in_trump_has_no_plausible_guess() -> None:
    state = maker_shown_void()
    assert state.to_act == 3
    know = Knowledge.of(state.view(3))
    hands, plausible = sample_checked(know, SeededRandom(1))
    assert not plausible
    unseen = set(know.unseen)
    assert all(set(cards) <= unseen for cards in hands.values())
    assert sorted(len(cards) for seat, cards in hands.items()) == [4, 4, 5]


def test_a_plausible_guess_is_found_when_there_is_one() -> None:
    """Before the lead, seat 3 (no heart) can give the maker its trumps."""
    state = HandState.replay(maker_shown_void().deal, Rules(), ["pass", "order", "discard Ks"])
    know = Knowledge.of(state.view(3))
    _hands, plausible = sample_checked(know, SeededRandom(1), TRIES)
    assert plausible


def test_a_search_with_no_plausible_guess_still_samples_and_repeats_itself() -> None:
    """The later samples take their first guess: the search still solves every sample it
    may, and the same seed gives the same results."""
    state = maker_shown_void()
    know = Knowledge.of(state.view(3))
    legal = list(state.view(3).hand)
    budget = Budget(min_samples=6, max_samples=6)
    first = analyse(know, legal, SeededRandom(7), budget)
    again = analyse(know, legal, SeededRandom(7), budget)
    assert first == again
    assert all(stats.samples == 6 for stats in first)
