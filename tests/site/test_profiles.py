"""Every page builds with --strict under each named profile and the sample house rules, and
the text follows the rules where they differ."""

from __future__ import annotations

import euchre
import pytest
from euchre import Rules, Suit

from tests.site.conftest import FIXTURES, HOUSE_RULES, PROFILES, SitePath, page_text

JOKER_RULES = FIXTURES / "joker-rules.toml"
CUTTHROAT_RULES = FIXTURES / "cutthroat-rules.toml"
# The rules pages that describe the four-player game, and say so at another table.
TABLE_PAGES = [
    "rules/quick-start",
    "rules/deal",
    "rules/making-trump",
    "rules/going-alone",
    "rules/tricks",
    "rules/scoring",
    "rules/strategy",
]

PAGES = [
    "",
    "about",
    "rules/quick-start",
    "rules/cards",
    "rules/deal",
    "rules/making-trump",
    "rules/going-alone",
    "rules/tricks",
    "rules/scoring",
    "rules/variations",
    "rules/tables",
    "rules/table-sizes",
    "rules/strategy",
    "rules/glossary",
    "rules/house-rules-card",
]


@pytest.mark.parametrize("spec", [*PROFILES, str(HOUSE_RULES)])
def test_every_page_builds(site_for: SitePath, spec: str) -> None:
    site = site_for(spec)
    for page in PAGES:
        assert (site / page / "index.html").is_file(), page
    # no template tag or fence survives into the output
    for page in PAGES:
        text = page_text(site, page)
        assert "{{" not in text and "{%" not in text, page
        assert "euchre-trick" not in text and "euchre-deal" not in text, page


def test_round_two_follows_stick_the_dealer(site_for: SitePath) -> None:
    throw_in = page_text(site_for("american"), "rules/making-trump")
    stuck = page_text(site_for("midwest"), "rules/making-trump")
    assert "At this table the cards are thrown in." in throw_in
    assert "At this table the dealer must name a suit." in stuck
    assert "At this table the dealer must name a suit." not in throw_in


def test_scoring_follows_game_to(site_for: SitePath) -> None:
    house = page_text(site_for(str(HOUSE_RULES)), "rules/scoring")
    default = page_text(site_for("american"), "rules/scoring")
    assert "The first team to reach 7 points wins." in house
    assert "The first team to reach 10 points wins." in default


def test_loner_pages_follow_the_profile(site_for: SitePath) -> None:
    american = page_text(site_for("american"), "rules/going-alone")
    beginner = page_text(site_for("beginner"), "rules/going-alone")
    house = page_text(site_for(str(HOUSE_RULES)), "rules/going-alone")
    assert "At this table, yes." in american and "At this table, no." in beginner
    assert "they must go alone" in house and "This table does not." in american


def test_long_deck_pages(site_for: SitePath) -> None:
    cards = page_text(site_for("long-deck"), "rules/cards")
    assert "At this table the deck has 32 cards" in cards
    assert "At this table the dealer may also decline" in page_text(
        site_for("long-deck"), "rules/making-trump"
    )
    assert "lone defender takes all 5 tricks" in page_text(site_for("long-deck"), "rules/scoring")


def test_examples_needing_other_rules_carry_a_note(site_for: SitePath) -> None:
    american = page_text(site_for("american"), "rules/making-trump")
    midwest = page_text(site_for("midwest"), "rules/making-trump")
    assert "stick_the_dealer = true . This site plays otherwise" in american
    assert "stick_the_dealer = false . This site plays otherwise" in midwest


def test_the_pages_name_the_site_s_rules_as_a_reader_would(site_for: SitePath) -> None:
    """ "American rules", "Long-deck rules" or "House rules (its file)", never the key."""
    for spec, title in (
        ("american", "American rules"),
        ("long-deck", "Long-deck rules"),
        (str(HOUSE_RULES), "House rules (house-rules.toml)"),
    ):
        home = page_text(site_for(spec), "")
        assert f"This copy of the site follows {title} :" in home, spec
        assert f"This copy follows {title} :" in page_text(site_for(spec), "about"), spec
        card = page_text(site_for(spec), "rules/house-rules-card")
        assert f"the rules this copy of the site follows: {title} ." in card, spec
        assert "follows the rules" not in home


def test_house_rules_card_lists_the_active_rules(site_for: SitePath) -> None:
    card = page_text(site_for(str(HOUSE_RULES)), "rules/house-rules-card")
    assert "House rules (house-rules.toml)" in card
    assert "Stick the dealer" in card and "Canadian loner" in card
    assert "first side to 7 points" in card


def test_profiles_table_has_every_profile(site_for: SitePath) -> None:
    text = page_text(site_for("american"), "rules/tables")
    for name in PROFILES:
        assert name in text
    assert "stick_the_dealer" in text and "dealer_may_decline" in text


def test_seed_000_example_is_on_the_tricks_page(site_for: SitePath) -> None:
    html = (site_for("american") / "rules/tricks/index.html").read_text(encoding="utf-8")
    assert html.count('data-example="trick"') >= 3
    text = page_text(site_for("american"), "rules/tricks")
    assert "J♥ wins: the right bower outranks every other trump played" in text


def test_four_and_six_drawn(site_for: SitePath) -> None:
    html = (site_for("american") / "rules/scoring/index.html").read_text(encoding="utf-8")
    assert html.count('class="eu-four-six-svg"') == 10


