"""The coach's words for Bid Euchre's decisions before the play: what the hand is worth in
its best trump and why ("the right bower, the left bower and A♥ ... about four of the six
tricks in ♥ hearts"), and the bid, the trump or the moon's pass it advises, which is the
strong player's choice (``auction_bids``). Every number it cites is the hand's own
estimate (``hand_worth``); the values beside each choice are ``auction_values``'.

>>> from euchre import Deal, HandState, Rules
>>> rules = Rules.profile("bid-euchre")
>>> state = HandState.new(Deal.random(seed=3, dealer=0, rules=rules), rules)
>>> told = tell(state.view(state.to_act))
>>> told.action in state.legal_actions() and told.summary.startswith(told.words)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre import actions as A
from euchre.actions import Action
from euchre.cards import Card, Rank, Suit
from euchre.phase import Phase
from euchre.players import auction_bids
from euchre.players.advice import Advice
from euchre.players.auction_bids import Bidding
from euchre.players.auction_values import action_values, contract_points, moon_points
from euchre.players.hand_worth import Worth, hand_worth, top_run, trump_options
from euchre.players.words import action_words, card_list, number_words, suit_words, tricks_words
from euchre.rng import SeededRandom
from euchre.trump import is_trump, left_bower, right_bower, suit_order
from euchre.view import SeatView


@dataclass(frozen=True)
class Told:
    """The coach's advice on a Bid Euchre decision: ``action``, its ``words``, a one-line
    ``summary``, ``reasons``, ``details`` (the estimate in every trump) and every legal
    action with its value in points (``alternatives``, the advised one first)."""

    action: Action
    words: str
    summary: str
    reasons: list[str]
    details: list[str]
    alternatives: list[tuple[Action, float]]


def trump_words(worth: Worth) -> str:
    """The hand's trumps, highest first, by the names players use ("the right bower, the
    left bower and A♥"); "no trumps" when it has none.

    >>> from euchre.cards import parse_cards, Suit
    >>> from euchre.rules import Rules
    >>> trump_words(hand_worth(parse_cards("Jh Jd Ah 9c As Ks"), Suit.HEARTS, Rules.profile("bid-euchre")))
    'the right bower, the left bower and A♥'
    """
    if worth.trump is None or not worth.trumps:
        return "no trumps"
    names = []
    for card in worth.trumps:
        if card == right_bower(worth.trump):
            names.append("the right bower")
        elif card == left_bower(worth.trump):
            names.append("the left bower")
        else:
            names.append(str(card))
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def worth_words(worth: Worth, tricks: int) -> str:
    """Why the hand is worth what it is in ``worth``'s trump, and its estimate."""
    where = "in no-trump" if worth.trump is None else f"with {suit_words(worth.trump)} as trump"
    parts = [] if worth.trump is not None else _runs_words(worth)
    if worth.trump is not None:
        count = number_words(len(worth.trumps))
        parts.append(f"{trump_words(worth)} ({count} trump{'s' * (len(worth.trumps) != 1)})")
    if worth.aces and worth.trump is not None:
        parts.append("side " + card_list(list(worth.aces)))
    if worth.voids and worth.trumps:
        parts.append(f"{number_words(worth.voids)} empty suit{'s' * (worth.voids > 1)} to trump in")
    held = "; ".join(parts) if parts else "no trump and no ace"
    sure = f", {number_words(worth.sure)} of them sure winners" if worth.sure else ""
    return (
        f"{held[0].upper() + held[1:]}: on its own your hand should take "
        f"{tricks_words(worth.tricks, tricks)} {where}{sure}."
    )


def _runs_words(worth: Worth) -> list[str]:
    """No-trump: each suit's unbroken run from its ace ("A♠, K♠ and Q♠ on top of five
    ♠ spades")."""
    out = []
    for suit in Suit:
        held = [c for c in worth.hand if c.suit is suit]
        run = [c for c in suit_order(suit, None) if c in held]
        top = run[: top_run(suit_order(suit, None), held)]
        if top:
            count = number_words(len(held))
            name = suit.plural if len(held) > 1 else suit.singular
            out.append(f"{card_list(top)} on top of {count} {suit.symbol} {name}")
    return out


def _help_words(judged: Bidding, view: SeatView) -> str:
    tricks = "trick" if round(judged.help, 1) == 1.0 else "tricks"
    return (
        f"Your partner should add about {judged.help:.1f} {tricks} (judged from the bidding "
        f"so far), so your side should take {tricks_words(judged.total, view.rules.hand_size)}."
    )


_WHY = {
    "moon": "Your sure winners take every trick{pass_}: shoot the moon for {moon} points.",
    "bid": "Bid {n}: the whole tricks your side can count on (its estimate rounded down), "
    "more than the high bid; a lower bid is easier for the opponents to outbid.",
    "cheapest": "You bid last: {n} is just enough to win the bidding, and a higher bid only "
    "risks more.",
    "over-partner": "Your hand alone should take {n}, more than your partner bid: take over "
    "the bid.",
    "partner": "Your partner holds the high bid, and your hand alone cannot make more.",
    "weak": "Your side cannot expect the {lowest} tricks a bid needs now: pass.",
    "stuck": "Stick the dealer: the others passed and you must bid, so bid the lowest, {n}.",
}


