"""Reading a house-rules file (TOML): the keys, the line of each, and every problem found.

A house-rules file holds ``key = value`` lines at the top level. This module reads the text
the way a linter does: it notes the line of every key, and instead of stopping at the first
mistake it collects them all (a table header, a key given twice, a line that is not TOML),
so that one run of the build lists everything to fix. What the values *mean* is checked by
``Rules`` (``euchre.rules``), which adds its own problems to these.

>>> text = read_toml('game_to = 7\\n[house]\\ngame_to = 5\\n')
>>> text.data, text.lines
({'game_to': 7}, {'game_to': 1})
>>> [str(p) for p in text.problems]
["line 2: '[house]' is a table header, but a house-rules file has no tables: delete this line and keep the keys below it at the top of the file", "line 3: 'game_to' is given twice (lines 1 and 3): keep one"]
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

BYTE_ORDER_MARK = "\ufeff"
_MAX_SYNTAX_ERRORS = 20
_KEY = re.compile(r"""^\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_.\- ]+?)\s*=""")
_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]*?)\s*\]\]?\s*(#.*)?$")
_WHERE = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")
_BOOL_WORDS = {"true", "false", "yes", "no", "on", "off"}


@dataclass(frozen=True)
class RulesProblem:
    """One thing wrong with house rules: the key it is about (None for the whole file), the
    line of the file (None when the rules did not come from a file) and what is wrong.

    >>> str(RulesProblem("deck", 4, "'deck' must be 24 or 32, not 36"))
    "line 4: 'deck' must be 24 or 32, not 36"
    >>> RulesProblem("deck", 4, "'deck' must be 24 or 32, not 36").located("house.toml")
    "house.toml:4: deck: 'deck' must be 24 or 32, not 36"
    """

    key: str | None
    line: int | None
    message: str

    def located(self, source: str | None = None) -> str:
        """The problem as a linter prints it: ``file:line: key: message`` when the file is
        named, else ``line N: message``."""
        if source is None:
            return f"line {self.line}: {self.message}" if self.line else self.message
        where = f"{source}:{self.line}" if self.line else source
        key = f" {self.key}:" if self.key else ""
        return f"{where}:{key} {self.message}"

    def __str__(self) -> str:
        return self.located()


@dataclass(frozen=True)
class HouseRulesText:
    """A house-rules file as read: its top-level values, the line of each key, and the
    problems of the text itself (the values are judged later, by ``Rules``)."""

    data: dict[str, Any]
    lines: dict[str, int]
    problems: tuple[RulesProblem, ...] = field(default=())


def decode(raw: bytes) -> tuple[str, tuple[RulesProblem, ...]]:
    """The text of a house-rules file's bytes: UTF-8, with or without a byte-order mark.

    >>> decode(b"\\xef\\xbb\\xbfgame_to = 7")
    ('game_to = 7', ())
    >>> [str(p) for p in decode(b"\\xff\\xfeg\\x00")[1]]
    ['line 1: the file is saved as UTF-16; save it as UTF-8 (plain text) instead']
    """
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "", (
            _problem(None, 1, "the file is saved as UTF-16; save it as UTF-8 (plain text) instead"),
        )
    try:
        return raw.decode("utf-8-sig"), ()
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return "", (
            _problem(
                None,
                line,
                f"this line is not UTF-8 text (byte {exc.start}): save the file as UTF-8",
            ),
        )


def _problem(key: str | None, line: int | None, message: str) -> RulesProblem:
    return RulesProblem(key, line, message)


def _key_of(raw: str) -> str | None:
    match = _KEY.match(raw)
    if match is None:
        return None
    key = match.group(1).strip()
    if key[:1] in "\"'":
        return key[1:-1]
    return key


def read_toml(text: str) -> HouseRulesText:
    """Read a house-rules file's text, collecting every problem of the text itself.

    A byte-order mark is accepted (some editors save one). A table header is reported and
    the keys under it are read as if it were not there, so they are checked too; a key given
    twice is reported at its second line; a line that is not TOML is reported with tomllib's
    reason, and reading goes on without it.

    >>> read_toml('\\ufeffgame_to = 7').data
    {'game_to': 7}
    >>> [str(p) for p in read_toml('game_to = 7\\nlead_against_loner = left_of_loner').problems]
    ['line 2: this line is not valid TOML (invalid value): text values need quotes, as in lead_against_loner = "left_of_loner"']
    """
    if text.startswith(BYTE_ORDER_MARK):
        text = text[1:]
    rows = text.split("\n")
    problems: list[RulesProblem] = []
    lines = _key_lines(rows, problems)
    data = _parse(rows, lines, problems)
    _drop_compound_values(data, lines, problems)
    problems.sort(key=lambda p: p.line or 0)
    return HouseRulesText(data, lines, tuple(problems))


def _key_lines(rows: list[str], problems: list[RulesProblem]) -> dict[str, int]:
    """The line of every key; a table header or a key given twice is reported, and its row
    emptied so that the rest is still read."""
    lines: dict[str, int] = {}
    for number, raw in enumerate(rows, start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        header = _HEADER.match(raw)
        if header is not None and "=" not in raw.split("#", 1)[0]:
            name = header.group(1) or "?"
            why = (
                f"'[{name}]' is a table header, but a house-rules file has no tables: delete "
                "this line and keep the keys below it at the top of the file"
            )
            problems.append(_problem(name, number, why))
            rows[number - 1] = ""
            continue
        key = _key_of(raw)
        if key is None:
            continue
        if key in lines:
            why = f"{key!r} is given twice (lines {lines[key]} and {number}): keep one"
            problems.append(_problem(key, number, why))
            rows[number - 1] = ""
            continue
        lines[key] = number
    return lines


def _drop_compound_values(
    data: dict[str, Any], lines: dict[str, int], problems: list[RulesProblem]
) -> None:
    """A table or a list (or a dotted key) is no house rule: reported, and left out."""
    for key, value in list(data.items()):
        if isinstance(value, (dict, list)):
            del data[key]
            if key not in lines:
                continue  # written as dotted keys: reported just below
            why = (
                f"{key!r} holds a table or a list; a house rule is one value, such as "
                "game_to = 7 or stick_the_dealer = true"
            )
            problems.append(_problem(key, lines[key], why))
    for key in list(lines):
        if "." in key and key not in data:
            why = (
                f"{key!r} is a dotted key; write each rule by its own name at the top level, "
                "such as game_to = 7"
            )
            problems.append(_problem(key, lines.pop(key), why))


def _parse(rows: list[str], lines: dict[str, int], problems: list[RulesProblem]) -> dict[str, Any]:
    """tomllib over the rows; each line it refuses is reported and left out, then tried again."""
    for _ in range(_MAX_SYNTAX_ERRORS):
        try:
            return tomllib.loads("\n".join(rows))
        except tomllib.TOMLDecodeError as exc:
            number, reason = _where(str(exc), rows)
            if number is None or not rows[number - 1].strip():
                problems.append(_problem(None, number, f"the file is not valid TOML ({reason})"))
                return {}
            raw = rows[number - 1]
            key = _key_of(raw)
            problems.append(_problem(key, number, _syntax_message(raw, key, reason)))
            if key is not None:
                lines.pop(key, None)
            rows[number - 1] = ""
    return {}


def _where(message: str, rows: list[str]) -> tuple[int | None, str]:
    """The line tomllib's message points at (the last written line for "end of document")
    and its reason in lower case, without the position."""
    match = _WHERE.search(message)
    reason = _WHERE.sub("", message).strip()
    reason = reason[:1].lower() + reason[1:]
    if match is None:
        return None, reason
    if match.group(1) is not None:
        return int(match.group(1)), reason
    written = [n for n, row in enumerate(rows, start=1) if row.strip()]
    return (written[-1] if written else None), reason


def _syntax_message(raw: str, key: str | None, reason: str) -> str:
    """tomllib's reason, and the likely fix for the mistakes people make in a rules file."""
    text = f"this line is not valid TOML ({reason})"
    if key is None:
        return text + "; a house rule is written key = value"
    value = raw.split("=", 1)[1].split("#", 1)[0].strip()
    if value.lower() in _BOOL_WORDS:
        return text + f": write true or false in lower case, as in {key} = true"
    if value.count('"') % 2 or value.count("'") % 2:
        return text + ": the text has no closing quote"
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_\-]*", value):
        return text + f': text values need quotes, as in {key} = "{value}"'
    return text
