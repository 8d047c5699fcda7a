"""How a deal moves, and the mutable ``DealCore`` with ``push`` and ``pop`` for search.

A deal's position is a ``Position`` (a typed dictionary of plain fields: see
``position.py``). How each phase moves is defined once, in ``PHASE_RULES``: one
``PhaseRules`` per phase with its action kinds, its candidate actions, the reason an
action is refused, and the move. ``advance`` makes a move on a fresh copy of a position;
``HandState.apply`` wraps the copy in a new state (in the play phase it moves by a small
record instead: see ``play_record.py``), and a ``DealCore`` keeps the states it went
through on a stack, so that ``pop`` puts the last one back exactly.

>>> from euchre.deal import Deal
>>> from euchre.rules import Rules
>>> core = DealCore.start(Deal.random(seed=7, dealer=0), Rules())
>>> [str(a) for a in core.legal_actions()]
['pass', 'order', 'order alone']
>>> core.push(core.legal_actions()[0]); core.to_act
2
>>> core.pop(); core.to_act
Action.parse('pass')
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from euchre import bidding, contract, play
from euchre.actions import Action, ActionError, ActionKind
from euchre.bid_record import (
    BID_HISTORY,
    BID_LEGAL,
    BID_PHASE,
    BID_START,
    BID_TO_ACT,
    BidRecord,
    bid_move,
    bid_start,
)
from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.phase import Phase
from euchre.play import Trick, play_candidates, tricks_of
from euchre.play_record import (
    LEGAL,
    TABLE,
    TO_ACT,
    PlayRecord,
    final_position,
    play_apply,
    play_card,
    play_move,
    position_of,
    record_of,
)
from euchre.position import NO_TRICK, History, Position, actions_of, enter, hands_now
from euchre.rules import Rules
from euchre.scoring import HandResult
from euchre.seats import clockwise_after, next_seat
from euchre.trump import ALL_CARDS, POWER_TABLES, SUIT_MASK_TABLES, SUIT_TABLES

if TYPE_CHECKING:
    from euchre.state import HandState


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why, in plain words."""


class PhaseRules(NamedTuple):
    """How one phase of a deal works.

    ``kinds``: the kinds of action that belong to the phase. ``candidates``: every action
    worth checking now, in the order ``legal_actions`` lists them (``exact`` when they are
    all legal, so no check is needed). ``check``: the reason an action of one of those
    kinds is refused, or None. ``apply``: the move, made in place on a fresh position (the
    action is already recorded and ``to_act`` is still its actor).
    """

    kinds: frozenset[ActionKind]
    candidates: Callable[[Position], list[Action]]
    check: Callable[[Position, Action], str | None]
    apply: Callable[[Position, Action], None]
    exact: bool = False


def _nothing(p: Position) -> list[Action]:
    return []


def _over(p: Position, action: Action) -> str | None:
    return "this deal is over"


def _stay(p: Position, action: Action) -> None:
    raise IllegalAction("this deal is over")


K = ActionKind
PHASE_RULES: dict[Phase, PhaseRules] = {
    Phase.FARMER: PhaseRules(
        frozenset((K.PASS, K.FARMER_SWAP, K.REDEAL)),
        bidding.farmer_candidates,
        bidding.farmer_check,
        bidding.farmer_apply,
    ),
    Phase.ROUND_ONE: PhaseRules(
        frozenset((K.PASS, K.ORDER)),
        bidding.round_one_candidates,
        bidding.round_one_check,
        bidding.round_one_apply,
        exact=True,
    ),
    Phase.DISCARD: PhaseRules(
        frozenset((K.DISCARD, K.DECLINE)),
        bidding.discard_candidates,
        bidding.discard_check,
        bidding.discard_apply,
        exact=True,
    ),
    Phase.ROUND_TWO: PhaseRules(
        frozenset((K.PASS, K.CALL)),
        bidding.round_two_candidates,
        bidding.round_two_check,
        bidding.round_two_apply,
        exact=True,
    ),
    Phase.CALL_ACE: PhaseRules(
        frozenset((K.CALL_ACE,)),
        contract.call_ace_candidates,
        contract.call_ace_check,
        contract.call_ace_apply,
    ),
    Phase.CALL_FOR_BEST: PhaseRules(
        frozenset((K.PASS, K.BEST)),
        contract.best_candidates,
        contract.best_check,
        contract.best_apply,
    ),
    Phase.GIVE_BEST: PhaseRules(
        frozenset((K.GIVE,)),
        contract.give_candidates,
        contract.give_check,
        contract.give_apply,
    ),
    Phase.DEFEND: PhaseRules(
        frozenset((K.PASS, K.DEFEND)),
        contract.defend_candidates,
        contract.defend_check,
        contract.defend_apply,
    ),
    Phase.PLAY: PhaseRules(
        frozenset((K.PLAY,)), play_candidates, play.play_check, play_apply, exact=True
    ),
    Phase.OVER: PhaseRules(frozenset(), _nothing, _over, _stay, exact=True),
}
del K

