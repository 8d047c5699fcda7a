"""The quiz, the lessons and free play feed the mastery map: every question kind names its
skill and item, practice puts due items first, and a refused move names what to work on."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import euchre
import pytest
from euchre import Rules
from euchre_tutorial import bridge, mastery
from euchre_tutorial.mastery.items import item_of_mistake, item_of_question
from euchre_tutorial.mastery.skills import is_skill
from euchre_tutorial.quiz import KIND_TRAPS, KINDS, QuestionId, base_spec, build
from euchre_tutorial.quiz.levels import game_kinds
from euchre_tutorial.widgets.game import Save, _game
from euchre_tutorial.widgets.quiz import practice_ids

from tests.free_play import model_of

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


def value(method: str, payload: Any) -> Any:
    reply = json.loads(bridge.dispatch(method, json.dumps(payload)))
    assert reply["ok"], reply
    return reply["value"]


@pytest.mark.parametrize(("kind", "trap"), [(k, t) for k in KINDS for t in (None, *KIND_TRAPS[k])])
def test_every_question_kind_and_trap_names_a_skill_and_an_item(
    kind: str, trap: str | None
) -> None:
    level = "confident" if kind == "score" else "learning"
    rules = "american" if kind in game_kinds("euchre") else "bid-euchre"
    question = build(QuestionId(kind, level, trap, 11, rules))
    skill_id, item = item_of_question(question)
    assert is_skill(skill_id)
    assert item and item == " ".join(item.split()) and len(item) <= 80
    # the record accepts it as it is
    mastery.record_answer(None, skill_id, item, False, NOW)


def test_the_items_follow_the_question_kind() -> None:
    def skill_of(kind: str, trap: str | None) -> str:
        level = "confident" if kind == "score" else "learning"
        return item_of_question(build(QuestionId(kind, level, trap, 4, "american")))[0]

    assert skill_of("plays", "left-led") == "left-bower"
    assert skill_of("winner", "left-only-trump") == "left-bower"
    assert skill_of("winner", None) == "trick-winner"
    assert skill_of("order", None) == "trump-order"
    assert skill_of("score", None) == "scoring"
    q = build(QuestionId("suit", "learning", "left-suit-led", 4, "american"))
    assert item_of_question(q)[1] == f"the left bower when {q.trump.plural} are trump"


def test_every_quiz_answer_carries_its_mastery_field() -> None:
    new = value("quiz.new", {"config": {"count": 3}, "rules": {}, "seed": 9})
    ids = [q["id"] for q in new["questions"]]
    question = build(QuestionId.parse(ids[0]))
    wrong = next(o.value for o in question.options if o.value not in question.answer)
    reply = value(
        "quiz.answer",
        {
            "run": {"ids": ids, "answers": [], "query": ""},
            "picked": [wrong] if question.pick == "one" else [],
        },
    )
    skill_id, item = item_of_question(question)
    assert reply["mastery"] == {"skill": skill_id, "item": item, "correct": False}


def test_practice_puts_the_missed_item_first() -> None:
    spec = base_spec({}, Rules())
    plain = practice_ids(spec, None, NOW)
    # an item that the plain quiz does not start with, but that the pool holds
    wide = practice_ids(
        spec, mastery.record_answer(None, "discard", "nothing quizzed", True, NOW), NOW
    )
    items = [item_of_question(build(QuestionId.parse(i))) for i in wide]
    first = item_of_question(build(QuestionId.parse(plain[0])))
    target = next(it for it in items[1:] if it != first)
    record = mastery.record_answer(None, target[0], target[1], False, NOW)
    later = NOW + timedelta(hours=2)
    reply = value(
        "quiz.new",
        {
            "config": {},
            "rules": {},
            "seed": spec.seed,
            "progress": json.dumps(record),
            "now": later.isoformat(),
        },
    )
    got = [item_of_question(build(QuestionId.parse(q["id"]))) for q in reply["questions"]]
    assert got[0] == target
    assert len(got) == spec.count


def _summary(new: dict[str, Any]) -> str:
    """The summary of the quiz ``quiz.new`` gave, every question answered right."""
    ids = [q["id"] for q in new["questions"]]
    answers = [{"id": i, "given": list(build(QuestionId.parse(i)).answer)} for i in ids]
    run = {"ids": ids, "answers": answers, "query": new["spec"]["query"]}
    return str(
        value("quiz.view", {"run": run, "phase": "summary", "config": {}, "rules": {}})["html"]
    )


def test_only_a_quiz_its_link_gives_is_offered_as_a_link_to_this_quiz() -> None:
    """A practice quiz picked from this browser's progress is not what its settings' link
    gives a friend: its summary says so (it once offered "Link to this quiz", and the
    link opened other questions)."""
    record = mastery.record_answer(None, "scoring", "a march", False, NOW)
    picked = value(
        "quiz.new",
        {
            "config": {},
            "rules": {},
            "seed": 11,
            "progress": json.dumps(record),
            "now": NOW.isoformat(),
        },
    )
    plain = value("quiz.new", {"config": {}, "rules": {}, "seed": 11})
    assert [q["id"] for q in picked["questions"]] != [q["id"] for q in plain["questions"]]
    assert "Link to a quiz with these settings" in _summary(picked)
    assert "picked for you from your own progress" in _summary(picked)
    assert "Link to this quiz" in _summary(plain)
    assert "Link to this quiz" in _summary(
        value("quiz.new", {"config": {}, "rules": {}, "query": "seed=5&count=4"})
    )


def test_a_share_link_keeps_its_own_questions() -> None:
    link = value("quiz.new", {"config": {}, "rules": {}, "query": "seed=5&count=4"})
    record = mastery.record_answer(None, "scoring", "a march", False, NOW)
    again = value(
        "quiz.new",
        {"config": {}, "rules": {}, "query": "seed=5&count=4", "progress": json.dumps(record)},
    )
    assert [q["id"] for q in again["questions"]] == [q["id"] for q in link["questions"]]


def test_a_damaged_progress_record_leaves_the_quiz_as_it_was() -> None:
    plain = value("quiz.new", {"config": {}, "rules": {}, "seed": 3})
    odd = value("quiz.new", {"config": {}, "rules": {}, "seed": 3, "progress": "{not json"})
    assert [q["id"] for q in odd["questions"]] == [q["id"] for q in plain["questions"]]


def _refusable_play(seed: int) -> tuple[dict[str, Any], str] | None:
    """A free-play model where the learner must follow suit, and a card that does not."""
    model = model_of(value("game.new", {"profile": "american", "seed": seed}))
    for _ in range(80):
        while model["computer_turn"]:
            model = model_of(value("game.next", {"save": model["save"]}))
        if model["winner"] or model["review"]:
            return None
        state = _game(Save.unpack(model["save"])).state
        if state.phase is euchre.Phase.PLAY and state.to_act == 0 and state.current_trick:
            hand = state.hand(0)
            legal = {a.cards[0] for a in state.legal_actions()}
            wrong = [c for c in hand if c not in legal]
            if wrong:
                return model, wrong[0].code
        choices = model["table"]["choices"]
        if choices:
            model = model_of(
                value("game.act", {"save": model["save"], "action": choices[0]["action"]})
            )
            continue
        for code in model["table"]["seats"][0]["hand"]:
            reply = value("game.act", {"save": model["save"], "card": code})
            if "frames" in reply:
                model = model_of(reply)
                break
    return None


def test_a_refused_play_in_free_play_names_its_skill() -> None:
    found = next(f for f in (_refusable_play(s) for s in range(1, 40)) if f is not None)
    model, code = found
    reply = value("game.act", {"save": model["save"], "card": code})
    assert reply["illegal"]
    assert reply["mastery"]["correct"] is False
    assert reply["mastery"]["skill"] in ("left-bower", "trick-winner")


def test_a_card_not_held_teaches_nothing() -> None:
    model = model_of(value("game.new", {"profile": "american", "seed": 5}))
    while model["computer_turn"]:
        model = model_of(value("game.next", {"save": model["save"]}))
    state = _game(Save.unpack(model["save"])).state
    not_mine = next(c for c in euchre.make_deck() if c not in state.hand(0))
    reply = value("game.act", {"save": model["save"], "card": not_mine.code})
    assert reply["illegal"] and reply["mastery"] is None


def test_the_stuck_dealer_refused_a_pass_is_round_two() -> None:
    rules = Rules.profile("stick-the-dealer")
    state = euchre.HandState.new(euchre.Deal.random(seed=3, dealer=0, rules=rules), rules)
    for _ in range(7):
        state = state.apply("pass")
    assert state.to_act == 0 and state.why_illegal("pass") is not None
    assert item_of_mistake(state, 0, "pass") == ("round-two", "the stuck dealer must call")


def test_left_bower_refusal_is_the_left_bower_item() -> None:
    rules = Rules.profile("american")
    for seed in range(200):
        state = euchre.HandState.new(euchre.Deal.random(seed=seed, dealer=3, rules=rules), rules)
        state = state.apply("order")
        if state.phase is euchre.Phase.DISCARD:
            state = state.apply(state.legal_actions()[0])
        trump = state.trump
        assert trump is not None
        left = euchre.left_bower(trump)
        # the first player leads trump; seat 1 holds the left bower and some other suit
        if state.to_act != 0 or left not in state.hand(1):
            continue
        leads = [
            a
            for a in state.legal_actions()
            if euchre.effective_suit(a.cards[0], trump) is trump and a.cards[0] != left
        ]
        if not leads:
            continue
        after = state.apply(leads[0])
        others = [c for c in after.hand(1) if euchre.effective_suit(c, trump) is not trump]
        if not others:
            continue
        assert after.why_illegal(f"play {others[0].code}") is not None
        assert item_of_mistake(after, 1, f"play {others[0].code}") == (
            "left-bower",
            f"the left bower when {trump.plural} are trump",
        )
        return
    pytest.fail("no deal put the left bower in seat 1's hand against a trump lead")


def test_an_illegal_card_in_a_lesson_is_a_counted_mistake_with_its_item() -> None:
    from euchre_tutorial.lessons import default_lessons
    from euchre_tutorial.lessons.runner import replay

    checked = 0
    for lesson in default_lessons():
        for index in range(len(lesson.steps)):
            run = replay(lesson, index, [])
            state, seat = run.state, run.step.seat
            if (
                state.phase is not euchre.Phase.PLAY
                or state.to_act != seat
                or not state.current_trick
            ):
                continue
            legal = {a.cards[0] for a in state.legal_actions()}
            wrong = [c for c in state.hand(seat) if c not in legal]
            if not wrong:
                continue
            reply = value(
                "lesson.act",
                {"lesson": lesson.id, "step": index, "moves": [], "card": wrong[0].code},
            )
            assert reply["rejected"]["mistake"] is True
            mistake = item_of_mistake(state, seat, f"play {wrong[0].code}")
            assert mistake is not None
            assert reply["mastery"] == {"skill": mistake[0], "item": mistake[1], "correct": False}
            checked += 1
    assert checked >= 1


def test_a_lesson_step_that_asks_for_a_bid_feeds_that_decision_right_or_wrong() -> None:
    """The order-up lesson asks for "order": passing is a miss for ordering up, ordering
    alone a miss for going alone, and ordering up is right; a step that asks for a lead
    (to show a card's rank) feeds no decision of play."""

    def act(lesson: str, step: int, action: str) -> Any:
        return value("lesson.act", {"lesson": lesson, "step": step, "moves": [], "action": action})

    item = "ordering up when an opponent deals"
    assert act("order-up", 0, "pass")["mastery"] == {
        "skill": "ordering-up",
        "item": item,
        "correct": False,
    }
    assert act("order-up", 0, "order alone")["mastery"] == {
        "skill": "going-alone",
        "item": "going alone",
        "correct": False,
    }
    taken = act("order-up", 0, "order")
    assert "frames" in taken and taken["mastery"] == {
        "skill": "ordering-up",
        "item": item,
        "correct": True,
    }
    assert act("alone", 0, "order")["mastery"] == {
        "skill": "going-alone",
        "item": "going alone",
        "correct": False,
    }
    assert act("dealer", 0, "discard 9c")["mastery"]["skill"] == "discard"
    led = act("bowers", 0, "play Ac")
    assert led["rejected"]["legal"] is True and led["mastery"] is None
