"""Sentences of the rules pages that state a rule the worked examples cannot show, checked
against what the engine does: a page never teaches a narrower rule than the game plays."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).parents[2] / "docs" / "rules"


def _section(page: str, heading: str) -> str:
    text = (DOCS / page).read_text(encoding="utf-8")
    body = text.split(f"## {heading}\n", 1)[1]
    return " ".join(re.split(r"\n## ", body, maxsplit=1)[0].split())


@pytest.mark.parametrize(("page", "heading"), [
    ("variations.md", "Defending alone"),
    ("going-alone.md", "Defending alone"),
])
def test_the_pages_say_defending_alone_is_open_against_any_maker(page: str,
                                                                 heading: str) -> None:
    """The engine offers defending alone against a maker with a partner too
    (tests/engine/test_rules_002.py); the pages once said "when the maker goes alone"."""
    section = _section(page, heading)
    assert "whether the maker plays alone or with a partner" in section, section
