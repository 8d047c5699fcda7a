"""A whole game: rotation, score, winner, history, laps and slam."""

from __future__ import annotations

import itertools

import pytest
from euchre import Game, HandState, IllegalAction, Rules
from euchre.game import settle_game_point


def play_game(rules: Rules, seed: int) -> Game:
    game = Game.new(rules, seed=seed)
    step = 0
    while game.winner is None:
        legal = game.legal_actions()
        game = game.apply(legal[(step * 7 + seed) % len(legal)])
        step += 1
    return game


def test_deal_rotates_left_and_the_game_ends_at_the_target() -> None:
    game = play_game(Rules(), seed=3)
    dealers = [h.dealer for h in game.history]
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))
    assert max(game.score) >= 10 and game.winner == game.score.index(max(game.score))
    assert sum(sum(h.result.points) for h in game.history if h.result) == sum(game.score)


def test_a_won_game_refuses_more_actions() -> None:
    game = play_game(Rules().replace(game_to=5), seed=1)
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply("pass")


def test_game_replays_from_its_history() -> None:
    game = play_game(Rules.profile("midwest"), seed=8)
    replayed = Game.replay(game.rules, game.seed, game.all_actions())
    assert replayed.score == game.score and replayed.history == game.history
    for finished in game.history:
        again = HandState.replay(finished.deal, game.rules, finished.actions)
        assert again.result == finished.result


def test_same_seed_same_game() -> None:
    assert play_game(Rules(), 5).score == play_game(Rules(), 5).score


def test_laps_carry_the_excess() -> None:
    rules = Rules().replace(laps=True, game_to=5)
    game = play_game(rules, seed=2)
    carried = game.carry_over()
    assert carried[game.winner or 0] == game.score[game.winner or 0] - 5
    assert game.next_game().score == carried


def test_simultaneous_game_point_of_002() -> None:
    assert settle_game_point((10, 12, 3), 10) == (7, 9, 0)
    assert settle_game_point((9, 12, 3), 10) == (9, 12, 3)


# Every reading of a finished deal, as a review, a record or a room's summary reads it.
FINISHED_READINGS = (
    "actions", "actors", "phases", "phase", "to_act", "hands", "kitty", "trump", "maker",
    "alone", "declared_alone", "defender", "discard", "picked_up", "declined", "passes",
    "tricks", "maker_side", "called_ace", "ace_partner", "dealer", "bid", "bidder",
    "sitting_out", "current_trick", "over", "result", "last_action",
)  # fmt: skip


TABLES_TO_KEEP = {
    "four": Rules(),
    "bid euchre": Rules.profile("bid-euchre"),
    **{key: Rules().replace(**table.settings) for key, table in Rules.tables().items()},
}


@pytest.mark.parametrize("table", list(TABLES_TO_KEEP))
def test_a_finished_deal_the_game_keeps_reads_as_the_deal_that_finished(table: str) -> None:
    """The game keeps each finished deal compact (its deal and actions, replayed when read);
    nothing a reader asks of it differs from the state the last action made."""
    rules = TABLES_TO_KEEP[table]
    game = Game.new(rules, seed=11)
    step = 0
    while len(game.history) < 3 and game.winner is None:
        legal = game.legal_actions()
        action = legal[(step * 5 + 3) % len(legal)]
        finished = game.state.apply(action)
        game = game.apply(action)
        step += 1
        if finished.result is None:
            continue
        kept = game.history[-1]
        assert kept == finished and kept.to_json() == finished.to_json()
        for name in FINISHED_READINGS:
            assert getattr(kept, name) == getattr(finished, name), name
        assert kept.legal_actions() == finished.legal_actions() == []
        for seat in range(rules.players):
            assert kept.view(seat) == finished.view(seat)
            assert kept.tricks_won(seat) == finished.tricks_won(seat)
