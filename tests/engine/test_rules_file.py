"""House-rules files read as a linter reads them: every problem at once, each with its key and
its line, printed ``file:line: key: message`` (the damaged files are in fixtures/rules/)."""

from __future__ import annotations

from pathlib import Path

import pytest
from euchre import Rules, RulesError
from euchre.rules_file import read_toml
from hypothesis import given, settings
from hypothesis import strategies as st

FILES = Path(__file__).parent / "fixtures" / "rules"

# file -> every problem expected, in line order: (key, line, a phrase of the message)
BAD_FILES: dict[str, list[tuple[str | None, int, str]]] = {
    "table-header.toml": [("house", 2, "'[house]' is a table header")],
    "duplicate-key.toml": [("game_to", 3, "'game_to' is given twice (lines 1 and 3)")],
    "implied-partnerships.toml": [
        ("players", 2, "'players' = 3 does not go with 'partnerships' = true"),
    ],
    "unquoted-text.toml": [
        (
            "lead_against_loner",
            2,
            'text values need quotes, as in lead_against_loner = "left_of_loner"',
        ),
    ],
    "capital-true.toml": [("stick_the_dealer", 1, "write true or false in lower case")],
    "unknown-profile.toml": [
        ("profile", 1, "unknown profile 'texas'"),
        ("players", 2, "6 players need 31 cards"),
    ],
    "utf-16.toml": [(None, 1, "save it as UTF-8")],
    "many-problems.toml": [
        ("deck", 2, "'deck' must be 24 or 32, not 36"),
        ("stick_the_dealr", 3, "did you mean 'stick_the_dealer'?"),
        ("game_to", 4, "between 1 and 99 points"),
        ("house", 5, "table header"),
        ("joker", 6, "'joker' must be true or false"),
        ("game_to", 7, "given twice"),
    ],
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_every_problem_of_a_file_names_its_key_and_line(name: str) -> None:
    path = FILES / name
    with pytest.raises(RulesError) as info:
        Rules.from_file(path)
    expected = BAD_FILES[name]
    problems = info.value.problems
    assert [(p.key, p.line) for p in problems] == [(key, line) for key, line, _ in expected]
    for problem, (_key, _line, phrase) in zip(problems, expected, strict=True):
        assert phrase in problem.message
    listing = str(info.value).splitlines()
    assert len(listing) == len(expected)
    for text, (key, line, phrase) in zip(listing, expected, strict=True):
        assert text.startswith(f"{path}:{line}: " + (f"{key}: " if key else ""))
        assert text.endswith(problems[listing.index(text)].message) and phrase in text
    assert (info.value.key, info.value.line) == (expected[0][0], expected[0][1])


def test_the_text_reader_reports_the_same_problems_without_a_file_name() -> None:
    text = (FILES / "many-problems.toml").read_text(encoding="utf-8")
    with pytest.raises(RulesError) as info:
        Rules.from_toml(text)
    lines = str(info.value).splitlines()
    assert lines[0] == "line 2: 'deck' must be 24 or 32, not 36"
    assert [p.line for p in info.value.problems] == [2, 3, 4, 5, 6, 7]


def test_a_byte_order_mark_is_accepted() -> None:
    expected = Rules.profile("midwest").replace(game_to=7)
    assert Rules.from_file(FILES / "byte-order-mark.toml") == expected
    text = (FILES / "byte-order-mark.toml").read_text(encoding="utf-8")
    assert text.startswith("\ufeff")
    assert Rules.from_toml(text) == expected


def test_a_good_file_reads_as_its_rules() -> None:
    rules = Rules.from_file(FILES / "long-deck-canadian.toml")
    assert rules == Rules.profile("long-deck").replace(canadian_loner=True)


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="cannot be read"):
        Rules.from_file(tmp_path / "none.toml")


def test_the_implied_key_is_the_one_the_file_wrote() -> None:
    """``players = 3`` alone: the problem is about players (line 1), and it says what to add;
    written with ``partnerships = true`` too, both keys are named."""
    with pytest.raises(RulesError) as info:
        Rules.from_toml("players = 3\n")
    assert (info.value.key, info.value.line) == ("players", 1)
    assert "add partnerships = false" in str(info.value)
    with pytest.raises(RulesError) as info:
        Rules.from_toml("partnerships = true\nplayers = 3\n")
    assert (info.value.key, info.value.line) == ("players", 2)
    assert "'partnerships' and 'players' cannot be combined" in str(info.value)
    assert Rules.from_toml("players = 3\npartnerships = false\n").players == 3


