"""A quiz spec (kinds, seed, count, difficulty, trap rate, rules) and its share link.

The link's query is read by a strict validator: anything it cannot use (an unknown kind, a
huge count, script text) is left out with a friendly note, and the quiz falls back to the
default for that setting. The notes quote at most a few plain characters of the bad value;
the page shows them as text, never as HTML.

>>> base = QuizSpec()
>>> spec, notes = parse_query("?kinds=plays,winner&seed=42&count=5&level=first-time", base)
>>> spec.kinds, spec.seed, spec.count, spec.level, spec.traps, notes
(('plays', 'winner'), 42, 5, 'first-time', 20, [])
>>> spec.to_query()
'kinds=plays,winner&seed=42&count=5&level=first-time&traps=20'
>>> spec, notes = parse_query("kinds=<script>alert(1)</script>&count=99999", base)
>>> spec == base, len(notes)
(True, 2)
>>> notes[1]
'The count “99999” was not used: a quiz has 1 to 50 questions.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import parse_qsl

from euchre import Rules, RulesError
from euchre.rng import SeededRandom

from euchre_tutorial.quiz.levels import DEFAULT_LEVEL, LEVELS, game_kinds, level_kinds, parse_level
from euchre_tutorial.quiz.model import KINDS, SEED_LIMIT, QuestionId
from euchre_tutorial.quiz.rules_code import (
    chosen_profile,
    named_keys,
    parse_rules_code,
    parse_rules_code_parts,
    rules_code,
    with_option,
)
from euchre_tutorial.quiz.traps import KIND_TRAPS

MAX_COUNT = 50
DEFAULT_COUNT = 10
DEFAULT_SEED = 2024
LINK_SEEDS = (DEFAULT_SEED, 1871, 3106, 4152, 5217, 6380, 7409, 8563)
"""The seeds whose links a site build answers at once (the first question of every quiz
of the site's rules with one of them, whatever its kinds, difficulty, trap rate and count:
``euchre_tutorial.prebuilt.links``); the teacher's page draws "New seed" from them."""
MAX_QUERY = 2000
TABLE_PARAMS = {"deck": "deck", "joker": "joker", "defend_alone": "defending-alone choice"}
"""Link settings that are rules options of the same name (an empty value: the rules' own),
with what a note calls them: the options that change a quiz's answers (the cards in play,
and a lone defender's points), each a list on the teacher's form."""
PARAMS = ("kinds", "seed", "count", "level", "traps", "rules", *TABLE_PARAMS)
"""What a link may set. The ``TABLE_PARAMS`` (the teacher's form sets them) change the
rules the link names; the link the spec makes names the result in ``rules`` alone."""
ALIASES = {"kind": "kinds", "difficulty": "level", "trap": "traps", "n": "count"}
KIND_ALIASES = {
    "play": "plays",
    "legal": "plays",
    "trick": "winner",
    "wins": "winner",
    "rank": "order",
    "scoring": "score",
    "bid": "bids",
    "bidding": "bids",
    "lead": "leader",
    "leads": "leader",
    "bid-score": "bidscore",
}
KIND_LABELS = {
    "plays": "Which cards may you play?",
    "winner": "Who wins this trick?",
    "suit": "What suit is this card now?",
    "order": "Put these trumps in order",
    "score": "What does this deal score?",
    "bids": "Which bids may you make?",
    "leader": "Who leads the first trick?",
    "bidscore": "What does this bid score?",
}


def shown(value: str, limit: int = 24) -> str:
    """A bad value, made safe to quote in a note: printable characters only, and short.

    >>> shown("<script>alert('x')</script>")
    '<script>alert(x)</scrip…'
    """
    clean = "".join(ch for ch in value if ch.isprintable() and ch not in "\"'`\\")
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


