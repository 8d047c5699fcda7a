"""Widgets: one module per kind, each with its build-time first state and browser handlers.

A widget of kind ``trump-explorer`` lives in ``euchre_tutorial.widgets.trump_explorer``.
Such a module provides:

``CONFIG_KEYS``
    the fence keys it accepts (besides ``kind`` and ``id``), each with a short description;
``check_config(raw, rules) -> dict``
    the fence's ``key: value`` strings checked and normalized (JSON-ready), raising
    :class:`WidgetConfigError` with a message naming the key;
``render(config, rules) -> str``
    the widget's first state as HTML, readable before Python starts in the browser;

and registers its browser handlers with ``@expose("<module>.<method>")`` from
:mod:`euchre_tutorial.bridge` (``bridge.load_widgets`` imports every module).

A widget module holds the session (the save, its cache, undo) and its handlers: it asks
the engine, and hands ``present/`` one seat's view (and what only the whole deal knows as
typed values: the coach's advice, a finished deal's hands) to draw. Modules whose names
start with ``_`` are shared by the widgets and are no kind themselves: ``_clicks`` (what a
click on the table asks for), ``_replies`` (the typed shapes of the replies), ``_server``.

>>> "trump-explorer" in kinds()
True
>>> parse_fence_body("kind: trump-explorer\\n# a comment\\ntrump: hearts")
{'kind': 'trump-explorer', 'trump': 'hearts'}
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
from collections.abc import Mapping
from html import escape
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from euchre import Rules

_KIND_RE = re.compile(r"^[a-z][a-z0-9-]*$")
_KEY_RE = re.compile(r"^(?P<key>[A-Za-z_][A-Za-z0-9_-]*)\s*:\s*(?P<value>.*?)\s*$")
_ID_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
GENERIC_KEYS = ("kind", "id")


class WidgetConfigError(ValueError):
    """A ``widget`` fence that cannot be built: unknown kind, unknown key or bad value.
    The message names the widget kind and the offending key."""


def kinds() -> list[str]:
    """Every widget kind there is: one per module of this package."""
    return sorted(
        m.name.replace("_", "-")
        for m in pkgutil.iter_modules(__path__)
        if not m.name.startswith("_")
    )


def widget_module(kind: str) -> ModuleType:
    """The module that implements ``kind``; an unknown kind raises, naming the known ones.

    >>> widget_module("trump-explorer").__name__
    'euchre_tutorial.widgets.trump_explorer'
    >>> widget_module("trump-exploder")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    euchre_tutorial.widgets.WidgetConfigError: unknown widget kind 'trump-exploder': use one of ...trump-explorer...
    """
    known = kinds()
    if not _KIND_RE.match(kind) or kind not in known:
        raise WidgetConfigError(f"unknown widget kind {kind!r}: use one of {', '.join(known)}")
    return importlib.import_module(f"{__name__}.{kind.replace('-', '_')}")


def parse_fence_body(text: str) -> dict[str, str]:
    """Read a fence body of ``key: value`` lines (blank lines and ``#`` comments allowed).

    >>> parse_fence_body("kind: quiz\\nkind: game")
    Traceback (most recent call last):
    ...
    euchre_tutorial.widgets.WidgetConfigError: line 2: 'kind' is given twice
    """
    out: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _KEY_RE.match(line.strip())
        if m is None:
            raise WidgetConfigError(f"line {number}: expected 'key: value', got {line.strip()!r}")
        key = m.group("key")
        if key in out:
            raise WidgetConfigError(f"line {number}: {key!r} is given twice")
        value = m.group("value")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        out[key] = value
    return out


def check_widget_config(raw: Mapping[str, str], rules: Rules) -> tuple[str, dict[str, Any]]:
    """The kind and the checked config of a fence body (without ``kind`` and ``id``)."""
    kind = raw.get("kind", "").strip()
    if not kind:
        raise WidgetConfigError(f"a widget fence needs 'kind: ...' (one of {', '.join(kinds())})")
    module = widget_module(kind)
    allowed: Mapping[str, str] = getattr(module, "CONFIG_KEYS", {})
    for key in raw:
        if key not in allowed and key not in GENERIC_KEYS:
            hint = ", ".join(allowed) or "no other keys"
            raise WidgetConfigError(f"{kind}: unknown key {key!r} (this widget takes {hint})")
    given = {k: v for k, v in raw.items() if k not in GENERIC_KEYS}
    try:
        config: dict[str, Any] = module.check_config(given, rules)
    except WidgetConfigError as err:
        raise WidgetConfigError(f"{kind}: {err}") from None
    except ValueError as err:  # e.g. a CardError or RulesError from the engine
        raise WidgetConfigError(f"{kind}: {err}") from err
    return kind, config


def json_attr(value: Any) -> str:
    """JSON for a single-quoted HTML attribute.

    >>> json_attr({"a": "it's <b>"})
    '{"a": "it&#x27;s &lt;b&gt;"}'
    """
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return escape(text, quote=False).replace("'", "&#x27;")


def widget_html(kind: str, config: Mapping[str, Any], rules: Rules, uid: str) -> str:
    """The whole widget root: data attributes for the browser, the build-time first state
    and a status slot (loading progress, or a note when the engine cannot start)."""
    if not _ID_RE.match(uid):
        raise WidgetConfigError(f"{kind}: id {uid!r} must be letters, digits, '-' or '_'")
    module = widget_module(kind)
    full = {**config, "id": uid}
    body: str = module.render(full, rules)
    return (
        f'<div class="eu-widget eu-widget--{kind}" id="{uid}" data-widget="{kind}" '
        f"data-config='{json_attr(full)}' data-rules='{json_attr(rules.to_dict())}'>"
        f"{body}"
        '<p class="eu-runtime-status eu-widget-status" data-widget-status role="status" '
        'aria-live="polite"></p>'
        "</div>"
    )
