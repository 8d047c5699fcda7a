"""The teacher's quiz builder, drawn: its form, the share link and embed code, and a
printable question sheet with a separate answer key.

>>> from euchre import Rules
>>> from euchre_tutorial.quiz import QuizSpec
>>> html = sheet_html(sheet_model(QuizSpec(seed=3, count=2)))
>>> html.count('class="eu-sheet-item"'), "Answer key" in html
(2, True)
>>> print(embed_template())
<iframe src="{src}" title="Euchre trick quiz" width="100%" height="760" style="border:0;max-width:720px" loading="lazy"></iframe>
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

import euchre
from euchre import Card, Rules

from euchre_tutorial.present.cards import card_html
from euchre_tutorial.present.quiz import played_html
from euchre_tutorial.quiz import LEVELS, QuizSpec
from euchre_tutorial.quiz.levels import game_kinds
from euchre_tutorial.quiz.sheet import sheet_model
from euchre_tutorial.quiz.spec import KIND_LABELS, LINK_SEEDS, MAX_COUNT
from euchre_tutorial.site_rules import site_profiles

__all__ = [
    "builder_html",
    "embed_template",
    "form_html",
    "item_html",
    "sheet_html",
    "sheet_model",
    "status_text",
]

TRAP_CHOICES = (0, 20, 35, 50, 60, 80, 100)


def embed_template() -> str:
    """The embed code a teacher copies; the page puts the quiz's address for ``{src}``."""
    return (
        '<iframe src="{src}" title="Euchre trick quiz" width="100%" height="760" '
        'style="border:0;max-width:720px" loading="lazy"></iframe>'
    )


def status_text(model: Mapping[str, Any], notes: list[str]) -> str:
    """The builder's one-line status after the engine made a sheet: each setting it could
    not use says so itself.

    >>> status_text({"spec": {"count": 4}}, [])
    '4 questions ready. The link and the sheet match.'
    >>> status_text({"spec": {"count": 4}}, ["The count “0” was not used."])
    'The count “0” was not used. The link and the sheet use the other settings.'
    """
    if notes:
        return f"{' '.join(notes)} The link and the sheet use the other settings."
    return f"{model['spec']['count']} questions ready. The link and the sheet match."


def item_html(q: Mapping[str, Any]) -> str:
    trump = q["trump"] or {"suit": "none", "symbol": "", "name": "not named yet"}
    parts = [
        f'<p class="eu-sheet-q"><strong>{escape(q["title"])}</strong> '
        f'<span class="eu-sheet-trump eu-suit-{trump["suit"]}">Trump: '
        f'<span aria-hidden="true">{trump["symbol"]}</span> {escape(trump["name"])}</span></p>'
    ]
    if q["table"]:
        cells = "".join(f"<li>{played_html(p)}</li>" for p in q["table"])
        parts.append(f'<ol class="eu-sheet-cards">{cells}</ol>')
    if q["facts"]:
        parts.append(
            '<ul class="eu-sheet-facts">'
            + "".join(f"<li>{escape(f)}</li>" for f in q["facts"])
            + "</ul>"
        )
    parts.append(f'<p class="eu-sheet-prompt">{escape(q["prompt"])}</p>')
    if any("card" in o for o in q["options"]):
        cells = "".join(
            f"<li>{card_html(Card.parse(o['card']))}"
            + (f'<span class="eu-quiz-seat">{escape(o["seat"])}</span>' if o.get("seat") else "")
            + "</li>"
            for o in q["options"]
        )
        parts.append(f'<ol class="eu-sheet-cards eu-sheet-options">{cells}</ol>')
    else:
        cells = "".join(
            f'<li><span class="eu-sheet-box" aria-hidden="true"></span>{escape(o["label"])}</li>'
            for o in q["options"]
        )
        parts.append(f'<ul class="eu-sheet-choices">{cells}</ul>')
    return f'<li class="eu-sheet-item" data-kind="{q["kind"]}">{"".join(parts)}</li>'


def sheet_html(model: Mapping[str, Any]) -> str:
    """The sheet and its key, from :func:`~euchre_tutorial.quiz.sheet.sheet_model`."""
    items = "".join(item_html(q) for q in model["questions"])
    key = "".join(
        f"<li><strong>{escape(k['answer'])}</strong> "
        + " ".join(escape(r) for r in k["reasons"])
        + "</li>"
        for k in model["key"]
    )
    head = (
        f'<h2 class="eu-sheet-title">{escape(model["title"])}</h2>'
        f'<p class="eu-sheet-sub">{escape(model["subtitle"])}</p>'
    )
    return (
        '<div class="eu-sheet">'
        f'<section class="eu-sheet-questions"><header class="eu-sheet-head">{head}'
        '<p class="eu-sheet-name">Name: <span class="eu-sheet-line"></span></p></header>'
        f'<ol class="eu-sheet-list">{items}</ol></section>'
        f'<section class="eu-sheet-key"><header class="eu-sheet-head">'
        f'<h2 class="eu-sheet-title">Answer key</h2><p class="eu-sheet-sub">'
        f"{escape(model['title'])}. {escape(model['subtitle'])}</p></header>"
        f'<ol class="eu-sheet-answers">{key}</ol></section>'
        "</div>"
    )


def _deck_words(size: int) -> str:
    """A deck as the form offers it: "32 cards (7 to ace)"."""
    lowest = min(c.rank for c in euchre.make_deck(size) if c.suit is not None)
    return f"{size} cards ({lowest.label} to ace)"


