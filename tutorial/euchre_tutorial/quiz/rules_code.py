"""The rules of a quiz in a short, URL-safe text: a profile name, optionally followed by
the options that differ from it (``midwest`` or ``american,deck:32,joker:1``).

>>> from euchre import Rules
>>> rules_code(Rules()), rules_code(Rules.profile("midwest"))
('american', 'midwest')
>>> rules_code(Rules().replace(deck=32, joker=True))
'american,deck:32,joker:1'
>>> parse_rules_code("american,deck:32,joker:1") == Rules().replace(deck=32, joker=True)
True
>>> parse_rules_code("american,stick_dealer:1")
Traceback (most recent call last):
...
euchre.rules.RulesError: unknown rule 'stick_dealer': did you mean 'stick_the_dealer'?
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

from euchre import Rules, RulesError
from euchre.players.words import number_words

from euchre_tutorial.site_rules import QUIZ_VARIANTS, quiz_profiles

MAX_LENGTH = 400
_KEY_RE = re.compile(r"^[a-z_]{1,40}$")
_VALUE_RE = re.compile(r"^[a-z0-9_-]{1,30}$")
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def _diff(rules: Rules, base: Rules) -> dict[str, Any]:
    mine, theirs = rules.to_dict(), base.to_dict()
    return {k: v for k, v in mine.items() if theirs.get(k) != v}


def rules_code(rules: Rules, prefer: str = "") -> str:
    """The shortest code: the closest profile, then the options that differ from it. Two
    profiles can hold the same options (Midwest and Stick-the-dealer): ties go to
    ``prefer`` (the rule set a reader chose), then to the rules' own profile.

    >>> same = Rules.profile("stick-the-dealer").replace(game_to=7)
    >>> rules_code(same), rules_code(same, prefer="stick-the-dealer")
    ('midwest,game_to:7', 'stick-the-dealer,game_to:7')
    """
    return _code(rules, rules.name, prefer)


@lru_cache(maxsize=256)
def _code(rules: Rules, name: str, prefer: str) -> str:
    """:func:`rules_code` of rules named ``name`` (rules that differ only by their name
    are equal, and a build asks for the same few codes thousands of times: each is kept)."""
    best_name, best_diff = "american", _diff(rules, Rules())
    names = Rules.profiles()
    first = [n for n in (prefer, name) if n in names]
    names = list(dict.fromkeys([*first, *names]))  # the chosen names first, ties go to them
    for candidate in names:
        diff = _diff(rules, Rules.profile(candidate))
        if len(diff) < len(best_diff) or (len(diff) == len(best_diff) and candidate in first[:1]):
            best_name, best_diff = candidate, diff
    parts = [best_name]
    for key, value in best_diff.items():
        text = ("1" if value else "0") if isinstance(value, bool) else str(value)
        parts.append(f"{key}:{text}")
    return ",".join(parts)


def chosen_profile(text: str) -> str:
    """The rule set a code names first, if it names one ("" when it does not).

    >>> chosen_profile("stick-the-dealer,game_to:7"), chosen_profile("game_to:7")
    ('stick-the-dealer', '')
    """
    head = str(text).split(",", 1)[0].strip().lower()
    return head if head in Rules.profiles() else ""


def code_in_words(code: str) -> str:
    """A rules code as a player names its rules, by the rule set the code chose.

    >>> code_in_words("stick-the-dealer,game_to:7")
    'Stick-the-dealer rules, with one change: The game is won at 7 points.'
    """
    return rules_in_words(parse_rules_code(code), chosen_profile(code))


def rules_in_words(rules: Rules, prefer: str = "") -> str:
    """The rules as a player names them: the closest profile's title (``prefer``, the rule
    set a reader chose, among equals), then each option that differs from it in the
    engine's own sentence.

    >>> rules_in_words(Rules.profile("midwest"))
    'Midwest rules'
    >>> rules_in_words(Rules().replace(deck=32))
    'American rules, with one change: A 32-card deck.'
    >>> rules_in_words(Rules.profile("long-deck").replace(dealer_may_decline=False, game_to=7))
    'Long-deck rules, with two changes: Dealer may decline: not played. The game is won at 7 points.'
    """
    name, *changes = rules_code(rules, prefer).split(",")
    if not changes:
        return Rules.profile_title(name)
    sentences = dict(rules.describe())
    said = []
    for change in changes:
        key = change.partition(":")[0]
        said.append(sentences.get(key) or f"{Rules.OPTIONS[key].label}: not played.")
    count = "one change" if len(said) == 1 else f"{number_words(len(said))} changes"
    return f"{Rules.profile_title(name)}, with {count}: {' '.join(said)}"


def parse_rules_code(text: str) -> Rules:
    """Rules from a code; a bad code raises RulesError in plain words."""
    return _parsed(str(text).strip())


@lru_cache(maxsize=256)
def _parsed(text: str) -> Rules:
    """The rules of a stripped code (a build reads the same few codes tens of thousands of
    times: the rules of each are kept)."""
    if not text or len(text) > MAX_LENGTH:
        raise RulesError("the rules code is empty or too long")
    parts = [p.strip() for p in text.split(",")]
    data: dict[str, Any] = {}
    if ":" not in parts[0]:
        data["profile"] = parts.pop(0)
        if data["profile"] not in quiz_profiles():
            *first, last = quiz_profiles()
            raise RulesError(
                f"no rule set has that name; a link may name {', '.join(first)} or {last}",
                "profile",
            )
    for part in parts:
        key, value = _option(part)
        if key in data:
            raise RulesError(f"the rule {key!r} is given twice", key)
        data[key] = value
    rules = Rules.from_dict(data)
    if rules.variant not in QUIZ_VARIANTS:
        raise RulesError(f"this site does not teach {rules.variant_spec.title} yet", "variant")
    return rules


def _option(part: str) -> tuple[str, Any]:
    """One house rule of a code ("deck:32") as the option and its typed value."""
    key, sep, value = part.partition(":")
    key, value = key.strip().lower(), value.strip().lower()
    if not sep or not _KEY_RE.match(key) or not _VALUE_RE.match(value):
        raise RulesError("a house rule is written key:value, like deck:32")
    defaults = _defaults()
    if key not in defaults:
        Rules.from_dict({key: value})  # raises the engine's message, with a suggestion
    return key, _typed(key, value, defaults[key])


def named_keys(text: str) -> set[str]:
    """The option keys a code's house rules name, right or not.

    >>> sorted(named_keys("midwest, Deck:32,game_to:7,nonsense"))
    ['deck', 'game_to']
    """
    return {part.partition(":")[0].strip().lower() for part in str(text).split(",") if ":" in part}


@cache
def _defaults() -> dict[str, Any]:
    """Every option's default value (its type types a house rule's text)."""
    return Rules().to_dict()


def parse_rules_code_parts(text: str, fallback: str) -> tuple[Rules, list[tuple[str, str]]]:
    """Rules from a code, keeping every part that can be kept: the rule set (the code
    ``fallback`` when the code names none that exists) and the house rules that are right,
    together if they go together, else each that is right on its own; with each part left
    out and why.

    >>> rules, left_out = parse_rules_code_parts("midwest,stick_dealr:1,game_to:7", "american")
    >>> rules_code(rules)
    'midwest,game_to:7'
    >>> left_out
    [('stick_dealr:1', "unknown rule 'stick_dealr': did you mean 'stick_the_dealer'?")]
    """
    try:
        return parse_rules_code(text), []
    except RulesError:
        pass  # read it part by part below
    parts = [p.strip() for p in str(text).strip()[:MAX_LENGTH].split(",") if p.strip()]
    left_out: list[tuple[str, str]] = []
    base = parse_rules_code(fallback)
    if parts and ":" not in parts[0]:
        name = parts.pop(0)
        try:
            base = parse_rules_code(name)
        except RulesError as exc:
            left_out.append((name, str(exc)))
    options = _options(parts, left_out)
    return _fitting(base, options, left_out)


def _options(parts: list[str], left_out: list[tuple[str, str]]) -> dict[str, tuple[str, Any]]:
    """The house rules that can be read, by key: (their part, their value); the others go
    to ``left_out`` with why."""
    options: dict[str, tuple[str, Any]] = {}
    for part in parts:
        try:
            key, value = _option(part)
        except RulesError as exc:
            left_out.append((part, str(exc)))
            continue
        if key in options:
            left_out.append((part, f"the rule {key!r} is given twice"))
        else:
            options[key] = (part, value)
    return options


def _fitting(
    base: Rules, options: dict[str, tuple[str, Any]], left_out: list[tuple[str, str]]
) -> tuple[Rules, list[tuple[str, str]]]:
    """``base`` with the house rules: all of them if they go together, else each that fits
    on its own (the rest left out, with why)."""

    def applied(chosen: dict[str, tuple[str, Any]]) -> Rules:
        return base.replace(**{key: value for key, (_, value) in chosen.items()})

    try:
        return applied(options), left_out
    except RulesError:
        pass  # some clash with the rule set or with each other: keep those that fit alone
    fitting: dict[str, tuple[str, Any]] = {}
    for key, option in options.items():
        try:
            applied({key: option})
            fitting[key] = option
        except RulesError as exc:
            left_out.append((option[0], str(exc)))
    try:
        return applied(fitting), left_out
    except RulesError as exc:  # each fits alone, and they clash together
        return base, [*left_out, (",".join(part for part, _ in fitting.values()), str(exc))]


def with_option(rules: Rules, key: str, text: str) -> Rules:
    """``rules`` with one option set from a link's text ("32", "1"); a value the option
    cannot take raises RulesError in plain words.

    >>> with_option(Rules(), "deck", "32").deck, with_option(Rules(), "joker", "1").joker
    (32, True)
    >>> with_option(Rules(), "deck", "28")
    Traceback (most recent call last):
    ...
    euchre.rules.RulesError: 'deck' must be 24 or 32, not 28
    """
    key, text = key.strip().lower(), text.strip().lower()
    if key not in Rules.OPTIONS:
        Rules.from_dict({key: text})  # raises the engine's message, with a suggestion
    if not _VALUE_RE.match(text):
        raise RulesError(f"{key!r} cannot be {text[:20]!r}", key)
    return rules.replace(**{key: _typed(key, text, getattr(Rules(), key))})


def _typed(key: str, value: str, default: Any) -> Any:
    if isinstance(default, bool):
        if value in _TRUE:
            return True
        if value in _FALSE:
            return False
        raise RulesError(f"{key!r} must be 1 or 0: on or off", key)
    if isinstance(default, int):
        if not value.isdigit() or len(value) > 3:
            raise RulesError(f"{key!r} must be a whole number", key)
        return int(value)
    return value
