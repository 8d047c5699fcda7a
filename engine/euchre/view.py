"""What one seat may know: its own cards, the upcard, every public action and played card.
A card passed from hand to hand (calling for best, Bid Euchre's moon) is known to the two
partners who passed it; a discard or a farmer's swap only to the seat that made it.

Computer players decide from a ``SeatView`` only, and the browser is sent one, so hidden
cards never leave the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from euchre.actions import HIDDEN_KINDS, Action, ActionKind
from euchre.cards import Card, Suit
from euchre.phase import Phase
from euchre.play import Trick, tricks_of
from euchre.position import TrickRecord, actions_and_actors, hands_now
from euchre.rules import Rules
from euchre.trump import suit_order

if TYPE_CHECKING:
    from euchre.position import Position
    from euchre.state import HandState


@dataclass(frozen=True)
class SeatView:
    """A seat's knowledge of a deal. ``hand`` is its own cards; ``hand_sizes`` counts every
    seat's cards; ``actions``, ``actors`` and ``phases`` are every action so far, who made
    it and in which phase; ``discard`` is set only for the dealer who discarded."""

    seat: int
    rules: Rules
    dealer: int
    upcard: Card | None  # Bid Euchre turns none up
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    actions: tuple[Action, ...]
    actors: tuple[int, ...]
    phases: tuple[Phase, ...]  # the phase each action was made in (what a pass meant)
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
    defender: int | None = None  # a defender playing alone (public once declared)
    bid: int | None = None  # Bid Euchre: the high bid so far, then the contract (public)

    @classmethod
    def of(cls, state: HandState, seat: int) -> SeatView:
        """The view of ``seat`` in ``state`` (``Moment.of(state).view(seat)``: to view
        several seats of one state, make its ``Moment`` once)."""
        return Moment.of(state).view(seat)

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
            "upcard": None if self.upcard is None else self.upcard.code,
            "hand": [c.code for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "actions": [str(a) for a in self.actions],
            "actors": list(self.actors),
            "phases": [p.name.lower() for p in self.phases],
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
            "defender": self.defender,
            "picked_up": self.picked_up,
            "bid": self.bid,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: Rules) -> SeatView:
        """The view again from :meth:`to_dict`'s data (say, from a room server's message) and
        the deal's rules, which ``to_dict`` leaves out.

        >>> from euchre import Deal, HandState
        >>> view = HandState.new(Deal.random(3)).view(1)
        >>> SeatView.from_dict(view.to_dict(), Rules()) == view
        True
        """

        def card(code: str | None) -> Card | None:
            return Card.parse(code) if code is not None else None

        return cls(
            seat=int(data["seat"]),
            rules=rules,
            dealer=int(data["dealer"]),
            upcard=card(data["upcard"]),
            hand=tuple(Card.parse(c) for c in data["hand"]),
            hand_sizes=tuple(int(n) for n in data["hand_sizes"]),
            actions=tuple(_read_action(a) for a in data["actions"]),
            actors=tuple(int(s) for s in data["actors"]),
            phases=tuple(Phase[str(p).upper()] for p in data["phases"]),
            phase=Phase[str(data["phase"]).upper()],
            to_act=data["to_act"],
            trump=Suit.parse(data["trump"]) if data["trump"] else None,
            maker=data["maker"],
            alone=bool(data["alone"]),
            sitting_out=frozenset(data["sitting_out"]),
            tricks=tuple(
                Trick(
                    leader=t["leader"],
                    cards=[Card.parse(c) for c in t["cards"]],
                    seats=list(t["seats"]),
                    winner=t["winner"],
                )
                for t in data["tricks"]
            ),
            current_trick=tuple((int(s), Card.parse(c)) for s, c in data["current_trick"]),
            discard=card(data["discard"]),
            picked_up=bool(data.get("picked_up", False)),
            legal=tuple(Action.parse(a) for a in data["legal"]),
            defender=data.get("defender"),
            bid=data.get("bid"),
        )


def _read_action(text: str) -> Action:
    """An action from its text, a hidden card's action (``"discard"``) included."""
    for kind in HIDDEN_KINDS:
        if text == ("call for best" if kind is ActionKind.BEST else str(kind)):
            return Action(kind, cards=())
    return Action.parse(text)


