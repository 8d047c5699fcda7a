"""Card codes in the engine's sentences made readable: ``discard Qs`` becomes
``discard Q♠``. Only codes that follow an action word are touched, so ordinary words (such
as "As") stay as they are.

>>> glyphs("Discard Qs is worth about -0.16 points; play 10d or play Td, As you like.")
'Discard Q♠ is worth about -0.16 points; play 10♦ or play 10♦, As you like.'
"""

from __future__ import annotations

import re

from euchre import Card

_CODE = re.compile(
    r"\b(?P<verb>play|discard|give|best|swap|keep)(?P<space>\s+)(?P<code>(?:10|[2-9TJQKA])[cdhs])\b",
    re.IGNORECASE,
)


def glyphs(text: str) -> str:
    """``text`` with every card code after an action word shown as rank and suit symbol."""

    def sub(m: re.Match[str]) -> str:
        try:
            card = Card.parse(m.group("code"))
        except ValueError:
            return m.group(0)
        return f"{m.group('verb')}{m.group('space')}{card}"

    return _CODE.sub(sub, text)
