"""What suit is this card now? The engine's ``effective_suit`` answers; ``explain_suit``
explains.

>>> from euchre_tutorial.quiz.generate import build
>>> from euchre_tutorial.quiz.model import QuestionId
>>> q = build(QuestionId("suit", "learning", "left-led", 1, "american"))
>>> q.card == q.trick[0], q.answer == (q.trump.letter,)
(True, True)
"""

from __future__ import annotations

from typing import Any

import euchre
from euchre import Card, Rank, Suit
from euchre.rng import SeededRandom

from euchre_tutorial.quiz.common import SUITS, Context, deck, sentence
from euchre_tutorial.quiz.model import Option, Played, Question

TITLE = "What suit is this card now?"


def candidate(rng: SeededRandom, ctx: Context) -> Question | None:
    """A trump suit and one card, sometimes with the card that was led."""
    rules, trap = ctx.rules, ctx.qid.trap
    trump = rng.choice(list(SUITS))
    cards = deck(rules)
    left = euchre.left_bower(trump)
    led: Card | None = None
    if trap == "plain-jack":
        card = rng.choice(
            [
                c
                for c in cards
                if c.rank is Rank.JACK and c.suit is not None and c.suit.is_red != trump.is_red
            ]
        )
        if rng.random() < 0.4:  # a trump led: the plain jack still cannot follow it
            led = rng.choice([c for c in cards if c.suit is trump and c.rank is not Rank.JACK])
    elif trap == "left-led":
        card = led = left
    elif trap == "left-suit-led":
        card = left
        led = rng.choice([c for c in cards if c.suit is left.suit and c != left])
    else:
        roll = rng.random()
        if roll < 0.25:
            card = euchre.right_bower(trump)
        elif roll < 0.35 and rules.joker:
            card = euchre.JOKER
        elif roll < 0.7:  # a card of the trump color that stays in its own suit
            card = rng.choice(
                [c for c in cards if c.suit is trump.partner and c.rank is not Rank.JACK]
            )
        else:
            card = rng.choice([c for c in cards if c.rank is not Rank.JACK and not c.is_joker])
    return make(ctx, trump, card, led)


def make(ctx: Context, trump: Suit, card: Card, led: Card | None) -> Question:
    """The question for one card (and the led card, if any)."""
    prompt = f"{trump.plural.capitalize()} are trump."
    table: tuple[Played, ...] = ()
    if led == card:
        prompt += f" {card} is led. Which suit must the other players follow?"
        table = (Played("Led", card),)
    else:
        if led is not None:
            prompt += f" {led} was led."
            table = (Played("Led", led),)
        prompt += f" Which suit does {card} belong to in this deal?"
        table += (Played("This card", card),)
    options = tuple(Option(s.letter, s.plural.capitalize(), symbol=s.symbol) for s in SUITS)
    answer = euchre.effective_suit(card, trump)
    return Question(
        id=ctx.qid,
        title=TITLE,
        prompt=prompt,
        trump=trump,
        pick="one",
        options=options,
        answer=(answer.letter,),
        table=table,
        trick=(led,) if led is not None else (),
        card=card,
    )


def accept(question: Question) -> bool:
    """Every card will do."""
    return question.card is not None


def explain(question: Question, given: list[str], ctx: Context) -> dict[str, Any]:
    """The engine's ``explain_suit``."""
    card, trump = question.card, question.trump
    assert card is not None and trump is not None  # a suit question always names trump
    suit = euchre.effective_suit(card, trump)
    reasons = [sentence(euchre.explain_suit(card, trump))]
    if question.trick and question.trick[0] == card:
        reasons.append(
            f"So {suit.plural} were led: everyone must follow {suit.plural} if they can."
        )
    elif question.trick and question.trick[0].suit is card.suit and suit is not card.suit:
        reasons.append(
            sentence(
                f"{card} cannot follow {card.suit.plural if card.suit else ''}: "
                f"it is a {suit.singular} this deal"
            )
        )
    marks = {suit.letter: "right"}
    if given and given[0] != suit.letter:
        marks[given[0]] = "wrong"
        if suit is card.suit and card.rank is not Rank.JACK:
            reasons.append(the_cards_that_move(trump, ctx))
    return {"reasons": reasons, "marks": marks, "cards": {card.code: "asked"}}


def the_cards_that_move(trump: Suit, ctx: Context) -> str:
    """After a wrong answer about a card that keeps its suit: which cards do change suit
    (the engine's ``effective_suit`` over the deck), so the learner stops moving others.

    >>> from euchre import Rules
    >>> from euchre_tutorial.quiz.model import QuestionId
    >>> from euchre_tutorial.quiz.levels import LEVELS
    >>> ctx = Context(QuestionId("suit", "learning", None, 1, "american"), LEVELS["learning"],
    ...               Rules())
    >>> the_cards_that_move(Suit.CLUBS, ctx)
    'Only one card changes suit this deal: J♠ is a club while clubs are trump (it is the left bower).'
    >>> ctx = Context(ctx.qid, ctx.level, Rules().replace(joker=True))
    >>> the_cards_that_move(Suit.HEARTS, ctx)
    'Only two cards change suit this deal: J♦ and the joker, both hearts while hearts are trump.'
    """
    moved = [c for c in deck(ctx.rules) if euchre.effective_suit(c, trump) is not c.suit]
    if len(moved) == 1:
        return sentence(
            f"Only one card changes suit this deal: {euchre.explain_suit(moved[0], trump)}"
        )
    names = " and ".join("the joker" if c.is_joker else str(c) for c in moved)
    count, every = ("two", "both") if len(moved) == 2 else (str(len(moved)), "all")
    return sentence(
        f"Only {count} cards change suit this deal: {names}, {every} "
        f"{trump.plural} while {trump.plural} are trump"
    )
