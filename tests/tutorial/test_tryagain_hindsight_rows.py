"""Hindsight reads right to a beginner, and every figure on its table is the engine's for
that deal: each row's tricks and points are :func:`euchre.players.hindsight` at that moment,
the best card is one the engine rates best (the card played, when it was as good), "the
same" stands where the result would not change, points are named for the side that scores
them (a score is never negative), and the last card's row is how the deal really ended."""

from __future__ import annotations

import functools
import re

import euchre
import pytest
from euchre import HandState, Rules
from euchre.players import hindsight, play_cost
from euchre_tutorial.present.scores import scored_text
from euchre_tutorial.tryagain.branch import branch, finished_deal
from euchre_tutorial.tryagain.hindsight import PlayReview, review_plays, tricks_of_side
from euchre_tutorial.tryagain.render import hindsight_html, plays_html, result_words
from euchre_tutorial.tryagain.session import open_session
from euchre_tutorial.tryagain.sheet import answer_key_html

SEEDS = range(100)
ROW = re.compile(r'<tr class="eu-ta-(?:cost|fine)">(.*?)</tr>', re.S)
CELL = re.compile(r"<td>(.*?)</td>", re.S)
NEGATIVE = re.compile(r"(?<![\w♣♦♥♠])[-−]\s?\d")


@functools.cache
def deal(seed: int, table: str = "4") -> HandState:
    return finished_deal(seed, Rules().at_table(table))


def learner(line: HandState, seed: int) -> int:
    """A seat that played cards in the deal (the seats take turns over the seeds)."""
    playing = sorted(line.active_seats())
    return playing[seed % len(playing)]


def check_row(line: HandState, review: PlayReview) -> None:
    position = branch(line, review.k)
    found = dict(hindsight(position))
    assert position.to_act == review.seat and review.rules == line.rules
    played, best = found[review.played], found[review.best]
    assert (review.tricks_played, review.points_played) == (played.tricks, played.points)
    assert (review.tricks_best, review.points_best) == (best.tricks, best.points)
    assert review.tricks_best == max(o.tricks for o in found.values())
    assert review.cost == play_cost(position, review.played)
    assert review.same == (review.cost == 0)
    if review.cost == 0:
        assert review.best == review.played  # a best play is its own best card


@pytest.mark.parametrize("seed", SEEDS)
def test_every_row_is_the_engine_s_figure_for_that_deal(seed: int) -> None:
    line = deal(seed)
    me = learner(line, seed)
    reviews = review_plays(line, me)
    assert reviews
    for review in reviews:
        check_row(line, review)
    last = reviews[-1]
    assert (result := line.result) is not None
    assert (last.tricks_played, last.points_played) == (tricks_of_side(line, me), result.points)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_table_says_the_same_and_never_a_negative_score(seed: int) -> None:
    line = deal(seed)
    me = learner(line, seed)
    reviews = review_plays(line, me)
    rows = ROW.findall(plays_html(reviews))
    assert len(rows) == len(reviews)
    for review, row in zip(reviews, rows, strict=True):
        _played, after, best = CELL.findall(row)
        assert not NEGATIVE.search(after + best), row
        words = result_words(review.tricks_played, review.points_played, line.rules, me)
        assert after == words.replace("'", "&#x27;")
        assert scored_text(line.rules, review.points_played, me) in after
        if review.same:
            assert best == "the same"
        else:
            assert best.startswith(f"{review.best.card}: ") and best != "the same"


def test_a_card_as_good_as_the_best_reads_the_same_not_another_card() -> None:
    """ "A♠ | 1 trick, -1 point | 9♣: 1 trick, -1 point" read as a mistake."""
    seen = 0
    for seed in SEEDS:
        line = deal(seed)
        me = learner(line, seed)
        for review in review_plays(line, me):
            position = branch(line, review.k)
            top = [a for a, o in hindsight(position) if o.tricks == review.tricks_best]
            if review.played in top and top[0] != review.played:
                seen += 1
                assert review.same and review.best == review.played
    assert seen, "no deal in a hundred where the engine's first best card was not the one played"


def test_points_are_named_for_the_side_that_scores() -> None:
    rules = Rules()
    assert result_words(2, (0, 1), rules, 0) == "2 tricks; West and East +1"
    assert result_words(2, (0, 1), rules, 1) == "2 tricks; you and North +1"
    assert result_words(0, (0, 2), rules, 0) == "0 tricks; West and East +2"
    three = Rules().at_table("3")
    assert result_words(3, (0, 2, 2), three, 1) == "3 tricks; you +2, Player 2 +2"


def test_a_line_that_ended_better_than_hindsight_says_so_beside_it() -> None:
    """A row said "1 trick" where the deal as played gave the learner's side 2: the others
    did not play their best. The summary says how the deal really ended, and the label
    says why it can differ."""
    for seed in SEEDS:
        line = deal(seed)
        me = learner(line, seed)
        reviews = review_plays(line, me)
        ended = tricks_of_side(line, me)
        if any(r.tricks_played < ended for r in reviews):
            break
    else:
        pytest.fail("no deal in a hundred where a side did better than best play allows")
    k = next(
        k
        for k, seat in enumerate(line.actors)
        if seat == me and len(branch(line, k).legal_actions()) > 1
    )
    session = open_session(euchre.to_share_code(line), k)
    html = hindsight_html(session, euchre.to_share_code(line))
    assert (result := line.result) is not None
    assert (
        f"it ended {result_words(ended, result.points, line.rules, me)}".replace("'", "&#x27;")
        in html
    )
    assert "a deal can end better for you than this" in html


@pytest.mark.parametrize("table", ["2", "3", "5", "6"])
def test_other_tables_count_the_side_as_the_engine_does(table: str) -> None:
    for seed in range(6):
        line = deal(seed, table)
        for me in sorted(line.active_seats()):
            reviews = review_plays(line, me)
            for review in reviews[-2:]:
                check_row(line, review)
            if reviews:
                assert line.result is not None
                assert reviews[-1].tricks_played == tricks_of_side(line, me)
                assert reviews[-1].points_played == line.result.points


def test_the_teacher_s_answer_key_has_no_negative_score() -> None:
    for seed in range(20):
        line = deal(seed)
        k = next(k for k, a in enumerate(line.actions) if a.kind == "play" and k > 8)
        html = answer_key_html(line, k)
        text = re.sub(r"<[^>]+>", " ", html)
        assert not NEGATIVE.search(text), text
        assert "for your side;" in text
