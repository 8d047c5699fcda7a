"""Cards, suits and ranks: small immutable values with a ``parse`` and a canonical text.

>>> Card.parse("Jd") == Card.parse("J♦") == Card.parse("jd")
True
>>> str(Card.parse("10h")), Card.parse("Th").code
('10♥', 'Th')
>>> Card.parse("Jd").name
'jack of diamonds'
"""

from __future__ import annotations

import enum
from functools import cache
from typing import ClassVar


class CardError(ValueError):
    """A card, suit or rank text that cannot be read."""


class Suit(enum.Enum):
    """One of the four suits. ``Suit.parse`` reads a letter, a symbol or a name.

    >>> Suit.parse("h") is Suit.parse("♥") is Suit.parse("Hearts") is Suit.HEARTS
    True
    >>> Suit.HEARTS.partner is Suit.DIAMONDS
    True
    """

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    # Members are singletons that compare by identity: hash them by identity too (in C),
    # not by name as ``Enum`` does in Python.
    __hash__ = object.__hash__

    @property
    def idx(self) -> int:
        """A small integer (0 to 3, in the order above) for the engine's look-up tables.

        >>> Suit.CLUBS.idx, Suit.SPADES.idx
        (0, 3)
        """
        return _SUIT_INDEX[self._value_]

    @property
    def letter(self) -> str:
        """The one-letter code: c, d, h or s."""
        return str(self.value)

    @property
    def symbol(self) -> str:
        """The symbol: ♣, ♦, ♥ or ♠."""
        return _SYMBOLS[self]

    @property
    def plural(self) -> str:
        """The English plural, as in "hearts are trump"."""
        return self.name.lower()

    @property
    def singular(self) -> str:
        """The English singular, as in "J♦ is a heart"."""
        return self.name.lower()[:-1]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour (whose jack is the left bower)."""
        return _PARTNERS[self]

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Read ``h``, ``♥``, ``hearts`` or ``heart`` (any case)."""
        if isinstance(text, Suit):
            return text
        key = str(text).strip().lower()
        try:
            return _SUIT_NAMES[key]
        except KeyError:
            raise CardError(f"{text!r} is not a suit: use c, d, h, s, a symbol or a name") from None

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_INDEX = {"c": 0, "d": 1, "h": 2, "s": 3}
SUITS: tuple[Suit, ...] = tuple(Suit)  # indexed by ``Suit.idx``
_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_PARTNERS = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
_SUIT_NAMES: dict[str, Suit] = {}
for _s in Suit:
    for _k in (_s.value, _s.symbol, _s.name.lower(), _s.name.lower()[:-1]):
        _SUIT_NAMES[_k] = _s
for _alt, _s in (("♧", Suit.CLUBS), ("♢", Suit.DIAMONDS), ("♡", Suit.HEARTS), ("♤", Suit.SPADES)):
    _SUIT_NAMES[_alt] = _s


