"""The coach before the play: why the strong player bids, discards, defends alone, calls
for best, calls an ace or keeps a farmer's hand as it does, in the learner's words, and
what its choice promises (the numbers are the strong player's own: ``bid_strategy``).

>>> from euchre import Deal, HandState, Rules
>>> view = HandState.new(Deal.random(seed=5, dealer=0), Rules()).view(1)
>>> bid_reasons(view, view.legal[0])[0].startswith("The upcard is")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from euchre.actions import Action
from euchre.bidding import decline_refusal
from euchre.cards import Card, Rank, Suit
from euchre.phase import Phase
from euchre.players import bid_model, bid_strategy
from euchre.players.advice import Advice
from euchre.players.estimate import best_discard, hand_tricks
from euchre.players.knowledge import proposed, upcard
from euchre.players.words import (
    action_words,
    card_list,
    chance_words,
    makers_words,
    number_words,
    opponents_words,
    partner_words,
    side_words,
    suit_words,
    tricks_words,
)
from euchre.scoring import score_hand
from euchre.trump import card_power, effective_suit, is_trump
from euchre.view import SeatView, called_card

STYLE = bid_strategy.STRONG


def keep_words(rest: Sequence[Card], trump: Suit) -> str:
    """What a discard keeps worth keeping: the trumps from the highest down, then the
    off-suit aces, named as what they are ("" when there is neither).

    >>> from euchre.cards import parse_cards
    >>> keep_words(parse_cards("Ks Ad Qs 9s"), Suit.SPADES)
    'Keep your trumps and your ace: K♠, Q♠, 9♠ and A♦.'
    >>> keep_words(parse_cards("9s Jc Kh"), Suit.SPADES)
    'Keep your trumps: J♣ and 9♠.'
    >>> keep_words(parse_cards("Ah Ac Kd"), Suit.SPADES)
    'Keep your aces: A♥ and A♣.'
    >>> keep_words(parse_cards("Kh Qd"), Suit.SPADES)
    ''
    """
    trumps = sorted((c for c in rest if is_trump(c, trump)), key=lambda c: -card_power(c, trump))
    aces = [c for c in rest if not is_trump(c, trump) and c.rank is Rank.ACE]
    kinds = []
    if trumps:
        kinds.append("trumps" if len(trumps) > 1 else "trump")
    if aces:
        kinds.append("aces" if len(aces) > 1 else "ace")
    if not kinds:
        return ""
    return f"Keep your {' and your '.join(kinds)}: {card_list(trumps + aces)}."


def trumps_text(hand: Sequence[Card], trump: Suit) -> str:
    """The trumps of ``hand``, named and counted.

    >>> from euchre.cards import parse_cards
    >>> trumps_text(parse_cards("Jd Ah 9c"), Suit.HEARTS)
    'you hold J♦ and A♥ in hearts: two trumps'
    """
    trumps = sorted((c for c in hand if is_trump(c, trump)), key=lambda c: -card_power(c, trump))
    if not trumps:
        return f"you hold no {trump.plural}"
    n = len(trumps)
    return (
        f"you hold {card_list(trumps)} in {trump.plural}: {number_words(n)} "
        f"trump{'s' if n != 1 else ''}"
    )


def aces_text(hand: Sequence[Card], trump: Suit | None) -> str:
    """ " and the off-suit aces A♠ and A♣" ("" without one)."""
    aces = [c for c in hand if c.rank is Rank.ACE and not (trump and is_trump(c, trump))]
    return f" and the off-suit ace{'s' if len(aces) > 1 else ''} {card_list(aces)}" if aces else ""


def _learned(view: SeatView) -> bool:
    return bid_strategy.learned(view, STYLE)


def dealer_kept(view: SeatView, action: Action) -> list[Card]:
    """The five cards a dealer would keep after picking up: the strong player's discard."""
    trump = proposed(view)
    model = bid_model.fitted(view.rules)
    if _learned(view) and model is not None:
        return bid_model.maker_hand(view, trump, action.alone, model)
    six = [*view.hand, upcard(view)]
    drop = best_discard(six, trump, view.rules)
    return [c for c in six if c != drop]


