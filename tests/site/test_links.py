"""No broken internal link or anchor in the built site (default rules and the sample house
rules)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.site.conftest import HOUSE_RULES, SitePath
from tests.site.linkcheck import broken_links


@pytest.mark.parametrize("spec", ["american", str(HOUSE_RULES)])
def test_no_broken_internal_links(site_for: SitePath, spec: str) -> None:
    assert broken_links(site_for(spec)) == []


def test_checker_finds_a_broken_anchor(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "index.html").write_text(
        '<a href="a/#there">x</a><a href="a/#nowhere">y</a><a href="b/">z</a>'
        '<a href="https://example.org/">w</a><a href="#top" id="top">t</a>',
        encoding="utf-8",
    )
    (tmp_path / "a" / "index.html").write_text('<h2 id="there">T</h2>', encoding="utf-8")
    assert broken_links(tmp_path) == [
        "index.html: 'a/#nowhere' has no #nowhere",
        "index.html: 'b/' is missing",
    ]
