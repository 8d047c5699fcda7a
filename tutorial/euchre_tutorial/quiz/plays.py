"""Which of your cards may you play? The engine's ``legal_plays`` answers; its
``why_card_illegal`` explains.

>>> from euchre_tutorial.quiz.generate import build
>>> from euchre_tutorial.quiz.model import QuestionId
>>> q = build(QuestionId("plays", "first-time", None, 5, "american"))
>>> q.pick, len(q.hand)
('many', 3)
"""

from __future__ import annotations

from typing import Any

import euchre
from euchre import Card, Deal, Suit
from euchre.rng import SeededRandom
from euchre.seats import clockwise_from, seat_after

from euchre_tutorial.quiz.common import (
    SUITS,
    Context,
    pick_jack,
    play_trick,
    seat_name,
    seat_words,
    sentence,
)
from euchre_tutorial.quiz.model import Option, Played, Question

TITLE = "Which cards may you play?"


def candidate(rng: SeededRandom, ctx: Context) -> Question | None:
    """One random situation: a deal, a trump suit, a trick led up to you."""
    rules, level, trap = ctx.rules, ctx.level, ctx.qid.trap
    players = rules.players
    deal = Deal.random(rng.below(1 << 32), dealer=rng.below(players), rules=rules)
    before = min(rng.choice(list(level.seen_before_you)), players - 1)
    order = clockwise_from(seat_after(0, -before, players), players)[:before]  # before you
    hands = {s: list(deal.hands[s][: level.hand_size]) for s in range(players)}
    mine = hands[0]
    leader_hand = hands[order[0]]
    trump: Suit | None = rng.choice(list(SUITS))
    lead: Card | None = None
    if trap in ("left-led", "left-suit-led", "left-only-trump"):
        source = leader_hand if trap == "left-led" else mine
        jack = pick_jack(rng, source)
        if jack is None or jack.suit is None:
            return None
        trump = jack.suit.partner
        if trap == "left-led":
            lead = jack
        else:
            wanted = jack.suit if trap == "left-suit-led" else trump
            options = [
                c for c in leader_hand if euchre.effective_suit(c, trump) is wanted and c != jack
            ]
            if not options:
                return None
            lead = rng.choice(options)
    elif trap == "plain-jack":
        jack = pick_jack(rng, mine + leader_hand)
        if jack is None or jack.suit is None:
            return None
        trump = rng.choice([s for s in SUITS if s.is_red != jack.suit.is_red])
        if jack in leader_hand:
            lead = jack
    elif no_trump_deal(rng, ctx):
        trump = None
    cards = play_trick(rng, hands, order, trump, lead=lead)
    return make(ctx, trump, cards, order, mine)


def no_trump_deal(rng: SeededRandom, ctx: Context) -> bool:
    """A Bid Euchre deal played at no-trump (one in three, where the table plays it): the
    jacks are plain cards there. Euchre's questions keep a trump suit (and their seeds)."""
    rules = ctx.rules
    return rules.variant == "bid" and rules.no_trump and rng.below(3) == 0


def make(
    ctx: Context, trump: Suit | None, cards: list[Card], order: list[int], hand: list[Card]
) -> Question:
    """The question for a trick so far (``cards`` played by ``order``) and your hand."""
    players = ctx.rules.players
    names = [seat_name(s, players) for s in order]
    table = tuple(
        Played(n, c, "led" if i == 0 else "")
        for i, (n, c) in enumerate(zip(names, cards, strict=True))
    )
    led = cards[0]
    who = seat_words(names[0])
    trumps = "There is no trump." if trump is None else f"{trump.plural.capitalize()} are trump."
    prompt = (
        f"{trumps} {sentence(who)[:-1]} led {led}. "
        "Which of your cards may you play? Choose every card that is allowed."
    )
    legal = euchre.legal_plays(hand, led, trump)
    return Question(
        id=ctx.qid,
        title=TITLE,
        prompt=prompt,
        trump=trump,
        pick="many",
        options=tuple(Option(c.code, str(c), card=c) for c in hand),
        answer=tuple(c.code for c in legal),
        table=table,
        hand=tuple(hand),
        trick=tuple(cards),
    )


def accept(question: Question) -> bool:
    """A useful question: at least two cards in hand."""
    return len(question.hand) >= 2


def explain(question: Question, given: list[str], ctx: Context) -> dict[str, Any]:
    """Reasons (the engine's words) and the marks for each card."""
    trump, hand, led = question.trump, list(question.hand), question.trick[0]
    legal = euchre.legal_plays(hand, led, trump)
    illegal = [c for c in hand if c not in legal]
    chosen = [Card.parse(v) for v in given]
    if illegal:
        reasons = _must_follow_reasons(hand, illegal, chosen, led, trump)
    else:
        reasons = _may_play_any_reasons(hand, led, trump)
    suit = euchre.effective_suit(led, trump)
    for card in legal:
        if (
            card not in chosen
            and card.suit is not suit
            and euchre.effective_suit(card, trump) is suit
        ):
            said = euchre.explain_suit(card, trump)
            if not any(said in reason for reason in reasons):  # once per card: it may be said above
                reasons.append(sentence(f"{said}, so it follows {suit.plural}"))
    return {"reasons": reasons, "marks": _marks(hand, legal, chosen), "cards": {led.code: "led"}}


def _must_follow_reasons(
    hand: list[Card], illegal: list[Card], chosen: list[Card], led: Card, trump: Suit | None
) -> list[str]:
    """Why the cards played were illegal (or, when none was, the likeliest mistake was)."""
    suit = euchre.effective_suit(led, trump)
    wrong = [c for c in chosen if c in illegal]
    tricky = [c for c in illegal if c.suit is suit or c.rank is euchre.Rank.JACK]
    reasons: list[str] = []
    for card in wrong or [(tricky or illegal)[0]]:
        reason = euchre.why_card_illegal(card, hand, led, trump)
        if reason and sentence(reason) not in reasons:
            reasons.append(sentence(reason))
    return reasons


def _may_play_any_reasons(hand: list[Card], led: Card, trump: Suit | None) -> list[str]:
    """Why every card is legal: the suit led, which the hand cannot follow."""
    suit = euchre.effective_suit(led, trump)
    if led.suit is not suit:
        reasons = [
            sentence(
                f"{led} was led, and {euchre.explain_suit(led, trump)}, so {suit.plural} were led"
            )
        ]
    else:
        reasons = [f"{led} was led, so the suit to follow is {suit.plural}."]
    reasons.append(f"You hold no {suit.singular}, so you may play any card.")
    for card in hand:
        if card.suit is suit and euchre.effective_suit(card, trump) is not suit:
            reasons.append(
                sentence(f"{euchre.explain_suit(card, trump)}, so it does not follow {suit.plural}")
            )
    return reasons


def _marks(hand: list[Card], legal: list[Card], chosen: list[Card]) -> dict[str, str]:
    """Each card's mark: a legal card right (chosen) or missed, an illegal one chosen wrong."""
    marks = {}
    for card in hand:
        if card in legal:
            marks[card.code] = "right" if card in chosen else "missed"
        elif card in chosen:
            marks[card.code] = "wrong"
    return marks
