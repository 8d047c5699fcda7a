"""Left-bower traps: each trap question holds its trap; the others hold no tricky jack;
traps occur at the requested rate."""

from __future__ import annotations

import math

from euchre_tutorial.quiz import KIND_TRAPS, QuestionId, QuizSpec, build, has_tricky_card, traps_in
from hypothesis import given, settings
from hypothesis import strategies as st

TRAPPED_KINDS = [k for k, traps in KIND_TRAPS.items() if traps]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TRAPPED_KINDS), st.integers(0, 2**32 - 1), st.data())
def test_a_trap_question_holds_its_trap(kind: str, seed: int, data: st.DataObject) -> None:
    trap = data.draw(st.sampled_from(KIND_TRAPS[kind]))
    q = build(QuestionId(kind, "confident", trap, seed, "american"))
    assert trap in traps_in(q)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TRAPPED_KINDS), st.integers(0, 2**32 - 1))
def test_a_plain_question_has_no_tricky_jack(kind: str, seed: int) -> None:
    q = build(QuestionId(kind, "learning", None, seed, "american"))
    assert not has_tricky_card(q)
    assert traps_in(q) == set()


def test_the_left_bower_led_is_seen() -> None:
    q = build(QuestionId("winner", "learning", "left-led", 4, "american"))
    assert q.trick[0].rank.letter == "J" and q.trick[0].suit is q.trump.partner


def measured_rate(rate: int, quizzes: int = 40, count: int = 50) -> tuple[float, int]:
    hits = total = 0
    for seed in range(quizzes):
        spec = QuizSpec(
            kinds=("plays", "winner", "suit", "order"),
            seed=seed * 7919 + rate,
            count=count,
            level="confident",
            traps=rate,
        )
        for qid in spec.question_ids():
            q = build(qid)
            total += 1
            hits += has_tricky_card(q)
    return hits / total, total


def test_traps_occur_at_the_requested_rate() -> None:
    for rate in (0, 20, 50, 80, 100):
        measured, n = measured_rate(rate)
        p = rate / 100
        tolerance = 4 * math.sqrt(max(p * (1 - p), 1e-9) / n) + 1e-9
        assert abs(measured - p) <= tolerance, (rate, measured)