# The phases the hot paths test, as plain globals (an Enum member read through its class
# costs several times a global's look-up).
_PLAY = Phase.PLAY
_OVER = Phase.OVER


# ---------------------------------------------------------------------- positions
def start(deal: Deal, rules: Rules) -> Position:
    """The position right after the deal. A deal impossible under the rules raises."""
    deal.check(rules)
    n = rules.players
    p = _start_fields(rules).copy()
    first = next_seat(deal.dealer, n)
    p["deal"] = deal
    p["dealer"] = deal.dealer
    p["upcard"] = deal.upcard
    p["proposed"] = deal.upcard.suit if deal.upcard.suit is not None else Suit.HEARTS
    p["to_act"] = p["leader"] = first
    p["held"] = deal.hands
    p["kitty"] = deal.kitty
    if rules.farmers_hand != "off":
        queue = tuple(
            seat
            for seat in (*clockwise_after(deal.dealer, n), deal.dealer)
            if bidding.farmers_hand(deal.hands[seat], rules.farmers_hand)
        )
        if queue:
            p["farmer_queue"] = queue
            enter(p, Phase.FARMER, queue[0])
    return p


def legal_actions(p: Position) -> list[Action]:
    """Every action allowed in ``p``, in a stable order (empty when the deal is over). The
    list is shared: do not change it."""
    legal = p["legal"]
    if legal is None:
        phase = p["phase"]
        if phase is _PLAY:  # four moves in five: straight to it
            legal = play_candidates(p)
        else:
            step = PHASE_RULES[phase]
            if step.exact:
                legal = step.candidates(p)
            else:
                check = step.check
                legal = [a for a in step.candidates(p) if check(p, a) is None]
        p["legal"] = legal
    return legal


def reason(p: Position, action: Action) -> str | None:
    """None when ``action`` is allowed in ``p``, else why not, in plain words."""
    phase = p["phase"]
    if phase is _OVER:
        return "this deal is over"
    step = PHASE_RULES[phase]
    if action.kind not in step.kinds:
        return bidding.wrong_phase(p, action)
    return step.check(p, action)


def checked(p: Position, action: Action | str) -> Action:
    """``action`` as an Action, when it is allowed in ``p``; else IllegalAction says why.
    An action that ``legal_actions`` listed passes on an identity test."""
    for listed in p["legal"] or ():
        if listed is action:
            return listed
    try:
        parsed = Action.parse(action)
    except ActionError as exc:
        raise IllegalAction(str(exc)) from None
    why = reason(p, parsed)
    if why is not None:
        raise IllegalAction(why)
    return parsed


def advance(p: Position, action: Action) -> Position:
    """The position after ``action``, already known to be legal in ``p`` (a new one: ``p``
    does not change)."""
    phase = p["phase"]
    if phase is _PLAY:  # four moves in five: straight to it
        return play_move(p, action)
    seat = p["to_act"]
    assert seat is not None, "nobody acts once the deal is over"
    new = p.copy()
    new["history"] = (action, seat, p["history"])
    new["legal"] = None
    PHASE_RULES[phase].apply(new, action)
    return new


def replay(deal: Deal, rules: Rules, actions: Iterable[Action | str]) -> Position:
    """The position after ``actions`` (each checked) from the start of ``deal``; an
    illegal one raises IllegalAction."""
    p = start(deal, rules)
    for action in actions:
        p = advance(p, checked(p, action))
    return p


