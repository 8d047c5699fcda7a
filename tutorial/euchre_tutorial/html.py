"""The card component's markup, kept under its old name: it lives in
:mod:`euchre_tutorial.present.cards` (the presentation layer) and is re-exported here.

>>> from euchre import Card
>>> card_html(Card.parse("Jd")).startswith('<span class="eu-card eu-suit-d" data-card="Jd"')
True
"""

from __future__ import annotations

from euchre_tutorial.present.cards import card_classes, card_html, card_inner_html, cards_html

__all__ = ["card_classes", "card_html", "card_inner_html", "cards_html"]
