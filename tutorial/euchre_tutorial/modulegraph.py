"""The site's own JavaScript modules as a graph, for ``<link rel="modulepreload">``.

A page's scripts load as a chain: ``site.js`` imports ``settings.js``, which imports
``play/storage.js``; then ``site.js`` imports the widget's module, which imports five more.
On a slow connection each link of the chain is a round trip, queued behind the engine's
downloads, so the widget listens seconds after its cards are drawn. Listing every module
a page will run in its head lets the browser fetch them all at once, first.

>>> static_imports('import { a } from "../dom.js";\\nimport "./settings.js";')
['../dom.js', './settings.js']
>>> static_imports('export { b } from "../settings.js";\\n// import { c } from "./no.js";')
['../settings.js']
"""

from __future__ import annotations

import functools
import posixpath
import re
from pathlib import Path

# Static imports and re-exports of relative modules, at the start of a line (a commented
# example is not an import); `[^'";]*?` spans the lines of an `import { ... }` list.
_STATIC = re.compile(
    r"""^[ \t]*(?:import|export)\b(?:[^'";]*?\bfrom)?\s*["'](\.{1,2}/[^"']+\.m?js)["']""",
    re.MULTILINE,
)
_WIDGET = re.compile(r'data-widget="([a-z][a-z0-9-]*)"')
ASSETS = "assets/euchre"  # where the modules are, from the site's root
ENTRY = "site.js"  # loaded on every page (extra_javascript)
RUNTIME = "runtime.js"  # loaded by site.js for any page with a widget


def static_imports(text: str) -> list[str]:
    """The relative module specifiers ``text`` imports or re-exports statically, in order."""
    return _STATIC.findall(text)


@functools.lru_cache(maxsize=64)
def closure(folder: Path, entries: tuple[str, ...]) -> tuple[str, ...]:
    """``entries`` (paths inside ``folder``) and every module they import, transitively:
    each once, in the order first reached. A missing module is left out (the browser will
    report it when it runs the page).

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> _ = (root / "a.js").write_text('import "./b.js";')
    >>> _ = (root / "b.js").write_text('import { x } from "./a.js";')
    >>> closure(root, ("a.js",))
    ('a.js', 'b.js')
    """
    seen: list[str] = []
    todo = list(entries)
    while todo:
        name = todo.pop(0)
        path = folder / name
        if name in seen or not path.is_file():
            continue
        seen.append(name)
        base = posixpath.dirname(name)
        for spec in static_imports(path.read_text(encoding="utf-8")):
            todo.append(posixpath.normpath(posixpath.join(base, spec)))
    return tuple(seen)


def widget_kinds(content: str) -> list[str]:
    """The widget kinds a page's HTML holds, in order of appearance, each once.

    >>> widget_kinds('<div data-widget="quiz"></div><div data-widget="quiz">')
    ['quiz']
    """
    return list(dict.fromkeys(_WIDGET.findall(content)))


def page_preloads(content: str, folder: Path) -> list[str]:
    """Site-relative paths of every module of ours a page with HTML ``content`` runs:
    ``site.js`` and its imports on every page; on a page with widgets, also the runtime
    and each widget's module with its imports. ``folder`` holds the modules (the theme's
    ``assets/euchre``)."""
    entries = [ENTRY]
    kinds = widget_kinds(content)
    if kinds:
        entries += [f"widgets/{kind}.js" for kind in kinds] + [RUNTIME]
    return [f"{ASSETS}/{name}" for name in closure(folder, tuple(entries))]
