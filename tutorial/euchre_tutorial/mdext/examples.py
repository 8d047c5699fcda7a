"""Markdown extension: worked-example fences, checked by the engine at build time.

A fence names its kind and holds ``key: value`` lines (``#`` starts a comment)::

    ```euchre-trick
    trump: hearts
    leader: North          # optional; then the winner may be a seat
    cards: J♦ A♥ 9♥ J♥     # in play order
    winner: J♥             # the claim the engine checks
    ```

| fence | keys (claim last) |
|---|---|
| ``euchre-trick`` | ``trump``, ``cards``, ``leader``?, ``winner`` |
| ``euchre-plays`` | ``trump``, ``hand``, ``led`` (a card or ``none``), ``legal`` |
| ``euchre-suit`` | ``card``, ``trump``, ``suit`` |
| ``euchre-score`` | ``tricks`` (the makers'), ``alone``?, ``defender-alone``?, ``points`` |
| ``euchre-bidding``, ``euchre-bid-score``, ``euchre-bid-deal`` | Bid Euchre's (``example_bid.py``) |
| ``euchre-deal`` | ``players``?, ``dealer``, ``north`` ``east`` ``south`` ``west`` (or ``seat 1`` ... ``seat n``), ``upcard``, ``kitty``?, ``bidding``, ``discard``?, ``call-ace``?, ``trick`` (one line per trick), ``partner``?, ``score`` |

Points and scores are claimed as ``makers 1``, ``defenders 2``, ``North-South 2`` or
``none``. Seats are North, East, South, West, clockwise; North-South are partners.

``players:`` (in ``euchre-deal`` and ``euchre-trick``) sets the table: ``2``, ``3``
(cutthroat), ``4``, ``5`` (call-ace), ``6`` (two teams of three) or ``6 call-ace``. At a
table other than four the seats are ``Seat 1`` to ``Seat n``, clockwise (hands ``seat 1:``
...), a score may also be claimed seat by seat (``Seat 2 2, Seat 3 2``; the others 0), a
call-ace deal names the called suit in ``call-ace:`` and may claim the secret ``partner``.
``requires`` may still change other rules of that table.

A deal stands at every table: an offer a house rule adds that its ``bidding`` does not speak
to is declined as the engine asks it, and told with the rest ("East keeps their farmer's
hand.", "North plays without the partner's best card.", "East declines to defend alone.").
A bidding that starts with ``swap ...`` or ``redeal`` speaks to a farmer's hand itself.

Every fence may also take ``caption:`` (a title), ``requires:`` (house rules the example
needs, e.g. ``requires: stick_the_dealer=true, game_to=7``) and ``otherwise:``
(``note``, the default, or ``hide``). An example is always checked under the active rules
with its ``requires`` applied. When the active rules already match, it carries a small
note naming the house rule; when they differ, it is shown with a note saying that this
table plays otherwise, or left out with ``otherwise: hide``. The house-rule note speaks of
the rules the example requires, whatever its table. An example at the site's own table that
the site's house rules would change (a Canadian loner's partner cannot simply order up) is
checked and shown under that table's usual rules, with a note saying so: every rules file
the engine accepts builds.

A wrong claim, an impossible deal, an unknown card or key stops the build with
:class:`PageError`: the line (in the page's Markdown, after any front matter), the fence
and the engine's reason. MkDocs prints the page's file name before it.

>>> import markdown
>>> md = markdown.Markdown(extensions=[ExamplesExtension(rules="american")])
>>> html = md.convert("```euchre-suit\\ncard: Jd\\ntrump: hearts\\nsuit: hearts\\n```")
>>> 'data-example="suit"' in html
True
>>> md.convert("Text\\n\\n```euchre-suit\\ncard: Jd\\ntrump: hearts\\nsuit: diamonds\\n```")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
euchre_tutorial.mdext.errors.PageError: line 6: euchre-suit: the claim is that J♦ is a diamond, but it is a heart. The engine says: ...
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from typing import Any

from euchre import Rules, RulesError
from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from euchre_tutorial.mdext.active import GAME_LINE, rules_for
from euchre_tutorial.mdext.errors import PageError
from euchre_tutorial.mdext.example_bid import check_bid_deal, check_bid_score, check_bidding
from euchre_tutorial.mdext.example_cards import check_plays, check_suit, check_trick
from euchre_tutorial.mdext.example_deal import check_deal, check_score
from euchre_tutorial.mdext.fields import FieldError, Fields, parse_requires, parse_table
from euchre_tutorial.mdext.rulestext import page_game_of, source_lines
from euchre_tutorial.site_rules import standard_rules

Checker = Callable[[Fields, Rules], str]
KINDS: dict[str, Checker] = {
    "euchre-trick": check_trick,
    "euchre-plays": check_plays,
    "euchre-suit": check_suit,
    "euchre-deal": check_deal,
    "euchre-score": check_score,
    "euchre-bidding": check_bidding,
    "euchre-bid-score": check_bid_score,
    "euchre-bid-deal": check_bid_deal,
}
OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<kind>euchre-[\w-]+)[ \t]*$")


def example_rules(active: Rules, requires: dict[str, Any]) -> tuple[Rules, bool]:
    """The rules an example is checked under, and whether the active rules already match."""
    values = active.to_dict()
    for key in requires:
        if key not in values:
            raise FieldError(
                f"unknown rules key {key!r}; the keys are {', '.join(values)}", "requires"
            )
    if all(values[k] == v for k, v in requires.items()):
        return active, True
    try:
        return active.replace(**requires), False
    except RulesError:
        pass
    try:
        return standard_rules(active.variant).replace(**requires), False
    except RulesError as exc:
        raise FieldError(str(exc), "requires") from None


def _note(requires: dict[str, Any], matches: bool) -> str:
    keys = ", ".join(f"<code>{escape(k)} = {escape(_toml(v))}</code>" for k, v in requires.items())
    if matches:
        text = f"House rule: {keys}. This site plays it."
    else:
        text = (
            f"House rule: {keys}. This site plays otherwise; the example shows a table "
            "that uses it."
        )
    cls = "eu-example__rule" + ("" if matches else " eu-example__rule--other")
    return f'<p class="{cls}">{text}</p>'


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int) else f'"{value}"'


def _table_note(description: str, table: dict[str, Any]) -> str:
    keys = ", ".join(f"<code>{escape(k)} = {escape(_toml(v))}</code>" for k, v in table.items())
    return (
        f'<p class="eu-example__rule eu-example__rule--table">Table: {escape(description)} '
        f"({keys}).</p>"
    )


def render_example(kind: str, fields: Fields, active: Rules) -> str:
    """Check one example and return its HTML ('' when hidden); raises FieldError."""
    requires = parse_requires(fields.get("requires") or "")
    table_text = fields.get("players")
    description, table = parse_table(table_text) if table_text else ("", {})
    if (
        not table_text
        and kind in ("euchre-deal", "euchre-trick")
        and (active.players, active.partnerships) != (4, True)
    ):
        table = Rules.table("4").settings  # North, East, South and West: a four-player example
    if table and table_text and not all(getattr(active, k) == v for k, v in table.items()):
        # Another table than the site's: its usual rules, not this site's house rules.
        rules, _same = example_rules(standard_rules(active.variant), {**table, **requires})
        matches = False
    elif table:
        rules, matches = example_rules(active, {**table, **requires})
    else:
        rules, matches = example_rules(active, requires)
    # The house-rule note speaks of the rules the example requires, whatever the table.
    plays_it = matches or all(getattr(active, k) == v for k, v in requires.items())
    house = ""
    try:
        body = KINDS[kind](fields, rules)
    except FieldError:
        usual, _same = example_rules(standard_rules(active.variant), {**table, **requires})
        if usual == rules:
            raise  # the example is wrong at its own table
        # This site's house rules change the deal (a Canadian loner's partner cannot simply
        # order up): it is shown, checked, under the table's usual rules, and says so.
        body = KINDS[kind](fields, usual)
        matches = plays_it = False
        house = (
            '<p class="eu-example__rule eu-example__rule--other">This site\'s house rules '
            "would change this deal, so it is shown with the usual rules of its table.</p>"
        )
    if (
        (requires or table or house)
        and not matches
        and (fields.get("otherwise") or "note").lower() == "hide"
    ):
        return ""
    caption = fields.get("caption")
    head = f'<p class="eu-example__caption">{escape(caption)}</p>' if caption else ""
    note = (_note(requires, plays_it) if requires else "") + house
    if table_text:
        note = _table_note(description, table) + note
    return body.replace('">', f'">{head}{note}', 1) if (head or note) else body


class ExamplesPreprocessor(Preprocessor):  # type: ignore[misc]
    """Finds the ``euchre-*`` fences, checks them and stores their HTML."""

    def __init__(self, md: Markdown, spec: str) -> None:
        super().__init__(md)
        self.spec = spec
        self.game = "euchre"

    def run(self, lines: list[str]) -> list[str]:
        origins = source_lines(self.md, lines)
        self.game = page_game_of(self.md, lines)
        if lines and GAME_LINE.match(lines[0]):
            lines = ["", *lines[1:]]  # no rules text ran: the game's line is not text
        out: list[str] = []
        i = 0
        while i < len(lines):
            m = OPEN.match(lines[i])
            if not m:
                out.append(lines[i])
                i += 1
                continue
            kind, indent, fence = m["kind"], m["indent"], m["fence"]
            start = origins[i]
            if kind not in KINDS:
                raise PageError(kind, start, f"unknown example kind; use {', '.join(KINDS)}")
            close = re.compile(rf"^{re.escape(indent)}{re.escape(fence[0])}{{{len(fence)},}}\s*$")
            j = i + 1
            while j < len(lines) and not close.match(lines[j]):
                j += 1
            if j == len(lines):
                raise PageError(kind, start, "this fence is never closed")
            html = self._check(kind, lines[i + 1 : j], origins[i + 1 : j], start)
            if html:
                out += ["", indent + self.md.htmlStash.store(html), ""]
            i = j + 1
        return out

    def _check(self, kind: str, body: list[str], origins: list[int], start: int) -> str:
        fields: Fields | None = None
        try:
            fields = Fields.parse(body, start + 1, origins)
            fields.start = start
            return render_example(kind, fields, rules_for(self.spec, self.game))
        except FieldError as exc:
            line = exc.line or (fields.line_of(exc.key) if fields else start)
            raise PageError(kind, line, str(exc)) from None


class ExamplesExtension(Extension):  # type: ignore[misc]
    """Registers the worked-example fences (before the fenced-code preprocessors)."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {"rules": ["", "the active rules: a profile name or a house-rules path"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        md.registerExtension(self)
        spec = str(self.getConfig("rules") or "")
        md.preprocessors.register(ExamplesPreprocessor(md, spec), "euchre_examples", 28)


def makeExtension(**kwargs: Any) -> ExamplesExtension:
    """The entry point Python-Markdown calls."""
    return ExamplesExtension(**kwargs)


__all__ = ["KINDS", "ExamplesExtension", "makeExtension", "render_example"]
