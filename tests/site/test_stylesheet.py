"""Every built page links one stylesheet of ours (and the print styles, for print only),
made of every part in the order they apply; the parts themselves are not shipped, and no
stylesheet in the theme is forgotten by the list of parts."""

from __future__ import annotations

import re
from pathlib import Path

from euchre_tutorial import stylesheet
from euchre_tutorial.minify import minify_css

from tests.site.conftest import ROOT, SitePath

LINK = re.compile(r'<link rel="stylesheet" href="([^"]+)"([^>]*)>')
THEME_ASSETS = ROOT / "tutorial" / "web" / stylesheet.FOLDER


def stylesheets(site: Path, page: str) -> list[tuple[str, str]]:
    """The page's stylesheets of ours, site-relative, each with its other attributes."""
    html = (site / page / "index.html").read_text(encoding="utf-8")
    folder = (site / page).resolve()
    linked = [((folder / href).resolve(), rest.strip()) for href, rest in LINK.findall(html)]
    return [
        (path.relative_to(site.resolve()).as_posix(), rest)
        for path, rest in linked
        if path.is_relative_to((site / stylesheet.FOLDER).resolve())
    ]


def test_every_page_links_the_one_stylesheet_and_print_styles_for_print(
    site_for: SitePath,
) -> None:
    site = site_for("american")
    pages = [p.parent.relative_to(site).as_posix() for p in site.rglob("index.html")]
    assert len(pages) > 20
    for page in pages:
        assert stylesheets(site, page) == [
            (stylesheet.BUNDLE, ""),
            (f"{stylesheet.FOLDER}/print.css", 'media="print"'),
        ], page


def test_the_stylesheet_holds_every_part_in_order_and_the_parts_are_not_shipped(
    site_for: SitePath,
) -> None:
    site = site_for("american")
    built = (site / stylesheet.BUNDLE).read_text(encoding="utf-8")
    at = 0
    for name in stylesheet.PARTS:
        part = minify_css((THEME_ASSETS / name).read_text(encoding="utf-8"))
        found = built.find(part, at)
        assert found >= at, f"{name} is missing from {stylesheet.BUNDLE} or out of order"
        at = found + len(part)
        assert not (site / stylesheet.FOLDER / name).exists(), name


def test_every_stylesheet_of_the_theme_is_a_part_or_the_print_styles() -> None:
    in_theme = {path.name for path in THEME_ASSETS.glob("*.css")}
    assert in_theme == {*stylesheet.PARTS, "print.css"}
