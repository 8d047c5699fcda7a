"""How a deal moves, and the mutable ``DealCore`` with ``push`` and ``pop`` for search.

A deal's position is a ``Position`` (a typed dictionary of plain fields: see
``position.py``). How each phase moves is defined once, in ``PHASE_RULES``: one
``PhaseRules`` per phase with its action kinds, its candidate actions, the reason an
action is refused, and the move. ``advance`` makes a move on a fresh copy of a position.

``HandState`` and ``DealCore`` hold a *node* instead (``node.py``): one small tuple per
action, which the bidding and the tricks make on their fast paths (``bid_node.py``,
``play_node.py``) and which stands for a position built only when asked for
(``position_of``). A node's own move makes the next node for an action it lists; any other
action goes the general way (``move_checked``: parse, check, ``advance``). A ``DealCore``
moves from node to node, and ``pop`` goes back to the node before, exactly.

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
from euchre.bid_node import DEAL, BidTable, bid_move, bid_root
from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.mover import Mover
from euchre.node import ACTION, LEGAL, MOVE, PARENT, PHASE, RESULT, TABLE, TO_ACT, Node
from euchre.phase import Phase
from euchre.play import Trick, play_candidates, tricks_of
from euchre.play_node import (
    PlayTable,
    first_of_table,
    play_apply,
    play_move_position,
    play_node_of,
    play_position,
)
from euchre.position import NO_TRICK, History, Position, actions_in, enter, hands_now
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
_ROUND_ONE = Phase.ROUND_ONE


# ---------------------------------------------------------------------- positions
def start(deal: Deal, rules: Rules) -> Position:
    """The position right after the deal. A deal impossible under the rules raises."""
    deal.check(rules)
    return _start(deal, rules)


def _start(deal: Deal, rules: Rules) -> Position:
    """``start`` for a deal already checked."""
    n = rules.players
    p = _start_fields(rules).copy()
    first = next_seat(deal.dealer, n)
    p["deal"] = deal
    p["dealer"] = deal.dealer
    p["upcard"] = deal.upcard
    p["proposed"] = bidding.proposed_suit(deal.upcard)
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
        return play_move_position(p, action)
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


# ---------------------------------------------------------------------- nodes
def root(deal: Deal, rules: Rules) -> Node:
    """The node right after the deal (``start``'s position, on the bidding's fast path
    when it can be). A deal impossible under the rules raises."""
    deal.check(rules)
    p = None
    if rules.farmers_hand != "off":  # a farmer's hand may be settled first
        p = _start(deal, rules)
        if p["phase"] is not _ROUND_ONE:
            return wrap(p, None, None)
    node = bid_root(deal, rules)
    if node is None:
        return wrap(_start(deal, rules) if p is None else p, None, None)
    return node


def whole_move(node: Node, action: Action) -> Node | None:
    """A whole node's move (its table is its position): ``advance``, when ``action`` is
    one of the node's legal actions (the very object); else None."""
    for listed in node[LEGAL]:
        if listed is action:
            return wrap(advance(node[TABLE], listed), node, listed)
    return None


def wrap(p: Position, parent: Node | None, action: Action | None) -> Node:
    """The node of ``p`` (which must not change afterwards), reached from ``parent`` by
    ``action`` (both None for a first node): a play node in the play phase, else a whole
    node."""
    phase = p["phase"]
    if phase is _PLAY:
        return play_node_of(p, parent, action)
    legal = p["legal"]
    return (whole_move, parent, action, p["to_act"],
            legal_actions(p) if legal is None else legal, p["result"], phase, p)  # fmt: skip


def move_checked(node: Node, action: Action | str) -> Node:
    """The node after ``action`` the general way: for an action given as text or made
    elsewhere, or a move the node's kind leaves to the general path. An illegal or
    malformed action raises IllegalAction (and nothing changes)."""
    try:
        parsed = Action.parse(action)
    except ActionError as exc:
        raise IllegalAction(str(exc)) from None
    for listed in node[LEGAL]:
        if listed == parsed:  # the listed action itself takes the node's own move
            after: Node | None = node[MOVE](node, listed)
            if after is not None:
                return after
            break
    p = position_of(node)
    made = checked(p, parsed)  # raises before anything changes
    return wrap(advance(p, made), node, made)


