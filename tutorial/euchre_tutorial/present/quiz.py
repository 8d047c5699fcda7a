"""The trick quiz, drawn: a question with the reader's picks and the engine's marks, the
verdict, the head (progress and score), the buttons, the notes and the end-of-quiz summary.

The quiz's state is plain data (:class:`QuizState`): the run (question ids and the answers
given), the phase (``question``, ``answered`` or ``summary``) and the current picks. The
same state gives the same markup at build time, in the worker, and in the replies the build
writes for the page's default run (:mod:`euchre_tutorial.prebuilt.quiz_run`, which goes
through every state with :func:`pick_states` and :func:`answers_of`), so the run is
answered before Python starts. ``quiz.js`` only morphs the markup in and
forwards the reader's clicks (``data-action``).

>>> state = QuizState(ids=("suit:learning:none:1015077638@american",))
>>> html = quiz_html(state)
>>> "Question 1 of 1" in html and 'data-action="pick"' in html
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, permutations
from typing import Any
from urllib.parse import parse_qs

from euchre import Card, RulesError

from euchre_tutorial.present.cards import card_html
from euchre_tutorial.present.markup import attrs, element, escape, tag
from euchre_tutorial.quiz import QuestionId, build, check
from euchre_tutorial.quiz.rules_code import code_in_words

HINTS = {
    "many": "Select every card you may play, then check.",
    "order": "Pick the cards from the highest to the lowest, then check.",
    "one": "Pick one answer.",
}
CHOICE_HINT = "Select every answer that is allowed, then check."
CHOICE_GROUP = "Answers"
GROUPS = {"many": "Your hand", "order": "Trumps to order", "one": "Answers"}
ORDINALS = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
)
MARK_WORDS = {"right": "right answer", "wrong": "not right", "missed": "you missed this one"}
RESET_NOTE = "Your saved quiz progress could not be read, so it was cleared."
LINK_NOTE = (
    "This link opens a quiz of its own. Its first question appears as soon as the card "
    "engine is ready."
)
LINK_INTRO = "Some settings in this link could not be used, so the quiz uses its defaults for them:"
PHASES = ("question", "answered", "summary")
MAX_STATES = 160  # the most picks and answers the build writes for one question


@dataclass(frozen=True)
class Answer:
    """One answer of the run: the question's id, the values given, right or not."""

    id: str
    given: tuple[str, ...]
    ok: bool

    def to_dict(self) -> dict[str, Any]:
        """As the page stores it."""
        return {"id": self.id, "given": list(self.given), "ok": self.ok}


@dataclass(frozen=True)
class QuizState:
    """Everything the quiz shows, as data: the run, the phase and the picks, the questions
    marked "Again" (review items), notes, and the page's address for the share link."""

    ids: tuple[str, ...]
    answers: tuple[Answer, ...] = ()
    query: str = ""
    phase: str = "question"
    picked: tuple[str, ...] = ()
    review: frozenset[str] = frozenset()
    notes: tuple[str, ...] = ()
    notes_intro: str = ""
    page_url: str = ""
    interactive: bool = True
    link_matches: bool = True  # the share link gives these very questions (not a practice pick)

    @property
    def index(self) -> int:
        """The question shown: the next one to answer, or the one just answered."""
        return len(self.answers) - 1 if self.phase == "answered" else len(self.answers)

    @property
    def score(self) -> int:
        """Right answers so far."""
        return sum(1 for a in self.answers if a.ok)


def _public(qid: str) -> dict[str, Any]:
    return build(QuestionId.parse(qid)).to_public()


def _feedback(qid: str, given: Sequence[str]) -> dict[str, Any]:
    return check(build(QuestionId.parse(qid)), list(given))


# ---------------------------------------------------------------------- a question
def _seat(text: str) -> str:
    return tag("span", text, class_="eu-quiz-seat") if text else ""


def played_html(played: Mapping[str, Any]) -> str:
    """A card on the table under its seat's name, "· led" beside the card that was led: as
    the quiz and the teacher's printed sheet both draw it.

    >>> print(played_html({"seat": "Partner", "card": "Jd", "note": "led"}))  # doctest: +ELLIPSIS
    <span class="eu-card ...>...<span class="eu-quiz-seat">Partner · led</span>
    """
    note = " · led" if played["note"] == "led" else ""
    return card_html(Card.parse(played["card"])) + _seat(played["seat"] + note)