# The fields that are not the position itself: the cache of legal actions.
_NOT_POSITION = frozenset(("legal",))


def fields(p: Position) -> dict[str, Any]:
    """Every field that says where the deal is (not the cache), for comparing positions."""
    return {k: v for k, v in p.items() if k not in _NOT_POSITION}


# ---------------------------------------------------------------------- search
def replayed(start: Position, history: History) -> Position:
    """The position after the actions of ``history`` from ``start`` (each one already
    known to be legal)."""
    actions = []
    while history is not None:
        action, _, history = history
        actions.append(action)
    p = start
    for action in reversed(actions):
        p = advance(p, action)
    return p


# What ``pop`` puts back: the core's position, record of play and record of bidding before
# a push (one of them is set, the others are None), and the action pushed.
Undo = tuple[Position | None, PlayRecord | None, BidRecord | None, Action]


class DealCore:
    """A deal in progress that changes in place, for search: ``push`` an action, ``pop``
    it back (python-chess style).

    It holds what a ``HandState`` holds, a ``Position`` or, in the play phase, a
    ``PlayRecord`` (see ``play_record.py``), or while trump is made from the deal's start,
    a ``BidRecord`` (see ``bid_record.py``); it keeps the ones it went through on a stack:
    none of them ever changes, so ``pop`` puts the last one back exactly. A push costs what
    an ``apply`` does, less the new state (and less the positions of the bidding).

    Search code reads ``to_act``, ``phase``, ``result``, ``hands``, ``tricks`` and calls
    ``legal_actions``, ``push``, ``pop`` and ``state``.
    """

    __slots__ = ("_bid", "_full", "_play", "_stack")

    _full: Position | None  # where the deal is, when neither record below is set
    _play: PlayRecord | None  # in the play phase: the record of the tricks so far
    _bid: BidRecord | None  # while trump is made on the fast path: the record of the bidding
    _stack: list[Undo]  # for each push: what it replaced, and its action

    def __init__(self, position: Position | None, record: PlayRecord | None = None) -> None:
        """A core at ``position`` (in play, at ``record`` instead); neither may change."""
        self._stack = []
        self._go(position, record)
        if position is not None and record is None:
            bid = bid_start(position)  # a deal's start: the bidding takes the fast path
            if bid is not None:
                self._full, self._bid = None, bid

    def _go(self, position: Position | None, record: PlayRecord | None = None) -> None:
        """Stand at ``position`` (a position in play is taken as its record), or ``record``."""
        if record is None:
            assert position is not None, "a core stands at a position or a record of play"
            if position["phase"] is _PLAY:
                record = record_of(position)
        self._play = record
        self._full = position if record is None else None
        self._bid = None

    @classmethod
    def start(cls, deal: Deal, rules: Rules) -> DealCore:
        """The core right after the deal. A deal impossible under the rules raises."""
        return cls(start(deal, rules))

    def copy(self) -> DealCore:
        """An independent core in the same position (with nothing to pop)."""
        twin = DealCore.__new__(DealCore)
        twin._stack = []
        twin._full, twin._play, twin._bid = self._full, self._play, self._bid
        return twin

    @property
    def position(self) -> Position:
        """The position now (do not change it; in play, built anew on each reading)."""
        record = self._play
        if record is not None:
            return position_of(record)
        bid = self._bid
        if bid is not None:  # replayed from the deal's start
            return replayed(bid[BID_START], bid[BID_HISTORY])
        assert self._full is not None
        return self._full

    def fields(self) -> dict[str, Any]:
        """Every field that says where the deal is, for comparing two cores."""
        return fields(self.position)

    # ------------------------------------------------------------------ reading
    @property
    def to_act(self) -> int | None:
        """The seat that must act now; None when the deal is over."""
        record = self._play
        if record is not None:
            return record[TO_ACT]
        bid = self._bid
        return bid[BID_TO_ACT] if bid is not None else self.position["to_act"]

    @property
    def phase(self) -> Phase:
        """Where the deal is."""
        if self._play is not None:
            return _PLAY
        bid = self._bid
        return bid[BID_PHASE] if bid is not None else self.position["phase"]

    @property
    def result(self) -> HandResult | None:
        """None until the deal is over, then how it ended."""
        full = self._full  # None in play, when there is no result
        return None if full is None else full["result"]

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions so far, in order."""
        return actions_of(self.position)

    @property
    def trump(self) -> Suit | None:
        """The trump suit once made (None before, and for no-trump)."""
        record = self._play
        if record is not None:  # fixed from the first lead: the table's position has it
            return record[TABLE].base["trump"]
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
        record = self._play
        if record is not None:
            return record[LEGAL]
        bid = self._bid
        return bid[BID_LEGAL] if bid is not None else legal_actions(self.position)

    def reason(self, action: Action) -> str | None:
        """None when ``action`` is allowed now, else why not, in plain words."""
        return reason(self.position, action)

    # ------------------------------------------------------------------ moving
    def push(self, action: Action | str) -> None:
        """Make ``action`` (checked: an illegal one raises IllegalAction and changes
        nothing); ``pop`` undoes it."""
        record = self._play
        if record is not None:  # four moves in five: a play, straight to its record
            for listed in record[LEGAL]:
                if listed is action:
                    self._stack.append((None, record, None, listed))
                    after = play_card(record, listed)
                    if after is None:  # the deal's last card
                        self._go(final_position(record, listed))
                    else:
                        self._play = after
                    return
        bid = self._bid
        if bid is not None:  # making trump from the deal's start
            for listed in bid[BID_LEGAL]:
                if listed is action:
                    moved = bid_move(bid, listed)
                    if moved is None:  # not a move the fast path makes
                        moved = advance(self.position, listed)
                    self._stack.append((None, None, bid, listed))
                    if isinstance(moved, tuple):
                        self._bid = moved
                    else:
                        self._go(moved)
                    return
        p = self.position
        made = checked(p, action)  # raises before anything changes
        new = advance(p, made)
        self._stack.append((self._full, record, bid, made))
        self._go(new)

    def pop(self) -> Action:
        """Undo the last ``push`` exactly, and return its action."""
        try:
            self._full, self._play, self._bid, action = self._stack.pop()
        except IndexError:
            raise IndexError("nothing to pop: no action was pushed") from None
        return action

    def state(self) -> HandState:
        """An immutable ``HandState`` in this position (the core itself is not shared)."""
        from euchre.state import HandState

        record = self._play
        if record is not None:
            return HandState.of_record(record)
        return HandState.of_position(self.position)


# The starting fields of a position under each Rules object used lately (by identity:
# the entry holds its Rules, so its id is not reused while it is here). Everything but
# the deal's own facts, which ``start`` fills in.
_STARTS: dict[int, tuple[Rules, Position]] = {}


def _start_fields(rules: Rules) -> Position:
    """The fields every deal under ``rules`` starts with (shared: copy before changing)."""
    entry = _STARTS.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    n = rules.players
    fields = Position(
        rules=rules,
        deal=_NO_DEAL,
        dealer=0,
        players=n,
        upcard=_NO_DEAL.upcard,
        proposed=Suit.HEARTS,
        history=None,
        phase=Phase.ROUND_ONE,
        to_act=None,
        held=(),
        unplayed=ALL_CARDS,
        kitty=(),
        trump=None,
        suits=SUIT_TABLES[4],
        powers=POWER_TABLES[4],
        suit_masks=SUIT_MASK_TABLES[4],
        maker=None,
        alone=False,
        declared_alone=False,
        defender=None,
        out=frozenset(),
        discard=None,
        picked_up=False,
        declined=False,
        passes=0,
        trumps=0,
        done=(),
        trick=NO_TRICK,
        leader=0,
        next_of=tuple(next_seat(seat, n) for seat in range(n)),
        seat_masks=(),
        maker_side=frozenset(),
        called_ace=None,
        ace_partner=None,
        farmer_queue=(),
        result=None,
        legal=None,
    )
    if len(_STARTS) >= 16:
        _STARTS.clear()
    _STARTS[id(rules)] = (rules, fields)
    return fields


_NO_DEAL = Deal(0, [], "Ah")  # a placeholder in the shared start fields; ``start`` replaces it
