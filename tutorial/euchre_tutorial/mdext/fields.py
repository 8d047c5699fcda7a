"""The body of a worked-example fence: ``key: value`` lines, each remembered with its line.

>>> f = Fields.parse(["trump: hearts", "# a comment", "cards: Jd Ah"], first_line=10)
>>> f.require("trump"), f.line_of("cards")
('hearts', 12)
>>> f.get("winner") is None
True
>>> Fields.parse(["no colon here"], 5)
Traceback (most recent call last):
...
euchre_tutorial.mdext.fields.FieldError: write 'key: value', not 'no colon here'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from euchre import Card, Rules, RulesError, Suit, parse_cards

SEATS = ("North", "East", "South", "West")  # seats 0 to 3, clockwise; North-South are partners
TEAMS = ("North-South", "East-West")


def parse_table(text: str) -> tuple[str, dict[str, Any]]:
    """The table a ``players:`` line names (a key or a name players use, as the engine's
    ``Rules.table`` reads it): its description and its rules values.

    >>> parse_table("3")[1]
    {'players': 3, 'partnerships': False, 'call_ace': False}
    >>> parse_table("six, call ace")[1]["call_ace"]
    True
    >>> parse_table("seven")
    Traceback (most recent call last):
    ...
    euchre_tutorial.mdext.fields.FieldError: 'seven' is not a table: write players: 2, 3, 4, 5, 6 or '6 call-ace'
    """
    try:
        table = Rules.table(text.strip())
    except RulesError:
        raise FieldError(
            f"{text.strip()!r} is not a table: write players: 2, 3, 4, 5, 6 or '6 call-ace'",
            "players",
        ) from None
    return table.description, table.settings


def seat_names(players: int) -> tuple[str, ...]:
    """The seat names of a worked example: North ... West at four, else Seat 1 ... Seat n.

    >>> seat_names(3)
    ('Seat 1', 'Seat 2', 'Seat 3')
    """
    return SEATS if players == 4 else tuple(f"Seat {i}" for i in range(1, players + 1))


def seat_key(name: str) -> str:
    """The fence key of a seat's hand: ``north`` or ``seat-2``."""
    return name.lower().replace(" ", "-")


class FieldError(ValueError):
    """A wrong or unreadable field; ``key`` names it (None for the whole fence), ``line`` is
    set when the error is about one line."""

    def __init__(self, reason: str, key: str | None = None, line: int | None = None) -> None:
        super().__init__(reason)
        self.key = key
        self.line = line


@dataclass
class Fields:
    """The fields of one fence, in order (a key may repeat, like ``trick``)."""

    items: list[tuple[str, str, int]] = field(default_factory=list)
    start: int = 1

    @classmethod
    def parse(cls, lines: Sequence[str], first_line: int, origins: Sequence[int] = ()) -> Fields:
        """Read the body lines; ``origins`` gives each line's source line when known."""
        items: list[tuple[str, str, int]] = []
        for i, raw in enumerate(lines):
            line = origins[i] if i < len(origins) else first_line + i
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            key, sep, value = text.partition(":")
            if not sep or not key.strip():
                raise FieldError(f"write 'key: value', not {text!r}", None, line)
            items.append(
                (
                    " ".join(key.lower().split()).replace("_", "-").replace(" ", "-"),
                    value.strip(),
                    line,
                )
            )
        return cls(items, first_line)

    def keys(self) -> set[str]:
        """Every key present."""
        return {k for k, _v, _l in self.items}

    def check_known(self, allowed: set[str]) -> None:
        """Fail on a key the fence kind does not know."""
        for key, _value, line in self.items:
            if key not in allowed:
                raise FieldError(
                    f"unknown key {key!r}; this fence takes {', '.join(sorted(allowed))}", key, line
                )

    def get(self, key: str) -> str | None:
        """The value of a key (the first, if repeated), or None."""
        for k, value, _line in self.items:
            if k == key:
                return value
        return None

    def get_all(self, key: str) -> list[tuple[str, int]]:
        """Every value of a repeated key, with its line."""
        return [(v, line) for k, v, line in self.items if k == key]

    def require(self, key: str) -> str:
        """The value of a key that must be there."""
        value = self.get(key)
        if value is None or value == "":
            raise FieldError(f"the key {key!r} is missing", key)
        return value

    def line_of(self, key: str | None) -> int:
        """The line of a key (the fence's first line when absent or None)."""
        for k, _value, line in self.items:
            if k == key:
                return line
        return self.start

    # ------------------------------------------------------------------ typed readers
    def cards(self, key: str) -> list[Card]:
        """Cards, separated by spaces or commas."""
        try:
            return parse_cards(self.require(key))
        except ValueError as exc:
            raise FieldError(str(exc), key) from None

    def card(self, key: str) -> Card:
        """Exactly one card."""
        cards = self.cards(key)
        if len(cards) != 1:
            raise FieldError(f"{key!r} takes one card, not {len(cards)}", key)
        return cards[0]

    def trump(self, key: str = "trump") -> Suit | None:
        """A trump suit, or None for ``none`` (a no-trump hand)."""
        text = self.require(key)
        if text.lower() in ("none", "no-trump", "no trump"):
            return None
        try:
            return Suit.parse(text)
        except ValueError as exc:
            raise FieldError(str(exc), key) from None

    def flag(self, key: str) -> bool:
        """yes/no, true/false (absent is no)."""
        text = (self.get(key) or "no").lower()
        if text in ("yes", "true", "on"):
            return True
        if text in ("no", "false", "off"):
            return False
        raise FieldError(f"{key!r} is yes or no, not {text!r}", key)

    def seat(self, key: str, players: int = 4) -> int | None:
        """A seat by name (North, East, South, West or its first letter; Seat 1 to Seat n at
        other table sizes), or None."""
        text = self.get(key)
        return None if text is None else parse_seat(text, key, players)


def parse_seat(text: str, key: str | None = None, players: int = 4) -> int:
    """A seat number from a name.

    >>> parse_seat("west"), parse_seat("N"), parse_seat("Seat 3", None, 3)
    (3, 0, 2)
    """
    low = " ".join(text.strip().lower().split())
    if players != 4:
        number = low.removeprefix("seat").strip()
        if number.isdigit() and 1 <= int(number) <= players:
            return int(number) - 1
        raise FieldError(f"{text!r} is not a seat: use Seat 1 to Seat {players}", key)
    for i, name in enumerate(SEATS):
        if low in (name.lower(), name[0].lower()):
            return i
    raise FieldError(f"{text!r} is not a seat: use North, East, South or West", key)


def parse_requires(text: str) -> dict[str, Any]:
    """``stick_the_dealer=true, game_to=7`` as a dict of rules values.

    >>> parse_requires("stick_the_dealer=true, game_to=7, lead_against_loner=left_of_loner")
    {'stick_the_dealer': True, 'game_to': 7, 'lead_against_loner': 'left_of_loner'}
    """
    out: dict[str, Any] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise FieldError(f"write 'key=value' in requires, not {part.strip()!r}", "requires")
        value = value.strip().strip("\"'")
        parsed: Any = value
        if value.lower() in ("true", "false"):
            parsed = value.lower() == "true"
        elif value.isdigit():
            parsed = int(value)
        out[key.strip()] = parsed
    return out
