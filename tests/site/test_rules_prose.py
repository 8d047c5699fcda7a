"""Sentences of the rules pages that state a rule the worked examples cannot show, checked
against what the engine does: a page never teaches a narrower rule than the game plays."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from euchre import Deal, HandState, Rules

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


@pytest.mark.parametrize(("page", "heading"), [
    ("variations.md", "The dealer may decline"),
    ("making-trump.md", "The dealer's pick-up and discard"),
    ("glossary.md", "Decline"),
])
def test_the_pages_say_a_dealer_may_not_decline_their_own_pick_up(page: str,
                                                                  heading: str) -> None:
    """The engine refuses a dealer's decline of their own pick-up ("you picked the upcard
    up yourself, so you cannot decline it"); the pages once said only "after the upcard
    is accepted"."""
    rules = Rules().replace(dealer_may_decline=True)
    state = HandState.new(Deal.random(seed=3, dealer=0, rules=rules), rules)
    own = state.apply("pass").apply("pass").apply("pass").apply("order")
    ordered = state.apply("order")
    assert not any(a.kind == "decline" for a in own.legal_actions())
    assert any(a.kind == "decline" for a in ordered.legal_actions())
    section = _section(page, heading)
    assert "in their own turn may not" in section, section


@pytest.mark.parametrize("remedy", ["swap", "redeal"])
def test_the_variations_page_names_this_site_s_farmer_s_remedy(remedy: str,
                                                               tmp_path: Path) -> None:
    """Both keys of a farmer's hand are named with this site's values, as every other
    variation is: the page once gave the definition and left the remedy out."""
    import markdown

    rules_file = tmp_path / "house-rules.toml"
    rules_file.write_text(f'farmers_hand = "three_low"\nfarmers_remedy = "{remedy}"\n',
                          encoding="utf-8")
    extension = "euchre_tutorial.mdext.rulestext"
    html = markdown.Markdown(extensions=[extension],
                             extension_configs={extension: {"rules": str(rules_file)}}
                             ).convert((DOCS / "variations.md").read_text(encoding="utf-8"))
    section = re.sub(r"<[^>]+>", "", html.split("Farmer's hand</h2>", 1)[1].split("<h2", 1)[0])
    assert f"This site: three_low, remedy {remedy}." in " ".join(section.split())