def test_bower_ranks_follow_the_joker(site_for: SitePath) -> None:
    """The pages rank the bowers as the engine's trump order does, with and without the
    joker."""
    ordinals = {1: "highest", 2: "second-highest", 3: "third-highest"}
    tables = {
        str(JOKER_RULES): Rules.from_toml(JOKER_RULES.read_text()),
        "american": Rules.profile("american"),
    }
    for spec, rules in tables.items():
        site = site_for(spec)
        order = euchre.trump_order(Suit.HEARTS, deck=rules.deck, joker=rules.joker)
        above_right = " after the joker" if order[0] == euchre.JOKER else ""
        left = ordinals[order.index(euchre.left_bower(Suit.HEARTS)) + 1]
        for page in ("rules/cards", "rules/glossary", "rules/quick-start"):
            assert f"highest card{above_right}" in page_text(site, page), (spec, page)
        if not above_right:
            assert "after the joker" not in page_text(site, "rules/cards"), spec
        assert f"the {left} card" in page_text(site, "rules/cards"), spec
        assert f"the {left} trump" in page_text(site, "rules/glossary"), spec


def test_trump_counts_follow_the_deck_and_the_joker(site_for: SitePath) -> None:
    """Every page that counts the trumps says what the engine counts: seven in the short
    deck, nine in the long one, one more with the joker; free play's tip names the card
    that is highest once the joker and the bowers are gone as the engine ranks it."""
    words = {7: "seven", 8: "eight", 9: "nine", 10: "ten"}
    for spec in ("american", "long-deck", str(JOKER_RULES)):
        rules = (
            Rules.from_toml(JOKER_RULES.read_text())
            if spec == str(JOKER_RULES)
            else Rules.profile(spec)
        )
        order = euchre.trump_order(Suit.HEARTS, deck=rules.deck, joker=rules.joker)
        count = words[len(order)]
        site = site_for(spec)
        cards = page_text(site, "rules/cards")
        assert f"the trump suit has {count} cards" in cards, spec
        assert f"There are only {count} of them" in cards, spec
        assert f"There are only {count} trumps" in page_text(site, "rules/strategy"), spec
        play = page_text(site, "practice/play")
        assert f"There are {count} in this table's {rules.deck_size}-card deck" in play, spec
        assert ("Once the joker and both bowers" in play) == rules.joker, spec
        # "... have been played, the ace of trump is the highest card left": the engine's order
        assert order[2 + rules.joker] == euchre.Card.parse("Ah"), spec


def test_the_kitty_follows_the_deck_and_the_joker(site_for: SitePath) -> None:
    """The deal page's kitty is the engine's: 3 cards of 24, 11 of 32, 4 with the joker;
    the home page counts the joker in the deck; a joker table is told the lessons play
    without it."""
    for spec, kitty, deck, joker in (
        ("american", 3, 24, False),
        ("long-deck", 11, 32, False),
        (str(JOKER_RULES), 4, 24, True),
    ):
        site = site_for(spec)
        size = deck + joker
        assert f"With {size} cards and 4 players, the kitty holds {kitty} cards." in page_text(
            site, "rules/deal"
        ), spec
        assert ("No lesson uses the joker" in page_text(site, "practice/lessons")) == joker
        home = page_text(site, "")
        assert f"the deck has {deck} cards{' and the joker' if joker else ''}." in home


def test_a_site_for_another_table_says_so_and_deals_there(site_for: SitePath) -> None:
    """Built for three-handed cutthroat, each rules page about the four-player game says so
    and links to what changes at this table, and so do the lessons; the home page's
    winner is a player; free play's New game has that table chosen, and its page says where
    the learner sits. A four-player site says none of it."""
    cutthroat = site_for(str(CUTTHROAT_RULES))
    note = "This table: three-handed cutthroat"
    told = (
        "This page describes the usual game, four players in two teams. Three-handed "
        "cutthroat: each player scores alone, and the maker plays against the other two."
    )
    for page in TABLE_PAGES:
        assert note in page_text(cutthroat, page) and told in page_text(cutthroat, page), page
        html = (cutthroat / page / "index.html").read_text(encoding="utf-8")
        assert 'href="../table-sizes/#three-handed-euchre-cutthroat"' in html, page
    home = page_text(cutthroat, "")
    assert "the first player to 10 points wins" in home
    assert "Game: the first player to 10 points wins." in page_text(
        cutthroat, "rules/house-rules-card"
    )
    assert "The table is three-handed cutthroat: the rules pages describe" in home
    play = (cutthroat / "practice/play/index.html").read_text(encoding="utf-8")
    assert '<option value="3" selected>Three-handed cutthroat</option>' in play
    lessons = page_text(cutthroat, "practice/lessons")
    assert (
        "They are played at the usual table, four players in two teams; this site's table "
        "is three-handed cutthroat."
    ) in lessons
    assert "can use any set of rules, and deals at this site's table." in lessons
    play_text = page_text(cutthroat, "practice/play")
    assert (
        "The game starts at this site's table. You sit at the bottom. Player 2 and Player "
        "3 sit clockwise from you. Three-handed cutthroat: each player scores alone, and the "
        "maker plays against the other two. The first player to reach the target score "
        "wins."
    ) in play_text
    assert "North is your partner, and West and East" not in play_text
    american = site_for("american")
    assert "this site's table" not in page_text(american, "practice/lessons")
    assert (
        "you sit South, at the bottom. North is your partner, and West and East play "
        "against you. The first side to reach the target score wins."
    ) in page_text(american, "practice/play")
    for page in TABLE_PAGES:
        assert "This page describes the usual game" not in page_text(american, page), page
    assert "the first team to 10 points wins" in page_text(american, "")
    assert "The table is" not in page_text(american, "")
