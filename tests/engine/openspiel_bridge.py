"""A bridge between our engine and OpenSpiel's euchre, for the differential test.

OpenSpiel (``open-spiel==2.0.2``, a test dependency only) plays one deal of four-handed
euchre with a 24-card deck. Its rules match ours where these options hold: stick the dealer
on or off, only the maker may go alone, the dealer picks up (and discards) even when the
partner goes alone, the first active player left of the dealer leads. Two differences are
bridged here rather than compared:

- OpenSpiel asks "alone?" as a separate decision (action 29 alone, 30 with the partner)
  after the trump call, and after the dealer's discard when the upcard was ordered. Our
  engine folds it into the call (``order alone``, ``call hearts alone``). A call is thus
  compared as a pair (suit action, alone), and OpenSpiel offers both answers for every call.
- OpenSpiel forbids discarding the upcard; we allow it. That one choice is left out.

Encodings on OpenSpiel's side:

- a card is ``rank * 4 + suit`` with suits clubs, diamonds, hearts, spades (0 to 3) and
  ranks 9, 10, J, Q, K, A (0 to 5);
- chance: first the dealer (0 to 3), then twenty cards, the k-th (from 0) to seat
  ``(dealer + k) % 4``, then the upcard; the three other cards are never dealt;
- 24 is pass, 25 to 28 name clubs, diamonds, hearts, spades as trump (in round one only the
  upcard's suit, which orders it up), discards and plays are card numbers;
- seats are the same as ours (north 0, east 1, south 2, west 3, play goes 0, 1, 2, 3);
- returns are zero-sum per player: the makers' points, or minus the defenders' points.

>>> os_card(Card.parse("Jh")), our_card(10).code, our_card(23).code
(10, 'Jh', 'As')
>>> openspiel_points((0, 2))
[-2.0, 2.0, -2.0, 2.0]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pyspiel
from euchre import Card, Deal, HandState, Rank, Rules, Suit

# OpenSpiel's card numbering.
OS_SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
OS_RANKS: tuple[Rank, ...] = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
NUM_CARDS = 24
PASS = 24
SUIT_ACTIONS: dict[Suit, int] = {suit: 25 + i for i, suit in enumerate(OS_SUITS)}
ACTION_SUITS: dict[int, Suit] = {action: suit for suit, action in SUIT_ACTIONS.items()}
GO_ALONE = 29
WITH_PARTNER = 30

# What a decision is, in a form both sides can be compared in: (OpenSpiel action, alone),
# where alone is True or False for a trump call and None for everything else.
Key = tuple[int, bool | None]

_CARD_TO_OS: dict[Card, int] = {
    Card(rank, suit): r * 4 + s
    for r, rank in enumerate(OS_RANKS)
    for s, suit in enumerate(OS_SUITS)
}
_OS_TO_CARD: dict[int, Card] = {index: card for card, index in _CARD_TO_OS.items()}


def os_card(card: Card) -> int:
    """OpenSpiel's number of one of our cards.

    >>> os_card(Card.parse("9c")), os_card(Card.parse("Ad"))
    (0, 21)
    """
    return _CARD_TO_OS[card]


def our_card(index: int) -> Card:
    """Our card for one of OpenSpiel's card numbers (0 to 23)."""
    return _OS_TO_CARD[index]


def openspiel_points(points: tuple[int, int]) -> list[float]:
    """Our per-team points of a deal as OpenSpiel's per-player returns (zero-sum)."""
    diff = points[0] - points[1]
    return [float(diff if seat % 2 == 0 else -diff) for seat in range(4)]


# ---------------------------------------------------------------------------- rules


_EXPRESSIBLE: dict[str, Any] = {
    "players": 4,
    "partnerships": True,
    "deck": 24,
    "joker": False,
    "canadian_loner": False,
    "dealer_picks_up_when_partner_alone": True,
    "dealer_may_decline": False,
    "defend_alone": False,
    "lead_against_loner": "left_of_dealer",
    "no_trump": False,
    "farmers_hand": "off",
    "calling_for_best": False,
    "call_ace": False,
}


def why_not_expressible(rules: Rules) -> str | None:
    """None when OpenSpiel plays one deal by these rules, else which option it lacks.

    >>> why_not_expressible(Rules()) is None
    True
    >>> why_not_expressible(Rules().replace(deck=32))
    'OpenSpiel cannot play deck=32'
    """
    for key, needed in _EXPRESSIBLE.items():
        value = getattr(rules, key, needed)
        if value != needed:
            return f"OpenSpiel cannot play {key}={value!r}"
    return None


def openspiel_game(rules: Rules) -> Any:
    """OpenSpiel's euchre game with the options of ``rules`` (which must be expressible)."""
    reason = why_not_expressible(rules)
    if reason:
        raise ValueError(reason)
    return pyspiel.load_game(
        "euchre", {"stick_the_dealer": bool(rules.stick_the_dealer), "allow_lone_defender": False}
    )


