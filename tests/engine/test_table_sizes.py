"""Two to six players (source 002, 003): cutthroat, two-handed, call-ace, six-handed
partnerships, all opponents scoring on a euchre, simultaneous game point, rubbers."""

from __future__ import annotations

from euchre import Deal, Game, HandState, Phase, Rubber, Rules, rubber_points_for_game
from euchre.contract import highest_holder
from euchre.rng import SeededRandom
from euchre.scoring import score_hand
from euchre.trump import suit_order
from hypothesis import given, settings
from hypothesis import strategies as st

TABLES = {
    "two-handed": Rules().replace(players=2, partnerships=False),
    "cutthroat": Rules().replace(players=3, partnerships=False),
    "five call-ace": Rules().replace(players=5, partnerships=False, deck=32, call_ace=True),
    "six call-ace": Rules().replace(players=6, partnerships=False, deck=32, call_ace=True),
    "six partnerships": Rules().replace(players=6, deck=32),
}


def random_deal_to_the_end(rules: Rules, seed: int) -> HandState:
    rng = SeededRandom(seed)
    state = HandState.new(Deal.random(seed, seed % rules.players, rules), rules)
    while state.result is None:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=60, deadline=None)
@given(table=st.sampled_from(sorted(TABLES)), seed=st.integers(0, 2**32))
def test_cards_are_conserved_and_scores_follow_the_tricks(table: str, seed: int) -> None:
    rules = TABLES[table]
    state = random_deal_to_the_end(rules, seed)
    played = [c for t in state.tricks for c in t.cards]
    assert len(played) == len(set(played))
    assert len(state.deal.all_cards()) == rules.deck_size
    result = state.result
    assert result is not None and len(result.points) == rules.num_teams
    if result.makers is None:
        assert sum(result.points) == 0
        return
    made = sum(1 for t in state.tricks if t.winner in state.maker_side)
    maker_points, defender_points = score_hand(made, state.alone, rules, state.defender is not None)
    for team, points in enumerate(result.points):
        on_maker_side = any(rules.team_of(s) == team for s in state.maker_side)
        assert points == (maker_points if on_maker_side else defender_points)


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([5, 6]), seed=st.integers(0, 2**32))
def test_call_ace_partner_holds_the_highest_card_of_the_called_suit(
    players: int, seed: int
) -> None:
    rules = TABLES["five call-ace" if players == 5 else "six call-ace"]
    rng = SeededRandom(seed)
    state = HandState.new(Deal.random(seed, 0, rules), rules)
    while state.phase is not Phase.CALL_ACE and state.result is None:
        state = state.apply(rng.choice(state.legal_actions()))
    if state.result is not None:
        return
    hands = [state.hand(s) for s in range(players)]
    action = rng.choice(state.legal_actions())
    after = state.apply(action)
    assert action.suit is not None
    holder = highest_holder(hands, action.suit, state.trump)
    assert after.ace_partner == holder
    assert after.maker_side == frozenset({state.maker, holder} - {None})
    assert after.alone == (holder in (None, state.maker))


def test_every_opponent_scores_on_a_euchre_in_cutthroat() -> None:
    rules = TABLES["cutthroat"]
    for seed in range(200):
        state = random_deal_to_the_end(rules, seed)
        if state.result and state.result.euchred:
            others = [s for s in range(3) if s != state.maker]
            assert all(state.result.points[s] == 2 for s in others)
            return
    raise AssertionError("no euchre in 200 random deals")


@settings(max_examples=10, deadline=None)
@given(table=st.sampled_from(sorted(TABLES)), seed=st.integers(0, 1000))
def test_a_game_ends_with_one_winner(table: str, seed: int) -> None:
    rules = TABLES[table].replace(game_to=5)
    rng = SeededRandom(seed)
    game = Game.new(rules, seed)
    while game.winner is None:
        game = game.apply(rng.choice(game.legal_actions()))
    assert sum(1 for s in game.score if s >= 5) == 1


def test_rubber_points_follow_002s_table() -> None:
    assert rubber_points_for_game((5, 0), 0) == 3
    assert rubber_points_for_game((5, 1), 0) == 2 and rubber_points_for_game((5, 2), 0) == 2
    assert rubber_points_for_game((5, 3), 0) == 1 and rubber_points_for_game((4, 5), 1) == 1
    assert rubber_points_for_game((5, 0), 0, slam=True) == 6
    assert rubber_points_for_game((2, 5, 0), 1) == 2


def test_a_rubber_is_two_games_and_pays_a_bonus() -> None:
    rules = Rules().replace(game_to=5, game_form="rubber")
    rng = SeededRandom(4)
    rubber = Rubber.new(rules, seed=4)
    while rubber.winner is None:
        rubber = rubber.apply(rng.choice(rubber.game.legal_actions()))
    winner = rubber.winner
    assert rubber.games_won[winner] == 2 and 2 <= len(rubber.finished) <= 3
    expected = sum(
        rubber_points_for_game(g.score, winner) for g in rubber.finished if g.winner == winner
    )
    assert rubber.points[winner] == expected + rules.num_teams
    assert all(p == 0 for t, p in enumerate(rubber.points) if t != winner)


def test_call_ace_keeps_a_lone_maker_secret_until_the_deal_ends() -> None:
    rules = TABLES["five call-ace"]
    for seed in range(300):
        rng = SeededRandom(seed)
        state = HandState.new(Deal.random(seed, 0, rules), rules)
        while state.result is None and not (state.phase is Phase.PLAY and state.alone):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.result is not None:
            continue
        maker = state.maker
        assert maker is not None and state.called_ace is not None
        top = suit_order(state.called_ace, state.trump, rules.deck)[0]
        if top not in state.hands[maker] and top != state.view(maker).discard:
            continue  # alone with the top card in the kitty: the maker cannot know it either
        others = [s for s in range(5) if s != maker]
        assert state.view(maker).alone and not any(state.view(s).alone for s in others)
        while state.result is None:
            state = state.apply(rng.choice(state.legal_actions()))
        assert all(state.view(s).alone for s in range(5))
        return
    raise AssertionError("no lone call-ace maker in 300 deals")
