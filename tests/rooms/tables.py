"""Every profile a room plays at every table size its rules allow, as the house-rules dict a
host sends."""

from __future__ import annotations

from typing import Any

from euchre import Rules, RulesError
from euchre_rooms.rules_request import ROOM_VARIANTS

PARTNER_OPTIONS = ("canadian_loner", "defend_alone", "calling_for_best")


def table_rules(profile: str, players: int) -> dict[str, Any] | None:
    """The settings for ``profile`` at a table of ``players`` (None when no sensible
    variant exists): partnerships off below four and at five, a 32-card deck when 24 cards
    are too few, options about partners off without partnerships."""
    base = Rules.profile(profile)
    attempts: list[dict[str, Any]] = [{}]
    if players != 4:
        solo = {"partnerships": False, **{k: False for k in PARTNER_OPTIONS if getattr(base, k)}}
        attempts = [{}, {"deck": 32}, solo, {**solo, "deck": 32}]
    for extra in attempts:
        settings = {"profile": profile, "players": players, **extra}
        try:
            Rules.from_dict(settings)
        except RulesError:
            continue
        return settings
    return None


TABLES = [
    (profile, players, settings)
    for profile in Rules.profiles()
    if Rules.profile(profile).variant in ROOM_VARIANTS
    for players in range(2, 7)
    if (settings := table_rules(profile, players)) is not None
]
BID_EUCHRE = next(t for t in TABLES if t[0] == "bid-euchre")
"""Bid Euchre's table: each property over ``TABLES`` plays it once as an explicit example."""
