"""The trick quiz widget: its build-time first question and its bridge handlers.

The first question of the page's quiz is drawn here at build time, by the same generator
the browser runs, so it is readable before Python starts. In the browser, ``quiz.js`` asks:

``quiz.new``        ``{config, rules, query, review}`` -> the spec, notes on a share link's
                    unusable settings, and the questions (without their answers)
``quiz.questions``  ``{ids}`` -> the questions of stored ids (bad ids are dropped)
``quiz.check``      ``{id, answer}`` -> right or wrong, the engine's reasons, marks
``quiz.spec``       ``{config, rules, query}`` -> the checked spec and its share query
``quiz.sheet``      ``{config, rules, query}`` -> a question sheet and its answer key

>>> from euchre import Rules
>>> html = render({"id": "q", **check_config({}, Rules())}, Rules())
>>> html.startswith('<div class="eu-quiz"') and "Question 1 of 10" in html
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from euchre import Card, Rules

from euchre_tutorial.bridge import BridgeError, expose
from euchre_tutorial.html import card_html
from euchre_tutorial.quiz import (
    AnswerError,
    QuestionId,
    QuizSpec,
    base_spec,
    build,
    check,
    parse_query,
)
from euchre_tutorial.quiz.fence import CONFIG_KEYS, check_config
from euchre_tutorial.quiz.sheet import sheet_model

MAX_IDS = 60


# ---------------------------------------------------------------------- HTML
def _disabled(html: str) -> str:
    return html.replace("<button ", "<button disabled ", 1)


def _seat(text: str) -> str:
    return f'<span class="eu-quiz-seat">{escape(text)}</span>' if text else ""


def question_html(q: Mapping[str, Any]) -> str:
    """One question as HTML, from its public data (``quiz.js`` draws the same markup)."""
    trump = q["trump"]
    parts = [
        f'<h3 class="eu-quiz-title">{escape(q["title"])}</h3>',
        f'<p class="eu-quiz-trump"><span class="eu-quiz-trump-label">Trump</span> '
        f'<span class="eu-quiz-trump-suit eu-suit-{trump["suit"]}">'
        f'<span class="eu-quiz-trump-symbol" aria-hidden="true">{trump["symbol"]}</span> '
        f'{escape(trump["name"])}</span></p>',
    ]
    if q["table"]:
        played = "".join(
            f'<li class="eu-quiz-played" data-note="{escape(p["note"])}">'
            f'{card_html(Card.parse(p["card"]))}{_seat(p["seat"])}</li>'
            for p in q["table"]
        )
        parts.append(f'<ol class="eu-quiz-table" aria-label="Cards on the table">{played}</ol>')
    if q["facts"]:
        facts = "".join(f"<li>{escape(f)}</li>" for f in q["facts"])
        parts.append(f'<ul class="eu-quiz-facts">{facts}</ul>')
    parts.append(f'<p class="eu-quiz-prompt">{escape(q["prompt"])}</p>')
    pick = q["pick"]
    cards = any("card" in o for o in q["options"])
    group = {"many": "Your hand", "order": "Trumps to order", "one": "Answers"}[pick]
    if q["kind"] == "winner":
        group = "The trick, in the order played"
    items: list[str] = []
    for opt in q["options"]:
        if "card" in opt:
            selected = False if pick in ("many", "order") else None
            button = _disabled(card_html(Card.parse(opt["card"]), "eu-quiz-option", button=True,
                                         selected=selected))
            badge = '<span class="eu-quiz-badge" aria-hidden="true"></span>' if pick == "order" else ""
            items.append(f'<li class="eu-quiz-slot" data-value="{escape(opt["value"])}">'
                         f'{button}{badge}{_seat(opt.get("seat", ""))}</li>')
        else:
            symbol = (f'<span class="eu-quiz-choice-symbol eu-suit-{escape(opt["value"])}" '
                      f'aria-hidden="true">{escape(opt["symbol"])}</span>') if opt.get("symbol") else ""
            items.append(
                f'<li class="eu-quiz-slot" data-value="{escape(opt["value"])}">'
                f'<button disabled type="button" class="eu-quiz-choice eu-quiz-option" '
                f'data-value="{escape(opt["value"])}">{symbol}'
                f'<span class="eu-quiz-choice-label">{escape(opt["label"])}</span></button></li>'
            )
    css = "eu-quiz-options eu-quiz-options--cards" if cards else "eu-quiz-options eu-quiz-options--choices"
    parts.append(f'<ul class="{css}" aria-label="{group}">{"".join(items)}</ul>')
    hint = {"many": "Select every card you may play, then check.",
            "order": "Pick the cards from the highest to the lowest, then check.",
            "one": "Pick one answer."}[pick]
    parts.append(f'<p class="eu-quiz-hint">{hint}</p>')
    return (f'<section class="eu-quiz-question" data-kind="{q["kind"]}" data-pick="{pick}" '
            f'data-question="{escape(q["id"])}">{"".join(parts)}</section>')


def render(config: Mapping[str, Any], rules: Rules) -> str:
    """The quiz's first state, drawn at build time: the first question of the page's quiz
    (its answer is not in the page: the engine checks it in the browser)."""
    spec = base_spec(config, rules)
    first = build(spec.question_ids()[0]).to_public()
    return (
        f'<div class="eu-quiz" data-state="question" data-query="{escape(spec.to_query())}">'
        '<div class="eu-quiz-head">'
        f'<p class="eu-quiz-progress">Question 1 of {spec.count}</p>'
        '<p class="eu-quiz-score">Score 0</p></div>'
        f'<div class="eu-quiz-bar" aria-hidden="true"><span class="eu-quiz-bar-fill" '
        f'data-fraction="0"></span></div>'
        '<div class="eu-quiz-notes" hidden></div>'
        f'<div class="eu-quiz-body">{question_html(first)}</div>'
        '<div class="eu-quiz-feedback" role="status" aria-live="polite"></div>'
        '<div class="eu-quiz-actions"><button disabled type="button" '
        'class="md-button md-button--primary eu-quiz-submit">Check</button></div>'
        "</div>"
    )


# ---------------------------------------------------------------------- bridge
def _rules(payload: Mapping[str, Any]) -> Rules:
    raw = payload.get("rules") or {}
    if not isinstance(raw, dict):
        raise BridgeError("The rules must be a table of options.")
    return Rules.from_dict(raw)


def _config(payload: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    raw = payload.get("config") or {}
    if not isinstance(raw, dict):
        raise BridgeError("The quiz settings must be a table.")
    text = {k: ",".join(v) if isinstance(v, list) else str(v)
            for k, v in raw.items() if k in CONFIG_KEYS}
    return check_config(text, rules)


def _payload(payload: Any) -> Mapping[str, Any]:
    if not isinstance(payload, dict):
        raise BridgeError("The quiz needs its settings as a table.")
    return payload


def _spec(payload: Mapping[str, Any]) -> tuple[QuizSpec, list[str]]:
    rules = _rules(payload)
    base = base_spec(_config(payload, rules), rules)
    seed = payload.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << 32:
        base = QuizSpec(base.kinds, seed, base.count, base.level, base.traps, base.rules,
                        base.base_rules)
    query = payload.get("query") or ""
    if not isinstance(query, str):
        return base, ["The link's settings could not be read, so this is the default quiz."]
    return parse_query(query, base)


def _questions(ids: Any) -> tuple[list[dict[str, Any]], list[str]]:
    if not isinstance(ids, list):
        return [], []
    out, dropped = [], []
    for raw in ids[:MAX_IDS]:
        try:
            out.append(build(QuestionId.parse(raw)).to_public())
        except (ValueError, RuntimeError):
            dropped.append(str(raw)[:80])
    return out, dropped


@expose("quiz.spec")
def quiz_spec(payload: Any) -> dict[str, Any]:
    """The checked spec of a page's quiz and a share link's query, with notes."""
    spec, notes = _spec(_payload(payload))
    return {"spec": spec.to_dict(), "notes": notes}


@expose("quiz.new")
def quiz_new(payload: Any) -> dict[str, Any]:
    """A quiz's questions. ``review`` ids (items due again) replace some of them, spread out."""
    data = _payload(payload)
    spec, notes = _spec(data)
    ids = [str(q) for q in spec.question_ids()]
    review, dropped = _questions(data.get("review") or [])
    fresh = [build(QuestionId.parse(i)).to_public() for i in ids]
    slots = list(range(1, len(fresh), 3))[: len(review)]
    for slot, item in zip(slots, review, strict=False):
        fresh[slot] = {**item, "review": True}
    return {"spec": spec.to_dict(), "notes": notes, "questions": fresh, "dropped": dropped}


@expose("quiz.questions")
def quiz_questions(payload: Any) -> dict[str, Any]:
    """The questions of stored ids."""
    questions, dropped = _questions(_payload(payload).get("ids"))
    return {"questions": questions, "dropped": dropped}


@expose("quiz.check")
def quiz_check(payload: Any) -> dict[str, Any]:
    """Right or wrong, with the engine's reasons and the cards to highlight."""
    data = _payload(payload)
    try:
        qid = QuestionId.parse(data.get("id", ""))
    except ValueError:
        raise BridgeError("That question could not be found; start a new quiz.") from None
    try:
        return check(build(qid), data.get("answer"))
    except AnswerError as exc:
        raise BridgeError(str(exc)) from None


@expose("quiz.sheet")
def quiz_sheet(payload: Any) -> dict[str, Any]:
    """A printable question sheet and a separate answer key."""
    spec, notes = _spec(_payload(payload))
    return {**sheet_model(spec), "notes": notes}
