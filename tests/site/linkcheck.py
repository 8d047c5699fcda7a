"""A link checker for a built site: every internal href and #anchor must resolve.

>>> from pathlib import Path
>>> LinkCollector().feed('<a href="x/#y" id="top">') is None
True
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class LinkCollector(HTMLParser):
    """Collects the ids (anchors) and the links (href, src) of one page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if values.get(key):
                self.ids.add(str(values[key]))
        for key in ("href", "src"):
            if tag in ("a", "link", "script", "img") and values.get(key):
                self.links.append(str(values[key]))


def _target(site: Path, page: Path, href: str) -> tuple[Path, str] | None:
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith(("mailto:", "data:", "javascript:")):
        return None
    path, fragment = unquote(parts.path), parts.fragment
    if not path:
        return page, fragment
    target = (page.parent / path).resolve()
    if target.is_dir() or path.endswith("/"):
        target = target / "index.html"
    return target, fragment


def broken_links(site: Path) -> list[str]:
    """Every internal link of ``site`` whose file or anchor is missing, as text."""
    site = site.resolve()
    pages: dict[Path, LinkCollector] = {}
    for page in sorted(site.rglob("*.html")):
        collector = LinkCollector()
        collector.feed(page.read_text(encoding="utf-8", errors="replace"))
        pages[page.resolve()] = collector
    problems = []
    for page, collector in pages.items():
        if page == site / "404.html":
            continue  # served at any depth, so the theme links it from the root on purpose
        for href in collector.links:
            if href.startswith("/"):
                problems.append(f"{page.relative_to(site)}: absolute link {href!r}")
                continue
            found = _target(site, page, href)
            if found is None:
                continue
            target, fragment = found
            if site not in target.parents and target != site:
                problems.append(f"{page.relative_to(site)}: {href!r} leaves the site")
            elif not target.exists():
                problems.append(f"{page.relative_to(site)}: {href!r} is missing")
            elif fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else set()
                if fragment not in ids:
                    problems.append(f"{page.relative_to(site)}: {href!r} has no #{fragment}")
    return problems
