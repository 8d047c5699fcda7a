"""The rules a table plays by: one frozen value, named profiles, and house-rules files.

Every option is an attribute, and its name is also the key of a house-rules file.

>>> Rules().stick_the_dealer, Rules.profile("midwest").stick_the_dealer
(False, True)
>>> Rules().replace(game_to=7).game_to
7
>>> Rules.from_dict({"profile": "beginner", "canadian_loner": True}).canadian_loner
True
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from euchre import seats
from euchre.rules_file import RulesProblem, decode, read_toml
from euchre.tables import (
    HOUSE_TITLE,
    PARTNER_ONLY,
    PROFILE_INFO,
    TABLES,
    ProfileInfo,
    Table,
    find_table,
)
from euchre.variant import VARIANTS, Variant


class RulesError(ValueError):
    """House rules that cannot be used: an unknown key, a bad value, or options that
    contradict each other. ``problems`` lists every one found (a file is read to the end, as
    a linter does); ``key`` and ``line`` are the first problem's. ``str()`` lists them one a
    line: ``line N: message``, or ``file:line: key: message`` when the file is named.

    >>> try:
    ...     Rules.from_toml("deck = 36\\ngame_to = 0\\n", source="house.toml")
    ... except RulesError as exc:
    ...     print(exc)
    ...     print([(p.key, p.line) for p in exc.problems])
    house.toml:1: deck: 'deck' must be 24 or 32, not 36
    house.toml:2: game_to: 'game_to' must be between 1 and 99 points, not 0
    [('deck', 1), ('game_to', 2)]
    """

    def __init__(
        self,
        message: str = "",
        key: str | None = None,
        line: int | None = None,
        *,
        problems: Iterable[RulesProblem] = (),
        source: str | None = None,
    ) -> None:
        found = tuple(problems) or (RulesProblem(key, line, message),)
        super().__init__(message or "\n".join(p.located(source) for p in found))
        self.problems = found
        self.source = source
        self.key = key if key is not None else found[0].key
        self.line = line if line is not None else found[0].line

    @classmethod
    def of(cls, problems: Iterable[RulesProblem], source: str | None = None) -> RulesError:
        """One error for all these problems, in the order of their lines."""
        ordered = sorted(problems, key=lambda p: (p.line is None, p.line or 0))
        return cls(problems=ordered, source=source)


LEAD_CHOICES = ("left_of_dealer", "left_of_loner")
FARMER_CHOICES = ("off", "all_low", "three_low", "three_of_a_rank")
FARMER_REMEDIES = ("swap", "redeal")
GAME_CHOICES = ("fast", "rubber")


@dataclass(frozen=True)
class Option:
    """Documentation of one rule option: what it means, for the reference and the card.
    ``on`` and ``off`` say it for Euchre; ``variants`` holds another variant's own words
    (by its key: the sentences on and off)."""

    key: str
    label: str
    on: str
    off: str = ""
    variants: dict[str, tuple[str, str]] = field(default_factory=dict)

    def words(self, variant: str) -> tuple[str, str]:
        """The sentences on and off, as ``variant`` plays this option."""
        return self.variants.get(variant, (self.on, self.off))


@dataclass(frozen=True)
class Rules:
    """The rules of one table. ``Rules()`` is the default ("american") profile."""

    players: int = 4
    partnerships: bool = True
    deck: int = 24
    joker: bool = False
    stick_the_dealer: bool = False
    canadian_loner: bool = False
    dealer_picks_up_when_partner_alone: bool = True
    dealer_may_decline: bool = False
    defend_alone: bool = False
    lead_against_loner: str = "left_of_dealer"
    game_to: int = 10
    no_trump: bool = False
    farmers_hand: str = "off"
    farmers_remedy: str = "swap"
    calling_for_best: bool = False
    call_ace: bool = False
    laps: bool = False
    slam: bool = False
    game_form: str = "fast"
    variant: str = "euchre"
    minimum_bid: int = 3
    moon_points: int = 12
    defenders_score: bool = True
    lose_at_minus_target: bool = True
    name: str = field(default="american", compare=False)

    PROFILES: ClassVar[dict[str, dict[str, Any]]]
    OPTIONS: ClassVar[dict[str, Option]]

    def __post_init__(self) -> None:
        _validate(self)

    # ------------------------------------------------------------------ constructors
    @classmethod
    def profile(cls, name: str) -> Rules:
        """A named profile, one per source document.

        >>> Rules.profile("long-deck").deck
        32
        >>> Rules.profile("nope")
        Traceback (most recent call last):
        ...
        euchre.rules.RulesError: unknown profile 'nope': choose one of american, midwest, long-deck, beginner, stick-the-dealer, bid-euchre
        """
        try:
            values = cls.PROFILES[name]
        except KeyError:
            raise RulesError(_unknown_profile(name), "profile") from None
        return cls(**values, name=name)

    @classmethod
    def profiles(cls) -> list[str]:
        """The names of the profiles."""
        return list(cls.PROFILES)

    profile_names = profiles

    @classmethod
    def option_values(cls, key: str) -> tuple[Any, ...] | None:
        """Every value the option ``key`` may take, or None for a number in a range
        (``game_to``). An unknown key raises RulesError.

        >>> Rules.option_values("stick_the_dealer"), Rules.option_values("deck")
        ((False, True), (24, 32))
        >>> Rules.option_values("game_to") is None
        True
        """
        if key not in _FIELD_TYPES or key == "name":
            raise RulesError(_unknown_key(key), key)
        if _FIELD_TYPES[key] == "bool":
            return (False, True)
        return _CHOICES.get(key)

    @classmethod
    def profile_info(cls, name: str) -> ProfileInfo:
        """A profile as a player reads it: its title, source document and summary.

        >>> Rules.profile_info("american").title, Rules.profile_info("midwest").source
        ('American rules', '001')
        """
        if name not in PROFILE_INFO:
            raise RulesError(_unknown_profile(name), "profile")
        return PROFILE_INFO[name]

    @classmethod
    def profile_title(cls, name: str) -> str:
        """The readable name of a profile ("house" is "House rules").

        >>> Rules.profile_title("long-deck"), Rules.profile_title("house")
        ('Long-deck rules', 'House rules')
        """
        return HOUSE_TITLE if name == "house" else cls.profile_info(name).title

    @property
    def title(self) -> str:
        """The readable name of these rules: their profile's title, else "House rules".

        >>> Rules().title, Rules.profile("beginner").title, Rules().replace(game_to=7).title
        ('American rules', "Beginner's rules", 'House rules')
        """
        if self.name in PROFILE_INFO and self == Rules.profile(self.name):
            return PROFILE_INFO[self.name].title
        return HOUSE_TITLE

    # ------------------------------------------------------------------ tables
    @classmethod
    def tables(cls) -> dict[str, Table]:
        """The table sizes by key, in the order a chooser offers them.

        >>> {key: table.name for key, table in Rules.tables().items()}["3"]
        'three-handed cutthroat'
        >>> list(Rules.tables())
        ['4', '2', '3', '5', '6-ace', '6']
        """
        return dict(TABLES)

    @classmethod
    def table(cls, key: str) -> Table:
        """One table size by its key or a name players use for it.

        >>> Rules.table("cutthroat").settings["players"], Rules.table("6-ace").name
        (3, 'six-handed call-ace')
        >>> Rules.table("8")
        Traceback (most recent call last):
        ...
        euchre.rules.RulesError: unknown table '8': choose one of 4, 2, 3, 5, 6-ace, 6
        """
        found = find_table(key)
        if found is None:
            raise RulesError(f"unknown table {key!r}: choose one of {', '.join(TABLES)}", "table")
        return found

    def at_table(self, key: str) -> Rules:
        """These rules played at the table ``key``: its options set, and the options about
        partners switched off where every player scores alone. Rules already at that table
        come back unchanged (their name included).

        >>> Rules.profile("long-deck").at_table("3").defend_alone
        False
        >>> midwest = Rules.profile("midwest")
        >>> midwest.at_table("4") is midwest
        True
        >>> Rules().at_table("6").deck
        32
        """
        return self._seated(dict(self.table(key).settings))

    def at_table_of(self, other: Rules) -> Rules:
        """These rules played at ``other``'s table, a table no preset may be: its players,
        teams and call-ace, and its deck past four players (as the presets of five and six
        fix theirs); otherwise as :meth:`at_table` does.

        >>> own = Rules().replace(partnerships=False, call_ace=True)
        >>> played = Rules.profile("long-deck").at_table_of(own)
        >>> played.players, played.partnerships, played.call_ace, played.deck, played.defend_alone
        (4, False, True, 32, False)
        >>> Rules().at_table_of(Rules().replace(players=5, partnerships=False, deck=32)).deck
        32
        >>> own.at_table_of(own) is own
        True
        """
        changes = {key: getattr(other, key) for key in ("players", "partnerships", "call_ace")}
        if other.players > 4:
            changes["deck"] = other.deck
        return self._seated(changes)

    def _seated(self, changes: dict[str, Any]) -> Rules:
        if all(getattr(self, k) == v for k, v in changes.items()):
            return self
        if not changes["partnerships"]:
            changes.update({k: False for k in PARTNER_ONLY})
        return self.replace(**changes)

    def profile_at_table(self, prefer: str = "", any_target: bool = False) -> str:
        """The profile these rules are, played at their table: its name, or "house" when no
        profile is. Two profiles can hold the same rules: ``prefer`` (the name a reader
        chose) comes first. ``any_target``: the target score may differ.

        >>> cutthroat = Rules.profile("long-deck").at_table("3")
        >>> cutthroat.name, cutthroat.profile_at_table()
        ('house', 'long-deck')
        >>> same = Rules.profile("stick-the-dealer")
        >>> same.replace(game_to=5).profile_at_table(), same.profile_at_table("stick-the-dealer")
        ('house', 'stick-the-dealer')
        >>> same.replace(game_to=5).profile_at_table(any_target=True)
        'midwest'
        """
        key = self.table_key
        names = self.profiles()
        for name in ([prefer] if prefer in names else []) + names:
            base = Rules.profile(name)
            if any_target:
                base = base.replace(game_to=self.game_to)
            try:
                if base == self or (key is not None and base.at_table(key) == self):
                    return name
            except RulesError:
                continue
        return "house"

    @property
    def table_key(self) -> str | None:
        """The key of the table these rules play at (the deck aside), or None for a table
        no preset names (five players without call-ace, say).

        >>> Rules().table_key, Rules().replace(players=6, deck=32).table_key
        ('4', '6')
        >>> Rules().replace(players=5, partnerships=False, deck=32).table_key is None
        True
        """
        for key, table in TABLES.items():
            if all(getattr(self, k) == v for k, v in table.settings.items() if k != "deck"):
                return key
        return None

    @property
    def table_name(self) -> str:
        """The table in words: its preset's name, else the count of players.

        >>> Rules().at_table("3").table_name
        'three-handed cutthroat'
        >>> Rules().replace(players=5, partnerships=False, deck=32).table_name
        '5 players, each for themselves'
        >>> Rules().replace(partnerships=False, call_ace=True).table_name
        '4 players, each for themselves, with call-ace'
        """
        key = self.table_key
        if key is not None:
            return TABLES[key].name
        return (
            f"{self.players} players"
            + ("" if self.partnerships else ", each for themselves")
            + (", with call-ace" if self.call_ace else "")
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], lines: Mapping[str, int] | None = None) -> Rules:
        """Rules from any subset of the keys; ``profile`` names the base (default american).
        ``lines`` (key -> line of a file) puts the line into each problem.

        >>> Rules.from_dict({"game_to": 7}).game_to
        7
        >>> Rules.from_dict({"stick_dealer": True})
        Traceback (most recent call last):
        ...
        euchre.rules.RulesError: unknown rule 'stick_dealer': did you mean 'stick_the_dealer'?
        """
        return cls._read(data, lines or {}, [], None)

    @classmethod
    def from_toml(cls, text: str, source: str | None = None) -> Rules:
        """Rules from a house-rules file (TOML, the keys at top level). Every problem of the
        file is reported at once, each with its key and line; ``source`` (the file's name)
        makes them read ``file:line: key: message``. A byte-order mark is accepted.

        >>> Rules.from_toml('profile = "beginner"\\nstick_the_dealer = true').stick_the_dealer
        True
        >>> Rules.from_toml('game_to = 7\\nstick_the_dealr = true')
        Traceback (most recent call last):
        ...
        euchre.rules.RulesError: line 2: unknown rule 'stick_the_dealr': did you mean 'stick_the_dealer'?
        >>> Rules.from_toml('players = 3\\n')
        Traceback (most recent call last):
        ...
        euchre.rules.RulesError: line 1: 'players' = 3 does not go with 'partnerships' = true, which the american profile has: partnerships need 4 or 6 players, not 3 (add partnerships = false for every player to score alone)
        """
        parsed = read_toml(text)
        return cls._read(parsed.data, parsed.lines, list(parsed.problems), source)

    @classmethod
    def from_file(cls, path: str | Path) -> Rules:
        """Rules from a house-rules file on disk; its problems are named ``file:line: key``.
        A file that cannot be read, or is not UTF-8 text, raises RulesError too."""
        try:
            raw = Path(path).read_bytes()
        except OSError as exc:
            raise RulesError(
                f"{path}: the house-rules file cannot be read ({exc.strerror})"
            ) from None
        text, problems = decode(raw)
        if problems:
            raise RulesError.of(problems, str(path))
        parsed = read_toml(text)
        return cls._read(parsed.data, parsed.lines, list(parsed.problems), str(path))

    @classmethod
    def _read(
        cls,
        data: Mapping[str, Any],
        lines: Mapping[str, int],
        problems: list[RulesProblem],
        source: str | None,
    ) -> Rules:
        if not isinstance(data, Mapping):
            raise RulesError("house rules must be a table of key = value pairs")
        base_name = data.get("profile", "american")
        base = Rules()
        if not isinstance(base_name, str):
            problems.append(
                RulesProblem("profile", lines.get("profile"), "'profile' must be a profile name")
            )
            base_name = "american"
        elif base_name not in cls.PROFILES:
            problems.append(
                RulesProblem("profile", lines.get("profile"), _unknown_profile(base_name))
            )
            base_name = "american"
        else:
            base = cls.profile(base_name)
        items = {k: v for k, v in data.items() if k != "profile"}
        name = base_name if not items else "house"
        label = f"the {base_name} profile has"
        return _assemble(base, items, lines, problems, source, label, name)

    # ------------------------------------------------------------------ values
    def replace(self, **changes: Any) -> Rules:
        """A new Rules with some options changed; unknown or inconsistent options raise."""
        return _assemble(self, changes, {}, [], None, "these rules have", "house")

    def to_dict(self) -> dict[str, Any]:
        """Every option as a plain dict; ``Rules.from_dict`` reads it back."""
        return {key: getattr(self, key) for key in self.OPTIONS}

    def to_toml(self) -> str:
        """A house-rules file that gives back these rules."""
        out = []
        for key, value in self.to_dict().items():
            text = (
                ("true" if value else "false")
                if isinstance(value, bool)
                else (str(value) if isinstance(value, int) else f'"{value}"')
            )
            out.append(f"{key} = {text}")
        return "\n".join(out) + "\n"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(tuple(self.to_dict().items()))

    def __repr__(self) -> str:
        base = Rules.profile(self.name) if self.name in self.PROFILES else Rules()
        diff = {k: v for k, v in self.to_dict().items() if getattr(base, k) != v}
        if self.name in self.PROFILES and not diff:
            return f"Rules.profile({self.name!r})"
        return f"Rules.from_dict({diff!r})"

    # ------------------------------------------------------------------ derived facts
    @property
    def num_teams(self) -> int:
        """How many sides score: two with partnerships (of two or three players), else one
        per player."""
        return 2 if self.partnerships else self.players

    def team_of(self, seat: int) -> int:
        """The team (side) a seat belongs to: seat % 2 with partnerships, else the seat.

        >>> Rules().team_of(3), Rules().at_table("3").team_of(2)
        (1, 2)
        """
        return seats.team_of(seat, self.partnerships)

    @property
    def partner_count(self) -> int:
        """How many team mates each player has: one in two teams of two, two in two teams
        of three, none where each player scores alone.

        >>> [Rules().at_table(t).partner_count for t in ("4", "6", "3")]
        [1, 2, 0]
        """
        return self.players // self.num_teams - 1

    @property
    def maker_has_partner(self) -> bool:
        """Whether whoever makes trump plays with a partner: a team mate at a table of
        teams, the secret partner at call-ace; False where each player plays alone against
        the maker (two-handed, cutthroat).

        >>> Rules().maker_has_partner, Rules().at_table("5").maker_has_partner
        (True, True)
        >>> Rules().at_table("3").maker_has_partner
        False
        """
        return self.partnerships or self.call_ace

    @property
    def variant_spec(self) -> Variant:
        """The game these rules play (``variant.py``): how a deal is dealt, made and scored.

        >>> Rules().variant_spec.title, Rules.profile("bid-euchre").variant_spec.title
        ('Euchre', 'Bid Euchre')
        """
        return VARIANTS[self.variant]

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player, which is also the tricks of a deal.

        >>> Rules().hand_size, Rules.profile("bid-euchre").hand_size
        (5, 6)
        """
        return VARIANTS[self.variant].hand_size(self.players, self.deck_size)

    @property
    def deck_size(self) -> int:
        """Cards in the pack, the joker included."""
        return self.deck + (1 if self.joker else 0)

    def describe(self) -> list[tuple[str, str]]:
        """Each option with one plain sentence saying what it is at this table.

        >>> dict(Rules().describe())["stick_the_dealer"]
        'If everyone passes twice, the cards are thrown in and the deal passes left.'

        Options about partners or lone players are left out where nobody can have one:

        >>> "lead_against_loner" in dict(Rules().at_table("3").describe())
        False
        >>> dict(Rules().at_table("6").describe())["partnerships"]
        'Two teams of three, partners in every other seat, each team scoring together.'
        """
        keys = ["variant", *(key for key in self.OPTIONS if key != "variant")]
        return [(key, text) for key in keys if (text := self._sentence(key))]

    def _says_something(self, key: str) -> bool:
        """Whether the option ``key`` means anything at this table: not about partners or
        lone players where nobody can have one, not another variant's, not a farmer's
        remedy without a farmer's hand."""
        spec = self.variant_spec
        if key in spec.without or key in spec.unused:
            return False
        if key in _VARIANT_OPTIONS and key not in spec.options:
            return False
        if key == "farmers_remedy" and self.farmers_hand == "off":
            return False
        lone_maker = self.partnerships or self.call_ace  # a lone player can happen here
        return not (
            (key in _PARTNER_OPTIONS and not self.partnerships)
            or (key in _LONE_OPTIONS and not lone_maker)
        )

    def _sentence(self, key: str) -> str:
        """The option ``key`` at this table in one sentence ("" when it goes unsaid)."""
        if not self._says_something(key):
            return ""
        value = getattr(self, key)
        if key == "partnerships" and value and self.players == 6:
            return "Two teams of three, partners in every other seat, each team scoring together."
        if key == "farmers_hand" and value == "off":
            return "No farmer's hand: every deal is played as dealt."
        on, off = self.OPTIONS[key].words(self.variant)
        if isinstance(value, bool):
            return on if value else off
        return on.format(value=value, label=_VALUE_LABELS.get(str(value), str(value)))


def _unknown_profile(name: str) -> str:
    return f"unknown profile {name!r}: choose one of {', '.join(Rules.PROFILES)}"


def _unknown_key(key: str) -> str:
    close = difflib.get_close_matches(key, list(Rules.OPTIONS), n=1)
    hint = (
        f": did you mean {close[0]!r}?"
        if close
        else f": known rules are {', '.join(Rules.OPTIONS)}"
    )
    return f"unknown rule {key!r}{hint}"


_FIELD_TYPES = {f.name: f.type for f in dataclasses.fields(Rules)}
_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Rules)}
_CHOICES: dict[str, tuple[Any, ...]] = {
    "deck": (24, 32),
    "lead_against_loner": LEAD_CHOICES,
    "farmers_hand": FARMER_CHOICES,
    "farmers_remedy": FARMER_REMEDIES,
    "game_form": GAME_CHOICES,
    "players": (2, 3, 4, 5, 6),
    "variant": tuple(VARIANTS),
}

