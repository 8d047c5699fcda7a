"""scripts/precompress.py: beside every compressible file of a built site, a brotli and a
gzip sibling that decode to exactly its bytes, written only where they save something,
kept in a cache so that a rebuild compresses only what changed. (Pyodide's large files:
tests/pyodide/test_runtime_build.py; the whole built site: tests/browser/test_hosting.py.)"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = "<!doctype html><title>Trumps</title>" + "<p>The left bower is a trump.</p>" * 300


@pytest.fixture(scope="module")
def precompress() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "precompress", ROOT / "scripts" / "precompress.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["precompress"] = module
    spec.loader.exec_module(module)
    return module


def brotli_differs(pairs: list[tuple[Path, Path]], scratch: Path) -> list[str]:
    """The brotli siblings among ``pairs`` (file, sibling) that do not decode to their
    file's bytes (Node's zlib decodes them: scripts/brotli.mjs check)."""
    jobs = scratch / "check.json"
    jobs.write_text(json.dumps([[str(a), str(b)] for a, b in pairs]))
    done = subprocess.run(
        ["node", str(ROOT / "scripts" / "brotli.mjs"), "check", str(jobs)],
        capture_output=True,
        text=True,
        check=False,
    )
    differ: list[str] = json.loads(done.stdout)["differ"]
    return differ


def small_site(root: Path) -> Path:
    (root / "rules").mkdir(parents=True)
    (root / "index.html").write_text(PAGE)
    (root / "rules" / "index.html").write_text(PAGE.replace("Trumps", "Rules"))
    (root / "site.js").write_text("export const suits = ['♠', '♥', '♦', '♣'];\n" * 40)
    (root / "tiny.css").write_text("a{}")  # gzip would make it larger
    noise = b"".join(hashlib.sha256(bytes([i])).digest() for i in range(64))
    (root / "random.json").write_bytes(noise)  # does not compress
    (root / "logo.png").write_bytes(b"\x89PNG" + bytes(4000))  # not a compressible kind
    return root


def test_each_compressible_file_gets_siblings_that_decode_to_it(
    precompress: ModuleType, tmp_path: Path
) -> None:
    site = small_site(tmp_path / "site")
    totals = precompress.precompress(site, tmp_path / "cache")
    with_siblings = ["index.html", "rules/index.html", "site.js"]
    assert totals.files == len(with_siblings)
    pairs = []
    for name in with_siblings:
        plain = (site / name).read_bytes()
        br, gz = site / f"{name}.br", site / f"{name}.gz"
        assert gzip.decompress(gz.read_bytes()) == plain, name
        assert br.stat().st_size < gz.stat().st_size < len(plain) / 4, name
        pairs.append((site / name, br))
    assert brotli_differs(pairs, tmp_path) == []
    for name in ("tiny.css", "random.json", "logo.png"):
        assert not (site / f"{name}.br").exists() and not (site / f"{name}.gz").exists(), name


def test_a_changed_file_gets_new_siblings_and_the_rest_come_from_the_cache(
    precompress: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = small_site(tmp_path / "site")
    cache = tmp_path / "cache"
    precompress.precompress(site, cache)
    (site / "site.js").write_text("export const trump = '♥';\n" * 80)
    calls = []
    real_run = subprocess.run

    def counting_run(command: list[str], **options: object) -> object:
        calls.append(json.loads(Path(command[-1]).read_text()))
        return real_run(command, **options)  # type: ignore[call-overload]

    monkeypatch.setattr(precompress.subprocess, "run", counting_run)
    precompress.precompress(site, cache)
    assert [[Path(source).name for source, _ in jobs] for jobs in calls] == [["site.js"]]
    assert gzip.decompress((site / "site.js.gz").read_bytes()) == (site / "site.js").read_bytes()
    assert brotli_differs([(site / "site.js", site / "site.js.br")], tmp_path) == []


def test_a_damaged_sibling_is_noticed(precompress: ModuleType, tmp_path: Path) -> None:
    site = small_site(tmp_path / "site")
    precompress.precompress(site, tmp_path / "cache")
    shutil.copyfile(site / "rules" / "index.html.br", site / "index.html.br")
    assert brotli_differs([(site / "index.html", site / "index.html.br")], tmp_path) == [
        str(site / "index.html.br")
    ]
