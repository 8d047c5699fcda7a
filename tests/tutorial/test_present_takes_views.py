"""``present/`` draws from one seat's view only: no function of any of its modules takes
a whole ``HandState`` or a ``DealCore`` (the hidden cards of every seat), by its type
hints; and no parameter is left open (``Any``, ``object``) for one to slip through,
beyond the two that take plain data for the page. ``tests/typecheck/present_views.py`` is
the same promise as mypy checks it: handing a ``HandState`` to a renderer is an error."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import typing
from collections.abc import Callable, Iterator
from typing import Any

import euchre
import euchre_tutorial.present as present
from euchre.core import DealCore

WHOLE_STATES = (euchre.HandState, DealCore)
#: Parameters that take anything: plain data written into the page, never a state.
OPEN = {
    "euchre_tutorial.present.island.json_island": "data",  # JSON for the page
    "euchre_tutorial.present.markup.escape": "text",  # any value as escaped text
}


def _members(name: str, value: Any) -> Iterator[tuple[str, Callable[..., Any]]]:
    """A module's function, or each method (class and static ones too) of its class."""
    if inspect.isfunction(value):
        yield name, value
    elif inspect.isclass(value):
        for member, raw in vars(value).items():
            func = getattr(raw, "__func__", raw)
            if inspect.isfunction(func):
                yield f"{name}.{member}", func


def _functions() -> Iterator[tuple[str, Callable[..., Any]]]:
    for info in pkgutil.iter_modules(present.__path__):
        module = importlib.import_module(f"{present.__name__}.{info.name}")
        for name, value in vars(module).items():
            if getattr(value, "__module__", None) == module.__name__:
                yield from _members(f"{module.__name__}.{name}", value)


def _names(hint: Any) -> Iterator[Any]:
    """``hint`` and every type inside it (unions, generics)."""
    yield hint
    for inner in typing.get_args(hint):
        yield from _names(inner)


def test_present_has_functions_to_check() -> None:
    names = [name for name, _ in _functions()]
    assert len(names) > 150
    assert "euchre_tutorial.present.words.describe" in names
    assert "euchre_tutorial.present.advice.advice_html" in names


def test_no_function_of_present_takes_or_returns_a_whole_deal() -> None:
    found = []
    for name, func in _functions():
        for param, hint in typing.get_type_hints(func).items():
            if any(inner in WHOLE_STATES for inner in _names(hint)):
                found.append(f"{name}({param})")
    assert found == []


def test_no_parameter_of_present_is_left_open_to_any_value() -> None:
    found = {}
    for name, func in _functions():
        for param, hint in typing.get_type_hints(func).items():
            if param != "return" and hint in (Any, object):
                found[name] = param
    assert found == OPEN


def test_the_check_finds_a_renderer_that_takes_the_whole_state() -> None:
    """The check itself: a function annotated with a HandState is found."""

    def leaky(state: euchre.HandState | euchre.SeatView) -> str:
        return str(state)

    hints = typing.get_type_hints(leaky, globalns={"euchre": euchre})
    assert any(inner in WHOLE_STATES for inner in _names(hints["state"]))
