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


def _collect_pages(site: Path) -> dict[Path, LinkCollector]:
    """The ids and links of every HTML page under ``site``, by resolved path."""
    pages: dict[Path, LinkCollector] = {}
    for page in sorted(site.rglob("*.html")):
        collector = LinkCollector()
        collector.feed(page.read_text(encoding="utf-8", errors="replace"))
        pages[page.resolve()] = collector
    return pages


def _link_problem(site: Path, pages: dict[Path, LinkCollector], page: Path, href: str) -> str:
    """What is wrong with ``href`` on ``page`` (empty when it resolves)."""
    where = page.relative_to(site)
    if href.startswith("/"):
        return f"{where}: absolute link {href!r}"
    found = _target(site, page, href)
    if found is None:
        return ""
    target, fragment = found
    if site not in target.parents and target != site:
        return f"{where}: {href!r} leaves the site"
    if not target.exists():
        return f"{where}: {href!r} is missing"
    ids = pages[target].ids if target in pages else set()
    if fragment and target.suffix == ".html" and fragment not in ids:
        return f"{where}: {href!r} has no #{fragment}"
    return ""


def broken_links(site: Path) -> list[str]:
    """Every internal link of ``site`` whose file or anchor is missing, as text."""
    site = site.resolve()
    pages = _collect_pages(site)
    problems = []
    for page, collector in pages.items():
        if page == site / "404.html":
            continue  # served at any depth, so the theme links it from the root on purpose
        problems += filter(None, (_link_problem(site, pages, page, h) for h in collector.links))
    return problems
