"""Every worked example stands at any table a house-rules file can describe. A farmer's
hand, calling for best, defending alone or the lead against a lone player each change what
a deal's bidding and play must be, and an example the engine refuses stops the build: so a
teacher's rules file with one of them would build no site at all.

The pages' example fences are rendered (templates, then the engine's checks) under each
option alone at each of its values, from every profile, and under every option that adds a
decision to a deal at once."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import markdown
import pytest
from euchre import Rules, RulesError
from euchre.rules import FARMER_REMEDIES
from euchre.tables import TABLES as TABLES_BY_KEY
from euchre_tutorial.site_rules import SITE_VARIANTS, site_profiles

DOCS = Path(__file__).resolve().parents[2] / "docs"
EXAMPLE_PAGES = sorted(p for p in DOCS.rglob("*.md") if "```euchre-" in p.read_text("utf-8"))
EXTENSIONS = ("euchre_tutorial.mdext.rulestext", "euchre_tutorial.mdext.examples")
GAME_TO = (5, 7, 11)  # game_to takes any number in a range: a few of them

# Every option that adds a decision to some deal, all at once.
MORE_DECISIONS = {
    "farmers_hand": "three_low",
    "calling_for_best": True,
    "defend_alone": True,
    "lead_against_loner": "left_of_loner",
    "dealer_may_decline": True,
    "canadian_loner": True,
    "no_trump": True,
}


def _values(field: dataclasses.Field[Any]) -> tuple[Any, ...]:
    if field.name == "name":
        return ()
    return Rules.option_values(field.name) or GAME_TO


def _toml(changes: dict[str, Any]) -> str:
    def value(v: Any) -> str:
        return str(v).lower() if isinstance(v, bool) else str(v) if isinstance(v, int) else f'"{v}"'

    return "".join(f"{key} = {value(v)}\n" for key, v in changes.items())


def _tables() -> dict[str, str]:
    """A rules file's text for each table, by a readable name."""
    out: dict[str, str] = {}
    seen: set[Rules] = set()
    for profile in site_profiles():
        base = Rules.profile(profile)
        tries = [{f.name: v} for f in dataclasses.fields(Rules) for v in _values(f)]
        tries += [{"farmers_hand": "three_low", "farmers_remedy": v} for v in FARMER_REMEDIES]
        tries.append(MORE_DECISIONS)
        for changes in tries:
            try:
                rules = base.replace(**changes)
            except RulesError:
                continue  # a combination the rules refuse (the rules-file tests cover it)
            if rules.variant not in SITE_VARIANTS:
                continue  # a game this site does not teach yet (its refusal: test_site_rules)
            if rules != base and rules not in seen:
                seen.add(rules)
                out[f"{profile} + {_toml(changes).strip().replace(chr(10), ', ')}"] = (
                    f'profile = "{profile}"\n{_toml(changes)}'
                )
    # Every other table, with each option that adds a decision (an example at the site's own
    # table is checked under its house rules: six in teams with a Canadian loner once
    # stopped the build).
    for key in TABLES_BY_KEY:
        table = Rules.table(key).settings
        for option, value in MORE_DECISIONS.items():
            changes = {**table, option: value}
            try:
                rules = Rules().replace(**changes)
            except RulesError:
                continue
            if rules not in seen:
                seen.add(rules)
                out[f"table {key} + {option} = {value}"] = _toml(changes)
    return out


TABLES = _tables()


def test_the_tables_cover_the_options_that_add_decisions() -> None:
    for key, value in MORE_DECISIONS.items():
        assert any(
            f"{key} = " in text and str(value).lower() in text for text in TABLES.values()
        ), key
    assert any(text.count("\n") > 5 for text in TABLES.values()), "all at once, somewhere"


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_example_builds_at_this_table(name: str, tmp_path: Path) -> None:
    rules_file = tmp_path / "house-rules.toml"
    rules_file.write_text(TABLES[name], encoding="utf-8")
    md = markdown.Markdown(
        extensions=["pymdownx.superfences", *EXTENSIONS],
        extension_configs={e: {"rules": str(rules_file)} for e in EXTENSIONS},
    )
    for page in EXAMPLE_PAGES:
        text = page.read_text("utf-8")
        if text.startswith("---"):
            text = text.split("---", 2)[2]
        md.reset()
        html = md.convert(text)  # a refused example raises PageError, naming the line
        assert "euchre-deal" not in html and "{%" not in html, page.name


def _body(page: Path) -> str:
    """A page's Markdown without its front matter."""
    text = page.read_text("utf-8")
    return text.split("---", 2)[2] if text.startswith("---") else text


def test_a_house_rule_note_speaks_of_the_rule_whatever_the_table(tmp_path: Path) -> None:
    """At a cutthroat table that sticks the dealer, the four-player throw-in example says
    this site plays otherwise and the stick-the-dealer example says it plays it (both once
    said "otherwise": the table's other seats count made every example another table)."""
    rules_file = tmp_path / "house-rules.toml"
    rules_file.write_text("players = 3\npartnerships = false\nstick_the_dealer = true\n", "utf-8")
    md = markdown.Markdown(
        extensions=["pymdownx.superfences", *EXTENSIONS],
        extension_configs={e: {"rules": str(rules_file)} for e in EXTENSIONS},
    )
    html = md.convert(_body(DOCS / "rules" / "making-trump.md"))
    assert "<code>stick_the_dealer = true</code>. This site plays it." in html
    assert "<code>stick_the_dealer = false</code>. This site plays otherwise" in html


def test_an_example_the_house_rules_would_change_is_shown_under_its_tables_usual_rules(
    tmp_path: Path,
) -> None:
    rules_file = tmp_path / "house-rules.toml"
    rules_file.write_text(
        "players = 6\npartnerships = true\ndeck = 32\ncanadian_loner = true\n", "utf-8"
    )
    md = markdown.Markdown(
        extensions=["pymdownx.superfences", *EXTENSIONS],
        extension_configs={e: {"rules": str(rules_file)} for e in EXTENSIONS},
    )
    html = md.convert(_body(DOCS / "rules" / "table-sizes.md"))
    assert "house rules would change this deal, so it is shown with the usual rules" in html
