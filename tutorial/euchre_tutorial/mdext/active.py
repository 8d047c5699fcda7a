"""The active rules of a build, as the Markdown extensions see them.

Each extension has a ``rules`` setting (mkdocs.yml passes ``EUCHRE_RULES``): a profile name,
a house-rules TOML path, or empty for the default. MkDocs makes a new Markdown instance per
page, so the rules are read once per spec and cached.

>>> rules_for("midwest").stick_the_dealer
True
>>> rules_for("midwest", "bid").name, rules_for("bid-euchre").name
('bid-euchre', 'american')

A page is a Euchre page unless its first line names another game of the site, as the Bid
Euchre page does with ``{% game bid %}`` (the engine's variant key):

>>> page_game(["{% game bid %}", "# Bid Euchre"])
('bid', ['', '# Bid Euchre'])
>>> page_game(["# Making trump"])
('euchre', ['# Making trump'])
>>> label_for(""), label_for("midwest"), label_for("club/house-rules.toml")
('american', 'midwest', 'house-rules.toml')
>>> title_for(""), title_for("long-deck"), title_for("club/house-rules.toml")
('American rules', 'Long-deck rules', 'House rules (house-rules.toml)')
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path, PurePath

from euchre import Rules, RulesError

from euchre_tutorial.mdext.errors import PageError

GAME_LINE = re.compile(r"^\{%\s*game\s+(?P<game>[\w-]+)\s*%\}\s*$")


def page_game(lines: list[str]) -> tuple[str, list[str]]:
    """The game a page is about (``{% game KEY %}`` on its first line; by default Euchre's
    ``euchre``) and its lines with that line left blank (the line numbers stay). An
    unknown game raises :class:`PageError`."""
    from euchre_tutorial.site_rules import SITE_VARIANTS

    found = GAME_LINE.match(lines[0]) if lines else None
    if found is None:
        return "euchre", lines
    game = found["game"]
    if game not in SITE_VARIANTS:
        raise PageError("game", 1, f"unknown game {game!r}; use one of {sorted(SITE_VARIANTS)}")
    return game, ["", *lines[1:]]


@cache
def rules_for(spec: str, game: str = "euchre") -> Rules:
    """The Rules a build of ``spec`` plays ``game`` by (the build's own rules when they are
    that game's, else its standard rules); a bad spec raises :class:`PageError` with the
    engine's reason (which names the key and the line)."""
    from euchre_tutorial.site_rules import game_rules

    try:
        return game_rules(spec, game)
    except RulesError as exc:
        raise PageError("rules", None, f"the house rules {spec!r} cannot be used: {exc}") from None
    except OSError as exc:
        raise PageError("rules", None, f"cannot read the house rules {spec!r}: {exc}") from None


def _variant_of(spec: str) -> str | None:
    """The game a build's spec names, when it can be told (a profile, a readable file)."""
    from euchre_tutorial.site_rules import active_rules

    if not spec.strip():
        return "euchre"
    if spec in Rules.profiles():
        return Rules.profile(spec).variant
    if not Path(spec).is_file():
        return None
    try:
        return active_rules(spec).variant
    except (RulesError, OSError):
        return None  # the build reports it, naming the key and the line


def build_rules(spec: str) -> Rules:
    """The build's own rules, whatever game they play (the house-rules file's or the
    profile's); a bad spec raises :class:`PageError` as :func:`rules_for` does.

    >>> build_rules("bid-euchre").variant, build_rules("").variant
    ('bid', 'euchre')
    """
    return rules_for(spec, _variant_of(spec) or "euchre")


def label_for(spec: str) -> str:
    """A short name for the active rules: the profile name or the house-rules file name."""
    if not spec:
        return "american"
    if spec.endswith(".toml") or "/" in spec:
        return PurePath(spec).name
    return spec


def title_for(spec: str, game: str = "euchre") -> str:
    """The rules a build of ``spec`` plays ``game`` by, as a reader names them: the
    profile's title, or "House rules" and the house-rules file's name; a game the build's
    rules are not about is played by its standard profile (named by its title).

    >>> title_for("", "bid"), title_for("bid-euchre", "euchre")
    ('Bid Euchre', 'American rules')
    """
    from euchre_tutorial.site_rules import STANDARD_PROFILES

    if _variant_of(spec) not in (None, game):
        return Rules.profile_title(STANDARD_PROFILES[game])
    label = label_for(spec)
    if label in Rules.profiles():
        return Rules.profile_title(label)
    return f"House rules ({label})"
