"""The quiz drawn by one renderer: the answers the build writes for the first question are
the engine's, in the same words the worker draws; bad page state is refused in words; and
no seat caption uses the bowers' words."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace

import pytest
from euchre import Rules
from euchre_tutorial import bridge
from euchre_tutorial.prebuilt.quiz_run import default_run, joined
from euchre_tutorial.prebuilt.store import ReplyStore, expand
from euchre_tutorial.present.quiz import (
    QuizState,
    answer,
    question_html,
    quiz_html,
)
from euchre_tutorial.present.sheet import form_html, sheet_html
from euchre_tutorial.quiz import QuestionId, QuizSpec, build, check
from euchre_tutorial.quiz.fence import check_config
from euchre_tutorial.quiz.rules_code import rules_code
from euchre_tutorial.quiz.sheet import sheet_model
from euchre_tutorial.quiz.spec import TABLE_PARAMS
from euchre_tutorial.site_rules import site_profiles
from euchre_tutorial.widgets import quiz as quiz_widget

RULES = Rules()


def page_state(level: str = "learning") -> QuizState:
    return quiz_widget.first_state(check_config({"level": level}, RULES), RULES)


def call(method: str, payload: object) -> dict[str, object]:
    reply = json.loads(bridge.dispatch(method, json.dumps(payload)))
    assert reply["ok"] is True, reply
    value: dict[str, object] = reply["value"]
    return value


def first_question_replies(level: str = "learning") -> tuple[QuizState, dict[str, object]]:
    """The page's quiz and the build's replies for its first question (the run cut to that
    question: what follows it does not change the first question)."""
    state = page_state(level)
    store: ReplyStore = default_run(check_config({"level": level, "count": "1"}, RULES), RULES)
    return state, store.data()


@pytest.mark.parametrize("level", ["first-time", "learning"])
def test_the_build_answers_the_first_question_as_the_engine_does(level: str) -> None:
    state, data = first_question_replies(level)
    assert data["ids"] == list(state.ids[:1])
    q = build(QuestionId.parse(state.ids[0]))
    answers = {k: expand(data, k) for k in data["r"] if k.startswith("a|0|0|")}
    assert (answers and f"a|0|0|{joined(q.answer)}" in answers) or q.pick == "many"
    for name, entry in answers.items():
        given = [v for v in name.split("|")[3].split(",") if v]
        feedback = check(q, given)
        assert entry["answer"] == {
            "id": str(q.id),
            "given": feedback["given"],
            "ok": feedback["correct"],
        }
        text = html.unescape(entry["html"])
        assert feedback["verdict"] in text
        for reason in feedback["reasons"]:
            assert reason in text


def test_the_build_and_the_worker_draw_the_same_words() -> None:
    state, data = first_question_replies()
    q = build(QuestionId.parse(state.ids[0]))
    given = [q.options[0].value]
    run = {"ids": list(state.ids[:1]), "answers": [], "query": data["query"]}
    picked = call("quiz.view", {"run": run, "phase": "question", "picked": given})
    stored = expand(data, f"q|0|0|{joined(given) if q.pick != 'one' else ''}")
    if q.pick != "one":
        assert picked["html"] == stored["html"]
    answered = call("quiz.answer", {"run": run, "picked": given})
    entry = expand(data, f"a|0|0|{joined(given)}")
    assert answered["answer"] == entry["answer"]
    assert answered["html"] == entry["html"]


def test_a_page_without_the_build_s_answers_waits_for_python() -> None:
    _state, data = first_question_replies("tournament")  # an order of six: too many
    assert not [k for k in data["r"] if k.startswith(("q|0|", "a|0|"))]


@pytest.mark.parametrize(
    "payload",
    [
        {"run": {"ids": ["nonsense"]}},
        {"run": {"ids": []}},
        {"run": "x"},
        {
            "run": {
                "ids": ["suit:learning:none:5@american"],
                "answers": [{"id": "other", "given": []}],
            }
        },
        {"run": {"ids": ["suit:learning:none:5@american"]}, "phase": "<b>"},
    ],
)
def test_bad_page_state_is_refused_in_words(payload: object) -> None:
    reply = json.loads(bridge.dispatch("quiz.view", json.dumps(payload)))
    assert reply["ok"] is False and "quiz" in reply["error"].lower()


def test_a_bad_answer_is_refused_in_words() -> None:
    run = {"ids": ["suit:learning:none:5@american"], "answers": []}
    reply = json.loads(bridge.dispatch("quiz.answer", json.dumps({"run": run, "picked": ["zz"]})))
    assert reply == {"ok": False, "error": "That answer is not one of this question's options."}


def test_the_summary_lists_the_misses_with_the_engine_s_reasons() -> None:
    state = replace(page_state(), ids=page_state().ids[:2])
    q = build(QuestionId.parse(state.ids[0]))
    others = [o.value for o in q.options if o.value not in q.answer]
    wrong = others[:1] + list(q.answer) if others else list(q.answer[:-1])
    _, state = answer(state, wrong)
    _, state = answer(state, list(build(QuestionId.parse(state.ids[1])).answer))
    text = html.unescape(
        quiz_html(replace(state, phase="summary", page_url="https://x.example/q/"))
    )
    assert "You scored 1 of 2" in text and "Review your misses" in text
    assert check(q, wrong)["reasons"][0] in text
    assert f"https://x.example/q/?{state.query}" in text


SEAT = re.compile(r'class="eu-quiz-seat">([^<]*)<')


def test_no_seat_is_captioned_with_a_bower_s_word() -> None:
    captions: set[str] = set()
    for seed in range(12):
        spec = QuizSpec(kinds=("plays", "winner"), seed=seed, count=6)
        for qid in spec.question_ids():
            captions.update(SEAT.findall(question_html(build(qid).to_public())))
        captions.update(SEAT.findall(sheet_html(sheet_model(spec))))
    assert captions & {"Left", "Right"} == set()
    assert {"Left opponent", "Partner", "Right opponent"} <= captions


TABLE = re.compile(r'<ol class="eu-(?:quiz-table|sheet-cards)"[^>]*>(.*?)</ol>')


def test_the_card_led_is_captioned_led_on_the_page_and_on_the_printed_sheet() -> None:
    """A "Which cards may you play?" question shows the trick so far; its first card is the
    one led, on screen and on paper alike."""
    seen = 0
    for seed in range(8):
        spec = QuizSpec(kinds=("plays",), seed=seed, count=4)
        pages = [question_html(build(qid).to_public()) for qid in spec.question_ids()]
        for drawn in [*pages, sheet_html(sheet_model(spec))]:
            for table in TABLE.findall(drawn):
                captions = SEAT.findall(table)
                if not captions:
                    continue
                seen += 1
                assert captions[0].endswith(" · led"), captions
                assert not any(c.endswith(" · led") for c in captions[1:]), captions
    assert seen >= 40


def test_a_quiz_under_other_rules_than_the_site_s_says_which_on_screen_and_on_paper() -> None:
    """A teacher's link to a long-deck quiz with the joker, opened on an American site: the
    quiz and the printed sheet name the rules, in the engine's sentences; the site's own
    quiz names none."""
    shared = call(
        "quiz.new",
        {
            "config": {"count": 2},
            "rules": RULES.to_dict(),
            "query": "seed=9&count=2&rules=long-deck,joker:1",
        },
    )
    spec = shared["spec"]
    assert isinstance(spec, dict) and isinstance(shared["questions"], list)
    ids = [q["id"] for q in shared["questions"]]
    drawn = call("quiz.view", {"run": {"ids": ids, "query": spec["query"], "answers": []}})["html"]
    joker = dict(Rules.profile("long-deck").replace(joker=True).describe())["joker"]
    said = re.search(r'<p class="eu-quiz-rules">(.*?)</p>', str(drawn))
    assert said is not None
    assert (
        html.unescape(said.group(1))
        == f"This quiz plays by Long-deck rules, with one change: {joker}"
    )

    sheet = call("quiz.sheet", {"config": {}, "rules": RULES.to_dict(), "query": spec["query"]})
    assert sheet["subtitle"] == f"Quiz code: seed 9, Long-deck rules, with one change: {joker}"

    own = call(
        "quiz.new", {"config": {"count": 2}, "rules": RULES.to_dict(), "query": "seed=9&count=2"}
    )
    own_spec = own["spec"]
    assert isinstance(own_spec, dict) and isinstance(own["questions"], list)
    own_ids = [q["id"] for q in own["questions"]]
    plain = call("quiz.view", {"run": {"ids": own_ids, "query": own_spec["query"], "answers": []}})[
        "html"
    ]
    assert "eu-quiz-rules" not in str(plain)
    assert (
        call("quiz.sheet", {"config": {}, "rules": RULES.to_dict(), "query": "seed=9"})["subtitle"]
        == "Quiz code: seed 9, American rules."
    )


def test_the_teacher_s_form_offers_the_site_s_rules_then_each_profile_by_title() -> None:
    house = rules_code(Rules().replace(joker=True, game_to=7))
    spec = {**QuizSpec().to_dict(), "rules": house}
    options = re.findall(
        r'<option value="([^"]*)"( selected)?>([^<]*)</option>',
        re.search(r'<select name="rules".*?</select>', form_html("t", spec, RULES)).group(0),
    )
    assert [(value, html.unescape(text)) for value, _, text in options] == [
        (house, "This site's rules"),
        *((name, Rules.profile_title(name)) for name in site_profiles()),
    ]
    assert [value for value, selected, _ in options if selected] == [house]


def test_the_teacher_s_form_has_a_list_for_each_rules_option_a_link_may_set() -> None:
    """One list per link setting that changes the rules (the page sends each list marked
    ``data-rules-option``), its first choice the rules' own."""
    form = form_html("t", QuizSpec().to_dict(), RULES)
    lists = re.findall(r'<select name="(\w+)" data-rules-option disabled><option value="">', form)
    assert lists == list(TABLE_PARAMS)
