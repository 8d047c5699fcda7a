"""A tiny template language for page text that depends on the active rules.

The syntax (used in ``docs/**/*.md``; any tag may sit inside a sentence, and a tag alone on
its line removes the line):

``{{ rules.KEY }}``
    the value of a rules option: a number or a word; true and false read ``on`` and ``off``.
``{{ NAME }}`` or ``{{ NAME(ARG) }}``
    a generated block (a table drawn by the engine, for example ``{{ ranking_table(hearts) }}``),
    alone on its line; it keeps the line's indentation, so it works inside an admonition.
``{% if COND %}`` ... ``{% elif COND %}`` ... ``{% else %}`` ... ``{% endif %}``
    text kept only when the condition holds under the active rules. ``COND`` is ``KEY``,
    ``not KEY``, ``KEY == VALUE``, ``KEY != VALUE`` or ``KEY < <= > >= NUMBER``, joined by
    ``and`` / ``or`` (``and`` binds tighter). ``VALUE`` is a number, ``true``/``false`` or
    a word (quotes optional). ``rules.KEY`` may be written for ``KEY``.

Every key and name is checked on every build, also inside a branch that is not shown, so a
typo fails under every rules set. The line numbers of the output are tracked, so later
errors can point at the source line.

>>> t = Template({"game_to": 7, "stick_the_dealer": True}, {})
>>> t.render(["Play to {{ rules.game_to }}.", "{% if stick_the_dealer %}", "Must call.",
...           "{% else %}", "May pass.", "{% endif %}"])
(['Play to 7.', 'Must call.'], [1, 3])
>>> t.render(["The dealer {% if not stick_the_dealer %}may{% else %}must{% endif %} call."])[0]
['The dealer must call.']
>>> t.render(["{{ rules.gmae_to }}"])
Traceback (most recent call last):
...
euchre_tutorial.mdext.errors.PageError: line 1: {{ rules.gmae_to }}: unknown rules key 'gmae_to'; the keys are game_to, stick_the_dealer
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from euchre_tutorial.mdext.errors import PageError

BlockFn = Callable[[str | None], list[str]]
InlineFn = Callable[[], str]

TAG = re.compile(r"\{%\s*(?P<stmt>.*?)\s*%\}|\{\{\s*(?P<expr>.*?)\s*\}\}")
CALL = re.compile(r"^(?P<name>[a-z_][a-z0-9_]*)\s*(?:\(\s*(?P<arg>[^()]*?)\s*\))?$")
COMPARE = re.compile(r"^(?P<key>[\w.]+)\s*(?P<op>==|!=|<=|>=|<|>)\s*(?P<value>.+)$")
OPS: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def format_value(value: Any) -> str:
    """How a rules value reads in a sentence.

    >>> format_value(True), format_value(7), format_value("left_of_dealer")
    ('on', '7', 'left_of_dealer')
    """
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


@dataclass
class _Frame:
    line: int
    parent_on: bool
    taken: bool
    on: bool
    seen_else: bool = False


class Template:
    """Renders page lines under one set of rules values.

    ``values`` maps each rules key to its value; ``blocks`` maps a block name to a function
    of its optional argument returning Markdown lines; ``inline`` maps a name to a function
    returning a short text.
    """

    def __init__(
        self,
        values: Mapping[str, Any],
        blocks: Mapping[str, BlockFn],
        inline: Mapping[str, InlineFn] | None = None,
    ) -> None:
        self.values = dict(values)
        self.blocks = dict(blocks)
        self.inline = dict(inline or {})

    # ------------------------------------------------------------------ rendering
    def render(self, lines: Sequence[str], first_line: int = 1) -> tuple[list[str], list[int]]:
        """The rendered lines and, for each, the source line number it came from.

        A condition that opens inside a sentence and closes on a later line keeps the
        sentence whole: the text after its end continues the line it began on (a full stop
        right after ``{% endif %}`` never lands on a line of its own, where Markdown would
        read it as " .").

        >>> t = Template({"players": 4}, {})
        >>> t.render(["any rules{% if players != 4 %},", "    and this table{% endif %}.", "Next."])
        (['any rules.', 'Next.'], [1, 3])
        """
        out = _Output()
        stack: list[_Frame] = []
        for number, line in enumerate(lines, start=first_line):
            matches = list(TAG.finditer(line))
            only = matches[0] if len(matches) == 1 and line.strip() == matches[0].group(0) else None
            if not matches:
                if _active(stack):
                    out.add(line, number)
            elif only is not None and only["stmt"] is not None:
                self._statement(only["stmt"], only.group(0), number, stack)
                out.joining = False
            elif only is not None and self._is_block(only["expr"]):
                produced = self._block(only["expr"], only.group(0), number)
                if _active(stack):
                    indent = line[: len(line) - len(line.lstrip())]
                    for text in produced:
                        out.add(indent + text if text else "", number)
            else:
                self._mixed(line, matches, number, stack, out)
        if stack:
            raise PageError("{% if %}", stack[-1].line, "this {% if %} has no {% endif %}")
        return out.lines, out.origin

    def _mixed(
        self,
        line: str,
        matches: list[re.Match[str]],
        number: int,
        stack: list[_Frame],
        out: _Output,
    ) -> None:
        """A line of text with tags inside it: its active text, joined to the line before
        when it continues a sentence a condition split across lines."""
        began_active = _active(stack)
        pieces: list[str] = []
        emitted = False
        pos = 0
        for m in matches:
            if _active(stack):
                pieces.append(line[pos : m.start()])
                emitted = True
            if m["stmt"] is not None:
                self._statement(m["stmt"], m.group(0), number, stack)
            else:
                value = self._inline(m["expr"], m.group(0), number)
                if _active(stack):
                    pieces.append(value)
            pos = m.end()
        if _active(stack):
            pieces.append(line[pos:])
            emitted = True
        text = "".join(pieces)
        if not (emitted and (text.strip() or TAG.sub("", line).strip())):
            return
        if out.joining and not began_active:
            out.extend(text, number)
        else:
            out.add(text, number)
        out.joining = not _active(stack)

    # ------------------------------------------------------------------ statements
    def _statement(self, stmt: str, tag: str, line: int, stack: list[_Frame]) -> None:
        word, _, rest = stmt.partition(" ")
        rest = rest.strip()
        if word == "if":
            value = self.condition(rest, tag, line)
            stack.append(_Frame(line, _active(stack), value, value))
        elif word == "elif":
            frame = self._top(stack, tag, line)
            value = self.condition(rest, tag, line)
            if frame.seen_else:
                raise PageError(tag, line, "{% elif %} cannot follow {% else %}")
            frame.on = not frame.taken and value
            frame.taken = frame.taken or value
        elif word == "else" and not rest:
            frame = self._top(stack, tag, line)
            if frame.seen_else:
                raise PageError(tag, line, "a second {% else %} in the same {% if %}")
            frame.on, frame.taken, frame.seen_else = not frame.taken, True, True
        elif word == "endif" and not rest:
            self._top(stack, tag, line)
            stack.pop()
        else:
            raise PageError(tag, line, "unknown statement: use if, elif, else or endif")

    @staticmethod
    def _top(stack: list[_Frame], tag: str, line: int) -> _Frame:
        if not stack:
            raise PageError(tag, line, "there is no open {% if %} here")
        return stack[-1]

    def condition(self, text: str, tag: str = "", line: int | None = None) -> bool:
        """Evaluate a condition against the rules values.

        >>> Template({"game_to": 7, "deck": 24}, {}).condition("game_to < 10 and not deck == 32")
        True
        """
        if not text:
            raise PageError(tag or text, line, "a condition is missing")
        results = []
        for alternative in re.split(r"\s+or\s+", text):
            results.append(
                all(
                    self._atom(a.strip(), tag or text, line)
                    for a in re.split(r"\s+and\s+", alternative)
                )
            )
        return any(results)

    def _atom(self, text: str, tag: str, line: int | None) -> bool:
        negate = False
        if text.startswith("not "):
            negate, text = True, text[4:].strip()
        m = COMPARE.match(text)
        if m:
            value = self._value(m["key"], tag, line)
            other = _literal(m["value"])
            try:
                result = OPS[m["op"]](value, other)
            except TypeError:
                raise PageError(
                    tag, line, f"cannot compare {m['key']} ({value!r}) with {other!r}"
                ) from None
        else:
            result = bool(self._value(text, tag, line))
        return not result if negate else result

    def _value(self, key: str, tag: str, line: int | None) -> Any:
        key = key.removeprefix("rules.")
        if key not in self.values:
            known = ", ".join(sorted(self.values))
            raise PageError(tag, line, f"unknown rules key {key!r}; the keys are {known}")
        return self.values[key]

    # ------------------------------------------------------------------ expressions
    def _is_block(self, expr: str) -> bool:
        m = CALL.match(expr)
        return bool(m and m["name"] in self.blocks)

    def _block(self, expr: str, tag: str, line: int) -> list[str]:
        m = CALL.match(expr)
        assert m is not None
        try:
            return self.blocks[m["name"]](m["arg"])
        except PageError:
            raise
        except ValueError as exc:
            raise PageError(tag, line, str(exc)) from None

    def _inline(self, expr: str, tag: str, line: int) -> str:
        if expr.startswith("rules."):
            return format_value(self._value(expr, tag, line))
        m = CALL.match(expr)
        if m and m["name"] in self.inline and m["arg"] is None:
            return self.inline[m["name"]]()
        if m and m["name"] in self.blocks:
            raise PageError(tag, line, f"{m['name']} draws a block: put it alone on its line")
        names = sorted([*self.inline, *self.blocks])
        raise PageError(
            tag, line, f"unknown name {expr!r}: use rules.KEY or one of {', '.join(names)}"
        )


class _Output:
    """The rendered lines with their source lines; ``joining`` while the last line ended
    inside a condition's skipped part (its sentence goes on after the condition)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.origin: list[int] = []
        self.joining = False

    def add(self, text: str, number: int) -> None:
        self.lines.append(text)
        self.origin.append(number)
        self.joining = False

    def extend(self, text: str, number: int) -> None:
        if self.lines:
            self.lines[-1] += text
        else:
            self.add(text, number)


def _active(stack: list[_Frame]) -> bool:
    return not stack or (stack[-1].parent_on and stack[-1].on)


def _literal(text: str) -> Any:
    text = text.strip()
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text.strip("\"'")
