"""Words as written: one spelling everywhere (American: "color"), and no space before a full
stop or a comma on any page under any rules ("opponents ." came from a condition that
closed on a later line than it opened, leaving the full stop on a line of its own)."""

from __future__ import annotations

import ast
import re
import tomllib
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import pytest
from euchre import Rules
from euchre_tutorial import mastery
from euchre_tutorial.site_rules import site_profiles

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if "runtime" not in p.parts)
PACKAGES = [ROOT / "tutorial" / "euchre_tutorial", ROOT / "tutorial" / "euchre_rooms"]
TEMPLATES = sorted((ROOT / "tutorial" / "web").glob("*.html"))
BRITISH = re.compile(r"\bcolours?\b", re.IGNORECASE)
SPACE_BEFORE = re.compile(r"\w\s+[.,;:!?](?=\s|$)")
CODE = re.compile(r"<(code|pre)\b.*?</\1>", re.S)


def variants() -> dict[str, Rules]:
    """Every profile the site plays, at every table it can be played at."""
    found = {}
    for name in site_profiles():
        for table in Rules.tables():
            try:
                found[f"{name}@{table}"] = Rules.profile(name).at_table(table)
            except ValueError:
                continue
    return found


@cache
def rendered(page: Path, rules_file: Path) -> str:
    """A page rendered for the rules in ``rules_file``, as plain text (code left out)."""
    import markdown

    extension = "euchre_tutorial.mdext.rulestext"
    html = markdown.Markdown(
        extensions=[extension, "attr_list", "admonition", "tables"],
        extension_configs={extension: {"rules": str(rules_file)}},
    ).convert(page.read_text(encoding="utf-8"))
    return " ".join(re.sub(r"<[^>]+>", "", CODE.sub("CODE", html)).split())


@pytest.mark.parametrize(("key", "rules"), sorted(variants().items()))
def test_no_page_has_a_space_before_its_punctuation(key: str, rules: Rules, tmp_path: Path) -> None:
    rules_file = tmp_path / "rules.toml"
    rules_file.write_text(rules.to_toml(), encoding="utf-8")
    for page in PAGES:
        text = rendered(page, rules_file)
        bad = [text[max(0, m.start() - 40) : m.end() + 5] for m in SPACE_BEFORE.finditer(text)]
        assert not bad, (key, str(page.relative_to(DOCS)), bad)


def test_pages_and_lessons_say_color() -> None:
    texts = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in PAGES}
    lessons = ROOT / "tutorial" / "euchre_tutorial" / "lessons" / "data"
    for path in sorted(lessons.glob("*.toml")):
        texts[str(path.relative_to(ROOT))] = str(tomllib.loads(path.read_text(encoding="utf-8")))
    bad = {name: BRITISH.findall(text) for name, text in texts.items() if BRITISH.search(text)}
    assert not bad, bad


def _strings(path: Path) -> list[str]:
    """The string constants of a module that hold words (not its identifiers, nor its
    docstrings, which speak of the code)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and " " in node.value
        and id(node) not in docstrings
    ]


def test_python_words_say_color() -> None:
    bad = {
        str(path.relative_to(ROOT)): found
        for package in PACKAGES
        for path in sorted(package.rglob("*.py"))
        if (found := [s for s in _strings(path) if BRITISH.search(s)])
    }
    assert not bad, bad


def test_the_page_templates_say_color_where_a_reader_sees_it() -> None:
    for template in TEMPLATES:
        text = template.read_text(encoding="utf-8")
        shown = re.findall(r'(?:title|aria-label|alt)="([^"]*)"', text)
        shown += re.findall(r">([^<>{}]+)<", text)
        assert not [s for s in shown if BRITISH.search(s)], template.name


def test_an_item_saved_under_its_old_spelling_is_kept_under_the_new() -> None:
    saved = mastery.record_answer(
        None,
        "left-bower",
        "a jack of the other color when spades are trump",
        True,
        now=datetime(2026, 3, 1, 12, tzinfo=UTC),
    )
    old = {**saved["items"][0], "item": "a jack of the other colour when spades are trump"}
    repaired, notes = mastery.repair({**saved, "items": [old]})
    assert notes == [] and repaired["items"] == saved["items"]
    both, notes = mastery.repair({**saved, "items": [old, saved["items"][0]]})
    assert notes == [] and both["items"] == saved["items"]