def _bid_told(view: SeatView, level: str) -> Told:
    judged = auction_bids.judge(view, level)
    rules = view.rules
    action = judged.action
    words = action_words(action, view)
    lowest = min(
        (a.tricks for a in view.legal if a.kind is A.ActionKind.BID and not a.is_moon), default=0
    )
    why = _WHY[judged.reason].format(
        n=action.tricks,
        lowest=lowest,
        moon=rules.moon_points,
        pass_=" (the moon's pass brings your partner's best card for the last)"
        if rules.calling_for_best and judged.worth.sure < rules.hand_size
        else "",
    )
    reasons = [worth_words(judged.worth, rules.hand_size)]
    if action.is_moon:
        reasons.append(why)
    else:
        reasons += [_help_words(judged, view), why]
    summary = _bid_summary(judged, words, lowest, rules.hand_size)
    values = action_values(view, judged.total, auction_bids.moon_worth(view.hand, rules))
    return Told(action, words, summary, reasons, _details(view), _first(values, action))


def _bid_summary(judged: Bidding, words: str, lowest: int, tricks: int) -> str:
    trump = judged.worth.trump
    where = "in no-trump" if trump is None else f"in {suit_words(trump)}"
    side = f"{tricks_words(judged.total, tricks)} for your side {where}"
    if judged.reason == "weak":
        return f"{words}: {side}, short of the {lowest} a bid needs now."
    if judged.reason == "partner":
        alone = tricks_words(judged.worth.tricks, tricks)
        return f"{words}: leave your partner's bid; your hand alone takes {alone} {where}."
    return f"{words}: {side}."


def _details(view: SeatView) -> list[str]:
    rules = view.rules
    out = []
    for trump in trump_options(rules):
        worth = hand_worth(view.hand, trump, rules)
        name = "No-trump" if trump is None else suit_words(trump).capitalize()
        out.append(f"{name}: {worth.tricks:.1f} tricks on your own, {worth.sure} sure winners.")
    return out


def _trump_told(view: SeatView, level: str) -> Told:
    rules = view.rules
    chosen = auction_bids.trump_choice(view, level)
    action = A.name_trump(chosen.trump)
    words = action_words(action, view)
    bid = view.bid or rules.minimum_bid
    help_ = 0.0 if view.alone else auction_bids.partner_help(view, chosen.tricks)
    contract = "the moon" if view.alone else f"{bid}"
    reasons = [
        worth_words(chosen, rules.hand_size),
        f"You bid {contract}: no other trump makes your hand worth more"
        + (" sure winners." if view.alone else "."),
    ]
    values = []
    for option in view.legal:
        worth = hand_worth(view.hand, option.suit, rules)
        if view.alone:
            value = moon_points(worth, rules)
        else:
            mean = min(float(rules.hand_size), worth.tricks + help_)
            value = contract_points(mean, bid, rules)
        values.append((option, round(value, 4)))
    summary = f"{words}: {tricks_words(chosen.tricks, rules.hand_size)} from your own hand."
    return Told(action, words, summary, reasons, _details(view), _first(values, action))


def _pass_told(view: SeatView, level: str) -> Told:
    """The moon's pass: the shooter's discard, or the partner's gift."""
    action = auction_bids.choose(view, list(view.legal), level, SeededRandom(0))
    words = action_words(action, view)
    card = action.card
    trump = view.trump
    where = "in no-trump" if trump is None else f"with {suit_words(trump)} as trump"
    if view.phase is Phase.CALL_FOR_BEST:
        reason = (
            f"Set aside {card}: without it your hand keeps the most sure winners, and "
            "your partner's best card takes its place."
        )
        details = []
        for kept in view.hand:
            rest = [c for c in view.hand if c != kept]
            worth = hand_worth(rest, trump, view.rules)
            details.append(f"Without {kept}: {worth.sure} sure winners {where}.")
    else:
        reason = (
            f"Your partner shoots the moon: {card} is your best card for them, "
            f"{_gift_words(card, view)}."
        )
        details = [f"Your partner shoots the moon {where}; any of your cards may be given."]
    values = _first(_pass_values(view), action)
    return Told(action, words, f"{words}.", [reason], details, values)


def _pass_values(view: SeatView) -> list[tuple[Action, float]]:
    """The shooter's choices by the moon's expected points with the five cards kept (or
    the six, without the pass); the partner's gifts all alike (the shooter's hand is
    unknown to them)."""
    rules = view.rules
    if view.phase is not Phase.CALL_FOR_BEST:
        return [(a, 0.0) for a in view.legal]
    out = []
    for option in view.legal:
        if not option.cards:  # no call: the six cards as they are
            worth = hand_worth(view.hand, view.trump, rules)
            value = moon_points(worth, rules.replace(calling_for_best=False))
        else:
            rest = [c for c in view.hand if c != option.card]
            value = moon_points(hand_worth(rest, view.trump, rules), rules)
        out.append((option, round(value, 4)))
    return out


def _gift_words(card: Card | None, view: SeatView) -> str:
    if card is not None and is_trump(card, view.trump):
        return "your highest trump"
    if card is not None and card.rank is Rank.ACE:
        return "an ace"
    return "your highest card"


def _first(values: list[tuple[Action, float]], top: Action) -> list[tuple[Action, float]]:
    first = [(a, round(v, 2)) for a, v in values if a == top]
    rest = sorted(((a, round(v, 2)) for a, v in values if a != top), key=lambda x: -x[1])
    return first + rest


def advice(view: SeatView) -> Advice:
    """The coach's ``Advice`` at a Bid Euchre decision before the play: ``tell``'s, in
    expected points."""
    told = tell(view)
    return Advice(
        view.seat,
        told.action,
        told.reasons,
        told.alternatives,
        "points",
        words=told.words,
        summary=told.summary,
        details=told.details,
    )


def tell(view: SeatView, level: str = "strong") -> Told:
    """The coach's advice at a Bid Euchre decision before the play (``auction_bids.decides``)."""
    if view.phase is Phase.AUCTION:
        return _bid_told(view, level)
    if view.phase is Phase.NAME_TRUMP:
        return _trump_told(view, level)
    return _pass_told(view, level)


__all__ = ["Told", "advice", "tell", "trump_words", "worth_words"]