DECKS = (
    ("", "As the rules say"),
    *((str(n), _deck_words(n)) for n in sorted({Rules.profile(p).deck for p in site_profiles()})),
)
"""The form's deck choices: the decks of the engine's profiles (a value the engine refused
would come back as a note)."""
JOKER = (("", "As the rules say"), ("0", "Without the joker"), ("1", "With the joker"))
DEFEND_ALONE = (("", "As the rules say"), ("0", "Not played"), ("1", "Played"))
TABLE_LISTS = (
    ("deck", "Deck", DECKS),
    ("joker", "The joker", JOKER),
    ("defend_alone", Rules.OPTIONS["defend_alone"].label, DEFEND_ALONE),
)
"""The form's lists of rules options, one per link setting of ``TABLE_PARAMS``: (name,
label, choices); each is marked ``data-rules-option`` for the page to send."""


def _table_options(choices: tuple[tuple[str, str], ...]) -> str:
    return "".join(f'<option value="{value}">{escape(label)}</option>' for value, label in choices)


def _table_lists() -> str:
    return "".join(
        f'<label>{escape(label)} <select name="{name}" data-rules-option disabled>'
        f"{_table_options(choices)}</select></label>"
        for name, label, choices in TABLE_LISTS
    )


def form_html(uid: str, spec: Mapping[str, Any], rules: Rules) -> str:
    kinds = "".join(
        f'<label class="eu-qs-check"><input type="checkbox" name="kinds" value="{k}"'
        f"{' checked' if k in spec['kinds'] else ''} disabled> {escape(KIND_LABELS[k])}</label>"
        for k in game_kinds(rules.variant)
    )
    levels = "".join(
        f'<option value="{name}"{" selected" if name == spec["level"] else ""}>'
        f"{escape(level.label)}</option>"
        for name, level in LEVELS.items()
    )
    traps = "".join(
        f'<option value="{t}"{" selected" if t == spec["traps"] else ""}>{t}%</option>'
        for t in sorted({*TRAP_CHOICES, spec["traps"]})
    )
    profiles = "".join(
        f'<option value="{name}"{" selected" if name == spec["rules"] else ""}>'
        f"{escape(Rules.profile_title(name))}</option>"
        for name in site_profiles()
    )
    if spec["rules"] not in site_profiles():
        profiles = (
            f'<option value="{escape(spec["rules"])}" selected>This site\'s rules'
            f"</option>{profiles}"
        )
    return (
        f'<form class="eu-qs-form" id="{uid}-form" novalidate>'
        f'<fieldset class="eu-qs-kinds"><legend>Question kinds</legend>{kinds}</fieldset>'
        '<div class="eu-qs-row">'
        f'<label>Difficulty <select name="level" disabled>{levels}</select></label>'
        f'<label>Questions <input name="count" type="number" min="1" max="{MAX_COUNT}" '
        f'value="{spec["count"]}" inputmode="numeric" disabled></label>'
        f'<label>Left-bower traps <select name="traps" disabled>{traps}</select></label>'
        "</div>"
        '<div class="eu-qs-row">'
        f'<label>Seed <input name="seed" type="number" min="0" max="4294967295" '
        f'value="{spec["seed"]}" inputmode="numeric" disabled></label>'
        '<button type="button" class="md-button eu-qs-reseed" data-action="reseed" disabled>New seed</button>'
        f'<label>Rules <select name="rules" disabled>{profiles}</select></label>'
        "</div>"
        '<div class="eu-qs-row">'
        f"{_table_lists()}"
        '<label class="eu-qs-house">Other house rules (optional) <input name="house" '
        'type="text" placeholder="stick_the_dealer:1, game_to:7" autocomplete="off" '
        'spellcheck="false" disabled></label>'
        "</div>"
        '<p class="eu-qs-notes" role="status" aria-live="polite"></p>'
        "</form>"
    )


def builder_html(uid: str, spec: QuizSpec, rules: Rules) -> str:
    """The builder's first state: the form (enabled once the engine runs), the share link
    of the page's default quiz, the embed code's pattern, its sheet, and the seeds "New
    seed" draws from (``LINK_SEEDS``: their links show their first question at once)."""
    model = sheet_model(spec)
    query = spec.to_query()
    seeds = ",".join(str(seed) for seed in LINK_SEEDS)
    return (
        f'<div class="eu-qs" data-quiz-href="../quiz/" data-embed-href="../../embed/quiz/" '
        f'data-embed-template="{escape(embed_template())}" data-seeds="{seeds}">'
        f"{form_html(uid, spec.to_dict(), rules)}"
        '<div class="eu-qs-share">'
        f'<label class="eu-qs-field">Share link <input class="eu-qs-link" type="text" readonly '
        f'value="../quiz/?{escape(query)}"></label>'
        '<div class="eu-qs-buttons">'
        '<button type="button" class="md-button md-button--primary eu-qs-copy" data-action="copy" disabled>Copy link</button>'
        f'<a class="md-button eu-qs-open" href="../quiz/?{escape(query)}">Open the quiz</a>'
        '<button type="button" class="md-button eu-qs-print" data-action="print" disabled>Print sheet and key</button>'
        "</div>"
        '<label class="eu-qs-field">Embed code (for a class page or LMS) '
        '<textarea class="eu-qs-embed" rows="2" readonly></textarea></label>'
        "</div>"
        f'<div class="eu-qs-sheet">{sheet_html(model)}</div>'
        "</div>"
    )
