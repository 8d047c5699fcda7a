"""Worked examples about single cards and tricks, checked by the engine:
``euchre-trick`` (who wins), ``euchre-plays`` (what may be played) and ``euchre-suit``
(which suit a card belongs to). Each returns HTML or raises :class:`FieldError`.

>>> from euchre import Rules
>>> html = check_trick(Fields.parse(["trump: hearts", "cards: Jd Ah 9h Jh", "winner: Jh"], 1), Rules())
>>> 'data-example="trick"' in html
True
>>> check_trick(Fields.parse(["trump: hearts", "cards: Jd Ah 9h Jh", "winner: Jd"], 1), Rules())  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
euchre_tutorial.mdext.fields.FieldError: the claimed winner is J♦, but J♥ wins. The engine says: ...
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import euchre
from euchre import Card, Rules, Suit, make_deck
from euchre.seats import seat_after

from euchre_tutorial.html import card_html, cards_html
from euchre_tutorial.mdext.fields import FieldError, Fields, parse_seat, seat_names


def trump_words(trump: Suit | None) -> str:
    """ "Hearts are trump." or "No trump."."""
    return f"{trump.plural.capitalize()} are trump." if trump else "No suit is trump."


def check_deck(cards: Sequence[Card], rules: Rules, key: str) -> None:
    """Fail on a card outside this table's deck or on a card given twice."""
    deck = set(make_deck(rules.deck, rules.joker))
    for card in cards:
        if card not in deck:
            what = "the joker" if card.is_joker else str(card)
            raise FieldError(f"{what} is not in this table's {rules.deck_size}-card deck", key)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise FieldError(f"{card} appears twice", key)
        seen.add(card)


def box(kind: str, body: str) -> str:
    """The example's frame."""
    return f'<div class="eu-example" data-example="{kind}">{body}</div>'


# ---------------------------------------------------------------------- euchre-trick
TRICK_KEYS = {"trump", "cards", "leader", "winner", "players", "requires", "otherwise", "caption"}


def check_trick(f: Fields, rules: Rules) -> str:
    """A trick: ``trump``, ``cards`` in play order, optional ``leader`` (a seat) and the
    claimed ``winner`` (a card, or a seat when a leader is given)."""
    f.check_known(TRICK_KEYS)
    trump = f.trump()
    cards = f.cards("cards")
    if not 2 <= len(cards) <= rules.players:
        raise FieldError(f"a trick has 2 to {rules.players} cards, not {len(cards)}", "cards")
    check_deck(cards, rules, "cards")
    names = seat_names(rules.players)
    leader = f.seat("leader", rules.players)
    seats = (
        [names[seat_after(leader, i, rules.players)] for i in range(len(cards))]
        if leader is not None
        else []
    )
    index = euchre.trick_winner(cards, trump)
    reason = euchre.explain_trick(cards, trump).rstrip(".")
    claim = f.require("winner")
    try:
        claimed_card: Card | None = Card.parse(claim)
    except ValueError:
        claimed_card = None
    if claimed_card is not None:
        if claimed_card != cards[index]:
            raise FieldError(
                f"the claimed winner is {claimed_card}, but {cards[index]} wins. "
                f"The engine says: {reason}",
                "winner",
            )
    else:
        if leader is None:
            raise FieldError("name the winning card, or give a leader to name a seat", "winner")
        seat = parse_seat(claim, "winner", rules.players)
        if names[seat] != seats[index]:
            raise FieldError(
                f"the claimed winner is {names[seat]}, but {seats[index]} wins "
                f"with {cards[index]}. The engine says: {reason}",
                "winner",
            )
    items = []
    for i, card in enumerate(cards):
        who = f'<span class="eu-example__seat">{seats[i]}</span> ' if seats else ""
        mark = " eu-example__win" if i == index else ""
        items.append(f'<li class="eu-example__play{mark}">{who}{card_html(card)}</li>')
    setup = trump_words(trump) + (f" {seats[0]} leads." if seats else " The first card leads.")
    return box(
        "trick",
        (
            f'<p class="eu-example__setup">{escape(setup)}</p>'
            f'<ol class="eu-example__trick">{"".join(items)}</ol>'
            f'<p class="eu-example__answer"><strong>Who wins:</strong> {escape(reason)}.</p>'
        ),
    )


