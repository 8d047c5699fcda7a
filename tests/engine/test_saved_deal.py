"""A saved deal (``HandState.to_json`` / ``to_dict``) read back: bad input gets a
ValueError that names the field, never a TypeError or KeyError, and loses nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from euchre import Deal, HandState, IllegalAction, Rules, RulesError


def saved() -> dict[str, Any]:
    state = HandState.new(Deal.random(seed=3, dealer=1), Rules()).apply("pass")
    data: dict[str, Any] = json.loads(state.to_json())
    return data


def test_a_saved_deal_round_trips() -> None:
    data = saved()
    assert HandState.from_dict(data).to_dict() == data


def test_actions_that_are_not_a_list_say_so() -> None:
    data = saved()
    data["actions"] = "pass"
    with pytest.raises(ValueError, match="'actions' must be a list of action texts, not a string"):
        HandState.from_json(json.dumps(data))
    data["actions"] = {"0": "pass"}
    with pytest.raises(ValueError, match=r"'actions' must be a list .* not an object"):
        HandState.from_dict(data)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("actions", [1], "action 1 in 'actions' must be a text"),
        ("actions", ["pass", None], "action 2 in 'actions' must be a text .* not null"),
        ("deal", [1, 2], "'deal' must be an object"),
        ("deal", "Ah", "'deal' must be an object .* not a string"),
        ("rules", 7, "'rules' must be an object of house rules, not a number"),
        ("rules", {"stick_dealer": True}, "'rules': unknown rule 'stick_dealer'"),
        ("actions", ["pass", "play Jd"], "action 2 in 'actions', 'play Jd': you cannot play"),
    ],
)
def test_every_wrong_field_is_named(field: str, value: Any, message: str) -> None:
    data = saved()
    data[field] = value
    with pytest.raises(ValueError, match=message):
        HandState.from_dict(data)


def test_the_error_kinds_stay_the_engines_own() -> None:
    data = saved()
    data["rules"] = {"stick_dealer": True}
    with pytest.raises(RulesError):
        HandState.from_dict(data)
    data = saved()
    data["actions"] = ["play Jd"]
    with pytest.raises(IllegalAction):
        HandState.from_dict(data)


def test_a_missing_or_broken_deal_is_named() -> None:
    data = saved()
    del data["deal"]
    with pytest.raises(ValueError, match="it has no 'deal'"):
        HandState.from_dict(data)
    data = saved()
    del data["deal"]["hands"]
    with pytest.raises(ValueError, match="not a saved deal: 'deal'"):
        HandState.from_dict(data)
    with pytest.raises(ValueError, match="expected an object, not a list"):
        HandState.from_dict([1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda deal: deal["hands"][1].pop(), "seat 1 holds 4 cards; everyone is dealt 5"),
        (lambda deal: deal["hands"][2].__setitem__(0, "7h"), "7♥ is not in a 24-card deck"),
        (lambda deal: deal["hands"][0].__setitem__(1, deal["hands"][3][0]), "is dealt twice"),
        (lambda deal: deal.__setitem__("dealer", 5), "seat 5 cannot deal"),
        (lambda deal: deal.__setitem__("upcard", None), "the deal has no upcard"),
    ],
)
def test_a_deal_the_rules_refuse_is_named_as_the_deal(change: Any, message: str) -> None:
    """Issue 43: a saved deal the rules cannot have says so as the 'deal' field's fault
    ("'deal': seat 1 holds 4 cards…"), not as a bare sentence with no field."""
    data = saved()
    change(data["deal"])
    with pytest.raises(ValueError) as info:
        HandState.from_dict(data)
    assert str(info.value).startswith("not a saved deal: 'deal': ")
    assert message in str(info.value)
