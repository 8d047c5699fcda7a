"""Explanations a learner understands: why a card wins a trick, what a deal scores.

>>> from euchre.cards import parse_cards, Suit
>>> explain_trick(parse_cards("Jd Ah 9h Jh"), Suit.HEARTS)
'J♥ wins: the right bower outranks every other trump played.'
>>> explain_trick(parse_cards("Ad Kd Ac 9d"), Suit.HEARTS)
'A♦ wins: nobody played a trump, so the highest diamond takes the trick (A♣ is not a diamond, so it cannot win).'
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.cards import Card, Suit
from euchre.scoring import TRICKS, TRICKS_TO_MAKE, HandResult, score_hand
from euchre.state import HandState
from euchre.trump import effective_suit, is_trump, left_bower, right_bower, trick_winner


def explain_trick(cards: Sequence[Card], trump: Suit | None) -> str:
    """Why the winning card of a trick wins, in one sentence. ``cards[0]`` led."""
    win = cards[trick_winner(cards, trump)]
    trumps = [c for c in cards if is_trump(c, trump)]
    if trump is not None and trumps:
        if win.is_joker:
            return "The joker wins: it is the highest trump of all."
        if win == right_bower(trump) and len(trumps) > 1:
            # not "the highest trump": with a joker in the deck it is the second
            return f"{win} wins: the right bower outranks every other trump played."
        if len(trumps) == 1:
            note = ""
            if win == left_bower(trump):
                note = f" ({win} is the left bower, a {trump.singular} this deal)"
            led = effective_suit(cards[0], trump)
            if led is trump:
                return f"{win} wins: it is the only trump played{note}."
            return f"{win} wins: it is the only trump, and any trump beats every card of another suit{note}."
        if win == left_bower(trump):
            return f"{win} wins: the left bower ranks just below the right bower, and the right bower is not in this trick."
        return f"{win} wins: it is the highest of the trumps played."
    suit = effective_suit(cards[0], trump)
    higher = [c for c in cards if effective_suit(c, trump) is not suit and c.rank >= win.rank]
    reason = (
        f"{win} wins: nobody played a trump, so the highest {suit.singular} takes the trick"
        if trump is not None
        else f"{win} wins: with no trump, the highest {suit.singular} takes the trick"
    )
    if higher:
        other = max(higher, key=lambda c: c.rank)  # the most tempting card that lost
        return f"{reason} ({other} is not a {suit.singular}, so it cannot win)."
    return reason + "."


def explain_score(subject: HandState | HandResult) -> str:
    """What a finished deal scores, and why.

    >>> from euchre.scoring import HandResult
    >>> explain_score(HandResult((0, 2), 0, 2))
    'The makers took 2 tricks, fewer than 3: euchred, and the defenders score 2 points.'
    >>> explain_score(HandResult((0, 2, 2), 0, 1, individual=True))
    'The maker took 1 trick, fewer than 3: euchred, and each opponent scores 2 points.'
    >>> explain_score(HandResult((0, 2), 0, 1, individual=True))  # two-handed
    'The maker took 1 trick, fewer than 3: euchred, and the opponent scores 2 points.'
    >>> explain_score(HandResult((4, 0), 0, 5, alone=True))
    'The lone maker took all 5 tricks, a march: 4 points.'
    >>> explain_score(HandResult((0, 2, 2, 0, 2), 0, 2, individual=True))  # call-ace
    'The maker and the secret partner took 2 tricks, fewer than 3: euchred, and each opponent scores 2 points.'
    """
    result = subject.result if isinstance(subject, HandState) else subject
    if result is None:
        return "The deal is not over yet."
    if result.bid:
        return _explain_bid(result)
    if result.redeal:
        return "A farmer's hand was thrown in: nobody scores, and the same dealer deals again."
    if result.makers is None and result.tricks != TRICKS:  # Bid Euchre's one round of bids
        return "Everyone passed: the cards are thrown in, nobody scores, and the deal passes left."
    if result.makers is None:
        return "Everyone passed twice: the cards are thrown in, nobody scores, and the deal passes left."
    made = result.maker_tricks
    makers, defenders = score_hand(made, result.alone, None, result.defender_alone)
    if result.individual:
        # the maker's side is the seats that scored the maker's points (none, when euchred)
        maker_side = sum(1 for p in result.points if p == makers)
        who = "The maker" if maker_side == 1 else "The maker and the secret partner"
        each = "scores" if maker_side == 1 else "each score"
        # two-handed: one opponent, who scores alone
        others = "the opponent scores" if len(result.points) == 2 else "each opponent scores"
    else:
        who = "The lone maker" if result.alone else "The makers"
        each = "score" if not result.alone else "scores"
        others = "the defenders score"
    plural = "trick" if made == 1 else "tricks"
    if made == TRICKS:
        return f"{who} took all 5 tricks, a march: {makers} points."
    if made >= TRICKS_TO_MAKE:
        note = (
            " (going alone pays extra only for a march)"
            if result.alone and not result.individual
            else ""
        )
        return f"{who} took {made} tricks and {each} 1 point{note}."
    if result.defender_alone:
        lone = TRICKS - made
        return (
            f"{who} took {made} {plural}, fewer than {TRICKS_TO_MAKE}: euchred. The lone defender's side "
            f"took {lone} and scores {defenders} points."
        )
    return f"{who} took {made} {plural}, fewer than {TRICKS_TO_MAKE}: euchred, and {others} {defenders} points."


def _explain_bid(result: HandResult) -> str:
    """What a deal of Bid Euchre scores, and why (``HandResult.bid`` is set).

    >>> _explain_bid(HandResult((5, 1), 0, 5, bid=4, tricks=6))
    'The bidders bid 4 and took 5 tricks: they score 5 points, and the defenders 1.'
    >>> _explain_bid(HandResult((3, -4), 1, 3, bid=4, tricks=6))
    'The bidders bid 4 but took 3 tricks: set, they lose 4 points, and the defenders score 3.'
    >>> _explain_bid(HandResult((12, 0), 0, 6, True, bid=6, tricks=6))
    'The moon: the shooter took all 6 tricks alone and scores 12 points.'
    """
    assert result.makers is not None
    bidders = result.points[result.makers]
    defenders = result.points[1 - result.makers]
    made, tricks = result.maker_tricks, result.tricks
    others = f", and the defenders score {defenders}" if defenders else ""
    if result.alone:
        if made == tricks:
            return (
                f"The moon: the shooter took all {tricks} tricks alone and scores {bidders} points."
            )
        return (
            f"The moon failed: the shooter took {made} of the {tricks} tricks, so the bidders "
            f"lose {-bidders} points{others}."
        )
    plural = "trick" if made == 1 else "tricks"
    if result.euchred:
        return (
            f"The bidders bid {result.bid} but took {made} {plural}: set, they lose "
            f"{-bidders} points{others}."
        )
    defended = f", and the defenders {defenders}" if defenders else ""
    return f"The bidders bid {result.bid} and took {made} {plural}: they score {bidders} points{defended}."
