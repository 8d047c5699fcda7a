"""Bid Euchre's quiz: its questions about the bidding (which bids you may make, who leads,
what a bid scores) and its tricks (with trump or at no-trump), each answer equal to the
engine's computed here from the question's own facts; the site's Bid Euchre page asks them
with the same widget, and every reply its build writes is the handler's."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import euchre
import pytest
from euchre import Deal, HandState, Phase, Rules
from euchre_tutorial.prebuilt import publish
from euchre_tutorial.prebuilt.store import expand
from euchre_tutorial.present.quiz import answers_of
from euchre_tutorial.quiz import LEVELS, QuestionId, QuizSpec, base_spec, build, check, parse_query
from euchre_tutorial.quiz.auction import action_value, bid_choices
from euchre_tutorial.quiz.levels import game_kinds, level_kinds
from euchre_tutorial.quiz.rules_code import parse_rules_code, rules_code
from euchre_tutorial.widgets import quiz as quiz_widget
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tutorial.test_prebuilt import ask, quiz_request

ROOT = Path(__file__).resolve().parents[2]
BID = Rules.profile("bid-euchre")
RULES = [
    "bid-euchre",
    rules_code(BID.replace(minimum_bid=4)),
    rules_code(BID.replace(no_trump=False)),
    rules_code(BID.replace(stick_the_dealer=False, calling_for_best=False)),
    rules_code(BID.replace(moon_points=24, defenders_score=False)),
]
SEEDS = st.integers(0, 2**32 - 1)


def state_of(score: dict[str, Any], rules: Rules) -> HandState:
    """The deal a question's recipe names, replayed here through the engine."""
    deal = Deal.random(score["deal"], dealer=score["dealer"], rules=rules)
    return HandState.replay(deal, rules, score["actions"])


@settings(max_examples=150, deadline=None)
@given(SEEDS, st.sampled_from(RULES), st.sampled_from(list(LEVELS)))
def test_the_bids_you_may_make_are_the_engines(seed: int, code: str, level: str) -> None:
    q = build(QuestionId("bids", level, None, seed, code))
    rules = parse_rules_code(code)
    state = state_of(q.score, rules)
    assert state.phase is Phase.AUCTION and state.to_act == 0  # your turn to bid
    assert [o.value for o in q.options] == [v for v, _ in bid_choices(rules)]
    assert set(q.answer) == {action_value(a) for a in state.legal_actions()}
    for option in q.options:  # a call refused has the engine's reason
        assert (option.value in q.answer) == (state.why_illegal(_call(option.value)) is None)
    if rules.stick_the_dealer and state.dealer == 0 and state.bidder is None:
        assert "pass" not in q.answer  # stuck: the other three passed
    assert q.trump_named is False and q.to_public()["trump"] is None
    if len(q.answer) == len(q.options):  # calls, not cards: never "Any card"
        assert q.answer_text().startswith("Any of them: Pass, ")


@settings(max_examples=150, deadline=None)
@given(SEEDS, st.sampled_from(RULES))
def test_the_first_leader_is_the_engines_and_the_high_bidder(seed: int, code: str) -> None:
    q = build(QuestionId("leader", "learning", None, seed, code))
    rules = parse_rules_code(code)
    state = state_of(q.score, rules)
    assert state.phase is Phase.PLAY and not state.current_trick and not state.tricks
    assert q.answer == (str(state.to_act),) and state.to_act == state.bidder
    bids = [a for a in state.actions if a.kind is euchre.ActionKind.BID]
    assert bids and (bids[-1].is_moon or bids[-1].tricks == state.bid)
    feedback = check(q, ["0" if q.answer != ("0",) else "1"])
    assert not feedback["correct"] and "won the bidding" in feedback["reasons"][0]


@settings(max_examples=200, deadline=None)
@given(SEEDS, st.sampled_from(RULES))
def test_what_a_bid_scores_is_the_engines(seed: int, code: str) -> None:
    q = build(QuestionId("bidscore", "confident", None, seed, code))
    rules = parse_rules_code(code)
    s = q.score
    bidders, defenders = euchre.score_hand(s["made"], s["moon"], rules, bid=s["bid"])
    answer = f"b{bidders}d{defenders}".replace("-", "n")
    assert q.answer == (answer,)
    assert len({o.value for o in q.options}) == len(q.options) >= 3
    made = s["made"] >= (rules.hand_size if s["moon"] else s["bid"])
    assert (bidders > 0) == made  # made: the tricks (or the moon's points); set: minus
    if not made:
        assert bidders == -(rules.moon_points if s["moon"] else s["bid"])
    reason = check(q, [answer])["reasons"][0]
    assert reason == euchre.explain_score(
        euchre.HandResult(
            (bidders, defenders) if rules.team_of(s["bidder"]) == 0 else (defenders, bidders),
            rules.team_of(s["bidder"]),
            s["made"],
            s["moon"],
            bid=s["bid"],
            tricks=rules.hand_size,
        )
    )


