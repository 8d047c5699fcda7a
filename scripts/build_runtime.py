"""Build the in-browser runtime into ``docs/runtime/`` (run by ``make runtime``).

1. Vendor Pyodide: the pinned npm package, its tarball checked against a sha256 recorded
   here, and only the files a browser fetches copied to ``docs/runtime/pyodide/`` (the
   loader, the wasm module and its glue; not the lock file: the worker passes its few
   needed fields from the manifest).
2. Build our two pure wheels (``engine/`` and ``tutorial/``) reproducibly
   (``SOURCE_DATE_EPOCH``, a clean copy of the sources) into ``docs/runtime/wheels/``.
3. Trim the standard library: a census under Node Pyodide (``stdlib_census.mjs``) lists the
   files that Pyodide's start and every module of every wheel import; those plus a small
   margin for error paths (``STDLIB_MARGIN``) make ``pyodide/python_stdlib.zip``, written
   reproducibly (sorted, fixed dates, members stored for the host to compress whole) as
   bytecode without docstrings, compiled by Pyodide's own Python
   (``compile_bytecode.mjs``): a first visit's Python then compiles none of it. The
   wheels' modules are compiled the same way into ``wheels/bytecode.zip`` (``__pycache__``
   files, checked against their sources' hashes), which a plain start writes beside the
   unpacked wheels. (The precompressed siblings a host sends are written with the rest
   of the site: ``scripts/precompress.py``.)
4. Prove the memory snapshot's recipe: the reader's browser makes its own snapshot on a
   first visit (``worker.js``, with the recipe in ``snapshot.js``), so none is published;
   the build makes one the same way under Node (``make_snapshot.mjs``) and restores it
   (``check_snapshot.mjs``), keeping it as ``build/runtime/snapshot-<hash>.bin.gz`` for
   the Pyodide tests. The hash is taken over the Pyodide version, the recipe, the
   standard library's and the wheels' sha256 (the browser names its snapshot the same).
5. Write ``docs/runtime/manifest.json``, which the worker and the service worker read.

Every step is skipped when its inputs are unchanged, so a second run does nothing. Two
runs at once (two test workers that each find the runtime stale) take turns: the second
waits for the first (a lock on ``build/runtime/.lock``), then finds everything up to date,
instead of both writing the same partial files.

>>> snapshot_hash("314.0.7", "ff", [("a.whl", "00"), ("b.whl", "11")], recipe="2")[:12]
'83f354a9d603'
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import fcntl
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from euchre_tutorial.minify import strip_js_comment_lines

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "runtime"
CACHE = ROOT / "build" / "runtime"

PYODIDE_VERSION = "314.0.7"
# sha256 of the npm tarball pyodide-314.0.7.tgz (npm's own sha512 is in package-lock.json).
PYODIDE_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
# What a browser fetches from the package: the loader, the wasm module and its glue, and
# the standard library (trimmed: STDLIB). The lock file is read at build time only.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB = "python_stdlib.zip"
LOCK_FILE = "pyodide-lock.json"
UNPACKED_FILES = (*PYODIDE_FILES, STDLIB, LOCK_FILE)
# The engine's own scripts (the site's assets/euchre/): its worker and the two modules the
# worker starts with. The manifest lists them with their SHA-256, the cache's version
# follows them, and the service worker serves them from that versioned cache first
# (sw.js's ENGINE_SCRIPTS), so a repeat visit starts the engine without asking the host,
# with the worker that matches the wheels it loads.
ENGINE_SCRIPTS_DIR = ROOT / "tutorial" / "web" / "assets" / "euchre"
ENGINE_SCRIPTS = ("worker.js", "snapshot.js", "kept-snapshot.js")
# Standard-library modules kept beside those the census finds (every module of every wheel
# imported, Pyodide's start included): what an error path or a lazy import inside the
# standard library needs, which no import of ours shows. A package name keeps the whole
# package; "package.module" keeps that module (and its package's __init__).
# tests/pyodide/import_everything.py walks each of these paths.
STDLIB_MARGIN = (
    "_strptime",  # datetime.strptime imports it on first use, and it imports calendar
    "calendar",
    "pprint",  # a value shown in an error report
)
# Our packages, as (source folder, distribution name).
PACKAGES = (("engine", "euchre"), ("tutorial", "euchre_tutorial"))
# Pure wheels from PyPI the tutorial needs in the browser (the mastery map's FSRS scheduler
# and its one dependency), as (file name, sha256): pip downloads each once, it is checked.
THIRD_PARTY_WHEELS = (
    (
        "fsrs-6.3.2-py3-none-any.whl",
        "bc55066c821164b1cff6d75b17a3ed8e86cfd45789e3d775cfcb895319ce9ba4",
    ),
    (
        "typing_extensions-4.16.0-py3-none-any.whl",
        "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8",
    ),
)
# 1980-01-01: the earliest time a zip file can hold; wheels built twice are byte-identical.
SOURCE_DATE_EPOCH = "315532800"
# Bump when the snapshot's making changes in a way the texts of RECIPE_FILES do not show
# (their digest is part of the recipe too, so editing one makes a new snapshot).
SNAPSHOT_RECIPE = 4
MAKE_SNAPSHOT = ROOT / "scripts" / "make_snapshot.mjs"
COMPILE_BYTECODE = ROOT / "scripts" / "compile_bytecode.mjs"
BYTECODE = "bytecode.zip"  # in docs/runtime/wheels/: the wheels' modules compiled
# The code that makes a snapshot: in the browser (the worker and snapshot.js), and the
# build's proof under Node.
RECIPE_FILES = (
    ROOT / "tutorial" / "web" / "assets" / "euchre" / "snapshot.js",
    ROOT / "tutorial" / "web" / "assets" / "euchre" / "worker.js",
    MAKE_SNAPSHOT,
)
CHECK_SNAPSHOT = ROOT / "scripts" / "check_snapshot.mjs"
SNAPSHOT_HEADER = 128
SNAPSHOT_MAGIC = b"EUCHRE-SNAPSHOT/1 "
SKIP_DIRS = {"__pycache__", "build", "dist", ".mypy_cache", ".pytest_cache", ".ruff_cache"}
# Modules that only run at build time (Markdown extensions, the site generator and its
# MkDocs hooks) or on a server (the room server): the browser never imports them, so its
# wheel leaves them out.
BUILD_ONLY = (
    "euchre_rooms/",
    "euchre_tutorial/mdext/",
    "euchre_tutorial/generator.py",
    "euchre_tutorial/minify.py",
    "euchre_tutorial/mkdocs_hooks.py",
    "euchre_tutorial/modulegraph.py",
    "euchre_tutorial/prebuilt/",
    "euchre_tutorial/stylesheet.py",
)


def log(message: str) -> None:
    print(f"runtime: {message}", flush=True)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def copy_if_changed(source: Path, target: Path) -> bool:
    """Copy ``source`` to ``target`` unless it already holds the same bytes."""
    same_size = target.exists() and target.stat().st_size == source.stat().st_size
    if same_size and sha256_file(target) == sha256_file(source):
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return True


# ------------------------------------------------------------------ Pyodide


def pyodide_tarball() -> Path:
    """The npm tarball of the pinned Pyodide, fetched once with ``npm pack``, checked."""
    tarball = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        log(f"npm pack pyodide@{PYODIDE_VERSION}")
        subprocess.run(
            [
                "npm",
                "pack",
                f"pyodide@{PYODIDE_VERSION}",
                "--prefer-offline",
                "--silent",
                "--pack-destination",
                str(CACHE),
            ],
            check=True,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
        )
    actual = sha256_file(tarball)
    if actual != PYODIDE_SHA256:
        tarball.unlink()
        raise SystemExit(
            f"pyodide-{PYODIDE_VERSION}.tgz has sha256 {actual}, expected {PYODIDE_SHA256}: "
            "refusing to ship it"
        )
    return tarball


def unpacked_pyodide() -> Path:
    """The pinned package's files (UNPACKED_FILES, full standard library and lock file
    included) in build/runtime/pyodide-<version>/, for Node and for trimming."""
    unpacked = CACHE / f"pyodide-{PYODIDE_VERSION}"
    stamp = unpacked / ".sha256"
    if not (stamp.exists() and stamp.read_text() == PYODIDE_SHA256):
        tarball = pyodide_tarball()
        shutil.rmtree(unpacked, ignore_errors=True)
        unpacked.mkdir(parents=True)
        with tarfile.open(tarball) as archive:
            for name in UNPACKED_FILES:
                member = archive.getmember(f"package/{name}")
                source = archive.extractfile(member)
                if source is None:
                    raise SystemExit(f"{tarball.name} has no file {name}")
                with source, (unpacked / name).open("wb") as out:
                    shutil.copyfileobj(source, out)
        stamp.write_text(PYODIDE_SHA256)
    return unpacked


def vendor_pyodide(unpacked: Path) -> Path:
    """Copy the files a browser fetches to docs/runtime/pyodide/ (the trimmed standard
    library is written there by ``write_stdlib``); return that folder."""
    target = OUT / "pyodide"
    changed = [name for name in PYODIDE_FILES if copy_if_changed(unpacked / name, target / name)]
    keep = {*PYODIDE_FILES, STDLIB}
    for extra in sorted({p.name for p in target.iterdir()} - keep):
        (target / extra).unlink()
    done = f"copied {', '.join(changed)}" if changed else "up to date"
    log(f"pyodide {PYODIDE_VERSION}: {done}")
    return target


def lock_contents(unpacked: Path) -> dict[str, object]:
    """What loadPyodide needs of the lock file when no package is ever loaded: its
    ``info`` (the ABI version is checked) and no packages."""
    info = json.loads((unpacked / LOCK_FILE).read_text())["info"]
    return {"info": info, "packages": {}}


# ------------------------------------------------------------------ standard library


def stdlib_census(unpacked: Path, wheels: Sequence[Path]) -> list[str]:
    """The files of python_stdlib.zip that Pyodide's start and every module of our wheels
    import, found under Node; cached by the inputs' digest."""
    digest = hashlib.sha256(PYODIDE_SHA256.encode())
    digest.update((ROOT / "scripts" / "stdlib_census.mjs").read_bytes())
    for wheel in sorted(wheels):
        digest.update(sha256_file(wheel).encode())
    cached = CACHE / f"stdlib-census-{digest.hexdigest()[:16]}.json"
    if not cached.exists():
        for stale in CACHE.glob("stdlib-census-*.json"):
            stale.unlink()
        partial = cached.with_suffix(".partial")
        subprocess.run(
            [
                "node",
                str(ROOT / "scripts" / "stdlib_census.mjs"),
                str(unpacked),
                str(partial),
                *map(str, wheels),
            ],
            check=True,
            cwd=ROOT,
        )
        partial.replace(cached)
    files: list[str] = json.loads(cached.read_text())
    return files