# Whole-number options with a range: (lowest, highest, the unit in words).
_RANGES = {
    "game_to": (1, 99, "points"),
    "minimum_bid": (1, 8, "tricks"),
    "moon_points": (1, 99, "points"),
}


def _value_problem(key: str, value: Any) -> str | None:
    """Why ``value`` cannot be the option ``key``, or None when it can."""
    kind = _FIELD_TYPES[key]
    if kind == "bool":
        if not isinstance(value, bool):
            return f"{key!r} must be true or false, not {value!r}"
    elif kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{key!r} must be a whole number, not {value!r}"
    elif not isinstance(value, str):
        return f"{key!r} must be a text value, not {value!r}"
    choices = _CHOICES.get(key)
    if choices is not None and value not in choices:
        allowed = " or ".join(repr(c) if isinstance(c, str) else str(c) for c in choices)
        return f"{key!r} must be {allowed}, not {value!r}"
    if key in _RANGES:
        low, high, unit = _RANGES[key]
        if not low <= value <= high:
            return f"{key!r} must be between {low} and {high} {unit}, not {value}"
    return None


@dataclass(frozen=True)
class _Clash:
    """Options that cannot be combined: their keys, why, and what would fix it."""

    keys: tuple[str, ...]
    why: str
    fix: str = ""


