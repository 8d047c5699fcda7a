"""Markdown extension: the ``widget`` fence, which places a live widget on a page.

A page writes::

    ```widget
    kind: trump-explorer
    trump: hearts
    ```

and gets ``<div class="eu-widget" data-widget="trump-explorer" data-config='{...}'
data-rules='{...}'>`` holding the widget's first state, drawn at build time by
``euchre_tutorial.widgets.<kind>.render(config, rules)`` under the active rules, and a status
slot. The browser (``site.js``) mounts it. Besides ``kind`` every widget accepts ``id`` (the
root's HTML id, for links); the other keys are the widget's own.

The fence is a ``pymdownx.superfences`` custom fence, so it also works inside admonitions,
tabs and lists. This extension registers it with SuperFences itself (whatever the order of
the two in ``markdown_extensions``); it can also be listed explicitly::

    - pymdownx.superfences:
        custom_fences:
          - name: widget
            class: eu-widget
            format: !!python/name:euchre_tutorial.mdext.widgets.fence_format
            validator: !!python/name:euchre_tutorial.mdext.widgets.fence_validator

An unknown kind, an unknown key or a bad value raises :class:`WidgetFenceError`, which
SuperFences lets through (it swallows other exceptions) and MkDocs reports as a build error
naming the page, so ``mkdocs build --strict`` stops.

>>> import markdown
>>> md = markdown.Markdown(extensions=["pymdownx.superfences", "euchre_tutorial.mdext.widgets"])
>>> html = md.convert("```widget\\nkind: trump-explorer\\ntrump: spades\\n```")
>>> html.startswith('<div class="eu-widget eu-widget--trump-explorer" id="eu-trump-explorer-1"')
True
>>> md.reset().convert("```widget\\nkind: trump-exploder\\n```")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
euchre_tutorial.mdext.widgets.WidgetFenceError: widget: unknown widget kind 'trump-exploder': use one of ...trump-explorer...
"""

from __future__ import annotations

import os
from typing import Any

from euchre import Rules
from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from pymdownx.superfences import SuperFencesException

from euchre_tutorial.mdext.active import build_rules, rules_for
from euchre_tutorial.mdext.errors import PageError
from euchre_tutorial.mdext.rulestext import page_game_of
from euchre_tutorial.widgets import (
    WidgetConfigError,
    check_widget_config,
    parse_fence_body,
    widget_html,
    widget_module,
)

FENCE = "widget"


class WidgetFenceError(PageError, SuperFencesException):  # type: ignore[misc]
    """A widget fence that cannot be built. SuperFences re-raises it (it swallows other
    exceptions); MkDocs reports it as a build error."""


class WidgetsExtension(Extension):  # type: ignore[misc]
    """Registers the ``widget`` fence; holds the active rules and the page's widget ids."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "rules": ["", "a rules profile name or a house-rules TOML path ('' = default)"],
        }
        super().__init__(**kwargs)
        self.used_ids: set[str] = set()
        self.count = 0

    @property
    def rules(self) -> Rules:
        """The active rules of the page's game (read once per spec)."""
        return rules_for(str(self.getConfig("rules") or ""), page_game_of(self.md, []))

    def extendMarkdown(self, md: Markdown) -> None:
        md.registerExtension(self)
        self.md = md
        # SuperFences may come after us in the list: register with it on the first page.
        md.preprocessors.register(_RegisterFence(md, self), "eu_widget_fence", 200)

    def reset(self) -> None:
        self.used_ids = set()
        self.count = 0

    def next_id(self, kind: str, wanted: str | None) -> str:
        """The widget's HTML id: the fence's ``id`` or ``eu-<kind>-<n>``, unique per page."""
        if wanted:
            if wanted in self.used_ids:
                raise WidgetConfigError(f"{kind}: id {wanted!r} is used twice on this page")
            uid = wanted
        else:
            self.count += 1
            uid = f"eu-{kind}-{self.count}"
            while uid in self.used_ids:
                self.count += 1
                uid = f"eu-{kind}-{self.count}"
        self.used_ids.add(uid)
        return uid