@dataclass(frozen=True)
class QuizSpec:
    """Everything that fixes a quiz's questions."""

    kinds: tuple[str, ...] = LEVELS[DEFAULT_LEVEL].kinds
    seed: int = DEFAULT_SEED
    count: int = DEFAULT_COUNT
    level: str = DEFAULT_LEVEL
    traps: int = LEVELS[DEFAULT_LEVEL].trap_rate
    rules: str = "american"
    base_rules: str = field(default="american", compare=False)

    def __post_init__(self) -> None:
        if not self.kinds or any(k not in KINDS for k in self.kinds):
            raise ValueError(f"kinds must be some of {', '.join(KINDS)}")
        if len(set(self.kinds)) != len(self.kinds):
            raise ValueError("each kind is named once")
        rules = parse_rules_code(self.rules)
        asked = game_kinds(rules.variant)
        if any(k not in asked for k in self.kinds):
            raise ValueError(f"a quiz of {rules.variant_spec.title} asks {', '.join(asked)}")
        if not 0 <= self.seed < SEED_LIMIT:
            raise ValueError(f"the seed is a whole number from 0 to {SEED_LIMIT - 1}")
        if not 1 <= self.count <= MAX_COUNT:
            raise ValueError(f"a quiz has 1 to {MAX_COUNT} questions")
        if self.level not in LEVELS:
            raise ValueError(f"the level is one of {', '.join(LEVELS)}")
        if not 0 <= self.traps <= 100:
            raise ValueError("the trap rate is a percentage, 0 to 100")

    def question_ids(self) -> list[QuestionId]:
        """The recipes of the quiz's questions, in order. Kinds take turns in a shuffled
        order; each question holds a trap with probability ``traps`` percent."""
        rng = SeededRandom(self.seed)
        queue: list[str] = []
        out = []
        for _ in range(self.count):
            if not queue:
                queue = list(self.kinds)
                rng.shuffle(queue)
            kind = queue.pop(0)
            trap = None
            roll = rng.below(100)
            traps = KIND_TRAPS[kind]
            pick = rng.below(len(traps)) if traps else 0
            if traps and roll < self.traps:
                trap = traps[pick]
            out.append(QuestionId(kind, self.level, trap, rng.below(SEED_LIMIT), self.rules))
        return out

    def to_query(self) -> str:
        """The share link's query (without "?"); the rules only when not the base rules."""
        parts = [
            f"kinds={','.join(self.kinds)}",
            f"seed={self.seed}",
            f"count={self.count}",
            f"level={self.level}",
            f"traps={self.traps}",
        ]
        if self.rules != self.base_rules:
            parts.append(f"rules={self.rules}")
        return "&".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the page."""
        return {
            "kinds": list(self.kinds),
            "seed": self.seed,
            "count": self.count,
            "level": self.level,
            "traps": self.traps,
            "rules": self.rules,
            "query": self.to_query(),
        }


def base_spec(config: Mapping[str, Any], rules: Rules) -> QuizSpec:
    """The spec of a page's quiz (its fence settings, already checked) under ``rules``."""
    code = rules_code(rules)
    level = str(config.get("level", DEFAULT_LEVEL))
    spec = QuizSpec(
        kinds=tuple(config.get("kinds") or level_kinds(level, rules.variant)),
        seed=int(config.get("seed", DEFAULT_SEED)),
        count=int(config.get("count", DEFAULT_COUNT)),
        level=level,
        traps=int(config.get("traps", LEVELS[level].trap_rate)),
        rules=code,
        base_rules=code,
    )
    return spec


def parse_kinds(text: str) -> tuple[list[str], list[str]]:
    """Known kinds (deduplicated, in order) and the unknown pieces.

    >>> parse_kinds("plays, trick,plays,bogus")
    (['plays', 'winner'], ['bogus'])
    """
    good: list[str] = []
    bad: list[str] = []
    for piece in re.split(r"[,\s]+", text.strip()):
        if not piece:
            continue
        key = KIND_ALIASES.get(piece.lower(), piece.lower())
        if key in KINDS:
            if key not in good:
                good.append(key)
        else:
            bad.append(piece)
    return good, bad