def _pack_clashes(v: Mapping[str, Any]) -> list[_Clash]:
    """The pack against the table: enough cards for every hand (and the upcard)."""
    spec = VARIANTS[v["variant"]]
    size = v["deck"] + v["joker"]
    if not spec.upcard:
        return []
    needed = v["players"] * spec.hand_size(v["players"], size) + 1
    if size >= needed:
        return []
    why = (
        f"{v['players']} players need {needed} cards (five each and the upcard); "
        f"a {v['deck']}-card deck has too few"
    )
    return [_Clash(("players", "deck"), why, "deck = 32" if 32 + v["joker"] >= needed else "")]


def _trump_clashes(v: Mapping[str, Any]) -> list[_Clash]:
    if v["joker"] and v["no_trump"]:
        why = "the joker is the highest trump, and a no-trump hand has no trump for it to belong to"
        return [_Clash(("joker", "no_trump"), why)]
    return []


def _partner_clashes(v: Mapping[str, Any]) -> list[_Clash]:
    """Partnerships at a table that can seat them; options about partners only with them;
    call-ace only without."""
    out = []
    if v["partnerships"] and v["players"] not in (4, 6):
        out.append(
            _Clash(
                ("partnerships", "players"),
                f"partnerships need 4 or 6 players, not {v['players']}",
                "partnerships = false for every player to score alone",
            )
        )
    if not v["partnerships"]:
        why = "it is about partners, and this table plays every player for themselves"
        out += [
            _Clash((key, "partnerships"), why, f"{key} = false")
            for key in ("canadian_loner", "defend_alone", "calling_for_best")
            if v[key]
        ]
    if v["call_ace"] and (v["partnerships"] or v["players"] < 4):
        out.append(
            _Clash(
                ("call_ace", "partnerships" if v["partnerships"] else "players"),
                "call-ace is a game for four to six players, each scoring alone",
            )
        )
    # The Canadian loner and the dealer's right to decline go together (source 002's long
    # deck with 003's option): only the dealer's partner must go alone, and when an
    # opponent orders the upcard up the dealer may still decline it.
    return out