def stdlib_members(names: Sequence[str], needed: Iterable[str], margin: Iterable[str]) -> list[str]:
    """The members of the standard library zip to keep: the ``needed`` files, the
    ``margin`` modules (a package whole), each kept file's package ``__init__.py``, and
    the directory entries above them. Sorted.

    >>> names = ["a.py", "p/", "p/__init__.py", "p/x.py", "p/y.py", "q/", "q/__init__.py", "q/z.py"]
    >>> stdlib_members(names, ["p/x.py"], ["a", "q"])
    ['a.py', 'p/', 'p/__init__.py', 'p/x.py', 'q/', 'q/__init__.py', 'q/z.py']
    >>> stdlib_members(names, [], ["nowhere"])
    Traceback (most recent call last):
    SystemExit: the margin module 'nowhere' is not in the standard library
    """
    present = set(names)
    keep = {name for name in needed if name in present}
    for module in margin:
        path = module.replace(".", "/")
        if f"{path}.py" in present:
            keep.add(f"{path}.py")
        elif f"{path}/__init__.py" in present:
            keep.update(n for n in names if n.startswith(f"{path}/") and n.endswith(".py"))
        else:
            raise SystemExit(f"the margin module {module!r} is not in the standard library")
    for name in list(keep):
        parts = name.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            folder = "/".join(parts[:depth])
            keep.add(f"{folder}/")
            if f"{folder}/__init__.py" in present:
                keep.add(f"{folder}/__init__.py")
    return sorted(keep)


