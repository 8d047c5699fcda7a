"""A bad house-rules file stops `scripts/build_site.py` before anything is written: exit
status 2, a message naming the key, the line and what is allowed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.site.conftest import FIXTURES, ROOT

SCRIPT = ROOT / "scripts" / "build_site.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_bad_rules_file_exits_2_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "site"
    proc = run("--rules", str(FIXTURES / "bad-rules.toml"), "--out", str(out))
    assert proc.returncode == 2, proc.stderr
    assert "lead_against_loner" in proc.stderr
    assert "line 4" in proc.stderr
    assert "'left_of_dealer' or 'left_of_loner'" in proc.stderr
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_bad_rules_keep_an_existing_site(tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("before", encoding="utf-8")
    proc = run("--rules", str(FIXTURES / "bad-rules.toml"), "--out", str(out))
    assert proc.returncode == 2
    assert (out / "index.html").read_text(encoding="utf-8") == "before"
    assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_unknown_profile_exits_2(tmp_path: Path) -> None:
    proc = run("--rules", "no-such-profile", "--out", str(tmp_path / "site"))
    assert proc.returncode == 2
    assert "no-such-profile" in proc.stderr and "midwest" in proc.stderr


def test_unknown_key_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "typo.toml"
    bad.write_text("game_to = 7\nstick_the_dealr = true\n", encoding="utf-8")
    proc = run("--rules", str(bad), "--out", str(tmp_path / "site"))
    assert proc.returncode == 2
    assert "stick_the_dealr" in proc.stderr and "line 2" in proc.stderr
    assert "stick_the_dealer" in proc.stderr
    assert not (tmp_path / "site").exists()


def test_every_problem_is_listed_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "two-problems.toml"
    bad.write_text("players = 3\ngame_to = 0\n", encoding="utf-8")
    proc = run("--rules", str(bad), "--out", str(tmp_path / "site"))
    assert proc.returncode == 2
    assert "line 1 (players)" in proc.stderr and "partnerships = false" in proc.stderr
    assert "line 2 (game_to)" in proc.stderr
    assert not (tmp_path / "site").exists()
