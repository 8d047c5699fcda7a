"""The trump explorer widget: choose a trump suit and see every card in rank order, trumps
first, with the left bower moved into the trump suit; choose a card and see its suit and
rank under every trump.

Everything it draws comes from :mod:`euchre_tutorial.present.explorer`. The build writes
every answer into the page (:func:`~euchre_tutorial.present.explorer.prerendered`), so the
explorer works the moment the page is drawn; once Python runs, ``trump_explorer.view``
renders the same markup.

>>> from euchre import Rules
>>> html = render({"trump": "h", "id": "x"}, Rules())
>>> html.count('class="eu-prerendered"'), 'data-action="card"' in html
(1, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre import Card, Rules, Suit

from euchre_tutorial.bridge import BridgeError, expose
from euchre_tutorial.present.explorer import (
    NO_TRUMP,
    explorer_html,
    order_model,
    panel_html,
    prerendered,
    rows_html,
    view_html,
)
from euchre_tutorial.present.island import json_island

__all__ = [
    "CONFIG_KEYS",
    "check_config",
    "order",
    "order_model",
    "parse_trump",
    "render",
    "rows_html",
    "view",
]

CONFIG_KEYS = {
    "trump": "the suit shown first: clubs, diamonds, hearts or spades (or none, when the "
    "rules allow no-trump); hearts if left out",
}


def parse_trump(text: str, rules: Rules) -> Suit | None:
    """A trump choice: a suit, or None for no-trump (only when the rules allow it).

    >>> from euchre import Rules
    >>> parse_trump("hearts", Rules()), parse_trump("♠", Rules())
    (Suit.HEARTS, Suit.SPADES)
    >>> parse_trump("none", Rules())
    Traceback (most recent call last):
    ...
    ValueError: trump: 'none' (no-trump) needs rules with no_trump = true
    """
    key = str(text).strip().lower()
    if key in (NO_TRUMP, "no-trump", "no trump", "notrump"):
        if not rules.no_trump:
            raise ValueError(f"trump: {text!r} (no-trump) needs rules with no_trump = true")
        return None
    try:
        return Suit.parse(key)
    except ValueError:
        raise ValueError(
            f"trump: {text!r} is not a suit: use clubs, diamonds, hearts or spades"
        ) from None


def check_config(raw: Mapping[str, str], rules: Rules) -> dict[str, Any]:
    """The fence's settings, checked: ``{"trump": "h"}`` (or ``"none"``)."""
    trump = parse_trump(raw.get("trump", "hearts"), rules)
    return {"trump": NO_TRUMP if trump is None else trump.letter}


def render(config: Mapping[str, Any], rules: Rules) -> str:
    """The explorer's first state, and every answer it can give, written at build time."""
    trump = parse_trump(config.get("trump", "h"), rules)
    uid = str(config.get("id", "trump-explorer"))
    return explorer_html(uid, trump, rules) + json_island(prerendered(rules))


# ---------------------------------------------------------------------- browser
def _rules(payload: Any) -> Rules:
    if not isinstance(payload, Mapping):
        raise BridgeError("The trump explorer needs its settings as a table.")
    return Rules.from_dict(payload.get("rules") or {})


@expose("trump_explorer.order")
def order(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge handler: ``{"trump": "h" | "none", "rules": {...}}`` -> the model."""
    rules = _rules(payload)
    return order_model(parse_trump(str(payload.get("trump", "h")), rules), rules)


@expose("trump_explorer.view")
def view(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge handler: ``{"trump", "card"?, "rules"}`` -> ``{"html": {"view", "panel"}}``,
    the regions to morph in (the same markup the build wrote)."""
    rules = _rules(payload)
    trump = parse_trump(str(payload.get("trump", "h")), rules)
    regions = {"view": view_html(trump, rules, arrived=True)}
    code = payload.get("card")
    if code:
        try:
            card = Card.parse(str(code))
        except ValueError:
            raise BridgeError(f"{str(code)[:10]!r} is not a card.") from None
        regions["panel"] = panel_html(card, rules)
    return {"trump": NO_TRUMP if trump is None else trump.letter, "html": regions}
