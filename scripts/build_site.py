"""Build (or serve) the site for one table's rules: ``make site RULES=...`` and ``make serve``.

    python scripts/build_site.py [--rules SPEC] [--out DIR]
    python scripts/build_site.py --serve [--port N] [--rules SPEC]

SPEC is a profile name (american, midwest, long-deck, beginner, stick-the-dealer) or a
house-rules TOML file. The rules are checked first: a bad file prints the key, the line and
what is allowed, and exits with status 2 before anything is written. A failed build exits
with status 1 and leaves the previous site in place.
"""

from __future__ import annotations

import argparse
import sys

from euchre import Rules, RulesError
from euchre_tutorial.generator import SiteBuildError, build_site, check_rules, serve_site


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
        print(f"  profiles: {', '.join(Rules.profiles())}", file=sys.stderr)
        return 2
    if args.serve:
        return serve_site(args.rules, args.port)
    try:
        out = build_site(args.rules, args.out)
    except SiteBuildError as exc:
        print(exc.output, file=sys.stderr)
        print(f"error: {exc}; {args.out} was left as it was", file=sys.stderr)
        return 1
    name = args.rules or "american"
    print(f"built {out} for the rules {name!r} ({len(rules.describe())} options)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
