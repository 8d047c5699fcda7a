"""A practice quiz asks again every item that is due, wherever it was missed: an item the
pool of random questions leaves out (one missed in free play, say) gets a question found
for it, of the quiz's own kinds, level, traps and rules."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from euchre import Rules, Suit
from euchre_tutorial.mastery.items import Item, item_of_question, left_bower_item, plain_jack_item
from euchre_tutorial.mastery.progress import record_answer
from euchre_tutorial.mastery.record import new_record
from euchre_tutorial.mastery.render import progress_html
from euchre_tutorial.mastery.review_questions import question_for
from euchre_tutorial.quiz import LEVELS, QuestionId, QuizSpec, base_spec, build
from euchre_tutorial.widgets.quiz import practice_ids

NOW = datetime(2026, 12, 4, 12, tzinfo=UTC)
LATER = NOW + timedelta(days=1)


def trains(qid: str) -> Item:
    return item_of_question(build(QuestionId.parse(qid)))


def missed(*items: Item) -> dict[str, object]:
    record: object = new_record()
    for skill, item in items:
        record = record_answer(record, skill, item, False, NOW)
    assert isinstance(record, dict)
    return record


def spec_at(level: str, seed: int = 1, **config: object) -> QuizSpec:
    return base_spec({"level": level, "seed": seed, **config}, Rules())


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_item_a_quiz_of_that_level_asks_can_be_found_on_purpose(level: str) -> None:
    spec = spec_at(level)
    asked = {
        trains(str(qid))
        for seed in range(12)
        for qid in QuizSpec(
            spec.kinds, seed, 50, spec.level, spec.traps, spec.rules, spec.base_rules
        ).question_ids()
    }
    assert len(asked) >= 10
    for item in sorted(asked):
        qid = question_for(spec, item)
        assert qid is not None, item
        found = QuestionId.parse(qid)
        assert (
            found.kind in spec.kinds and found.level == spec.level and found.rules == spec.rules
        ), qid
        assert trains(qid) == item


@pytest.mark.parametrize("seed", range(6))
def test_items_missed_in_a_game_come_first_in_the_next_practice_quiz(seed: int) -> None:
    # a jack of the other colour under spades was never in five practice quizzes in a row
    # when the pool of random questions was all there was
    items = [
        plain_jack_item(Suit.SPADES),
        left_bower_item(Suit.HEARTS),
        ("trick-winner", "following the suit led"),
    ]
    spec = spec_at("learning", seed)
    ids = practice_ids(spec, missed(*items), LATER)
    assert len(ids) == spec.count
    assert sorted(trains(qid) for qid in ids[:3]) == sorted(items)
    assert all(QuestionId.parse(qid).kind in spec.kinds for qid in ids)


def test_an_item_no_question_asks_leaves_the_quiz_as_it_was() -> None:
    spec = spec_at("confident")
    plain = practice_ids(spec, new_record(), LATER)
    decided = practice_ids(
        spec,
        missed(
            ("discard", "what the dealer may discard"), ("round-two", "the stuck dealer must call")
        ),
        LATER,
    )
    assert decided == plain and len(plain) == spec.count


def test_a_quiz_without_traps_gets_no_trap_for_a_due_item() -> None:
    spec = spec_at("learning", traps=0)
    assert question_for(spec, plain_jack_item(Suit.SPADES)) is None  # only a trap asks it
    ids = practice_ids(
        spec, missed(plain_jack_item(Suit.SPADES), left_bower_item(Suit.CLUBS)), LATER
    )
    assert len(ids) == spec.count and all(QuestionId.parse(qid).trap is None for qid in ids)
    found = question_for(spec, ("left-bower", "a card's suit when clubs are trump"))
    assert found is not None and QuestionId.parse(found).trap is None


def test_the_same_record_and_settings_give_the_same_quiz() -> None:
    spec, record = (
        spec_at("tournament", 9),
        missed(left_bower_item(Suit.CLUBS), ("scoring", "a lone march")),
    )
    assert practice_ids(spec, record, LATER) == practice_ids(spec, record, LATER)


def test_the_progress_page_says_where_due_items_are_asked_again() -> None:
    def review_lines(*items: Item) -> list[str]:
        return re.findall(
            r'<p class="eu-pg-review">(.*?)</p>', progress_html(missed(*items), LATER)
        )

    (quiz,) = review_lines(plain_jack_item(Suit.SPADES))
    assert 'href="../../practice/quiz/"' in quiz
    (play,) = review_lines(("discard", "the dealer's discard"))
    assert 'href="../../practice/play/"' in play and "coach" in play
    assert 'href="../../practice/rooms/"' in play
    assert review_lines(plain_jack_item(Suit.SPADES), ("going-alone", "going alone")) == [
        quiz,
        play,
    ]
    assert review_lines() == []