def test_an_option_the_profile_sets_is_named_as_the_profiles() -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_toml('profile = "long-deck"\nplayers = 3\npartnerships = false\n')
    problem = info.value.problems[0]
    assert (problem.key, problem.line) == ("partnerships", 3)
    assert "'defend_alone' = true, which the long-deck profile has" in problem.message


def test_syntax_errors_are_all_reported_and_the_rest_still_checked() -> None:
    text = "game_to = = 7\ndeck = 36\nstick_the_dealer = yes\n"
    with pytest.raises(RulesError) as info:
        Rules.from_toml(text)
    assert [(p.key, p.line) for p in info.value.problems] == [
        ("game_to", 1),
        ("deck", 2),
        ("stick_the_dealer", 3),
    ]
    assert "not valid TOML" in info.value.problems[0].message


def test_dotted_keys_and_lists_are_one_value_each() -> None:
    problems = read_toml("house.game_to = 7\nplayers = [4, 6]\n").problems
    assert [(p.key, p.line) for p in problems] == [("house.game_to", 1), ("players", 2)]


def test_a_file_that_only_breaks_at_its_end_gets_its_last_line() -> None:
    for text in (
        'game_to = 7\nlead_against_loner = "left_of_loner',
        'game_to = 7\nlead_against_loner = "left_of_loner\n',
    ):
        problems = read_toml(text).problems
        assert [(p.key, p.line) for p in problems] == [("lead_against_loner", 2)]
        assert "no closing quote" in problems[0].message


def test_replace_reports_every_problem_too() -> None:
    with pytest.raises(RulesError) as info:
        Rules().replace(deck=36, joker="yes")
    assert [p.key for p in info.value.problems] == ["deck", "joker"]
    assert all(p.line is None for p in info.value.problems)


KEYS = [
    "profile",
    "players",
    "partnerships",
    "deck",
    "joker",
    "game_to",
    "stick_the_dealer",
    "lead_against_loner",
    "defend_alone",
    "canadian_loner",
    "stick_the_dealr",
]
VALUES = [
    "true",
    "false",
    "True",
    "3",
    "6",
    "32",
    "36",
    '"midwest"',
    '"left_of_loner"',
    "left_of_loner",
    '"open',
    "[1, 2]",
    "{a = 1}",
    "= 7",
    "",
]
LINES = st.one_of(
    st.builds(lambda k, v: f"{k} = {v}", st.sampled_from(KEYS), st.sampled_from(VALUES)),
    st.sampled_from(
        [
            "[house]",
            "[[house]]",
            "# a comment",
            "",
            "house.game_to = 7",
            "junk",
            "\ufeffgame_to = 7",
            '"players" = 4',
        ]
    ),
)


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(LINES, max_size=8))
def test_any_file_is_read_or_refused_with_every_problem_located(lines: list[str]) -> None:
    text = "\n".join(lines)
    try:
        Rules.from_toml(text)
    except RulesError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.line is not None and 1 <= problem.line <= max(1, len(lines))
            assert problem.message
        listed = str(exc).splitlines()
        assert len(listed) == len(exc.problems)
        assert all(line.startswith("line ") for line in listed)


@settings(max_examples=100, deadline=None)
@given(
    changes=st.fixed_dictionaries(
        {},
        optional={
            "players": st.sampled_from([2, 3, 4, 5, 6]),
            "partnerships": st.booleans(),
            "deck": st.sampled_from([24, 32]),
            "joker": st.booleans(),
            "no_trump": st.booleans(),
            "call_ace": st.booleans(),
            "canadian_loner": st.booleans(),
            "dealer_may_decline": st.booleans(),
            "game_to": st.integers(1, 99),
        },
    ),
    profile=st.sampled_from(Rules.profiles()),
)
def test_valid_rules_round_trip_through_a_file(changes: dict[str, object], profile: str) -> None:
    """Any combination is either refused (naming a key the file wrote, at its line) or read
    back from its own house-rules file."""
    text = f'profile = "{profile}"\n' + "".join(
        f"{key} = {str(value).lower()}\n" for key, value in changes.items()
    )
    try:
        rules = Rules.from_toml(text)
    except RulesError as exc:
        for problem in exc.problems:
            assert problem.key in changes
            assert problem.line == 2 + list(changes).index(problem.key)
    else:
        assert Rules.from_toml(rules.to_toml()) == rules
