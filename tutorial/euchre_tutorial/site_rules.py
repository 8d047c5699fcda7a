"""The active rules of a site build: a profile name, a house-rules TOML file, or the default;
and the games of the family the site plays.

>>> active_rules("").name, active_rules("midwest").stick_the_dealer
('american', True)
>>> "bid-euchre" in site_profiles(), "american" in site_profiles()
(False, True)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from euchre import Rules, RulesError

# The engine's variants whose pages, lessons, quiz and tables this site has (Bid Euchre's,
# the engine's ``bid-euchre`` profile, are not written yet).
SITE_VARIANTS = frozenset({"euchre"})


def site_profiles() -> list[str]:
    """The engine's profiles of the games this site plays, in the engine's order: the ones
    a reader, a teacher or a room may choose."""
    return [name for name in Rules.profiles() if Rules.profile(name).variant in SITE_VARIANTS]


@cache
def active_rules(spec: str | None) -> Rules:
    """Rules from ``spec``: empty for the default, a profile name, or a path to a TOML file.
    A bad file raises RulesError naming the file, the key and the line; rules of a game the
    site does not play yet raise RulesError too."""
    spec = (spec or "").strip()
    if not spec:
        return Rules()
    if spec in Rules.profiles():
        rules = Rules.profile(spec)
    else:
        path = Path(spec)
        if not path.is_file():
            names = ", ".join(site_profiles())
            raise RulesError(f"{spec!r} is neither a profile ({names}) nor a house-rules file")
        rules = Rules.from_file(path)
    if rules.variant not in SITE_VARIANTS:
        raise RulesError(
            f"{spec!r} plays {rules.variant_spec.title}, which this site does not teach yet: "
            f"choose one of {', '.join(site_profiles())}",
            "variant",
        )
    return rules