def compile_bytecode(unpacked: Path, kind: str, target: Path, sources: Sequence[Path]) -> None:
    """Compile ``sources`` with Pyodide's own Python (``compile_bytecode.mjs``) into
    ``target``: ``kind`` "stdlib" turns one zip of sources into one of .pyc files,
    "wheels" collects the wheels' modules as ``__pycache__`` files. Cached in CACHE by the
    inputs' digest (Pyodide, the script, the sources), so an unchanged build runs no Node."""
    digest = hashlib.sha256(f"{PYODIDE_SHA256} {kind}".encode())
    digest.update(COMPILE_BYTECODE.read_bytes())
    for source in sources:
        digest.update(sha256_file(source).encode())
    cached = CACHE / f"bytecode-{kind}-{digest.hexdigest()[:16]}.zip"
    if not cached.exists():
        for stale in CACHE.glob(f"bytecode-{kind}-*.zip"):
            stale.unlink()
        partial = cached.with_suffix(".partial")
        if kind == "stdlib":  # stdlib <sources.zip> <out.zip>
            arguments = [*map(str, sources), str(partial)]
        else:  # wheels <out.zip> <wheel.whl>...
            arguments = [str(partial), *map(str, sources)]
        subprocess.run(
            ["node", str(COMPILE_BYTECODE), str(unpacked), kind, *arguments], check=True, cwd=ROOT
        )
        partial.replace(cached)
    shutil.copyfile(cached, target)