# ---------------------------------------------------------------------------- deals


def openspiel_state(game: Any, deal: Deal) -> Any:
    """OpenSpiel's state after dealing exactly our ``deal`` (its first decision is next)."""
    state = game.new_initial_state()
    state.apply_action(deal.dealer)
    for k in range(20):
        seat = (deal.dealer + k) % 4
        state.apply_action(os_card(deal.hands[seat][k // 4]))
    assert deal.upcard is not None, "OpenSpiel's euchre turns an upcard"
    state.apply_action(os_card(deal.upcard))
    holders = state.card_holder()
    for seat, hand in enumerate(deal.hands):
        for card in hand:
            if holders[os_card(card)] != seat:
                raise AssertionError(
                    f"OpenSpiel dealt {card} to {holders[os_card(card)]}, not {seat}"
                )
    return state


def random_openspiel_deal(game: Any, rng: random.Random) -> tuple[Deal, Any]:
    """A deal made by OpenSpiel's own chance nodes, and it as one of our ``Deal``s."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    return deal_from_openspiel(state), state


def deal_from_openspiel(state: Any) -> Deal:
    """Our ``Deal`` for an OpenSpiel state whose chance nodes are all done."""
    history = state.history()
    dealer = history[0]
    hands: list[list[Card]] = [[], [], [], []]
    for k, action in enumerate(history[1:21]):
        hands[(dealer + k) % 4].append(our_card(action))
    upcard = our_card(history[21])
    used = set(history[1:22])
    kitty = [our_card(i) for i in range(NUM_CARDS) if i not in used]
    return Deal(dealer=dealer, hands=hands, upcard=upcard, kitty=kitty)


def describe_deal(deal: Deal) -> str:
    """The deal in one short block of text, for a mismatch message."""
    hands = "; ".join(
        f"seat {seat}: {' '.join(c.code for c in hand)}" for seat, hand in enumerate(deal.hands)
    )
    kitty = " ".join(c.code for c in deal.kitty)
    up = "-" if deal.upcard is None else deal.upcard.code
    return f"dealer {deal.dealer}, upcard {up}, kitty {kitty}; {hands}"


# ---------------------------------------------------------------------------- actions


def our_key(text: str, state: HandState) -> Key | None:
    """One of our action texts as a comparable key; None for discarding the upcard.

    ``state`` is the state the action is legal in (for the upcard and the round).
    """
    words = text.split()
    verb = words[0]
    if verb == "pass" and len(words) == 1:
        return (PASS, None)
    if verb == "order":
        return (SUIT_ACTIONS[_upcard_suit(state)], words[1:] == ["alone"])
    if verb == "call" and len(words) in (2, 3):
        return (SUIT_ACTIONS[Suit.parse(words[1])], words[2:] == ["alone"])
    if verb in ("discard", "play") and len(words) == 2:
        card = Card.parse(words[1])
        if verb == "discard" and card == state.deal.upcard:
            return None
        return (os_card(card), None)
    raise ValueError(f"the bridge cannot map our action {text!r} to OpenSpiel")


def our_text(key: Key, os_state: Any) -> str:
    """One of OpenSpiel's decisions (as a key, at ``os_state``) as our action text."""
    action, alone = key
    phase = os_state.current_phase()
    euchre_ns = pyspiel.euchre
    suffix = " alone" if alone else ""
    if phase == euchre_ns.Phase.BIDDING:
        if action == PASS:
            return "pass"
        if os_state.num_passes() < 4:
            return "order" + suffix
        return f"call {ACTION_SUITS[action].plural}{suffix}"
    if phase == euchre_ns.Phase.DISCARD:
        return f"discard {our_card(action).code}"
    if phase == euchre_ns.Phase.PLAY:
        return f"play {our_card(action).code}"
    raise ValueError(f"no action of ours for OpenSpiel's {key!r} in phase {phase}")


def openspiel_keys(os_state: Any) -> set[Key]:
    """OpenSpiel's legal decisions, a trump call offered both alone and with the partner."""
    keys: set[Key] = set()
    for action in os_state.legal_actions():
        if action in ACTION_SUITS:
            keys.add((action, True))
            keys.add((action, False))
        else:
            keys.add((action, None))
    return keys


def _upcard_suit(state: HandState) -> Suit:
    assert state.deal.upcard is not None
    suit = state.deal.upcard.suit
    assert suit is not None
    return suit


def _key_text(key: Key) -> str:
    action, alone = key
    if action == PASS:
        return "pass"
    if action in ACTION_SUITS:
        return f"{ACTION_SUITS[action].plural}{' alone' if alone else ''}"
    return our_card(action).code


# ---------------------------------------------------------------------------- lockstep


class Mismatch(AssertionError):
    """The two engines disagree; the message holds everything needed to replay it."""


@dataclass
class DealRun:
    """One deal played in lockstep through both engines."""

    deal: Deal
    rules: Rules
    ours: HandState
    theirs: Any
    pass_bias: float | None = None
    pending_alone: bool | None = None
    features: set[str] = field(default_factory=set)

    @classmethod
    def start(cls, deal: Deal, rules: Rules, game: Any | None = None) -> DealRun:
        """Both engines at the first decision of ``deal``."""
        game = game if game is not None else openspiel_game(rules)
        run = cls(deal, rules, HandState.new(deal, rules), openspiel_state(game, deal))
        run.check_turn()
        return run

    # -- reporting
    def fail(self, what: str, extra: Iterable[str] = ()) -> Mismatch:
        """A Mismatch naming the deal, both histories and ``what`` went wrong."""
        ours = ", ".join(str(a) for a in self.ours.actions) or "(none)"
        theirs = (
            ", ".join(self.theirs.action_to_string(a) for a in self.theirs.history()[22:])
            or "(none)"
        )
        extra = list(extra)
        if not any(line.startswith("ours:") for line in extra):
            extra += self._legal_lines()
        lines = [
            what,
            f"rules: stick_the_dealer={self.rules.stick_the_dealer}",
            f"deal: {describe_deal(self.deal)}",
            f"as code: {self.deal!r}",
            f"our actions: {ours}",
            f"OpenSpiel's actions: {theirs}",
            *extra,
        ]
        return Mismatch("\n".join(lines))

    def _legal_lines(self) -> list[str]:
        ours = sorted(str(a) for a in self.ours.legal_actions())
        if self.theirs.is_terminal():
            theirs: list[str] = []
        else:
            player = self.theirs.current_player()
            theirs = sorted(
                self.theirs.action_to_string(player, a) for a in self.theirs.legal_actions()
            )
        return [f"ours legal now: {ours}", f"OpenSpiel's legal now: {theirs}"]

    # -- checks
    def check_turn(self) -> None:
        """Same seat to act (or both finished)."""
        theirs_over = self.theirs.is_terminal()
        ours_over = self.ours.result is not None
        if theirs_over or ours_over:
            if theirs_over != ours_over or self.ours.to_act is not None:
                raise self.fail(
                    f"only one engine is finished: ours to_act={self.ours.to_act}, "
                    f"result={self.ours.result}; OpenSpiel terminal={theirs_over}"
                )
            return
        if self.ours.to_act != self.theirs.current_player():
            raise self.fail(
                f"seat to act differs: ours {self.ours.to_act}, "
                f"OpenSpiel {self.theirs.current_player()}"
            )

    def legal_keys(self) -> tuple[set[Key], set[Key], dict[Key, Any]]:
        """Both legal sets as keys (the upcard discard left out) and our action per key."""
        by_key: dict[Key, Any] = {}
        for action in self.ours.legal_actions():
            key = our_key(str(action), self.ours)
            if key is not None:
                by_key[key] = action
        return set(by_key), openspiel_keys(self.theirs), by_key

    def compare_legal(self) -> tuple[set[Key], dict[Key, Any]]:
        """Equal legal sets, or a Mismatch listing both."""
        ours, theirs, by_key = self.legal_keys()
        if ours != theirs:
            raise self.fail(
                "legal actions differ",
                [
                    f"ours: {sorted(str(a) for a in self.ours.legal_actions())}",
                    f"OpenSpiel's: {sorted(_key_text(k) for k in theirs)}",
                    f"only ours: {sorted(_key_text(k) for k in ours - theirs)}",
                    f"only OpenSpiel's: {sorted(_key_text(k) for k in theirs - ours)}",
                ],
            )
        return ours, by_key

    def compare_tricks(self) -> None:
        """Every completed trick: same leader, cards and winner."""
        os_tricks = self.theirs.tricks()
        active = 3 if self.ours.alone else 4
        done = self.theirs.num_cards_played() // active
        if len(self.ours.tricks) != done:
            raise self.fail(
                f"tricks completed differ: ours {len(self.ours.tricks)}, OpenSpiel {done}"
            )
        for i, trick in enumerate(self.ours.tricks):
            other = os_tricks[i]
            mine = (trick.leader, [os_card(c) for c in trick.cards], trick.winner)
            its = (other.leader(), list(other.cards()), other.winner())
            if mine != its:
                raise self.fail(
                    f"trick {i + 1} differs",
                    [
                        f"ours: leader {trick.leader}, {[c.code for c in trick.cards]}, "
                        f"winner {trick.winner}",
                        f"OpenSpiel's: leader {its[0]}, "
                        f"{[our_card(c).code for c in its[1]]}, winner {its[2]}",
                    ],
                )

    def compare_contract(self) -> None:
        """Once play starts: same trump, maker and loner."""
        trump = self.theirs.trump_suit()
        os_trump = OS_SUITS[trump] if trump >= 0 else None
        mine = (self.ours.trump, self.ours.maker, bool(self.ours.alone))
        its = (os_trump, self.theirs.declarer(), bool(self.theirs.declarer_go_alone()))
        if mine != its:
            raise self.fail(f"contract differs: ours (trump, maker, alone) {mine}, OpenSpiel {its}")

    def compare_result(self) -> None:
        """Equal points: ours per team, OpenSpiel's per player."""
        result = self.ours.result
        assert result is not None
        expected = openspiel_points(tuple(result.points))  # type: ignore[arg-type]
        got = list(self.theirs.returns())
        if expected != got:
            raise self.fail(
                f"points differ: ours {tuple(result.points)} (as returns {expected}), "
                f"OpenSpiel's returns {got}"
            )

    # -- moves
    def apply(self, key: Key, action: Any) -> None:
        """Apply one decision to both: ``action`` (ours: Action or text) and ``key``."""
        before = len(self.ours.tricks)
        try:
            self.ours = self.ours.apply(action)
        except ValueError as exc:
            raise self.fail(f"our engine refused {action!r}: {exc}") from exc
        os_action, alone = key
        self._note(key)
        self.theirs.apply_action(os_action)
        if alone is not None:
            self.pending_alone = alone
        phase = self.theirs.current_phase()
        if phase == pyspiel.euchre.Phase.GO_ALONE:
            if self.pending_alone is None:
                raise self.fail("OpenSpiel asks 'alone?' but no call was made")
            self.theirs.apply_action(GO_ALONE if self.pending_alone else WITH_PARTNER)
            self.pending_alone = None
            self.compare_contract()
        if len(self.ours.tricks) != before or self.theirs.is_terminal():
            self.compare_tricks()
        self.check_turn()
        if self.theirs.is_terminal():
            self.compare_result()

    def _note(self, key: Key) -> None:
        action, alone = key
        state = self.theirs
        if action in ACTION_SUITS:
            round_one = state.num_passes() < 4
            seat = state.current_player()
            dealer = state.dealer()
            kind = "order" if round_one else "call"
            self.features.add(f"{kind}{' alone' if alone else ''}")
            if round_one and alone and seat == (dealer + 2) % 4:
                self.features.add("dealer picks up for a lone partner")
            if not round_one and state.num_passes() == 7:
                self.features.add(
                    "dealer stuck" if self.rules.stick_the_dealer else "dealer calls last"
                )
        elif action == PASS and state.num_passes() == 7:
            self.features.add("throw-in")


Chooser = Callable[[DealRun, set[Key], dict[Key, Any], random.Random], tuple[Key, Any]]

_PASS_KEY: Key = (PASS, None)


def _biased(run: DealRun, keys: list[Key], rng: random.Random) -> Key:
    """A random key; with ``run.pass_bias`` a pass is taken that often when it is legal,
    so that round two, a stuck dealer and throw-ins come up often enough."""
    if run.pass_bias is not None and _PASS_KEY in keys:
        if rng.random() < run.pass_bias:
            return _PASS_KEY
        keys = [k for k in keys if k != _PASS_KEY]
    return rng.choice(keys)


def choose_ours(
    run: DealRun, keys: set[Key], by_key: dict[Key, Any], rng: random.Random
) -> tuple[Key, Any]:
    """A random legal action from our list (never discarding the upcard), as an Action."""
    key = _biased(run, list(by_key), rng)
    return key, by_key[key]


def choose_theirs(
    run: DealRun, keys: set[Key], by_key: dict[Key, Any], rng: random.Random
) -> tuple[Key, Any]:
    """A random legal decision from OpenSpiel's list, given to our engine as text."""
    key = _biased(run, sorted(keys, key=lambda k: (k[0], k[1] is True)), rng)
    return key, our_text(key, run.theirs)


def play_deal(
    deal: Deal,
    rules: Rules,
    rng: random.Random,
    choose: Chooser = choose_ours,
    game: Any | None = None,
    pass_bias: float | None = None,
) -> DealRun:
    """Play ``deal`` to the end in both engines, comparing at every step.

    Choices are random (``rng``); ``pass_bias`` makes passing more likely while bidding.
    Raises Mismatch on the first difference.
    """
    run = DealRun.start(deal, rules, game)
    run.pass_bias = pass_bias
    while run.ours.result is None:
        keys, by_key = run.compare_legal()
        key, action = choose(run, keys, by_key, rng)
        run.apply(key, action)
    if not run.theirs.is_terminal():
        raise run.fail("our deal is over but OpenSpiel's is not")
    return run
