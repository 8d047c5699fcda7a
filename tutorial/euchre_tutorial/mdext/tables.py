"""Tables the engine draws for the pages: card rankings, the score table, the profiles side
by side, the options of the active rules and the house-rules card.

Each function returns Markdown lines (tables in Markdown syntax, so the theme styles them;
the cards inside are the card component's inline HTML). Nothing here is typed by hand: the
orders, the points and the sentences all come from the engine.

>>> from euchre import Rules, Suit
>>> ranking_lines(Suit.HEARTS, Rules())[0]
'| Suit | Cards, highest first | How many |'
>>> score_rows(Rules())[0]
('The makers take 3 or 4 tricks', 'the makers score 1')
"""

from __future__ import annotations

from typing import Any

import euchre
from euchre import Card, Rules, Suit
from euchre.tables import TABLES

from euchre_tutorial.html import card_html
from euchre_tutorial.mdext.template import format_value
from euchre_tutorial.site_rules import site_profiles

SUITS = {
    "hearts": Suit.HEARTS,
    "diamonds": Suit.DIAMONDS,
    "clubs": Suit.CLUBS,
    "spades": Suit.SPADES,
}


def parse_suit(text: str | None) -> Suit:
    """A suit argument such as ``hearts``; raises ValueError naming it."""
    try:
        return Suit.parse(text or "")
    except ValueError:
        raise ValueError(f"{text!r} is not a suit: use hearts, diamonds, clubs or spades") from None


def _card(card: Card, trump: Suit | None) -> str:
    role = euchre.role(card, trump)
    note = role if role in ("the right bower", "the left bower", "the joker") else ""
    return card_html(card, note=note)


def ranking_lines(trump: Suit, rules: Rules) -> list[str]:
    """The four suits with their cards, highest first, when ``trump`` is trump."""
    lines = ["| Suit | Cards, highest first | How many |", "|---|---|---|"]
    for suit, cards in euchre.ranking(trump, deck=rules.deck, joker=rules.joker):
        name = f"{suit.symbol} {suit.plural.capitalize()}"
        if suit is trump:
            name = f"**{name} (trump)**"
        elif suit is trump.partner:
            name += " (lost its jack)"
        shown = " ".join(_card(c, trump) for c in cards)
        lines.append(f"| {name} | {shown} | {len(cards)} |")
    return lines


def ranking_tab_lines(rules: Rules) -> list[str]:
    """Content tabs, one per trump suit, each with its ranking table."""
    out: list[str] = []
    for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES):
        out += [f'=== "{suit.symbol} {suit.plural.capitalize()} are trump"', ""]
        out += ["    " + line for line in ranking_lines(suit, rules)]
        out.append("")
    return out


def score_rows(rules: Rules) -> list[tuple[str, str]]:
    """(what happened, who scores what) for every way a deal can end, from the engine."""
    rows: list[tuple[str, str]] = []
    cases: list[tuple[str, list[int], bool, bool]] = [
        ("The makers take 3 or 4 tricks", [3, 4], False, False),
        ("The makers take all 5 tricks (a march)", [5], False, False),
        ("A lone maker takes 3 or 4 tricks", [3, 4], True, False),
        ("A lone maker takes all 5 tricks", [5], True, False),
        ("The makers take 0, 1 or 2 tricks (euchred)", [0, 1, 2], False, False),
        ("A lone maker takes 0, 1 or 2 tricks (euchred)", [0, 1, 2], True, False),
    ]
    if rules.defend_alone:
        cases += [
            ("A lone defender takes 3 or 4 tricks against a lone maker", [2, 1], True, True),
            ("A lone defender takes all 5 tricks against a lone maker", [0], True, True),
            (
                "A lone defender takes 3 or 4 tricks against a maker with a partner",
                [2, 1],
                False,
                True,
            ),
            ("A lone defender takes all 5 tricks against a maker with a partner", [0], False, True),
        ]
    if not (rules.partnerships or rules.call_ace):  # nobody can play alone at this table
        cases = [case for case in cases if not case[2]]
    for text, tricks, alone, defender_alone in cases:
        results = {euchre.score_hand(t, alone, rules, defender_alone) for t in tricks}
        if len(results) != 1:
            raise ValueError(f"the engine scores the case {text!r} in more than one way")
        makers, defenders = results.pop()
        who = f"the makers score {makers}" if makers else f"the defenders score {defenders}"
        rows.append((text, who))
    return rows


