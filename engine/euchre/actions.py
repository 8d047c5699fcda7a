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
from dataclasses import dataclass

from euchre.cards import JOKER, SUITS, Card, CardError, Suit, make_deck


class ActionError(ValueError):
    """An action text that cannot be read."""


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
PLAY = ActionKind.PLAY

# Kinds whose card is the actor's secret (others see only that it happened).
HIDDEN_KINDS = frozenset((DISCARD, FARMER_SWAP, BEST, GIVE))


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One decision. ``suit`` is set for ``call`` (None there means no-trump) and for
    call-ace; ``cards`` for discards, plays and swaps. ``kind`` may be given as its text
    (``Action("pass")``); it is stored as an ``ActionKind``."""

    kind: ActionKind
    suit: Suit | None
    cards: tuple[Card, ...]
    alone: bool

    def __init__(
        self,
        kind: ActionKind | str,
        suit: Suit | None = None,
        cards: tuple[Card, ...] = (),
        alone: bool = False,
    ) -> None:
        try:
            known = ActionKind(kind)
        except ValueError:
            raise ActionError(f"{kind!r} is not a kind of action") from None
        object.__setattr__(self, "kind", known)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "cards", tuple(cards))
        object.__setattr__(self, "alone", alone)

    @property
    def card(self) -> Card:
        """The one card of a play, discard, give or best."""
        return self.cards[0]

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        """Read an action text (see the module doc); raise ActionError with the text."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ActionError(f"{text!r} is not an action")
        return _parse(text)

    def __str__(self) -> str:
        alone = " alone" if self.alone else ""
        kind = self.kind
        if kind is PASS:
            return "pass"
        if kind is ORDER:
            return "order" + alone
        if kind is CALL:
            name = self.suit.plural if self.suit else "no-trump"
            return f"call {name}{alone}"
        if kind is DECLINE:
            return "decline"
        if kind is DEFEND:
            return "defend alone"
        if kind is REDEAL:
            return "redeal"
        if kind is CALL_ACE:
            assert self.suit is not None
            return f"call ace {self.suit.plural}"
        if not self.cards and kind in HIDDEN_KINDS:
            return card_verb(kind)  # a hidden card
        codes = " ".join(c.code for c in self.cards)
        return f"{card_verb(kind)} {codes}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


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


def _parse(text: str) -> Action:
    raw = " ".join(text.strip().split())
    low = raw.lower()
    alone = False
    for suffix in (" alone", ", alone", " and go alone", " going alone"):
        if low.endswith(suffix) and not low.startswith("defend"):
            alone, low = True, low[: -len(suffix)].strip()
            break
    try:
        if low in ("pass", "p"):
            return PASS_ACTION
        if low in ("order", "order up", "pick up", "pick it up", "accept", "pickup", "go alone"):
            return order(alone or low == "go alone")
        if low in ("decline", "turn down", "refuse"):
            return DECLINE_ACTION
        if low in ("defend alone", "defend"):
            return DEFEND_ALONE
        if low in ("redeal", "farmer redeal", "throw in"):
            return REDEAL_ACTION
        if low.startswith("call ace "):
            return CALL_ACES[Suit.parse(low[9:]).idx]
        if low.startswith("call for best "):
            return one_card(BEST, Card.parse(low[14:]))
        if low.startswith(("call ", "name ")):
            what = low[5:].strip()
            if what in ("no-trump", "no trump", "notrump", "nt", "no-trumps", "no trumps"):
                return call(None, alone)
            return call(Suit.parse(what), alone)
        for kind in (PLAY, DISCARD, GIVE):
            if low.startswith(kind + " "):
                return one_card(kind, Card.parse(low[len(kind) + 1 :]))
        if low.startswith(("swap ", "farmer swap ")):
            parts = low.split()[1:] if low.startswith("swap ") else low.split()[2:]
            return Action(FARMER_SWAP, cards=tuple(Card.parse(p) for p in parts))
    except CardError as exc:
        raise ActionError(f"{text!r} is not an action: {exc}") from None
    raise ActionError(
        f"{text!r} is not an action: try 'pass', 'order', 'call hearts', 'discard 9s' or 'play Jd'"
    )
