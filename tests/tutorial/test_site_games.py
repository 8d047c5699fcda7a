"""The site plays the games of the family it has pages for (Euchre); the engine's other
profiles (Bid Euchre) are not offered where a reader or a teacher chooses rules, and asking
for one gets a plain refusal, never a page that cannot play it. Rooms play Bid Euchre too
(its computer players bid; tests/rooms/test_bid_euchre_room.py plays a match)."""

from __future__ import annotations

from pathlib import Path

import pytest
from euchre import Rules, RulesError
from euchre_rooms.room import Refused, rules_from_request
from euchre_tutorial.quiz.rules_code import parse_rules_code
from euchre_tutorial.site_rules import SITE_VARIANTS, active_rules, site_profiles


def test_the_site_offers_the_profiles_of_its_games() -> None:
    assert "bid-euchre" in Rules.profiles()  # the engine has it
    assert site_profiles() == [
        name for name in Rules.profiles() if Rules.profile(name).variant in SITE_VARIANTS
    ]
    assert "bid-euchre" not in site_profiles() and "american" in site_profiles()


def test_a_site_build_for_bid_euchre_says_the_site_does_not_teach_it(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="plays Bid Euchre, which this site does not teach yet"):
        active_rules("bid-euchre")
    house = tmp_path / "house.toml"
    house.write_text('variant = "bid"\n', encoding="utf-8")
    with pytest.raises(RulesError, match="choose one of american, midwest"):
        active_rules(str(house))


def test_a_quiz_link_for_bid_euchre_is_refused_and_a_room_plays_it() -> None:
    assert rules_from_request("bid-euchre", None).variant == "bid"
    with pytest.raises(Refused, match="Bid Euchre is played by 4 players"):
        rules_from_request("bid-euchre", None, "3")
    with pytest.raises(RulesError, match=r"a link may name american, .* or stick-the-dealer"):
        parse_rules_code("bid-euchre")
    with pytest.raises(RulesError, match="this site does not teach Bid Euchre yet"):
        parse_rules_code("american,variant:bid")
