"""MkDocs hooks (mkdocs.yml ``hooks:``): what the theme's templates need from Python.

``module_preloads`` in each page's template context: the site-relative paths of the
JavaScript modules the page will run (see :mod:`euchre_tutorial.modulegraph`), which
``main.html`` lists as ``<link rel="modulepreload">``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from euchre_tutorial.modulegraph import ASSETS, closure, page_preloads


def on_pre_build(config: Any) -> None:
    """Forget the import graph of the last build: ``mkdocs serve`` rebuilds in the same
    process after a script changed."""
    closure.cache_clear()


def on_page_context(context: dict[str, Any], page: Any, config: Any, nav: Any) -> dict[str, Any]:
    """Add ``module_preloads`` for ``page`` to its template context."""
    folder = Path(config["theme"].custom_dir or ".") / ASSETS
    context["module_preloads"] = page_preloads(page.content or "", folder)
    return context
