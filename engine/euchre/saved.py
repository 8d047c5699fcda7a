"""Reading a saved deal (``HandState.to_dict``'s output) field by field: each refusal names
the field at fault, in words ("not a saved deal: 'deal': seat 1 holds 4 cards; everyone is
dealt 5"). ``HandState.from_dict`` then replays its actions, naming the one refused.

>>> read_saved_deal({"deal": {"dealer": 0, "hands": [["9c"]] * 4, "upcard": "Ah"}})
Traceback (most recent call last):
...
euchre.deal.DealError: not a saved deal: 'deal': 9♣ is dealt twice
"""

from __future__ import annotations

from typing import Any

from euchre.deal import Deal, DealError
from euchre.rules import Rules, RulesError

_PREFIX = "not a saved deal"


def read_saved_deal(data: Any) -> tuple[Rules, Deal, list[str]]:
    """The rules, the deal (checked against the rules) and the action texts of a saved
    deal; anything else raises ValueError (``RulesError`` for the rules, ``DealError`` for
    the deal) naming the field that is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"{_PREFIX}: expected an object, not {_kind(data)}")
    rules_data = data.get("rules", {})
    if not isinstance(rules_data, dict):
        raise ValueError(
            f"{_PREFIX}: 'rules' must be an object of house rules, not {_kind(rules_data)}"
        )
    actions = _actions(data.get("actions", []))
    deal_data = _deal_data(data)
    try:
        rules = Rules.from_dict(rules_data)
    except RulesError as exc:
        raise RulesError(f"{_PREFIX}: 'rules': {exc}", exc.key, exc.line) from None
    try:
        deal = Deal.from_dict(deal_data)
        deal.check(rules)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise DealError(f"{_PREFIX}: 'deal': {exc}") from None
    return rules, deal, actions


def _deal_data(data: dict[str, Any]) -> dict[str, Any]:
    if "deal" not in data:
        raise ValueError(f"{_PREFIX}: it has no 'deal'")
    deal_data = data["deal"]
    if not isinstance(deal_data, dict):
        raise ValueError(
            f"{_PREFIX}: 'deal' must be an object (dealer, hands, upcard, kitty), "
            f"not {_kind(deal_data)}"
        )
    return deal_data


def _actions(actions: Any) -> list[str]:
    if not isinstance(actions, list):
        raise ValueError(
            f"{_PREFIX}: 'actions' must be a list of action texts, not {_kind(actions)}"
        )
    for number, action in enumerate(actions, 1):
        if not isinstance(action, str):
            raise ValueError(
                f"{_PREFIX}: action {number} in 'actions' must be a text like "
                f"'pass' or 'play Jd', not {_kind(action)}"
            )
    return actions


def _kind(value: object) -> str:
    """A JSON value's kind in words, for messages."""
    if value is None:
        return "null"
    names = {
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }
    return names.get(type(value), type(value).__name__)
