"""Table presets and profiles named once, in the engine (002 and 003 name the table sizes:
"two to six players", "3-handed cutthroat", "2-handed", call-ace "for four, five, or six
players"), with the names players know them by."""

from __future__ import annotations

import pytest
from euchre import Rules, RulesError

KEYS = ["4", "2", "3", "5", "6-ace", "6"]
# Euchre's profiles play at every table; Bid Euchre at four players only.
EUCHRE = [name for name in Rules.profiles() if Rules.profile(name).variant == "euchre"]


def test_the_tables_in_the_choosers_order() -> None:
    assert list(Rules.tables()) == KEYS
    names = {key: table.name for key, table in Rules.tables().items()}
    assert names == {
        "4": "four players in two teams",
        "2": "two-handed",
        "3": "three-handed cutthroat",
        "5": "five-handed call-ace",
        "6-ace": "six-handed call-ace",
        "6": "six-handed, two teams of three",
    }


@pytest.mark.parametrize("profile", EUCHRE)
@pytest.mark.parametrize("key", KEYS)
def test_every_profile_plays_at_every_table(profile: str, key: str) -> None:
    table = Rules.table(key)
    rules = Rules.profile(profile).at_table(key)
    assert all(getattr(rules, k) == v for k, v in table.settings.items())
    assert rules.players == table.players
    assert rules.table_key == key and rules.table_name == table.name
    if not rules.partnerships:
        assert not (rules.canadian_loner or rules.defend_alone or rules.calling_for_best)
    assert rules.at_table(key) is rules


@pytest.mark.parametrize("profile", EUCHRE)
@pytest.mark.parametrize("key", KEYS)
def test_a_profile_at_any_table_is_named_by_that_profile(profile: str, key: str) -> None:
    """What free play and the rooms call a game: the profile chosen, at whatever table;
    with another target only when the target may differ; else house rules."""
    rules = Rules.profile(profile).at_table(key)
    assert rules.profile_at_table(profile) == profile
    assert rules.profile_at_table() in {profile, "midwest"}  # stick-the-dealer is midwest's twin
    shorter = rules.replace(game_to=rules.game_to - 3)
    assert shorter.profile_at_table(profile) == "house"
    assert shorter.profile_at_table(profile, any_target=True) == profile
    assert rules.replace(joker=not rules.joker).profile_at_table(profile) == "house"


def test_bid_euchre_plays_at_four_and_says_so_elsewhere() -> None:
    """Bid Euchre is a game of four in partnerships (the engine's reference names its form)."""
    bid = Rules.profile("bid-euchre")
    assert bid.at_table("4") is bid and bid.profile_at_table() == "bid-euchre"
    assert bid.replace(game_to=21).profile_at_table("bid-euchre") == "house"
    assert bid.replace(game_to=21).profile_at_table(any_target=True) == "bid-euchre"
    for key in KEYS[1:]:
        with pytest.raises(RulesError, match="Bid Euchre is played by 4 players"):
            bid.at_table(key)


def test_the_four_player_table_keeps_the_rules_exactly() -> None:
    midwest = Rules.profile("midwest")
    assert midwest.at_table("4") is midwest and midwest.at_table("4").title == "Midwest rules"


@pytest.mark.parametrize(
    ("words", "key"),
    [
        ("cutthroat", "3"),
        ("three-handed", "3"),
        ("6 call-ace", "6-ace"),
        ("six, call ace", "6-ace"),
        ("5 call-ace", "5"),
        ("two", "2"),
        ("six-handed", "6"),
        ("4 players", "4"),
    ],
)
def test_a_table_is_found_by_the_names_players_use(words: str, key: str) -> None:
    assert Rules.table(words).key == key


def test_an_unknown_table_lists_the_keys() -> None:
    with pytest.raises(RulesError, match="unknown table '7': choose one of 4, 2, 3, 5, 6-ace, 6"):
        Rules().at_table("7")
    with pytest.raises(RulesError, match="unknown table 4"):
        Rules.table(4)  # type: ignore[arg-type]


def test_tables_are_values() -> None:
    assert Rules.table("3") == Rules.table("cutthroat") and hash(Rules.table("3"))
    settings = Rules.table("3").settings
    settings["players"] = 9
    assert Rules.table("3").settings["players"] == 3


def test_a_table_no_preset_names_is_described_in_words() -> None:
    five = Rules().replace(players=5, partnerships=False, deck=32)
    assert five.table_key is None and five.table_name == "5 players, each for themselves"


def test_every_profile_has_a_readable_title() -> None:
    titles = {name: Rules.profile_title(name) for name in Rules.profiles()}
    assert titles == {
        "american": "American rules",
        "midwest": "Midwest rules",
        "long-deck": "Long-deck rules",
        "beginner": "Beginner's rules",
        "stick-the-dealer": "Stick-the-dealer rules",
        "bid-euchre": "Bid Euchre",
    }
    for name in Rules.profiles():
        info = Rules.profile_info(name)
        assert info.key == name and Rules.profile(name).title == info.title
        assert "profile" not in info.title
    assert [Rules.profile_info(n).source for n in Rules.profiles()] == [
        "000",
        "001",
        "002",
        "003",
        "004",
        "001",
    ]
    assert Rules().replace(stick_the_dealer=True, game_to=7).title == "House rules"
    with pytest.raises(RulesError, match="unknown profile 'texas'"):
        Rules.profile_info("texas")
