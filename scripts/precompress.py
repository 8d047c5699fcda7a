"""Precompressed siblings for the built site (run by ``build_site.py`` after every build).

Beside every compressible file of the site (pages, scripts, styles, JSON, the engine's
wasm, its standard library and wheels: ``COMPRESSIBLE``), ``file.br`` (brotli, quality 11,
with Node's zlib: ``brotli.mjs``) and ``file.gz`` (gzip level 9, no name, no date), each
written only when it is at least ``WORTH`` smaller than the file. A host that sends
precompressed siblings (nginx's ``brotli_static``/``gzip_static``, Caddy's
``precompressed br gzip``, ``make serve``'s ``euchre_rooms.sitefiles``) then sends the
densest form the browser accepts without compressing anything during a visit; any other
host ignores them.

Brotli at quality 11 is slow (the 9.6 MB wasm takes over a minute), so every compressed
form is kept in ``build/precompressed/`` under the digest of what it compresses: a
rebuild compresses only what changed. Entries unused for ``KEEP_DAYS`` are removed.

>>> sibling_worth(b"x" * 1000, b"y" * 900), sibling_worth(b"x" * 1000, b"y" * 960)
(True, False)
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "precompressed"
BROTLI = ROOT / "scripts" / "brotli.mjs"
COMPRESSIBLE = (
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".map",
    ".svg",
    ".xml",
    ".txt",
    ".webmanifest",
    ".wasm",
    ".zip",
    ".whl",
)
"""File name endings worth compressing: text, the wasm, and the engine's zips and wheels
(their members are stored, so that a host compresses the whole archive)."""
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
"""Each encoding a sibling is written in, with the sibling's ending, densest first."""
WORTH = 0.95
"""A sibling is written only when it is at most this share of the file's size."""
KEEP_DAYS = 30
FORMAT = "1"  # part of every cache key: bump when the compression's settings change


def sibling_worth(plain: bytes, packed: bytes) -> bool:
    """Whether ``packed`` saves enough over ``plain`` to be worth a sibling."""
    return len(packed) <= WORTH * len(plain)


def compressible_files(site: Path) -> list[Path]:
    """The files of ``site`` that get siblings, sorted (never a sibling itself).

    >>> folder = Path(tempfile.mkdtemp())
    >>> for name in ("index.html", "a/site.js", "a/site.js.br", "logo.png", "sitemap.xml.gz"):
    ...     (folder / name).parent.mkdir(parents=True, exist_ok=True)
    ...     _ = (folder / name).write_text("x")
    >>> [path.relative_to(folder).as_posix() for path in compressible_files(folder)]
    ['a/site.js', 'index.html']
    """
    return sorted(
        path for path in site.rglob("*") if path.is_file() and path.suffix in COMPRESSIBLE
    )


@dataclass
class Totals:
    """What a run wrote: files with siblings, their bytes, and the bytes of each encoding's
    siblings."""

    files: int = 0
    plain: int = 0
    packed: dict[str, int] = field(default_factory=dict)

    def __str__(self) -> str:
        mb = 1_000_000
        forms = ", ".join(f"{name} {n / mb:.2f} MB" for name, n in self.packed.items())
        return f"{self.files} files, {self.plain / mb:.2f} MB: {forms}"


def cache_key(data: bytes) -> str:
    """The cache's name for the compressed forms of ``data``."""
    return hashlib.sha256(FORMAT.encode() + b"\0" + data).hexdigest()[:40]


def _write_atomically(target: Path, data: bytes) -> None:
    partial = target.with_name(f"{target.name}.partial-{os.getpid()}")
    partial.write_bytes(data)
    partial.replace(target)


def fill_cache(files: Sequence[Path], cache: Path) -> None:
    """Compress into ``cache`` every file whose forms it does not hold yet: gzip here,
    brotli in one Node process for all of them."""
    cache.mkdir(parents=True, exist_ok=True)
    missing_br: list[tuple[str, str]] = []
    for path in files:
        data = path.read_bytes()
        key = cache_key(data)
        gz = cache / f"{key}.gz"
        if not gz.exists():
            _write_atomically(gz, gzip.compress(data, compresslevel=9, mtime=0))
        br = cache / f"{key}.br"
        if not br.exists():
            missing_br.append((str(path), str(br)))
    if missing_br:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as jobs:
            json.dump(missing_br, jobs)
        try:
            subprocess.run(
                ["node", str(BROTLI), "compress", jobs.name],
                check=True,
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
            )
        finally:
            os.unlink(jobs.name)


def write_siblings(path: Path, cache: Path, totals: Totals) -> None:
    """Write (or remove, when not worth it) ``path``'s siblings from the cache."""
    data = path.read_bytes()
    key = cache_key(data)
    wrote = False
    for encoding, ending in ENCODINGS:
        kept = cache / f"{key}{ending}"
        packed = kept.read_bytes()
        os.utime(kept)  # used: kept for another KEEP_DAYS
        sibling = path.with_name(path.name + ending)
        if sibling_worth(data, packed):
            sibling.write_bytes(packed)
            totals.packed[encoding] = totals.packed.get(encoding, 0) + len(packed)
            wrote = True
        else:
            sibling.unlink(missing_ok=True)
    if wrote:
        totals.files += 1
        totals.plain += len(data)


def prune(cache: Path, days: int = KEEP_DAYS) -> int:
    """Remove the cache's entries unused for ``days``; return how many."""
    limit = time.time() - days * 86400
    old = [path for path in cache.glob("*") if path.stat().st_mtime < limit]
    for path in old:
        path.unlink(missing_ok=True)
    return len(old)


def precompress(site: Path, cache: Path = CACHE) -> Totals:
    """Write the siblings of every compressible file of ``site``; return the totals."""
    files = compressible_files(site)
    fill_cache(files, cache)
    totals = Totals()
    for path in files:
        write_siblings(path, cache, totals)
    prune(cache)
    return totals


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", default="site", help="the built site (default: site/)")
    args = parser.parse_args(argv)
    print(f"precompressed {precompress(Path(args.site))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