def write_stdlib(unpacked: Path, needed: Iterable[str], target: Path) -> tuple[int, int]:
    """Write the trimmed standard library reproducibly (sorted members, 1980 dates,
    stored), each module as its bytecode (``compile_bytecode``), unless
    ``target`` already holds those bytes; return (kept, of)."""
    with zipfile.ZipFile(unpacked / STDLIB) as full:
        names = full.namelist()
        members = stdlib_members(names, needed, STDLIB_MARGIN)
        with tempfile.TemporaryDirectory(prefix="euchre-stdlib-") as scratch:
            sources = Path(scratch) / "sources.zip"
            with zipfile.ZipFile(sources, "w") as out:
                for name in members:
                    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                    is_dir = name.endswith("/")
                    info.external_attr = (0o40755 if is_dir else 0o100644) << 16
                    info.compress_type = zipfile.ZIP_STORED if is_dir else zipfile.ZIP_DEFLATED
                    out.writestr(info, b"" if is_dir else full.read(name), compresslevel=9)
            built = Path(scratch) / STDLIB
            compile_bytecode(unpacked, "stdlib", built, [sources])
            changed = copy_if_changed(built, target)
    files = [n for n in members if not n.endswith("/")]
    total = [n for n in names if not n.endswith("/")]
    done = "written" if changed else "up to date"
    log(
        f"{STDLIB}: {done}, {len(files)} of {len(total)} files as bytecode ({target.stat().st_size} bytes)"
    )
    return len(files), len(total)


def write_wheels_bytecode(unpacked: Path, wheels: Sequence[Path], target: Path) -> Path:
    """Write the bytecode of every module of ``wheels`` (``compile_bytecode``) to
    ``target`` unless it already holds those bytes."""
    with tempfile.TemporaryDirectory(prefix="euchre-bytecode-") as scratch:
        built = Path(scratch) / BYTECODE
        compile_bytecode(unpacked, "wheels", built, sorted(wheels))
        changed = copy_if_changed(built, target)
    log(f"{target.name}: {'written' if changed else 'up to date'} ({target.stat().st_size} bytes)")
    return target


# ------------------------------------------------------------------ wheels