def _option_html(
    q: Mapping[str, Any],
    opt: Mapping[str, Any],
    picked: Sequence[str],
    marks: Mapping[str, str],
    live: bool,
) -> str:
    pick = q["pick"]
    value = opt["value"]
    at = picked.index(value) if value in picked else -1
    mark = marks.get(value, "")
    if mark:
        note = MARK_WORDS.get(mark, "")
    elif pick == "order" and at >= 0:
        note = f"placed {ORDINALS[at] if at < len(ORDINALS) else at + 1}"
    else:
        note = ""
    if "card" in opt:
        selected = None if pick == "one" else at >= 0
        control = card_html(
            Card.parse(opt["card"]),
            "eu-quiz-option",
            note,
            button=True,
            selected=selected,
            action="pick",
            disabled=not live,
        )
        badge = ""
        if pick == "order":
            badge = tag(
                "span", str(at + 1) if at >= 0 else "", class_="eu-quiz-badge", aria_hidden="true"
            )
        inner = control + badge + _seat(opt.get("seat", ""))
    else:
        symbol = ""
        if opt.get("symbol"):
            symbol = tag(
                "span",
                opt["symbol"],
                class_=f"eu-quiz-choice-symbol eu-suit-{opt['value']}",
                aria_hidden="true",
            )
        label = opt["label"] + (f", {note}" if note else "")
        extra = attrs({"aria_label": label if note else None, "disabled": not live})
        inner = (
            f'<button type="button" class="eu-quiz-choice eu-quiz-option" data-action="pick" '
            f'data-value="{escape(value)}"{extra}>{symbol}'
            f"{tag('span', opt['label'], class_='eu-quiz-choice-label')}</button>"
        )
    return element("li", inner, class_="eu-quiz-slot", data_value=value, data_mark=mark or None)


def _highlighted(html: str, cards: Mapping[str, str]) -> str:
    """Mark the cards the verdict talks about (``data-highlight`` on the card)."""
    for code, what in cards.items():
        html = html.replace(
            f'data-card="{code}"', f'data-card="{code}" data-highlight="{escape(what)}"'
        )
    return html


def _trump_html(trump: Mapping[str, str] | None) -> str:
    """The deal's trump ("Not named yet" in a question about the bidding)."""
    if trump is None:
        return (
            '<p class="eu-quiz-trump"><span class="eu-quiz-trump-label">Trump</span> '
            '<span class="eu-quiz-trump-suit">Not named yet</span></p>'
        )
    return (
        '<p class="eu-quiz-trump"><span class="eu-quiz-trump-label">Trump</span> '
        f'<span class="eu-quiz-trump-suit eu-suit-{escape(trump["suit"])}">'
        f'<span class="eu-quiz-trump-symbol" aria-hidden="true">{escape(trump["symbol"])}</span> '
        f"{escape(trump['name'])}</span></p>"
    )


def question_html(
    q: Mapping[str, Any],
    *,
    picked: Sequence[str] = (),
    feedback: Mapping[str, Any] | None = None,
    interactive: bool = True,
    review: bool = False,
    hint: bool = True,
    focus: bool = False,
) -> str:
    """One question from its public data, with the reader's picks and, once checked, the
    engine's marks. ``focus`` marks its title as the place the focus goes when it appears."""
    trump = q["trump"]
    again = tag("span", "Again", class_="eu-quiz-again") if review else ""
    parts = [
        element(
            "h3",
            escape(q["title"]) + again,
            class_="eu-quiz-title",
            tabindex="-1" if focus else None,
            data_focus=focus or None,
        ),
        _trump_html(trump),
    ]
    if q["table"]:
        played = "".join(element("li", played_html(p), class_="eu-quiz-played") for p in q["table"])
        parts.append(element("ol", played, class_="eu-quiz-table", aria_label="Cards on the table"))
    if q["facts"]:
        parts.append(
            element("ul", "".join(tag("li", f) for f in q["facts"]), class_="eu-quiz-facts")
        )
    parts.append(tag("p", q["prompt"], class_="eu-quiz-prompt"))
    pick = q["pick"]
    marks = feedback["marks"] if feedback else {}
    live = interactive and feedback is None
    items = "".join(_option_html(q, opt, picked, marks, live) for opt in q["options"])
    cards = any("card" in o for o in q["options"])
    group = "The trick, in the order played" if q["kind"] == "winner" else GROUPS[pick]
    hint_text = HINTS[pick] if cards or pick != "many" else CHOICE_HINT
    if not cards and pick == "many":  # calls of the bidding, not cards of a hand
        group = CHOICE_GROUP
    css = (
        "eu-quiz-options eu-quiz-options--cards"
        if cards
        else "eu-quiz-options eu-quiz-options--choices"
    )
    parts.append(element("ul", items, class_=css, aria_label=group))
    if hint:
        parts.append(tag("p", hint_text, class_="eu-quiz-hint eu-needs-script"))
    html = element(
        "section",
        "".join(parts),
        class_="eu-quiz-question",
        data_kind=q["kind"],
        data_pick=pick,
        data_question=q["id"],
        data_review="true" if review else None,
    )
    return _highlighted(html, feedback["cards"]) if feedback else html


