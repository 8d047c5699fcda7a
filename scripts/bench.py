#!/usr/bin/env python3
"""`make bench`: run every scripts/bench_*.py section and write one Markdown report.

Each section module has ``run() -> str`` returning Markdown. Ratios are measured within one
run (this machine is shared and noisy); the report says when and where it was made.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import os
import platform
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent


def load_sections(only: list[str]) -> list[tuple[str, object]]:
    """The bench_*.py modules, in name order (engine first), filtered by ``only``."""
    sections: list[tuple[str, object]] = []
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if only and name not in only:
            continue
        spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # so worker processes can pickle its functions
        spec.loader.exec_module(module)
        sections.append((name, module))
    return sections


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="reports/bench.md")
    parser.add_argument(
        "sections", nargs="*", help="only these sections (engine, phone, players, rooms, runtime)"
    )
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    started = time.time()
    parts = [
        "# Benchmark report",
        "",
        f"Made {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC on {platform.node()} "
        f"({os.cpu_count()} cores, Python {platform.python_version()}). Ratios compare "
        "measurements taken in this same run.",
        "",
    ]
    failed = False
    for name, module in load_sections(args.sections):
        print(f"bench: {name} ...", flush=True)
        t0 = time.time()
        try:
            parts.append(module.run())  # type: ignore[attr-defined]
        except Exception:
            failed = True
            parts.append(f"## {name}\n\nThis section failed:\n\n```\n{traceback.format_exc()}```\n")
        print(f"bench: {name} done in {time.time() - t0:.1f} s", flush=True)
    parts.append(f"\n_Total time: {time.time() - started:.0f} s._\n")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(parts), encoding="utf-8")
    print(f"bench: wrote {out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
