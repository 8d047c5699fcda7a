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

import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from euchre import actions as A
from euchre.actions import Action, ActionError
from euchre.cards import Card, Rank, Suit
from euchre.deal import Deal
from euchre.phase import Phase
from euchre.rules import Rules
from euchre.scoring import TRICKS, HandResult, score_hand
from euchre.trump import effective_suit, legal_plays, role, trick_winner

if TYPE_CHECKING:
    from euchre.view import SeatView


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why, in plain words."""


@dataclass(frozen=True, eq=False)
class Trick:
    """A completed trick: who led, the cards in play order (with the seat of each), the winner."""

    leader: int
    cards: list[Card]
    seats: list[int]
    winner: int

    @property
    def winning_card(self) -> Card:
        """The card that took the trick."""
        return self.cards[self.seats.index(self.winner)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return (self.leader, self.cards, self.seats, self.winner) == (
            other.leader,
            other.cards,
            other.seats,
            other.winner,
        )

    def __hash__(self) -> int:
        return hash((self.leader, tuple(self.cards), self.winner))


def proposed_suit(upcard: Card) -> Suit:
    """The suit the upcard proposes (a turned-up joker proposes hearts).

    >>> proposed_suit(Card.parse("Joker"))
    Suit.HEARTS
    """
    return upcard.suit if upcard.suit is not None else Suit.HEARTS


_LOW_RANKS = (Rank.NINE, Rank.TEN)


def farmers_hand(hand: Sequence[Card], definition: str) -> bool:
    """Whether a hand is a farmer's hand under one of the three definitions.

    >>> from euchre.cards import parse_cards
    >>> farmers_hand(parse_cards("9c 9d Th Ts 9s"), "all_low"), farmers_hand(parse_cards("9c 9d Th As Ks"), "three_low")
    (True, True)
    >>> farmers_hand(parse_cards("9c 9d 9h As Ks"), "three_of_a_rank")
    True
    """
    low = [c for c in hand if c.rank in _LOW_RANKS]
    if definition == "all_low":
        return len(low) == len(hand)
    if definition == "three_low":
        return len(low) >= 3
    if definition == "three_of_a_rank":
        return any(sum(1 for c in low if c.rank is r) >= 3 for r in _LOW_RANKS)
    return False


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
        _set(
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


def _after(s: HandState, action: Action, **changes: Any) -> HandState:
    new = s._copy()
    setattr_ = object.__setattr__
    setattr_(new, "actions", (*s.actions, action))
    setattr_(new, "actors", (*s.actors, s.to_act))
    setattr_(new, "_legal", None)
    for key, value in changes.items():
        setattr_(new, key, value)
    return new


def _set(state: HandState, **changes: Any) -> None:
    for key, value in changes.items():
        object.__setattr__(state, key, value)


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _replace_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])


# ---------------------------------------------------------------------- farmer's hand
def _farmer_candidates(s: HandState) -> list[Action]:
    out = [Action(A.PASS)]
    assert s.to_act is not None
    if s.rules.farmers_remedy == "redeal":
        out.append(Action(A.REDEAL))
    else:
        low = [c for c in s.hands[s.to_act] if c.rank in _LOW_RANKS]
        out.extend(Action(A.FARMER_SWAP, cards=combo) for combo in itertools.combinations(low, 3))
    return out


def _farmer_check(s: HandState, a: Action) -> str | None:
    if a.kind == A.PASS:
        return None
    if a.kind == A.REDEAL:
        if s.rules.farmers_remedy != "redeal":
            return "at this table a farmer's hand swaps three low cards for the kitty; it is not redealt"
        return None
    if s.rules.farmers_remedy != "swap":
        return "at this table a farmer's hand is redealt, not swapped"
    assert s.to_act is not None
    hand = s.hands[s.to_act]
    if len(a.cards) != 3 or len(set(a.cards)) != 3:
        return "a farmer's swap gives three different cards for the three cards of the kitty"
    for card in a.cards:
        if card not in hand:
            return f"you do not hold {card}"
        if card.rank not in _LOW_RANKS:
            return f"only 9s and 10s can be swapped for the kitty, and {card} is neither"
    if len(s.kitty) < 3:
        return "the kitty has fewer than three cards to swap with"
    return None


def _farmer_apply(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == A.REDEAL:
        new = _after(s, a, phase=Phase.OVER, to_act=None)
        _set(
            new, result=HandResult(tuple(0 for _ in range(s.rules.num_teams)), None, 0, redeal=True)
        )
        return new
    hands, kitty = s.hands, s.kitty
    if a.kind == A.FARMER_SWAP:
        taken = kitty[:3]
        hand = tuple(c for c in hands[seat] if c not in a.cards) + taken
        hands = _replace_hand(hands, seat, hand)
        kitty = a.cards + kitty[3:]
    queue = s.farmer_queue[1:]
    if queue:
        return _after(s, a, hands=hands, kitty=kitty, farmer_queue=queue, to_act=queue[0])
    return _after(
        s,
        a,
        hands=hands,
        kitty=kitty,
        farmer_queue=(),
        phase=Phase.ROUND_ONE,
        to_act=(s.dealer + 1) % s.players,
    )


# ---------------------------------------------------------------------- round one
def _can_go_alone(s: HandState) -> bool:
    return s.rules.partnerships and not s.rules.call_ace


def _round_one_candidates(s: HandState) -> list[Action]:
    return [Action(A.PASS), Action(A.ORDER), Action(A.ORDER, alone=True)]


def _dealer_partner(s: HandState, seat: int) -> bool:
    return s.rules.partnerships and seat != s.dealer and seat % 2 == s.dealer % 2


def _round_one_check(s: HandState, a: Action) -> str | None:
    if a.kind == A.PASS:
        return None
    assert s.to_act is not None
    if a.alone and not _can_go_alone(s):
        return (
            "going alone needs a partner to sit out, and this table has no partnerships"
            if not s.rules.partnerships
            else "with call-ace the maker cannot choose to go alone"
        )
    if s.rules.canadian_loner and _dealer_partner(s, s.to_act) and not a.alone:
        return (
            "Canadian loner: when you order up your partner the dealer, you must go alone "
            "('order alone')"
        )
    return None


def _round_one_apply(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == A.PASS:
        passes = s.passes + 1
        if passes < s.players:
            return _after(s, a, passes=passes, to_act=(seat + 1) % s.players)
        return _after(s, a, passes=0, phase=Phase.ROUND_TWO, to_act=(s.dealer + 1) % s.players)
    new = _after(s, a, passes=0, trump=s.proposed, maker=seat, alone=a.alone)
    _set(new, maker_side=_maker_side(new, seat))
    if a.alone and _dealer_partner(s, seat) and not s.rules.dealer_picks_up_when_partner_alone:
        # The dealer sits out without taking the upcard; its suit stays trump.
        return _after_trump_made(new)
    hand = s.hands[s.dealer] + (s.deal.upcard,)
    _set(
        new,
        hands=_replace_hand(s.hands, s.dealer, hand),
        picked_up=True,
        phase=Phase.DISCARD,
        to_act=s.dealer,
    )
    return new


def _maker_side(s: HandState, maker: int) -> frozenset[int]:
    if s.rules.partnerships:
        return frozenset(x for x in range(s.players) if x % 2 == maker % 2)
    return frozenset((maker,))


# ---------------------------------------------------------------------- the dealer's discard
def _discard_candidates(s: HandState) -> list[Action]:
    out = [Action(A.DISCARD, cards=(c,)) for c in s.hands[s.dealer]]
    out.append(Action(A.DECLINE))
    return out


def _discard_check(s: HandState, a: Action) -> str | None:
    if a.kind == A.DECLINE:
        if not s.rules.dealer_may_decline:
            return "at this table the dealer must take the ordered upcard and discard one card"
        if s.maker == s.dealer:
            return "you picked the upcard up yourself, so you cannot decline it; discard one card"
        return None
    card = a.card
    if card not in s.hands[s.dealer]:
        return f"you do not hold {card}: discard one of the six cards in your hand"
    return None


def _discard_apply(s: HandState, a: Action) -> HandState:
    if a.kind == A.DECLINE:
        hand = _without(s.hands[s.dealer], s.deal.upcard)
        new = _after(
            s, a, hands=_replace_hand(s.hands, s.dealer, hand), declined=True, picked_up=False
        )
    else:
        hand = _without(s.hands[s.dealer], a.card)
        new = _after(s, a, hands=_replace_hand(s.hands, s.dealer, hand), discard=a.card)
    return _after_trump_made(new)


# ---------------------------------------------------------------------- round two
def _round_two_candidates(s: HandState) -> list[Action]:
    out = [Action(A.PASS)]
    for suit in Suit:
        out.append(Action(A.CALL, suit))
        out.append(Action(A.CALL, suit, alone=True))
    out.append(Action(A.CALL, None))
    out.append(Action(A.CALL, None, alone=True))
    return out


def _round_two_check(s: HandState, a: Action) -> str | None:
    if a.kind == A.PASS:
        if s.rules.stick_the_dealer and s.to_act == s.dealer:
            return (
                "stick the dealer: everyone else has passed, so you, the dealer, must name "
                "a trump suit"
            )
        return None
    if a.alone and not _can_go_alone(s):
        return (
            "going alone needs a partner to sit out, and this table has no partnerships"
            if not s.rules.partnerships
            else "with call-ace the maker cannot choose to go alone"
        )
    if a.suit is None:
        if not s.rules.no_trump:
            return "this table does not play no-trump: name a suit or pass"
        return None
    if a.suit is s.proposed:
        return (
            f"{s.proposed.plural} were turned down in round one, so they cannot be trump "
            f"this deal: name another suit or pass"
        )
    return None


def _round_two_apply(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == A.PASS:
        passes = s.passes + 1
        if passes < s.players:
            return _after(s, a, passes=passes, to_act=(seat + 1) % s.players)
        new = _after(s, a, passes=passes, phase=Phase.OVER, to_act=None)
        _set(new, result=HandResult(tuple(0 for _ in range(s.rules.num_teams)), None, 0))
        return new
    new = _after(s, a, passes=0, trump=a.suit, maker=seat, alone=a.alone)
    _set(new, maker_side=_maker_side(new, seat))
    return _after_trump_made(new)


# ---------------------------------------------------------------------- after trump is made
def _after_trump_made(s: HandState) -> HandState:
    """Settle who sits out, then go to the next decision: call-ace, calling for best,
    defending alone, or the first lead. ``s`` is a fresh copy and may be changed."""
    if s.alone and s.maker is not None:
        _set(s, _out=frozenset(p for p in s.partners_of(s.maker)))
    if s.rules.call_ace and s.called_ace is None:
        _set(s, phase=Phase.CALL_ACE, to_act=s.maker)
        return s
    if s.alone and s.rules.calling_for_best:
        _set(s, phase=Phase.CALL_FOR_BEST, to_act=s.maker)
        return s
    if s.alone and s.rules.defend_alone and s.defender is None and _defend_queue(s):
        _set(s, phase=Phase.DEFEND, to_act=_defend_queue(s)[0], passes=0)
        return s
    return _start_play(s)


def _start_play(s: HandState) -> HandState:
    n = s.players
    if s.alone and s.maker is not None and s.rules.lead_against_loner == "left_of_loner":
        leader = s._first_active_from((s.maker + 1) % n)
    else:
        leader = s._first_active_from((s.dealer + 1) % n)
    _set(s, phase=Phase.PLAY, to_act=leader, _leader=leader, passes=0)
    return s


# ---------------------------------------------------------------------- call-ace
def _call_ace_candidates(s: HandState) -> list[Action]:
    return [Action(A.CALL_ACE, suit) for suit in Suit]


def _call_ace_check(s: HandState, a: Action) -> str | None:
    return None


def highest_holder(hands: Sequence[Sequence[Card]], suit: Suit, trump: Suit | None) -> int | None:
    """The seat holding the highest card of ``suit`` (as it ranks this deal), or None.

    >>> from euchre.cards import parse_cards
    >>> highest_holder([parse_cards("Ah"), parse_cards("Jd"), parse_cards("Kh")], Suit.HEARTS, Suit.HEARTS)
    1
    """
    from euchre.trump import card_power

    best: tuple[int, int] | None = None
    for seat, hand in enumerate(hands):
        for card in hand:
            if effective_suit(card, trump) is suit:
                power = card_power(card, trump)
                if best is None or power > best[0]:
                    best = (power, seat)
    return None if best is None else best[1]


def _call_ace_apply(s: HandState, a: Action) -> HandState:
    assert a.suit is not None and s.maker is not None
    partner = highest_holder(s.hands, a.suit, s.trump)
    side = {s.maker} if partner is None else {s.maker, partner}
    new = _after(
        s,
        a,
        called_ace=a.suit,
        ace_partner=partner,
        maker_side=frozenset(side),
        alone=partner in (None, s.maker),
    )
    return _after_trump_made(new)


# ---------------------------------------------------------------------- calling for best
def _best_candidates(s: HandState) -> list[Action]:
    assert s.maker is not None
    return [Action(A.PASS)] + [Action(A.BEST, cards=(c,)) for c in s.hands[s.maker]]


def _best_check(s: HandState, a: Action) -> str | None:
    assert s.maker is not None
    if a.kind == A.BEST and a.card not in s.hands[s.maker]:
        return f"you do not hold {a.card}: discard one of your own cards to call for best"
    return None


def _best_giver(s: HandState) -> int:
    assert s.maker is not None
    return s.partners_of(s.maker)[0]


def _best_apply(s: HandState, a: Action) -> HandState:
    assert s.maker is not None
    if a.kind == A.PASS:
        return _after_best(_after(s, a))
    hand = _without(s.hands[s.maker], a.card)
    new = _after(
        s,
        a,
        hands=_replace_hand(s.hands, s.maker, hand),
        phase=Phase.GIVE_BEST,
        to_act=_best_giver(s),
    )
    return new


def _give_candidates(s: HandState) -> list[Action]:
    giver = _best_giver(s)
    return [Action(A.GIVE, cards=(c,)) for c in s.hands[giver]]


def _give_check(s: HandState, a: Action) -> str | None:
    giver = _best_giver(s)
    if a.card not in s.hands[giver]:
        return f"you do not hold {a.card}: give one of your own cards"
    return None


def _give_apply(s: HandState, a: Action) -> HandState:
    assert s.maker is not None
    giver = _best_giver(s)
    hands = _replace_hand(s.hands, giver, _without(s.hands[giver], a.card))
    hands = _replace_hand(hands, s.maker, hands[s.maker] + (a.card,))
    return _after_best(_after(s, a, hands=hands))


def _after_best(s: HandState) -> HandState:
    if s.rules.defend_alone and s.defender is None and _defend_queue(s):
        _set(s, phase=Phase.DEFEND, to_act=_defend_queue(s)[0], passes=0)
        return s
    return _start_play(s)


# ---------------------------------------------------------------------- defending alone
def _defend_queue(s: HandState) -> list[int]:
    """Defenders who may still choose to defend alone, clockwise from the maker's left."""
    assert s.maker is not None
    n = s.players
    order = [(s.maker + i) % n for i in range(1, n)]
    defenders = [x for x in order if x not in s.maker_side]
    return defenders[s.passes :] if s.phase is Phase.DEFEND else defenders


