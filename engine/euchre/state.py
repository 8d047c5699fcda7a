"""One deal in progress: an immutable ``HandState`` that moves by ``apply``.

Legality is defined once, per phase, by a function that returns the reason an action is
refused (or None). ``why_illegal`` returns it, ``apply`` raises it, ``legal_actions`` lists
the candidates it accepts.

>>> from euchre.rules import Rules
>>> from euchre.deal import Deal
>>> state = HandState.new(Deal.random(seed=7, dealer=0), Rules())
>>> state.phase, state.to_act
(<Phase.ROUND_ONE: 'round one of making trump'>, 1)
>>> [str(a) for a in state.legal_actions()]
['pass', 'order', 'order alone']
>>> state.apply("pass").to_act
2
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from euchre import actions as A
from euchre.actions import Action, ActionError
from euchre.bidding import (
    _discard_apply,
    _discard_candidates,
    _discard_check,
    _farmer_apply,
    _farmer_candidates,
    _farmer_check,
    _round_one_apply,
    _round_one_candidates,
    _round_one_check,
    _round_two_apply,
    _round_two_candidates,
    _round_two_check,
    farmers_hand,
)
from euchre.cards import Card, Suit
from euchre.contract import (
    _best_apply,
    _best_candidates,
    _best_check,
    _call_ace_apply,
    _call_ace_candidates,
    _call_ace_check,
    _defend_apply,
    _defend_candidates,
    _defend_check,
    _give_apply,
    _give_candidates,
    _give_check,
)
from euchre.deal import Deal
from euchre.phase import Phase
from euchre.play import Trick, _play_apply, _play_check
from euchre.rules import Rules
from euchre.scoring import HandResult
from euchre.transitions import set_fields
from euchre.trump import legal_plays

if TYPE_CHECKING:
    from euchre.view import SeatView


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why, in plain words."""


def proposed_suit(upcard: Card) -> Suit:
    """The suit the upcard proposes (a turned-up joker proposes hearts).

    >>> proposed_suit(Card.parse("Joker"))
    Suit.HEARTS
    """
    return upcard.suit if upcard.suit is not None else Suit.HEARTS


