"""Bid Euchre's bidding by the computer players (``players/auction_bids.py``, with the
hand's worth from ``players/hand_worth.py``): positions with one clearly right bid or trump
(``fixtures/bid_euchre_positions.json``, each with its reason) that the normal and strong
players choose, and properties over random deals: no bid beyond what the player's own
estimate supports by more than one, no moon without four sure winners (at every level),
and sure winners that do take their tricks however the other cards lie."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import euchre
import pytest
from euchre import Action, Deal, HandState, Rules
from euchre.cards import Card, deck_of, parse_cards
from euchre.players import auction_bids
from euchre.players.hand_worth import sure_winners, trump_options
from euchre.rng import SeededRandom
from euchre.trump import card_power, effective_suit, is_trump
from hypothesis import given, settings
from hypothesis import strategies as st

BID = Rules.profile("bid-euchre")
POSITIONS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "fixtures" / "bid_euchre_positions.json").read_text()
)["positions"]


def deal_with(hand: str, seat: int, dealer: int, rules: Rules = BID) -> Deal:
    """A deal giving ``seat`` the cards ``hand`` and the others the rest of the deck."""
    mine = parse_cards(hand)
    rest = [c for c in deck_of(rules.deck) if c not in mine]
    size = rules.hand_size
    hands: list[list[Card]] = []
    for s in range(rules.players):
        if s == seat:
            hands.append(mine)
        else:
            hands.append(rest[:size])
            rest = rest[size:]
    return Deal(dealer, hands)


def position_state(item: dict[str, Any]) -> HandState:
    """The state of a fixture position: its deal, then its bidding so far (whose turn it
    is does not depend on the cards)."""
    dealer, before = item["dealer"], item["before"]
    probe = HandState.new(Deal.random(seed=0, dealer=dealer, rules=BID), BID)
    for action in before:
        probe = probe.apply(action)
    assert probe.to_act is not None
    state = HandState.new(deal_with(item["hand"], probe.to_act, dealer), BID)
    for action in before:
        state = state.apply(action)
    return state


@pytest.mark.parametrize("item", POSITIONS, ids=[p["name"] for p in POSITIONS])
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_players_choose_the_clearly_right_bid(item: dict[str, Any], level: str) -> None:
    state = position_state(item)
    chosen = euchre.computer_player(level, seed=3).choose(state)
    assert chosen == Action.parse(item["want"]), f"{item['name']}: {item['why']}"


def test_every_position_has_its_reason_and_a_legal_answer() -> None:
    for item in POSITIONS:
        assert len(item["why"]) > 40, item["name"]
        assert Action.parse(item["want"]) in position_state(item).legal_actions()


def auction_state(seed: int, steps: int, rules: Rules = BID) -> HandState:
    """A deal's bidding ``steps`` bids in, each seat passing or bidding at random (never
    the moon, so that the bidding goes on)."""
    rng = SeededRandom(seed)
    state = HandState.new(Deal.random(seed=seed, dealer=seed % 4, rules=rules), rules)
    for _ in range(steps):
        choices = [a for a in state.legal_actions() if not a.is_moon]
        state = state.apply(rng.choice(choices))
    return state


def most_sure_winners(hand: tuple[Card, ...], rules: Rules = BID) -> int:
    return max(sure_winners(hand, t, rules) for t in trump_options(rules))


@settings(max_examples=120)
@given(st.integers(0, 10**6), st.integers(0, 3), st.sampled_from(["easy", "normal", "strong"]))
def test_no_bid_beyond_the_estimate_and_no_moon_without_sure_winners(
    seed: int, steps: int, level: str
) -> None:
    state = auction_state(seed, steps)
    assert state.to_act is not None
    view = state.view(state.to_act)
    for player_seed in range(3):
        action = euchre.computer_player(level, seed=player_seed).choose(state)
        if action.kind != "bid":
            continue
        if action.is_moon:
            assert most_sure_winners(view.hand) >= 4, (level, view.hand)
            continue
        total = auction_bids.judge(view, level).total
        lowest = min(a.tricks for a in view.legal if a.kind == "bid" and not a.is_moon)
        stuck = Action.parse("pass") not in view.legal
        assert action.tricks <= total + 1 or (stuck and action.tricks == lowest), (
            level,
            view.hand,
            action,
            total,
        )


def cash(state: HandState, maker: int, rng: SeededRandom) -> int:
    """Play the deal out, the maker leading a card no card left in another hand can beat
    whenever it has one (trumps first), every other play at random; the tricks the maker
    wins before it first loses one."""
    trump = state.trump
    while state.result is None:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        if seat == maker and not state.current_trick:
            bosses = [a for a in legal if _boss(a.card, state)]
            state = state.apply(
                max(
                    bosses or legal,
                    key=lambda a: (is_trump(a.card, trump), card_power(a.card, trump)),
                )
            )
        else:
            state = state.apply(rng.choice(legal))
    run = 0
    for trick in state.tricks:
        if trick.winner != maker:
            break
        run += 1
    return run


def _boss(card: Card, state: HandState) -> bool:
    trump = state.trump
    others = [c for s, hand in enumerate(state.hands) if s != state.to_act for c in hand]
    suit = effective_suit(card, trump)
    if not is_trump(card, trump) and any(is_trump(c, trump) for c in others):
        return False
    return all(
        effective_suit(c, trump) != suit or card_power(c, trump) < card_power(card, trump)
        for c in others
    )


@settings(max_examples=80)
@given(st.integers(0, 10**6), st.integers(0, 4))
def test_sure_winners_take_their_tricks_however_the_cards_lie(seed: int, option: int) -> None:
    deal = Deal.random(seed=seed, dealer=3, rules=BID)
    trump = trump_options(BID)[option]
    hand = deal.hands[0]
    sure = sure_winners(hand, trump, BID)
    state = HandState.new(deal, BID).apply("bid 3")
    for _ in range(3):
        state = state.apply("pass")
    state = state.apply(
        Action.parse("trump no-trump") if trump is None else f"trump {trump.name.lower()}"
    )
    for layout in range(3):
        assert cash(state, 0, SeededRandom(seed * 7 + layout)) >= sure, (hand, trump, sure)