def _variant_clashes(v: Mapping[str, Any]) -> list[_Clash]:
    """The variant against the rest: its table size, the options it has not, the options
    of another variant, and a minimum bid the deal's tricks can meet."""
    spec = VARIANTS[v["variant"]]
    title = spec.title
    out = []
    if spec.players and v["players"] not in spec.players:
        allowed = " or ".join(str(n) for n in spec.players)
        out.append(_Clash(("players", "variant"), f"{title} is played by {allowed} players"))
    for key, why in spec.without.items():
        if v[key] != _DEFAULTS[key]:
            out.append(_Clash((key, "variant"), f"{title} has no {key!r}: {why}"))
    for key in sorted(_VARIANT_OPTIONS - set(spec.options)):
        if v[key] != _DEFAULTS[key]:
            owner = next(o for o in VARIANTS.values() if key in o.options)
            fix = f'variant = "{owner.key}"'
            out.append(_Clash((key, "variant"), f"it is an option of {owner.title}", fix))
    tricks = spec.hand_size(v["players"], v["deck"] + v["joker"])
    if "minimum_bid" in spec.options and v["minimum_bid"] > tricks:
        why = f"a deal has {tricks} tricks, so no bid can reach {v['minimum_bid']}"
        out.append(_Clash(("minimum_bid", "deck"), why))
    return out


