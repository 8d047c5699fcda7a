"""Lessons as data: a lesson is a TOML file with an id, a title, rules and steps.

A step has narration, a fixed deal (or ``continue = true`` to go on from the previous
step), the learner's seat, the expected action or a goal (see :mod:`.goals`), graded hints,
a note for a wrong action (in a step with a goal: for a missed goal, or a legal action the
step does not want) and a note for success. Computer seats act by the step's script,
then by a computer player at the step's level.

>>> lesson = parse_lesson({"id": "demo", "title": "Demo", "steps": [{
...     "id": "lead", "narration": "Lead your best card.", "seat": 1,
...     "deal": {"dealer": 0, "upcard": "9h",
...              "hands": ["9c Tc Jc Qc Kc", "9d Td Jd Qd Kd", "9s Ts Js Qs Ks", "Th Jh Qh Kh Ah"]},
...     "before": ["order", "discard 9c"], "expect": "play Kd", "hints": ["Kings are high."]}]})
>>> lesson.steps[0].expect
('play Kd',)
>>> len(lesson.steps[0].deal.kitty)
3
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from euchre import Action, Deal, Rules, RulesError, make_deck

from euchre_tutorial.lessons.claims import Claim, ClaimError, parse_claim
from euchre_tutorial.lessons.goals import Goal, parse_goal

_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
LEVELS = ("easy", "normal", "strong")
LESSON_KEYS = {"id", "title", "summary", "rules", "steps"}
STEP_KEYS = {
    "id",
    "narration",
    "seat",
    "deal",
    "continue",
    "before",
    "script",
    "expect",
    "goal",
    "hints",
    "wrong",
    "success",
    "reveal",
    "level",
    "coach",
    "claims",
}
_PLACE = re.compile(r"\{([^{}]*)\}")


class LessonError(ValueError):
    """A lesson that cannot be used; the message names the lesson's id and the step."""

    def __init__(self, lesson: str, step: str | None, reason: str) -> None:
        self.lesson = lesson
        self.step = step
        self.reason = reason
        where = f"lesson {lesson!r}" + (f", step {step}" if step else "")
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class Step:
    """One decision (or a few) of a lesson."""

    id: str
    number: int
    narration: str
    seat: int
    deal: Deal | None
    before: tuple[str, ...]
    script: tuple[str, ...]
    expect: tuple[str, ...]
    goal: Goal | None
    hints: tuple[str, ...]
    wrong: str
    success: str
    reveal: bool
    level: str
    coach: bool
    claims: tuple[Claim, ...] = ()

    @property
    def label(self) -> str:
        """How errors name the step: its number and id."""
        return f"{self.number} ({self.id!r})"


@dataclass(frozen=True)
class Lesson:
    """A lesson: its stable id (for links), title, summary, rules and steps."""

    id: str
    title: str
    summary: str
    rules: Rules
    steps: tuple[Step, ...]
    source: str = ""


def _text(
    data: dict[str, Any], key: str, lesson: str, step: str | None, required: bool = True
) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise LessonError(lesson, step, f"{key!r} must be text")
    value = value.strip()
    if required and not value:
        raise LessonError(lesson, step, f"{key!r} is missing")
    return value