def called_card(suit: Suit, trump: Suit | None, rules: Rules) -> Card:
    """Call-ace: the card that makes its holder the maker's partner, the called ``suit``'s
    highest in the whole deck this deal (the right bower, the joker, an ace).

    >>> called_card(Suit.CLUBS, Suit.HEARTS, Rules()), called_card(Suit.CLUBS, Suit.CLUBS, Rules())
    (Card.parse('Ac'), Card.parse('Jc'))
    """
    return suit_order(suit, trump, rules.deck, rules.joker)[0]


def cards_held(
    seat: int,
    hand: Sequence[Card],
    tricks: Sequence[Trick],
    current_trick: Sequence[tuple[int, Card]],
) -> list[Card]:
    """The cards ``seat`` has held this deal: ``hand`` and the cards it has played."""
    held = list(hand)
    held += [c for t in tricks for c, s in zip(t.cards, t.seats, strict=True) if s == seat]
    held += [c for s, c in current_trick if s == seat]
    return held


class Moment:
    """What every seat's view of one moment of a deal shares, read from the state once:
    the history walked once, the hands, the tricks and the actions as everyone saw them
    built once. ``view(seat)`` adds the seat's own part (its hand, its own hidden cards,
    its discard, its legal actions): the seats' views of one moment cost little more than
    one, and share their public parts (the same objects).

    >>> from euchre import Deal, HandState
    >>> state = HandState.new(Deal.random(seed=3)).apply("pass")
    >>> moment = Moment.of(state)
    >>> [str(a) for a in moment.view(2).legal], moment.view(1).legal
    (['pass', 'order', 'order alone'], ())
    >>> moment.view(0).actions is moment.view(3).actions
    True
    """

    __slots__ = (
        "actions",
        "actors",
        "hands",
        "hidden",
        "phases",
        "pos",
        "sizes",
        "state",
        "trick",
        "tricks",
    )

    def __init__(self, state: HandState, before: Moment | None = None) -> None:
        self.state = state
        self.pos: Position = state.position()
        if before is None or not self._follow(before):
            self._walk()

    def _walk(self) -> None:
        """Read everything from the state: its history walked once."""
        state = self.state
        actions, actors = actions_and_actors(self.pos["history"])
        self.actors = actors
        self.hidden = _hidden(actions, actors, self.pos["maker"])
        """Each hidden action's index, the action itself and the seats that saw it."""
        public = list(actions)
        for index, action, _ in self.hidden:
            public[index] = Action(action.kind, cards=())
        self.actions = tuple(public)
        """The actions as a seat that saw none of the hidden cards saw them."""
        self.phases = state.phases
        self.hands = hands_now(self.pos)
        self.sizes = _sizes(self.hands)
        self.tricks = tricks_of(self.pos)
        self.trick: tuple[tuple[int, Card], ...] = self.pos["trick"][0]

    def _follow(self, before: Moment) -> bool:
        """Build from ``before`` when this moment is one action after it in the same deal
        (the room server's case: a move, then the next): the actions, their actors and
        phases, the tricks only grow, and a hand changes only when a card leaves it. False
        (nothing built) otherwise."""
        p, b = self.pos, before.pos
        history = p["history"]
        if (
            history is None
            or p["deal"] is not b["deal"]
            or p["rules"] is not b["rules"]
            or p["maker"] != b["maker"]
            or history[2] != b["history"]
        ):
            return False
        action, actor, _ = history
        self.actors = (*before.actors, actor)
        self.phases = (*before.phases, b["phase"])
        index = len(before.actions)
        self.hidden, public = before.hidden, action
        if action.kind in HIDDEN_KINDS:
            self.hidden = (*before.hidden, *_hidden((action,), (actor,), p["maker"], index))
            public = Action(action.kind, cards=())
        self.actions = (*before.actions, public)
        self.hands = _hands_after(before.hands, b, p)
        self.sizes = before.sizes if self.hands is before.hands else _sizes(self.hands)
        done, tricks = p["done"], before.tricks
        self.tricks = (
            tricks if len(done) == len(tricks) else (*tricks, *_tricks(done[len(tricks) :]))
        )
        self.trick = p["trick"][0]
        return True

    @classmethod
    def of(cls, state: HandState, before: Moment | None = None) -> Moment:
        """The shared part of ``state``'s views; ``before``: the moment of an earlier
        state of the same deal, built on when ``state`` is one action after it (the same
        views, from a walk of one action instead of the whole history).

        >>> from euchre import Deal, HandState
        >>> first = HandState.new(Deal.random(seed=3))
        >>> after = first.apply("pass")
        >>> Moment.of(after, Moment.of(first)).view(2) == Moment.of(after).view(2)
        True
        """
        return cls(state, before)

    def view(self, seat: int) -> SeatView:
        """The view of ``seat``: the same as the engine has always given (``SeatView.of``)."""
        p = self.pos
        if not 0 <= seat < p["players"]:
            raise ValueError(f"there is no seat {seat} at a {p['players']}-player table")
        to_act = p["to_act"]
        return SeatView(
            seat=seat,
            rules=p["rules"],
            dealer=p["dealer"],
            upcard=p["upcard"],
            hand=self.hands[seat],
            hand_sizes=self.sizes,
            actions=self._actions(seat),
            actors=self.actors,
            phases=self.phases,
            phase=p["phase"],
            to_act=to_act,
            trump=p["trump"],
            maker=p["maker"],
            alone=self._alone(seat),
            sitting_out=p["out"],
            tricks=self.tricks,
            current_trick=self.trick,
            discard=p["discard"] if seat == p["dealer"] else None,
            picked_up=p["picked_up"],
            legal=tuple(self.state.listed_actions()) if to_act == seat else (),
            defender=p["defender"],
            bid=p["bid"] or None,
        )

    def _actions(self, seat: int) -> tuple[Action, ...]:
        """The actions as ``seat`` saw them: the public ones, with the hidden cards it saw."""
        seen = [(index, action) for index, action, seers in self.hidden if seat in seers]
        if not seen:
            return self.actions
        actions = list(self.actions)
        for index, action in seen:
            actions[index] = action
        return tuple(actions)

    def _alone(self, seat: int) -> bool:
        """Whether the maker plays alone, as ``seat`` may know it: the one place that decides.

        A maker who declared alone said so aloud. Call-ace's maker is alone without a word
        when the called suit's highest card is the maker's own or in nobody's hand (002:
        "the maker may be playing alone if the maker turns out to hold the highest card of
        the suit called"): until the deal is over only the maker may know it, and only by
        holding the suit's highest card of the whole deck (a lower one might be beaten from
        the kitty or from any hand).
        """
        p = self.pos
        if p["result"] is not None or p["declared_alone"] or not p["alone"]:
            return p["alone"]
        if seat != p["maker"] or p["called_ace"] is None:
            return False
        top = called_card(p["called_ace"], p["trump"], p["rules"])
        held = cards_held(seat, self.hands[seat], self.tricks, self.trick)
        if seat == p["dealer"] and p["discard"] is not None:
            held.append(p["discard"])  # the dealer knows where its discard went
        return top in held