def _clashes(v: Mapping[str, Any]) -> list[_Clash]:
    """Every pair of options in ``v`` (all the option values) that contradict each other."""
    return _variant_clashes(v) + _pack_clashes(v) + _trump_clashes(v) + _partner_clashes(v)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int) else f'"{value}"'


def _clash_problem(
    clash: _Clash,
    values: Mapping[str, Any],
    stated: Mapping[str, Any],
    lines: Mapping[str, int],
    label: str,
) -> RulesProblem:
    """The clash as one problem, about the key the reader wrote (the latest line when the
    reader wrote several): a key the file leaves out is named as the other side's value."""
    mine = [k for k in clash.keys if k in stated]
    if not mine or len(mine) == len(clash.keys):
        names = " and ".join(repr(k) for k in clash.keys)
        key = max(mine or clash.keys, key=lambda k: lines.get(k, 0))
        return RulesProblem(key, lines.get(key), f"{names} cannot be combined: {clash.why}")
    key = max(mine, key=lambda k: lines.get(k, 0))
    others = ", ".join(f"{k!r} = {_toml_value(values[k])}" for k in clash.keys if k not in stated)
    fix = f" (add {clash.fix})" if clash.fix else ""
    message = (
        f"{key!r} = {_toml_value(values[key])} does not go with {others}, which {label}: "
        f"{clash.why}{fix}"
    )
    return RulesProblem(key, lines.get(key), message)


