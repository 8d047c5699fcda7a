"""The compact mutable core of a deal, with ``push`` and ``pop`` for search.

A ``DealCore`` holds everything that changes during a deal in plain fields: hands as
tuples of interned cards, the trump suit's look-up rows (each card's effective suit and
power, by card id), the trick in progress with its current winner, and the actions so far.
``push(action)`` moves it on in place and remembers the fields it had; ``pop()`` puts them
back exactly. ``HandState`` (immutable) wraps one core that never changes: its ``apply``
copies the core and pushes onto the copy.

How each phase moves is defined once, in ``PHASE_RULES``: one ``PhaseRules`` per phase
with its action kinds, its candidate actions, the reason an action is refused, and the move.

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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from euchre import bidding, contract, play
from euchre.actions import Action, ActionError, ActionKind
from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.phase import Phase
from euchre.play import Trick
from euchre.rules import Rules
from euchre.scoring import HandResult
from euchre.seats import clockwise_after, next_seat
from euchre.trump import POWER_TABLES, SUIT_TABLES

if TYPE_CHECKING:
    from euchre.state import HandState


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why, in plain words."""


class PhaseRules(NamedTuple):
    """How one phase of a deal works.

    ``kinds``: the kinds of action that belong to the phase. ``candidates``: every action
    worth checking now, in the order ``legal_actions`` lists them (``exact`` when they are
    all legal, so no check is needed). ``check``: the reason an action of one of those
    kinds is refused, or None. ``apply``: the move, made in place on the core (the action is
    already recorded and ``to_act`` is still its actor).
    """

    kinds: frozenset[ActionKind]
    candidates: Callable[[DealCore], list[Action]]
    check: Callable[[DealCore, Action], str | None]
    apply: Callable[[DealCore, Action], None]
    exact: bool = False


def _nothing(core: DealCore) -> list[Action]:
    return []


def _over(core: DealCore, action: Action) -> str | None:
    return "this deal is over"


def _stay(core: DealCore, action: Action) -> None:
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
    ),
    Phase.DISCARD: PhaseRules(
        frozenset((K.DISCARD, K.DECLINE)),
        bidding.discard_candidates,
        bidding.discard_check,
        bidding.discard_apply,
    ),
    Phase.ROUND_TWO: PhaseRules(
        frozenset((K.PASS, K.CALL)),
        bidding.round_two_candidates,
        bidding.round_two_check,
        bidding.round_two_apply,
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
        frozenset((K.PLAY,)), play.play_candidates, play.play_check, play.play_apply, exact=True
    ),
    Phase.OVER: PhaseRules(frozenset(), _nothing, _over, _stay, exact=True),
}
del K

# Every field but the undo stack, in the order ``_snapshot`` reads them and ``_restore``
# writes them back: first those fixed for the whole deal, then those that change.
_FIELDS = (
    "rules",
    "deal",
    "dealer",
    "players",
    "upcard",
    "proposed",
    "actions",
    "actors",
    "phase",
    "rules_now",
    "to_act",
    "hands",
    "kitty",
    "trump",
    "suits",
    "powers",
    "maker",
    "alone",
    "declared_alone",
    "defender",
    "out",
    "discard",
    "picked_up",
    "declined",
    "passes",
    "tricks",
    "current",
    "leader",
    "led",
    "best_seat",
    "best_power",
    "next_of",
    "maker_side",
    "called_ace",
    "ace_partner",
    "farmer_queue",
    "result",
    "legal",
)
_new = object.__new__


