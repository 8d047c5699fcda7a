"""Import every module of both packages (the browser wheels' contents) and of the
third-party wheels they import on first use (fsrs, typing_extensions), and use a few
standard-library paths an error or a later change commonly takes, as JSON.

Run as-is inside Pyodide by run_engine.mjs (``probe_json()``), with the site's trimmed
python_stdlib.zip: a module the trim left out fails here with its name.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from typing import Any


def probe() -> dict[str, Any]:
    import euchre
    import euchre_tutorial

    imported: list[str] = []
    failed: dict[str, str] = {}
    for package in (euchre, euchre_tutorial):
        imported.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            try:
                importlib.import_module(info.name)
            except Exception as exc:  # reported with its name, not raised
                failed[info.name] = f"{type(exc).__name__}: {exc}"
            else:
                imported.append(info.name)
    third_party, third_failed = third_party_modules()
    return {
        "imported": sorted(imported),
        "failed": failed,
        "third_party": third_party,
        "third_party_failed": third_failed,
        "margin": margin_paths(),
    }


THIRD_PARTY = ("fsrs", "typing_extensions")


def third_party_modules() -> tuple[list[str], dict[str, str]]:
    """Every module of the third-party wheels imported: (their names, the failures)."""
    imported: list[str] = []
    failed: dict[str, str] = {}
    for top in THIRD_PARTY:
        try:
            module = importlib.import_module(top)
        except Exception as exc:
            failed[top] = f"{type(exc).__name__}: {exc}"
            continue
        imported.append(top)
        for info in pkgutil.walk_packages(getattr(module, "__path__", []), top + "."):
            try:
                importlib.import_module(info.name)
            except Exception as exc:
                failed[info.name] = f"{type(exc).__name__}: {exc}"
            else:
                imported.append(info.name)
    return sorted(imported), failed


def margin_paths() -> dict[str, bool]:
    """Paths through the standard library the census may not see: a formatted traceback,
    a parsed date, a warning, a pretty-printed value, decimals and fractions."""
    import datetime
    import decimal
    import fractions
    import pprint
    import traceback
    import warnings

    try:
        raise ValueError("a bad card")
    except ValueError:
        text = traceback.format_exc()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.warn("careful", stacklevel=1)
    return {
        "traceback": "ValueError: a bad card" in text,
        "strptime": datetime.datetime.strptime("2026-12-01", "%Y-%m-%d").day == 1,
        "warnings": len(caught) == 1,
        "pprint": pprint.pformat({"a": 1}) == "{'a': 1}",
        "numbers": decimal.Decimal("0.1") * 2 == decimal.Decimal("0.2")
        and fractions.Fraction(1, 10) * 2 == fractions.Fraction(1, 5),
    }


def probe_json() -> str:
    return json.dumps(probe(), sort_keys=True)
