"""The presentation layer: every thing a widget draws has ONE renderer, here, in Python.

Rules every widget follows:

* **One renderer per thing drawn.** Cards, the table, hands, the trick, the bidding log,
  prompts, scores, the 4-and-6 drawing, the hand review, quiz questions: each is a
  function in this package returning an HTML string. The build pre-renders a widget with
  it (the ``widgets`` fence calls the widget's ``render``); in the browser the worker
  renders with the same function, and a bridge reply carries the result as ``"html"`` (one
  string) or as a dict of named regions to HTML (``{"table": ..., "tools": ...}``), beside
  a few typed flags, never the model it was drawn from.
* **Only what the seat may know.** A renderer takes a :class:`euchre.SeatView`, the
  rules, the learner's settings, the widget's own UI state and plain typed values, and
  never a whole ``HandState`` or ``DealCore`` (``tests/tutorial/test_present_takes_views.py``
  reads every function's type hints, and ``tests/typecheck/present_views.py`` makes mypy
  refuse one). What only the whole deal knows (the coach's advice, a finished deal's
  hands) the widget asks the engine for and passes as a typed value: an ``Advice``, a
  :class:`~euchre_tutorial.present.review.Finished`. A worked example's narrator, who
  sees every card, is told from a :class:`~euchre_tutorial.present.words.Narration`. So
  the page (and a room server) cannot show a hidden card.
* **JavaScript draws nothing.** ``assets/euchre/dom.js`` gives each widget
  ``morph(target, html)`` (insert or update the DOM, keeping focus and the identity of
  elements whose keys match) and ``delegate(root, handler)`` (one listener per widget
  root). Elements that do something carry ``data-action="<name>"`` plus ``data-*``
  arguments (``data-card="Jd"``); cards carry a stable ``data-card`` key so a move can be
  animated. No JavaScript file holds a template of what Python renders.
* **Markup helpers live here**: :func:`escape` and :func:`attrs` for safe attributes,
  :func:`card_html` for a card (``euchre_tutorial.html`` re-exports it).

>>> from euchre import Card
>>> print(card_html(Card.parse("Jd"), button=True, action="play"))
<button type="button" class="eu-card eu-suit-d" data-card="Jd" aria-label="J, jack of diamonds" data-action="play"><span class="eu-rank">J</span><span class="eu-pip" aria-hidden="true">♦</span></button>
"""

from __future__ import annotations

from euchre_tutorial.present.cards import card_classes, card_html, card_inner_html, cards_html
from euchre_tutorial.present.markup import attrs, button_html, element, escape, tag

__all__ = [
    "attrs",
    "button_html",
    "card_classes",
    "card_html",
    "card_inner_html",
    "cards_html",
    "element",
    "escape",
    "tag",
]