def score_lines(rules: Rules) -> list[str]:
    """The score table as Markdown."""
    lines = ["| What happened | Points |", "|---|---|"]
    lines += [f"| {what} | {who} |" for what, who in score_rows(rules)]
    return lines


def _cell(value: Any) -> str:
    return f"`{format_value(value)}`"


def profiles_lines(active: Rules) -> list[str]:
    """Every option under each named profile, side by side, plus this site's rules; a value
    that differs from the first profile is in bold."""
    names = site_profiles()
    dicts = [Rules.profile(n).to_dict() for n in names]
    mine = active.to_dict()
    head = "| House-rules key | " + " | ".join(f"`{n}`" for n in names) + " | This site |"
    lines = [head, "|---" * (len(names) + 2) + "|"]
    for key in dicts[0]:
        cells = []
        for d in [*dicts, mine]:
            cell = _cell(d.get(key))
            cells.append(f"**{cell}**" if d.get(key) != dicts[0].get(key) else cell)
        lines.append(f"| `{key}` | " + " | ".join(cells) + " |")
    return lines


def profile_details_lines(active: Rules) -> list[str]:
    """One collapsible block per profile with its rules in plain sentences."""
    out: list[str] = []
    for name in site_profiles():
        out += [f'??? note "Profile `{name}` in full"', ""]
        out += [f"    - {sentence} (`{key}`)" for key, sentence in Rules.profile(name).describe()]
        out.append("")
    return out


def options_lines(active: Rules) -> list[str]:
    """The active rules, key by key, with their value and meaning."""
    values = active.to_dict()
    lines = ["| House-rules key | This site | What it means here |", "|---|---|---|"]
    for key, sentence in active.describe():
        lines.append(f"| `{key}` | {_cell(values.get(key))} | {sentence} |")
    return lines


# The section of "Two-handed, cutthroat and six-handed Euchre" about each table.
TABLE_SECTIONS = {
    "2": "two-handed-euchre",
    "3": "three-handed-euchre-cutthroat",
    "5": "call-ace",
    "6-ace": "call-ace",
    "6": "five-handed-and-six-handed-euchre",
}


def table_description(active: Rules) -> str:
    """How the active rules' table plays, in a sentence: the engine's description of that
    table, or its size and sides for a table the engine does not name.

    >>> table_description(Rules().at_table("3"))
    'Three-handed cutthroat: each player scores alone, and the maker plays against the other two.'
    >>> table_description(Rules().replace(players=4, partnerships=False))
    'This table plays with 4 players, each scoring alone.'
    """
    key = active.table_key
    if key is not None:
        return TABLES[key].description
    how = f"in two teams of {active.players // 2}" if active.partnerships else "each scoring alone"
    return f"This table plays with {active.players} players, {how}."


def table_note_lines(active: Rules) -> list[str]:
    """A rules page's note for a site at another table than four in two teams: the page
    describes the usual game, this table is different, and where to read what changes.
    Nothing for the usual table. Its links are relative to the rules pages.

    >>> table_note_lines(Rules())
    []
    >>> table_note_lines(Rules().at_table("3"))[1]
    '!!! note "This table: three-handed cutthroat"'
    """
    key = active.table_key
    if key == "4":
        return []
    what = table_description(active)
    section = f"#{TABLE_SECTIONS[key]}" if key in TABLE_SECTIONS else ""
    return [
        "",
        f'!!! note "This table: {active.table_name}"',
        "    This page describes the usual game, four players in two teams. "
        f"{what} [Two-handed, cutthroat and six-handed Euchre](table-sizes.md{section}) says "
        "what changes, and [free play](../practice/play.md) deals at this table.",
        "",
    ]


def house_card_lines(active: Rules, title: str) -> list[str]:
    """A one-page summary of the active rules (``title``: their name), for printing."""
    rules_items = [f"- {sentence}" for _key, sentence in active.describe()]
    scores = [f"- {what}: {who}." for what, who in score_rows(active)]
    trump = Suit.HEARTS
    order = " ".join(card_html(c) for c in euchre.trump_order(trump, active.deck, active.joker))
    return [
        '<div class="eu-house-card" markdown="1">',
        "",
        f'<p class="eu-house-card__title">{title}</p>',
        "",
        f"**Game:** the first {'side' if active.partnerships else 'player'} to "
        f"{active.game_to} points wins. "
        f"**Deck:** {active.deck_size} cards.",
        "",
        f"**Trump, highest first** (hearts as the example): {order}",
        "",
        "**This table plays:**",
        "",
        *rules_items,
        "",
        "**Scoring:**",
        "",
        *scores,
        "",
        "</div>",
    ]
