"""A lesson step's table as its learner sees it: the shared table of
:mod:`euchre_tutorial.present.table`, drawn from the seat's view, with the hands a lesson
lays face up on purpose (``reveal``).

>>> from euchre import Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=7, dealer=0), Rules())
>>> model = table_model(state, 2)
>>> model["names"], model["choices"], model["prompt"]
(['North', 'East', 'You', 'West'], [], 'East is deciding: order up the upcard or pass.')
>>> [s["hand"] is None for s in table_model(state, 2, reveal=True)["seats"]]
[False, False, False, False]
"""

from __future__ import annotations

from typing import Any

from euchre import HandState

from euchre_tutorial.present.table import TableUI, table_data


def lesson_ui(
    state: HandState, me: int, *, reveal: bool = False, note: str = "", disabled: bool = False
) -> TableUI:
    """The lesson's own state of the table: the hands it lays face up on purpose, and a
    hand locked once the step is decided (``note`` then says what comes next)."""
    shown = {s: tuple(state.hand(s)) for s in range(state.players) if s != me} if reveal else {}
    return TableUI(shown=shown, locked=bool(note), note=note, disabled=disabled)


def table_model(state: HandState, me: int, *, reveal: bool = False) -> dict[str, Any]:
    """Everything the table shows to ``me`` (JSON-ready)."""
    return table_data(state.view(me), lesson_ui(state, me, reveal=reveal))
