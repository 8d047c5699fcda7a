"""Actions: one small value per decision, with a canonical text and a forgiving parser.

Every action the engine lists is one shared object per decision (``play("Jd") is
play("J♦")``), so listing legal actions builds nothing and checking a listed action is an
identity test.

>>> str(Action.parse("pick up")), str(Action.parse("call ♥ alone")), str(Action.parse("play 10d"))
('order', 'call hearts alone', 'play Td')
>>> Action.parse("call no trump")
Action.parse('call no-trump')
>>> Action.parse("play Jd") is play("Jd")
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from euchre.cards import JOKER, SUITS, Card, CardError, Suit, make_deck


class ActionError(ValueError):
    """An action text that cannot be read."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why, in plain words."""


class ActionKind(enum.StrEnum):
    """The kinds of action, in the order ``legal_actions`` lists them within a phase. Each
    is also a string (``ActionKind.PLAY == "play"``), the first word of most action texts."""

    PASS = "pass"
    ORDER = "order"
    CALL = "call"
    DECLINE = "decline"
    DISCARD = "discard"
    DEFEND = "defend"
    BEST = "best"
    GIVE = "give"
    FARMER_SWAP = "swap"
    REDEAL = "redeal"
    CALL_ACE = "ace"
    BID = "bid"
    TRUMP = "trump"
    PLAY = "play"


# The kinds under their short names, as the phase modules use them.
PASS = ActionKind.PASS
ORDER = ActionKind.ORDER
CALL = ActionKind.CALL
DECLINE = ActionKind.DECLINE
DISCARD = ActionKind.DISCARD
DEFEND = ActionKind.DEFEND
BEST = ActionKind.BEST
GIVE = ActionKind.GIVE
FARMER_SWAP = ActionKind.FARMER_SWAP
REDEAL = ActionKind.REDEAL
CALL_ACE = ActionKind.CALL_ACE
BID = ActionKind.BID
TRUMP = ActionKind.TRUMP
PLAY = ActionKind.PLAY

