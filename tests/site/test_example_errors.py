"""A page with a wrong worked example, an impossible deal, an unknown card or an unknown
rules key fails `mkdocs build --strict`, naming the page, the line and the reason; and the
generator then leaves no site behind."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from euchre_tutorial.generator import SiteBuildError, build_site

from tests.site.conftest import run_mkdocs

CASES = [
    # page, line, words the message must hold
    ("wrong-trick.md", 8, ["euchre-trick", "the claimed winner is A♥", "J♥ wins"]),
    ("after-a-table.md", 10, ["euchre-trick", "the claimed winner is A♥", "J♥ wins"]),
    ("impossible-deal.md", 8, ["euchre-deal", "cannot happen", "J♥ is dealt twice"]),
    ("unknown-card.md", 4, ["euchre-suit", "'Xz' is not a card"]),
    ("unknown-key.md", 3, ["unknown rules key 'game_too'"]),
    ("illegal-play.md", 12, ["euchre-deal", "West cannot 'play Kc'"]),
    (
        "wrong-cutthroat-score.md",
        19,
        ["euchre-deal", "the claim is 'Seat 2 2'", "Seat 2 2, Seat 3 2"],
    ),
    (
        "wrong-ace-partner.md",
        22,
        ["euchre-deal", "the claimed partner is Seat 4", "Seat 3, who holds the highest club"],
    ),
    ("six-handed-illegal.md", 17, ["euchre-deal", "Seat 1 cannot 'play Kc'"]),
]


@pytest.mark.parametrize(("page", "line", "words"), CASES)
def test_bad_page_fails_the_build(
    fixture_project: Callable[[str], Path],
    tmp_path: Path,
    page: str,
    line: int,
    words: list[str],
) -> None:
    config = fixture_project(page)
    proc = run_mkdocs(config, tmp_path / "out")
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0, output
    assert f"Error reading page '{page}'" in output, output
    assert f"line {line}:" in output, output
    for word in words:
        assert word in output, output
    assert "Traceback" not in output, output


def test_generator_keeps_the_old_site_when_a_page_is_wrong(
    fixture_project: Callable[[str], Path],
    tmp_path: Path,
) -> None:
    config = fixture_project("wrong-trick.md")
    out = tmp_path / "site"
    out.mkdir()
    (out / "old.html").write_text("old", encoding="utf-8")
    with pytest.raises(SiteBuildError) as info:
        build_site("", out, config_file=config)
    assert "wrong-trick.md" in info.value.output
    assert sorted(p.name for p in out.iterdir()) == ["old.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["docs", "mkdocs.yml", "site"])
