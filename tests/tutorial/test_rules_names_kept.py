"""Names kept as chosen: the rule set a teacher picks is the name on the link, the printed
sheet and the quiz the students open, even when another rule set holds the same options
(the teacher picked "Stick-the-dealer rules" and all three said "Midwest rules, with one
change…")."""

from __future__ import annotations

import json
from typing import Any

import pytest
from euchre import Rules
from euchre_tutorial.bridge import dispatch
from euchre_tutorial.present.quiz import rules_line
from euchre_tutorial.quiz.rules_code import code_in_words, parse_rules_code, rules_code
from euchre_tutorial.quiz.spec import QuizSpec, parse_query
from euchre_tutorial.site_rules import site_profiles

CHANGES = ["", ",game_to:7", "&deck=32", "&joker=1", ",game_to:7&deck=32", ",dealer_may_decline:1"]


def twins() -> list[tuple[str, str]]:
    """Pairs of rule sets that hold the same options (each name, and its twin)."""
    names = site_profiles()
    pairs = [
        (a, b) for a in names for b in names if a != b and Rules.profile(a) == Rules.profile(b)
    ]
    assert ("stick-the-dealer", "midwest") in pairs
    return pairs


def sheet(query: str) -> dict[str, Any]:
    reply = json.loads(
        dispatch("quiz.sheet", json.dumps({"config": {}, "rules": {}, "query": query}))
    )
    assert reply["ok"], reply
    value: dict[str, Any] = reply["value"]
    return value


@pytest.mark.parametrize("change", CHANGES)
@pytest.mark.parametrize(("name", "twin"), twins())
def test_the_chosen_rule_set_names_the_link_the_sheet_and_the_quiz(
    name: str, twin: str, change: str
) -> None:
    title = Rules.profile_title(name)
    other = Rules.profile_title(twin)
    query = f"seed=5&count=3&rules={name}{change}"
    spec, notes = parse_query(query, QuizSpec())
    assert notes == []
    assert spec.rules.split(",")[0] == name, spec.rules  # the link
    link = spec.to_query()
    assert f"rules={name}" in link
    said = rules_line(link)  # the quiz the students open
    assert said.startswith(f"This quiz plays by {title}") and other not in said, said
    model = sheet(query)  # the printed sheet and the form's status
    assert f"{title}" in model["subtitle"] and other not in model["subtitle"]
    assert f"rules={name}" in model["spec"]["query"]


def test_a_code_keeps_its_rule_set_through_a_round_trip() -> None:
    for name in site_profiles():
        for extra in ["", ",game_to:7", ",deck:32,joker:1"]:
            code = f"{name}{extra}"
            rules = parse_rules_code(code)
            assert rules_code(rules, name).split(",")[0] == name
            assert code_in_words(code).startswith(Rules.profile_title(name))


def test_rules_no_one_chose_still_take_the_first_rule_set_that_fits() -> None:
    same = Rules.profile("stick-the-dealer").replace(game_to=7)
    assert rules_code(same) == "midwest,game_to:7"
    spec, _ = parse_query("rules=game_to:7", QuizSpec())
    assert spec.rules == "american,game_to:7"
