"""One deal in progress, by its two faces: an immutable ``HandState`` that moves by
``apply``, and the mutable ``DealCore`` for search (``push`` / ``pop``, python-chess
style). Both stand at a node (``node.py``) and move by the same node moves.

Legality is defined once, per phase (the phase table, ``phases.PHASE_RULES``), by a
function that returns the reason an action is refused (or None). ``why_illegal`` returns it,
``apply`` raises it, ``legal_actions`` lists the candidates it accepts. A HandState wraps one
node (``node.py``) that never changes, and the full ``Position`` it stands for once someone
asks for more than the node holds; ``apply`` wraps the next node.

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
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from euchre import phases
from euchre.actions import Action, ActionError, IllegalAction
from euchre.bidding import proposed_suit
from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.kept_node import KeptDeal, kept_node
from euchre.node import ACTION, KEPT, KIND, LEGAL, PARENT, PHASE, RESULT, TABLE, TO_ACT, Node
from euchre.nodes import (
    MOVES,
    deal_and_rules,
    history_of,
    move_checked,
    phases_of,
    position_of,
    root,
)
from euchre.phase import Phase
from euchre.play import Trick, tricks_of
from euchre.play_node import PlayTable
from euchre.position import Position, actions_and_actors, actions_in, actors_in, hands_now
from euchre.rules import Rules
from euchre.saved import read_saved_deal
from euchre.scoring import HandResult
from euchre.seats import next_active, partners_of
from euchre.view import SeatView
from euchre.whole_node import wrap

__all__ = ["HandState", "IllegalAction", "proposed_suit"]


def _refuse_change(state: HandState, value: object) -> None:
    raise AttributeError("a HandState never changes: apply() returns a new one")


def _read_only(cls: type[HandState]) -> type[HandState]:
    """``cls`` with every property refusing a change in the words of ``_refuse_change``
    (its own attributes, private, are set only as a state is made)."""
    for name, value in list(vars(cls).items()):
        if isinstance(value, property):
            setattr(cls, name, property(value.fget, _refuse_change, None, value.__doc__))
    return cls


@_read_only
class HandState:
    """A deal in progress. Immutable: ``apply`` returns a new state.

    It wraps a node (``node.py``) that nobody changes, and the full ``Position`` once
    someone asks for more than the node holds (``to_act``, ``phase``, ``result``, the legal
    actions, the actions so far). ``apply`` wraps the next node, made by the node's kind
    (``nodes.MOVES``) or the general path. ``core()`` hands out a mutable ``DealCore`` for
    search (``push`` / ``pop``), and ``DealCore.state()`` turns one back into a HandState.
    """

    __slots__ = ("_full", "_node", "_result")

    _node: Node  # where the deal is
    _full: Position  # the whole position, unset until built from the node
    _result: HandResult | None  # the node's result

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, deal: Deal, rules: Rules | None = None) -> HandState:
        """The state right after the deal. A deal impossible under the rules raises."""
        state = _new(cls)  # ``of_node``, inlined
        state._node = node = root(deal, rules or _DEFAULT_RULES)
        state._result = node[RESULT]
        return state

    @classmethod
    def of_position(cls, position: Position) -> HandState:
        """A state around ``position``, which must not change afterwards."""
        state = cls.of_node(wrap(position, None, None))
        state._full = position
        return state

    @classmethod
    def of_node(cls, node: Node) -> HandState:
        """A state at ``node`` (its position is built only if asked for)."""
        state = _new(cls)
        state._node = node
        state._result = node[RESULT]
        return state

    @classmethod
    def replay(cls, deal: Deal, rules: Rules, actions: Sequence[Action | str]) -> HandState:
        """The state after ``actions`` (each checked) from the start of ``deal``."""
        return cls.of_position(phases.replay(deal, rules, actions))

    def kept(self) -> HandState:
        """This state as a finished deal is kept (``Game.history``): the same state (equal,
        every reading the same) holding only its deal, rules, actions and actors and the
        fields read without a position, which is replayed when first read (``kept_node.py``),
        about a tenth of the memory of the state that finished. Keeping a kept state again
        gives a fresh one, which holds no position until one is read again.

        >>> state = HandState.new(Deal.random(seed=7, dealer=0))
        >>> while state.result is None:
        ...     state = state.apply(state.legal_actions()[0])
        >>> kept = state.kept()
        >>> kept == state, kept.result == state.result, kept.tricks == state.tricks
        (True, True, True)
        """
        node = self._node
        if node[KIND] == KEPT:  # kept again: the same record, no position
            return HandState.of_node(node)
        table = KeptDeal(*deal_and_rules(node), *actions_and_actors(history_of(node)))
        return HandState.of_node(kept_node(node, table))

    def core(self) -> DealCore:
        """A mutable core in this position for search: ``push(action)``, ``pop()``."""
        return DealCore(self._node)

    def position(self) -> Position:
        """Where the deal is, every field (shared: do not change it)."""
        try:
            return self._full
        except AttributeError:  # built from the node, once asked for
            full = self._full = position_of(self._node)
            return full

    @property
    def _pos(self) -> Position:
        return self.position()

    # ------------------------------------------------------------------ the position
    @property
    def rules(self) -> Rules:
        """The rules of the table."""
        return deal_and_rules(self._node)[1]

    @property
    def deal(self) -> Deal:
        """The cards as dealt."""
        return deal_and_rules(self._node)[0]

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions applied so far, in order."""
        return actions_in(history_of(self._node))

    @property
    def actors(self) -> tuple[int, ...]:
        """The seat that made each action."""
        return actors_in(history_of(self._node))

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The phase each action was made in: a pass in ``Phase.FARMER`` keeps a farmer's
        hand, in ``Phase.DEFEND`` declines to defend alone.

        >>> from euchre import Deal
        >>> state = HandState.new(Deal.random(seed=7, dealer=0)).apply("pass").apply("order")
        >>> [str(phase) for phase in state.phases]
        ['round one of making trump', 'round one of making trump']
        """
        return phases_of(self._node)

    @property
    def phase(self) -> Phase:
        """Where the deal is."""
        phase: Phase = self._node[PHASE]
        return phase

    @property
    def to_act(self) -> int | None:
        """The seat that must act now; None when the deal is over."""
        seat: int | None = self._node[TO_ACT]
        return seat

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards now, in the order received."""
        return hands_now(self._pos)

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The undealt cards (after a farmer's swap, the swapped ones)."""
        return self._pos["kitty"]

    @property
    def trump(self) -> Suit | None:
        """The trump suit once made (None before, and for no-trump)."""
        return self._pos["trump"]

    @property
    def maker(self) -> int | None:
        """The seat that made trump."""
        return self._pos["maker"]

    @property
    def alone(self) -> bool:
        """True when the maker plays without a partner (the whole truth: see ``view``)."""
        return self._pos["alone"]

    @property
    def declared_alone(self) -> bool:
        """True when the maker said "alone" (call-ace's maker never does)."""
        return self._pos["declared_alone"]

    @property
    def defender(self) -> int | None:
        """The defender playing alone, if any."""
        return self._pos["defender"]

    @property
    def discard(self) -> Card | None:
        """The dealer's discard after picking up."""
        return self._pos["discard"]

    @property
    def picked_up(self) -> bool:
        """True when the dealer took the upcard."""
        return self._pos["picked_up"]

    @property
    def declined(self) -> bool:
        """True when the dealer refused the ordered upcard."""
        return self._pos["declined"]

    @property
    def passes(self) -> int:
        """Passes so far in the current round (or of the defend-alone offer)."""
        return self._pos["passes"]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        return tricks_of(self._pos)

    @property
    def maker_side(self) -> frozenset[int]:
        """The seats playing with the maker (the maker included)."""
        return self._pos["maker_side"]

    @property
    def called_ace(self) -> Suit | None:
        """Call-ace: the suit the maker called."""
        return self._pos["called_ace"]

    @property
    def ace_partner(self) -> int | None:
        """Call-ace: the holder of the called suit's top card (None: nobody holds it)."""
        return self._pos["ace_partner"]

    @property
    def farmer_queue(self) -> tuple[int, ...]:
        """Seats still to decide on their farmer's hand."""
        return self._pos["farmer_queue"]

    # Read without a Python call: a loop asks it after every action.
    result: HandResult | None = property(  # type: ignore[assignment]
        attrgetter("_result"), doc="None until the deal is over, then how it ended."
    )

    # ------------------------------------------------------------------ simple facts
    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._pos["dealer"]

    @property
    def players(self) -> int:
        """How many seats the table has."""
        return self._pos["players"]

    @property
    def upcard(self) -> Card | None:
        """The card turned up after the deal (None where none is: Bid Euchre)."""
        return self._pos["upcard"]

    @property
    def proposed(self) -> Suit | None:
        """The suit the upcard proposes in round one (and turns down for round two); None
        where no card is turned up."""
        return self._pos["proposed"]

    @property
    def bid(self) -> int | None:
        """Bid Euchre: the high bid so far in tricks, then the contract's (every trick for
        the moon); None before any bid, and in Euchre."""
        return self._pos["bid"] or None

    @property
    def bidder(self) -> int | None:
        """Bid Euchre: the seat of the high bid so far (the maker once the bidding ends)."""
        return self._pos["bidder"]

    @property
    def sitting_out(self) -> frozenset[int]:
        """Seats whose partner (or opponent, against a lone defender) plays without them."""
        return self._pos["out"]

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        """The trick being played: (seat, card) pairs in play order."""
        return list(self._pos["trick"][0])

    @property
    def leader(self) -> int:
        """Who leads (or led) the trick in progress."""
        return self._pos["leader"]

    @property
    def over(self) -> bool:
        """True when the deal has ended."""
        return self.phase is Phase.OVER

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now."""
        return list(hands_now(self._pos)[seat])

    def team_of(self, seat: int) -> int:
        """The team a seat plays for (see ``Rules.team_of``)."""
        return self.rules.team_of(seat)

    def partners_of(self, seat: int) -> list[int]:
        """The seat's partners (none in individual play)."""
        return partners_of(seat, self.players, self.rules.partnerships)

    def tricks_won(self, seat: int) -> int:
        """Tricks taken by ``seat`` itself."""
        return sum(1 for t in self.tricks if t.winner == seat)

    def maker_tricks(self) -> int:
        """Tricks taken so far by the making side."""
        side = self.maker_side
        return sum(1 for t in self.tricks if t.winner in side)

    def active_seats(self) -> list[int]:
        """The seats that play tricks this deal, clockwise from seat 0."""
        out = self.sitting_out
        return [s for s in range(self.players) if s not in out]

    def next_active(self, seat: int) -> int:
        """The first seat after ``seat`` (clockwise) that is playing."""
        return next_active(seat, self.players, self.sitting_out)

    # ------------------------------------------------------------------ legality
    def legal_actions(self) -> list[Action]:
        """Every action allowed now, in a stable order (empty when the deal is over): a list
        of the caller's own."""
        legal: list[Action] = self._node[LEGAL]
        return legal.copy()

    def listed_actions(self) -> list[Action]:
        """``legal_actions`` as the one list this state keeps (shared: do not change it)."""
        legal: list[Action] = self._node[LEGAL]
        return legal

    @property
    def last_action(self) -> Action | None:
        """The latest action, None before the first."""
        action: Action | None = self._node[ACTION]
        if action is not None:
            return action
        history = self.position()["history"]  # a state made from a position
        return None if history is None else history[0]

    def why_illegal(self, action: Action | str) -> str | None:
        """None when ``action`` is allowed now, else the reason in plain words."""
        try:
            parsed = Action.parse(action)
        except ActionError as exc:
            return str(exc)
        return phases.reason(self._pos, parsed)

    def is_legal(self, action: Action | str) -> bool:
        """True when ``why_illegal`` has no objection."""
        return self.why_illegal(action) is None

    def apply(self, action: Action | str) -> HandState:
        """A new state after ``action``; an illegal or malformed action raises IllegalAction.

        A listed action takes its node kind's own move (``nodes.MOVES``); any other (a
        text, an Action made elsewhere) is checked, and an illegal one changes nothing.
        """
        node = self._node
        after = MOVES[node[KIND]](node, action)
        if after is None:
            after = move_checked(node, action)
        state = _new(HandState)
        state._node = after
        state._result = after[RESULT]
        return state

    # ------------------------------------------------------------------ views and records
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own cards (and its own discard), the upcard, every
        action and played card. Other hands and the kitty are hidden."""
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
        """Rebuild a state from ``to_dict``'s output, checking every action. Anything else
        raises ValueError naming the field that is wrong.

        >>> HandState.from_dict({"deal": {}, "actions": "pass"})
        Traceback (most recent call last):
        ...
        ValueError: not a saved deal: 'actions' must be a list of action texts, not a string
        """
        rules, deal, actions = read_saved_deal(data)
        p = phases.start(deal, rules)  # the deal was checked against the rules
        for number, action in enumerate(actions, 1):
            try:
                p = phases.advance(p, phases.checked(p, action))
            except IllegalAction as exc:
                raise IllegalAction(
                    f"not a saved deal: action {number} in 'actions', {action!r}: {exc}"
                ) from None
        return cls.of_position(p)

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


class DealCore:
    """A deal in progress that changes in place, for search: ``push`` an action, ``pop``
    it back (python-chess style; see the module doc). Search code reads ``to_act``,
    ``phase``, ``result``, ``hands``, ``tricks`` and calls ``legal_actions``, ``push``,
    ``pop`` and ``state``.
    """

    __slots__ = ("_node", "_root", "result")

    _node: Node  # where the deal is
    _root: Node  # where the core began: nothing to pop there
    #: None until the deal is over, then how it ended (kept up to date by push and pop:
    #: read it, do not set it).
    result: HandResult | None

    def __init__(self, node: Node) -> None:
        """A core at ``node``."""
        self._node = self._root = node
        self.result = node[RESULT]

    @classmethod
    def start(cls, deal: Deal, rules: Rules) -> DealCore:
        """The core right after the deal. A deal impossible under the rules raises.

        >>> core = DealCore.start(Deal.random(seed=7, dealer=0), Rules())
        >>> core.push(core.legal_actions()[0]); core.to_act
        2
        >>> core.pop(), core.to_act
        (Action.parse('pass'), 1)
        """
        return cls(root(deal, rules))

    def copy(self) -> DealCore:
        """An independent core in the same position (with nothing to pop)."""
        return DealCore(self._node)

    @property
    def position(self) -> Position:
        """The position now (do not change it; built anew on most readings)."""
        return position_of(self._node)

    def fields(self) -> dict[str, Any]:
        """Every field that says where the deal is, for comparing two cores."""
        return phases.fields(self.position)

    # ------------------------------------------------------------------ reading
    @property
    def to_act(self) -> int | None:
        """The seat that must act now; None when the deal is over."""
        seat: int | None = self._node[TO_ACT]
        return seat

    @property
    def phase(self) -> Phase:
        """Where the deal is."""
        phase: Phase = self._node[PHASE]
        return phase

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions so far, in order."""
        return actions_in(history_of(self._node))

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The phase each action so far was made in (``nodes.phases_of``)."""
        return phases_of(self._node)

    @property
    def trump(self) -> Suit | None:
        """The trump suit once made (None before, and for no-trump)."""
        table = self._node[TABLE]
        if isinstance(table, PlayTable):  # fixed from the first lead
            return table.contract.trump
        return self.position["trump"]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards now, in the order received."""
        return hands_now(self.position)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        return tricks_of(self.position)

    def legal_actions(self) -> list[Action]:
        """Every action allowed now, in a stable order (empty when the deal is over). The
        list is shared: do not change it."""
        legal: list[Action] = self._node[LEGAL]
        return legal

    def reason(self, action: Action) -> str | None:
        """None when ``action`` is allowed now, else why not, in plain words."""
        return phases.reason(self.position, action)

    # ------------------------------------------------------------------ moving
    def push(self, action: Action | str) -> None:
        """Make ``action`` (checked: an illegal one raises IllegalAction and changes
        nothing); ``pop`` undoes it."""
        node = self._node
        after = MOVES[node[KIND]](node, action)
        if after is None:
            after = move_checked(node, action)
        self._node = after
        self.result = after[RESULT]

    def pop(self) -> Action:
        """Undo the last ``push`` exactly, and return its action."""
        node = self._node
        if node is self._root:
            raise IndexError("nothing to pop: no action was pushed")
        self._node = node[PARENT]
        self.result = None  # a node that has a next one holds no result
        action: Action = node[ACTION]
        return action

    def state(self) -> HandState:
        """An immutable ``HandState`` in this position (the core itself is not shared)."""
        return HandState.of_node(self._node)


_new = object.__new__


_DEFAULT_RULES = Rules()