class _RegisterFence(Preprocessor):  # type: ignore[misc]
    """Runs first on every page: adds the fence to SuperFences once (a no-op after that)."""

    def __init__(self, md: Markdown, extension: WidgetsExtension) -> None:
        super().__init__(md)
        self.extension = extension
        self.done = False

    def run(self, lines: list[str]) -> list[str]:
        if not self.done:
            fences = _superfences(self.md)
            if fences is None:
                if any(line.lstrip().startswith(("```widget", "~~~widget")) for line in lines):
                    raise WidgetFenceError(
                        FENCE, None, "the widget fence needs the pymdownx.superfences extension"
                    )
                return lines
            if not any(entry.get("name") == FENCE for entry in fences.superfences):
                fences.extend_super_fences(FENCE, _format_entry, _validate_entry, lambda md: None)
            self.done = True
        return lines


def _superfences(md: Markdown) -> Any:
    for ext in md.registeredExtensions:
        if type(ext).__name__ == "SuperFencesCodeExtension":
            return ext
    return None


def _extension(md: Markdown) -> WidgetsExtension | None:
    for ext in md.registeredExtensions:
        if isinstance(ext, WidgetsExtension):
            return ext
    return None


def fence_validator(
    language: str,
    inputs: dict[str, str],
    options: dict[str, Any],
    attrs: dict[str, Any],
    md: Markdown,
) -> bool:
    """Accept ```` ```widget ```` with nothing else on the fence line: the settings go in the
    body, where they are checked."""
    if inputs:
        given = " ".join(f"{k}={v}" for k, v in inputs.items())
        raise WidgetFenceError(
            FENCE,
            None,
            f"write the settings in the fence body, one 'key: value' per line, "
            f"not on the fence line ({given})",
        )
    return True


def fence_format(
    source: str,
    language: str,
    class_name: str,
    options: dict[str, Any],
    md: Markdown,
    **kwargs: Any,
) -> str:
    """The widget's HTML: root element, build-time first state and status slot."""
    ext = _extension(md)
    kind = "widget"
    try:
        raw = parse_fence_body(source)
        kind = raw.get("kind", kind) or kind
        rules = _widget_rules(ext, kind)
        kind, config = check_widget_config(raw, rules)
        wanted = raw.get("id") or None
        uid = ext.next_id(kind, wanted) if ext is not None else wanted or f"eu-{kind}"
        return widget_html(kind, config, rules, uid)
    except PageError as err:  # e.g. a house-rules file that cannot be read
        raise WidgetFenceError(err.what, err.line, err.reason) from None
    except WidgetConfigError as err:
        raise WidgetFenceError(FENCE, None, str(err)) from None
    except Exception as err:  # an engine failure must stop the build, not vanish
        raise WidgetFenceError(
            FENCE, None, f"{kind}: drawing its first state failed: {type(err).__name__}: {err}"
        ) from err


def _widget_rules(ext: WidgetsExtension | None, kind: str) -> Rules:
    """The rules a widget of ``kind`` is drawn by: the page's game as this build plays it,
    or the build's own rules whatever their game for a widget that plays every game of the
    site (its module's ``PLAYS_EVERY_GAME``: free play, which offers them all)."""
    spec = (
        str(ext.getConfig("rules") or "") if ext is not None else os.environ.get("EUCHRE_RULES", "")
    )
    try:
        every_game = bool(getattr(widget_module(kind), "PLAYS_EVERY_GAME", False))
    except WidgetConfigError:
        every_game = False  # an unknown kind: check_widget_config says so
    if every_game:
        return build_rules(spec)
    return ext.rules if ext is not None else rules_for(spec)


def _format_entry(
    src: str = "",
    language: str = "",
    options: dict[str, Any] | None = None,
    md: Markdown | None = None,
    **kwargs: Any,
) -> str:
    assert md is not None
    return fence_format(src, language, "eu-widget", options or {}, md, **kwargs)


def _validate_entry(
    language: str,
    inputs: dict[str, str],
    options: dict[str, Any],
    attrs: dict[str, Any],
    md: Markdown,
) -> bool:
    return fence_validator(language, inputs, options, attrs, md)


def makeExtension(**kwargs: Any) -> WidgetsExtension:
    """The extension, for ``markdown_extensions`` in mkdocs.yml."""
    return WidgetsExtension(**kwargs)
