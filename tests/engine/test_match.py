"""Playing for rubber points over an agreed number of rubbers (source 002), each test from
the sentence of 002 it comes from."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest
from euchre import Game, Rules
from euchre.match import Match, rubber_points_for_game, rubbers_of
from euchre.rng import SeededRandom
from hypothesis import given, settings
from hypothesis import strategies as st

RUBBER = Rules().replace(game_form="rubber", game_to=5)
CUTTHROAT = RUBBER.at_table("3")
SIX = RUBBER.at_table("6-ace")


def play(match: Match, seed: int) -> Match:
    rng = SeededRandom(seed)
    while not match.over:
        match = match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.fixture(scope="module")
def three_rubbers() -> Match:
    return play(Match.new(RUBBER, seed=5, rubbers=3), 5)


def test_a_rubber_is_won_by_the_first_side_to_win_two_games(three_rubbers: Match) -> None:
    """ "A player or partnership wins a rubber by winning a series of two games. A rubber
    continues until one player or partnership has won two games.\""""
    results = three_rubbers.results
    assert len(results) == 3 and three_rubbers.rubbers_won == 3
    for result in results:
        assert result.winner is not None and result.games_won[result.winner] == 2
        assert sum(result.games_won) == len(result.games) and 2 <= len(result.games) <= 3
        last = result.games[-1]
        assert last.winner == result.winner


def test_the_agreed_number_of_rubbers_is_played(three_rubbers: Match) -> None:
    """ "Players agree beforehand how many rubbers will be played.\""""
    assert three_rubbers.over and three_rubbers.legal_actions() == []
    assert len(three_rubbers.games) == sum(len(r.games) for r in three_rubbers.results)
    assert three_rubbers.why_illegal("pass") == "the match is over"
    with pytest.raises(ValueError, match="the match is over"):
        three_rubbers.apply("pass")


def test_rubber_points_are_kept_by_the_rubbers_winner_only(three_rubbers: Match) -> None:
    """ "The winner of a game receives 1 rubber point if any opponent scored 3 or 4 game
    points, 2 rubber points if the highest opponent score was 1 or 2 game points, and 3 rubber
    points if no opponent scored any game points ... The winner of a rubber ... receives bonus
    rubber points equal to the number of players or partnerships ... rubber points earned by
    all other players or partnerships are lost.\""""
    totals = [0, 0]
    for result in three_rubbers.results:
        winner = result.winner
        assert winner is not None
        earned = sum(
            rubber_points_for_game(g.score, winner) for g in result.games if g.winner == winner
        )
        assert result.points[winner] == earned + 2
        assert all(p == 0 for t, p in enumerate(result.points) if t != winner)
        totals = [t + p for t, p in zip(totals, result.points, strict=True)]
    assert three_rubbers.points == tuple(totals)


def test_the_overall_winner_has_the_highest_rubber_score(three_rubbers: Match) -> None:
    """ "The winner is the player or partnership with the highest rubber score after all
    rubbers have been played.\""""
    points = three_rubbers.points
    best = max(points)
    if points.count(best) == 1:
        assert three_rubbers.winner == points.index(best)
    else:
        assert three_rubbers.winner is None and len(three_rubbers.leaders) > 1


def test_games_follow_on_with_successive_seeds(three_rubbers: Match) -> None:
    games = three_rubbers.games
    assert [g.seed for g in games] == list(range(5, 5 + len(games)))
    for before, after in pairwise(games):
        assert after.history[0].dealer == (before.history[-1].dealer + 1) % 4


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_three_players_take_two_to_four_games_a_rubber(seed: int) -> None:
    """ "With three players, a rubber will consist of at least two games and no more than four
    games.\""""
    match = play(Match.new(CUTTHROAT, seed=seed, rubbers=1), seed)
    (result,) = match.results
    assert 2 <= len(result.games) <= 4
    assert result.winner is not None and result.points[result.winner] >= 1 + 1 + 3
    assert match.winner == result.winner


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_six_players_take_two_to_seven_games_and_a_bonus_of_six(seed: int) -> None:
    """ "With six players a rubber will consist of at least two games and might include as many
    as seven games ... the winner of a rubber in a six player game receives rubber points
    earned by winning the two games for the rubber, plus six bonus rubber points.\""""
    match = play(Match.new(SIX.replace(game_to=3), seed=seed, rubbers=1), seed)
    (result,) = match.results
    assert 2 <= len(result.games) <= 7
    winner = result.winner
    assert winner is not None
    earned = sum(
        rubber_points_for_game(g.score, winner) for g in result.games if g.winner == winner
    )
    assert result.points[winner] == earned + 6


def test_laps_carry_the_excess_into_the_next_game() -> None:
    """ "Laps - A player (or partnership) that wins a game by making more than 5 (or 7, or 10)
    points may carry forward the excess to the next game.\""""
    match = play(Match.new(RUBBER.replace(laps=True), seed=8, rubbers=2), 8)
    for before, after in pairwise(match.games):
        assert after.start_score == before.carry_over()
    assert any(any(g.carry_over()) for g in match.games)


def test_laps_never_carry_a_whole_game() -> None:
    """At a target of 1 a march would carry a whole game over: the carry stops one short, so
    every game of the match is played."""
    match = play(Match.new(RUBBER.replace(laps=True, game_to=1), seed=6, rubbers=2), 6)
    assert match.over and all(max(g.start_score) < 1 and g.history for g in match.games)
    assert any(max(g.carry_over()) >= 1 for g in match.games)


def test_a_slam_counts_double() -> None:
    """ "Slam - A game counts double if the losing players or partnerships scored no points.\""""
    match = play(Match.new(RUBBER.replace(slam=True), seed=3, rubbers=2), 3)
    for result in match.results:
        winner = result.winner
        assert winner is not None
        for game in result.games:
            if game.winner == winner:
                single = rubber_points_for_game(game.score, winner)
                assert rubber_points_for_game(game.score, winner, slam=True) == (
                    2 * single if game.is_slam() else single
                )
        earned = sum(
            rubber_points_for_game(g.score, winner, True)
            for g in result.games
            if g.winner == winner
        )
        assert result.points[winner] == earned + 2


def test_a_fast_game_is_one_game() -> None:
    """ "In the Fast Game, the first player or partnership to reach the game point is the
    winner.\""""
    match = play(Match.new(Rules().replace(game_to=5), seed=2), 2)
    assert len(match.games) == 1 and match.results == []
    assert match.winner == match.games[0].winner is not None
    with pytest.raises(ValueError, match="single game"):
        Match.new(Rules(), rubbers=2)
    with pytest.raises(ValueError, match="one or more rubbers"):
        Match.new(RUBBER, rubbers=0)


def _won(*score: int) -> Game:
    return replace(Game.new(RUBBER, seed=1), score=tuple(score))


@pytest.mark.parametrize(("slam", "kept"), [(False, (3 + 1 + 2, 0)), (True, (6 + 1 + 2, 0))])
def test_the_rubber_arithmetic_of_002(slam: bool, kept: tuple[int, int]) -> None:
    """A shut-out game (3 points, doubled by a slam), a game lost 2 to 5 (2 points to the
    other side, dropped when it loses the rubber), a game won 5 to 4 (1 point), then the bonus
    of 2 for two partnerships."""
    games = [_won(5, 0), _won(2, 5), _won(5, 4), _won(0, 5)]
    first, second = rubbers_of(games, 2, slam)
    assert (first.winner, first.games_won, first.points) == (0, (2, 1), kept)
    assert first.earned[1] == 2
    assert (second.winner, second.games_won, second.points) == (None, (0, 1), (0, 0))