def _assemble(
    base: Rules,
    items: Mapping[str, Any],
    lines: Mapping[str, int],
    problems: list[RulesProblem],
    source: str | None,
    label: str,
    name: str,
) -> Rules:
    """``base`` with ``items`` changed, or RulesError with every problem found."""
    changes: dict[str, Any] = {}
    refused: set[str] = set()
    for key, value in items.items():
        line = lines.get(key)
        if key not in Rules.OPTIONS:
            problems.append(RulesProblem(key, line, _unknown_key(key)))
            continue
        reason = _value_problem(key, value)
        if reason is not None:
            problems.append(RulesProblem(key, line, reason))
            refused.add(key)
            continue
        changes[key] = value
    values = {**base.to_dict(), **changes}
    for clash in _clashes(values):
        if not refused.intersection(clash.keys):
            problems.append(_clash_problem(clash, values, changes, lines, label))
    if problems:
        raise RulesError.of(problems, source)
    return dataclasses.replace(base, **changes, name=name)


def _validate(rules: Rules) -> None:
    values = {key: getattr(rules, key) for key in _FIELD_TYPES if key != "name"}
    problems = []
    for key, value in values.items():
        reason = _value_problem(key, value)
        if reason is not None:
            problems.append(RulesProblem(key, None, reason))
    if not problems:
        problems = [_clash_problem(c, values, {}, {}, "") for c in _clashes(values)]
    if problems:
        raise RulesError.of(problems)


