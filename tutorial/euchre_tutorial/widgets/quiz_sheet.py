"""The teacher's quiz builder widget: choose kinds, seed, count, difficulty, trap rate and
rules; get a share link, an embed code, and a printable question sheet with a separate
answer key.

Everything it draws comes from :mod:`euchre_tutorial.present.sheet`: at build time the
sheet of the page's default quiz; in the browser every change asks the engine
(``quiz.sheet``), whose reply carries the sheet's markup.

>>> from euchre import Rules
>>> html = render({"id": "t", **check_config({}, Rules())}, Rules())
>>> 'class="eu-sheet"' in html and "Answer key" in html
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre import Rules

from euchre_tutorial.present.sheet import builder_html, sheet_html
from euchre_tutorial.quiz import base_spec
from euchre_tutorial.quiz.fence import CONFIG_KEYS as QUIZ_KEYS
from euchre_tutorial.quiz.fence import check_config as quiz_check_config

__all__ = ["CONFIG_KEYS", "check_config", "render", "sheet_html"]

CONFIG_KEYS = dict(QUIZ_KEYS)


def check_config(raw: Mapping[str, str], rules: Rules) -> dict[str, Any]:
    """The same settings as the quiz fence."""
    return quiz_check_config(raw, rules)


def render(config: Mapping[str, Any], rules: Rules) -> str:
    """The builder's first state (see :func:`~euchre_tutorial.present.sheet.builder_html`)."""
    return builder_html(str(config.get("id", "quiz-sheet")), base_spec(config, rules), rules)