class DealCore:
    """A deal in progress that changes in place: ``push`` an action, ``pop`` it back.

    Its fields are the engine's own business (``HandState`` is the public face); search
    code reads ``to_act``, ``phase``, ``result``, ``hands``, ``tricks`` and calls
    ``legal_actions``, ``push``, ``pop`` and ``state``.
    """

    # The fields live in the instance's dictionary, so that a copy (``apply``'s, and the
    # record ``push`` keeps for ``pop``) is one dictionary copy rather than 38 assignments.
    __slots__ = ("__dict__", "_undo")

    # Fixed for the whole deal.
    rules: Rules
    deal: Deal
    dealer: int
    players: int
    upcard: Card
    proposed: Suit
    # What changes (see ``_FIELDS``).
    actions: tuple[Action, ...]
    actors: tuple[int, ...]
    phase: Phase
    rules_now: PhaseRules  # PHASE_RULES[phase]
    to_act: int | None
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    trump: Suit | None
    suits: list[Suit | None]  # each card's effective suit under this trump, by card id
    powers: list[int]  # each card's power under this trump, by card id
    maker: int | None
    alone: bool  # the maker plays without a partner (declared, or call-ace's own card)
    declared_alone: bool  # the maker said "alone"
    defender: int | None  # a defender playing alone
    out: frozenset[int]  # seats sitting out
    discard: Card | None
    picked_up: bool
    declined: bool
    passes: int
    tricks: tuple[Trick, ...]
    current: tuple[tuple[int, Card], ...]  # the trick in progress: (seat, card)
    leader: int
    led: Suit | None  # the suit to follow in the trick in progress
    best_seat: int  # who is winning the trick in progress
    best_power: int
    next_of: tuple[int, ...]  # the next seat that plays, by seat
    maker_side: frozenset[int]
    called_ace: Suit | None
    ace_partner: int | None
    farmer_queue: tuple[int, ...]
    result: HandResult | None
    legal: list[Action] | None  # legal_actions, once listed
    _undo: list[dict[str, Any]]  # the fields before each push, for pop

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(cls, deal: Deal, rules: Rules) -> DealCore:
        """The core right after the deal. A deal impossible under the rules raises."""
        deal.check(rules)
        n = rules.players
        core = _new(cls)
        core._undo = []
        queue: tuple[int, ...] = ()
        if rules.farmers_hand != "off":
            queue = tuple(
                seat
                for seat in (*clockwise_after(deal.dealer, n), deal.dealer)
                if bidding.farmers_hand(deal.hands[seat], rules.farmers_hand)
            )
        no_trump_suits, no_trump_powers = SUIT_TABLES[4], POWER_TABLES[4]
        core._restore(
            (
                rules,
                deal,
                deal.dealer,
                n,
                deal.upcard,
                deal.upcard.suit if deal.upcard.suit is not None else Suit.HEARTS,  # proposed
                (),  # actions
                (),  # actors
                Phase.ROUND_ONE,
                PHASE_RULES[Phase.ROUND_ONE],
                next_seat(deal.dealer, n),  # to_act
                deal.hands,
                deal.kitty,
                None,  # trump
                no_trump_suits,
                no_trump_powers,
                None,  # maker
                False,  # alone
                False,  # declared_alone
                None,  # defender
                frozenset(),  # out
                None,  # discard
                False,  # picked_up
                False,  # declined
                0,  # passes
                (),  # tricks
                (),  # current
                next_seat(deal.dealer, n),  # leader
                None,  # led
                -1,  # best_seat
                -1,  # best_power
                tuple(next_seat(seat, n) for seat in range(n)),  # next_of
                frozenset(),  # maker_side
                None,  # called_ace
                None,  # ace_partner
                queue,
                None,  # result
                None,  # legal
            )
        )
        if queue:
            core.enter(Phase.FARMER, queue[0])
        return core

    def copy(self) -> DealCore:
        """An independent core in the same position (with nothing to pop)."""
        new = _new(DealCore)
        new.__dict__ = self.__dict__.copy()
        new._undo = []
        return new

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.rules,
            self.deal,
            self.dealer,
            self.players,
            self.upcard,
            self.proposed,
            self.actions,
            self.actors,
            self.phase,
            self.rules_now,
            self.to_act,
            self.hands,
            self.kitty,
            self.trump,
            self.suits,
            self.powers,
            self.maker,
            self.alone,
            self.declared_alone,
            self.defender,
            self.out,
            self.discard,
            self.picked_up,
            self.declined,
            self.passes,
            self.tricks,
            self.current,
            self.leader,
            self.led,
            self.best_seat,
            self.best_power,
            self.next_of,
            self.maker_side,
            self.called_ace,
            self.ace_partner,
            self.farmer_queue,
            self.result,
            self.legal,
        )

    def _restore(self, fields: tuple[Any, ...]) -> None:
        (
            self.rules,
            self.deal,
            self.dealer,
            self.players,
            self.upcard,
            self.proposed,
            self.actions,
            self.actors,
            self.phase,
            self.rules_now,
            self.to_act,
            self.hands,
            self.kitty,
            self.trump,
            self.suits,
            self.powers,
            self.maker,
            self.alone,
            self.declared_alone,
            self.defender,
            self.out,
            self.discard,
            self.picked_up,
            self.declined,
            self.passes,
            self.tricks,
            self.current,
            self.leader,
            self.led,
            self.best_seat,
            self.best_power,
            self.next_of,
            self.maker_side,
            self.called_ace,
            self.ace_partner,
            self.farmer_queue,
            self.result,
            self.legal,
        ) = fields

    # ------------------------------------------------------------------ legality
    def legal_actions(self) -> list[Action]:
        """Every action allowed now, in a stable order (empty when the deal is over). The
        list is shared: do not change it."""
        legal = self.legal
        if legal is None:
            step = self.rules_now
            if step.exact:
                legal = step.candidates(self)
            else:
                check = step.check
                legal = [a for a in step.candidates(self) if check(self, a) is None]
            self.legal = legal
        return legal

    def reason(self, action: Action) -> str | None:
        """None when ``action`` is allowed now, else why not, in plain words."""
        if self.phase is Phase.OVER:
            return "this deal is over"
        step = self.rules_now
        if action.kind not in step.kinds:
            return bidding.wrong_phase(self, action)
        return step.check(self, action)

    def checked(self, action: Action | str) -> Action:
        """``action`` as an Action, when it is allowed now; else IllegalAction says why."""
        legal = self.legal
        if legal is not None:
            for listed in legal:
                if listed is action:
                    return listed
        try:
            parsed = Action.parse(action)
        except ActionError as exc:
            raise IllegalAction(str(exc)) from None
        why = self.reason(parsed)
        if why is not None:
            raise IllegalAction(why)
        return parsed

    # ------------------------------------------------------------------ moving
    def push(self, action: Action | str) -> None:
        """Make ``action`` (checked: an illegal one raises IllegalAction and changes
        nothing); ``pop`` undoes it."""
        checked = self.checked(action)
        self._undo.append(self.__dict__.copy())
        self.advance(checked)

    def pop(self) -> Action:
        """Undo the last ``push`` exactly, and return its action."""
        if not self._undo:
            raise IndexError("nothing to pop: no action was pushed")
        action = self.actions[-1]
        self.__dict__ = self._undo.pop()
        return action

    def advance(self, action: Action) -> None:
        """Make an action already known to be legal, with nothing kept for ``pop``."""
        seat = self.to_act
        assert seat is not None, "nobody acts once the deal is over"
        self.actions += (action,)
        self.actors += (seat,)
        self.legal = None
        self.rules_now.apply(self, action)

    def enter(self, phase: Phase, to_act: int | None) -> None:
        """Go to ``phase`` with ``to_act`` to move (the phase modules' one way to change phase)."""
        self.phase = phase
        self.rules_now = PHASE_RULES[phase]
        self.to_act = to_act

    def set_trump(self, trump: Suit | None) -> None:
        """Make ``trump`` the trump suit (None: no-trump), with its look-up rows."""
        index = 4 if trump is None else trump.idx
        self.trump = trump
        self.suits = SUIT_TABLES[index]
        self.powers = POWER_TABLES[index]

    def finish(self, result: HandResult) -> None:
        """End the deal with ``result``."""
        self.enter(Phase.OVER, None)
        self.result = result

    def state(self) -> HandState:
        """An immutable ``HandState`` in this position (the core itself is not shared)."""
        from euchre.state import HandState

        return HandState.of_core(self.copy())
