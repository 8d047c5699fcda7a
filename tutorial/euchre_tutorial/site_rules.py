"""The active rules of a site build: a profile name, a house-rules TOML file, or the default;
the games of the family the site plays; and the rules each game is played by in a build.

A build plays two games: Euchre and Bid Euchre. A house-rules file (or a profile) names the
rules of one of them; the other game is played by its standard rules
(:func:`game_rules`). Some parts of the site play Euchre only for now (the teacher's
sheet and links, try again): :data:`EVERY_PART_VARIANTS` and :func:`site_profiles` list
what they offer. The quiz asks about both games (:data:`QUIZ_VARIANTS`,
:func:`quiz_profiles`).

>>> active_rules("").name, active_rules("midwest").stick_the_dealer
('american', True)
>>> "bid-euchre" in site_profiles(), "bid-euchre" in game_profiles()
(False, True)
>>> "bid-euchre" in quiz_profiles()
True
>>> game_rules("bid-euchre", "euchre").name, game_rules("", "bid").name
('american', 'bid-euchre')
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from euchre import Rules, RulesError

# The engine's variants a build plays: its pages, free play and its lessons (a house-rules
# file may name either).
SITE_VARIANTS = frozenset({"euchre", "bid"})
# The variants every part of the site plays, the teacher's sheet and try again among them
# (Bid Euchre is played in its page, free play, its lesson, the quiz and the rooms).
EVERY_PART_VARIANTS = frozenset({"euchre"})
# The variants the quiz asks about: its rules codes name their profiles, each game with
# question kinds of its own (``quiz.levels.game_kinds``).
QUIZ_VARIANTS = SITE_VARIANTS
# The profile a game is played by in a build whose own rules are another game's.
STANDARD_PROFILES = {"euchre": "american", "bid": "bid-euchre"}


@cache
def _profiles(variants: frozenset[str]) -> tuple[str, ...]:
    """The engine's profiles of these games (the engine's profiles are fixed, and every
    rules code of a build's quiz asks for them: made once)."""
    return tuple(name for name in Rules.profiles() if Rules.profile(name).variant in variants)


def site_profiles() -> list[str]:
    """The engine's profiles of the games every part of the site plays, in the engine's
    order: the ones a teacher, a quiz link or a room may choose."""
    return list(_profiles(EVERY_PART_VARIANTS))


def quiz_profiles() -> list[str]:
    """The engine's profiles of the games the quiz asks about, in the engine's order: the
    ones a quiz's rules code may name."""
    return list(_profiles(QUIZ_VARIANTS))


def game_profiles() -> list[str]:
    """The engine's profiles of every game the site plays, in the engine's order: free
    play's and the rooms' choices of a game (Bid Euchre among them)."""
    return list(_profiles(SITE_VARIANTS))


def standard_rules(variant: str) -> Rules:
    """The rules ``variant`` is played by when a build's rules are another game's.

    >>> standard_rules("bid").variant, standard_rules("euchre") == Rules()
    ('bid', True)
    """
    return Rules.profile(STANDARD_PROFILES[variant])


@cache
def game_rules(spec: str | None, variant: str) -> Rules:
    """The rules a build of ``spec`` plays ``variant`` by: the build's own rules when they
    are that game's, else the game's standard rules (:func:`standard_rules`). Raises
    RulesError as :func:`active_rules` does."""
    rules = active_rules(spec)
    return rules if rules.variant == variant else standard_rules(variant)


@cache
def active_rules(spec: str | None) -> Rules:
    """Rules from ``spec``: empty for the default, a profile name, or a path to a TOML file.
    A bad file raises RulesError naming the file, the key and the line; rules of a game the
    site does not play raise RulesError too."""
    spec = (spec or "").strip()
    if not spec:
        return Rules()
    if spec in Rules.profiles():
        rules = Rules.profile(spec)
    else:
        path = Path(spec)
        if not path.is_file():
            names = ", ".join(game_profiles())
            raise RulesError(f"{spec!r} is neither a profile ({names}) nor a house-rules file")
        rules = Rules.from_file(path)
    if rules.variant not in SITE_VARIANTS:
        raise RulesError(
            f"{spec!r} plays {rules.variant_spec.title}, which this site does not teach yet: "
            f"choose one of {', '.join(game_profiles())}",
            "variant",
        )
    return rules