def feedback_html(feedback: Mapping[str, Any]) -> str:
    """The verdict: right or not, the answer when wrong, and the engine's reasons."""
    right = bool(feedback["correct"])
    head = tag(
        "span", "✓" if right else "✗", class_="eu-quiz-verdict-icon", aria_hidden="true"
    ) + tag("strong", feedback["verdict"])
    if not right:
        head += " " + tag("span", f"The answer: {feedback['answer_text']}", class_="eu-quiz-answer")
    why = "".join(tag("p", reason) for reason in feedback["reasons"])
    return element(
        "div",
        element("p", head, class_="eu-quiz-verdict-head")
        + element("div", why, class_="eu-quiz-why"),
        class_=f"eu-quiz-verdict eu-quiz-verdict--{'right' if right else 'wrong'}",
    )


# ---------------------------------------------------------------------- the widget
def _button(
    label: str,
    action: str,
    *,
    primary: bool = True,
    disabled: bool = False,
    focus: bool = False,
    extra: str = "eu-quiz-submit",
) -> str:
    css = f"md-button{' md-button--primary' if primary else ''} {extra}"
    return (
        f'<button type="button"{attrs({"class": css, "data_action": action, "disabled": disabled})}'
        f"{' data-focus' if focus else ''}>{escape(label)}</button>"
    )


def _head_html(state: QuizState) -> str:
    total = len(state.ids)
    done = len(state.answers)
    progress = (
        f"Finished: {total} questions"
        if state.phase == "summary"
        else f"Question {state.index + 1} of {total}"
    )
    percent = round(100 * done / total) if total else 0
    return element(
        "div",
        tag("p", progress, class_="eu-quiz-progress")
        + tag("p", f"Score {state.score}", class_="eu-quiz-score"),
        class_="eu-quiz-head",
    ) + element(
        "div",
        tag(
            "span",
            "",
            class_="eu-quiz-bar-fill",
            data_fraction=str(done / total if total else 0),
            style=f"width: {percent}%",
        ),
        class_="eu-quiz-bar",
        aria_hidden="true",
    )


def rules_line(query: str) -> str:
    """What a quiz whose share link names other rules than the site's says about them (a
    link names its rules only when they differ); nothing for the site's own rules.

    >>> rules_line("seed=4&rules=american,deck:32")
    'This quiz plays by American rules, with one change: A 32-card deck.'
    >>> rules_line("seed=4&rules=midwest")
    'This quiz plays by Midwest rules.'
    >>> rules_line("seed=4"), rules_line("rules=nonsense")
    ('', '')
    """
    code = parse_qs(query).get("rules", [""])[-1]
    if not code:
        return ""
    try:
        return f"This quiz plays by {code_in_words(code).rstrip('.')}."
    except RulesError:
        return ""  # a damaged stored query: the quiz goes on without the line


def _rules_html(state: QuizState) -> str:
    line = rules_line(state.query)
    return tag("p", line, class_="eu-quiz-rules") if line else ""


def _notes_html(state: QuizState) -> str:
    if not state.notes:
        return '<div class="eu-quiz-notes" hidden></div>'
    intro = tag("p", state.notes_intro, class_="eu-quiz-notes-intro") if state.notes_intro else ""
    items = element("ul", "".join(tag("li", line) for line in state.notes))
    return element("div", intro + items, class_="eu-quiz-notes")


ROWS_SLOT = '<ol class="eu-quiz-review" data-rows></ol>'
"""Where the summary's list of misses goes: the summary is drawn without its rows
(:func:`quiz_html` with ``rows=False``) and each miss's row on its own
(:func:`summary_row`); the page puts the rows into this list (:func:`with_rows` does the
same here), so a run's end can be answered from the build's replies, one per answer."""


