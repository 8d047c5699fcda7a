"""What one seat may know: its own cards, the upcard, every public action and played card.

Computer players decide from a ``SeatView`` only, and the browser is sent one, so hidden
cards never leave the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from euchre.actions import Action
from euchre.cards import Card, Suit
from euchre.phase import Phase
from euchre.rules import Rules

if TYPE_CHECKING:
    from euchre.play import Trick
    from euchre.state import HandState


@dataclass(frozen=True)
class SeatView:
    """A seat's knowledge of a deal. ``hand`` is its own cards; ``hand_sizes`` counts every
    seat's cards; ``discard`` is set only for the dealer who discarded."""

    seat: int
    rules: Rules
    dealer: int
    upcard: Card
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    actions: tuple[Action, ...]
    actors: tuple[int, ...]
    phase: Phase
    to_act: int | None
    trump: Suit | None
    maker: int | None
    alone: bool
    sitting_out: frozenset[int]
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[int, Card], ...]
    discard: Card | None
    picked_up: bool
    legal: tuple[Action, ...] = field(default=())

    @classmethod
    def of(cls, state: HandState, seat: int) -> SeatView:
        """The view of ``seat`` in ``state``."""
        if not 0 <= seat < state.players:
            raise ValueError(f"there is no seat {seat} at a {state.players}-player table")
        mine = state.to_act == seat
        return cls(
            seat=seat,
            rules=state.rules,
            dealer=state.dealer,
            upcard=state.upcard,
            hand=state.hands[seat],
            hand_sizes=tuple(len(h) for h in state.hands),
            actions=tuple(
                _public(a, actor, state, seat)
                for a, actor in zip(state.actions, state.actors, strict=False)
            ),
            actors=state.actors,
            phase=state.phase,
            to_act=state.to_act,
            trump=state.trump,
            maker=state.maker,
            alone=_visible_alone(state, seat),
            sitting_out=state.sitting_out,
            tricks=state.tricks,
            current_trick=tuple(state.current_trick),
            discard=state.discard if seat == state.dealer else None,
            picked_up=state.picked_up,
            legal=tuple(state.legal_actions()) if mine else (),
        )

    def played_cards(self) -> list[Card]:
        """Every card played so far, in order."""
        cards = [c for t in self.tricks for c in t.cards]
        cards.extend(c for _, c in self.current_trick)
        return cards

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the browser: nothing this seat may not know."""
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "upcard": self.upcard.code,
            "hand": [c.code for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "actions": [str(a) for a in self.actions],
            "actors": list(self.actors),
            "phase": self.phase.name.lower(),
            "to_act": self.to_act,
            "trump": self.trump.letter if self.trump else None,
            "maker": self.maker,
            "alone": self.alone,
            "sitting_out": sorted(self.sitting_out),
            "tricks": [
                {
                    "leader": t.leader,
                    "seats": t.seats,
                    "cards": [c.code for c in t.cards],
                    "winner": t.winner,
                }
                for t in self.tricks
            ],
            "current_trick": [[s, c.code] for s, c in self.current_trick],
            "discard": self.discard.code if self.discard else None,
            "legal": [str(a) for a in self.legal],
        }


_HIDDEN_KINDS = ("discard", "swap", "best", "give")


def _visible_alone(state: HandState, seat: int) -> bool:
    """Whether the maker plays alone, as ``seat`` may know it. With call-ace the maker turns
    out to be alone when nobody else holds the called suit's top card: that stays secret
    (to all but the maker) until the deal is over."""
    if state.rules.call_ace and state.result is None and seat != state.maker:
        return False
    return state.alone


def _public(action: Action, actor: int, state: HandState, seat: int) -> Action:
    """An action as ``seat`` saw it: the cards of others' discards, swaps and gifts hidden."""
    if action.kind not in _HIDDEN_KINDS or actor == seat:
        return action
    if action.kind == "give" and state.maker == seat:
        return action  # the lone maker receives the card
    return Action(action.kind, cards=())