def _hidden(
    actions: Sequence[Action], actors: Sequence[int], maker: int | None, start: int = 0
) -> tuple[tuple[int, Action, frozenset[int]], ...]:
    """The actions whose cards only some seats saw (others' discards, swaps and gifts):
    each one's index (counted from ``start``), the action, and the seats that saw its
    cards (who made it, and for a gift the lone maker who received the card)."""
    hidden = []
    for index, (action, actor) in enumerate(zip(actions, actors, strict=True), start):
        if action.kind in HIDDEN_KINDS:
            seers = {actor}
            if action.kind is ActionKind.GIVE and maker is not None:
                seers.add(maker)
            hidden.append((index, action, frozenset(seers)))
    return tuple(hidden)


def _hands_after(
    hands: tuple[tuple[Card, ...], ...], before: Position, p: Position
) -> tuple[tuple[Card, ...], ...]:
    """Every seat's cards at ``p`` (``hands_now(p)``) from ``hands``, those at ``before``,
    one action earlier: the same tuple when no card left a hand, else only the hand a
    card left filtered again."""
    if p["held"] is not before["held"] or p["unplayed"] & ~before["unplayed"]:
        return hands_now(p)
    gone = before["unplayed"] & ~p["unplayed"]
    if not gone:
        return hands
    masks = p["seat_masks"]
    if len(masks) != len(hands):
        return hands_now(p)
    return tuple(
        tuple(c for c in hand if not c.bit & gone) if mask & gone else hand
        for hand, mask in zip(hands, masks, strict=True)
    )


def _sizes(hands: tuple[tuple[Card, ...], ...]) -> tuple[int, ...]:
    return tuple(len(h) for h in hands)


def _tricks(done: Sequence[TrickRecord]) -> tuple[Trick, ...]:
    """Completed tricks as ``Trick`` values (as ``tricks_of`` makes them)."""
    return tuple(
        Trick.of(cards[0][0], [c for _, c in cards], [x for x, _ in cards], winner)
        for cards, winner in done
    )
