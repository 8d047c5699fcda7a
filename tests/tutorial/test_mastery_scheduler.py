"""The mastery map's scheduler is FSRS: due dates after right and wrong answers match the
fsrs package (reviewed directly) and pinned reference values, and follow FSRS's published
rules (learning steps of 1 and 10 minutes; at 90% retention the interval is the stability),
except that a right answer given before the item is due changes nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import fsrs
from euchre_tutorial.mastery import scheduler
from hypothesis import given, settings
from hypothesis import strategies as st

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "fsrs_reference.json").read_text())
START = datetime.fromisoformat(FIXTURE["start"])


def run(answers: str, gaps: list[float] | None = None) -> dict[str, object]:
    card = None
    when = START
    for i, mark in enumerate(answers):
        card = scheduler.review(card, mark == "G", when)
        due = datetime.fromisoformat(str(card["due"]))
        when = due if gaps is None else when + timedelta(hours=gaps[i])
    assert card is not None
    return card


def test_the_package_is_the_pinned_version() -> None:
    from importlib.metadata import version

    assert version("fsrs") == "6.3.2"


def test_due_dates_match_the_reference_values() -> None:
    for answers, (due, stability) in FIXTURE["sequences"].items():
        card = run(answers)
        assert card["due"] == due, answers
        assert round(float(card["stability"]), 4) == stability, answers  # type: ignore[arg-type]


def test_learning_steps_are_one_and_ten_minutes() -> None:
    assert datetime.fromisoformat(str(run("A")["due"])) - START == timedelta(minutes=1)
    assert datetime.fromisoformat(str(run("G")["due"])) - START == timedelta(minutes=10)


@settings(max_examples=60, deadline=None)
@given(
    answers=st.text(alphabet="GA", min_size=1, max_size=8),
    gaps=st.lists(st.floats(min_value=0.01, max_value=2000), min_size=8, max_size=8),
)
def test_every_due_date_matches_the_package(answers: str, gaps: list[float]) -> None:
    package = fsrs.Scheduler(enable_fuzzing=False)
    card = fsrs.Card(card_id=1, due=START)
    mine = None
    when = START
    for i, mark in enumerate(answers):
        rating = fsrs.Rating.Good if mark == "G" else fsrs.Rating.Again
        if mark == "A" or when >= card.due:  # a right answer before due changes nothing
            card, _log = package.review_card(card, rating, when)
        mine = scheduler.review(mine, mark == "G", when)
        assert mine["due"] == card.due.isoformat()
        if card.state is fsrs.State.Review and mark == "G" and card.last_review is not None:
            # At 90% desired retention FSRS's interval equals the stability (rounded days).
            days = (card.due - card.last_review) / timedelta(days=1)
            assert days == max(1, round(float(card.stability or 0)))
        when = when + timedelta(hours=gaps[i])


def test_right_answers_before_the_item_is_due_do_not_stack_up() -> None:
    """Two right answers thirty seconds apart are one: the item is not learned yet."""
    first = scheduler.review(None, True, START)
    again = scheduler.review(first, True, START + timedelta(seconds=30))
    assert again == first and not scheduler.learned(again)
    assert scheduler.learned(
        scheduler.review(first, True, datetime.fromisoformat(str(first["due"])))
    )
    # in review too: an early right answer neither moves the due date nor grows the stability
    learned = run("GG")
    early = datetime.fromisoformat(str(learned["due"])) - timedelta(hours=1)
    assert scheduler.review(learned, True, early) == learned
    assert scheduler.review(learned, False, early)["due"] != learned["due"]


def test_no_fuzz_the_same_answers_give_the_same_dates() -> None:
    assert run("GGGG") == run("GGGG")


def test_times_need_a_zone() -> None:
    assert scheduler.parse_time("2026-03-01T12:00:00Z") == datetime(2026, 3, 1, 12, tzinfo=UTC)
