"""Build (or serve) the site for one table's rules: ``make site RULES=...`` and ``make serve``.

    python scripts/build_site.py [--rules SPEC] [--out DIR]
    python scripts/build_site.py --serve [--port N] [--rules SPEC]

SPEC is a profile name (american, midwest, long-deck, beginner, stick-the-dealer) or a
house-rules TOML file. The rules are checked first: a bad file prints the key, the line and
what is allowed, and exits with status 2 before anything is written. A failed build exits
with status 1 and leaves the previous site in place.

The address the site will be served from comes from the environment's ``SITE_URL``
(mkdocs.yml reads it; ``make site SITE_URL=https://school.example/euchre/``). After the
build, ``offline.json`` lists every page and asset for the service worker, which caches
them in idle time so that every page opens offline after one visit, and every compressible
file gets its precompressed siblings (``precompress.py``: ``file.br``, ``file.gz``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from euchre import RulesError
from euchre_tutorial.generator import SiteBuildError, build_site, check_rules, serve_site
from euchre_tutorial.site_rules import site_profiles
from precompress import precompress

OFFLINE_LIST = "offline.json"
# Not for readers: the engine (runtime/, listed by its own manifest), source maps, the
# precompressed siblings (and the gzipped sitemap), search languages other than English,
# and the service worker itself.
OFFLINE_SKIP_DIRS = ("runtime/", "assets/javascripts/lunr/", "bench/")
OFFLINE_SKIP_SUFFIXES = (".map", ".gz", ".br")
OFFLINE_SKIP_FILES = ("sw.js", OFFLINE_LIST)


def offline_files(site: Path) -> list[str]:
    """Every page (as its folder address) and asset of a built site, relative to its root,
    that a reader may open offline; sorted.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as root:
    ...     for name in ("index.html", "rules/cards/index.html", "404.html", "a.js.map",
    ...                  "runtime/x.whl", "assets/site.css", "sw.js"):
    ...         (Path(root) / name).parent.mkdir(parents=True, exist_ok=True)
    ...         _ = (Path(root) / name).write_text("")
    ...     offline_files(Path(root))
    ['', '404.html', 'assets/site.css', 'rules/cards/']
    """
    files = []
    for path in site.rglob("*"):
        if not path.is_file():
            continue
        name = path.relative_to(site).as_posix()
        if name.startswith(OFFLINE_SKIP_DIRS) or name.endswith(OFFLINE_SKIP_SUFFIXES):
            continue
        if name in OFFLINE_SKIP_FILES:
            continue
        if name == "index.html" or name.endswith("/index.html"):
            name = name.removesuffix("index.html")
        files.append(name)
    return sorted(files)


def write_offline_list(site: Path) -> Path:
    """Write ``offline.json`` ({"files": [...]}) into a built site; return its path."""
    target = site / OFFLINE_LIST
    target.write_text(json.dumps({"files": offline_files(site)}, indent=0) + "\n")
    return target


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="", help="a profile name or a house-rules TOML file")
    parser.add_argument("--out", default="site", help="the output folder (default: site/)")
    parser.add_argument("--serve", action="store_true", help="run mkdocs serve instead")
    parser.add_argument("--port", type=int, default=8000, help="the port for --serve")
    args = parser.parse_args(argv)
    try:
        rules = check_rules(args.rules)
    except RulesError as exc:
        print(f"error: the house rules {args.rules!r} cannot be used", file=sys.stderr)
        for problem in exc.problems:
            where = f"line {problem.line}" if problem.line else "the file"
            key = f" ({problem.key})" if problem.key else ""
            print(f"  {where}{key}: {problem.message}", file=sys.stderr)
        print(f"  profiles: {', '.join(site_profiles())}", file=sys.stderr)
        return 2
    if args.serve:
        return serve_site(args.rules, args.port)
    try:
        out = build_site(args.rules, args.out)
    except SiteBuildError as exc:
        print(exc.output, file=sys.stderr)
        print(f"error: {exc}; {args.out} was left as it was", file=sys.stderr)
        return 1
    write_offline_list(Path(out))
    print(f"precompressed {precompress(Path(out))}")
    name = args.rules or "american"
    print(f"built {out} for the rules {name!r} ({len(rules.describe())} options)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