def stored_copy(source: Path, target: Path) -> bool:
    r"""Write ``source`` (a zip file: a wheel) to ``target`` with every member stored, not
    deflated, in the same order with the same names, dates and modes, unless ``target``
    already holds those bytes; return whether it was written. A host compresses the whole
    archive better than zip compresses each member (brotli: 0.17 MB instead of 0.26 MB for
    the four wheels), and the worker then copies the members instead of inflating them.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with zipfile.ZipFile(folder / "a.whl", "w", zipfile.ZIP_DEFLATED) as archive:
    ...     archive.writestr("pkg/__init__.py", "x = 1\n" * 100)
    >>> stored_copy(folder / "a.whl", folder / "b.whl"), stored_copy(folder / "a.whl", folder / "b.whl")
    (True, False)
    >>> with zipfile.ZipFile(folder / "b.whl") as archive:
    ...     [(i.filename, i.compress_type) for i in archive.infolist()], archive.read("pkg/__init__.py")[:6]
    ([('pkg/__init__.py', 0)], b'x = 1\n')
    """
    with tempfile.TemporaryDirectory(prefix="euchre-stored-") as scratch:
        written = Path(scratch) / target.name
        with zipfile.ZipFile(source) as original, zipfile.ZipFile(written, "w") as out:
            for info in original.infolist():
                copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                copy.external_attr = info.external_attr
                copy.create_system = info.create_system
                copy.compress_type = zipfile.ZIP_STORED
                out.writestr(copy, original.read(info))
        return copy_if_changed(written, target)


def source_files(folder: Path) -> list[Path]:
    """The files a wheel is built from, sorted (no caches, no build output, no egg-info)."""
    found = []
    for path in folder.rglob("*"):
        parts = path.relative_to(folder).parts
        if any(part in SKIP_DIRS or part.endswith(".egg-info") for part in parts):
            continue
        if path.is_file() and path.suffix not in {".pyc", ".pyo"}:
            found.append(path)
    return sorted(found)


def slim_source(text: str) -> str:
    r"""Python source without docstrings, comments and function annotations, for the
    browser's wheels: the browser needs the code, not the documentation (doctests and type
    checks run in CPython).

    >>> print(slim_source("'''Doc.'''\nimport os  # why\n\ndef f(x: int) -> int:\n    '''Only a doc.'''\n"), end="")
    import os
    <BLANKLINE>
    def f(x):
        pass
    """
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            _drop_annotations(node)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            _drop_docstring(node)
    return ast.unparse(tree) + "\n"


def _drop_annotations(function: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
    """Remove the annotations of ``function``'s arguments, return and local variables:
    only type checkers read them (class-level ones stay: dataclasses need them)."""
    function.returns = None
    arguments = function.args
    for arg in (
        *arguments.posonlyargs,
        *arguments.args,
        *arguments.kwonlyargs,
        arguments.vararg,
        arguments.kwarg,
    ):
        if arg is not None:
            arg.annotation = None
    for inner in ast.walk(function):
        if isinstance(inner, ast.ClassDef):
            continue
        for field in ("body", "orelse", "finalbody"):
            block = getattr(inner, field, None)
            if isinstance(block, list):
                _drop_local_annotations(block)


def _drop_local_annotations(block: list[ast.stmt]) -> None:
    """Turn each annotated assignment of ``block`` into a plain one. A bare annotation
    (``lead: Lead``) still makes its name local to the function, which an inner
    ``nonlocal lead`` needs, so it stays, with its annotation shrunk to ``0`` (a local
    annotation is never evaluated).

    >>> block = ast.parse("x: int = 1\\ny: list[int]").body
    >>> _drop_local_annotations(block)
    >>> [ast.unparse(s) for s in block]
    ['x = 1', 'y: 0']
    """
    for i, statement in enumerate(block):
        if isinstance(statement, ast.AnnAssign) and statement.simple:
            plain: ast.stmt = (
                ast.Assign(targets=[statement.target], value=statement.value)
                if statement.value is not None
                else ast.AnnAssign(
                    target=statement.target, annotation=ast.Constant(0), value=None, simple=1
                )
            )
            block[i] = ast.copy_location(plain, statement)


def _drop_docstring(
    node: ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef,
) -> None:
    """Remove ``node``'s docstring, leaving ``pass`` in a body it empties (not a module's)."""
    body = node.body
    if (
        body
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    ):
        body.pop(0)
        if not body and not isinstance(node, ast.Module):
            body.append(ast.Pass())


def source_digest(folder: Path) -> str:
    """A digest of a package's sources and of this script (which slims them), so a change
    to either rebuilds the wheel."""
    digest = hashlib.sha256(Path(__file__).read_bytes())
    for path in source_files(folder):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def build_wheel(
    folder: Path, distribution: str, wheels: Path = OUT / "wheels", cache: Path = CACHE
) -> Path:
    """Build ``folder``'s pure wheel into ``wheels`` (docs/runtime/wheels/), skipped when
    the sources are unchanged since the last build (a digest kept in ``cache``)."""
    digest = source_digest(folder)
    stamp = cache / f"{distribution}.source-sha256"
    existing = sorted(wheels.glob(f"{distribution}-*-py3-none-any.whl"))
    if len(existing) == 1 and stamp.exists() and stamp.read_text() == digest:
        log(f"wheel {existing[0].name}: up to date")
        return existing[0]
    with tempfile.TemporaryDirectory(prefix="euchre-wheel-") as scratch:
        # Build from a clean copy: setuptools' build/ folder in the source tree could
        # otherwise smuggle deleted modules into the wheel, and file modes would vary.
        copy = Path(scratch) / folder.name
        for path in source_files(folder):
            relative = path.relative_to(folder).as_posix()
            if relative.startswith(BUILD_ONLY):
                continue
            target = copy / path.relative_to(folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            if path.suffix == ".py":
                target.write_text(slim_source(path.read_text(encoding="utf-8")), encoding="utf-8")
            else:
                shutil.copyfile(path, target)
            target.chmod(0o644)
        dist = Path(scratch) / "dist"
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "PYTHONHASHSEED": "0"}
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "build",
                "--wheel",
                "--no-isolation",
                "--outdir",
                str(dist),
                str(copy),
            ],
            env=env,
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            sys.stderr.write(result.stdout + result.stderr)
            raise SystemExit(f"building the {distribution} wheel failed")
        (built,) = dist.glob("*.whl")
        wheels.mkdir(parents=True, exist_ok=True)
        for old in existing:
            old.unlink()
        target = wheels / built.name
        stored_copy(built, target)
    cache.mkdir(parents=True, exist_ok=True)
    stamp.write_text(digest)
    log(f"wheel {target.name}: built ({target.stat().st_size} bytes)")
    return target


