"""Checked by mypy (``make lint``), never run: a renderer of ``present/`` handed a whole
``HandState`` is a type error. Each ``# type: ignore[arg-type]`` below is needed, or
mypy (``warn_unused_ignores``, part of strict) fails on the ignore itself; the calls
with a seat's view need none."""

from __future__ import annotations

from euchre import Deal, HandState, Rules, coach
from euchre_tutorial.present.advice import advice_html
from euchre_tutorial.present.table import table_data
from euchre_tutorial.present.words import contract_words, prompt, told


def _calls() -> None:
    state = HandState.new(Deal.random(seed=1, dealer=0), Rules())
    view = state.view(0)
    names = ["You", "West", "North", "East"]
    told(view)
    prompt(view)
    contract_words(view, names)
    table_data(view)
    advice_html(coach(state), view)
    told(state)  # type: ignore[arg-type]
    prompt(state)  # type: ignore[arg-type]
    contract_words(state, names)  # type: ignore[arg-type]
    table_data(state)  # type: ignore[arg-type]
    advice_html(coach(state), state)  # type: ignore[arg-type]