# ---------------------------------------------------------------------- per phase


def _round_one(view: SeatView, action: Action) -> list[str]:
    trump = proposed(view)
    up = upcard(view)
    the_up = "the joker" if up.is_joker else f"the upcard {up}"
    if view.seat == view.dealer:
        kept = dealer_kept(view, action)
        drop = next(c for c in [*view.hand, up] if c not in kept)
        out = [
            f"You are the dealer: picking up takes {the_up} into your hand and you "
            f"would discard {drop}; then {trumps_text(kept, trump)}."
        ]
        est = hand_tricks(kept, trump, view.rules)
    else:
        out = [
            f"The upcard is {'the joker' if up.is_joker else up}, so {suit_words(trump)} would "
            f"be trump; {trumps_text(view.hand, trump)}{aces_text(view.hand, trump)}.",
            _upcard_goes(view, action),
        ]
        est = hand_tricks(view.hand, trump, view.rules)
    if not _learned(view):
        out.append(
            f"On its own your hand should take {tricks_words(est)} with {suit_words(trump)} "
            "as trump."
        )
    return out


def _upcard_goes(view: SeatView, action: Action) -> str:
    """Where the upcard goes if this (non-dealer) seat orders it up."""
    rules = view.rules
    up = upcard(view)
    up_text = "the joker" if up.is_joker else str(up)
    the_up = "the joker" if up.is_joker else f"the upcard {up}"
    may_decline = decline_refusal(rules, view.dealer, view.seat) is None
    unless = ", unless they decline it" if may_decline else ""
    if rules.call_ace:  # no sides yet: the maker's call makes the partner
        return (
            f"Ordering up hands the dealer {the_up}{unless}; the "
            "dealer plays with you only if they hold the card you call."
        )
    if rules.team_of(view.dealer) != rules.team_of(view.seat):
        return f"Ordering up hands the dealer, {opponents_words(rules, 'one')}, {the_up}{unless}."
    if action.alone and not rules.dealer_picks_up_when_partner_alone:
        return (
            f"Your partner is the dealer: going alone, you play without them, and {up_text} "
            "stays out of play."
        )
    return f"Your partner is the dealer and would pick up {up_text}" + (
        " or decline it." if may_decline else "."
    )


def _round_two(view: SeatView, action: Action) -> list[str]:
    rules = view.rules
    hand = list(view.hand)
    turned = proposed(view)
    out = [f"{upcard(view)} was turned down, so {turned.plural} cannot be named."]
    target = action.suit if action.kind == "call" and action.suit is not None else None
    if target is None:
        target = _best_round_two_suit(view, turned)
    line = (
        f"Your best suit is {target.plural}: {trumps_text(hand, target)}{aces_text(hand, target)}"
    )
    if not _learned(view):
        line += f"; on its own, {tricks_words(hand_tricks(hand, target, rules))}"
    out.append(line + ".")
    if action.kind == "call" and action.suit is None:
        highs = [c for c in hand if c.rank in (Rank.ACE, Rank.KING)]
        out.append(f"With no trump, your high cards ({card_list(highs)}) count.")
    if _learned(view) and action.kind == "call" and target is turned.partner:
        out.append(_next_words(view, target, turned))
    if rules.stick_the_dealer and view.seat == view.dealer:
        out.append("Stick the dealer: as the dealer you must name a suit now.")
    return out


def _best_round_two_suit(view: SeatView, turned: Suit) -> Suit:
    suits = [s for s in Suit if s is not turned]
    if _learned(view):
        return max(suits, key=lambda s: bid_model.call_tricks(view, s, False))
    return max(suits, key=lambda s: hand_tricks(view.hand, s, view.rules))