Rules.PROFILES = {
    "american": {},
    "midwest": {"stick_the_dealer": True},
    "long-deck": {"deck": 32, "dealer_may_decline": True, "defend_alone": True},
    "beginner": {"dealer_picks_up_when_partner_alone": False},
    "stick-the-dealer": {"stick_the_dealer": True},
    # The engine's reference names the form of Bid Euchre these options make.
    "bid-euchre": {
        "variant": "bid",
        "game_to": 32,
        "no_trump": True,
        "stick_the_dealer": True,
        "calling_for_best": True,
    },
}

# Options of one variant alone (``Variant.options``): at their defaults under the others.
_VARIANT_OPTIONS = frozenset(key for v in VARIANTS.values() for key in v.options)

# Options that speak of a partner (the dealer's, the lone player's) or of a lone player:
# Rules.describe leaves them out at a table where that cannot happen.
# (PARTNER_ONLY: the options a table without partners switches off, see at_table.)
_PARTNER_OPTIONS = frozenset({*PARTNER_ONLY, "dealer_picks_up_when_partner_alone"})
_LONE_OPTIONS = frozenset({"lead_against_loner"})

_VALUE_LABELS = {
    "left_of_dealer": "the first player to the dealer's left who is playing",
    "left_of_loner": "the player to the lone player's left",
    "all_low": "a hand of five 9s and 10s",
    "three_low": "a hand with three or more 9s and 10s",
    "three_of_a_rank": "a hand with three 9s or three 10s",
    "swap": "may swap three low cards for the kitty",
    "redeal": "may have the cards thrown in and dealt again",
    "fast": "the first side to reach the target wins",
    "euchre": "",  # the game of every other option's sentence: nothing to add
    "bid": "Bid Euchre: six cards each and no upcard; one round of bids for a number of "
    "tricks, and the high bidder names trump and leads.",
    "rubber": "games are played in rubbers (best of three) for rubber points",
}

