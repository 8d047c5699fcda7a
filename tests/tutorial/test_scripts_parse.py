"""Every script the site ships parses as what the browser loads it as (an ES module, or
the service worker's classic script), so a syntax slip fails here in a second rather than
as a widget that never starts."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "tutorial" / "web"
SCRIPTS = sorted(WEB.rglob("*.js"))


def test_there_are_scripts_to_check() -> None:
    assert {path.name for path in SCRIPTS} >= {"worker.js", "runtime.js", "snapshot.js", "sw.js"}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.relative_to(WEB).as_posix())
def test_the_script_parses(script: Path, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: the script checks need Node.js")
    # The .mjs name makes Node read it as a module, as the browser does (sw.js is a
    # classic script, and also valid as a module).
    copy = tmp_path / (script.stem + ".mjs")
    copy.write_bytes(script.read_bytes())
    done = subprocess.run([node, "--check", str(copy)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
