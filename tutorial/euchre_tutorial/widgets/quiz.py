"""The trick quiz widget: its build-time first question and its bridge handlers.

The first question of the page's quiz is drawn here at build time, by the same renderer
the worker runs, with every state it can reach (picks and verdicts), so it is answered
before Python starts. In the browser, ``quiz.js`` asks:

``quiz.new``        ``{config, rules, query, review, progress}`` -> the spec, notes on a share
                    link's unusable settings, and the questions (without their answers); in
                    practice (no share link), ``progress`` (the stored mastery record's text)
                    puts the questions whose items are due first
``quiz.questions``  ``{ids}`` -> the questions of stored ids (bad ids are dropped)
``quiz.check``      ``{id, answer}`` -> right or wrong, the engine's reasons, marks
``quiz.sheet``      ``{config, rules, query}`` -> a question sheet and its answer key
``quiz.view``       ``{run, phase, picked, ...}`` -> ``{"html"}``: the quiz drawn for that state
``quiz.answer``     ``{run, picked, ...}`` -> the answer checked and stored, the quiz drawn,
                    and ``mastery`` (the skill and item it trains, and whether it was right)
``quiz.end``        ``{run, ...}`` -> ``{"html"}``: the end of a run without the rows of its
                    misses (the page puts them in; see ``present.quiz.ROWS_SLOT``)
``quiz.row``        ``{id, index, given, review}`` -> ``{"html"}``: one miss's row ("" for a
                    right answer)
``quiz.preview``    ``{config, rules, query}`` -> ``{"html"}``: a link's first question as shown
                    before the engine runs (the build writes these for the links of
                    ``LINK_SEEDS``)

All markup comes from :mod:`euchre_tutorial.present.quiz`; the page only morphs it in.

>>> from euchre import Rules
>>> html = render({"id": "q", **check_config({}, Rules())}, Rules())
>>> html.startswith('<div class="eu-quiz-frame"><div class="eu-quiz"') and "Question 1 of 10" in html
True
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from functools import partial
from typing import Any

from euchre import Rules, RulesError

from euchre_tutorial.bridge import BridgeError, expose
from euchre_tutorial.mastery.items import item_of_question, mastery_field
from euchre_tutorial.mastery.progress import due_first
from euchre_tutorial.mastery.record import RecordDamage, import_text
from euchre_tutorial.mastery.review_questions import due_questions
from euchre_tutorial.present.island import json_island
from euchre_tutorial.present.quiz import (
    LINK_INTRO,
    LINK_NOTE,
    RESET_NOTE,
    Answer,
    QuizState,
    answer,
    preview_html,
    question_html,
    quiz_html,
    summary_row,
    waiting_html,
)
from euchre_tutorial.present.sheet import sheet_html, status_text
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
from euchre_tutorial.quiz.rules_code import parse_rules_code
from euchre_tutorial.quiz.sheet import sheet_model
from euchre_tutorial.quiz.spec import ALIASES, LINK_SEEDS, PARAMS
from euchre_tutorial.site_rules import EVERY_PART_VARIANTS

MAX_IDS = 60
POOL_FACTOR = 3  # practice draws from this many times the quiz's count of candidates


# ---------------------------------------------------------------------- HTML
def first_state(config: Mapping[str, Any], rules: Rules) -> QuizState:
    """The page's quiz before anything is answered: its question ids and share query."""
    spec = base_spec(config, rules)
    return QuizState(ids=tuple(str(q) for q in spec.question_ids()), query=spec.to_query())


def render(config: Mapping[str, Any], rules: Rules) -> str:
    """The quiz's first state, drawn at build time with its answers ready to be tapped (a
    tap made before the page's script listens is kept and answered then: main.html), and the name of the file of the whole default run's replies
    (:mod:`euchre_tutorial.prebuilt.quiz_run`), so the run is answered before Python
    starts. A teacher's link shows a note of its own instead (``waiting``), never another
    quiz's question."""
    from euchre_tutorial.prebuilt.publish import published
    from euchre_tutorial.prebuilt.quiz_run import default_run

    state = first_state(config, rules)
    built = quiz_html(state)
    settings = {key: value for key, value in config.items() if key != "id"}
    inputs = {"config": settings, "rules": rules.to_dict()}
    name = published("quiz", inputs, lambda: default_run(settings, rules))
    # the address settings that make the page a link's quiz (the page looks for them)
    params = sorted({*PARAMS, *ALIASES})
    data = {"waiting": waiting_html(), "params": params, "links": link_files(settings, rules)}
    return f'<div class="eu-quiz-frame">{built}</div>{json_island(data, name)}'