def with_rows(html: str, rows: Sequence[str]) -> str:
    """``html`` (a summary drawn without its rows) with ``rows`` in its list of misses.

    >>> with_rows(f"<p>a</p>{ROWS_SLOT}", ["<li>1</li>", "<li>2</li>"])
    '<p>a</p><ol class="eu-quiz-review" data-rows><li>1</li><li>2</li></ol>'
    """
    return html.replace(ROWS_SLOT, ROWS_SLOT[: -len("</ol>")] + "".join(rows) + "</ol>", 1)


def summary_row(qid: str, index: int, given: Sequence[str], *, review: bool = False) -> str:
    """The summary's row for the answer ``given`` to question ``index`` (``qid``): the
    question with the engine's marks, the answer given and the verdict; "" for a right
    answer (the summary lists the misses only)."""
    feedback = _feedback(qid, given)
    if feedback["correct"]:
        return ""
    q = _public(qid)
    labels = {o["value"]: o["label"] for o in q["options"]}
    words = (", then " if q["pick"] == "order" else ", ").join(
        labels.get(v, v) for v in feedback["given"]
    )
    return element(
        "li",
        tag("p", f"Question {index + 1}", class_="eu-quiz-review-number")
        + question_html(q, feedback=feedback, interactive=False, review=review, hint=False)
        + tag("p", f"Your answer: {words or 'none'}.", class_="eu-quiz-review-given")
        + feedback_html(feedback),
        class_="eu-quiz-review-item",
    )


def _summary_message(right: int, total: int) -> str:
    if right == total:
        return "Every answer right. Try a harder level, or raise the trap rate."
    if right >= total * 0.7:
        return "Well played. The questions you missed are below, with the reasons."
    return (
        "Keep going: read the reasons below, and the missed questions will come back in a "
        "later quiz."
    )


def _share_html(state: QuizState) -> str:
    """The share link: relative to the page (``?query``) unless the page's address is
    known; the page makes it whole."""
    url = f"{state.page_url}?{state.query}"
    label = "Link to this quiz " if state.link_matches else "Link to a quiz with these settings "
    share = element(
        "label",
        label + f'<input type="text" class="eu-quiz-share-link" readonly value="{escape(url)}">',
        class_="eu-quiz-share-label",
    )
    note = (
        ""
        if state.link_matches
        else tag(
            "p",
            "This quiz was picked for you from your own progress, so the link gives the "
            "same kinds of question, not these ones. A teacher's page makes a link to one "
            "exact quiz.",
            class_="eu-quiz-share-note",
        )
    )
    return element("div", share + note, class_="eu-quiz-share")


def _summary_html(state: QuizState, rows: bool = True) -> str:
    total = len(state.ids)
    parts = [
        tag(
            "h3",
            f"You scored {state.score} of {total}",
            class_="eu-quiz-summary-title",
            tabindex="-1",
            data_focus=True,
        ),
        tag("p", _summary_message(state.score, total), class_="eu-quiz-summary-text"),
    ]
    if any(not a.ok for a in state.answers):
        parts.append(tag("h4", "Review your misses", class_="eu-quiz-review-title"))
        parts.append(ROWS_SLOT)
    if state.query:
        parts.append(_share_html(state))
    html = element("section", "".join(parts), class_="eu-quiz-summary")
    if not rows:
        return html
    return with_rows(
        html,
        [
            summary_row(a.id, i, a.given, review=a.id in state.review)
            for i, a in enumerate(state.answers)
        ],
    )


def regions(state: QuizState, *, rows: bool = True) -> dict[str, str]:
    """The quiz's parts for ``state``: body, feedback and actions (and what the root says);
    a summary without its rows when ``rows`` is False (see :data:`ROWS_SLOT`)."""
    if state.phase == "summary":
        misses = any(not a.ok for a in state.answers)
        actions = (
            _button("Practise your misses", "misses", extra="eu-quiz-again-button")
            if misses
            else ""
        ) + _button("New quiz", "new", primary=not misses, extra="eu-quiz-new")
        total = len(state.ids)
        said = tag(
            "p", f"Quiz finished. You scored {state.score} of {total}.", class_="eu-visually-hidden"
        )
        body = _summary_html(state, rows)
        return {"body": body, "feedback": said, "actions": actions, "result": ""}
    qid = state.ids[state.index]
    q = _public(qid)
    review = qid in state.review
    if state.phase == "answered":
        answer = state.answers[state.index]
        feedback = _feedback(qid, answer.given)
        finished = len(state.answers) >= len(state.ids)
        action = ("See your score", "summary") if finished else ("Next question", "next")
        return {
            "body": question_html(q, picked=answer.given, feedback=feedback, review=review),
            "feedback": feedback_html(feedback),
            "actions": _button(action[0], action[1], focus=True),
            "result": "right" if feedback["correct"] else "wrong",
        }
    picked = [v for v in state.picked if any(o["value"] == v for o in q["options"])]
    ready = len(picked) == len(q["options"]) if q["pick"] == "order" else bool(picked)
    actions = (
        ""
        if q["pick"] == "one"
        else _button("Check", "check", disabled=not (ready and state.interactive))
    )
    return {
        "body": question_html(
            q, picked=picked, interactive=state.interactive, review=review, focus=True
        ),
        "feedback": "",
        "actions": actions,
        "result": "",
    }


