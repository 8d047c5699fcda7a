"""The phases of a deal, in the order they can happen. Which of them a deal goes through
depends on its rules: Euchre makes trump in two rounds on an upcard, Bid Euchre by an
auction for tricks (``variant.py``); the phase table (``phases.py``) says how each moves."""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    """Where a deal is. ``str(phase)`` is readable.

    The engine's hot paths keep the members they test as module globals (``_PLAY =
    Phase.PLAY``): a member read through its class costs several times a global's look-up.
    """

    FARMER = "farmer's hand"
    ROUND_ONE = "round one of making trump"
    DISCARD = "the dealer's discard"
    ROUND_TWO = "round two of making trump"
    AUCTION = "the bidding"
    NAME_TRUMP = "naming trump"
    CALL_ACE = "calling an ace"
    CALL_FOR_BEST = "calling for best"
    GIVE_BEST = "giving the best card"
    DEFEND = "defending alone"
    PLAY = "play"
    OVER = "over"

    # Hashed by identity in C, as ``Suit`` is (``cards.py``): every move of the general
    # path looks its phase up in the phase table.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.value

    @property
    def is_bidding(self) -> bool:
        """True in the two rounds of making trump."""
        return self in (Phase.ROUND_ONE, Phase.ROUND_TWO)