def link_files(settings: Mapping[str, Any], rules: Rules) -> dict[str, str]:
    """The files of the first questions of the links of ``LINK_SEEDS`` (see
    :mod:`euchre_tutorial.prebuilt.links`), by seed: for the games the teacher's page makes
    links of (``site_profiles``: Euchre's); another game's link waits for the engine.

    >>> link_files({}, Rules.profile("bid-euchre"))
    {}
    """
    from euchre_tutorial.prebuilt.links import link_previews
    from euchre_tutorial.prebuilt.publish import published

    if rules.variant not in EVERY_PART_VARIANTS:
        return {}

    files = {}
    for seed in LINK_SEEDS:
        inputs = {"seed": seed, "config": dict(settings), "rules": rules.to_dict()}
        name = published(
            f"quiz-links-{seed}", inputs, partial(link_previews, seed, settings, rules)
        )
        if name:
            files[str(seed)] = name
    return files


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
    text = {
        k: ",".join(v) if isinstance(v, list) else str(v)
        for k, v in raw.items()
        if k in CONFIG_KEYS
    }
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
        base = QuizSpec(
            base.kinds, seed, base.count, base.level, base.traps, base.rules, base.base_rules
        )
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


def _progress(raw: Any) -> dict[str, Any] | None:
    """The stored mastery record, or None when there is none or it cannot be read (the
    quiz then simply keeps its own order)."""
    if not isinstance(raw, str) or not raw.strip():
        return None
    try:
        record, _notes = import_text(raw)
    except (RecordDamage, ValueError):
        return None
    return record if record["items"] else None


def _now(raw: Any) -> datetime:
    if isinstance(raw, str):
        try:
            moment = datetime.fromisoformat(raw.replace("Z", "+00:00"))
        except ValueError:
            moment = None
        if moment is not None and moment.tzinfo is not None:
            return moment
    return datetime.now(UTC)


def practice_ids(spec: QuizSpec, record: dict[str, Any] | None, now: datetime) -> list[str]:
    """The question ids of a practice quiz: with a progress record, drawn from a larger
    pool of the same settings, the questions whose items are due first (then items never
    answered, then the rest); without one, the spec's own questions. An item due that the
    pool does not ask (one missed in a game, say) gets a question of its own.

    >>> from euchre import Rules
    >>> spec = base_spec({}, Rules())
    >>> practice_ids(spec, None, datetime.now(UTC)) == [str(q) for q in spec.question_ids()]
    True
    """
    if record is None:
        return [str(q) for q in spec.question_ids()]
    wide = QuizSpec(
        spec.kinds,
        spec.seed,
        min(spec.count * POOL_FACTOR, MAX_IDS),
        spec.level,
        spec.traps,
        spec.rules,
        spec.base_rules,
    )
    pool: list[tuple[tuple[str, str], str]] = []
    for qid in wide.question_ids():
        try:
            question = build(qid)
        except (ValueError, RuntimeError):
            continue
        pool.append((item_of_question(question), str(qid)))
    pool = due_questions(spec, record, now, {key for key, _qid in pool}) + pool
    keys = list(dict.fromkeys(key for key, _qid in pool))
    rank = {key: n for n, key in enumerate(due_first(record, keys, now))}
    seen: dict[tuple[str, str], int] = {}
    order = []
    for index, (key, qid_text) in enumerate(pool):
        seen[key] = seen.get(key, 0) + 1
        # one question of each item before a second of any, the due items first
        order.append(((seen[key], rank[key], index), qid_text))
    order.sort()
    return [qid_text for _key, qid_text in order[: spec.count]]


def same_game(qid: str, spec: QuizSpec) -> bool:
    """True when a stored question asks about the game of ``spec``: a miss on the Bid
    Euchre page comes back in that page's quiz, not in Euchre's.

    >>> from euchre import Rules
    >>> spec = base_spec({}, Rules())
    >>> same_game("suit:learning:none:7@midwest", spec), same_game("bids:learning:none:7@bid-euchre", spec)
    (True, False)
    """
    game = parse_rules_code(QuestionId.parse(qid).rules).variant
    return game == parse_rules_code(spec.rules).variant


@expose("quiz.new")
def quiz_new(payload: Any) -> dict[str, Any]:
    """A quiz's questions. ``review`` ids (items due again) replace some of them, spread out."""
    data = _payload(payload)
    spec, notes = _spec(data)
    ids = [str(q) for q in spec.question_ids()]
    if not data.get("query"):
        ids = practice_ids(spec, _progress(data.get("progress")), _now(data.get("now")))
    review, dropped = _questions(data.get("review") or [])
    review = [q for q in review if same_game(q["id"], spec)]  # another page's game waits
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
    model = sheet_model(spec)
    return {**model, "notes": notes, "html": sheet_html(model), "status": status_text(model, notes)}


