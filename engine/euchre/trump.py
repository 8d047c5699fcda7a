"""The bowers and the trick: pure functions of the cards and the trump suit.

``trump`` is a :class:`Suit`, or ``None`` for a no-trump hand. Rankings are precomputed
per trump suit, so these functions are table look-ups.

>>> from euchre.cards import Card, Suit
>>> effective_suit(Card.parse("Jd"), Suit.HEARTS)
Suit.HEARTS
>>> trick_winner([Card.parse(c) for c in ("Jd", "Ah", "9h", "Jh")], Suit.HEARTS)
3
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.cards import JOKER, Card, Rank, Suit, make_deck

TrumpSuit = Suit | None

# Power of a card inside its effective suit: trumps rank above everything else.
_TRUMP_BASE = 100
_RIGHT_BOWER = _TRUMP_BASE + 20
_LEFT_BOWER = _TRUMP_BASE + 19
_JOKER_POWER = _TRUMP_BASE + 21


def right_bower(trump: Suit) -> Card:
    """The jack of the trump suit, its highest card (below the joker, if used).

    >>> str(right_bower(Suit.HEARTS))
    'J♥'
    """
    return Card(Rank.JACK, trump)


def left_bower(trump: Suit) -> Card:
    """The jack of the other suit of the trump colour: the second trump.

    >>> str(left_bower(Suit.HEARTS))
    'J♦'
    """
    return Card(Rank.JACK, trump.partner)


def effective_suit(card: Card, trump: TrumpSuit) -> Suit:
    """The suit a card belongs to for this hand: the left bower (and the joker) are trumps.

    >>> effective_suit(Card.parse("Jd"), Suit.HEARTS), effective_suit(Card.parse("Jc"), Suit.HEARTS)
    (Suit.HEARTS, Suit.CLUBS)
    >>> effective_suit(Card.parse("Jd"), None)
    Suit.DIAMONDS
    """
    suit = SUIT_TABLES[4 if trump is None else trump.idx][card.id]
    if suit is None:
        raise ValueError("the joker has no suit in a no-trump hand")
    return suit


def is_trump(card: Card, trump: TrumpSuit) -> bool:
    """True when the card is a trump this hand (never in a no-trump hand).

    >>> is_trump(Card.parse("Jd"), Suit.HEARTS), is_trump(Card.parse("Ad"), Suit.HEARTS)
    (True, False)
    """
    return trump is not None and SUIT_TABLES[trump.idx][card.id] is trump


def card_power(card: Card, trump: TrumpSuit) -> int:
    """A number that orders cards inside their effective suit; every trump beats every
    non-trump. Useful for comparisons, not for display."""
    return POWER_TABLES[4 if trump is None else trump.idx][card.id]


def _tables(trump: TrumpSuit) -> tuple[list[Suit | None], list[int]]:
    """Per card id: its effective suit and its power, with ``trump`` as trump."""
    suits: list[Suit | None] = [None] * 33
    powers = [0] * 33
    for card in make_deck(32):
        assert card.suit is not None
        suit, power = card.suit, int(card.rank)
        if trump is not None:
            if card == right_bower(trump):
                suit, power = trump, _RIGHT_BOWER
            elif card == left_bower(trump):
                suit, power = trump, _LEFT_BOWER
            elif card.suit is trump:
                power = _TRUMP_BASE + int(card.rank)
        suits[card.id], powers[card.id] = suit, power
    if trump is not None:
        suits[JOKER.id], powers[JOKER.id] = trump, _JOKER_POWER
    return suits, powers


# Indexed by trump (``table_index``: Suit.idx, or 4 for no-trump), then by card id: each
# card's effective suit and its power. The engine's core reads them directly.
SUIT_TABLES: tuple[list[Suit | None], ...]
POWER_TABLES: tuple[list[int], ...]
SUIT_TABLES, POWER_TABLES = (
    tuple(t) for t in zip(*(_tables(t) for t in (*Suit, None)), strict=True)
)

_EVERY_CARD = make_deck(32, joker=True)
assert [card.id for card in _EVERY_CARD] == list(range(JOKER.id + 1)), "card ids are 0 to 32"

#: Every card of every deck as one mask (``Card.bit``): the engine's hands and tricks are
#: masks of these.
ALL_CARDS = sum(card.bit for card in _EVERY_CARD)


def _suit_masks(suits: list[Suit | None]) -> list[int]:
    """Per card id: the mask (``Card.bit``) of every card of the same effective suit (0 for
    a card of no suit: the joker without a trump)."""
    masks = {suit: sum(c.bit for c in _EVERY_CARD if suits[c.id] is suit) for suit in Suit}
    return [0 if suit is None else masks[suit] for suit in suits]


# Indexed like SUIT_TABLES: each card's effective suit as a mask of cards, so that
# "the cards that follow this lead" is one ``&``.
SUIT_MASK_TABLES: tuple[list[int], ...] = tuple(_suit_masks(row) for row in SUIT_TABLES)

# Indexed by trump like SUIT_TABLES: the trumps as a mask of card ids (none without a trump).
TRUMP_MASKS: tuple[int, ...] = (*(SUIT_MASK_TABLES[s.idx][right_bower(s).id] for s in Suit), 0)


def table_index(trump: TrumpSuit) -> int:
    """The index of ``trump``'s row in ``SUIT_TABLES`` and ``POWER_TABLES``.

    >>> table_index(Suit.CLUBS), table_index(None)
    (0, 4)
    """
    return 4 if trump is None else trump.idx


def trump_order(trump: Suit, deck: int = 24, joker: bool = False) -> list[Card]:
    """The trumps, highest first: right bower, left bower, A K Q 10 9 (8 7).

    >>> [c.code for c in trump_order(Suit.HEARTS)]
    ['Jh', 'Jd', 'Ah', 'Kh', 'Qh', 'Th', '9h']
    >>> len(trump_order(Suit.SPADES, deck=32, joker=True))
    10
    """
    cards = [c for c in make_deck(deck, joker) if is_trump(c, trump)]
    return sorted(cards, key=lambda c: -card_power(c, trump))


def suit_order(suit: Suit, trump: TrumpSuit, deck: int = 24, joker: bool = False) -> list[Card]:
    """The cards that belong to ``suit`` this hand, highest first.

    >>> [c.code for c in suit_order(Suit.DIAMONDS, Suit.HEARTS)]
    ['Ad', 'Kd', 'Qd', 'Td', '9d']
    """
    cards = [c for c in make_deck(deck, joker) if effective_suit(c, trump) is suit]
    return sorted(cards, key=lambda c: -card_power(c, trump))


def ranking(trump: TrumpSuit, deck: int = 24, joker: bool = False) -> list[tuple[Suit, list[Card]]]:
    """Every suit with its cards in order, trumps first (as the trump explorer shows it).

    >>> [(s.letter, len(cards)) for s, cards in ranking(Suit.HEARTS)]
    [('h', 7), ('c', 6), ('d', 5), ('s', 6)]
    """
    if trump is None:
        order = [Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS]
    else:  # alternate the colours, the left bower's printed suit right after a black/red one
        others = [s for s in Suit if s.is_red != trump.is_red]
        order = [trump, others[0], trump.partner, others[1]]
    joker = joker and trump is not None  # the joker belongs to no suit without a trump
    return [(s, suit_order(s, trump, deck, joker)) for s in order]


def led_suit(led: Card, trump: TrumpSuit) -> Suit:
    """The suit everyone must follow when ``led`` leads the trick."""
    return effective_suit(led, trump)


def legal_plays(hand: Sequence[Card], led: Card | None, trump: TrumpSuit) -> list[Card]:
    """The cards of ``hand`` that may be played, in hand order. ``led`` is the first card of
    the trick, or None when this play leads.

    >>> from euchre.cards import parse_cards
    >>> legal_plays(parse_cards("Jd 9s Kc"), Card.parse("Ad"), Suit.HEARTS) == parse_cards("Jd 9s Kc")
    True
    >>> legal_plays(parse_cards("Jd Ad 9s"), Card.parse("9h"), Suit.HEARTS) == [Card.parse("Jd")]
    True
    """
    if led is None:
        return list(hand)
    suits = SUIT_TABLES[4 if trump is None else trump.idx]
    suit = suits[led.id]
    following = [c for c in hand if suits[c.id] is suit]
    return following if following else list(hand)


def trick_winner(cards: Sequence[Card], trump: TrumpSuit) -> int:
    """The index of the winning card; ``cards[0]`` led.

    >>> from euchre.cards import parse_cards
    >>> trick_winner(parse_cards("Ad Kd Ah 9c"), Suit.HEARTS)
    2
    >>> trick_winner(parse_cards("Ad Kd Ac 9c"), Suit.HEARTS)
    0
    """
    if not cards:
        raise ValueError("a trick needs at least one card")
    index = 4 if trump is None else trump.idx
    suits, powers = SUIT_TABLES[index], POWER_TABLES[index]
    suit = suits[cards[0].id]
    best, best_power = 0, -1
    for i, card in enumerate(cards):
        card_suit = suits[card.id]
        if card_suit is not suit and (trump is None or card_suit is not trump):
            continue
        power = powers[card.id]
        if power > best_power:
            best, best_power = i, power
    return best


def role(card: Card, trump: TrumpSuit) -> str:
    """What a card is this hand, in words: "the right bower", "the left bower", "a trump",
    "the joker" or "a plain card".

    >>> role(Card.parse("Jd"), Suit.HEARTS), role(Card.parse("Jc"), Suit.HEARTS)
    ('the left bower', 'a plain card')
    """
    if card.is_joker:
        return "the joker"
    if trump is not None:
        if card == right_bower(trump):
            return "the right bower"
        if card == left_bower(trump):
            return "the left bower"
        if card.suit is trump:
            return "a trump"
    return "a plain card"