def position_of(node: Node) -> Position:
    """The full position ``node`` stands for (it may be shared: do not change it)."""
    move = node[MOVE]
    table = node[TABLE]
    if move is whole_move:
        position: Position = table
        return position
    if move is bid_move:
        return _bid_position(node, table)
    if not table.base:  # the first lead, made on the bidding's fast path: the general way
        first, _ = first_of_table(node)
        table.base.append(advance(position_of(first[PARENT]), first[ACTION]))
    return play_position(node, table.base[0])


def _bid_position(node: Node, table: BidTable) -> Position:
    """The position of a bid node: its actions replayed from the deal's start."""
    actions = []
    deal = node[DEAL]
    while node[PARENT] is not None:
        actions.append(node[ACTION])
        node = node[PARENT]
    p = _start(deal, table.rules)
    for action in reversed(actions):
        p = advance(p, action)
    return p


def deal_and_rules(node: Node) -> tuple[Deal, Rules]:
    """The deal and the rules of ``node``, without building its position."""
    move = node[MOVE]
    table = node[TABLE]
    if move is whole_move:
        return table["deal"], table["rules"]
    if move is bid_move:
        return node[DEAL], table.rules
    return table.deal, table.contract.rules


def history_of(node: Node) -> History:
    """The actions so far and their actors (as a position keeps them), without building
    the node's position."""
    pairs = []
    while True:
        move = node[MOVE]
        if move is whole_move:
            history: History = node[TABLE]["history"]
            break
        parent = node[PARENT]
        if parent is None:  # a first node: a deal's start, or a position's play node
            history = None if move is bid_move else node[TABLE].base[0]["history"]
            break
        pairs.append((node[ACTION], parent[TO_ACT]))
        node = parent
    for action, seat in reversed(pairs):
        history = (action, seat, history)
    return history


def phases_of(node: Node) -> tuple[Phase, ...]:
    """The phase each action so far was made in, in order (what a pass meant: keeping a
    farmer's hand, passing the upcard, declining to defend alone...), without building the
    node's position. A first node made from a position has the actions before it replayed.

    >>> from euchre.deal import Deal
    >>> from euchre.rules import Rules
    >>> core = DealCore.start(Deal.random(seed=7, dealer=0), Rules())
    >>> for action in ("pass", "pass", "pass", "order", "discard 9s"):
    ...     core.push(action)
    >>> [phase.name for phase in core.phases]
    ['ROUND_ONE', 'ROUND_ONE', 'ROUND_ONE', 'ROUND_ONE', 'DISCARD']
    """
    phases = []
    while (parent := node[PARENT]) is not None:
        phases.append(parent[PHASE])
        node = parent
    earlier = actions_in(history_of(node))
    if earlier:
        phases.extend(reversed(_replayed_phases(*deal_and_rules(node), earlier)))
    phases.reverse()
    return tuple(phases)


def _replayed_phases(deal: Deal, rules: Rules, actions: tuple[Action, ...]) -> list[Phase]:
    """The phase of each of ``actions`` (legal, in order) from the start of ``deal``: only
    the bidding is replayed, as every action from the first lead on is a play."""
    p = start(deal, rules)
    out: list[Phase] = []
    for action in actions:
        phase = p["phase"]
        if phase is _PLAY:
            return out + [phase] * (len(actions) - len(out))
        out.append(phase)
        p = advance(p, action)
    return out


class DealCore(Mover):
    """A deal in progress that changes in place, for search: ``push`` an action, ``pop``
    it back (python-chess style).

    It stands at a node (``node.py``), as a ``HandState`` does; a push moves it to the next
    node (the one ``HandState.apply`` would wrap: both are movers, ``mover.py``) and a pop
    back to the node before, which never changed, so the pop is exact. Search code reads
    ``to_act``, ``phase``, ``result``, ``hands``, ``tricks`` and calls ``legal_actions``,
    ``push``, ``pop`` and ``state``.
    """

    __slots__ = ("_root", "result")

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
        """The core right after the deal. A deal impossible under the rules raises."""
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
        return fields(self.position)

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
        """The phase each action so far was made in (``phases_of``)."""
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
        return reason(self.position, action)

    # ------------------------------------------------------------------ moving
    #: ``push(action)``: make ``action`` (checked: an illegal one raises IllegalAction and
    #: changes nothing); ``pop`` undoes it. The mover's own move, called straight.
    push = Mover._push

    def _reached(self, node: Node) -> None:
        self.result = node[RESULT]

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
        from euchre.state import HandState

        return HandState.of_node(self._node)


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
