"""The games the engine plays, as data: a ``Variant`` says how a deal is dealt, which phase
follows the deal, which phases it adds, who leads the first trick, how a game is scored and
won, and which options belong to it (the way python-chess keeps variants beside one board,
or OpenSpiel registers a game). Everything else (the tricks, following suit, the bowers,
going alone, calling for best) is shared.

``Rules.variant`` names one (the house-rules key ``variant``); ``rules.variant_spec`` is
it. How each phase moves is in the phase table (``phases.py``); to add a variant, see the
engine's reference ("Adding a variant").

>>> EUCHRE.hand_size(4, 24), EUCHRE.packets(4, 24), EUCHRE.upcard
(5, (3, 2), True)
>>> BID_EUCHRE.hand_size(4, 24), BID_EUCHRE.packets(4, 24), BID_EUCHRE.upcard
(6, (1, 1, 1, 1, 1, 1), False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from euchre.phase import Phase
from euchre.scoring import (
    HandResult,
    added,
    alone_at_target,
    bid_points,
    deal_winner_at_target,
    euchre_points,
    score_after_deal,
)

if TYPE_CHECKING:
    from euchre.rules import Rules

Points = Callable[[int, bool, bool, int, "Rules | None"], tuple[int, int]]
Settle = Callable[[Sequence[int], Sequence[int], int], tuple[int, ...]]
Winner = Callable[[Sequence[int], "Rules", HandResult | None], int | None]


@dataclass(frozen=True)
class Variant:
    """One game of the Euchre family.

    ``key``: its value of the house-rules key ``variant``; ``title``: its name for a reader.
    ``deal_packets``: the packets each seat receives in turn, round after round, from the
    dealer's left (None: the whole pack, one card at a time); ``upcard``: a card is turned
    up after the deal (the rest of the pack is the kitty). ``first_phase``: the phase that
    follows the deal; ``phases``: the phases this variant adds to the shared ones.
    ``maker_leads``: the maker leads the first trick (else the dealer's left, as Euchre
    has it). ``points``: a deal's points to the makers and to the defenders (from the tricks
    the makers took, alone or not, against a lone defender or not, and the tricks bid);
    ``settle``: the score after a deal's points; ``winner``: who has won the game;
    ``scores_below_zero``: whether a side's score can go below zero.
    ``players``: the table sizes it is played at (empty: any). ``options``: the options
    that belong to it alone; ``without``: the options it has not, each with the reason
    (they must stay off); ``unused``: options that mean nothing in it, whatever their value.
    """

    key: str
    title: str
    deal_packets: tuple[int, ...] | None
    upcard: bool
    first_phase: Phase
    phases: tuple[Phase, ...]
    maker_leads: bool
    points: Points
    settle: Settle
    winner: Winner
    scores_below_zero: bool = False
    players: tuple[int, ...] = ()
    options: tuple[str, ...] = ()
    without: Mapping[str, str] = field(default_factory=dict)
    unused: tuple[str, ...] = ()

    def packets(self, players: int, deck_size: int) -> tuple[int, ...]:
        """The packets each seat receives, in the order dealt."""
        if self.deal_packets is not None:
            return self.deal_packets
        return (1,) * (deck_size // players)

    def hand_size(self, players: int, deck_size: int) -> int:
        """Cards each seat is dealt at a table of ``players`` with a pack of ``deck_size``.

        >>> BID_EUCHRE.hand_size(4, 32)
        8
        """
        return sum(self.packets(players, deck_size))

    @property
    def kitty(self) -> bool:
        """True when cards stay undealt (the upcard's pack), False when all are dealt."""
        return self.upcard


_EUCHRE_ONLY = "it is about the upcard and the two rounds of making trump, which Bid Euchre has not"

EUCHRE = Variant(
    key="euchre",
    title="Euchre",
    deal_packets=(3, 2),
    upcard=True,
    first_phase=Phase.ROUND_ONE,
    phases=(Phase.FARMER, Phase.ROUND_ONE, Phase.DISCARD, Phase.ROUND_TWO),
    maker_leads=False,
    points=euchre_points,
    settle=score_after_deal,
    winner=alone_at_target,
)

BID_EUCHRE = Variant(
    key="bid",
    title="Bid Euchre",
    deal_packets=None,
    upcard=False,
    first_phase=Phase.AUCTION,
    phases=(Phase.AUCTION, Phase.NAME_TRUMP),
    maker_leads=True,
    points=bid_points,
    settle=added,
    winner=deal_winner_at_target,
    scores_below_zero=True,
    players=(4,),
    options=("minimum_bid", "moon_points", "defenders_score", "lose_at_minus_target"),
    without=MappingProxyType(
        {
            "canadian_loner": _EUCHRE_ONLY,
            "dealer_may_decline": _EUCHRE_ONLY,
            "farmers_hand": "every card is dealt, so there is no kitty to swap with",
            "joker": "its pack is shared out equally, and a joker would leave one hand a card longer",
            "defend_alone": "the defenders play together against the bid",
            "call_ace": "it is played in partnerships",
            "game_form": "rubbers are scored for Euchre's game of 10",
        }
    ),
    unused=("dealer_picks_up_when_partner_alone", "lead_against_loner", "farmers_remedy"),
)

#: Every variant by its key, in the order a chooser offers them.
VARIANTS: Mapping[str, Variant] = MappingProxyType({v.key: v for v in (EUCHRE, BID_EUCHRE)})