class HandState:
    """A deal in progress. Immutable: ``apply`` returns a new state."""

    __slots__ = (
        "_current",
        "_leader",
        "_legal",
        "_out",
        "ace_partner",
        "actions",
        "actors",
        "alone",
        "called_ace",
        "deal",
        "declined",
        "defender",
        "discard",
        "farmer_queue",
        "hands",
        "kitty",
        "maker",
        "maker_side",
        "passes",
        "phase",
        "picked_up",
        "result",
        "rules",
        "to_act",
        "tricks",
        "trump",
    )

    rules: Rules
    deal: Deal
    actions: tuple[Action, ...]
    actors: tuple[int, ...]
    phase: Phase
    to_act: int | None
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    trump: Suit | None
    maker: int | None
    alone: bool
    defender: int | None
    _out: frozenset[int]
    discard: Card | None
    picked_up: bool
    declined: bool
    passes: int
    tricks: tuple[Trick, ...]
    _current: tuple[tuple[int, Card], ...]
    _leader: int
    _legal: list[Action] | None
    maker_side: frozenset[int]
    called_ace: Suit | None
    ace_partner: int | None
    farmer_queue: tuple[int, ...]
    result: HandResult | None

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, deal: Deal, rules: Rules | None = None) -> HandState:
        """The state right after the deal. A deal impossible under the rules raises."""
        rules = rules or Rules()
        deal.check(rules)
        n = rules.players
        queue: tuple[int, ...] = ()
        if rules.farmers_hand != "off":
            queue = tuple(
                seat
                for seat in ((deal.dealer + i) % n for i in range(1, n + 1))
                if farmers_hand(deal.hands[seat], rules.farmers_hand)
            )
        s = object.__new__(cls)
        set_fields(
            s,
            rules=rules,
            deal=deal,
            actions=(),
            actors=(),
            hands=deal.hands,
            kitty=deal.kitty,
            trump=None,
            maker=None,
            defender=None,
            discard=None,
            called_ace=None,
            ace_partner=None,
            alone=False,
            picked_up=False,
            declined=False,
            _out=frozenset(),
            maker_side=frozenset(),
            passes=0,
            tricks=(),
            _current=(),
            _leader=(deal.dealer + 1) % n,
            _legal=None,
            result=None,
            farmer_queue=queue,
            phase=Phase.FARMER if queue else Phase.ROUND_ONE,
            to_act=queue[0] if queue else (deal.dealer + 1) % n,
        )
        return s

    @classmethod
    def replay(cls, deal: Deal, rules: Rules, actions: Sequence[Action | str]) -> HandState:
        """The state after ``actions`` (each checked) from the start of ``deal``."""
        state = cls.new(deal, rules)
        for action in actions:
            state = state.apply(action)
        return state

    def _copy(self) -> HandState:
        return _copy_state(self)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a HandState never changes: apply() returns a new one")

    # ------------------------------------------------------------------ simple facts
    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.deal.dealer

    @property
    def players(self) -> int:
        """How many seats the table has."""
        return self.rules.players

    @property
    def upcard(self) -> Card:
        """The card turned up after the deal."""
        return self.deal.upcard

    @property
    def proposed(self) -> Suit:
        """The suit the upcard proposes in round one (and turns down for round two)."""
        return proposed_suit(self.deal.upcard)

    @property
    def sitting_out(self) -> frozenset[int]:
        """Seats whose partner (or opponent, against a lone defender) plays without them."""
        return self._out

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        """The trick being played: (seat, card) pairs in play order."""
        return list(self._current)

    @property
    def leader(self) -> int:
        """Who leads (or led) the trick in progress."""
        return self._leader

    @property
    def over(self) -> bool:
        """True when the deal has ended."""
        return self.phase is Phase.OVER

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now."""
        return list(self.hands[seat])

    def team_of(self, seat: int) -> int:
        """The team a seat plays for (see ``Rules.team_of``)."""
        return self.rules.team_of(seat)

    def partners_of(self, seat: int) -> list[int]:
        """The seat's partners (none in individual play)."""
        if not self.rules.partnerships:
            return []
        return [s for s in range(self.players) if s != seat and s % 2 == seat % 2]

    def tricks_won(self, seat: int) -> int:
        """Tricks taken by ``seat`` itself."""
        return sum(1 for t in self.tricks if t.winner == seat)

    def maker_tricks(self) -> int:
        """Tricks taken so far by the making side."""
        return sum(1 for t in self.tricks if t.winner in self.maker_side)

    def active_seats(self) -> list[int]:
        """The seats that play tricks this deal, clockwise from seat 0."""
        return [s for s in range(self.players) if s not in self._out]

    def next_active(self, seat: int) -> int:
        """The first seat after ``seat`` (clockwise) that is playing."""
        n = self.players
        for i in range(1, n + 1):
            nxt = (seat + i) % n
            if nxt not in self._out:
                return nxt
        raise AssertionError("nobody is playing")

    def _first_active_from(self, seat: int) -> int:
        return seat if seat not in self._out else self.next_active(seat)

    # ------------------------------------------------------------------ legality
    def legal_actions(self) -> list[Action]:
        """Every action allowed now, in a stable order (empty when the deal is over)."""
        legal = self._legal
        if legal is None:
            if self.phase is Phase.PLAY:
                assert self.to_act is not None
                led = self._current[0][1] if self._current else None
                cards = legal_plays(self.hands[self.to_act], led, self.trump)
                play = A.play
                legal = [play(c) for c in cards]
            else:
                legal = [a for a in self._candidates() if self._reason(a) is None]
            object.__setattr__(self, "_legal", legal)
        return list(legal)

    def why_illegal(self, action: Action | str) -> str | None:
        """None when ``action`` is allowed now, else the reason in plain words."""
        try:
            parsed = Action.parse(action)
        except ActionError as exc:
            return str(exc)
        return self._reason(parsed)

    def is_legal(self, action: Action | str) -> bool:
        """True when ``why_illegal`` has no objection."""
        return self.why_illegal(action) is None

    def apply(self, action: Action | str) -> HandState:
        """A new state after ``action``; an illegal or malformed action raises IllegalAction."""
        legal = self._legal
        if legal is not None and any(a is action for a in legal):
            return self.phase.apply(self, action)  # type: ignore[attr-defined, no-any-return]
        try:
            parsed = Action.parse(action)
        except ActionError as exc:
            raise IllegalAction(str(exc)) from None
        reason = self._reason(parsed)
        if reason is not None:
            raise IllegalAction(reason)
        return self.phase.apply(self, parsed)  # type: ignore[attr-defined, no-any-return]

    def _reason(self, action: Action) -> str | None:
        if self.phase is Phase.OVER:
            return "this deal is over"
        phase: Any = self.phase
        if action.kind not in phase.kinds:
            return _wrong_phase(self, action)
        return phase.check(self, action)  # type: ignore[no-any-return]

    def _candidates(self) -> list[Action]:
        phase: Any = self.phase
        return phase.candidates(self)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ views and records
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own cards (and its own discard), the upcard, every
        action and played card. Other hands and the kitty are hidden."""
        from euchre.view import SeatView

        return SeatView.of(self, seat)

    def to_dict(self) -> dict[str, Any]:
        """Rules, deal and actions: enough to rebuild this state."""
        return {
            "rules": self.rules.to_dict(),
            "deal": self.deal.to_dict(),
            "actions": [str(a) for a in self.actions],
        }

    def to_json(self) -> str:
        """JSON of ``to_dict``."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandState:
        """Rebuild a state from ``to_dict``'s output, checking every action."""
        from euchre.rules import Rules as _Rules

        try:
            rules = _Rules.from_dict(data.get("rules", {}))
            deal = Deal.from_dict(data["deal"])
            actions = data.get("actions", [])
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a saved deal: {exc}") from None
        return cls.replay(deal, rules, actions)

    @classmethod
    def from_json(cls, text: str) -> HandState:
        """Read ``to_json``'s output back."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not a saved deal: {exc}") from None
        if not isinstance(data, dict):
            raise ValueError("not a saved deal: expected a JSON object")
        return cls.from_dict(data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return (self.rules, self.deal, self.actions) == (other.rules, other.deal, other.actions)

    def __hash__(self) -> int:
        return hash((self.deal, self.actions))

    def __repr__(self) -> str:
        return f"<HandState {self.phase} to_act={self.to_act} actions={len(self.actions)}>"


# ---------------------------------------------------------------------- helpers
def _wrong_phase(state: HandState, action: Action) -> str:
    phase, kind = state.phase, action.kind
    if phase is Phase.PLAY:
        return f"'{action}' is not possible now: trump is made and it is time to play a card"
    if kind == A.PLAY:
        return f"you cannot play a card yet: this is {phase}"
    if phase is Phase.ROUND_ONE and kind == A.CALL:
        return (
            f"in round one the only suit on offer is the upcard's, {state.proposed.plural}: "
            f"order it up or pass"
        )
    if phase is Phase.ROUND_TWO and kind == A.ORDER:
        return (
            f"the upcard was turned down: in round two you name a suit other than "
            f"{state.proposed.plural}, or pass"
        )
    if phase is Phase.DISCARD:
        return "the dealer has picked up the upcard and must first discard one card"
    return f"'{action}' is not possible during {phase}"


# ---------------------------------------------------------------------- tables
_PHASE_KINDS: dict[Phase, tuple[str, ...]] = {
    Phase.FARMER: (A.PASS, A.FARMER_SWAP, A.REDEAL),
    Phase.ROUND_ONE: (A.PASS, A.ORDER),
    Phase.DISCARD: (A.DISCARD, A.DECLINE),
    Phase.ROUND_TWO: (A.PASS, A.CALL),
    Phase.CALL_ACE: (A.CALL_ACE,),
    Phase.CALL_FOR_BEST: (A.PASS, A.BEST),
    Phase.GIVE_BEST: (A.GIVE,),
    Phase.DEFEND: (A.PASS, A.DEFEND),
    Phase.PLAY: (A.PLAY,),
    Phase.OVER: (),
}
_CANDIDATES: dict[Phase, Callable[[HandState], list[Action]]] = {
    Phase.FARMER: _farmer_candidates,
    Phase.ROUND_ONE: _round_one_candidates,
    Phase.DISCARD: _discard_candidates,
    Phase.ROUND_TWO: _round_two_candidates,
    Phase.CALL_ACE: _call_ace_candidates,
    Phase.CALL_FOR_BEST: _best_candidates,
    Phase.GIVE_BEST: _give_candidates,
    Phase.DEFEND: _defend_candidates,
    Phase.OVER: lambda s: [],
}
_CHECK: dict[Phase, Callable[[HandState, Action], str | None]] = {
    Phase.FARMER: _farmer_check,
    Phase.ROUND_ONE: _round_one_check,
    Phase.DISCARD: _discard_check,
    Phase.ROUND_TWO: _round_two_check,
    Phase.CALL_ACE: _call_ace_check,
    Phase.CALL_FOR_BEST: _best_check,
    Phase.GIVE_BEST: _give_check,
    Phase.DEFEND: _defend_check,
    Phase.PLAY: _play_check,
}
_APPLY: dict[Phase, Callable[[HandState, Action], HandState]] = {
    Phase.FARMER: _farmer_apply,
    Phase.ROUND_ONE: _round_one_apply,
    Phase.DISCARD: _discard_apply,
    Phase.ROUND_TWO: _round_two_apply,
    Phase.CALL_ACE: _call_ace_apply,
    Phase.CALL_FOR_BEST: _best_apply,
    Phase.GIVE_BEST: _give_apply,
    Phase.DEFEND: _defend_apply,
    Phase.PLAY: _play_apply,
}

# Each phase carries its handlers as attributes: a plain attribute read is cheaper than a
# dict look-up keyed by an enum member.
for _phase in Phase:
    _phase.kinds = _PHASE_KINDS[_phase]  # type: ignore[attr-defined]
    _phase.candidates = _CANDIDATES.get(_phase, lambda s: [])  # type: ignore[attr-defined]
    _phase.check = _CHECK.get(_phase, lambda s, a: "this deal is over")  # type: ignore[attr-defined]
    _phase.apply = _APPLY.get(_phase)  # type: ignore[attr-defined]


def _make_copier() -> Callable[[HandState], HandState]:
    """A function copying every slot of a HandState, written out once (faster than a loop)."""
    lines = ["def copy_state(old):", "    new = _new(HandState)"]
    lines += [f"    _set(new, {name!r}, old.{name})" for name in HandState.__slots__]
    lines.append("    return new")
    namespace: dict[str, Any] = {
        "_new": object.__new__,
        "_set": object.__setattr__,
        "HandState": HandState,
    }
    exec("\n".join(lines), namespace)
    return namespace["copy_state"]  # type: ignore[no-any-return]


_copy_state = _make_copier()