def _strings(value: Any, key: str, lesson: str, step: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LessonError(lesson, step, f"{key!r} must be text or a list of texts")
    out = []
    for text in value:
        try:
            Action.parse(text)
        except ValueError as exc:
            raise LessonError(lesson, step, f"{key}: {exc}") from None
        out.append(str(Action.parse(text)))
    return tuple(out)


def _deal(data: Any, rules: Rules, lesson: str, step: str) -> Deal:
    if not isinstance(data, dict):
        raise LessonError(lesson, step, "'deal' must be a table with dealer, hands and upcard")
    unknown = set(data) - {"dealer", "hands", "upcard", "kitty"}
    if unknown:
        raise LessonError(lesson, step, f"deal: unknown key {sorted(unknown)[0]!r}")
    try:
        deal = Deal.from_dict(data)
        if not deal.kitty:
            used = set(deal.all_cards())
            rest = [c for c in make_deck(rules.deck, rules.joker) if c not in used]
            deal = Deal(deal.dealer, deal.hands, deal.upcard, rest)
        deal.check(rules)
    except ValueError as exc:
        raise LessonError(lesson, step, f"impossible deal: {exc}") from None
    return deal


def _claims(data: Any, rules: Rules, lesson: str, step: str) -> tuple[Claim, ...]:
    if data is None:
        return ()
    if not isinstance(data, list):
        raise LessonError(lesson, step, "'claims' must be a list of tables, each with a 'kind'")
    try:
        return tuple(parse_claim(item, n, rules) for n, item in enumerate(data, start=1))
    except ClaimError as exc:
        raise LessonError(lesson, step, str(exc)) from None


def _place(
    texts: dict[str, str], claims: tuple[Claim, ...], lesson: str, step: str
) -> dict[str, str]:
    """The step's texts with each ``{n}`` replaced by claim n's words; every claim is said
    somewhere, and no other braces appear."""
    used: set[int] = set()

    def words(match: re.Match[str]) -> str:
        inside = match.group(1).strip()
        if not inside.isdigit() or not 1 <= int(inside) <= len(claims):
            raise LessonError(
                lesson, step, f"{{{inside}}} is not a claim of this step (it has {len(claims)})"
            )
        used.add(int(inside))
        return claims[int(inside) - 1].words

    out = {key: _PLACE.sub(words, text) for key, text in texts.items()}
    for claim in claims:
        if claim.number not in used:
            raise LessonError(
                lesson,
                step,
                f"{claim.label} is not said in any text: place it with {{{claim.number}}}",
            )
    return out


def _step_label(data: Any, number: int, lesson: str) -> tuple[str, str]:
    """The step's id and the label errors name it by ("2 ('overtrump')")."""
    label = str(number)
    if not isinstance(data, dict):
        raise LessonError(lesson, label, "a step must be a table")
    sid = data.get("id", "")
    if not isinstance(sid, str) or not _ID.match(sid):
        raise LessonError(
            lesson, label, f"a step needs an id of lowercase letters, digits and '-', not {sid!r}"
        )
    label = f"{number} ({sid!r})"
    unknown = set(data) - STEP_KEYS
    if unknown:
        raise LessonError(lesson, label, f"unknown key {sorted(unknown)[0]!r}")
    return sid, label


def _step_seat(data: dict[str, Any], rules: Rules, lesson: str, label: str) -> int:
    seat = data.get("seat", 0)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise LessonError(lesson, label, f"'seat' must be a seat from 0 to {rules.players - 1}")
    return seat


def _step_deal(
    data: dict[str, Any], number: int, rules: Rules, lesson: str, label: str
) -> Deal | None:
    """The step's own deal, or None for a step that continues the one before."""
    go_on = data.get("continue", False)
    if "deal" in data and go_on:
        raise LessonError(lesson, label, "give either a deal or 'continue = true', not both")
    if "deal" not in data and not go_on:
        raise LessonError(lesson, label, "a step needs a deal or 'continue = true'")
    if go_on and number == 1:
        raise LessonError(lesson, label, "the first step cannot continue: give it a deal")
    return _deal(data["deal"], rules, lesson, label) if "deal" in data else None


def _step_goal(
    data: dict[str, Any], expect: tuple[str, ...], lesson: str, label: str
) -> Goal | None:
    goal = None
    if "goal" in data:
        try:
            goal = parse_goal(str(data["goal"]))
        except ValueError as exc:
            raise LessonError(lesson, label, str(exc)) from None
    if not expect and goal is None:
        raise LessonError(lesson, label, "a step needs an expected action ('expect') or a 'goal'")
    return goal


def _step_hints(data: dict[str, Any], lesson: str, label: str) -> list[str]:
    hints = data.get("hints", [])
    if isinstance(hints, str):
        hints = [hints]
    if (
        not isinstance(hints, list)
        or not hints
        or not all(isinstance(h, str) and h.strip() for h in hints)
    ):
        raise LessonError(lesson, label, "'hints' must list at least one hint, mildest first")
    return hints


def parse_step(data: Any, number: int, rules: Rules, lesson: str) -> Step:
    """One step from its TOML table (checked for form; play is checked by ``validate``)."""
    sid, label = _step_label(data, number, lesson)
    seat = _step_seat(data, rules, lesson, label)
    deal = _step_deal(data, number, rules, lesson, label)
    expect = _strings(data.get("expect"), "expect", lesson, label)
    goal = _step_goal(data, expect, lesson, label)
    hints = _step_hints(data, lesson, label)
    level = data.get("level", "normal")
    if level not in LEVELS:
        raise LessonError(lesson, label, f"'level' must be one of {', '.join(LEVELS)}")
    claims = _claims(data.get("claims"), rules, lesson, label)
    hint_keys = [f"hint {n}" for n in range(len(hints))]
    texts = _place(
        {
            "narration": _text(data, "narration", lesson, label),
            "wrong": _text(data, "wrong", lesson, label, required=False),
            "success": _text(data, "success", lesson, label, required=False),
            **{key: h.strip() for key, h in zip(hint_keys, hints, strict=True)},
        },
        claims,
        lesson,
        label,
    )
    return Step(
        id=sid,
        number=number,
        narration=texts["narration"],
        seat=seat,
        deal=deal,
        before=_strings(data.get("before"), "before", lesson, label),
        script=_strings(data.get("script"), "script", lesson, label),
        expect=expect,
        goal=goal,
        hints=tuple(texts[key] for key in hint_keys),
        wrong=texts["wrong"],
        success=texts["success"],
        reveal=bool(data.get("reveal", False)),
        level=level,
        coach=bool(data.get("coach", False)),
        claims=claims,
    )


def parse_lesson(data: dict[str, Any], source: str = "") -> Lesson:
    """A lesson from its TOML data; a problem of form raises LessonError naming id and step."""
    lid = data.get("id", "")
    if not isinstance(lid, str) or not _ID.match(lid):
        raise LessonError(
            str(lid or source or "?"),
            None,
            "a lesson needs an id of lowercase letters, digits and '-'",
        )
    unknown = set(data) - LESSON_KEYS
    if unknown:
        raise LessonError(lid, None, f"unknown key {sorted(unknown)[0]!r}")
    raw_rules = data.get("rules", {})
    if not isinstance(raw_rules, dict):
        raise LessonError(lid, None, "'rules' must be a table of rule options")
    try:
        rules = Rules.from_dict(raw_rules)
    except RulesError as exc:
        raise LessonError(lid, None, f"rules: {exc}") from None
    if rules.players != 4 or not rules.partnerships:
        raise LessonError(lid, None, "lessons are played by four players in two partnerships")
    steps_data = data.get("steps", [])
    if not isinstance(steps_data, list) or not steps_data:
        raise LessonError(lid, None, "a lesson needs at least one [[steps]]")
    steps = tuple(parse_step(s, n, rules, lid) for n, s in enumerate(steps_data, start=1))
    seen: set[str] = set()
    for step in steps:
        if step.id in seen:
            raise LessonError(lid, step.label, "this step id is used twice")
        seen.add(step.id)
    return Lesson(
        id=lid,
        title=_text(data, "title", lid, None),
        summary=_text(data, "summary", lid, None, required=False),
        rules=rules,
        steps=steps,
        source=source,
    )
