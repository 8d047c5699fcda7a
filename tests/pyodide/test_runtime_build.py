"""scripts/build_runtime.py: wheels built twice from the same sources are byte-identical,
so the snapshot's name (a hash over the Pyodide version and the wheels) stays the same;
Pyodide's large files have precompressed siblings; the shipped wheels' members are stored
(the host compresses them whole); two builds at once take turns."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("folder", "distribution"), [("engine", "euchre"), ("tutorial", "euchre_tutorial")]
)
def test_wheels_are_reproducible(
    build_runtime: ModuleType, tmp_path: Path, folder: str, distribution: str
) -> None:
    sources = tmp_path / folder  # a frozen copy: the real tree may change meanwhile
    shutil.copytree(
        ROOT / folder, sources, ignore=shutil.ignore_patterns("*.egg-info", "__pycache__")
    )
    first = build_runtime.build_wheel(sources, distribution, tmp_path / "a", tmp_path / "cache-a")
    (sources / "touched").touch()  # a new mtime and a changed folder, not a changed file
    (sources / "touched").unlink()
    second = build_runtime.build_wheel(sources, distribution, tmp_path / "b", tmp_path / "cache-b")
    assert first.name == second.name
    assert first.read_bytes() == second.read_bytes()
    assert first.name.endswith("-py3-none-any.whl")


def test_an_unchanged_wheel_is_not_rebuilt(build_runtime: ModuleType, tmp_path: Path) -> None:
    sources = tmp_path / "engine"
    shutil.copytree(
        ROOT / "engine", sources, ignore=shutil.ignore_patterns("*.egg-info", "__pycache__")
    )
    first = build_runtime.build_wheel(sources, "euchre", tmp_path / "w", tmp_path / "cache")
    stamp = first.stat().st_mtime_ns
    again = build_runtime.build_wheel(sources, "euchre", tmp_path / "w", tmp_path / "cache")
    assert again == first and again.stat().st_mtime_ns == stamp


def test_snapshot_name_depends_on_wheels_stdlib_and_pyodide(build_runtime: ModuleType) -> None:
    wheels = [
        ("euchre-1.0.0-py3-none-any.whl", "aa"),
        ("euchre_tutorial-1.0.0-py3-none-any.whl", "bb"),
    ]
    name = build_runtime.snapshot_hash("314.0.7", "ff", wheels)
    assert name == build_runtime.snapshot_hash("314.0.7", "ff", list(reversed(wheels)))
    assert name != build_runtime.snapshot_hash("314.0.8", "ff", wheels)
    assert name != build_runtime.snapshot_hash("314.0.7", "ff", [wheels[0], (wheels[1][0], "bc")])
    assert name != build_runtime.snapshot_hash("314.0.7", "fe", wheels)  # another stdlib


def test_snapshot_header_keeps_alignment(build_runtime: ModuleType) -> None:
    header = build_runtime.snapshot_header("f" * 64)
    assert len(header) == build_runtime.SNAPSHOT_HEADER and len(header) % 16 == 0
    assert header.startswith(build_runtime.SNAPSHOT_MAGIC + b"f" * 64 + b"\n")


def test_the_large_pyodide_files_have_precompressed_siblings(
    build_runtime: ModuleType, tmp_path: Path
) -> None:
    """A host that serves file.gz or file.br for file (nginx's gzip_static, brotli_static)
    sends Pyodide's wasm and glue without compressing them on the visit: the siblings hold
    exactly those bytes. They are written with the whole site (scripts/precompress.py),
    here into a copy of the vendored files (with the build's cache: the wasm's brotli form
    takes a minute the first time)."""
    build_runtime.vendor_pyodide(build_runtime.unpacked_pyodide())
    folder = tmp_path / "pyodide"
    folder.mkdir()
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs"):
        shutil.copyfile(ROOT / "docs" / "runtime" / "pyodide" / name, folder / name)
    subprocess.run([sys.executable, "scripts/precompress.py", str(tmp_path)], cwd=ROOT, check=True)
    checks = []
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs"):
        sibling = folder / f"{name}.gz"
        assert gzip.decompress(sibling.read_bytes()) == (folder / name).read_bytes()
        assert sibling.stat().st_size < (folder / name).stat().st_size / 2
        brotli = folder / f"{name}.br"
        assert brotli.stat().st_size < sibling.stat().st_size
        checks.append([str(folder / name), str(brotli)])
    (tmp_path / "check.json").write_text(json.dumps(checks))
    decoded = subprocess.run(
        ["node", "scripts/brotli.mjs", "check", str(tmp_path / "check.json")], cwd=ROOT, check=False
    )
    assert decoded.returncode == 0, "a brotli sibling does not decode to its file"


WAITER = """
import importlib.util, sys
from pathlib import Path
spec = importlib.util.spec_from_file_location("build_runtime", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
module.CACHE = Path(sys.argv[2])
print("waiting", flush=True)
with module.one_build_at_a_time():
    print("after" if (module.CACHE / "released").exists() else "before", flush=True)
"""


def test_two_builds_at_once_take_turns(
    build_runtime: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two test workers that both find the runtime stale: the second build waits for the
    first's lock (both writing one partial snapshot once broke it)."""
    monkeypatch.setattr(build_runtime, "CACHE", tmp_path)
    with build_runtime.one_build_at_a_time():
        second = subprocess.Popen(
            [
                sys.executable,
                "-c",
                WAITER,
                str(ROOT / "scripts" / "build_runtime.py"),
                str(tmp_path),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert second.stdout is not None
        assert second.stdout.readline().strip() == "waiting"
        time.sleep(0.5)  # room for a second build that did not wait to get in first
        (tmp_path / "released").touch()
    out, _ = second.communicate(timeout=30)
    assert out.strip() == "after"


def test_the_service_worker_serves_the_engine_s_scripts_the_build_lists(
    build_runtime: ModuleType,
) -> None:
    """sw.js names the engine's scripts it serves from the runtime cache; the build lists
    the same ones in the manifest (with their SHA-256, which the cache's version follows)."""
    sw = (ROOT / "tutorial" / "web" / "sw.js").read_text()
    listed = re.search(r"const ENGINE_SCRIPTS = new Set\(\s*\[([^\]]*)\]", sw)
    assert listed is not None
    assert tuple(re.findall(r'"([^"]+)"', listed.group(1))) == build_runtime.ENGINE_SCRIPTS
    for name in build_runtime.ENGINE_SCRIPTS:
        assert (build_runtime.ENGINE_SCRIPTS_DIR / name).is_file()
