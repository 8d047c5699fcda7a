"""The active rules of a build, as the Markdown extensions see them.

Each extension has a ``rules`` setting (mkdocs.yml passes ``EUCHRE_RULES``): a profile name,
a house-rules TOML path, or empty for the default. MkDocs makes a new Markdown instance per
page, so the rules are read once per spec and cached.

>>> rules_for("midwest").stick_the_dealer
True
>>> label_for(""), label_for("midwest"), label_for("club/house-rules.toml")
('american', 'midwest', 'house-rules.toml')
>>> title_for(""), title_for("long-deck"), title_for("club/house-rules.toml")
('American rules', 'Long-deck rules', 'House rules (house-rules.toml)')
"""

from __future__ import annotations

from functools import cache
from pathlib import PurePath

from euchre import Rules, RulesError

from euchre_tutorial.mdext.errors import PageError


@cache
def rules_for(spec: str) -> Rules:
    """The Rules of a build spec; a bad spec raises :class:`PageError` with the engine's
    reason (which names the key and the line)."""
    from euchre_tutorial.site_rules import active_rules

    try:
        return active_rules(spec)
    except RulesError as exc:
        raise PageError("rules", None, f"the house rules {spec!r} cannot be used: {exc}") from None
    except OSError as exc:
        raise PageError("rules", None, f"cannot read the house rules {spec!r}: {exc}") from None


def label_for(spec: str) -> str:
    """A short name for the active rules: the profile name or the house-rules file name."""
    if not spec:
        return "american"
    if spec.endswith(".toml") or "/" in spec:
        return PurePath(spec).name
    return spec


def title_for(spec: str) -> str:
    """The active rules as a reader names them: the profile's title, or "House rules" and
    the house-rules file's name."""
    label = label_for(spec)
    if label in Rules.profiles():
        return Rules.profile_title(label)
    return f"House rules ({label})"
