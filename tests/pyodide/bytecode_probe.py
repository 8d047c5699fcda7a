"""Where the browser's Python read each module from, as JSON: the standard library's
modules from the bytecode in python_stdlib.zip or from source, and for every module of
our packages whether the bytecode beside it (from the site's bytecode.zip) is one Python
accepts for that source (a checked hash that matches it).

Run as-is inside Pyodide by run_engine.mjs (``probe_json()``) after every module of both
packages is imported.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import pkgutil
import sys
from typing import Any

CHECKED_HASH = 0b11  # a hash-based .pyc whose hash Python checks against the source


def packages() -> list[str]:
    import euchre
    import euchre_tutorial

    names = [euchre.__name__, euchre_tutorial.__name__]
    for package in (euchre, euchre_tutorial):
        names += [
            info.name for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
        ]
    for name in names:
        importlib.import_module(name)
    return names


def bytecode_state(name: str) -> str:
    """ "accepted" when the module's .pyc is a checked one of its source's hash, else
    what is wrong with it."""
    module = sys.modules[name]
    source_path = module.__file__ or ""
    cached = getattr(module, "__cached__", None)
    if not cached:
        return "no bytecode path"
    try:
        with open(cached, "rb") as file:
            header = file.read(16)
    except OSError:
        return "no bytecode file"
    with open(source_path, "rb") as file:
        source = file.read()
    if int.from_bytes(header[4:8], "little") != CHECKED_HASH:
        return "not a checked-hash .pyc"
    if header[:4] != importlib.util.MAGIC_NUMBER:
        return "another Python's bytecode"
    return "accepted" if header[8:16] == importlib.util.source_hash(source) else "stale"


def probe() -> dict[str, Any]:
    ours = packages()
    stdlib = {  # read from the zip (frozen modules are built into Python: not read at all)
        name: module.__file__
        for name, module in list(sys.modules.items())
        if ".zip/" in (getattr(module, "__file__", None) or "")
        and getattr(module.__spec__, "origin", None) != "frozen"
    }
    return {
        "stdlib_from_bytecode": sorted(n for n, f in stdlib.items() if f.endswith(".pyc")),
        "stdlib_from_source": sorted(n for n, f in stdlib.items() if not f.endswith(".pyc")),
        "ours": {name: bytecode_state(name) for name in ours},
        "rules_module_works": hasattr(importlib.import_module("euchre.rules"), "Rules"),
        "stdlib_documented": sorted(
            name for name in stdlib if getattr(sys.modules[name], "__doc__", None) is not None
        ),
        "json_dumps_documented": json.dumps.__doc__ is not None,
    }


def probe_json() -> str:
    return json.dumps(probe(), sort_keys=True)