# ---------------------------------------------------------------------- drawing
def _ids(raw: Any) -> tuple[str, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_IDS:
        raise BridgeError("The quiz could not be read; start a new quiz.")
    try:
        return tuple(str(QuestionId.parse(str(i))) for i in raw)
    except ValueError:
        raise BridgeError("That question could not be found; start a new quiz.") from None


def _answers(raw: Any, ids: tuple[str, ...]) -> tuple[Answer, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) > len(ids):
        raise BridgeError("The saved answers could not be read; start a new quiz.")
    out = []
    for qid, item in zip(ids, raw, strict=False):
        if not isinstance(item, dict) or item.get("id") != qid:
            raise BridgeError("The saved answers could not be read; start a new quiz.")
        try:
            feedback = check(build(QuestionId.parse(qid)), item.get("given"))
        except AnswerError as exc:
            raise BridgeError(str(exc)) from None
        out.append(Answer(qid, tuple(feedback["given"]), bool(feedback["correct"])))
    return tuple(out)


def _strings(raw: Any, limit: int = 20) -> tuple[str, ...]:
    if not isinstance(raw, list):
        return ()
    return tuple(str(v)[:800] for v in raw[:limit])


def _view_state(payload: Any) -> QuizState:
    """The quiz's state from the page (checked: anything odd is refused in words)."""
    data = _payload(payload)
    run = data.get("run")
    if not isinstance(run, dict):
        raise BridgeError("The quiz could not be read; start a new quiz.")
    ids = _ids(run.get("ids"))
    answers = _answers(run.get("answers"), ids)
    phase = str(data.get("phase", "question"))
    if phase not in ("question", "answered", "summary"):
        raise BridgeError("The quiz could not be read; start a new quiz.")
    if phase == "answered" and not answers:
        phase = "question"
    if phase == "question" and len(answers) >= len(ids):
        phase = "summary"
    links = _strings(data.get("link_notes"))
    notes = links + ((RESET_NOTE,) if data.get("reset") else ())
    if data.get("pending_link"):
        notes = (LINK_NOTE, *notes)
    page_url = str(data.get("page_url") or "")[:2000]
    query = str(run.get("query") or "")[:2000]
    return QuizState(
        ids=ids,
        answers=answers,
        query=query,
        link_matches=phase != "summary" or _link_gives(data, query, ids),
        phase=phase,
        picked=_strings(data.get("picked")),
        review=frozenset(_strings(data.get("review"), MAX_IDS)),
        notes=notes,
        notes_intro=LINK_INTRO if links else "",
        page_url=page_url,
    )


def _link_gives(data: Mapping[str, Any], query: str, ids: tuple[str, ...]) -> bool:
    """Whether the share link's ``query`` gives exactly these questions: a practice quiz
    is picked from this browser's progress (``practice_ids``), so a link to its settings
    gives other questions of the same kinds."""
    try:
        spec, _notes = _spec({**data, "query": query})
    except (BridgeError, RulesError, ValueError):
        return False
    return list(ids) == [str(q) for q in spec.question_ids()]


@expose("quiz.view")
def quiz_view(payload: Any) -> dict[str, Any]:
    """The quiz drawn for the page's state."""
    state = _view_state(payload)
    return {"phase": state.phase, "html": quiz_html(state)}


@expose("quiz.end")
def quiz_end(payload: Any) -> dict[str, Any]:
    """The end of a finished run, drawn without the rows of its misses."""
    state = _view_state({**_payload(payload), "phase": "summary"})
    if state.phase != "summary":
        raise BridgeError("This quiz is not finished yet.")
    return {"phase": state.phase, "html": quiz_html(state, rows=False)}


@expose("quiz.row")
def quiz_row(payload: Any) -> dict[str, Any]:
    """The summary's row of one answer: the question, the answer given and the engine's
    verdict, for a miss; "" for a right answer."""
    data = _payload(payload)
    qid = _ids([data.get("id")])[0]
    index = data.get("index")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < MAX_IDS:
        raise BridgeError("The quiz could not be read; start a new quiz.")
    given = data.get("given")
    if not isinstance(given, list) or not all(isinstance(v, str) for v in given):
        raise BridgeError("The saved answers could not be read; start a new quiz.")
    try:
        html = summary_row(qid, index, given, review=bool(data.get("review")))
    except AnswerError as exc:
        raise BridgeError(str(exc)) from None
    return {"html": html}


@expose("quiz.preview")
def quiz_preview(payload: Any) -> dict[str, Any]:
    """A link's first question, drawn to be read while the card engine starts."""
    spec, _notes = _spec(_payload(payload))
    first = str(spec.question_ids()[0])
    return {"html": preview_html(first)}


@expose("quiz.answer")
def quiz_answer(payload: Any) -> dict[str, Any]:
    """Check the picks of the current question: the answer to store and the quiz drawn."""
    state = _view_state({**_payload(payload), "phase": "question"})
    if len(state.answers) >= len(state.ids):
        raise BridgeError("Every question of this quiz is answered already.")
    try:
        record, shown = answer(state, list(state.picked))
    except AnswerError as exc:
        raise BridgeError(str(exc)) from None
    item = item_of_question(build(QuestionId.parse(record.id)))
    return {
        "answer": record.to_dict(),
        "phase": shown.phase,
        "html": quiz_html(shown),
        "mastery": mastery_field(item, record.ok),
    }


__all__ = ["CONFIG_KEYS", "check_config", "first_state", "question_html", "render"]
