"""The trump explorer: choose a trump suit and see every card in rank order, trumps first,
with the left bower moved into the trump suit.

The order always comes from the engine (:func:`euchre.ranking`): at build time here, and in
the browser through the bridge handler ``trump_explorer.order``, which returns the same
model the build-time HTML is drawn from. The JavaScript only draws it.

>>> from euchre import Rules, Suit
>>> model = order_model(Suit.HEARTS, Rules())
>>> [(row["suit"], len(row["cards"])) for row in model["rows"]]
[('h', 7), ('c', 6), ('d', 5), ('s', 6)]
>>> model["rows"][0]["cards"][1]
{'code': 'Jd', 'role': 'left', 'badge': 'left bower — counts as a heart', 'note': 'the left bower, counts as a heart'}
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

import euchre
from euchre import Card, Rules, Suit

from euchre_tutorial.bridge import expose
from euchre_tutorial.html import card_html

NO_TRUMP = "none"
CONFIG_KEYS = {
    "trump": "the suit shown first: clubs, diamonds, hearts or spades (or none, when the "
    "rules allow no-trump); hearts if left out",
}
_CHOICE_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
          8: "eight", 9: "nine", 10: "ten"}


def _count(n: int) -> str:
    return _WORDS.get(n, str(n))


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


def _card_entry(card: Card, trump: Suit | None) -> dict[str, str]:
    """One card of a row: its code, and for the bowers and the joker a badge and a note."""
    role = euchre.role(card, trump)
    entry = {"code": card.code}
    if trump is None:
        return entry
    if role == "the right bower":
        entry.update(role="right", badge="right bower", note="the right bower")
    elif role == "the left bower":
        entry.update(
            role="left",
            badge=f"left bower — counts as a {trump.singular}",
            note=f"the left bower, counts as a {trump.singular}",
        )
    elif role == "the joker":
        entry.update(role="joker", badge="joker — the highest trump", note="the highest trump")
    return entry


def order_model(trump: Suit | None, rules: Rules) -> dict[str, Any]:
    """Everything the explorer shows for one trump choice, as JSON-ready data: a summary
    sentence, then one row per suit (trumps first) with its cards highest first."""
    ranking = euchre.ranking(trump, deck=rules.deck, joker=rules.joker)
    full_suit = len([c for c in euchre.make_deck(rules.deck) if c.suit is Suit.CLUBS])
    rows = []
    moved: list[Card] = []
    for suit, cards in ranking:
        row: dict[str, Any] = {
            "suit": suit.letter,
            "name": suit.plural.capitalize(),
            "symbol": suit.symbol,
            "trump": trump is not None and suit is trump,
            "count": f"{len(cards)} cards",
            "cards": [_card_entry(c, trump) for c in cards],
            "note": "",
        }
        gone = [c for c in euchre.make_deck(rules.deck) if c.suit is suit and c not in cards]
        if gone and trump is not None:
            # The printed suit that lost its jack: leave an empty slot where it would sit.
            lost = gone[0]
            moved.append(lost)
            higher = [c for c in cards if c.rank > lost.rank]
            row["gap"] = {"at": len(higher), "code": lost.code, "text": str(lost)}
            row["note"] = (
                f"Only {_count(len(cards))} cards: the {lost.name} is a "
                f"{trump.singular} while {trump.plural} are trump."
            )
        elif row["trump"]:
            row["note"] = f"{_count(len(cards))} trumps, highest first."
            row["note"] = row["note"][0].upper() + row["note"][1:]
        rows.append(row)
    return {"trump": NO_TRUMP if trump is None else trump.letter,
            "summary": _summary(trump, ranking, moved, full_suit), "rows": rows}


def _summary(
    trump: Suit | None, ranking: list[tuple[Suit, list[Card]]], moved: list[Card], full: int
) -> str:
    if trump is None:
        return (
            f"No trump: no suit beats another. Every suit keeps its {_count(full)} cards, "
            "ace high, and each jack stays in its own suit."
        )
    trumps = ranking[0][1]
    text = (
        f"{trump.plural.capitalize()} are trump: {_count(len(trumps))} trumps, "
        f"from the right bower ({trumps[0]}) down to the {trumps[-1].name}."
    )
    if any(c.is_joker for c in trumps):
        text = (
            f"{trump.plural.capitalize()} are trump: {_count(len(trumps))} trumps, "
            f"from the joker down to the {trumps[-1].name}."
        )
    for card in moved:
        assert card.suit is not None
        text += (
            f" The {card.name} joins them as the left bower, "
            f"so {card.suit.plural} has only {_count(full - 1)} cards this hand."
        )
    return text


# ---------------------------------------------------------------------- HTML
def rows_html(model: Mapping[str, Any]) -> str:
    """The rows of a model as HTML (``trump-explorer.js`` draws the same markup)."""
    return "".join(_row_html(row) for row in model["rows"])


def _row_html(row: Mapping[str, Any]) -> str:
    slots = []
    for entry in row["cards"]:
        card = Card.parse(entry["code"])
        role = entry.get("role", "")
        inner = card_html(card, note=entry.get("note", ""))
        if entry.get("badge"):
            inner += f'<span class="eu-te-badge">{escape(entry["badge"])}</span>'
        css = f"eu-te-slot eu-te-slot--{role}" if role else "eu-te-slot"
        slots.append(f'<li class="{css}">{inner}</li>')
    gap = row.get("gap")
    if gap:
        slots.insert(
            gap["at"],
            f'<li class="eu-te-slot eu-te-gap" aria-hidden="true" data-gap="{gap["code"]}">'
            f'<span class="eu-te-gap-card">{escape(gap["text"])}</span></li>',
        )
    trump = row["trump"]
    tag = '<span class="eu-te-tag">trump</span>' if trump else ""
    note = f'<p class="eu-te-note">{escape(row["note"])}</p>' if row["note"] else ""
    return (
        f'<li class="eu-te-row{" eu-te-row--trump" if trump else ""}" data-suit="{row["suit"]}">'
        f'<p class="eu-te-head"><span class="eu-te-suit eu-suit-{row["suit"]}">'
        f'<span class="eu-te-symbol" aria-hidden="true">{row["symbol"]}</span> '
        f'{escape(row["name"])}</span>{tag}'
        f'<span class="eu-te-count">{escape(row["count"])}</span></p>'
        f'<ol class="eu-cards eu-te-cards" aria-label="{escape(row["name"])}, highest first">'
        f'{"".join(slots)}</ol>{note}</li>'
    )


def _chooser_html(uid: str, chosen: str, rules: Rules) -> str:
    options = [(s.letter, s.plural.capitalize(), s.symbol) for s in _CHOICE_ORDER]
    if rules.no_trump:
        options.append((NO_TRUMP, "No trump", "∅"))
    items = []
    for value, label, symbol in options:
        checked = " checked" if value == chosen else ""
        items.append(
            f'<label class="eu-te-option eu-suit-{value}">'
            f'<input type="radio" name="{uid}-trump" value="{value}"{checked} disabled>'
            f'<span class="eu-te-option-symbol" aria-hidden="true">{symbol}</span>'
            f'<span class="eu-te-option-label">{label}</span></label>'
        )
    return (
        '<fieldset class="eu-te-chooser"><legend>Trump suit</legend>'
        f'<div class="eu-te-options">{"".join(items)}</div></fieldset>'
    )


def render(config: Mapping[str, Any], rules: Rules) -> str:
    """The explorer's first state, drawn at build time: the chooser (enabled once the
    engine runs in the browser), the summary and every suit's row."""
    trump = parse_trump(config.get("trump", "h"), rules)
    model = order_model(trump, rules)
    uid = str(config.get("id", "trump-explorer"))
    return (
        '<div class="eu-te">'
        f"{_chooser_html(uid, model['trump'], rules)}"
        f'<p class="eu-te-summary" aria-live="polite">{escape(model["summary"])}</p>'
        f'<ol class="eu-te-rows">{rows_html(model)}</ol>'
        "</div>"
    )


# ---------------------------------------------------------------------- browser
@expose("trump_explorer.order")
def order(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge handler: ``{"trump": "h" | "none", "rules": {...}}`` -> the model."""
    rules = Rules.from_dict(payload.get("rules") or {})
    return order_model(parse_trump(str(payload.get("trump", "h")), rules), rules)
