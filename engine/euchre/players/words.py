"""The learner's words for actions and numbers: what the coach (and the tutorial) says,
never the engine's action codes.

>>> from euchre import Action, Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=3, dealer=0), Rules())
>>> str(state.upcard), action_words(Action.parse("order"), state)
('J♥', 'Order up ♥ hearts')
>>> action_words(Action.parse("call spades alone"), state), action_words(Action.parse("play Qh"), state)
('Call ♠ spades and go alone', 'Play Q♥')
>>> tricks_words(3.2), chance_words(0.26)
('about three of the five tricks', 'about one chance in four')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from euchre.actions import Action
from euchre.cards import Card, Suit
from euchre.phase import Phase
from euchre.players.knowledge import proposed
from euchre.rules import Rules
from euchre.state import HandState
from euchre.view import SeatView

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def word_list(words: Sequence[str]) -> str:
    """Words as a sentence lists them: "West, North and East".

    >>> word_list(["West", "North", "East"]), word_list(["North"]), word_list([])
    ('West, North and East', 'North', '')
    """
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def card_list(cards: Sequence[Card]) -> str:
    """Cards as the learner reads them: "J♥, A♥ and 10♦".

    >>> from euchre.cards import parse_cards
    >>> card_list(parse_cards("Jh Ah Td"))
    'J♥, A♥ and 10♦'
    """
    return word_list([str(c) for c in cards])


def suit_words(suit: Suit | None) -> str:
    """A suit with its symbol: "♥ hearts" (None: "no-trump").

    >>> suit_words(Suit.SPADES)
    '♠ spades'
    """
    return "no-trump" if suit is None else f"{suit.symbol} {suit.plural}"


def _view(view_or_state: SeatView | HandState, seat: int | None) -> SeatView:
    if isinstance(view_or_state, SeatView):
        return view_or_state
    state = view_or_state
    if seat is None:
        seat = state.to_act if state.to_act is not None else (state.dealer + 1) % state.players
    return state.view(seat)


def action_words(
    action: Action | str, view_or_state: SeatView | HandState, seat: int | None = None
) -> str:
    """``action`` in the learner's words, as taken by the seat of the view (or by ``seat``,
    default the seat to act, in a state): "Order up ♥ hearts", "Pick up K♥", "Pass",
    "Call ♠ spades", "Discard 9♣", "Play Q♥", "... and go alone"."""
    a = Action.parse(action)
    view = _view(view_or_state, seat)
    words = _bid_words(a, view) or _card_words(a) or _auction_words(a)
    return words or str(a).capitalize()


def _bid_words(a: Action, view: SeatView) -> str | None:
    """The words of a bid (None for an action with cards)."""
    alone = " and go alone" if a.alone and a.kind != "defend" else ""
    kind = a.kind
    if kind == "pass":
        return _pass_words(view.phase, view.rules)
    if kind == "order":
        if view.seat == view.dealer:
            return f"Pick up {view.upcard}{alone}"
        return f"Order up {suit_words(proposed(view))}{alone}"
    if kind == "call":
        return f"Call {suit_words(a.suit)}{alone}"
    if kind == "decline":
        return f"Decline {view.upcard} and keep your hand"
    if kind == "ace":
        if a.suit is None:
            return "Call for a secret partner"
        return f"Call for the best {a.suit.symbol} {a.suit.singular}"
    return _FIXED_WORDS.get(kind)


#: The words of actions that say the same whatever the hand.
_FIXED_WORDS = {"defend": "Defend alone", "redeal": "Throw the hand in for a new deal"}


def _card_words(a: Action) -> str | None:
    """The words of an action with cards (None for another action)."""
    kind = a.kind
    if kind == "play":
        return f"Play {a.card}"
    if kind == "discard":
        return f"Discard {a.card}" if a.cards else "Discard a card face down"
    if kind == "best":
        if a.cards:
            return f"Call for your partner's best card, setting aside {a.card}"
        return "Call for your partner's best card"
    if kind == "give":
        return f"Give {a.card} to your partner" if a.cards else "Give a card to your partner"
    if kind == "swap":
        return f"Swap {card_list(a.cards)} for the kitty" if a.cards else "Swap cards for the kitty"
    return None


def _auction_words(a: Action) -> str | None:
    """The words of Bid Euchre's bids and naming of trump (None for another action)."""
    if a.kind == "bid":
        return "Shoot the moon" if a.is_moon else f"Bid {a.tricks}"
    if a.kind == "trump":
        return "Name no-trump" if a.suit is None else f"Name {suit_words(a.suit)} as trump"
    return None


def _pass_words(phase: Phase, rules: Rules) -> str:
    if phase is Phase.FARMER:
        return "Keep your hand"
    if phase is Phase.DEFEND:
        return f"Defend with {partner_words(rules)}"
    if phase is Phase.CALL_FOR_BEST:
        return "Play without your partner's card"
    return "Pass"