def third_party_wheel(
    name: str, sha256: str, wheels: Path = OUT / "wheels", cache: Path = CACHE
) -> Path:
    """Copy the PyPI wheel ``name`` into ``wheels``, its members stored (``stored_copy``):
    downloaded once by pip into ``cache``, refused unless its sha256 is ``sha256``."""
    cached = cache / "pypi" / name
    if not cached.exists() or sha256_file(cached) != sha256:
        distribution, version = name.split("-")[:2]
        log(f"pip download {distribution}=={version}")
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--dest",
                str(cached.parent),
                f"{distribution}=={version}",
            ],
            check=True,
            cwd=ROOT,
        )
    actual = sha256_file(cached) if cached.exists() else "missing"
    if actual != sha256:
        cached.unlink(missing_ok=True)
        raise SystemExit(f"{name} has sha256 {actual}, expected {sha256}: refusing to ship it")
    target = wheels / name
    copied = stored_copy(cached, target)
    log(f"wheel {name}: {'copied' if copied else 'up to date'}")
    return target


# ------------------------------------------------------------------ snapshot


def snapshot_recipe() -> str:
    """The recipe's name: SNAPSHOT_RECIPE and the digest of the code that makes snapshots,
    so changed code always makes a new snapshot (the manifest carries it to the worker)."""
    digest = hashlib.sha256()
    for path in RECIPE_FILES:
        digest.update(path.read_bytes())
    return f"{SNAPSHOT_RECIPE}-{digest.hexdigest()[:12]}"


def snapshot_hash(
    pyodide_version: str,
    stdlib_sha256: str,
    wheels: Iterable[tuple[str, str]],
    recipe: str | None = None,
) -> str:
    """The snapshot's identity: Pyodide version, recipe (``snapshot_recipe()`` unless
    given), the standard library's sha256 (the snapshot holds its zip directory) and
    each (wheel name, sha256).

    The browser computes the same text from the wheels it downloads (``snapshotIdentity``
    in snapshot.js), so a snapshot made from other files is refused. Wheels are taken in
    name order.
    """
    recipe = snapshot_recipe() if recipe is None else recipe
    text = f"pyodide {pyodide_version}\nrecipe {recipe}\nstdlib {stdlib_sha256}\n"
    text += "".join(f"{name} {sha}\n" for name, sha in sorted(wheels))
    return hashlib.sha256(text.encode()).hexdigest()