def _whole(text: str, low: int, high: int) -> int | None:
    text = text.strip()
    if not re.fullmatch(r"[0-9]{1,12}", text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_query(query: str | Mapping[str, str], base: QuizSpec) -> tuple[QuizSpec, list[str]]:
    """Read a share link's query over ``base``; return the spec and notes on what was
    left out. Never raises for bad input. The rule set a link names keeps its name, even
    when another holds the same rules ("Stick-the-dealer rules" is not said "Midwest").

    >>> spec, notes = parse_query("rules=stick-the-dealer,game_to:7&deck=32", QuizSpec())
    >>> spec.rules, notes
    ('stick-the-dealer,deck:32,game_to:7', [])
    """
    notes: list[str] = []
    if isinstance(query, Mapping):
        pairs = [(str(k), str(v)) for k, v in query.items()]
    else:
        text = str(query)
        if len(text) > MAX_QUERY:
            return base, ["The link was too long to read, so this is the default quiz."]
        pairs = parse_qsl(text.lstrip("?"), keep_blank_values=True)
    given = _given(pairs, notes)
    rules_notes: list[str] = []
    rules_text = _rules(given, base.rules, rules_notes)
    variant = parse_rules_code(rules_text).variant
    level, kinds, level_given = _level_and_kinds(given, base, notes, variant)
    seed = _number(given, "seed", base.seed, notes, 0, SEED_LIMIT - 1)
    count = _number(given, "count", base.count, notes, 1, MAX_COUNT)
    traps = _traps(given, None if level_given else base.traps, level, notes)
    notes += rules_notes
    return replace(
        base, level=level, kinds=kinds, seed=seed, count=count, traps=traps, rules=rules_text
    ), notes


def _given(pairs: list[tuple[str, str]], notes: list[str]) -> dict[str, str]:
    """The link's settings we read, each once (the first wins), by their names."""
    given: dict[str, str] = {}
    for key, value in pairs:
        name = ALIASES.get(key.strip().lower(), key.strip().lower())
        if name not in PARAMS:
            continue  # other parameters (a search highlight, a tracker) are not ours
        if name in given:
            notes.append(f"The setting “{name}” was given twice: the first one was used.")
            continue
        given[name] = value[:MAX_QUERY]
    return given


def _level_and_kinds(
    given: Mapping[str, str], base: QuizSpec, notes: list[str], variant: str = "euchre"
) -> tuple[str, tuple[str, ...], bool]:
    """The difficulty, the question kinds (a level given alone brings its own kinds, and
    so does a game other than ``base``'s: ``variant``, the engine's name of the link's
    game) and whether the link set the level."""
    level, kinds = base.level, base.kinds
    level_given = False
    if "level" in given:
        try:
            level = parse_level(given["level"])
            level_given = True
        except ValueError:
            notes.append(
                f"The difficulty “{shown(given['level'])}” was not used: "
                f"choose {', '.join(LEVELS)}."
            )
    good: list[str] = []
    if "kinds" in given:
        good, bad = parse_kinds(given["kinds"])
        if bad:
            notes.append(_kinds_note(bad))
        good = _game_kinds(good, variant, notes)
    if good:
        return level, tuple(good), level_given
    if level_given or variant != parse_rules_code(base.rules).variant:
        return level, level_kinds(level, variant), level_given  # a game brings its kinds
    return level, kinds, level_given


def _game_kinds(kinds: list[str], variant: str, notes: list[str]) -> list[str]:
    """The kinds a quiz of ``variant`` asks among ``kinds``; a note names the others.

    >>> notes = []
    >>> _game_kinds(["bids", "score"], "bid", notes), notes
    (['bids'], ['The question kind “score” is not asked about this game: its kinds are bids, leader, bidscore, plays, winner, suit, order.'])
    """
    asked = game_kinds(variant)
    other = [k for k in kinds if k not in asked]
    if other:
        names = ", ".join(f"“{k}”" for k in other)
        what = "kind" if len(other) == 1 else "kinds"
        verb = "is" if len(other) == 1 else "are"
        notes.append(
            f"The question {what} {names} {verb} not asked about this game: "
            f"its kinds are {', '.join(asked)}."
        )
    return [k for k in kinds if k in asked]


def _kinds_note(bad: list[str]) -> str:
    names = ", ".join(f"“{shown(b)}”" for b in bad[:3]) + (" …" if len(bad) > 3 else "")
    if len(bad) == 1:
        return f"The question kind {names} was not used: the kinds are {', '.join(KINDS)}."
    return f"The question kinds {names} were not used: the kinds are {', '.join(KINDS)}."


_NUMBER_NOTES = {
    "seed": "The seed “{value}” was not used: a seed is a whole number from 0 to {high}.",
    "count": "The count “{value}” was not used: a quiz has 1 to {high} questions.",
}


def _number(
    given: Mapping[str, str], name: str, default: int, notes: list[str], low: int, high: int
) -> int:
    """A whole-number setting (``seed``, ``count``) within its range, else ``default``."""
    if name not in given:
        return default
    value = _whole(given[name], low, high)
    if value is None:
        notes.append(_NUMBER_NOTES[name].format(value=shown(given[name]), high=high))
        return default
    return value


def _traps(given: Mapping[str, str], kept: int | None, level: str, notes: list[str]) -> int:
    """The trap rate: the link's, else the one kept (None: the level's own, for a link
    that set the level)."""
    default = LEVELS[level].trap_rate if kept is None else kept
    if "traps" not in given:
        return default
    value = _whole(given["traps"].strip().rstrip("%"), 0, 100)
    if value is None:
        notes.append(
            f"The trap rate “{shown(given['traps'])}” was not used: it is a "
            "percentage from 0 to 100."
        )
        return default
    return value


def _rules(given: Mapping[str, str], rules_text: str, notes: list[str]) -> str:
    """The rules code: the link's rules (every part that can be kept) and its table
    settings, named by the rule set the link chose."""
    prefer = chosen_profile(given.get("rules", ""))
    if "rules" in given:
        rules, left_out = parse_rules_code_parts(given["rules"], rules_text)
        rules_text = rules_code(rules, prefer)
        for part, reason in left_out:
            what = "rules" if ":" not in part else "house rules" if "," in part else "house rule"
            verb = "was" if what == "house rule" else "were"
            notes.append(f"The {what} “{shown(part)}” {verb} not used ({shown(reason, 600)}).")
    table = {name: given[name].strip() for name in TABLE_PARAMS if given.get(name, "").strip()}
    if not table:
        return rules_text
    rules = parse_rules_code(rules_text)
    typed = named_keys(given.get("rules", ""))
    for name, value in table.items():
        try:
            before = getattr(rules, name)
            rules = with_option(rules, name, value)
        except RulesError as exc:
            notes.append(
                f"The {TABLE_PARAMS[name]} “{shown(value)}” was not used ({shown(str(exc), 600)})."
            )
            continue
        if name in typed and getattr(rules, name) != before:
            notes.append(
                f"The {TABLE_PARAMS[name]} is given twice, in the house rules "
                f"and as its own setting: this quiz uses “{shown(value)}”."
            )
    return rules_code(rules, prefer or chosen_profile(rules_text))
