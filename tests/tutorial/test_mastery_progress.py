"""Recording answers, what is due, the quiz's due-first order, levels and resets."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from euchre_tutorial import mastery
from euchre_tutorial.mastery import SKILLS

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


def test_the_catalogue_holds_every_skill_the_site_teaches() -> None:
    assert [s.id for s in SKILLS] == [
        "left-bower",
        "trick-winner",
        "trump-order",
        "scoring",
        "ordering-up",
        "round-two",
        "going-alone",
        "leading",
        "discard",
        "bidding",
    ]


def test_a_skill_s_summary_holds_at_every_table() -> None:
    """The progress page is the same whatever the site's rules: no summary names a card
    that only some decks have at the bottom of trump ("down to nine" is false with 32
    cards) or says the bowers come first (the joker outranks them)."""
    for s in SKILLS:
        words = s.about.lower()
        for rules_bound in ("nine", "seven", " 9", " 7", "24", "32", "right bower, left bower"):
            assert rules_bound not in words, (s.id, rules_bound)


def test_a_miss_is_due_again_within_the_day() -> None:
    record = mastery.record_answer(None, "left-bower", "left bower follows hearts", False, NOW)
    assert mastery.due_items(record, now=NOW) == []
    later = mastery.due_items(record, "left-bower", now=NOW, until=NOW + timedelta(hours=6))
    assert [(e["skill"], e["item"]) for e in later] == [("left-bower", "left bower follows hearts")]
    assert mastery.due_items(record, "scoring", now=NOW, until=NOW + timedelta(hours=6)) == []


def test_right_answers_push_an_item_away() -> None:
    record = None
    when = NOW
    for _ in range(4):
        record = mastery.record_answer(record, "scoring", "a march scores two", True, when)
        when = datetime.fromisoformat(record["items"][0]["card"]["due"])
    assert when - NOW > timedelta(days=30)
    assert mastery.due_items(record, now=NOW + timedelta(days=20)) == []


def test_due_first_puts_due_items_first_then_new_then_the_rest() -> None:
    record = mastery.record_answer(None, "leading", "lead trump", True, NOW)
    record = mastery.record_answer(record, "discard", "void a suit", False, NOW)
    record = mastery.record_answer(record, "scoring", "march", False, NOW - timedelta(hours=1))
    later = NOW + timedelta(minutes=5)
    candidates = [
        ("leading", "lead trump"),
        ("round-two", "next"),
        ("discard", "void a suit"),
        ("scoring", "march"),
    ]
    assert mastery.due_first(record, candidates, later) == [
        ("scoring", "march"),
        ("discard", "void a suit"),
        ("round-two", "next"),
        ("leading", "lead trump"),
    ]
    # A skill id stands for all its items.
    assert mastery.due_first(record, ["leading", "scoring"], later) == ["scoring", "leading"]


def test_levels_rise_with_right_answers_and_reset_clears_one_skill() -> None:
    record = None
    when = NOW
    for _ in range(6):
        record = mastery.record_answer(record, "trump-order", "left under right", True, when)
        last, when = when, datetime.fromisoformat(record["items"][0]["card"]["due"])
    record = mastery.record_answer(record, "leading", "lead trump", False, last)
    levels = {e["skill"]: e for e in mastery.skill_levels(record, last + timedelta(days=1))}
    assert levels["trump-order"]["level_name"] == "Mastered"
    assert levels["leading"]["level"] == 1 and levels["discard"]["level"] == 0
    after = mastery.reset(record, "leading")
    assert [e["skill"] for e in after["items"]] == ["trump-order"]
    assert mastery.reset(record) == mastery.new_record()


def test_an_unknown_skill_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="unknown skill 'juggling'"):
        mastery.record_answer(None, "juggling", "three balls", True, NOW)
