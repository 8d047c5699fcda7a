"""Which skill and item of the mastery map a quiz question or a learner's mistake trains.

An item is named in plain words, the way the progress page shows it ("the left bower when
hearts are trump"); the same words come from the quiz, the lessons and free play, so every
place the learner practises feeds one FSRS card per item.

>>> from euchre_tutorial.quiz import QuestionId, build
>>> item_of_question(build(QuestionId("suit", "learning", "left-led", 1, "american")))[0]
'left-bower'
>>> item_of_question(build(QuestionId("score", "confident", None, 5, "american")))[0]
'scoring'
"""

from __future__ import annotations

from typing import Any

import euchre
from euchre import Action, ActionKind, Card, HandState, Phase, Rank, Suit

from euchre_tutorial.quiz.model import Question

Item = tuple[str, str]


def left_bower_item(trump: Suit) -> Item:
    """The left-bower item of one trump suit.

    >>> left_bower_item(Suit.HEARTS)
    ('left-bower', 'the left bower when hearts are trump')
    """
    return "left-bower", f"the left bower when {trump.plural} are trump"


def plain_jack_item(trump: Suit) -> Item:
    """The item of a jack that stays in its own suit (the other color's jacks).

    >>> plain_jack_item(Suit.SPADES)
    ('left-bower', 'a jack of the other color when spades are trump')
    """
    return "left-bower", f"a jack of the other color when {trump.plural} are trump"


def _score_item(score: dict[str, Any]) -> str:
    tricks = int(score.get("maker_tricks", 0))
    alone = bool(score.get("alone"))
    if tricks < 3:
        return "a euchre against a lone hand" if alone else "a euchre"
    if tricks == 5:
        return "a lone march" if alone else "a march"
    return "three or four tricks"


BID_ITEMS = {
    "bids": "which bids you may make",
    "leader": "who leads after the bidding",
    "bidscore": "what a bid scores, made or set",
}
"""The items of Bid Euchre's bidding questions (the skill ``bidding``)."""


def item_of_question(question: Question) -> Item:
    """The skill and item a quiz question trains: its left-bower trap when it holds one,
    else what its kind asks.

    >>> from euchre_tutorial.quiz import QuestionId, build
    >>> item_of_question(build(QuestionId("plays", "learning", "plain-jack", 3, "american")))[1].startswith("a jack of the other color")
    True
    >>> item_of_question(build(QuestionId("plays", "learning", None, 3, "american")))
    ('trick-winner', 'following the suit led')
    >>> item_of_question(build(QuestionId("winner", "learning", None, 3, "american")))
    ('trick-winner', 'who wins a trick')
    >>> item_of_question(build(QuestionId("order", "learning", "left-rank", 3, "american")))[0]
    'trump-order'
    >>> item_of_question(build(QuestionId("bids", "learning", None, 3, "bid-euchre")))
    ('bidding', 'which bids you may make')
    """
    trump, trap, kind = question.trump, question.trap, question.kind
    if kind in BID_ITEMS:
        return "bidding", BID_ITEMS[kind]
    if trump is None:  # a Bid Euchre deal at no-trump: following the suit led
        return "trick-winner", "following the suit led at no-trump"
    if kind == "order":
        if trap is not None:
            return "trump-order", f"the left bower's place when {trump.plural} are trump"
        return "trump-order", f"the order of trumps when {trump.plural} are trump"
    if kind == "score":
        return "scoring", _score_item(question.score)
    if trap == "plain-jack":
        return plain_jack_item(trump)
    if trap is not None:
        return left_bower_item(trump)
    if kind == "plays":
        return "trick-winner", "following the suit led"
    if kind == "winner":
        return "trick-winner", "who wins a trick"
    return "left-bower", f"a card's suit when {trump.plural} are trump"


def _is_left(card: Card, trump: Suit | None) -> bool:
    return trump is not None and card == euchre.left_bower(trump)


def _is_jack(card: Card) -> bool:
    return card.rank is Rank.JACK


def _play_item(state: HandState, seat: int, card: Card) -> Item:
    trump = state.trump
    trick = state.current_trick
    if not trick:
        return "leading", "which cards may lead a trick"
    led = trick[0][1]
    hand = list(state.hand(seat))
    if trump is not None:
        left = euchre.left_bower(trump)
        led_suit = euchre.effective_suit(led, trump)
        held = left in hand and led_suit in (trump, left.suit)
        if _is_left(led, trump) or _is_left(card, trump) or held:
            return left_bower_item(trump)
        if any(
            _is_jack(c) and c.suit is not None and c.suit.is_red != trump.is_red
            for c in (led, card)
        ):
            return plain_jack_item(trump)
    return "trick-winner", "following the suit led"


def item_of_mistake(state: HandState, seat: int, text: str) -> Item | None:
    """The skill and item a refused action shows the learner has to work on, decided from
    the state it was refused in; None when the refusal teaches no skill (not your turn, a
    click on nothing).

    >>> from euchre import Deal, Rules
    >>> rules = Rules.profile("stick-the-dealer")
    >>> st = HandState.new(Deal.random(seed=7, dealer=0, rules=rules), rules)
    >>> for _ in range(4): st = st.apply("pass")
    >>> for _ in range(3): st = st.apply("pass")
    >>> st.why_illegal("pass") is not None, item_of_mistake(st, 0, "pass")
    (True, ('round-two', 'the stuck dealer must call'))
    """
    if state.to_act != seat:
        return None
    try:
        action = Action.parse(text)
    except ValueError:
        return None
    if action.kind is ActionKind.PLAY:
        if (
            state.phase is not Phase.PLAY
            or not action.cards
            or action.cards[0] not in state.hand(seat)
        ):
            return None  # a card clicked out of turn or not held: nothing to learn from it
        return _play_item(state, seat, action.cards[0])
    if action.kind is ActionKind.DISCARD:
        return "discard", "what the dealer may discard"
    return _bidding_item(state.phase, action)


def _bidding_item(phase: Phase, action: Action) -> Item | None:
    """The item a refused bid (pass, order, call, alone) shows, by the round it was made in."""
    if phase is Phase.ROUND_TWO:
        if action.kind is ActionKind.PASS:
            return "round-two", "the stuck dealer must call"
        if action.kind is ActionKind.CALL:
            return "round-two", "the turned-down suit cannot be called"
        return "round-two", "calling in round two"
    if phase is Phase.ROUND_ONE and not action.alone:
        return "ordering-up", "what may be done in round one"
    if action.alone:
        return "going-alone", "who may go alone"
    return None


def mastery_field(item: Item | None, correct: bool) -> dict[str, Any] | None:
    """The ``mastery`` field of a bridge reply: what the page forwards to the progress record.

    >>> mastery_field(("leading", "lead trump"), False)
    {'skill': 'leading', 'item': 'lead trump', 'correct': False}
    >>> mastery_field(None, True) is None
    True
    """
    if item is None:
        return None
    return {"skill": item[0], "item": item[1], "correct": bool(correct)}
