"""The trump explorer, drawn: the trump chooser, every suit's cards in rank order for one
trump, and a panel that tells one card's suit and rank under every trump.

Every order comes from the engine (:func:`euchre.ranking`). The build writes the whole
explorer (each trump's rows, each card's panel: :func:`prerendered`) into the page, so it
answers before Python starts; the worker renders the same markup afterwards.

>>> from euchre import Rules, Suit
>>> model = order_model(Suit.HEARTS, Rules())
>>> [(row["suit"], len(row["cards"])) for row in model["rows"]]
[('h', 7), ('c', 6), ('d', 5), ('s', 6)]
>>> model["rows"][0]["cards"][1]
{'code': 'Jd', 'role': 'left', 'badge': 'left bower — counts as a heart', 'note': 'the left bower, counts as a heart'}
>>> facts = card_facts(Card.parse("Jd"), Rules())
>>> [(f["trump"], f["suit"], f["rank"]) for f in facts]
[('Clubs', 'diamonds', '4th of 6 diamonds'), ('Diamonds', 'trump', '1st of 7 trumps'), ('Hearts', 'trump', '2nd of 7 trumps'), ('Spades', 'diamonds', '4th of 6 diamonds')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import euchre
from euchre import Card, Rules, Suit
from euchre.players.words import number_words

from euchre_tutorial.present.cards import card_html
from euchre_tutorial.present.markup import element, escape, tag

NO_TRUMP = "none"
CHOICE_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
PANEL_HINT = "Choose a card above to see its suit and its rank under each trump."


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... (11th, 12th, 13th).

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '22nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def trump_key(trump: Suit | None) -> str:
    """The chooser's value for a trump: its letter, or ``"none"``."""
    return NO_TRUMP if trump is None else trump.letter


def choices(rules: Rules) -> list[Suit | None]:
    """The trumps the chooser offers, in its order (no-trump last, when the rules allow it)."""
    out: list[Suit | None] = list(CHOICE_ORDER)
    if rules.no_trump:
        out.append(None)
    return out


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
                f"Only {number_words(len(cards))} cards: the {lost.name} is a "
                f"{trump.singular} while {trump.plural} are trump."
            )
        elif row["trump"]:
            row["note"] = f"{number_words(len(cards))} trumps, highest first."
            row["note"] = row["note"][0].upper() + row["note"][1:]
        rows.append(row)
    return {
        "trump": trump_key(trump),
        "summary": _summary(trump, ranking, moved, full_suit),
        "rows": rows,
    }


def _summary(
    trump: Suit | None, ranking: list[tuple[Suit, list[Card]]], moved: list[Card], full: int
) -> str:
    if trump is None:
        return (
            f"No trump: no suit beats another. Every suit keeps its {number_words(full)} cards, "
            "ace high, and each jack stays in its own suit."
        )
    trumps = ranking[0][1]
    top = "the joker" if trumps[0].is_joker else f"the right bower ({trumps[0]})"
    text = (
        f"{trump.plural.capitalize()} are trump: {number_words(len(trumps))} trumps, "
        f"from {top} down to the {trumps[-1].name}."
    )
    for card in moved:
        assert card.suit is not None
        text += (
            f" The {card.name} joins them as the left bower, "
            f"so {card.suit.plural} has only {number_words(full - 1)} cards this deal."
        )
    return text


def card_facts(card: Card, rules: Rules) -> list[dict[str, str]]:
    """One card under every trump the chooser offers: the trump, the suit the card
    belongs to ("trump" or a suit's name), its rank in that suit, and its role."""
    out = []
    for trump in choices(rules):
        for suit, cards in euchre.ranking(trump, deck=rules.deck, joker=rules.joker):
            if card not in cards:
                continue
            is_trump = trump is not None and suit is trump
            where = f"{'trumps' if is_trump else suit.plural}"
            role = euchre.role(card, trump)
            out.append(
                {
                    "trump": "No trump" if trump is None else trump.plural.capitalize(),
                    "key": trump_key(trump),
                    "suit": "trump" if is_trump else suit.plural,
                    "rank": f"{ordinal(cards.index(card) + 1)} of {len(cards)} {where}",
                    "role": role if role != "a plain card" and role != "a trump" else "",
                }
            )
            break
        else:  # the joker without a trump belongs to no suit
            out.append(
                {
                    "trump": "No trump",
                    "key": NO_TRUMP,
                    "suit": "no suit",
                    "rank": "it cannot be played without a trump",
                    "role": "",
                }
            )
    return out


# ---------------------------------------------------------------------- HTML
def rows_html(model: Mapping[str, Any]) -> str:
    """The rows of a model as HTML: every card is a button that shows its panel."""
    return "".join(_row_html(row) for row in model["rows"])


