"""The rules, table and computer level a host asks for, checked: every bad choice is refused
with the engine's own words (``Refused``).

>>> rules_from_request("midwest", None).stick_the_dealer
True
>>> check_level("easy")
'easy'
"""

from __future__ import annotations

from typing import Any

from euchre import Rules, RulesError
from euchre_tutorial.site_rules import SITE_VARIANTS

from euchre_rooms.config import LEVELS
from euchre_rooms.refusal import Refused

#: The games rooms play: the site's own (Euchre and Bid Euchre).
ROOM_VARIANTS = SITE_VARIANTS


def _base_rules(spec: Any) -> Rules:
    if spec is None:
        return Rules()
    if isinstance(spec, str):
        return Rules.profile(spec)
    if isinstance(spec, dict):
        return Rules.from_dict(spec)
    raise Refused("'rules' must be a profile name or a table of house rules")


def rules_from_request(spec: Any, players: int | None, table: str | None = None) -> Rules:
    """The rules a host asked for: a profile name or a house-rules dict, played at a table
    (``table``, a key of the engine's tables: "3" is cutthroat, with partners' options off
    and the deck the table needs) or with a number of players as given. Bad choices raise
    ``Refused`` with the engine's message.

    >>> rules_from_request("midwest", None).stick_the_dealer
    True
    >>> rules_from_request({"profile": "american", "players": 3, "partnerships": False}, None).players
    3
    >>> rules_from_request("american", None, "5").table_name
    'five-handed call-ace'
    >>> rules_from_request("bid-euchre", None).hand_size
    6
    >>> rules_from_request("american", 5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    euchre_rooms.refusal.Refused: 'players' = 5 does not go with 'deck' = 24, ...: 5 players need 26 cards ...
    """
    try:
        rules = _base_rules(spec)
        if table is not None:
            rules = rules.at_table(table)
        elif players is not None and players != rules.players:
            rules = rules.replace(players=players)
    except RulesError as exc:
        raise Refused(str(exc)) from None
    if rules.variant not in ROOM_VARIANTS:
        raise Refused(f"rooms do not play {rules.variant_spec.title} yet")
    return rules


def rules_label(spec: Any) -> str:
    """The name of the rules a host asked for, the table and the target aside (the lobby
    says both, as free play does): a profile's name, or "house" for house rules no profile
    is (the engine's ``profile_at_table``).

    >>> rules_label("long-deck"), rules_label(None), rules_label(Rules.profile("midwest").to_dict())
    ('long-deck', 'american', 'midwest')
    >>> rules_label({"profile": "american", "players": 3, "partnerships": False})
    'american'
    >>> rules_label({"profile": "american", "game_to": 7})
    'american'
    >>> rules_label({"profile": "american", "stick_the_dealer": True, "no_trump": True})
    'house'
    """
    if isinstance(spec, str):
        return spec
    try:
        return _base_rules(spec).profile_at_table(any_target=True)
    except (RulesError, Refused):
        return "house"


def check_level(level: Any) -> str:
    """A computer level, or ``Refused``."""
    if level not in LEVELS:
        raise Refused(f"the computer players' level is one of {', '.join(LEVELS)}")
    return str(level)