def _defend_candidates(s: HandState) -> list[Action]:
    return [Action(A.PASS), Action(A.DEFEND, alone=True)]


def _defend_check(s: HandState, a: Action) -> str | None:
    return None


def _defend_apply(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == A.DEFEND:
        out = s._out | frozenset(s.partners_of(seat))
        new = _after(s, a, defender=seat, _out=out)
        return _start_play(new)
    new = _after(s, a, passes=s.passes + 1)
    queue = _defend_queue(new)
    if queue:
        _set(new, to_act=queue[0])
        return new
    return _start_play(new)


# ---------------------------------------------------------------------- play
def _play_check(s: HandState, a: Action) -> str | None:
    seat = s.to_act
    assert seat is not None
    card = a.card
    hand = s.hands[seat]
    if card not in hand:
        return f"you do not hold {card}"
    if not s._current:
        return None
    led = s._current[0][1]
    return why_card_illegal(card, hand, led, s.trump)


def why_card_illegal(
    card: Card, hand: Sequence[Card], led: Card | None, trump: Suit | None
) -> str | None:
    """Why ``card`` may not be played from ``hand`` to a trick led by ``led``; None if it may.

    >>> from euchre.cards import parse_cards
    >>> hand = parse_cards("Jd Kd 9s")
    >>> print(why_card_illegal(Card.parse("Jd"), hand, Card.parse("Ad"), Suit.HEARTS))
    J♦ is a heart while hearts are trump (it is the left bower), so it cannot follow diamonds. You hold a diamond (K♦): you must follow suit.
    >>> print(why_card_illegal(Card.parse("9s"), parse_cards("Jd 9s"), Card.parse("9h"), Suit.HEARTS))
    You must follow hearts: J♦ is a heart while hearts are trump (it is the left bower), so you hold a heart.
    """
    if card not in hand:
        return f"you do not hold {card}"
    if led is None:
        return None
    suit = effective_suit(led, trump)
    if effective_suit(card, trump) is suit:
        return None
    followers = [c for c in hand if effective_suit(c, trump) is suit]
    if not followers:
        return None
    names = ", ".join(str(c) for c in followers)
    holding = f"You hold {_a(suit)} ({names}): you must follow suit."
    if card.suit is suit and trump is not None:
        # The left bower (or the joker) is played "as" its printed suit.
        return f"{explain_suit(card, trump)}, so it cannot follow {suit.plural}. {holding}"
    hidden = [c for c in followers if c.suit is not suit]
    if hidden:
        return (
            f"You must follow {suit.plural}: {explain_suit(hidden[0], trump)}, "
            f"so you hold {_a(suit)}."
        )
    return f"{_led_words(led, trump)} {holding}"


def _a(suit: Suit) -> str:
    return f"a {suit.singular}"


def _led_words(led: Card, trump: Suit | None) -> str:
    suit = effective_suit(led, trump)
    if led.suit is not suit:
        return f"{led} was led, and {explain_suit(led, trump)}, so {suit.plural} were led."
    return f"{led} was led, so the suit to follow is {suit.plural}."


def explain_suit(card: Card, trump: Suit | None) -> str:
    """What suit ``card`` belongs to this deal, in words.

    >>> explain_suit(Card.parse("Jd"), Suit.HEARTS)
    'J♦ is a heart while hearts are trump (it is the left bower)'
    >>> explain_suit(Card.parse("Jc"), Suit.HEARTS)
    'J♣ is a club: only the jacks of the trump colour change suit'
    """
    suit = effective_suit(card, trump)
    what = role(card, trump)
    if card.is_joker:
        return f"the joker is a {suit.singular} while {suit.plural} are trump (it is the highest trump)"
    if card.suit is not suit:
        return f"{card} is a {suit.singular} while {suit.plural} are trump (it is {what})"
    if what == "the right bower":
        return f"{card} is a {suit.singular} (it is the right bower, the highest trump)"
    if card.rank is Rank.JACK and trump is not None:
        return f"{card} is a {suit.singular}: only the jacks of the trump colour change suit"
    return f"{card} is a {suit.singular}"


def _play_apply(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    card = a.card
    hands = _replace_hand(s.hands, seat, _without(s.hands[seat], card))
    current = (*s._current, (seat, card))
    if len(current) < s.players - len(s._out):
        return _after(s, a, hands=hands, _current=current, to_act=s.next_active(seat))
    cards = [c for _, c in current]
    seats = [x for x, _ in current]
    winner = seats[trick_winner(cards, s.trump)]
    trick = Trick(leader=s._leader, cards=cards, seats=seats, winner=winner)
    tricks = (*s.tricks, trick)
    if len(tricks) < TRICKS:
        return _after(s, a, hands=hands, _current=(), tricks=tricks, to_act=winner, _leader=winner)
    new = _after(s, a, hands=hands, _current=(), tricks=tricks, to_act=None, phase=Phase.OVER)
    _set(new, result=_result(new))
    return new


def _result(s: HandState) -> HandResult:
    assert s.maker is not None
    made = sum(1 for t in s.tricks if t.winner in s.maker_side)
    maker_points, defender_points = score_hand(made, s.alone, s.rules, s.defender is not None)
    teams = s.rules.num_teams
    points = [0] * teams
    if s.rules.partnerships:
        maker_team = s.maker % 2
        points[maker_team] = maker_points
        points[1 - maker_team] = defender_points
    else:
        for seat in range(s.players):
            points[seat] = maker_points if seat in s.maker_side else defender_points
    return HandResult(
        tuple(points), s.rules.team_of(s.maker), made, s.alone, s.defender is not None
    )


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
