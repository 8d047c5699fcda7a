"""Playing the tricks: following suit (and why a card may not be played), the trick's
winner, and the deal's result; the play phase's entry of the phase table (``PHASES``).

Every variant plays its tricks this way. This is the general path, on a ``Position``; the
engine's hot path plays the same cards on small nodes (``play_node.py``), and a test holds
the two to the same positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from euchre.actions import PLAYS, Action, ActionKind
from euchre.cards import JOKER, SUITS, Card, Rank, Suit
from euchre.phase import Phase
from euchre.position import NO_TRICK, PhaseRules, Position, finish, hands_now
from euchre.rules import Rules
from euchre.scoring import HandResult, score_hand
from euchre.seats import team_of
from euchre.trump import effective_suit, role


@dataclass(frozen=True, eq=False)
class Trick:
    """A completed trick: who led, the cards in play order (with the seat of each), the winner."""

    leader: int
    cards: list[Card]
    seats: list[int]
    winner: int

    @classmethod
    def of(cls, leader: int, cards: list[Card], seats: list[int], winner: int) -> Trick:
        """A trick the engine has just seen played (nothing to check).

        >>> Trick.of(0, [], [], 0) == Trick(0, [], [], 0)
        True
        """
        return cls(leader, cards, seats, winner)

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


# ---------------------------------------------------------------------- play
def play_candidates(s: Position) -> list[Action]:
    """The cards the seat to act may play (following suit when it can), as actions in deck
    order (see ``plays_of``)."""
    seat = s["to_act"]
    assert seat is not None
    hand = s["seat_masks"][seat] & s["unplayed"]
    return plays_of(hand & s["trick"][1] or hand)


# The play actions of each set of cards seen lately, by mask (``plays_of`` lists a set not
# seen yet): listing the legal plays is then one look-up. Bounded, so that a long session's
# cache stays small.
PLAY_LISTS: dict[int, list[Action]] = {}
_MOST_PLAY_LISTS = 1 << 16  # above the 55,454 sets of one to five cards of the 24-card deck
_SHORT_DECK = 1 << 24  # the bits of the 24-card deck (``cards.mask_place``)


def plays_of(mask: int) -> list[Action]:
    """The actions of playing each card of ``mask`` (``Card.bit``), in deck order: clubs,
    diamonds, hearts, spades, then the joker; each suit from its lowest rank. The list is
    shared: do not change it.

    >>> from euchre.cards import parse_cards
    >>> from euchre.position import mask_of
    >>> [str(a) for a in plays_of(mask_of(parse_cards("Jd Kc 9s 9c 7d")))]
    ['play 9c', 'play Kc', 'play 7d', 'play Jd', 'play 9s']
    """
    listed = PLAY_LISTS.get(mask)
    if listed is not None:
        return listed
    if mask < _SHORT_DECK:  # each suit's 9 to A (six bits a suit)
        listed = [*_HIGH[0][mask & 63], *_HIGH[1][mask >> 6 & 63],
                  *_HIGH[2][mask >> 12 & 63], *_HIGH[3][mask >> 18]]  # fmt: skip
    else:  # each suit's 7 and 8 (bits 24 up, two a suit) before its 9 to A; the joker last
        listed = [
            *_LOW[0][mask >> 24 & 3], *_HIGH[0][mask & 63],
            *_LOW[1][mask >> 26 & 3], *_HIGH[1][mask >> 6 & 63],
            *_LOW[2][mask >> 28 & 3], *_HIGH[2][mask >> 12 & 63],
            *_LOW[3][mask >> 30 & 3], *_HIGH[3][mask >> 18 & 63],
            *_JOKER[mask >> 32 & 1],
        ]  # fmt: skip
    if len(PLAY_LISTS) >= _MOST_PLAY_LISTS:
        PLAY_LISTS.clear()
    PLAY_LISTS[mask] = listed
    return listed


def _block(cards: list[Card]) -> tuple[tuple[Action, ...], ...]:
    """For each set of ``cards`` (bits next to each other in masks, the lowest first),
    as a mask of them shifted down to bit 0: the actions of playing those cards, in order."""
    return tuple(
        tuple(PLAYS[card.id] for i, card in enumerate(cards) if bits >> i & 1)
        for bits in range(1 << len(cards))
    )


# By suit: the 7 and 8, and the 9 to A (see ``cards.mask_place``); and the joker.
_LOW = tuple(_block([Card(Rank.SEVEN, s), Card(Rank.EIGHT, s)]) for s in SUITS)
_HIGH = tuple(_block([Card(r, s) for r in Rank if Rank.NINE <= r <= Rank.ACE]) for s in SUITS)
_JOKER = _block([JOKER])


def play_check(s: Position, a: Action) -> str | None:
    seat = s["to_act"]
    assert seat is not None
    if not a.cards:
        return "say which card to play, like 'play Jd'"
    card = a.card
    hand = hands_now(s)[seat]
    if card not in hand:
        return f"you do not hold {card}"
    current = s["trick"][0]
    if not current:
        return None
    return why_card_illegal(card, hand, current[0][1], s["trump"])


def play_apply(s: Position, a: Action) -> None:
    """Play ``a``, a legal card, in place on a fresh position (the phase table's move).
    Every card played to a trick by the last seat ends it, and the winner leads the next;
    the winner's empty hand ends the deal. The next player's legal plays are listed as the
    move is made (one mask look-up), so that a state's ``legal_actions`` is ready.

    The trick in progress is one value, read and written once, and its winner is kept as
    the cards fall: the highest power among the cards that can win (the suit led and the
    trumps).
    """
    seat = s["to_act"]
    assert seat is not None
    card = a.cards[0]
    bit = card.bit
    s["unplayed"] = unplayed = s["unplayed"] ^ bit
    power = s["powers"][card.id]
    current, follow, can_win, best_seat, best_power = s["trick"]
    if not current:
        follow = s["suit_masks"][card.id]
        can_win = follow | s["trumps"]
        best_seat, best_power = seat, power
    elif power > best_power and bit & can_win:
        best_seat, best_power = seat, power
    current += ((seat, card),)
    following = s["next_of"][seat]
    if following != s["leader"]:  # someone has still to play to this trick
        s["trick"] = (current, follow, can_win, best_seat, best_power)
        s["to_act"] = following
        hand = s["seat_masks"][following] & unplayed
        s["legal"] = plays_of(hand & follow or hand)
        return
    s["done"] += ((current, best_seat),)
    s["trick"] = NO_TRICK
    hand = s["seat_masks"][best_seat] & unplayed
    if hand:  # the winner leads the next trick, any card
        s["to_act"] = s["leader"] = best_seat
        s["legal"] = plays_of(hand)
        return
    finish(s, deal_result(s))


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
    >>> print(why_card_illegal(Card.parse("Kd"), parse_cards("Js Ac Kd"), Card.parse("Qc"), Suit.CLUBS))
    Q♣ was led, so the suit to follow is clubs. You hold clubs (J♠, A♣): you must follow suit. J♠ is a club while clubs are trump (it is the left bower).
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
    held = _a(suit) if len(followers) == 1 else suit.plural
    holding = f"You hold {held} ({names}): you must follow suit."
    if card.suit is suit and trump is not None:
        # The left bower (or the joker) is played "as" its printed suit.
        return f"{explain_suit(card, trump)}, so it cannot follow {suit.plural}. {holding}"
    hidden = [c for c in followers if c.suit is not suit]
    if len(followers) == 1 and hidden:  # only the bower (or the joker) follows
        return (
            f"You must follow {suit.plural}: {explain_suit(hidden[0], trump)}, "
            f"so you hold {_a(suit)}."
        )
    moved = "".join(f" {_capital(explain_suit(c, trump))}." for c in hidden)  # listed, and why
    return f"{_led_words(led, trump)} {holding}{moved}"


def _capital(text: str) -> str:
    """``text`` begun with a capital ("the joker is …" starts a sentence)."""
    return text[:1].upper() + text[1:]


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
    'J♣ is a club: only the jacks of the trump color change suit'
    """
    suit = effective_suit(card, trump)
    what = role(card, trump)
    if card.is_joker:
        return f"the joker is a {suit.singular} while {suit.plural} are trump (it is the highest trump)"
    if card.suit is not suit:
        return f"{card} is a {suit.singular} while {suit.plural} are trump (it is {what})"
    if what == "the right bower":
        return f"{card} is a {suit.singular} (it is the right bower, the jack of trump)"
    if card.rank is Rank.JACK and trump is not None:
        return f"{card} is a {suit.singular}: only the jacks of the trump color change suit"
    return f"{card} is a {suit.singular}"


def tricks_of(s: Position) -> tuple[Trick, ...]:
    """The completed tricks, as ``Trick`` values."""
    return tuple(
        Trick.of(cards[0][0], [c for _, c in cards], [x for x, _ in cards], winner)
        for cards, winner in s["done"]
    )


def deal_result(s: Position) -> HandResult:
    """How the deal ended, once its last trick is played."""
    maker = s["maker"]
    assert maker is not None
    side = s["maker_side"]
    made = sum(1 for _, winner in s["done"] if winner in side)
    rules, alone, defended = s["rules"], s["alone"], s["defender"] is not None
    return deal_outcome(rules, maker, side, alone, defended, made, s["bid"])


def deal_outcome(
    rules: Rules,
    maker: int,
    side: frozenset[int],
    alone: bool,
    defender_alone: bool,
    made: int,
    bid: int = 0,
) -> HandResult:
    """How a deal ends when ``maker``'s side (``side``, the maker included) takes ``made``
    tricks (against a bid of ``bid`` tricks, in Bid Euchre).

    >>> deal_outcome(Rules(), 1, frozenset({1, 3}), False, False, 2).points
    (2, 0)
    >>> deal_outcome(Rules.profile("bid-euchre"), 1, frozenset({1, 3}), False, False, 2, 3).points
    (4, -3)
    """
    if rules.partnerships:
        return team_result(made, alone, defender_alone, team_of(maker, True), rules, bid)
    maker_points, defender_points = score_hand(made, alone, rules, defender_alone, bid)
    points = tuple(
        maker_points if seat in side else defender_points for seat in range(rules.players)
    )
    return HandResult(points, rules.team_of(maker), made, alone, defender_alone, individual=True)


@cache
def team_result(
    made: int, alone: bool, defender_alone: bool, maker_team: int, rules: Rules, bid: int = 0
) -> HandResult:
    """The result of a deal played in partnerships, where the making team took ``made``
    tricks (against a bid of ``bid``, in Bid Euchre), scored as the rules' variant scores
    it; one shared value per outcome (a result never changes).

    >>> team_result(5, True, False, 1, Rules()).points
    (0, 4)
    >>> team_result(3, False, False, 0, Rules.profile("bid-euchre"), 4).points
    (-4, 3)
    """
    maker_points, defender_points = score_hand(made, alone, rules, defender_alone, bid)
    points = [0] * rules.num_teams
    points[maker_team] = maker_points
    points[1 - maker_team] = defender_points
    tricks = rules.hand_size
    return HandResult(
        tuple(points), maker_team, made, alone, defender_alone, bid=bid, tricks=tricks
    )


#: The play phase's entry of the phase table (``phases.py``).
PHASES = {
    Phase.PLAY: PhaseRules(
        frozenset((ActionKind.PLAY,)),
        play_candidates,
        play_check,
        play_apply,
        exact=True,
        hint=lambda s, a: f"'{a}' is not possible now: trump is made and it is time to play a card",
    )
}
