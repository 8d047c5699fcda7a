"""The settings of a quiz fence (``kinds``, ``seed``, ``count``, ``level``, ``traps``),
checked strictly: a bad one stops the build with a message naming it.

>>> from euchre import Rules
>>> check_config({"count": "5", "level": "first time"}, Rules())
{'level': 'first-time', 'seed': 2024, 'count': 5, 'traps': 20}
>>> check_config({"count": "500"}, Rules())
Traceback (most recent call last):
...
ValueError: The count “500” was not used: a quiz has 1 to 50 questions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre import Rules

from euchre_tutorial.quiz.levels import DEFAULT_LEVEL, LEVELS, level_kinds
from euchre_tutorial.quiz.model import KINDS
from euchre_tutorial.quiz.rules_code import rules_code
from euchre_tutorial.quiz.spec import (
    DEFAULT_COUNT,
    DEFAULT_SEED,
    MAX_COUNT,
    QuizSpec,
    parse_kinds,
    parse_query,
)

CONFIG_KEYS = {
    "kinds": "question kinds, comma-separated: "
    + ", ".join(KINDS)
    + " (the level's if left out; Bid Euchre's page asks bids, leader, bidscore and the tricks')",
    "seed": f"the quiz's seed, a whole number (default {DEFAULT_SEED})",
    "count": f"how many questions, 1 to {MAX_COUNT} (default {DEFAULT_COUNT})",
    "level": "difficulty: " + ", ".join(LEVELS) + " (default learning)",
    "traps": "the share of left-bower traps in percent, 0 to 100 (the level's if left out)",
}


def check_config(raw: Mapping[str, str], rules: Rules) -> dict[str, Any]:
    """The fence's settings, checked strictly (the build stops on a bad one); the kinds
    are the ones the rules' game asks.

    >>> check_config({"kinds": "bids,leader"}, Rules.profile("bid-euchre"))["kinds"]
    ['bids', 'leader']
    >>> check_config({"kinds": "score"}, Rules.profile("bid-euchre"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: The question kind “score” is not asked about this game: its kinds are bids, ...
    """
    code = rules_code(rules)
    base = QuizSpec(kinds=level_kinds(DEFAULT_LEVEL, rules.variant), rules=code, base_rules=code)
    spec, notes = parse_query(dict(raw), base)
    if notes:
        raise ValueError(notes[0])
    if "kinds" in raw:
        _good, bad = parse_kinds(raw["kinds"])
        if bad or not _good:
            raise ValueError(f"kinds: use some of {', '.join(KINDS)}")
    out: dict[str, Any] = {
        "level": spec.level,
        "seed": spec.seed,
        "count": spec.count,
        "traps": spec.traps,
    }
    if "kinds" in raw:
        out["kinds"] = list(spec.kinds)
    return out
