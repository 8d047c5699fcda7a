"""The names players know: the tables (how many play, and how they score) and the profiles.

A *table* is a preset of the options that make a table size: "three-handed cutthroat" is
three players, each scoring alone. It changes only those options, so any profile or house
rules can be played at any table (``Rules.at_table``). A *profile* is one source document's
rules (``Rules.profile``); here it gets the name a player reads ("American rules").

This module is data; ``Rules`` (``euchre.rules``) looks tables and profiles up here.

>>> TABLES["3"].name, TABLES["3"].settings["partnerships"]
('three-handed cutthroat', False)
>>> find_table("six, call-ace") is TABLES["6-ace"]
True
>>> PROFILE_INFO["american"].title
'American rules'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

# Options about partners, switched off when a table has every player score alone.
PARTNER_ONLY = ("canadian_loner", "defend_alone", "calling_for_best")


@dataclass(frozen=True)
class Table:
    """One table size: its key (as in a link or a fence), its name in words (lower case, to
    sit in a sentence), one sentence saying how it plays, and the options it sets.

    >>> TABLES["6"].label
    'Six-handed, two teams of three'
    """

    key: str
    name: str
    description: str
    options: tuple[tuple[str, Any], ...]
    aliases: tuple[str, ...] = ()

    @property
    def settings(self) -> dict[str, Any]:
        """The options this table sets, as ``Rules`` keys and values.

        >>> TABLES["5"].settings
        {'players': 5, 'partnerships': False, 'deck': 32, 'call_ace': True}
        """
        return dict(self.options)

    @property
    def label(self) -> str:
        """The name as a heading or a menu shows it: capitalised."""
        return self.name[:1].upper() + self.name[1:]

    @property
    def players(self) -> int:
        """How many play at this table."""
        return int(self.settings["players"])


def _table(
    key: str, name: str, description: str, aliases: tuple[str, ...] = (), **settings: Any
) -> Table:
    return Table(key, name, description, tuple(settings.items()), aliases)


# In the order a chooser offers them: the usual game first.
TABLES: Mapping[str, Table] = MappingProxyType(
    {
        t.key: t
        for t in (
            _table(
                "4",
                "four players in two teams",
                "Four players in two teams, partners sitting opposite.",
                ("four", "partnerships"),
                players=4,
                partnerships=True,
                call_ace=False,
            ),
            _table(
                "2",
                "two-handed",
                "Two-handed: each player scores alone.",
                ("two", "two-handed"),
                players=2,
                partnerships=False,
                call_ace=False,
            ),
            _table(
                "3",
                "three-handed cutthroat",
                "Three-handed cutthroat: each player scores alone, and the maker plays against "
                "the other two.",
                ("three", "cutthroat", "three-handed"),
                players=3,
                partnerships=False,
                call_ace=False,
            ),
            _table(
                "5",
                "five-handed call-ace",
                "Five-handed call-ace: each player scores alone, and the maker calls for a secret "
                "partner.",
                ("five", "5 call-ace", "five-handed"),
                players=5,
                partnerships=False,
                deck=32,
                call_ace=True,
            ),
            _table(
                "6-ace",
                "six-handed call-ace",
                "Six-handed call-ace: each player scores alone, and the maker calls for a secret "
                "partner.",
                ("6 call-ace", "six call-ace"),
                players=6,
                partnerships=False,
                deck=32,
                call_ace=True,
            ),
            _table(
                "6",
                "six-handed, two teams of three",
                "Six-handed, in two teams of three, partners in every other seat.",
                ("six", "six-handed"),
                players=6,
                partnerships=True,
                deck=32,
                call_ace=False,
            ),
        )
    }
)

_NUMBERS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}


def _normal(text: str) -> str:
    words = text.strip().lower().replace(",", " ").replace("call ace", "call-ace").split()
    return " ".join(_NUMBERS.get(w, w) for w in words if w not in ("players", "handed"))


def find_table(key: object) -> Table | None:
    """The table a key or one of its names stands for ("3", "cutthroat", "six, call-ace"),
    or None.

    >>> find_table("cutthroat").key, find_table("6 call-ace").key, find_table("7")
    ('3', '6-ace', None)
    """
    if not isinstance(key, str):
        return None
    if key in TABLES:
        return TABLES[key]
    wanted = _normal(key)
    for table in TABLES.values():
        if wanted in {_normal(table.key), _normal(table.name), *map(_normal, table.aliases)}:
            return table
    return None


@dataclass(frozen=True)
class ProfileInfo:
    """A profile as a player reads it: its key, its title ("American rules"), the source
    document it comes from and what it is in short.

    >>> PROFILE_INFO["long-deck"].summary.startswith("32 cards")
    True
    """

    key: str
    title: str
    source: str
    summary: str


PROFILE_INFO: Mapping[str, ProfileInfo] = MappingProxyType(
    {
        p.key: p
        for p in (
            ProfileInfo(
                "american",
                "American rules",
                "000",
                "throw-in when all pass twice; only the maker goes alone; the dealer picks up "
                "even when the partner goes alone",
            ),
            ProfileInfo(
                "midwest",
                "Midwest rules",
                "001",
                "stick the dealer; no-trump available as an option, off",
            ),
            ProfileInfo(
                "long-deck",
                "Long-deck rules",
                "002",
                "32 cards; the dealer may decline the upcard; defending alone; game to 10 "
                "(5 and 7 as options)",
            ),
            ProfileInfo(
                "beginner",
                "Beginner's rules",
                "003",
                "throw-in; the dealer sits out and does not pick up when the partner goes "
                "alone; stick the dealer and Canadian loner as options, off",
            ),
            ProfileInfo(
                "stick-the-dealer",
                "Stick-the-dealer rules",
                "004",
                "stick the dealer; the dealer always picks up when the upcard is ordered",
            ),
            ProfileInfo(
                "bid-euchre",
                "Bid Euchre",
                "001",
                "four in partnerships, six cards each, no upcard; one round of bids for tricks, "
                "the high bidder names trump (or no-trump) and leads; made, each side scores "
                "its tricks, set, the bidders lose the bid; the moon alone, with a pass from "
                "the partner; game to 32",
            ),
        )
    }
)
HOUSE_TITLE = "House rules"
