"""The rules of thumb say only what is true of the cards: "A♥ is the highest heart left"
never while the learner holds a higher heart, or while one is still unplayed; "do not
overtake it" never with a card that overtakes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import euchre
import pytest
from euchre import Deal, HandState, Phase, Rules
from euchre.cards import Card, Suit
from euchre.players import conventions
from euchre.players.knowledge import Knowledge
from euchre.trump import card_power, effective_suit

from tests.players.helpers import RandomChooser, rule_sets, states_of_deal

HIGHEST_LEFT = re.compile(r"(\S+) is the highest (\w+) left")
RULES = rule_sets()


def _lead_state(hands: list[str], upcard: str) -> HandState:
    """East (seat 1) leads the first trick after North orders up and discards."""
    state = HandState.new(Deal(dealer=0, hands=hands, upcard=upcard), Rules())
    state = state.apply("pass").apply("pass").apply("pass").apply("order")
    state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.PLAY and state.to_act == 1
    return state


def _play_states(name: str, deals: int, seed: int) -> Iterator[HandState]:
    """Every card-play state of ``deals`` random deals at the rule set ``name``."""
    rules = RULES[name]
    for index in range(deals):
        choosers = [RandomChooser(seed + index * 11 + s) for s in range(rules.players)]
        deal = Deal.random(seed=seed + 600 + index, dealer=index % rules.players, rules=rules)
        yield from (s for s in states_of_deal(deal, rules, choosers) if s.phase is Phase.PLAY)


def _rule_of_thumb(state: HandState) -> tuple[Knowledge, list[Card], Card, str]:
    view = state.view(state.to_act)  # type: ignore[arg-type]
    know = Knowledge.of(view)
    legal = [a.card for a in view.legal]
    card, why = conventions.play(know, legal)
    return know, legal, card, why


def test_with_the_ace_and_king_of_a_suit_the_ace_leads() -> None:
    """Both are unbeatable, but only the ace is "the highest heart left"."""
    state = _lead_state(
        ["9c Tc Qd 9s Ts", "Ah Kh 9d Qs Qc", "9h Th Kd Ks Kc", "Ac Ad As Js Jh"], "Td"
    )
    _know, _legal, card, why = _rule_of_thumb(state)
    assert str(card) == "A♥"
    assert why == "A♥ is the highest heart left: lead it"
    advice = euchre.coach(state)
    assert "K♥ is the highest heart left" not in " ".join(advice.reasons)


def _suit_named(name: str) -> Suit:
    return next(s for s in Suit if name in (s.singular, s.plural))


def _higher_cards_not_played(state: HandState, card: Card, suit: Suit) -> list[Card]:
    """Cards of effective ``suit`` above ``card`` that are in the player's hand or not yet
    seen played by them (held by someone, or in the kitty)."""
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    know = Knowledge.of(view)
    trump = know.trump
    mine = [c for c in view.hand if effective_suit(c, trump) is suit]
    candidates = set(mine) | set(know.outstanding(suit))
    return [c for c in candidates if card_power(c, trump) > card_power(card, trump)]


@pytest.mark.parametrize("name", ["american", "three-handed", "six-handed", "no-trump", "joker"])
def test_the_highest_card_left_is_never_below_one_still_out(name: str) -> None:
    said = 0
    for state in _play_states(name, 40, 300):
        _know, _legal, card, why = _rule_of_thumb(state)
        found = HIGHEST_LEFT.search(why)
        if not found:
            continue
        said += 1
        assert found.group(1) == str(card), why
        higher = _higher_cards_not_played(state, card, _suit_named(found.group(2)))
        assert not higher, (name, why, [str(c) for c in state.hands[state.to_act]], higher)
    assert said > 5


def test_when_every_card_overtakes_the_partner_the_hint_says_so() -> None:
    """Spades are trump, East leads 9♠ and the partner's 10♠ is winning; holding only A♠
    and J♠ in spades, any card overtakes it: the hint says so instead of "do not overtake
    it"."""
    hands = ["Qc Kc As Js Ah", "9s Td Qd Kd Ac", "Ts Qh Kh 9c Tc", "Ad 9d Jd Th Jh"]
    state = HandState.new(Deal(0, hands, upcard="9h", kitty=["Jc", "Qs", "Ks"]), Rules())
    for action in ["pass"] * 7 + ["call s", "play 9s", "play Ts", "play Ad"]:
        state = state.apply(action)  # North names spades in round two; the play begins
    _know, legal, card, why = _rule_of_thumb(state)
    assert sorted(str(c) for c in legal) == ["A♠", "J♠"]
    assert (str(card), why) == (
        "A♠",
        "every card you may play beats your partner's 10♠: play the lowest, A♠",
    )


