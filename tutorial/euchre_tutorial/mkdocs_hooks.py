"""MkDocs hooks (mkdocs.yml ``hooks:``): what the theme's templates need from Python.

``module_preloads`` in each page's template context: the site-relative paths of the
JavaScript modules the page will run (see :mod:`euchre_tutorial.modulegraph`), which
``main.html`` lists as ``<link rel="modulepreload">``; ``data_preloads``: the files of
build-time replies its widgets answer from first (``data-prebuilt``), fetched while the
page loads. After the build, those files are written into the site
(:mod:`euchre_tutorial.prebuilt.publish`); without this hook the widgets simply wait for
the engine.

``on_files`` puts the site's own stylesheet parts together into the one stylesheet every
page links (:mod:`euchre_tutorial.stylesheet`), and leaves the parts out of the site.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

from euchre_tutorial import stylesheet
from euchre_tutorial.modulegraph import ASSETS, closure, page_preloads
from euchre_tutorial.prebuilt import publish

_PREBUILT = re.compile(r'data-prebuilt="([A-Za-z0-9._-]+\.json)"')


def on_pre_build(config: Any) -> None:
    """Forget the import graph of the last build: ``mkdocs serve`` rebuilds in the same
    process after a script changed."""
    closure.cache_clear()
    publish.collect()


def on_files(files: Files, config: Any) -> Files:
    """Replace the stylesheet's parts with the one stylesheet made of them."""
    parts = []
    for name in stylesheet.PARTS:
        part = files.get_file_from_path(f"{stylesheet.FOLDER}/{name}")
        if part is None:
            raise FileNotFoundError(f"the stylesheet's part {stylesheet.FOLDER}/{name} is missing")
        parts.append((name, part.content_string))
        files.remove(part)
    files.append(File.generated(config, stylesheet.BUNDLE, content=stylesheet.bundle(parts)))
    return files


def on_page_context(context: dict[str, Any], page: Any, config: Any, nav: Any) -> dict[str, Any]:
    """Add ``module_preloads`` for ``page`` to its template context."""
    folder = Path(config["theme"].custom_dir or ".") / ASSETS
    context["module_preloads"] = page_preloads(page.content or "", folder)
    names = dict.fromkeys(_PREBUILT.findall(page.content or ""))
    context["data_preloads"] = [f"{publish.FOLDER}/{name}" for name in names]
    return context


def on_post_build(config: Any) -> None:
    """Write the build-time replies the pages' widgets named into the site."""
    publish.write_files(config["site_dir"])
