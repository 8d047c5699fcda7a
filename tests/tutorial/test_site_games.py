"""The site plays the games of the family it has pages for (Euchre, and Bid Euchre in its
page, free play, its lesson and its quiz); where a part of the site plays Euchre only (the
teacher's sheet and try again), Bid Euchre is not offered, and asking for it gets a plain refusal, never a page
that cannot play it. Rooms play Bid Euchre too (its computer players bid;
tests/rooms/test_bid_euchre_room.py plays a match)."""

from __future__ import annotations

from pathlib import Path

import pytest
from euchre import Rules, RulesError
from euchre_rooms.room import Refused, rules_from_request
from euchre_tutorial.quiz.rules_code import parse_rules_code
from euchre_tutorial.site_rules import (
    EVERY_PART_VARIANTS,
    QUIZ_VARIANTS,
    SITE_VARIANTS,
    active_rules,
    game_profiles,
    game_rules,
    quiz_profiles,
    site_profiles,
)


def test_the_site_offers_the_profiles_of_its_games() -> None:
    assert "bid-euchre" in Rules.profiles()  # the engine has it
    assert site_profiles() == [
        name for name in Rules.profiles() if Rules.profile(name).variant in EVERY_PART_VARIANTS
    ]
    assert "bid-euchre" not in site_profiles() and "american" in site_profiles()
    assert game_profiles() == [
        name for name in Rules.profiles() if Rules.profile(name).variant in SITE_VARIANTS
    ]
    assert "bid-euchre" in game_profiles()


def test_a_site_build_for_bid_euchre_plays_its_rules_and_euchre_by_the_standard_ones(
    tmp_path: Path,
) -> None:
    assert active_rules("bid-euchre") == Rules.profile("bid-euchre")
    house = tmp_path / "house.toml"
    house.write_text('variant = "bid"\ngame_to = 10\n', encoding="utf-8")
    spec = str(house)
    assert active_rules(spec).variant == "bid" and active_rules(spec).game_to == 10
    assert game_rules(spec, "bid") == active_rules(spec)
    assert game_rules(spec, "euchre") == Rules()
    assert game_rules("midwest", "bid") == Rules.profile("bid-euchre")


def test_a_bad_bid_euchre_option_names_its_key_and_line(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('profile = "bid-euchre"\nminimum_bid = 9\n', encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        active_rules(str(house))
    assert "house.toml:2: minimum_bid:" in str(caught.value)


def test_a_quiz_link_for_bid_euchre_asks_its_quiz_and_a_room_plays_it() -> None:
    """The quiz asks about Bid Euchre now (its rules page has a quiz of its own): a link
    may name its profile, and a name no rule set has is refused naming every one."""
    assert rules_from_request("bid-euchre", None).variant == "bid"
    with pytest.raises(Refused, match="Bid Euchre is played by 4 players"):
        rules_from_request("bid-euchre", None, "3")
    assert parse_rules_code("bid-euchre") == Rules.profile("bid-euchre")
    assert parse_rules_code("american,variant:bid").variant == "bid"
    assert quiz_profiles() == [
        name for name in Rules.profiles() if Rules.profile(name).variant in QUIZ_VARIANTS
    ]
    with pytest.raises(RulesError, match=r"a link may name american, .* or bid-euchre"):
        parse_rules_code("texas")
