"""Property tests over random deals and games, under every profile of Euchre (and a few
house-rule variants that switch on the options no profile uses); Bid Euchre's have their
own module (``test_bid_euchre_properties.py``).

Hypothesis draws a rule set, a seed and the random choices; each test plays random legal
actions and checks one property of the whole deal or game. The scoring check is computed
here from the tricks, by the table of the rules matrix, never by the engine's scorer.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Iterator

import euchre
from euchre import Action, Card, Deal, Game, HandState, IllegalAction, Phase, Rules, Suit
from euchre.actions import ActionKind
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PROFILES = [name for name in Rules.profiles() if Rules.profile(name).variant == "euchre"]
# A longer hunt: EUCHRE_PROPERTY_SCALE=20 runs twenty times the examples.
SCALE = int(os.environ.get("EUCHRE_PROPERTY_SCALE", "1"))
SETTINGS = settings(
    max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

# Every profile, plus house-rule variants that switch on the options no profile uses.
RULE_SETS: dict[str, Rules] = {name: Rules.profile(name) for name in PROFILES}
RULE_SETS.update(
    {
        "american + joker": Rules().replace(joker=True),
        "midwest + no-trump": Rules.profile("midwest").replace(no_trump=True),
        "beginner + Canadian loner, stick": Rules.profile("beginner").replace(
            canadian_loner=True, stick_the_dealer=True
        ),
        "beginner + lead left of loner": Rules.profile("beginner").replace(
            lead_against_loner="left_of_loner"
        ),
        "beginner + farmer's swap": Rules.profile("beginner").replace(farmers_hand="three_low"),
        "long-deck + calling for best, joker": Rules.profile("long-deck").replace(
            calling_for_best=True, joker=True
        ),
    }
)
# Farmer's swaps and calling for best move cards between the kitty or partners.
FIXED_CARDS = [
    name
    for name, rules in RULE_SETS.items()
    if rules.farmers_hand == "off" and not rules.calling_for_best
]

profiles = st.sampled_from(list(RULE_SETS))
fixed_card_profiles = st.sampled_from(FIXED_CARDS)
seeds = st.integers(min_value=0, max_value=2**31 - 1)
dealers = st.integers(min_value=0, max_value=3)

MALFORMED = [
    "",
    "   ",
    "play",
    "play Zz",
    "play 1h",
    "discard",
    "call purple",
    "call",
    "order sideways",
    "fly to the moon",
    "play Jd Qd",
    "pass pass",
]


def _deck(rules: Rules) -> list[Card]:
    return euchre.make_deck(rules.deck, rules.joker)


Log = list[tuple[int, str]]


def _play_out(state: HandState, rng: random.Random) -> Iterator[tuple[HandState, Log]]:
    """Every state from ``state`` to the end of its deal, by random legal actions, each with
    the log of (seat, action text) that led to it. Half the deals pass more often while
    bidding, so that round two, a stuck dealer and throw-ins come up too."""
    log: Log = []
    eager_to_pass = rng.random() < 0.5
    yield state, list(log)
    while state.result is None:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        passes = [a for a in legal if str(a) == "pass"]
        wants_to_pass = eager_to_pass and passes and rng.random() < 0.8
        action = passes[0] if wants_to_pass else rng.choice(legal)
        log.append((seat, str(action)))
        state = state.apply(action)
        yield state, list(log)


def _played(log: Log) -> list[tuple[int, Card]]:
    """The (seat, card) of every card played so far."""
    return [(seat, Card.parse(text[5:])) for seat, text in log if text.startswith("play ")]


def _sitting_out(state: HandState, log: Log) -> set[int]:
    """Partners of lone players (the maker's, and a lone defender's)."""
    out = set()
    if state.alone and state.maker is not None:
        out.add((state.maker + 2) % 4)
    for seat, text in log:
        if text == "defend alone":
            out.add((seat + 2) % 4)
    return out


def _start(profile: str, seed: int, dealer: int) -> tuple[Rules, HandState]:
    rules = RULE_SETS[profile]
    deal = Deal.random(seed=seed, dealer=dealer, rules=rules)
    return rules, HandState.new(deal, rules)


def expected_points(state: HandState) -> tuple[int, int]:
    """The rules matrix's scoring, from the tricks alone.

    Makers 3-4 tricks: 1; all 5: 2, or 4 alone. Makers with 0-2 are euchred: the defenders
    score 2; with a lone defender (002) 2 for 3-4 tricks and 4 for all five.
    """
    if state.maker is None:
        return (0, 0)
    team = state.maker % 2
    taken = sum(1 for trick in state.tricks if trick.winner % 2 == team)
    defender_alone = any(str(action) == "defend alone" for action in state.actions)
    points = [0, 0]
    if taken == 5:
        points[team] = 4 if state.alone else 2
    elif taken >= 3:
        points[team] = 1
    else:
        points[1 - team] = 4 if defender_alone and taken == 0 else 2
    return (points[0], points[1])


# ---------------------------------------------------------------------------- deals


@SETTINGS
@given(
    profile=fixed_card_profiles, seed=seeds, dealer=dealers, rng=st.randoms(use_true_random=False)
)
def test_cards_are_conserved(profile: str, seed: int, dealer: int, rng: random.Random) -> None:
    rules, state = _start(profile, seed, dealer)
    deal = state.deal
    assert Counter(deal.all_cards()) == Counter(_deck(rules)), (
        "the deal is the whole deck, once each"
    )
    dealt = set(deal.all_cards())
    for now, log in _play_out(state, rng):
        played = _played(log)
        held = {seat: list(now.hand(seat)) for seat in range(4)}
        everything = [c for hand in held.values() for c in hand] + [c for _, c in played]
        where = f"after {[t for _, t in log]}"
        assert len(everything) == len(set(everything)), f"a card is in two places {where}"
        assert set(everything) <= dealt, where
        assert not set(everything) & set(deal.kitty), f"a kitty card came into play {where}"
        for seat in range(4):
            count = len(held[seat]) + sum(1 for s, _ in played if s == seat)
            picking_up = seat == deal.dealer and count == 6 and now.to_act == seat
            assert count == 5 or picking_up, f"seat {seat} has {count} cards {where}"
        holders = {s for s in range(4) if deal.upcard in held[s]}
        holders |= {s for s, c in played if c == deal.upcard}
        assert holders <= {deal.dealer}, f"only the dealer can take the upcard {where}"
        out_of_play = dealt - set(everything)
        assert out_of_play >= set(deal.kitty)
        extra = out_of_play - set(deal.kitty)
        assert len(extra) == (0 if len(everything) == 21 else 1), f"{extra} {where}"
        if deal.upcard not in out_of_play:
            assert extra <= set(deal.hands[deal.dealer]), "the dealer discarded a card of theirs"
        for trick in now.tricks:
            assert trick.leader not in _sitting_out(now, log)


@SETTINGS
@given(profile=profiles, seed=seeds, dealer=dealers, rng=st.randoms(use_true_random=False))
def test_every_listed_action_applies(
    profile: str, seed: int, dealer: int, rng: random.Random
) -> None:
    _, state = _start(profile, seed, dealer)
    for now, _ in _play_out(state, rng):
        legal = now.legal_actions()
        if now.result is not None:
            assert legal == [] and now.to_act is None
            continue
        assert legal, f"no legal action for seat {now.to_act} in {now.phase}"
        texts = [str(a) for a in legal]
        assert len(texts) == len(set(texts)), f"an action is listed twice: {texts}"
        for action in legal:
            assert now.why_illegal(action) is None
            assert now.why_illegal(str(action)) is None
            after = now.apply(action)
            assert list(after.actions) == [*now.actions, action]
            assert now.apply(str(action)).actions == after.actions, "text and Action agree"


@SETTINGS
@given(profile=profiles, seed=seeds, dealer=dealers, rng=st.randoms(use_true_random=False))
def test_each_action_keeps_the_phase_it_was_made_in(
    profile: str, seed: int, dealer: int, rng: random.Random
) -> None:
    """``phases`` says, for every action, the phase the deal was in when it was made (what
    a pass meant), however the state was reached: move by move, by text, from a position."""
    _, state = _start(profile, seed, dealer)
    seen: list[Phase] = []
    for now, _ in _play_out(state, rng):
        assert now.phases == tuple(seen)
        assert now.core().phases == tuple(seen)
        assert HandState.of_position(now.position()).phases == tuple(seen)
        assert HandState.replay(now.deal, now.rules, now.actions).phases == tuple(seen)
        seen.append(now.phase)


def _candidates(state: HandState, rules: Rules) -> list[str]:
    """Well-formed actions of every kind, most of them illegal at any one moment."""
    out = ["pass", "order", "order alone", "decline", "defend alone", "redeal", "call no-trump"]
    for suit in Suit:
        out += [f"call {suit.plural}", f"call {suit.plural} alone"]
    for card in _deck(rules):
        out += [f"play {card.code}", f"discard {card.code}", f"give {card.code}"]
    out += ["swap 9c 9d 9h", "call for best Jh"]
    return out


def _listed(text: str, state: HandState) -> bool:
    """Whether ``text`` is one of the legal actions listed: a farmer's swap is the same
    move whatever order its three cards are named in."""
    legal = state.legal_actions()
    if text in {str(a) for a in legal}:
        return True
    action = Action.parse(text)
    return action.kind is ActionKind.FARMER_SWAP and any(
        a.kind is ActionKind.FARMER_SWAP and set(a.cards) == set(action.cards) for a in legal
    )


@SETTINGS
@given(profile=profiles, seed=seeds, dealer=dealers, rng=st.randoms(use_true_random=False))
def test_refused_actions_leave_the_state_unchanged_and_say_why(
    profile: str, seed: int, dealer: int, rng: random.Random
) -> None:
    rules, state = _start(profile, seed, dealer)
    states = [now for now, _ in _play_out(state, rng)]
    for now in rng.sample(states, min(4, len(states))):
        legal = {str(a) for a in now.legal_actions()}
        before = now.to_json()
        tried = [t for t in _candidates(now, rules) if not _listed(t, now)] + MALFORMED
        for text in tried:
            reason = now.why_illegal(text)
            assert isinstance(reason, str) and reason.strip(), f"no reason for {text!r}"
            try:
                now.apply(text)
            except IllegalAction as exc:
                assert isinstance(exc, ValueError)
                assert str(exc) == reason, (text, str(exc), reason)
            else:
                raise AssertionError(f"{text!r} was applied though not listed as legal: {legal}")
            assert now.to_json() == before, f"refusing {text!r} changed the state"
        assert {str(a) for a in now.legal_actions()} == legal


@SETTINGS
@given(profile=profiles, seed=seeds, dealer=dealers, rng=st.randoms(use_true_random=False))
def test_one_side_scores_and_the_points_follow_the_tricks(
    profile: str, seed: int, dealer: int, rng: random.Random
) -> None:
    _, state = _start(profile, seed, dealer)
    *_, (end, log) = _play_out(state, rng)
    result = end.result
    assert result is not None and end.to_act is None
    points = tuple(result.points)
    assert len(points) == 2
    assert sum(1 for p in points if p) <= 1, f"both sides scored: {points}"
    if end.maker is None:
        assert points == (0, 0) and result.makers is None and not end.tricks
        return
    assert result.makers == end.maker % 2
    assert len(end.tricks) == 5
    taken = sum(1 for trick in end.tricks if trick.winner % 2 == result.makers)
    assert result.maker_tricks == taken
    assert points == expected_points(end), (points, [str(a) for a in end.actions])
    played = _played(log)
    out = _sitting_out(end, log)
    assert len(played) == 5 * (4 - len(out))
    for number, trick in enumerate(end.tricks):
        cards = played[number * len(trick.cards) : (number + 1) * len(trick.cards)]
        assert [c for _, c in cards] == list(trick.cards)
        assert cards[0][0] == trick.leader
        assert not {s for s, _ in cards} & out, "a seat sitting out played"
        winner = euchre.trick_winner(list(trick.cards), end.trump)
        assert cards[winner][0] == trick.winner


# ---------------------------------------------------------------------------- games


def _random_game(profile: str, seed: int, rng: random.Random, max_deals: int = 60) -> Game:
    rules = RULE_SETS[profile]
    game = Game.new(rules, seed=seed)
    while game.winner is None and len(game.history) < max_deals:
        game = game.apply(rng.choice(game.state.legal_actions()))
    return game


GAME_SETTINGS = settings(
    max_examples=15 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@GAME_SETTINGS
@given(profile=profiles, seed=seeds, rng=st.randoms(use_true_random=False))
def test_a_game_replays_identically_from_its_history(
    profile: str, seed: int, rng: random.Random
) -> None:
    rules = RULE_SETS[profile]
    game = _random_game(profile, seed, rng)
    assert game.history, "at least one deal was finished"
    score = [0, 0]
    replay = Game.new(rules, seed=seed)
    for finished in game.history:
        again = HandState.new(finished.deal, rules)
        for action in finished.actions:
            again = again.apply(action)
        assert again.to_json() == finished.to_json()
        assert again.result == finished.result
        assert finished.result is not None
        for team in (0, 1):
            score[team] += finished.result.points[team]
        assert replay.state.deal == finished.deal, "the game deals the same cards again"
        for action in finished.actions:
            replay = replay.apply(action)
    if not (rules.laps or rules.slam or rules.game_form != "fast"):
        assert tuple(game.score) == tuple(score)
    assert tuple(replay.score) == tuple(game.score)
    assert replay.winner == game.winner
    if game.winner is not None:
        assert game.score[game.winner] >= rules.game_to
        try:
            game.apply(game.state.legal_actions()[0] if game.state.legal_actions() else "pass")
        except IllegalAction:
            pass
        else:
            raise AssertionError("a won game accepted another action")


@SETTINGS
@given(profile=profiles, seed=seeds, dealer=dealers, rng=st.randoms(use_true_random=False))
def test_state_json_round_trips(profile: str, seed: int, dealer: int, rng: random.Random) -> None:
    _, state = _start(profile, seed, dealer)
    for now, _ in _play_out(state, rng):
        text = now.to_json()
        json.loads(text)
        back = HandState.from_json(text)
        assert back.to_json() == text
        assert back.deal == now.deal
        assert list(back.actions) == list(now.actions)
        assert [str(a) for a in back.legal_actions()] == [str(a) for a in now.legal_actions()]
        assert (back.to_act, back.trump, back.maker, back.alone) == (
            now.to_act,
            now.trump,
            now.maker,
            now.alone,
        )
        assert back.result == now.result


@GAME_SETTINGS
@given(profile=profiles, seed=seeds, rng=st.randoms(use_true_random=False))
def test_egn_round_trips(profile: str, seed: int, rng: random.Random) -> None:
    game = _random_game(profile, seed, rng, max_deals=8)
    text = euchre.to_egn(game)
    json.loads(text)
    back = euchre.from_egn(text)
    assert euchre.to_egn(back) == text
    assert tuple(back.score) == tuple(game.score)
    assert back.winner == game.winner
    assert len(back.history) == len(game.history)
    for mine, theirs in zip(back.history, game.history, strict=True):
        assert mine.to_json() == theirs.to_json()
    assert back.state.to_json() == game.state.to_json()
