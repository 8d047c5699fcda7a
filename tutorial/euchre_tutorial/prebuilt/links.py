"""The first question of a teacher's link, written at build time so a link shows its own
question at once (never another quiz's) while the card engine starts.

A link cannot carry the question itself. Its markup would fit (deflated, in base64: 984
bytes for the default link's first question to read, 3.2 KB with the 31 states its picks
and answers reach, and more for each question after it), but markup taken from an address
would let anyone who writes a link put their own HTML, and their own verdicts, on the page.
A link names its quiz (kinds, seed, count, difficulty, trap rate, rules); the engine makes
the questions from it. So the build writes the first question of every quiz a link can
name with the site's rules and one of ``LINK_SEEDS`` (the seeds the teacher's page draws
"New seed" from, the default one first), one file per seed, keyed by the link's settings
as the teacher's page writes them, the count left out (it does not change the first
question):

``<link's query without its count>``   ``quiz.preview``: the question, to be read

>>> from euchre import Rules
>>> link_key("kinds=plays,winner&seed=3&count=5&level=learning&traps=35")
'kinds=plays,winner&seed=3&level=learning&traps=35'
>>> store = link_previews(3, {}, Rules(), kinds=(("suit",),), levels=("learning",))
>>> sorted(store.replies)[:1]
['kinds=suit&seed=3&level=learning&traps=0']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import combinations
from typing import Any

from euchre import Rules

from euchre_tutorial.prebuilt.quiz_run import ask
from euchre_tutorial.prebuilt.store import ReplyStore
from euchre_tutorial.present.sheet import TRAP_CHOICES
from euchre_tutorial.quiz import LEVELS, QuizSpec
from euchre_tutorial.quiz.levels import game_kinds
from euchre_tutorial.quiz.rules_code import rules_code

IGNORED = "count"


def link_key(query: str) -> str:
    """The key of a link's query: its settings as written, the count left out."""
    return "&".join(p for p in query.lstrip("?").split("&") if not p.startswith(f"{IGNORED}="))


def kind_sets(variant: str = "euchre") -> Iterator[tuple[str, ...]]:
    """Every set of kinds the teacher's page can tick for a game, in its order."""
    kinds = game_kinds(variant)
    for size in range(1, len(kinds) + 1):
        yield from combinations(kinds, size)


def link_previews(
    seed: int,
    config: Mapping[str, Any],
    rules: Rules,
    *,
    kinds: Iterable[tuple[str, ...]] | None = None,
    levels: Iterable[str] = tuple(LEVELS),
) -> ReplyStore:
    """The first question of every link of ``seed`` under the site's ``rules``."""
    code = rules_code(rules)
    store = ReplyStore("quiz-links", seed=seed, ignore=IGNORED)
    for chosen in kind_sets(rules.variant) if kinds is None else kinds:
        for level in levels:
            for traps in TRAP_CHOICES:
                spec = QuizSpec(chosen, seed, 10, level, traps, code, code)
                query = spec.to_query()
                payload = {"config": dict(config), "rules": rules.to_dict(), "query": query}
                store.add(link_key(query), ask("quiz.preview", payload))
    return store
