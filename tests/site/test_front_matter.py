"""Front matter that YAML cannot read is silently shown as page text by MkDocs: refuse it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if "runtime" not in p.parts)


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_front_matter_is_valid_yaml(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return
    block = text[4:].split("\n---\n", 1)
    assert len(block) == 2, f"{page.name}: front matter is not closed by ---"
    meta = yaml.safe_load(block[0])
    assert isinstance(meta, dict), f"{page.name}: front matter is not a mapping"