def _row_html(row: Mapping[str, Any]) -> str:
    slots = []
    for entry in row["cards"]:
        card = Card.parse(entry["code"])
        role = entry.get("role", "")
        inner = card_html(card, note=entry.get("note", ""), button=True, action="card")
        if entry.get("badge"):
            inner += tag("span", entry["badge"], class_="eu-te-badge")
        css = f"eu-te-slot eu-te-slot--{role}" if role else "eu-te-slot"
        if role == "left" and row.get("arrived"):
            css += " eu-te-slot--arrived"
        slots.append(element("li", inner, class_=css))
    gap = row.get("gap")
    if gap:
        slots.insert(
            gap["at"],
            element(
                "li",
                tag("span", gap["text"], class_="eu-te-gap-card"),
                class_="eu-te-slot eu-te-gap",
                aria_hidden="true",
                data_gap=gap["code"],
            ),
        )
    trump = row["trump"]
    head = (
        element(
            "span",
            element("span", row["symbol"], class_="eu-te-symbol", aria_hidden="true")
            + " "
            + escape(row["name"]),
            class_=f"eu-te-suit eu-suit-{row['suit']}",
        )
        + (tag("span", "trump", class_="eu-te-tag") if trump else "")
        + tag("span", row["count"], class_="eu-te-count")
    )
    note = tag("p", row["note"], class_="eu-te-note") if row["note"] else ""
    cards = element(
        "ol",
        "".join(slots),
        class_="eu-cards eu-te-cards",
        aria_label=f"{row['name']}, highest first",
    )
    return element(
        "li",
        element("p", head, class_="eu-te-head") + cards + note,
        class_="eu-te-row eu-te-row--trump" if trump else "eu-te-row",
        data_suit=row["suit"],
    )


def chooser_html(uid: str, chosen: str, rules: Rules) -> str:
    """The trump chooser: native radio buttons (drawn disabled; the page's script enables
    them as soon as it runs, since the build wrote every answer into the page)."""
    items = []
    for trump in choices(rules):
        value = trump_key(trump)
        label, symbol = (
            ("No trump", "∅") if trump is None else (trump.plural.capitalize(), trump.symbol)
        )
        radio = (
            f'<input type="radio" name="{escape(uid)}-trump" value="{value}"'
            f'{" checked" if value == chosen else ""} disabled data-action="trump">'
        )
        items.append(
            element(
                "label",
                radio
                + tag("span", symbol, class_="eu-te-option-symbol", aria_hidden="true")
                + tag("span", label, class_="eu-te-option-label"),
                class_=f"eu-te-option eu-suit-{value}",
            )
        )
    return element(
        "fieldset",
        "<legend>Trump suit</legend>" + element("div", "".join(items), class_="eu-te-options"),
        class_="eu-te-chooser",
    )


def view_html(trump: Suit | None, rules: Rules, *, arrived: bool = False) -> str:
    """The part that follows the trump: the summary and every suit's row. ``arrived``
    marks the left bower's slot (it has just moved into the trump suit)."""
    model = order_model(trump, rules)
    rows = [{**row, "arrived": arrived} for row in model["rows"]]
    return tag("p", model["summary"], class_="eu-te-summary", aria_live="polite") + element(
        "ol", rows_html({"rows": rows}), class_="eu-te-rows"
    )


def panel_html(card: Card | None, rules: Rules) -> str:
    """One card under every trump (or, with no card chosen yet, how to choose one)."""
    if card is None:
        return tag("p", PANEL_HINT, class_="eu-te-panel-hint")
    head = "".join(tag("th", h, scope="col") for h in ("Trump", "The card belongs to", "Its rank"))
    body = []
    for fact in card_facts(card, rules):
        suit = fact["suit"] + (f" ({fact['role']})" if fact["role"] else "")
        body.append(
            element(
                "tr",
                tag("th", fact["trump"], scope="row") + tag("td", suit) + tag("td", fact["rank"]),
                data_trump=fact["key"],
            )
        )
    caption = tag("caption", f"The {card} ({card.name}) under each trump")
    return element(
        "table",
        caption + element("thead", element("tr", head)) + element("tbody", "".join(body)),
        class_="eu-te-facts",
    )


def explorer_html(uid: str, trump: Suit | None, rules: Rules, card: Card | None = None) -> str:
    """The whole explorer for one trump (and one chosen card)."""
    return element(
        "div",
        chooser_html(uid, trump_key(trump), rules)
        + element("div", view_html(trump, rules), class_="eu-te-view", data_region="view")
        + element(
            "div",
            panel_html(card, rules),
            class_="eu-te-panel",
            data_region="panel",
            aria_live="polite",
        ),
        class_="eu-te",
    )


def prerendered(rules: Rules) -> dict[str, dict[str, str]]:
    """Every answer the explorer can give, for the page: each trump's view and each card's
    panel, keyed by the chooser's value and the card's code."""
    deck = euchre.make_deck(rules.deck, rules.joker)
    return {
        "view": {trump_key(t): view_html(t, rules, arrived=True) for t in choices(rules)},
        "panel": {c.code: panel_html(c, rules) for c in deck},
    }