@settings(max_examples=200, deadline=None)
@given(SEEDS, st.sampled_from(RULES))
def test_the_cards_you_may_play_with_trump_or_at_no_trump_are_the_engines(
    seed: int, code: str
) -> None:
    q = build(QuestionId("plays", "learning", None, seed, code))
    legal = euchre.legal_plays(list(q.hand), q.trick[0], q.trump)
    assert q.answer == tuple(c.code for c in legal)
    rules = parse_rules_code(code)
    if q.trump is None:
        assert rules.no_trump and q.to_public()["trump"]["name"] == "No-trump"
        assert q.prompt.startswith("There is no trump.")


def test_no_trump_deals_come_up_where_the_table_plays_them() -> None:
    trumps = [
        build(QuestionId("plays", "learning", None, n, "bid-euchre")).trump for n in range(30)
    ]
    assert None in trumps and any(t is not None for t in trumps)
    no_nt = RULES[2]
    assert all(build(QuestionId("plays", "learning", None, n, no_nt)).trump for n in range(30))


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(1, 12), st.sampled_from(list(LEVELS)))
def test_a_bid_euchre_quiz_asks_its_own_kinds_the_same_way_twice(
    seed: int, count: int, level: str
) -> None:
    spec = QuizSpec(
        kinds=level_kinds(level, "bid"),
        seed=seed,
        count=count,
        level=level,
        rules="bid-euchre",
        base_rules="bid-euchre",
    )
    first = [build(qid).to_public() for qid in spec.question_ids()]
    build.cache_clear()
    assert first == [build(qid).to_public() for qid in spec.question_ids()]
    assert {q["kind"] for q in first} <= set(game_kinds("bid"))


def test_each_game_asks_only_its_own_kinds() -> None:
    with pytest.raises(ValueError, match="asks"):
        QuizSpec(kinds=("score",), rules="bid-euchre", base_rules="bid-euchre")
    with pytest.raises(ValueError, match="asks"):
        QuizSpec(kinds=("bids",))
    with pytest.raises(ValueError, match="no bids question"):
        build(QuestionId("bids", "learning", None, 1, "american"))
    base = base_spec({}, BID)
    assert base.kinds == level_kinds("learning", "bid") and base.rules == "bid-euchre"
    spec, notes = parse_query("kinds=bids,score", base)
    assert spec.kinds == ("bids",) and "“score” is not asked about this game" in notes[0]
    spec, notes = parse_query("rules=bid-euchre", base_spec({}, Rules()))
    assert spec.kinds == level_kinds("learning", "bid") and notes == []


def _call(value: str) -> euchre.Action:
    text = {"pass": "pass", "moon": "bid moon"}.get(value, f"bid {value[1:]}")
    return euchre.Action.parse(text)


# ---------------------------------------------------------------------- the page's quiz
@pytest.fixture(scope="module")
def bid_run() -> dict[str, Any]:
    """The replies a build writes for the Bid Euchre page's quiz (``bid-quiz``)."""
    os.environ.setdefault(publish.CACHE_ENV, str(ROOT / "build" / "prebuilt-cache"))
    publish.collect()
    try:
        quiz_widget.render({"id": "bid-quiz", **quiz_widget.check_config({}, BID)}, BID)
    finally:
        made = publish.forget()
    return {name.split(".")[0]: json.loads(content) for name, content in made.items()}


def test_the_bid_euchre_pages_quiz_is_answered_to_its_end_before_python(
    bid_run: dict[str, Any],
) -> None:
    data = bid_run["quiz"]
    ids = data["ids"]
    assert len(ids) == 10 and all(i.endswith("@bid-euchre") for i in ids)
    assert {QuestionId.parse(i).kind for i in ids} == set(level_kinds("learning", "bid"))
    for n, qid in enumerate(ids):
        answers = [",".join(a) for a in answers_of(build(QuestionId.parse(qid)).to_public())]
        for score in range(n + 1):
            assert f"q|{n}|{score}|" in data["r"]
            assert all(f"a|{n}|{score}|{a}" in data["r"] for a in answers), (n, score)
        assert all(f"r|{n}|{a}" in data["r"] for a in answers)
    assert all(f"e|{score}" in data["r"] for score in range(len(ids) + 1))


def test_every_reply_of_the_bid_euchre_quiz_run_is_the_engines(bid_run: dict[str, Any]) -> None:
    data = bid_run["quiz"]
    rng = random.Random(11)
    for key in data["r"]:
        method, payload = quiz_request(data, key, rng, BID)
        assert expand(data, key) == ask(method, payload), key