def snapshot_header(full_hash: str) -> bytes:
    """A fixed 128-byte ASCII header naming the snapshot's hash (keeps 16-byte alignment).

    >>> header = snapshot_header("ab" * 32)
    >>> len(header), header[:18]
    (128, b'EUCHRE-SNAPSHOT/1 ')
    """
    head = SNAPSHOT_MAGIC + full_hash.encode() + b"\n"
    return head + b" " * (SNAPSHOT_HEADER - len(head) - 1) + b"\n"


def build_snapshot(pyodide_dir: Path, lock: Path, wheels: Sequence[Path], full_hash: str) -> Path:
    """Make build/runtime/snapshot-<hash>.bin.gz by the recipe unless a file of that name
    exists, and keep it only once it has restored under Node (check_snapshot.mjs): a
    recipe that does not restore fails the build instead of silently slowing every
    reader's later visits."""
    target = CACHE / f"snapshot-{full_hash[:16]}.bin.gz"
    for stale in [*OUT.glob("snapshot-*.bin.gz"), *CACHE.glob("snapshot-*.bin.gz")]:
        if stale != target:
            stale.unlink()
    if target.exists():
        log(f"{target.name}: up to date")
        return target
    with tempfile.TemporaryDirectory(prefix="euchre-snapshot-") as scratch:
        raw = Path(scratch) / "snapshot.bin"
        subprocess.run(
            [
                "node",
                str(MAKE_SNAPSHOT),
                str(pyodide_dir),
                str(raw),
                "--lock",
                str(lock),
                *map(str, wheels),
            ],
            check=True,
            cwd=ROOT,
        )
        partial = target.with_suffix(".partial")
        # mtime=0 and no file name: the same snapshot bytes give the same .gz bytes.
        with (
            partial.open("wb") as out,
            gzip.GzipFile(filename="", mode="wb", fileobj=out, compresslevel=9, mtime=0) as packed,
            raw.open("rb") as source,
        ):
            packed.write(snapshot_header(full_hash))
            shutil.copyfileobj(source, packed, 1 << 20)
        check = subprocess.run(
            [
                "node",
                str(CHECK_SNAPSHOT),
                str(pyodide_dir),
                str(partial),
                "--lock",
                str(lock),
                *map(str, wheels),
            ],
            cwd=ROOT,
        )
        if check.returncode != 0:
            partial.unlink()
            raise SystemExit("the snapshot recipe's snapshot does not restore under Node")
        partial.replace(target)
    log(f"{target.name}: built ({target.stat().st_size} bytes)")
    return target


# ------------------------------------------------------------------ manifest


def engine_script_entries(folder: Path = ENGINE_SCRIPTS_DIR) -> list[dict[str, str]]:
    """The manifest's ``engine_scripts``: each of ENGINE_SCRIPTS in ``folder``, its address
    relative to runtime/ and the SHA-256 of the copy the site ships (the site build strips
    its comment lines: ``euchre_tutorial.minify``), which the service worker checks before
    keeping it.

    >>> [entry["file"] for entry in engine_script_entries()]
    ['../assets/euchre/worker.js', '../assets/euchre/snapshot.js', '../assets/euchre/kept-snapshot.js']
    """
    return [
        {"file": f"../assets/euchre/{name}", "sha256": _shipped_sha256(folder / name)}
        for name in ENGINE_SCRIPTS
    ]


def _shipped_sha256(script: Path) -> str:
    shipped = strip_js_comment_lines(script.read_text(encoding="utf-8"))
    return hashlib.sha256(shipped.encode("utf-8")).hexdigest()


def cache_version(full_hash: str, bytecode_sha256: str, scripts: Sequence[dict[str, str]]) -> str:
    """The runtime cache's version: it follows every file kept in the cache (the snapshot's
    identity, the bytecode, the engine's scripts).

    >>> a = cache_version("ab", "cd", [{"file": "w.js", "sha256": "01"}])
    >>> a == cache_version("ab", "cd", [{"file": "w.js", "sha256": "02"}])
    False
    >>> a.startswith(PYODIDE_VERSION + "-") and len(a) == len(PYODIDE_VERSION) + 13
    True
    """
    scripts_text = " ".join(f"{entry['file']}={entry['sha256']}" for entry in scripts)
    version = hashlib.sha256(f"{full_hash} {bytecode_sha256} {scripts_text}".encode())
    return f"{PYODIDE_VERSION}-{version.hexdigest()[:12]}"