class Rank(enum.IntEnum):
    """A rank, ordered as in a plain (non-trump) suit. The joker has its own rank."""

    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def letter(self) -> str:
        """The rank letter of a card code: 7 8 9 T J Q K A."""
        return _RANK_LETTERS[self]

    @property
    def label(self) -> str:
        """The rank as printed on a card: 7 8 9 10 J Q K A."""
        return "10" if self is Rank.TEN else self.letter

    @property
    def word(self) -> str:
        """The rank in words: "ten", "jack"."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str | Rank) -> Rank:
        """Read ``9``, ``10``, ``T``, ``J``, ``jack`` ... (any case)."""
        if isinstance(text, Rank):
            return text
        key = str(text).strip().lower()
        try:
            return _RANK_NAMES[key]
        except KeyError:
            raise CardError(
                f"{text!r} is not a rank: use 7, 8, 9, 10 (or T), J, Q, K or A"
            ) from None

    def __str__(self) -> str:
        return self.label


_RANK_LETTERS = {
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "Joker",
}
_RANK_NAMES: dict[str, Rank] = {}
for _r in Rank:
    _RANK_NAMES[_r.letter.lower()] = _r
    _RANK_NAMES[_r.word] = _r
_RANK_NAMES["10"] = Rank.TEN
_RANK_NAMES["benny"] = Rank.JOKER


def mask_place(rank: Rank, suit: Suit | None) -> int:
    """A card's place in the engine's masks of cards: the 24-card deck first (clubs,
    diamonds, hearts, spades, each 9 to A: 0 to 23), then the 7s and 8s (24 to 31), then
    the joker (32). A mask of the usual deck's cards then fits in 24 bits: an integer of
    one digit for Python, the kind its arithmetic handles fastest.

    >>> mask_place(Rank.NINE, Suit.CLUBS), mask_place(Rank.ACE, Suit.SPADES), mask_place(Rank.SEVEN, Suit.DIAMONDS)
    (0, 23, 26)
    """
    if suit is None:
        return 32
    if rank >= Rank.NINE:
        return suit.idx * 6 + (rank - Rank.NINE)
    return 24 + suit.idx * 2 + (rank - Rank.SEVEN)


class Card:
    """One card. ``suit`` is None only for the joker (the benny).

    Cards are interned values: ``Card(rank, suit)`` always returns the same object for the
    same card, so equality and hashing are cheap. Each card has a small integer ``id``
    (0 to 32) used by the engine's look-up tables, and ``bit``, its bit in the engine's
    masks of cards (see ``mask_place``).

    >>> Card.parse("Joker").name
    'the joker'
    >>> Card(Rank.JACK, Suit.DIAMONDS) is Card.parse("Jd")
    True
    >>> Card.parse("Xz")
    Traceback (most recent call last):
    ...
    euchre.cards.CardError: 'Xz' is not a card: write a rank and a suit, like 'Jd', '10♥' or 'A spades'
    """

    __slots__ = ("bit", "id", "rank", "suit")
    _interned: ClassVar[dict[tuple[Rank, Suit | None], Card]] = {}

    rank: Rank
    suit: Suit | None
    id: int
    bit: int  # 1 << mask_place(rank, suit): the card in a mask of cards

    def __new__(cls, rank: Rank, suit: Suit | None) -> Card:
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is not None:
            return card
        if not isinstance(rank, Rank) or not (suit is None or isinstance(suit, Suit)):
            raise CardError(f"not a card: rank {rank!r}, suit {suit!r}")
        if (suit is None) != (rank is Rank.JOKER):
            raise CardError("only the joker has no suit")
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        ident = 32 if suit is None else suit.idx * 8 + (int(rank) - 7)
        object.__setattr__(card, "id", ident)
        object.__setattr__(card, "bit", 1 << mask_place(rank, suit))
        cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __hash__(self) -> int:
        return self.id

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit | None]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read ``Jd``, ``J♦``, ``jd``, ``10d``, ``Td``, ``jack of diamonds`` or ``Joker``."""
        if isinstance(text, Card):
            return text
        return _parse_card(str(text))

    @property
    def code(self) -> str:
        """The two-letter code: rank letter then suit letter ("Jd", "Th"); "Joker"."""
        if self.suit is None:
            return "Joker"
        return self.rank.letter + self.suit.letter

    @property
    def name(self) -> str:
        """The card in words, for screen readers: "jack of diamonds"."""
        if self.suit is None:
            return "the joker"
        return f"{self.rank.word} of {self.suit.plural}"

    @property
    def is_joker(self) -> bool:
        """True for the joker (the benny)."""
        return self.suit is None

    def __str__(self) -> str:
        if self.suit is None:
            return "Joker"
        return self.rank.label + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __lt__(self, other: Card) -> bool:
        return sort_key(self) < sort_key(other)


JOKER = Card(Rank.JOKER, None)


def sort_key(card: Card) -> tuple[int, int]:
    """A plain display order: clubs, diamonds, spades, hearts (alternating colours), low to high."""
    suit_order = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.HEARTS: 3, None: 4}
    return (suit_order[card.suit], int(card.rank))


@cache
def _parse_card(text: str) -> Card:
    raw = text.strip()
    low = raw.lower()
    if low in ("joker", "benny", "jo", "jk", "★"):
        return JOKER
    if " of " in low:
        rank_text, _, suit_text = low.partition(" of ")
    elif " " in low:
        rank_text, _, suit_text = low.partition(" ")
    else:
        rank_text, suit_text = low[:-1], low[-1:]
    try:
        return Card(Rank.parse(rank_text), Suit.parse(suit_text))
    except CardError:
        pass
    raise CardError(
        f"{text!r} is not a card: write a rank and a suit, like 'Jd', '10♥' or 'A spades'"
    )


def parse_cards(text: str | list[str] | list[Card]) -> list[Card]:
    """Read several cards from a list or a text separated by spaces or commas.

    >>> [c.code for c in parse_cards("Jd, Ah 9h")]
    ['Jd', 'Ah', '9h']
    """
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
        return [Card.parse(p) for p in parts]
    return [Card.parse(p) for p in text]


def make_deck(size: int = 24, joker: bool = False) -> list[Card]:
    """The cards of a 24-card (9 to A) or 32-card (7 to A) deck, plus the joker if asked.

    >>> len(make_deck()), len(make_deck(32, joker=True))
    (24, 33)
    """
    return list(deck_of(size, joker))


@cache
def deck_of(size: int = 24, joker: bool = False) -> tuple[Card, ...]:
    """The deck's cards in ``make_deck``'s order, as one shared tuple.

    >>> deck_of() == tuple(make_deck())
    True
    """
    if size not in (24, 32):
        raise ValueError(f"a deck has 24 or 32 cards, not {size}")
    low = Rank.NINE if size == 24 else Rank.SEVEN
    ranks = [r for r in Rank if low <= r <= Rank.ACE]
    cards = [Card(r, s) for s in Suit for r in ranks]
    if joker:
        cards.append(JOKER)
    return tuple(cards)


CARDS_BY_ID: tuple[Card, ...] = tuple(sorted(deck_of(32, joker=True), key=lambda c: c.id))
"""Every card, by its ``id`` (0 to 32).

>>> all(card.id == i for i, card in enumerate(CARDS_BY_ID)), CARDS_BY_ID[32] is JOKER
(True, True)
"""


@cache
def deck_set(size: int = 24, joker: bool = False) -> frozenset[Card]:
    """The deck as a set, for membership checks."""
    return frozenset(deck_of(size, joker))