def quiz_html(state: QuizState, *, rows: bool = True) -> str:
    """The whole quiz for ``state`` (the element ``quiz.js`` morphs); a summary without its
    rows when ``rows`` is False."""
    parts = regions(state, rows=rows)
    return element(
        "div",
        _head_html(state)
        + _rules_html(state)
        + _notes_html(state)
        + element("div", parts["body"], class_="eu-quiz-body")
        + element(
            "div", parts["feedback"], class_="eu-quiz-feedback", role="status", aria_live="polite"
        )
        + element("div", parts["actions"], class_="eu-quiz-actions"),
        class_="eu-quiz",
        data_state=state.phase,
        data_result=parts["result"] or None,
        data_query=state.query,
    )


PREVIEW_NOTE = (
    "This link opens a quiz of its own: here is its first question. You can answer as soon "
    "as the card engine is ready."
)


def preview_html(qid: str) -> str:
    """A teacher's link's first question, shown while the card engine starts: the question
    as the quiz draws it, its options not yet usable, and a note that says so."""
    notes = element("div", element("ul", tag("li", PREVIEW_NOTE)), class_="eu-quiz-notes")
    body = element(
        "div", question_html(_public(qid), interactive=False, hint=False), class_="eu-quiz-body"
    )
    return element("div", notes + body, class_="eu-quiz", data_state="preview", aria_busy="true")


def waiting_html() -> str:
    """What a teacher's link shows until its own questions can be drawn: the note, and no
    question (never another quiz's).

    >>> 'data-state="waiting"' in waiting_html() and "eu-quiz-question" not in waiting_html()
    True
    """
    return element(
        "div",
        element("div", element("ul", tag("li", LINK_NOTE)), class_="eu-quiz-notes"),
        class_="eu-quiz",
        data_state="waiting",
        aria_busy="true",
    )


# ---------------------------------------------------------------------- answering
def answer(state: QuizState, given: Sequence[str]) -> tuple[Answer, QuizState]:
    """Check ``given`` for the current question: the answer and the state that shows it.
    A bad answer raises :class:`euchre_tutorial.quiz.AnswerError`."""
    qid = state.ids[len(state.answers)]
    feedback = _feedback(qid, given)
    record = Answer(qid, tuple(feedback["given"]), bool(feedback["correct"]))
    return record, replace(state, answers=(*state.answers, record), phase="answered", picked=())


def pick_states(q: Mapping[str, Any]) -> Iterator[tuple[str, ...]]:
    """Every set of picks a question (its public data) can show before it is checked: one
    per set for "choose every card" (kept in the options' order), every partial order for
    "put in order", none for "pick one" (a pick checks it at once)."""
    values = [o["value"] for o in q["options"]]
    if q["pick"] == "one":
        yield ()
        return
    for size in range(len(values) + 1):
        yield from permutations(values, size) if q["pick"] == "order" else _subsets(values, size)


def _subsets(values: list[str], size: int) -> Iterator[tuple[str, ...]]:
    # Every order of one set of picks looks the same: the page keeps picks of a "choose
    # every card" question in the options' order, so that order stands for all.
    yield from combinations(values, size)


def answers_of(q: Mapping[str, Any]) -> Iterator[tuple[str, ...]]:
    """Every answer a question (its public data) can be given."""
    values = [o["value"] for o in q["options"]]
    if q["pick"] == "one":
        yield from ((v,) for v in values)
    elif q["pick"] == "order":
        yield from permutations(values)
    else:
        for size in range(1, len(values) + 1):
            yield from _subsets(values, size)
