"""The runtime bench's pages for a Chromium that no DevTools client drives
(``scripts/bench_no_devtools.py``): the copy of the practice page is the page itself with
only the reporter added at the top of its head, the bare page reports its boot, and the
host's log of requests gives back each report's fields."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import bench_no_devtools  # noqa: E402

PAGE = "rules/cards/"
BARE = "<script>window.__bareBootMs = performance.now();</script>"


class LoggedHost:
    """A host's log of requests, as the bench's host keeps it: (path, status)."""

    def __init__(self, paths: list[str]) -> None:
        self.paths = paths

    def requests(self) -> list[tuple[str, int]]:
        return [(path, 200) for path in self.paths]


def site_with_a_page(tmp_path: Path) -> Path:
    page = tmp_path / PAGE
    page.mkdir(parents=True)
    (page / "index.html").write_text("<html><head><title>Cards</title></head><body>x</body></html>")
    return tmp_path


def test_the_copy_is_the_page_with_its_reporter_first_in_the_head(tmp_path: Path) -> None:
    site = site_with_a_page(tmp_path)
    bench_no_devtools.add_pages(site, PAGE, BARE)
    original = (site / PAGE / "index.html").read_text()
    copy = (site / PAGE / bench_no_devtools.PAGE_NAME).read_text()
    assert copy.replace(bench_no_devtools.REPORTER, "", 1) == original
    assert copy.index(bench_no_devtools.REPORTER) == copy.index("<head>") + len("<head>")
    bare = (site / "bench" / bench_no_devtools.BARE_NAME).read_text()
    assert "bare=" in bare and bare.index("__bareBootMs =") < bare.index("fetch(")
    assert (site / bench_no_devtools.REPORT).exists()  # the reports' requests are answered


def test_pages_without_the_places_for_the_reports_are_refused(tmp_path: Path) -> None:
    site = site_with_a_page(tmp_path)
    with pytest.raises(ValueError, match="places the reports go"):
        bench_no_devtools.add_pages(site, PAGE, "<script>boot()</script>")


def test_reports_are_read_back_from_the_hosts_log_after_a_point(tmp_path: Path) -> None:
    report = bench_no_devtools.REPORT
    host: Any = LoggedHost(
        [
            f"/{report}?visit=1&python=900&boot=plain",
            "/assets/euchre/runtime.js",
            f"/{report}?visit=2&python=510&boot=snapshot",
            f"/{report}?bare=1090",
        ]
    )
    assert bench_no_devtools._reports(host, 1) == [
        {"visit": "2", "python": "510", "boot": "snapshot"},
        {"bare": "1090"},
    ]
