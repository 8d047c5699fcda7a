"""The Bid Euchre page (docs/rules/bid-euchre.md): its worked examples are the engine's
under every house rule of the game, a wrong claim stops the build naming its line, and a
build's rules file plays the game it names (the other game by its standard rules)."""

from __future__ import annotations

from pathlib import Path

import markdown
import pytest
from euchre import Rules
from euchre_tutorial.mdext.errors import PageError

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGE = DOCS / "rules" / "bid-euchre.md"
EXTENSIONS = ("euchre_tutorial.mdext.rulestext", "euchre_tutorial.mdext.examples")

# Each option of Bid Euchre at values a table may choose (game_to and moon_points are
# numbers: a few of them).
OPTION_VALUES = {
    "stick_the_dealer": (False,),
    "no_trump": (False,),
    "calling_for_best": (False,),
    "defenders_score": (False,),
    "lose_at_minus_target": (False,),
    "minimum_bid": (1, 2, 4, 5, 6),
    "moon_points": (6, 24),
    "game_to": (10, 52),
}


def convert(text: str, spec: str) -> str:
    md = markdown.Markdown(
        extensions=["pymdownx.superfences", "admonition", "tables", *EXTENSIONS],
        extension_configs={e: {"rules": spec} for e in EXTENSIONS},
    )
    html: str = md.convert(text)
    return html


def house_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house-rules.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_page_builds_under_the_standard_rules_with_every_example() -> None:
    html = convert(PAGE.read_text("utf-8"), "")
    assert html.count('class="eu-example"') == 6
    assert "as this site plays it: Bid Euchre" in html
    assert "South wins the bidding with 4 tricks and names trump." in html
    assert "West may not bid 4 (the bid is already 4" in html
    assert "The moon: the shooter took all 6 tricks alone and scores 12 points." in html
    assert "North-South -4, East-West 3" in html
    assert "{%" not in html and "{{" not in html


@pytest.mark.parametrize(
    ("key", "value"), [(k, v) for k, values in OPTION_VALUES.items() for v in values]
)
def test_the_page_builds_under_each_house_rule(tmp_path: Path, key: str, value: object) -> None:
    toml = "true" if value is True else "false" if value is False else str(value)
    spec = house_file(tmp_path, f'profile = "bid-euchre"\n{key} = {toml}\n')
    html = convert(PAGE.read_text("utf-8"), spec)  # a refused example raises PageError
    assert html.count('class="eu-example"') == 6
    if key == "defenders_score":
        assert "score nothing at this table" in html.replace("\n", " ")
        assert "North-South -4, East-West 0" in html
    if key == "moon_points":
        assert f"scores {value} points" in html
    if key == "game_to":
        assert f"played to <strong>{value} points</strong>" in html


def test_a_house_rules_file_for_bid_euchre_keeps_the_euchre_pages_on_euchre(
    tmp_path: Path,
) -> None:
    spec = house_file(tmp_path, 'variant = "bid"\ngame_to = 10\n')
    trump_page = convert((DOCS / "rules" / "making-trump.md").read_text("utf-8"), spec)
    assert "upcard" in trump_page  # drawn under Euchre's standard rules
    bid_page = convert(PAGE.read_text("utf-8"), spec)
    assert "played to <strong>10 points</strong>" in bid_page
    assert "House rules (house-rules.toml)" in bid_page


def test_a_wrong_claim_names_its_line() -> None:
    text = (
        "{% game bid %}\n# Bid\n\n```euchre-bid-score\nbid: 4\ntricks: 3\nscore: bidders 3\n```\n"
    )
    with pytest.raises(
        PageError,
        match=r"line 7: euchre-bid-score: the claim is 'bidders 3', "
        r"but the engine scores it: bidders -4, defenders 3",
    ):
        convert(text, "")


def test_an_illegal_bid_names_the_seat_and_the_engines_reason() -> None:
    text = "{% game bid %}\n\n```euchre-bidding\ndealer: West\nbidding: bid 4, bid 3\nhigh-bid: East 3\n```\n"
    with pytest.raises(
        PageError,
        match=r"line 5: euchre-bidding: East cannot 'bid 3': "
        r".*bid more than 4 tricks",
    ):
        convert(text, "")


def test_a_bid_example_on_a_euchre_page_is_refused() -> None:
    text = (
        "# Euchre\n\n```euchre-bid-score\nbid: 4\ntricks: 4\nscore: bidders 4, defenders 2\n```\n"
    )
    with pytest.raises(PageError, match=r"belongs on a page that starts with \{% game bid %\}"):
        convert(text, "")


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(PageError, match="line 1: game: unknown game 'pepper'"):
        convert("{% game pepper %}\n# Pepper\n", "")


def test_the_standard_profile_is_the_engines() -> None:
    assert Rules.profile("bid-euchre").game_to == 32