Rules.OPTIONS = {
    o.key: o
    for o in (
        Option("players", "Players", "{value} players."),
        Option(
            "partnerships",
            "Partnerships",
            "Partners sit opposite and score together.",
            "Every player scores alone.",
        ),
        Option("deck", "Deck", "A {value}-card deck."),
        Option(
            "joker",
            "The joker (benny)",
            "The joker joins the deck, one card more, as the highest trump; turned up, it "
            "proposes hearts.",
        ),
        Option(
            "stick_the_dealer",
            "Stick the dealer",
            "Stick the dealer: if the other players pass in round two, the dealer must name trump.",
            "If everyone passes twice, the cards are thrown in and the deal passes left.",
            variants={
                "bid": (
                    "Stick the dealer: if the other three pass, the dealer must bid.",
                    "If everyone passes, the cards are thrown in and the deal passes left.",
                )
            },
        ),
        Option(
            "canadian_loner",
            "Canadian loner",
            "Canadian loner: the dealer's partner who orders up in round one must go alone.",
        ),
        Option(
            "dealer_picks_up_when_partner_alone",
            "Dealer's pick-up for a lone partner",
            "When the dealer's partner orders up alone, the dealer still takes the upcard "
            "and discards before sitting out.",
            "When the dealer's partner orders up alone, the dealer sits out without taking "
            "the upcard; its suit is still trump.",
        ),
        Option(
            "dealer_may_decline",
            "Dealer may decline",
            "The dealer may refuse the upcard once its suit is accepted, whoever accepted it "
            "(the dealer too), and keep the hand; its suit is still trump.",
        ),
        Option(
            "defend_alone",
            "Defending alone",
            "An opponent of the maker may defend alone, the partner sitting out, whether or "
            "not the maker is alone: 2 points for taking 3 or 4 tricks, 4 for all five.",
        ),
        Option(
            "lead_against_loner",
            "Lead against a loner",
            "Against a lone player, {label} leads the first trick.",
        ),
        Option(
            "game_to",
            "Game",
            "The game is won at {value} points.",
            variants={
                "bid": (
                    "The game is won at {value} points, by a side that gets there on a deal it "
                    "wins (its bid made, or the bidders set); a score may go below zero.",
                    "",
                )
            },
        ),
        Option(
            "no_trump",
            "No-trump",
            "In round two a player may call no-trump: no suit is "
            "trump and the jacks are plain cards.",
            variants={
                "bid": (
                    "The high bidder may name no-trump: no suit is trump and the jacks are "
                    "plain cards.",
                    "The high bidder names a trump suit; no-trump is not played.",
                )
            },
        ),
        Option(
            "farmers_hand", "Farmer's hand", "Farmer's hand: {label} counts as a farmer's hand."
        ),
        Option("farmers_remedy", "Farmer's remedy", "A player holding a farmer's hand {label}."),
        Option(
            "calling_for_best",
            "Calling for best",
            "A lone player may discard one card and take the partner's best card instead.",
            variants={
                "bid": (
                    "The moon's pass: a player who shoots the moon may discard one card and "
                    "take the partner's best card.",
                    "A player who shoots the moon plays the cards dealt, with no pass from "
                    "the partner.",
                )
            },
        ),
        Option(
            "call_ace",
            "Call-ace",
            "Call-ace: the maker names a suit, and whoever holds its highest card is the "
            "maker's secret partner for the deal.",
        ),
        Option("laps", "Laps", "Points beyond the target carry over to the next game."),
        Option("slam", "Slam", "A game counts double when the losers scored nothing."),
        Option("game_form", "Game form", "Game form: {label}."),
        Option("variant", "Game", "{label}"),
        Option("minimum_bid", "Lowest bid", "The lowest bid is {value} tricks."),
        Option(
            "moon_points",
            "The moon",
            "Shooting the moon (a bid to take every trick alone) scores {value} points, and "
            "loses {value} when it fails.",
        ),
        Option(
            "defenders_score",
            "Defenders' tricks",
            "The defenders score a point for every trick they take.",
            "The defenders score nothing; only the bidders' points count.",
        ),
        Option(
            "lose_at_minus_target",
            "Out the back door",
            "A side whose score falls to minus the target loses the game.",
            "A side may fall any way below zero and still play on.",
        ),
    )
}