def _next_words(view: SeatView, suit: Suit, turned: Suit) -> str:
    """What calling "next" (the turned-down suit's color) means for this seat's side."""
    rules = view.rules
    dealer_side = view.seat == view.dealer or (
        rules.partnerships and rules.team_of(view.seat) == rules.team_of(view.dealer)
    )
    if dealer_side:
        return (
            f"{suit.plural.capitalize()} is next, the color your side turned down with "
            f"{turned.plural}: that counts a little against this call."
        )
    return (
        f"{suit.plural.capitalize()} is next, the color the dealer turned down with "
        f"{turned.plural}: a call of next usually does well for the side that did not deal."
    )


def _discard(view: SeatView, action: Action) -> list[str]:
    made = view.trump
    assert made is not None
    if action.kind == "decline":
        return [f"Decline {upcard(view)}: your hand is better without it."]
    card = action.card
    rest = [c for c in view.hand if c != card]
    suit = effective_suit(card, made)
    void = not any(effective_suit(c, made) is suit for c in rest)
    why = (
        f"it leaves you void in {suit.plural}, so you can trump that suit"
        if void and not is_trump(card, made)
        else "it is your least useful card"
    )
    out = [f"Discard {card}: {why}."]
    keep = keep_words(rest, made)
    return [*out, keep] if keep else out


def _defend(view: SeatView, action: Action) -> list[str]:
    made = view.trump
    assert made is not None
    hand = list(view.hand)
    who = "A lone maker plays" if view.alone else f"{makers_words(view.rules).capitalize()} play"
    out = [f"{who} with {made.plural} as trump; {trumps_text(hand, made)}{aces_text(hand, made)}."]
    partners, theirs = partner_words(view.rules), partner_words(view.rules, possessive=True)
    if action.kind == "defend":
        # the engine's scores for the maker held to no trick, a lone defender or not
        lone = score_hand(0, view.alone, view.rules, defender_alone=True)[1]
        together = score_hand(0, view.alone, view.rules)[1]
        out.append(
            f"Alone, taking all five tricks pays {lone}, against {together} for a euchre "
            f"with {partners}; your hand is strong enough to try."
        )
    else:
        out.append(
            "Defending alone pays more only if you take all five tricks; "
            f"{theirs} cards usually help more."
        )
    return out


def _call_for_best(view: SeatView, action: Action) -> list[str]:
    if action.kind == "best":
        return [
            f"Give up {action.card}, the card your hand needs least, for your partner's best card."
        ]
    return [f"Your hand ({card_list(view.hand)}) is strong enough without your partner's card."]


def _give_best(view: SeatView, action: Action) -> list[str]:
    return [f"Give {action.card}: it is your best card for your partner's lone hand."]


def _call_ace(view: SeatView, action: Action) -> list[str]:
    assert action.suit is not None
    suit = action.suit
    top = called_card(suit, view.trump, view.rules) if view.trump else None
    hand = card_list(view.hand)
    if top is not None and top in view.hand:
        return [
            f"Call for the best {suit.symbol} {suit.singular}: you hold {top} yourself, so you "
            f"play alone against everyone else; your hand is {hand}."
        ]
    return [
        f"Call for the best {suit.symbol} {suit.singular}: whoever holds the highest "
        f"{suit.singular} becomes your partner; your hand is {hand}."
    ]


def _farmer(view: SeatView, action: Action) -> list[str]:
    hand = card_list(view.hand)
    if action.kind == "swap":
        return [
            f"Swap {card_list(list(action.cards))} for the kitty: three unknown cards are "
            "worth more than these three."
        ]
    if action.kind == "redeal":
        return [f"Your hand ({hand}) is weak: ask for a new deal."]
    if view.rules.farmers_remedy == "redeal":
        return [f"Keep your hand ({hand}): on average a new deal would be no better."]
    return [
        f"Keep your hand ({hand}): on average three unknown cards from the kitty "
        "would not improve it."
    ]


_REASONS: dict[Phase, Callable[[SeatView, Action], list[str]]] = {
    Phase.ROUND_ONE: _round_one,
    Phase.ROUND_TWO: _round_two,
    Phase.DISCARD: _discard,
    Phase.DEFEND: _defend,
    Phase.CALL_FOR_BEST: _call_for_best,
    Phase.GIVE_BEST: _give_best,
    Phase.CALL_ACE: _call_ace,
    Phase.FARMER: _farmer,
}