@pytest.mark.parametrize("name", ["american", "six-handed", "canadian"])
def test_keeping_low_under_a_partner_never_overtakes(name: str) -> None:
    said = 0
    for state in _play_states(name, 40, 700):
        know, legal, card, why = _rule_of_thumb(state)
        if "your partner's" not in why or len(legal) < 2:
            continue
        said += 1
        if why.startswith("every card you may play beats"):
            assert all(conventions.beats(know, c) for c in legal), why
        else:
            assert not conventions.beats(know, card), (why, [str(c) for c in legal])
    assert said > 5


def test_the_strategy_pages_ace_tip_is_what_the_coach_does() -> None:
    """The rules pages' tip "an outside ace": a maker draws trumps before taking the ace's
    trick; a defender leads the ace early. The coach's rule of thumb does the same."""
    tip = (Path(__file__).parents[2] / "docs/rules/strategy.md").read_text(encoding="utf-8")
    assert "draw trumps first" in tip and "Against the makers, lead it early" in tip
    east = ["Jd Ah 9d Qs Qc", "Ah Kh 9d Qs Qc"]  # as the maker, as a defender
    hands = [["9c Tc Qd 9s Ts", e, "9h Th Kd Ks Kc", "Ac Ad As Js Jh"] for e in east]
    maker = HandState.new(Deal(dealer=0, hands=hands[0], upcard="Td"), Rules())
    maker = maker.apply("order")  # East orders diamonds up; North discards
    maker = maker.apply(maker.legal_actions()[0])
    defender = _lead_state(hands[1], "Td")  # North, the dealer, picks diamonds up
    assert str(_rule_of_thumb(maker)[2]) == "J♦"
    assert str(_rule_of_thumb(defender)[2]) == "A♥"


def _cutthroat_defence() -> HandState:
    """Cutthroat: East names hearts in round two and leads 9♠, South's A♠ wins the trick;
    North, the dealer, plays last with no spade."""
    hands = ["Qh 9h Ad Kd Tc", "Jh Jd Ah Kh 9s", "As Ks 9d Td Qc"]
    kitty = ["Th", "Qd", "Jc", "Kc", "Ac", "Ts", "Js", "Qs"]
    rules = Rules().at_table("3")
    actions = ["pass", "pass", "pass", "call hearts", "play 9s", "play As"]
    return HandState.replay(Deal(0, hands, upcard="9c", kitty=kitty), rules, actions)


def test_allied_defenders_leave_each_others_winner_alone() -> None:
    """At cutthroat a euchre scores for both defenders: with ``defenders_allied`` the
    other defender's winning A♠ is left alone and the trumps kept; without it (the normal
    player), it is any opponent's card and a trump takes the trick."""
    state = _cutthroat_defence()
    know = Knowledge.of(state.view(0))
    legal = [a.card for a in state.legal_actions()]
    assert conventions.co_defender(know, 2) and not conventions.co_defender(know, 1)
    card, why = conventions.play(know, legal, defenders_allied=True)
    assert (str(card), why) == (
        "10♣",
        "the other defender's A♠ is winning the trick: keep your good cards and play 10♣",
    )
    alone_card, _why = conventions.play(know, legal)
    assert euchre.trump.is_trump(alone_card, Suit.HEARTS)


def test_the_maker_has_no_ally_at_cutthroat() -> None:
    """The maker's opponents are never its allies, and with partners nobody is a
    co-defender: ``allied`` is the side there."""
    state = _cutthroat_defence()
    maker_view = Knowledge.of(state.view(1))
    assert not any(conventions.co_defender(maker_view, s) for s in range(3))
    four = _lead_state(
        ["9c Tc Qc 9s Ts", "Jh Jd Ah Kh Qh", "Kc Ac 9d Td Qd", "Kd Ad Js Qs Ks"], "9h"
    )
    know = Knowledge.of(four.view(1))
    assert [conventions.allied(know, s, True) for s in range(4)] == [False, True, False, True]
