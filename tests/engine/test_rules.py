"""Rules: profiles, house-rules files, errors that name the key and the line."""

from __future__ import annotations

import pytest
from euchre import Rules, RulesError


def test_default_is_american() -> None:
    assert Rules() == Rules.profile("american")
    assert set(Rules.profiles()) >= {
        "american",
        "midwest",
        "long-deck",
        "beginner",
        "stick-the-dealer",
    }


@pytest.mark.parametrize(
    "name", ["american", "midwest", "long-deck", "beginner", "stick-the-dealer"]
)
def test_profiles_round_trip(name: str) -> None:
    rules = Rules.profile(name)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_toml(rules.to_toml()) == rules


def test_profiles_match_the_matrix() -> None:
    assert not Rules.profile("american").stick_the_dealer
    assert Rules.profile("american").dealer_picks_up_when_partner_alone
    assert Rules.profile("midwest").stick_the_dealer and not Rules.profile("midwest").no_trump
    long = Rules.profile("long-deck")
    assert (long.deck, long.dealer_may_decline, long.defend_alone, long.game_to) == (
        32,
        True,
        True,
        10,
    )
    beginner = Rules.profile("beginner")
    assert not beginner.dealer_picks_up_when_partner_alone
    assert not beginner.stick_the_dealer and not beginner.canadian_loner
    assert Rules.profile("stick-the-dealer").stick_the_dealer


def test_replace_makes_a_new_value() -> None:
    rules = Rules()
    house = rules.replace(stick_the_dealer=True)
    assert house.stick_the_dealer and not rules.stick_the_dealer


def test_unknown_key_is_named_with_a_suggestion() -> None:
    with pytest.raises(RulesError, match="stick_the_dealer") as info:
        Rules.from_dict({"stick_dealer": True})
    assert info.value.key == "stick_dealer"
    with pytest.raises(RulesError):
        Rules().replace(no_such_rule=1)


def test_bad_values_are_named() -> None:
    with pytest.raises(RulesError, match="'deck' must be 24 or 32"):
        Rules.from_dict({"deck": 52})
    with pytest.raises(RulesError, match="'stick_the_dealer' must be true or false"):
        Rules.from_dict({"stick_the_dealer": "yes"})
    with pytest.raises(RulesError, match="'lead_against_loner'"):
        Rules.from_dict({"lead_against_loner": "dealer"})
    with pytest.raises(RulesError, match="unknown profile"):
        Rules.from_dict({"profile": "texas"})


def test_toml_errors_give_the_line() -> None:
    text = 'profile = "beginner"\n# comment\ngame_to = 7\ndeck = 36\n'
    with pytest.raises(RulesError, match=r"^line 4: .deck.") as info:
        Rules.from_toml(text)
    assert info.value.line == 4 and info.value.key == "deck"
    with pytest.raises(RulesError, match="not valid TOML"):
        Rules.from_toml("game_to = = 7")


@pytest.mark.parametrize(
    ("changes", "keys"),
    [
        ({"joker": True, "no_trump": True}, ("joker", "no_trump")),
        ({"players": 6}, ("players", "deck")),
        ({"call_ace": True}, ("call_ace", "partnerships")),
        ({"players": 3, "partnerships": True}, ("partnerships", "players")),
        (
            {"players": 3, "partnerships": False, "defend_alone": True},
            ("defend_alone", "partnerships"),
        ),
    ],
)
def test_contradictions_name_both_keys(changes: dict[str, object], keys: tuple[str, str]) -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_dict(changes)
    for key in keys:
        assert repr(key) in str(info.value)


def test_contradiction_in_a_file_names_the_line() -> None:
    with pytest.raises(RulesError, match=r"^line 2: 'joker' and 'no_trump'"):
        Rules.from_toml("no_trump = true\njoker = true\n")


def test_describe_has_a_sentence_per_active_option() -> None:
    text = dict(Rules.profile("midwest").replace(game_to=7).describe())
    assert "dealer must name trump" in text["stick_the_dealer"]
    assert "7 points" in text["game_to"]


def test_every_option_s_values_are_listed_and_accepted() -> None:
    """``Rules.option_values`` lists what each option may take (``game_to``, a number in a
    range, excepted); each value is one a rules file may set, for some table."""
    import dataclasses

    for field in dataclasses.fields(Rules):
        if field.name == "name":
            continue
        values = Rules.option_values(field.name)
        if field.name in ("game_to", "minimum_bid", "moon_points"):
            assert values is None
            continue
        assert values, field.name
        for value in values:
            assert any(_accepts(Rules.profile(p), field.name, value) for p in Rules.profiles()), (
                field.name,
                value,
            )
    with pytest.raises(RulesError, match="did you mean 'stick_the_dealer'"):
        Rules.option_values("stick_dealer")


def _accepts(base: Rules, key: str, value: object) -> bool:
    """Whether ``base``, at some table of the engine's, takes ``value`` for ``key``."""
    for table in Rules.tables():
        try:
            base.at_table(table).replace(**{key: value})
        except RulesError:
            continue
        return True
    return False