def bid_reasons(view: SeatView, action: Action) -> list[str]:
    """Why ``action`` (a decision before the play), from the hand and the seat."""
    reasons = _REASONS.get(view.phase)
    return reasons(view, action) if reasons is not None else []


# ---------------------------------------------------------------------- the advice

Outlook = dict[Action, float | None]


def _euchre(view: SeatView, action: Action, tricks: float) -> float:
    """The chance that ``action`` (a call whose side expects ``tricks``) is euchred."""
    return bid_strategy.euchre_chance_of(view, action, tricks, STYLE)


def _promise(
    view: SeatView, action: Action, ranked: list[tuple[Action, float]], outlook: Outlook
) -> tuple[str, str]:
    """(the reason that says what the choice promises, the summary)."""
    words = action_words(action, view)
    who = side_words(view.rules)
    side = outlook[action]
    if side is not None:
        chance = chance_words(_euchre(view, action, side))
        return (
            f"{who[0].upper()}{who[1:]} should take {tricks_words(side)}, with {chance} of "
            "being euchred.",
            f"{words}: {who} should take {tricks_words(side)}.",
        )
    values = dict(ranked)
    calls = [(a, t) for a, t in outlook.items() if t is not None]
    if calls and action.kind == "pass":
        call, tricks = max(calls, key=lambda item: values[item[0]])
        verb = action_words(call, view)
        chance = chance_words(_euchre(view, call, tricks))
        weak = values[call] < 0
        return (
            f"If you chose to {verb[0].lower()}{verb[1:]}, {who} would take "
            f"{tricks_words(tricks)}, with {chance} of being euchred: not worth the risk.",
            "Pass: your hand is not strong enough to make trump."
            if weak
            else "Pass: making trump now should score less than passing.",
        )
    if len(ranked) == 1:
        return f"{words} is your only legal choice.", f"{words}."
    return "", ""


def _details(view: SeatView, ranked: list[tuple[Action, float]], outlook: Outlook) -> list[str]:
    who = side_words(view.rules)
    head = (
        f"Expected points of each choice for {who}, from deals played out with every card "
        "known from hands like yours at this seat:"
        if _learned(view)
        else "Expected points of each choice, from the trick estimate of your hand:"
    )
    out = [head]
    for a, v in ranked:
        t = outlook[a]
        extra = (
            f" ({who} about {t:.1f} tricks, euchred "
            f"{round(100 * _euchre(view, a, t))}% of the time)"
            if t is not None
            else ""
        )
        out.append(f"{action_words(a, view)}: {v:+.2f} points{extra}.")
    return out


def bid_advice(view: SeatView, action: Action, ranked: list[tuple[Action, float]]) -> Advice:
    """Advice before the play: the reasons from the hand, then what the choice promises;
    ``ranked`` is every legal choice with its expected points, ``action`` first."""
    reasons = bid_reasons(view, action)
    outlook: Outlook = {a: bid_strategy.call_tricks(view, a, STYLE) for a, _ in ranked}
    promise, summary = _promise(view, action, ranked, outlook)
    if promise:
        reasons.append(promise)
    words = action_words(action, view)
    if not summary:
        summary = reasons[0] if reasons else f"{words}."
    choices = [
        {
            "action": str(a),
            "points": v,
            "side_tricks": None if t is None else round(t, 2),
            "euchre": None if t is None else round(_euchre(view, a, t), 2),
        }
        for a, v in ranked
        for t in (outlook[a],)
    ]
    return Advice(
        view.seat,
        action,
        reasons,
        ranked,
        "points",
        words=words,
        summary=summary,
        details=_details(view, ranked, outlook),
        stats={"choices": choices},
    )


__all__ = [
    "aces_text",
    "bid_advice",
    "bid_reasons",
    "dealer_kept",
    "keep_words",
    "trumps_text",
]