# ---------------------------------------------------------------------- euchre-plays
PLAYS_KEYS = {"trump", "hand", "led", "legal", "requires", "otherwise", "caption"}


def check_plays(f: Fields, rules: Rules) -> str:
    """A hand facing a led card: ``trump``, ``hand``, ``led`` (a card, or ``none`` when you
    lead) and the claimed ``legal`` cards (any order)."""
    f.check_known(PLAYS_KEYS)
    trump = f.trump()
    hand = f.cards("hand")
    if not 1 <= len(hand) <= 5:
        raise FieldError(f"a hand has 1 to 5 cards, not {len(hand)}", "hand")
    led_text = f.require("led")
    led = None if led_text.lower() in ("none", "-", "nothing") else f.card("led")
    check_deck([*hand, *([led] if led else [])], rules, "hand")
    legal = euchre.legal_plays(hand, led, trump)
    claimed = f.cards("legal")
    if set(claimed) != set(legal) or len(claimed) != len(legal):
        wrong = [c for c in claimed if c not in legal]
        missing = [c for c in legal if c not in claimed]
        why = ""
        if wrong and led is not None:
            why = " " + (euchre.why_card_illegal(wrong[0], hand, led, trump) or "")
        raise FieldError(
            f"the claimed legal plays are {_list(claimed)}, but the engine allows {_list(legal)}"
            + (f"; {_list(wrong)} may not be played" if wrong else "")
            + (f"; {_list(missing)} may be played too" if missing else "")
            + "."
            + why,
            "legal",
        )
    reasons = []
    for card in hand:
        if card in legal:
            continue
        reason = euchre.why_card_illegal(card, hand, led, trump) if led is not None else None
        reasons.append(f"<li>{card_html(card)} {escape(reason or 'may not be played')}</li>")
    led_words = f"{led} is led" if led else "You lead"
    suit_words = (
        f" (a {euchre.effective_suit(led, trump).singular}: follow that suit if you can)"
        if led
        else ": any card may be played"
    )
    answer = (
        f'<p class="eu-example__answer"><strong>You may play:</strong> '
        f"{cards_html(legal, 'eu-card--legal')}</p>"
    )
    if reasons:
        answer += f'<ul class="eu-example__reasons">{"".join(reasons)}</ul>'
    return box(
        "plays",
        (
            f'<p class="eu-example__setup">{escape(trump_words(trump))} '
            f"{escape(led_words)}{escape(suit_words)}.</p>"
            f'<p class="eu-example__hand"><strong>Your hand:</strong> {cards_html(hand)}</p>'
            + answer
        ),
    )


# ---------------------------------------------------------------------- euchre-suit
SUIT_KEYS = {"card", "trump", "suit", "requires", "otherwise", "caption"}


def check_suit(f: Fields, rules: Rules) -> str:
    """Which suit a card belongs to: ``card``, ``trump`` and the claimed ``suit``."""
    f.check_known(SUIT_KEYS)
    card = f.card("card")
    trump = f.trump()
    check_deck([card], rules, "card")
    actual = euchre.effective_suit(card, trump)
    text = f.require("suit")
    try:
        claimed = Suit.parse(text)
    except ValueError as exc:
        raise FieldError(str(exc), "suit") from None
    reason = euchre.explain_suit(card, trump).rstrip(".")
    if claimed is not actual:
        raise FieldError(
            f"the claim is that {card} is a {claimed.singular}, but it is a "
            f"{actual.singular}. The engine says: {reason}",
            "suit",
        )
    return box(
        "suit",
        (
            f'<p class="eu-example__setup">{escape(trump_words(trump))} {card_html(card)}</p>'
            f'<p class="eu-example__answer"><strong>Its suit:</strong> {escape(reason)}.</p>'
        ),
    )


def _list(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards) or "nothing"
