"""The card component's markup: text first (rank and suit in the markup), named for screen
readers, the same in every widget and worked example. Elements carry the card's code as
``data-card``, the stable key by which ``dom.js`` keeps (and animates) a card.

>>> from euchre import Card
>>> print(card_html(Card.parse("Jd")))
<span class="eu-card eu-suit-d" data-card="Jd" role="img" aria-label="jack of diamonds"><span class="eu-rank">J</span><span class="eu-pip" aria-hidden="true">♦</span></span>

A playable card is a real button; ``selected`` adds ``aria-pressed``. A button's name
starts with the rank as printed, so that it contains the button's visible text (WCAG 2.5.3,
"label in name": a voice-control user says "click 10"):

>>> print(card_html(Card.parse("Th"), button=True, selected=False))
<button type="button" class="eu-card eu-suit-h" data-card="Th" aria-label="10, ten of hearts" aria-pressed="false"><span class="eu-rank">10</span><span class="eu-pip" aria-hidden="true">♥</span></button>

``action`` names what a click asks the widget to do (``data-action``); ``disabled`` draws a
card the reader cannot pick now:

>>> print(card_html(Card.parse("Th"), button=True, action="play", disabled=True))
<button type="button" class="eu-card eu-suit-h" data-card="Th" aria-label="10, ten of hearts" data-action="play" disabled><span class="eu-rank">10</span><span class="eu-pip" aria-hidden="true">♥</span></button>
"""

from __future__ import annotations

from collections.abc import Iterable

from euchre import Card

from euchre_tutorial.present.markup import attrs, escape


def card_classes(card: Card, extra: str = "") -> str:
    """The CSS classes of a card: ``eu-card``, its suit (``eu-suit-d``) and any extras.

    >>> card_classes(Card.parse("As"), "eu-x")
    'eu-card eu-suit-s eu-x'
    """
    suit = "joker" if card.suit is None else card.suit.letter
    classes = f"eu-card eu-suit-{suit}"
    return f"{classes} {extra}".strip()


def card_inner_html(card: Card) -> str:
    """The inside of a card: its rank and its suit symbol."""
    if card.suit is None:
        return '<span class="eu-rank">Joker</span><span class="eu-pip" aria-hidden="true">★</span>'
    return (
        f'<span class="eu-rank">{escape(card.rank.label)}</span>'
        f'<span class="eu-pip" aria-hidden="true">{card.suit.symbol}</span>'
    )


def card_html(
    card: Card,
    extra_class: str = "",
    note: str = "",
    *,
    button: bool = False,
    selected: bool | None = None,
    action: str | None = None,
    disabled: bool = False,
    tabindex: int | None = None,
    autofocus: bool = False,
) -> str:
    """One card as an inline, labelled element. ``note`` is appended to its label
    (for example "left bower"). With ``button`` the card is a ``<button>`` (for a card the
    reader may pick); ``selected`` (True/False) adds ``aria-pressed``; ``autofocus`` marks
    the button that takes the focus when the focused control of its region is redrawn away
    (``data-autofocus``, read by the page's morph)."""
    label = card.name if not note else f"{card.name}, {note}"
    classes = escape(card_classes(card, extra_class))
    if not button:
        return (
            f'<span class="{classes}" data-card="{card.code}" '
            f'role="img" aria-label="{escape(label)}">{card_inner_html(card)}</span>'
        )
    if card.suit is not None:
        label = f"{card.rank.label}, {label}"
    pressed = "" if selected is None else f' aria-pressed="{"true" if selected else "false"}"'
    extra = attrs(
        {
            "data_action": action,
            "tabindex": None if tabindex is None else str(tabindex),
            "disabled": disabled,
            "data_autofocus": autofocus,
        }
    )
    return (
        f'<button type="button" class="{classes}" data-card="{card.code}" '
        f'aria-label="{escape(label)}"{pressed}{extra}>{card_inner_html(card)}</button>'
    )


def cards_html(cards: Iterable[Card], extra_class: str = "") -> str:
    """Several cards in a row, as a list for screen readers."""
    items = "".join(f"<li>{card_html(c, extra_class)}</li>" for c in cards)
    return f'<ul class="eu-cards">{items}</ul>'
