"""Card-play rules of thumb (the normal player), each returning the card and the reason.

Lead trump when your side called it and you hold the highest trump left; lead an off-suit
ace; do not trump a trick your partner is already winning; win as cheaply as you can; when
you cannot win, throw your lowest card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from euchre.cards import Card, Rank, Suit
from euchre.players.knowledge import Knowledge
from euchre.players.words import opponents_words, side_words
from euchre.trump import card_power, effective_suit, is_trump, role, trick_winner


def _low_key(know: Knowledge, hand: Sequence[Card]) -> Callable[[Card], tuple[int, int, int, int]]:
    """Sort key for throwing a card away: non-trumps before trumps, low before high,
    cards of short suits (to make a void) before long ones, never a winner first."""
    trump = know.trump

    def key(card: Card) -> tuple[int, int, int, int]:
        suit = effective_suit(card, trump)
        length = sum(1 for c in hand if effective_suit(c, trump) is suit)
        boss = 1 if know.is_boss(card) and card.rank is not Rank.NINE else 0
        return (1 if is_trump(card, trump) else 0, boss, card_power(card, trump), length)

    return key


def lowest(know: Knowledge, cards: Sequence[Card]) -> Card:
    """The card to throw away."""
    return min(cards, key=_low_key(know, know.view.hand))


def co_defender(know: Knowledge, seat: int) -> bool:
    """True when ``seat`` is another defender at a table where everyone scores alone
    (cutthroat): the maker is a third seat, and a euchre scores for both defenders alike.

    >>> from euchre import Deal, HandState, Rules
    >>> rules = Rules().at_table("3")
    >>> state = HandState.new(Deal.random(seed=3, dealer=0, rules=rules), rules)
    >>> state = state.apply(state.legal_actions()[-1])  # seat 1 orders up
    >>> know = Knowledge.of(state.view(2))
    >>> co_defender(know, 0), co_defender(know, 1)
    (True, False)
    """
    view = know.view
    maker = view.maker
    return (
        not view.rules.partnerships
        and maker is not None
        and maker not in (seat, know.seat)
        and seat != know.seat
        and not view.rules.call_ace
    )


def allied(know: Knowledge, seat: int, defenders_allied: bool) -> bool:
    """True when ``seat`` plays with this seat: its side, or with ``defenders_allied`` the
    other defender against a cutthroat maker (``co_defender``)."""
    return know.same_side(seat, know.seat) or (defenders_allied and co_defender(know, seat))


def trick_state(know: Knowledge, defenders_allied: bool = False) -> tuple[int, Card, bool]:
    """(winning seat, winning card, whether it is this seat's side, or with
    ``defenders_allied`` its fellow defender's) of the trick so far."""
    trick = know.view.current_trick
    cards = [c for _, c in trick]
    i = trick_winner(cards, know.trump)
    seat, card = trick[i]
    return seat, card, allied(know, seat, defenders_allied)


def beats(know: Knowledge, card: Card) -> bool:
    """True when ``card`` would take the lead of the trick in progress."""
    cards = [c for _, c in know.view.current_trick] + [card]
    return trick_winner(cards, know.trump) == len(cards) - 1


def play(
    know: Knowledge, legal: Sequence[Card], defenders_allied: bool = False
) -> tuple[Card, str]:
    """The conventional card and a reason in words. With ``defenders_allied``, a defender
    against a cutthroat maker plays with the other defender as with a partner: it leaves
    that defender's winning card alone (a euchre scores for both)."""
    if len(legal) == 1:
        return legal[0], f"{legal[0]} is your only legal card"
    if know.view.current_trick:
        return _follow(know, legal, defenders_allied)
    return _lead(know, legal)


def _follow(
    know: Knowledge, legal: Sequence[Card], defenders_allied: bool = False
) -> tuple[Card, str]:
    view = know.view
    trump = know.trump
    seat, card, ours = trick_state(know, defenders_allied)
    who = "your partner" if know.same_side(seat, know.seat) else "the other defender"
    last = len(view.current_trick) == len(know.active) - 1
    winners = [c for c in legal if beats(know, c)]
    led = effective_suit(view.current_trick[0][1], trump)
    if ours:
        safe = last or (
            know.is_boss(card)
            and (is_trump(card, trump) or led not in _ruff_risk(know, defenders_allied))
        )
        low = lowest(know, legal)
        if beats(know, low):  # one suit to play (the led suit, or only trumps): all beat it
            return (
                low,
                f"every card you may play beats {who}'s {card}: play the lowest, {low}",
            )
        if safe:
            return (
                low,
                f"{who}'s {card} is winning the trick: keep your good cards and play {low}",
            )
        return low, f"{who}'s {card} is winning: do not overtake it; play {low}"
    if winners:
        cheapest = min(winners, key=lambda c: card_power(c, trump))
        if last:
            return cheapest, f"you play last: {cheapest} is the cheapest card that wins the trick"
        following = [c for c in winners if effective_suit(c, trump) is led]
        if following and not is_trump(following[0], trump):
            top = max(following, key=lambda c: card_power(c, trump))
            if know.is_boss(top):
                return top, f"{top} is the highest {led.singular} left: play it to win the trick"
            return cheapest, f"{cheapest} takes the lead of the trick as cheaply as possible"
        if is_trump(cheapest, trump) and led is not trump:
            return (
                cheapest,
                f"you have no {led.plural}: trump in with {cheapest}, your lowest trump that wins",
            )
        return cheapest, f"{cheapest} is the cheapest card that wins the trick"
    low = lowest(know, legal)
    return low, f"you cannot beat {card}: throw your lowest card, {low}"


def _ruff_risk(know: Knowledge, defenders_allied: bool = False) -> set[Suit]:
    """Suits in which an opponent yet to play has shown a void (and so may trump)."""
    view = know.view
    played = {s for s, _ in view.current_trick}
    out = set()
    for seat in know.active:
        if seat in played or seat == know.seat or allied(know, seat, defenders_allied):
            continue
        out |= set(know.voids[seat])
    return out


def _lead_low_reason(
    low: Card, plain: Sequence[Card], trump: Suit | None, holds_trumps: bool
) -> str:
    """Why lead ``low``, the lowest of the ``plain`` cards (no trumps among them), saying
    only what is true of the hand: its suit is shorter than every other plain suit held
    (a void comes sooner), trumps are kept (when there are some).

    >>> from euchre.cards import parse_cards
    >>> hand = parse_cards("9c Ts Js")
    >>> _lead_low_reason(hand[0], hand, Suit.DIAMONDS, holds_trumps=False)
    'lead low from your shortest suit, 9♣'
    >>> _lead_low_reason(hand[1], hand[1:], Suit.DIAMONDS, holds_trumps=True)
    'lead low, 10♠, and keep your trumps'
    >>> _lead_low_reason(hand[1], parse_cards("Ts Js 9c Kc"), Suit.DIAMONDS, holds_trumps=False)
    'lead low, 10♠'
    >>> _lead_low_reason(parse_cards("Kd")[0], parse_cards("Kd"), Suit.CLUBS, holds_trumps=True)
    'lead K♦, your only card outside trump, and keep your trumps'
    """
    if len(plain) == 1 and holds_trumps:
        return f"lead {low}, your only card outside trump, and keep your trumps"
    lengths: dict[Suit | None, int] = {}
    for card in plain:
        suit = effective_suit(card, trump)
        lengths[suit] = lengths.get(suit, 0) + 1
    mine = lengths.pop(effective_suit(low, trump))
    where = " from your shortest suit" if lengths and mine < min(lengths.values()) else ""
    keep = ", and keep your trumps" if holds_trumps else ""
    return f"lead low{where}, {low}{keep}"


def _lead(know: Knowledge, legal: Sequence[Card]) -> tuple[Card, str]:
    view = know.view
    trump = know.trump
    hand = list(legal)
    trumps = sorted((c for c in hand if is_trump(c, trump)), key=lambda c: -card_power(c, trump))
    out_trumps = know.outstanding(trump) if trump is not None else []
    maker = view.maker
    our_call = maker is not None and know.same_side(maker, know.seat)
    if trumps and out_trumps:
        top = trumps[0]
        if know.is_boss(top) and (our_call or len(trumps) >= 2):
            why = (
                f"{side_words(view.rules)} called trump"
                if our_call
                else "you hold the highest trump left"
            )
            named = role(top, trump) if top.is_joker else f"{role(top, trump)}, {top}"
            theirs = opponents_words(view.rules, "possessive")
            return top, f"lead {named}: {why}, so draw {theirs} trumps"
        if our_call and maker != know.seat and maker not in view.sitting_out:
            low = trumps[-1]
            return low, f"your partner called trump: lead a trump, {low}, to help draw trumps"
    aces = [c for c in hand if not is_trump(c, trump) and know.is_boss(c)]
    if aces:
        # Prefer a suit where many cards are still out, so nobody can trump it yet; in
        # that suit, the top card (with A♥ and K♥ both unbeatable, A♥ is the highest
        # heart left, not K♥).
        best = max(
            aces,
            key=lambda c: (len(know.outstanding(effective_suit(c, trump))), card_power(c, trump)),
        )
        return best, f"{best} is the highest {effective_suit(best, trump).singular} left: lead it"
    if trumps and not out_trumps:
        return trumps[0], f"nobody else holds a trump: lead {trumps[0]}"
    plain = [c for c in hand if not is_trump(c, trump)]
    if plain:
        low = lowest(know, plain)
        return low, _lead_low_reason(low, plain, trump, holds_trumps=bool(trumps))
    low = trumps[-1]
    return low, f"you hold only trumps: lead {low}"
