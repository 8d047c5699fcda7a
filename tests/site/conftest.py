"""Fixtures of the site tests: whole-site builds shared by every test of the session.

``site_for(spec)`` builds the site once per rules spec (a profile name or a house-rules
path) with ``euchre_tutorial.generator.build_site`` and returns the folder. Building is
slow, so the tests ask for the few specs they need and share the result.
``build_fixture_page(name)`` builds a one-page MkDocs project around a page of
``fixtures/docs/`` and returns the finished process (exit code and output).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from euchre_tutorial.generator import build_site

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
HOUSE_RULES = FIXTURES / "house-rules.toml"
PROFILES = ["american", "midwest", "long-deck", "beginner", "stick-the-dealer"]

SitePath = Callable[[str], Path]


@pytest.fixture(scope="session")
def site_for(tmp_path_factory: pytest.TempPathFactory) -> SitePath:
    built: dict[str, Path] = {}
    base = tmp_path_factory.mktemp("sites")

    def get(spec: str) -> Path:
        if spec not in built:
            name = Path(spec).stem if spec.endswith(".toml") else spec
            built[spec] = build_site(spec, base / name)
        return built[spec]

    return get


def page_text(site: Path, page: str) -> str:
    """The visible text of a built page's article, whitespace collapsed."""
    import re
    from html import unescape

    html = (site / page / "index.html").read_text(encoding="utf-8")
    start = html.find("<article")
    end = html.find("</article>")
    body = html[start:end] if start >= 0 else html
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())


MINI_CONFIG = """\
site_name: fixture
docs_dir: docs
theme:
  name: mkdocs
markdown_extensions:
  - pymdownx.superfences
  - euchre_tutorial.mdext.rulestext:
      rules: ""
  - euchre_tutorial.mdext.examples:
      rules: ""
"""


@pytest.fixture
def fixture_project(tmp_path: Path) -> Callable[[str], Path]:
    """A one-page MkDocs project around ``fixtures/docs/<name>``; returns its mkdocs.yml."""

    def make(name: str) -> Path:
        docs = tmp_path / "docs"
        docs.mkdir(exist_ok=True)
        shutil.copy(FIXTURES / "docs" / name, docs / name)
        (docs / "index.md").write_text("# Fixture\n", encoding="utf-8")
        config = tmp_path / "mkdocs.yml"
        config.write_text(MINI_CONFIG, encoding="utf-8")
        return config

    return make


def run_mkdocs(config: Path, out: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of a project; returns the finished process."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(out)],
        cwd=config.parent,
        capture_output=True,
        text=True,
        check=False,
    )