def write_manifest(
    wheels: Sequence[Path],
    snapshot: Path | None,
    full_hash: str,
    lock: dict[str, object],
    bytecode: Path,
) -> Path:
    wheel_entries = [
        {
            "name": w.name,
            "file": f"wheels/{w.name}",
            "sha256": sha256_file(w),
            "bytes": w.stat().st_size,
        }
        for w in sorted(wheels, key=lambda path: path.name)
    ]
    bytecode_sha256 = sha256_file(bytecode)
    bytecode_entry = {
        "file": f"wheels/{bytecode.name}",
        "sha256": bytecode_sha256,
        "bytes": bytecode.stat().st_size,
    }
    scripts = engine_script_entries()
    files = [f"pyodide/{name}" for name in (*PYODIDE_FILES, STDLIB)]
    manifest: dict[str, object] = {
        "format": 2,
        "pyodide": {
            "version": PYODIDE_VERSION,
            "tarball_sha256": PYODIDE_SHA256,
            "files": files,
            "stdlib_sha256": sha256_file(OUT / "pyodide" / STDLIB),
            "lock": lock,
        },
        "wheels": wheel_entries,
        "bytecode": bytecode_entry,
        "snapshot": None,
        "engine_scripts": scripts,
        "cache_version": cache_version(full_hash, bytecode_sha256, scripts),
    }
    if snapshot is not None:
        # The browser makes this snapshot and keeps it in its runtime cache under this
        # name; no server has the file, so it is not in the precache list.
        manifest["snapshot"] = {
            "file": f"snapshot-{full_hash[:16]}.bin",
            "hash": full_hash,
            "recipe": snapshot_recipe(),
            "made_in": "browser",
        }
    manifest["precache"] = files + [w["file"] for w in wheel_entries] + [bytecode_entry["file"]]
    target = OUT / "manifest.json"
    text = json.dumps(manifest, indent=2, sort_keys=True) + "\n"
    if not target.exists() or target.read_text() != text:
        target.write_text(text)
        log("manifest.json: written")
    return target


@contextlib.contextmanager
def one_build_at_a_time() -> Iterator[None]:
    """Hold the build's lock (``build/runtime/.lock``) while the block runs: another
    build started meanwhile waits for it, so no partial file is written by two at once."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with (CACHE / ".lock").open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--no-snapshot",
        action="store_true",
        help="no memory snapshot (the worker then always starts plainly)",
    )
    args = parser.parse_args(argv)
    with one_build_at_a_time():
        build(no_snapshot=args.no_snapshot)
    return 0


def build(*, no_snapshot: bool = False) -> None:
    """Every step, each skipped when its inputs are unchanged."""
    OUT.mkdir(parents=True, exist_ok=True)
    unpacked = unpacked_pyodide()
    pyodide_dir = vendor_pyodide(unpacked)
    wheels = [build_wheel(ROOT / folder, name) for folder, name in PACKAGES]
    wheels += [third_party_wheel(name, sha) for name, sha in THIRD_PARTY_WHEELS]
    write_stdlib(unpacked, stdlib_census(unpacked, wheels), pyodide_dir / STDLIB)
    bytecode = write_wheels_bytecode(unpacked, wheels, OUT / "wheels" / BYTECODE)
    stdlib_sha = sha256_file(pyodide_dir / STDLIB)
    full_hash = snapshot_hash(
        PYODIDE_VERSION, stdlib_sha, [(w.name, sha256_file(w)) for w in wheels]
    )
    snapshot = None
    if no_snapshot:
        for stale in [*OUT.glob("snapshot-*.bin.gz"), *CACHE.glob("snapshot-*.bin.gz")]:
            stale.unlink()
    else:
        snapshot = build_snapshot(pyodide_dir, unpacked / LOCK_FILE, wheels, full_hash)
    write_manifest(wheels, snapshot, full_hash, lock_contents(unpacked), bytecode)


if __name__ == "__main__":
    sys.exit(main())
