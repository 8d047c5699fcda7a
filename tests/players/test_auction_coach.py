"""The coach's words on Bid Euchre's bidding (``players/auction_coach.py``): it advises the
strong player's bid or trump, says what the hand is worth in the trump it names, and every
card, count and number it cites is true of the hand (checked over random deals)."""

from __future__ import annotations

import re

import euchre
from euchre import Deal, HandState, Rules
from euchre.cards import Card, parse_cards
from euchre.phase import Phase
from euchre.players.hand_worth import hand_worth, sure_winners
from euchre.players.words import NUMBERS, suit_words, tricks_words
from euchre.rng import SeededRandom
from euchre.trump import is_trump
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.players.test_bid_euchre_bidding import deal_with

BID = Rules.profile("bid-euchre")
CARD = re.compile(r"(?<![\w♣♦♥♠])(10|[9JQKA])([♣♦♥♠])")
SUIT_NAMES = {suit_words(s): s for s in euchre.Suit}


def bidding_state(seed: int, steps: int) -> HandState:
    """A random deal ``steps`` actions in (passes and bids, never the moon), or at the
    naming of trump when the bidding is over by then."""
    rng = SeededRandom(seed)
    state = HandState.new(Deal.random(seed=seed, dealer=seed % 4, rules=BID), BID)
    for _ in range(steps):
        if state.phase is not Phase.AUCTION:
            break
        state = state.apply(rng.choice([a for a in state.legal_actions() if not a.is_moon]))
    return state


def cited_cards(text: str) -> list[Card]:
    return [Card.parse(rank + suit) for rank, suit in CARD.findall(text)]


def check_worth_words(text: str, hand: tuple[Card, ...]) -> None:
    """The coach's sentence on the hand's worth: every card it names is in the hand, and
    its counts of trumps and sure winners and its tricks are the hand's."""
    assert set(cited_cards(text)) <= set(hand), (text, hand)
    named = re.search(r"with (. \w+) as trump", text)
    trump = SUIT_NAMES[named.group(1)] if named else None
    assert named or "in no-trump" in text, text
    worth = hand_worth(hand, trump, BID)
    assert tricks_words(worth.tricks, 6) in text, (text, worth)
    count = re.search(r"\((\w+) trumps?\)", text)
    if count:
        assert count.group(1) == NUMBERS[sum(1 for c in hand if is_trump(c, trump))], text
    sure = re.search(r"(\w+) of them sure winners", text)
    assert (NUMBERS.index(sure.group(1)) if sure else 0) == sure_winners(hand, trump, BID), text


@settings(max_examples=80)
@given(st.integers(0, 10**6), st.integers(0, 4))
def test_the_coach_advises_the_strong_bid_and_its_words_are_true_of_the_hand(
    seed: int, steps: int
) -> None:
    state = bidding_state(seed, steps)
    assert state.to_act is not None
    advice = euchre.coach(state, seed=seed % 5)
    assert advice.action == euchre.computer_player("strong", seed=seed % 5).choose(state)
    assert advice.action in state.legal_actions()
    assert advice.alternatives[0][0] == advice.action
    assert {a for a, _ in advice.alternatives} == set(state.legal_actions())
    assert advice.summary.startswith(advice.words)
    hand = state.hands[state.to_act]
    check_worth_words(advice.reasons[0], hand)
    if state.phase is Phase.AUCTION and advice.action.kind == "bid" and not advice.action.is_moon:
        assert str(advice.action.tricks) in advice.reasons[-1]


def test_a_hint_before_a_bid_says_what_the_hand_is_worth_and_why() -> None:
    state = HandState.new(deal_with("Jh Jd Ah Qs Ac 9s", 0, 3), BID)
    advice = euchre.coach(state)
    assert advice.action == euchre.Action.parse("bid 4")
    assert advice.words == "Bid 4"
    assert advice.reasons[0].startswith(
        "The right bower, the left bower and A♥ (three trumps); side A♣; one empty suit to "
        "trump in: on its own your hand should take about four of the six tricks with ♥ "
        "hearts as trump, three of them sure winners."
    )
    assert "your side should take about five of the six tricks" in advice.reasons[1]
    assert advice.reasons[2].startswith("Bid 4: the whole tricks your side can count on")
    assert advice.summary == "Bid 4: about five of the six tricks for your side in ♥ hearts."


def test_the_moon_and_its_trump_are_explained_by_sure_winners() -> None:
    state = HandState.new(deal_with("Jh Jd Ah Kh As 9c", 0, 3), BID)
    advice = euchre.coach(state)
    assert advice.words == "Shoot the moon"
    assert "four trumps" in advice.reasons[0] and "five of them sure winners" in advice.reasons[0]
    assert "12 points" in advice.reasons[1]
    named = euchre.coach(state.apply("bid moon"))
    assert named.words == "Name ♥ hearts as trump"
    assert named.alternatives[0][1] > max(v for _, v in named.alternatives[1:])


def test_naming_no_trump_names_the_runs_it_rests_on() -> None:
    state = HandState.new(deal_with("Ac Kc Ad Kd Ah Ks", 0, 3), BID)
    for action in ("bid 5", "pass", "pass", "pass"):
        state = state.apply(action)
    advice = euchre.coach(state)
    assert advice.words == "Name no-trump"
    assert "A♣ and K♣ on top of two ♣ clubs" in advice.reasons[0]
    assert "five of them sure winners" in advice.reasons[0]
    assert set(cited_cards(" ".join(advice.reasons))) <= set(parse_cards("Ac Kc Ad Kd Ah Ks"))


def test_the_moons_pass_is_advised_as_the_players_make_it() -> None:
    state = HandState.new(deal_with("Jh Jd Ah Kh As 9c", 0, 3), BID)
    state = state.apply("bid moon").apply("trump hearts")
    advice = euchre.coach(state)
    assert str(advice.action) == "call for best 9c"
    assert advice.alternatives[0][1] >= max(v for _, v in advice.alternatives[1:])
    gift = euchre.coach(state.apply("call for best 9c"))
    assert gift.action == euchre.computer_player("strong").choose(state.apply("call for best 9c"))
    assert "Your partner shoots the moon" in gift.reasons[0]
