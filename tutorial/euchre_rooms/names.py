"""Display names: what a person may be called at a table, and when two names are the same.

A name is checked once when it is typed (``check_name``) and kept as typed, trimmed. Two
names are the same name when they *look* the same (``name_key``): case aside, invisible
characters (a zero-width space after "Ann") ignored, and letters from other scripts that
look like Latin ones (Cyrillic "А", Greek "Α") read as those. A table names each seat by
its player's name, so two names a reader cannot tell apart would be one name twice.

>>> name_key("Ann") == name_key("ANN") == name_key("Ann\u200b") == name_key("\u0410nn")
True
>>> name_key("Ann") == name_key("Anne")
False
"""

from __future__ import annotations

import re
import unicodedata

from euchre_rooms.protocol import ProtocolError

_COMPUTER_NAME = re.compile(r"computer ?(\d+|\(.*\))")
"""How the room names the computer players: "Computer 3" fills an empty seat, "Computer
(Ann)" plays the seat Ann left."""

LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic letters drawn like Latin ones
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
        "С": "C", "Т": "T", "Х": "X", "У": "Y", "Ү": "Y", "Ѕ": "S", "І": "l", "Ӏ": "l",
        "Ј": "J", "Ԛ": "Q", "Ԝ": "W", "а": "a", "е": "e", "о": "o", "р": "p", "с": "c",
        "у": "y", "ү": "y", "х": "x", "ѕ": "s", "і": "i", "ӏ": "l", "ј": "j", "һ": "h",
        "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g",
        # Greek
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "l", "Κ": "K", "Μ": "M",
        "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "α": "a",
        "ν": "v", "ρ": "p", "ι": "i", "υ": "u", "γ": "y",
        # Armenian and Cherokee
        "օ": "o", "ո": "n", "ս": "u", "հ": "h", "Ꭺ": "A", "Ᏼ": "B", "Ꮯ": "C", "Ꭼ": "E",
        "Ꮋ": "H", "Ꭻ": "J", "Ꮶ": "K", "Ꮇ": "M", "Ꮲ": "P", "Ꮪ": "S", "Ꭲ": "T", "Ꮃ": "W",
        "Ꮓ": "Z",
        # Latin letters, digits and signs drawn like other Latin letters
        "ı": "i", "ɑ": "a", "ǀ": "l", "|": "l", "I": "l", "1": "l", "0": "O",
    }
)  # fmt: skip
"""Characters read as the Latin letter they are drawn like (after NFKC, which already
reads fullwidth and mathematical letters as plain ones). Unicode's confusables (TR39)
map many more; these are the ones a keyboard or a phone easily types."""

_INVISIBLE = {"Cf", "Cc", "Cs", "Co", "Cn"}
"""Categories never drawn: format characters (zero-width space and joiners, soft hyphen),
controls, surrogates, private use, unassigned."""

_FILLERS = frozenset("\u034f\u115f\u1160\u3164\uffa0\u180b\u180c\u180d\u180e")
"""Blank characters outside those categories (the combining grapheme joiner, Hangul
fillers, Mongolian variation selectors)."""


def _drawn(ch: str) -> bool:
    """Whether ``ch`` shows anything (variation selectors and fillers do not)."""
    if ch in _FILLERS or "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef":
        return False
    return unicodedata.category(ch) not in _INVISIBLE


def name_key(name: str) -> str:
    """What a name looks like, for telling two names apart: two names with one key look
    the same to a reader.

    >>> name_key("  Ann  Lee "), name_key("Ａｎｎ"), name_key("AI") == name_key("Al")
    ('ann lee', 'ann', True)
    >>> name_key("Jo\u0301") == name_key("Jó"), name_key("Jo") == name_key("Jó")
    (True, False)
    >>> name_key("Mo") == name_key("Rno"), name_key("B0b") == name_key("Bob")
    (False, True)
    """
    text = unicodedata.normalize("NFKC", name)
    text = "".join(ch for ch in text if _drawn(ch))
    text = unicodedata.normalize("NFD", " ".join(text.split()))
    text = unicodedata.normalize("NFC", text.translate(LOOK_ALIKES))
    return text.casefold()


def check_name(name: str, limit: int) -> str:
    """A display name, trimmed; control characters and empty or long names refused.

    >>> check_name("  Ann ", 24)
    'Ann'
    >>> check_name("<b>Bo</b>", 24)   # kept as text: pages show it, never parse it
    '<b>Bo</b>'
    >>> check_name("", 24)
    Traceback (most recent call last):
    ...
    euchre_rooms.protocol.ProtocolError: a display name needs at least one letter
    >>> check_name("\u200b", 24)
    Traceback (most recent call last):
    ...
    euchre_rooms.protocol.ProtocolError: a display name needs at least one letter
    >>> len(check_name("e\u0301" * 13, 24))  # 13 letters, each with its accent as a mark
    26
    >>> check_name("you", 24)
    Traceback (most recent call last):
    ...
    euchre_rooms.protocol.ProtocolError: "You" is how each player's own seat is shown at the table: choose another name
    >>> check_name("y\u200bou", 24)
    Traceback (most recent call last):
    ...
    euchre_rooms.protocol.ProtocolError: "You" is how each player's own seat is shown at the table: choose another name
    >>> check_name("computer 3", 24)
    Traceback (most recent call last):
    ...
    euchre_rooms.protocol.ProtocolError: names like "Computer 3" are kept for the computer players: choose another name
    """
    clean = " ".join(name.split())
    if not any(unicodedata.category(ch)[0] in "LN" for ch in clean):  # "\u200b" shows nothing
        raise ProtocolError("a display name needs at least one letter")
    if any("\ud800" <= ch <= "\udfff" for ch in clean):
        raise ProtocolError("a display name may not hold broken characters")
    key = name_key(clean)
    if key == name_key("you"):
        raise ProtocolError(
            '"You" is how each player\'s own seat is shown at the table: choose another name'
        )
    if _COMPUTER_NAME.fullmatch(clean.casefold()) or _COMPUTER_NAME.fullmatch(key):
        raise ProtocolError(
            f'names like "{clean.title()}" are kept for the computer players: choose another name'
        )
    # counted as a reader sees them: an accent written as its own mark is part of its letter
    if sum(1 for ch in clean if unicodedata.category(ch) not in ("Mn", "Me", "Cf")) > limit:
        raise ProtocolError(f"a display name may be at most {limit} characters")
    if any(
        ord(ch) < 32
        or 0x7F <= ord(ch) < 0xA0
        or 0x202A <= ord(ch) <= 0x202E
        or 0x2066 <= ord(ch) <= 0x2069
        for ch in clean
    ):
        raise ProtocolError("a display name may not hold control characters")
    return clean


def same_name_refusal(name: str, taken: dict[str, str]) -> str | None:
    """Why ``name`` may not join people called ``taken`` (each name's key to the name as
    shown), or None. A name that only looks like one taken says which it looks like.

    >>> taken = {name_key("Ann"): "Ann"}
    >>> same_name_refusal("ANN", taken)
    'someone at this table is already called "ANN": choose another name'
    >>> same_name_refusal("Ann\u200b", taken)
    'someone at this table is already called "Ann", and "Ann\u200b" looks the same: choose another name'
    >>> same_name_refusal("Bob", taken) is None
    True
    """
    shown = taken.get(name_key(name))
    if shown is None:
        return None
    if name.casefold() == shown.casefold():
        return f'someone at this table is already called "{name}": choose another name'
    return f'someone at this table is already called "{shown}", and "{name}" looks the same: choose another name'