# Kinds whose card is the actor's secret (others see only that it happened).
HIDDEN_KINDS = frozenset((DISCARD, FARMER_SWAP, BEST, GIVE))


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One decision. ``suit`` is set for ``call`` and ``trump`` (None there means no-trump)
    and for call-ace; ``cards`` for discards, plays and swaps; ``tricks`` for a bid (a bid
    of the moon is ``alone`` instead). ``kind`` may be given as its text
    (``Action("pass")``); it is stored as an ``ActionKind``."""

    kind: ActionKind
    suit: Suit | None
    cards: tuple[Card, ...]
    alone: bool
    tricks: int

    def __init__(
        self,
        kind: ActionKind | str,
        suit: Suit | None = None,
        cards: tuple[Card, ...] = (),
        alone: bool = False,
        tricks: int = 0,
    ) -> None:
        try:
            known = ActionKind(kind)
        except ValueError:
            raise ActionError(f"{kind!r} is not a kind of action") from None
        object.__setattr__(self, "kind", known)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "cards", tuple(cards))
        object.__setattr__(self, "alone", alone)
        object.__setattr__(self, "tricks", tricks)

    @property
    def card(self) -> Card:
        """The one card of a play, discard, give or best."""
        return self.cards[0]

    @property
    def is_moon(self) -> bool:
        """True for a bid to take every trick alone (Bid Euchre's moon).

        >>> Action.parse("shoot the moon").is_moon, Action.parse("bid 3").is_moon
        (True, False)
        """
        return self.kind is BID and self.alone

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        """Read an action text (see the module doc); raise ActionError with the text."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ActionError(f"{text!r} is not an action")
        return _parse(text)

    def __str__(self) -> str:
        return _TEXTS[self.kind](self)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _suit_name(suit: Suit | None) -> str:
    return suit.plural if suit else "no-trump"


def _card_text(action: Action) -> str:
    """A card action's text: its verb, then its cards' codes (the verb alone when the
    cards are hidden from the reader)."""
    if not action.cards:
        return card_verb(action.kind)
    return f"{card_verb(action.kind)} {' '.join(c.code for c in action.cards)}"


def _alone(action: Action) -> str:
    return " alone" if action.alone else ""


# The canonical text of each kind of action.
_TEXTS: dict[ActionKind, Callable[[Action], str]] = {
    ActionKind.PASS: lambda a: "pass",
    ActionKind.ORDER: lambda a: "order" + _alone(a),
    ActionKind.CALL: lambda a: f"call {_suit_name(a.suit)}{_alone(a)}",
    ActionKind.DECLINE: lambda a: "decline",
    ActionKind.DEFEND: lambda a: "defend alone",
    ActionKind.REDEAL: lambda a: "redeal",
    ActionKind.CALL_ACE: lambda a: f"call ace {_suit_name(a.suit)}",
    ActionKind.BID: lambda a: "bid moon" if a.alone else f"bid {a.tricks}",
    ActionKind.TRUMP: lambda a: f"trump {_suit_name(a.suit)}",
    ActionKind.DISCARD: _card_text,
    ActionKind.BEST: _card_text,
    ActionKind.GIVE: _card_text,
    ActionKind.FARMER_SWAP: _card_text,
    ActionKind.PLAY: _card_text,
}


# ---------------------------------------------------------------------- shared actions
PASS_ACTION = Action(PASS)
ORDER_ACTION = Action(ORDER)
ORDER_ALONE = Action(ORDER, alone=True)
DECLINE_ACTION = Action(DECLINE)
DEFEND_ALONE = Action(DEFEND, alone=True)
REDEAL_ACTION = Action(REDEAL)

_ALL_CARDS = make_deck(32, joker=True)
assert [c.id for c in _ALL_CARDS] == list(range(JOKER.id + 1)), "card ids are 0 to 32"


def _per_card(kind: ActionKind) -> tuple[Action, ...]:
    return tuple(Action(kind, cards=(card,)) for card in _ALL_CARDS)


# One action per card id, for each kind of one-card action.
PLAYS = _per_card(PLAY)
DISCARDS = _per_card(DISCARD)
GIVES = _per_card(GIVE)
BESTS = _per_card(BEST)
_ONE_CARD = {PLAY: PLAYS, DISCARD: DISCARDS, GIVE: GIVES, BEST: BESTS}

# Round two's calls: (suit index or 4 for no-trump, alone) -> the action.
_CALLS = {
    (i, alone): Action(CALL, None if i == 4 else SUITS[i], alone=alone)
    for i in range(5)
    for alone in (False, True)
}
CALL_ACES = tuple(Action(CALL_ACE, suit) for suit in SUITS)

# Bid Euchre's bids (a number of tricks, up to the eight of a 32-card deck's hands, and the
# moon) and its naming of trump (by suit index, 4 for no-trump).
BIDS = tuple(Action(BID, tricks=n) for n in range(9))
MOON = Action(BID, alone=True)
TRUMPS = tuple(Action(TRUMP, None if i == 4 else SUITS[i]) for i in range(5))


def play(card: Card | str) -> Action:
    """The action of playing a card (one shared value per card).

    >>> str(play("Jd")), play("Jd") is play("J♦")
    ('play Jd', True)
    """
    return one_card(PLAY, Card.parse(card))


def card_verb(kind: ActionKind) -> str:
    """The words before the card(s) in an action of ``kind`` (a play, discard, swap, give or
    call for best): what a player writes before a card's code.

    >>> card_verb(ActionKind.PLAY), card_verb(ActionKind.BEST)
    ('play', 'call for best')
    """
    return "call for best" if kind is BEST else str(kind)


def one_card(kind: ActionKind, card: Card) -> Action:
    """The shared action of one card for a play, discard, give or call for best.

    >>> one_card(ActionKind.DISCARD, Card.parse("9s"))
    Action.parse('discard 9s')
    """
    return _ONE_CARD[kind][card.id]


def call(suit: Suit | None, alone: bool = False) -> Action:
    """The shared action of naming ``suit`` (None: no-trump) in round two.

    >>> call(Suit.HEARTS, alone=True) is Action.parse("call h alone")
    True
    """
    return _CALLS[(4 if suit is None else suit.idx, alone)]


def order(alone: bool = False) -> Action:
    """The shared action of ordering up (alone or not)."""
    return ORDER_ALONE if alone else ORDER_ACTION


def bid(tricks: int) -> Action:
    """The shared action of bidding ``tricks`` tricks (Bid Euchre).

    >>> bid(4) is Action.parse("bid four"), str(bid(4))
    (True, 'bid 4')
    """
    return BIDS[tricks]


def name_trump(suit: Suit | None) -> Action:
    """The shared action of the high bidder naming ``suit`` trump (None: no-trump).

    >>> name_trump(None) is Action.parse("trump no trump"), str(name_trump(Suit.SPADES))
    (True, 'trump spades')
    """
    return TRUMPS[4 if suit is None else suit.idx]


_NO_TRUMP = frozenset(("no-trump", "no trump", "notrump", "nt", "no-trumps", "no trumps"))
_WORDS = {
    "pass": PASS_ACTION,
    "p": PASS_ACTION,
    "decline": DECLINE_ACTION,
    "turn down": DECLINE_ACTION,
    "refuse": DECLINE_ACTION,
    "defend alone": DEFEND_ALONE,
    "defend": DEFEND_ALONE,
    "redeal": REDEAL_ACTION,
    "farmer redeal": REDEAL_ACTION,
    "throw in": REDEAL_ACTION,
    "moon": MOON,
    "bid moon": MOON,
    "shoot the moon": MOON,
    "shoot": MOON,
}
_ORDERS = frozenset(("order", "order up", "pick up", "pick it up", "accept", "pickup", "go alone"))
_NUMBERS = {
    w: n
    for n, w in enumerate(["zero", "one", "two", "three", "four", "five", "six", "seven", "eight"])
}
_ALONE_SUFFIXES = (" alone", ", alone", " and go alone", " going alone")


def _suit_or_no_trump(text: str) -> Suit | None:
    return None if text.strip() in _NO_TRUMP else Suit.parse(text.strip())


def _bid(what: str) -> Action:
    """A bid of a number of tricks, in figures or words ("3", "three", "3 tricks")."""
    word = what.removesuffix(" tricks").removesuffix(" trick").strip()
    tricks = _NUMBERS.get(word)
    if tricks is None and word.isdigit():
        tricks = int(word)
    if tricks is None or not 1 <= tricks < len(BIDS):
        raise ActionError(f"a bid is a number of tricks from 1 to {len(BIDS) - 1}, or 'bid moon'")
    return bid(tricks)


def _called(low: str, alone: bool) -> Action | None:
    """A call: an ace, for best, a suit (or no-trump)."""
    if low.startswith("call ace "):
        return CALL_ACES[Suit.parse(low[9:]).idx]
    if low.startswith("call for best "):
        return one_card(BEST, Card.parse(low[14:]))
    if low.startswith(("call ", "name ")):
        return call(_suit_or_no_trump(low[5:]), alone)
    return None


def _named_trump(low: str, alone: bool) -> Action | None:
    """Bid Euchre's naming of trump: "trump hearts", "hearts are trump"."""
    if low.startswith(("trump ", "trumps ")):
        return name_trump(_suit_or_no_trump(low.split(" ", 1)[1]))
    if low.endswith((" trump", " are trump", " is trump")):
        return name_trump(_suit_or_no_trump(low.rsplit(" trump", 1)[0].removesuffix(" are")))
    return None


def _with_cards(low: str, alone: bool) -> Action | None:
    """An action of cards: a play, a discard, a gift, a farmer's swap."""
    for kind in (PLAY, DISCARD, GIVE):
        if low.startswith(kind + " "):
            return one_card(kind, Card.parse(low[len(kind) + 1 :]))
    if low.startswith(("swap ", "farmer swap ")):
        parts = low.split()[1:] if low.startswith("swap ") else low.split()[2:]
        return Action(FARMER_SWAP, cards=tuple(Card.parse(p) for p in parts))
    return None


def _bid_of(low: str, alone: bool) -> Action | None:
    """A bid: "bid 4", "bid four", "4", "4 tricks"."""
    if low.startswith("bid "):
        return _bid(low[4:])
    first = low.split(" ", 1)[0]
    if first in _NUMBERS or first.isdigit():
        return _bid(low)
    return None


def _prefixed(low: str, alone: bool) -> Action | None:
    """An action whose text starts with its verb (or ends with it: "hearts are trump")."""
    for read in (_called, _named_trump, _with_cards, _bid_of):
        found = read(low, alone)
        if found is not None:
            return found
    return None


def _parse(text: str) -> Action:
    low = " ".join(text.strip().split()).lower()
    alone = False
    for suffix in _ALONE_SUFFIXES:
        if low.endswith(suffix) and not low.startswith("defend"):
            alone, low = True, low[: -len(suffix)].strip()
            break
    if low in _ORDERS:
        return order(alone or low == "go alone")
    word = _WORDS.get(low)
    if word is not None:
        return word
    try:
        found = _prefixed(low, alone)
    except (CardError, ActionError) as exc:
        raise ActionError(f"{text!r} is not an action: {exc}") from None
    if alone and found is not None and found.kind is BID:
        raise ActionError(f"{text!r} is not an action: a bid to play alone is 'bid moon'")
    if found is None:
        raise ActionError(
            f"{text!r} is not an action: try 'pass', 'order', 'call hearts', 'discard 9s', "
            "'bid 3', 'trump hearts' or 'play Jd'"
        )
    return found
