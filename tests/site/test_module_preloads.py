"""Each built page lists, as modulepreload links, every module of ours it runs: a widget's
page its widget's modules and the runtime, every page site.js and its imports; each link
points at a file of the site."""

from __future__ import annotations

import re
from pathlib import Path

from tests.site.conftest import SitePath

LINK = re.compile(r'<link rel="modulepreload" href="([^"]+)">')


def preloads(site: Path, page: str) -> list[str]:
    html = (site / page / "index.html").read_text(encoding="utf-8")
    folder = (site / page).resolve()
    return [
        (folder / href).resolve().relative_to(site.resolve()).as_posix()
        for href in LINK.findall(html)
    ]


def test_widget_pages_preload_their_modules(site_for: SitePath) -> None:
    site = site_for("american")
    lessons = preloads(site, "practice/lessons")
    for module in ("site.js", "widgets/lesson.js", "runtime.js", "dom.js", "play/controls.js"):
        assert f"assets/euchre/{module}" in lessons
    assert "assets/euchre/widgets/quiz.js" in preloads(site, "practice/quiz")
    assert "assets/euchre/widgets/trump-explorer.js" in preloads(site, "rules/cards")
    glossary = preloads(site, "rules/glossary")
    assert "assets/euchre/site.js" in glossary and "assets/euchre/runtime.js" not in glossary


def test_every_preload_is_a_file_of_the_site(site_for: SitePath) -> None:
    site = site_for("american")
    pages = [p.parent.relative_to(site).as_posix() for p in site.rglob("index.html")]
    assert len(pages) > 20
    for page in pages:
        for module in preloads(site, page):
            assert (site / module).is_file(), f"{page} preloads {module}"
