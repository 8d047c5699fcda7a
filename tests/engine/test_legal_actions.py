"""The listed legal actions are exactly the actions the rules allow, one by one.

The engine lists legal actions the fast way (round one's and round two's from a few
tests of the table's rules, the legal plays as masks of card ids looked up once per
mask). Here every action a player could name is checked on its own with ``why_illegal``
(the rule-by-rule definition), over random deals under every profile and table size, and
the two must agree; the plays must also be the pure function ``legal_plays`` of the hand.
And ``apply`` checks whatever it is given that it did not list itself.
"""

from __future__ import annotations

import itertools

import pytest
from euchre import Action, Card, Deal, HandState, IllegalAction, Phase, Rules, legal_plays
from euchre.actions import ActionKind
from euchre.cards import make_deck
from euchre.rng import SeededRandom
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.test_core import ALL_TABLES

PACK = make_deck(32, joker=True)
ONE_CARD_WORDS = ("play", "discard", "give", "call for best")
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def every_action(state: HandState) -> set[Action]:
    """Every action a player could name now (most of them illegal)."""
    texts = ["pass", "order", "order alone", "decline", "defend alone", "redeal"]
    for name in (*SUIT_WORDS, "no-trump"):
        texts += [f"call {name}", f"call {name} alone"]
    texts += [f"call ace {name}" for name in SUIT_WORDS]
    texts += [f"trump {name}" for name in (*SUIT_WORDS, "no-trump")]
    texts += [f"bid {tricks}" for tricks in range(1, 9)] + ["bid moon"]
    texts += [f"{word} {card.code}" for word in ONE_CARD_WORDS for card in PACK]
    actions = {Action.parse(text) for text in texts}
    if state.to_act is not None:
        for combo in itertools.combinations(state.hands[state.to_act], 3):
            actions.add(Action(ActionKind.FARMER_SWAP, cards=combo))
    return actions


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(sorted(ALL_TABLES)), seed=st.integers(0, 2**32))
def test_the_listed_actions_are_the_ones_the_rules_allow(table: str, seed: int) -> None:
    rules = ALL_TABLES[table]
    rng = SeededRandom(seed)
    state = HandState.new(Deal.random(seed, seed % rules.players, rules), rules)
    while True:
        listed = state.legal_actions()
        assert len(set(listed)) == len(listed), "no action is listed twice"
        allowed = {a for a in every_action(state) if state.why_illegal(a) is None}
        assert set(listed) == allowed
        if state.phase is Phase.PLAY:
            seat = state.to_act
            assert seat is not None
            trick = state.current_trick
            led = trick[0][1] if trick else None
            plays = legal_plays(state.hands[seat], led, state.trump)
            assert {a.card for a in listed} == set(plays)
            assert [a.card.id for a in listed] == sorted(a.card.id for a in listed), "deck order"
        if state.result is not None:
            assert listed == []
            break
        state = state.apply(rng.choice(listed))


@pytest.fixture
def playing() -> HandState:
    """A deal in its play phase, the first card led."""
    state = HandState.new(Deal.random(seed=11, dealer=0), Rules())
    state = state.apply("order")
    state = state.apply(state.legal_actions()[0])  # the dealer's discard
    return state.apply(state.legal_actions()[0])


def test_an_action_given_as_text_or_made_elsewhere_is_checked(playing: HandState) -> None:
    legal = playing.legal_actions()
    first = legal[0]
    assert playing.apply(str(first)) == playing.apply(first)
    made_elsewhere = Action(ActionKind.PLAY, cards=(first.card,))
    assert made_elsewhere is not first
    assert playing.apply(made_elsewhere) == playing.apply(first)


def must_follow() -> HandState:
    """A position where the seat to act holds a card it may not play (it must follow)."""
    for seed in range(200):
        rng = SeededRandom(seed)
        state = HandState.new(Deal.random(seed=seed, dealer=0), Rules())
        while state.result is None:
            seat = state.to_act
            if (
                state.phase is Phase.PLAY
                and seat is not None
                and len(state.legal_actions()) < len(state.hands[seat])
            ):
                return state
            state = state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no deal had a card that could not follow")


def test_an_illegal_action_made_elsewhere_raises_the_plain_reason_and_changes_nothing() -> None:
    state = must_follow()
    seat = state.to_act
    assert seat is not None
    legal_cards = {a.card for a in state.legal_actions()}
    card = next(c for c in state.hands[seat] if c not in legal_cards)
    before = (state.to_json(), state.legal_actions(), state.hands)
    for action in (Action(ActionKind.PLAY, cards=(card,)), f"play {card.code}"):
        reason = state.why_illegal(action)
        assert reason is not None and "follow" in reason
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert str(info.value) == reason
    assert (state.to_json(), state.legal_actions(), state.hands) == before


def test_a_listed_list_can_be_changed_without_harm(playing: HandState) -> None:
    listed = playing.legal_actions()
    listed.clear()
    assert playing.legal_actions(), "the state keeps its own list"


def test_a_card_not_held_is_refused_in_words() -> None:
    state = HandState.new(Deal.random(seed=3, dealer=0), Rules())
    state = state.apply("order")
    state = state.apply(state.legal_actions()[0])
    seat = state.to_act
    assert seat is not None
    outside = next(c for c in make_deck() if c not in state.hands[seat])
    assert isinstance(outside, Card)
    with pytest.raises(IllegalAction, match=f"you do not hold {outside}"):
        state.apply(Action(ActionKind.PLAY, cards=(outside,)))
