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
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar


class RulesError(ValueError):
    """A house rule that cannot be used: an unknown key, a bad value, or two options that
    contradict each other. The message names the key (and the line of a TOML file)."""

    def __init__(self, message: str, key: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.line = line


LEAD_CHOICES = ("left_of_dealer", "left_of_loner")
FARMER_CHOICES = ("off", "all_low", "three_low", "three_of_a_rank")
FARMER_REMEDIES = ("swap", "redeal")
GAME_CHOICES = ("fast", "rubber")


@dataclass(frozen=True)
class Option:
    """Documentation of one rule option: what it means, for the reference and the card."""

    key: str
    label: str
    on: str
    off: str = ""


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
        euchre.rules.RulesError: unknown profile 'nope': choose one of american, midwest, long-deck, beginner, stick-the-dealer
        """
        try:
            values = cls.PROFILES[name]
        except KeyError:
            names = ", ".join(cls.PROFILES)
            raise RulesError(
                f"unknown profile {name!r}: choose one of {names}", "profile"
            ) from None
        return cls(**values, name=name)

    @classmethod
    def profiles(cls) -> list[str]:
        """The names of the profiles."""
        return list(cls.PROFILES)

    profile_names = profiles

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], lines: Mapping[str, int] | None = None) -> Rules:
        """Rules from any subset of the keys; ``profile`` names the base (default american).

        >>> Rules.from_dict({"game_to": 7}).game_to
        7
        >>> Rules.from_dict({"stick_dealer": True})
        Traceback (most recent call last):
        ...
        euchre.rules.RulesError: unknown rule 'stick_dealer': did you mean 'stick_the_dealer'?
        """
        if not isinstance(data, Mapping):
            raise RulesError("house rules must be a table of key = value pairs")
        lines = lines or {}
        base_name = data.get("profile", "american")
        if not isinstance(base_name, str):
            raise RulesError("'profile' must be a profile name", "profile", lines.get("profile"))
        try:
            base = cls.profile(base_name)
        except RulesError as exc:
            raise RulesError(
                _at(str(exc), lines.get("profile")), "profile", lines.get("profile")
            ) from None
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key == "profile":
                continue
            line = lines.get(key)
            if key not in cls.OPTIONS:
                raise RulesError(_at(_unknown_key(key), line), key, line)
            changes[key] = _check_type(key, value, line)
        name = base_name if not changes else "house"
        try:
            return dataclasses.replace(base, **changes, name=name)
        except RulesError as exc:
            bad = exc.key
            at = lines.get(bad) if bad else None
            raise RulesError(_at(str(exc), at), bad, at) from None

    @classmethod
    def from_toml(cls, text: str) -> Rules:
        """Rules from a house-rules file (TOML, the keys at top level).

        >>> Rules.from_toml('profile = "beginner"\\nstick_the_dealer = true').stick_the_dealer
        True
        >>> Rules.from_toml('game_to = 7\\nstick_the_dealr = true')
        Traceback (most recent call last):
        ...
        euchre.rules.RulesError: line 2: unknown rule 'stick_the_dealr': did you mean 'stick_the_dealer'?
        """
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise RulesError(f"the house-rules file is not valid TOML: {exc}") from None
        return cls.from_dict(data, _key_lines(text))

    # ------------------------------------------------------------------ values
    def replace(self, **changes: Any) -> Rules:
        """A new Rules with some options changed; unknown or inconsistent options raise."""
        for key, value in changes.items():
            if key not in self.OPTIONS:
                raise RulesError(_unknown_key(key), key)
            changes[key] = _check_type(key, value, None)
        return dataclasses.replace(self, **changes, name="house")

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
        """The team (side) a seat belongs to: seat % 2 with partnerships, else the seat."""
        return seat % 2 if self.partnerships else seat

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        return 5

    @property
    def deck_size(self) -> int:
        """Cards in the pack, the joker included."""
        return self.deck + (1 if self.joker else 0)

    def describe(self) -> list[tuple[str, str]]:
        """Each option with one plain sentence saying what it is at this table.

        >>> dict(Rules().describe())["stick_the_dealer"]
        'If everyone passes twice, the cards are thrown in and the deal passes left.'
        """
        out = []
        for key, opt in self.OPTIONS.items():
            value = getattr(self, key)
            if key == "farmers_remedy" and self.farmers_hand == "off":
                continue
            if key == "farmers_hand" and value == "off":
                out.append((key, "No farmer's hand: every deal is played as dealt."))
                continue
            if isinstance(value, bool):
                text = opt.on if value else opt.off
            else:
                text = opt.on.format(value=value, label=_VALUE_LABELS.get(str(value), str(value)))
            if text:
                out.append((key, text))
        return out


def _at(message: str, line: int | None) -> str:
    return f"line {line}: {message}" if line else message


def _unknown_key(key: str) -> str:
    import difflib

    close = difflib.get_close_matches(key, list(Rules.OPTIONS), n=1)
    hint = (
        f": did you mean {close[0]!r}?"
        if close
        else f": known rules are {', '.join(Rules.OPTIONS)}"
    )
    return f"unknown rule {key!r}{hint}"


def _key_lines(text: str) -> dict[str, int]:
    lines: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#") or "=" not in stripped:
            continue
        key = stripped.split("=", 1)[0].strip().strip('"').strip("'")
        lines.setdefault(key, number)
    return lines


_FIELD_TYPES = {f.name: f.type for f in dataclasses.fields(Rules)}
_CHOICES: dict[str, tuple[Any, ...]] = {
    "deck": (24, 32),
    "lead_against_loner": LEAD_CHOICES,
    "farmers_hand": FARMER_CHOICES,
    "farmers_remedy": FARMER_REMEDIES,
    "game_form": GAME_CHOICES,
    "players": (2, 3, 4, 5, 6),
}


def _check_type(key: str, value: Any, line: int | None) -> Any:
    kind = _FIELD_TYPES[key]
    if kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(_at(f"{key!r} must be true or false, not {value!r}", line), key, line)
    elif kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(_at(f"{key!r} must be a whole number, not {value!r}", line), key, line)
    elif not isinstance(value, str):
        raise RulesError(_at(f"{key!r} must be a text value, not {value!r}", line), key, line)
    choices = _CHOICES.get(key)
    if choices is not None and value not in choices:
        allowed = " or ".join(repr(c) if isinstance(c, str) else str(c) for c in choices)
        raise RulesError(_at(f"{key!r} must be {allowed}, not {value!r}", line), key, line)
    if key == "game_to" and not 1 <= value <= 99:
        raise RulesError(
            _at(f"'game_to' must be between 1 and 99 points, not {value}", line), key, line
        )
    return value


def _clash(a: str, b: str, why: str) -> RulesError:
    return RulesError(f"{a!r} and {b!r} cannot be combined: {why}", a)


def _validate(rules: Rules) -> None:
    for key in (
        "deck",
        "lead_against_loner",
        "farmers_hand",
        "farmers_remedy",
        "game_form",
        "players",
    ):
        _check_type(key, getattr(rules, key), None)
    _check_type("game_to", rules.game_to, None)
    cards_needed = rules.players * rules.hand_size + 1
    if rules.deck_size < cards_needed:
        raise _clash(
            "players",
            "deck",
            f"{rules.players} players need {cards_needed} cards "
            f"(five each and the upcard); a {rules.deck}-card deck has too few",
        )
    if rules.joker and rules.no_trump:
        raise _clash(
            "joker",
            "no_trump",
            "the joker is the highest trump, and a no-trump hand has no trump for it to belong to",
        )
    if rules.partnerships and rules.players not in (4, 6):
        raise _clash(
            "partnerships", "players", f"partnerships need 4 or 6 players, not {rules.players}"
        )
    if not rules.partnerships:
        for key in ("canadian_loner", "defend_alone", "calling_for_best"):
            if getattr(rules, key):
                raise _clash(
                    key,
                    "partnerships",
                    "it is about partners, and this table plays every player for themselves",
                )
    if rules.call_ace and (rules.partnerships or rules.players < 4):
        raise _clash(
            "call_ace",
            "partnerships" if rules.partnerships else "players",
            "call-ace is a game for four to six players, each scoring alone",
        )
    if rules.canadian_loner and rules.dealer_may_decline:
        raise _clash(
            "canadian_loner",
            "dealer_may_decline",
            "a dealer whose partner must go "
            "alone sits out, so there is no pick-up for the dealer to decline",
        )


Rules.PROFILES = {
    "american": {},
    "midwest": {"stick_the_dealer": True},
    "long-deck": {"deck": 32, "dealer_may_decline": True, "defend_alone": True},
    "beginner": {"dealer_picks_up_when_partner_alone": False},
    "stick-the-dealer": {"stick_the_dealer": True},
}

_VALUE_LABELS = {
    "left_of_dealer": "the first player to the dealer's left who is playing",
    "left_of_loner": "the player to the lone player's left",
    "all_low": "a hand of five 9s and 10s",
    "three_low": "a hand with three or more 9s and 10s",
    "three_of_a_rank": "a hand with three 9s or three 10s",
    "swap": "may swap three low cards for the kitty",
    "redeal": "may have the cards thrown in and dealt again",
    "fast": "the first side to reach the target wins",
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
            "The joker is in the deck as the highest trump; turned up, it proposes hearts.",
        ),
        Option(
            "stick_the_dealer",
            "Stick the dealer",
            "Stick the dealer: if the other players pass in round two, the dealer must name trump.",
            "If everyone passes twice, the cards are thrown in and the deal passes left.",
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
            "The dealer may refuse the ordered upcard and keep the hand; its suit is still trump.",
        ),
        Option(
            "defend_alone",
            "Defending alone",
            "A defender may play alone against a lone maker: 2 points for taking 3 or 4 "
            "tricks, 4 for all five.",
        ),
        Option(
            "lead_against_loner",
            "Lead against a loner",
            "Against a lone player, {label} leads the first trick.",
        ),
        Option("game_to", "Game", "The game is won at {value} points."),
        Option(
            "no_trump",
            "No-trump",
            "In round two a player may call no-trump: no suit is "
            "trump and the jacks are plain cards.",
        ),
        Option(
            "farmers_hand", "Farmer's hand", "Farmer's hand: {label} counts as a farmer's hand."
        ),
        Option("farmers_remedy", "Farmer's remedy", "A player holding a farmer's hand {label}."),
        Option(
            "calling_for_best",
            "Calling for best",
            "A lone player may discard one card and take the partner's best card instead.",
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
    )
}
