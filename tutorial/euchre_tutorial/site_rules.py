"""The active rules of a site build: a profile name, a house-rules TOML file, or the default.

>>> active_rules("").name, active_rules("midwest").stick_the_dealer
('american', True)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from euchre import Rules, RulesError


@cache
def active_rules(spec: str | None) -> Rules:
    """Rules from ``spec``: empty for the default, a profile name, or a path to a TOML file.
    A bad file raises RulesError naming the file, the key and the line."""
    spec = (spec or "").strip()
    if not spec:
        return Rules()
    if spec in Rules.profiles():
        return Rules.profile(spec)
    path = Path(spec)
    if not path.is_file():
        names = ", ".join(Rules.profiles())
        raise RulesError(f"{spec!r} is neither a profile ({names}) nor a house-rules file")
    return Rules.from_file(path)
