"""scripts/code_shape.py as ``make lint`` runs it: the project's four folders by default,
never a virtual environment or node_modules, and a failure for any long or deep function
outside the files being split."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "code_shape.py"
LONG = "def long():\n" + "    x = 1\n" * 61
DEEP = (
    "def deep(a):\n" + "".join("    " * i + "    if a:\n" for i in range(5)) + "    " * 6 + "pass\n"
)


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], cwd=cwd, capture_output=True, text=True, check=False
    )


def test_a_long_or_deep_function_fails_and_is_named(tmp_path: Path) -> None:
    (tmp_path / "code.py").write_text(LONG + DEEP, encoding="utf-8")
    done = run(str(tmp_path))
    assert done.returncode == 1
    assert "code.py:1: long is 62 lines (at most 60)" in done.stdout
    assert "code.py:63: deep is nested 5 blocks deep (at most 4)" in done.stdout


def test_installed_and_generated_folders_are_not_checked(tmp_path: Path) -> None:
    for folder in (".venv/lib", "node_modules/pkg", "build/lib", "x.egg-info"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "bad.py").write_text(LONG, encoding="utf-8")
    (tmp_path / "site").mkdir()  # a source folder that happens to be called "site"
    (tmp_path / "site" / "good.py").write_text("def f():\n    return 1\n", encoding="utf-8")
    done = run(str(tmp_path))
    assert done.returncode == 0, done.stdout
    assert "every function reads at once" in done.stdout


def test_with_no_argument_it_checks_the_project_folders_from_anywhere(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "bad.py").write_text(LONG, encoding="utf-8")  # not the project's
    done = run(cwd=tmp_path)
    assert done.returncode == 0, done.stdout
    named = {line.split("/")[0] for line in done.stdout.splitlines() if ".py:" in line}
    assert named <= {"engine", "tutorial", "scripts", "tests"}
    assert "bad.py" not in done.stdout