def number_words(n: int) -> str:
    """A small whole number in words ("no" for 0), digits above ten.

    >>> number_words(0), number_words(3), number_words(12)
    ('no', 'three', '12')
    """
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def tricks_words(mean: float, total: int = 5) -> str:
    """Expected tricks as a beginner reads them: "about three of the five tricks".

    >>> tricks_words(4.9), tricks_words(0.1), tricks_words(0.3), tricks_words(2.5)
    ('all five tricks', 'no tricks', 'almost no tricks', 'two or three of the five tricks')
    >>> tricks_words(4.7)  # not "about five of the five tricks"
    'nearly all five tricks'
    """
    if mean >= total - 0.15:
        return f"all {number_words(total)} tricks"
    if round(mean) == total:
        return f"nearly all {number_words(total)} tricks"
    if mean <= 0.15:
        return "no tricks"
    low = int(mean)
    of = f"of the {number_words(total)} tricks"
    if abs(mean - low - 0.5) < 0.1:
        if low == 0:
            return f"perhaps one {of}"
        return f"{number_words(low)} or {number_words(low + 1)} {of}"
    if round(mean) == 0:
        return "almost no tricks"
    return f"about {number_words(round(mean))} {of}"


def side_words(rules: Rules, defending: bool = False) -> str:
    """Whom a deal's tricks count for, as the learner hears it: "your side" at a table of
    sides (or of called partners), "you" when each player scores alone; at cutthroat the
    two defenders' tricks count together (``defending``: the learner is one of them).

    >>> side_words(Rules()), side_words(Rules(players=3, partnerships=False))
    ('your side', 'you')
    >>> side_words(Rules(players=3, partnerships=False), defending=True)
    'you and the other defender'
    """
    if rules.maker_has_partner:
        return "your side"
    return "you and the other defender" if defending and rules.players > 2 else "you"


def side_takes(rules: Rules, when: str = "", defending: bool = False) -> str:
    """ "your side takes" or "you take" (``when`` goes before the verb): the verb agrees
    with ``side_words``.

    >>> side_takes(Rules(), "then"), side_takes(Rules(players=2, partnerships=False), "then")
    ('your side then takes', 'you then take')
    """
    who = side_words(rules, defending)
    return " ".join(w for w in (who, when, "takes" if who == "your side" else "take") if w)


def makers_words(rules: Rules) -> str:
    """Who made trump, as the learner hears it: "the makers" (a side), or "the maker" where
    the maker plays alone against everyone (two-handed, cutthroat).

    >>> makers_words(Rules()), makers_words(Rules(players=3, partnerships=False))
    ('the makers', 'the maker')
    """
    return "the makers" if rules.maker_has_partner else "the maker"


def partner_words(rules: Rules, possessive: bool = False) -> str:
    """The learner's team mates: "your partner", or "your partners" in two teams of three
    ("your partner's", "your partners'" with ``possessive``).

    >>> partner_words(Rules()), partner_words(Rules().at_table("6"), possessive=True)
    ('your partner', "your partners'")
    """
    many = rules.partner_count > 1
    if possessive:
        return "your partners'" if many else "your partner's"
    return "your partners" if many else "your partner"


def opponents_words(rules: Rules, form: Literal["all", "one", "possessive"] = "all") -> str:
    """The learner's opponents, with one word for a table of two: ``form`` "all" ("the
    opponents", "your opponent"), "one" ("an opponent", "your opponent") or "possessive"
    ("the opponents'", "your opponent's").

    >>> two = Rules().at_table("2")
    >>> [opponents_words(Rules(), f) for f in ("all", "one", "possessive")]
    ['the opponents', 'an opponent', "the opponents'"]
    >>> [opponents_words(two, f) for f in ("all", "one", "possessive")]
    ['your opponent', 'your opponent', "your opponent's"]
    """
    if rules.players == 2:
        return "your opponent's" if form == "possessive" else "your opponent"
    return {"all": "the opponents", "one": "an opponent", "possessive": "the opponents'"}[form]


# (upper bound of the chance, words), in order.
_CHANCES = (
    (0.03, "almost no chance"),
    (0.075, "about one chance in twenty"),
    (0.15, "about one chance in ten"),
    (0.225, "about one chance in five"),
    (0.29, "about one chance in four"),
    (0.42, "about one chance in three"),
    (0.58, "about an even chance"),
    (0.71, "about two chances in three"),
    (0.85, "about three chances in four"),
    (0.97, "about nine chances in ten"),
    (1.01, "a near certainty"),
)


def chance_words(p: float) -> str:
    """A probability in words: "about one chance in four" (a noun phrase, so that "with
    ... of being euchred" reads right at every value).

    >>> chance_words(0.0), chance_words(0.5), chance_words(0.9), chance_words(1.0)
    ('almost no chance', 'about an even chance', 'about nine chances in ten', 'a near certainty')
    """
    for bound, words in _CHANCES:
        if p < bound:
            return words
    return _CHANCES[-1][1]


__all__ = [
    "action_words",
    "card_list",
    "chance_words",
    "number_words",
    "side_takes",
    "side_words",
    "suit_words",
    "tricks_words",
    "word_list",
]
