"""A learner's click goes one way through the tutorial's files: the bridge, the widget
(its session and the engine's answer), then ``present/`` drawing what the seat sees. The
path is measured with ``sys.setprofile`` over one free-play click's handler call, from the
bridge in: the project files entered (a file is entered when none of its functions is
running), and the returns to a file already left (entered again after all its functions
had returned). Issue 45 counted 19 files and 35 returns with a coarser count; by this one
the click below entered 12 files and came back 249 times before the tutorial was made one
way (seat names worked out again for each action told, each region of each frame asked
of ``present/`` one by one), 214 after; most of what is left are the markup helpers
(``present/markup.py``, 142, and ``present/cards.py``, 22) every renderer calls down to."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

import euchre_tutorial
from euchre_tutorial import bridge
from euchre_tutorial.widgets.game import SEAT, Save, _game

ROOT = str(Path(euchre_tutorial.__file__).parent) + "/"
#: The bounds this click reached (files entered, returns to a file already left): 12 and
#: 214 when the path was made one way; Bid Euchre's drawing (present/bids.py, asked
#: whether the deal is bid for) added one file and two returns; scheduling the learner's
#: progress record with the decision (widgets/_answers.py, one request per decision) one
#: more. The click measured sends no progress record: one that does also enters mastery/.
#: Saying the learner's own move ("You play 9♠.", present/words.py) two more returns.
MOST_FILES = 14
MOST_RETURNS = 218


def _value(method: str, payload: dict[str, Any]) -> dict[str, Any]:
    reply = json.loads(bridge.dispatch(method, json.dumps(payload)))
    assert reply["ok"], reply
    value: dict[str, Any] = reply["value"]
    return value


def _first_card_click() -> str:
    """The payload of the learner's first card played in a fixed game (easy computer
    players: their moves do not depend on a time budget)."""
    reply = _value("game.new", {"profile": "american", "seed": 3, "level": "easy"})
    while True:
        state = _game(Save.unpack(reply["save"])).state
        if state.phase.name == "PLAY" and state.to_act == SEAT:
            card = state.legal_actions()[0].card
            return json.dumps({"save": reply["save"], "card": card.code})
        action = str(state.legal_actions()[0])
        reply = _value("game.act", {"save": reply["save"], "action": action})


class PathRecorder:
    """The project files a call enters, in order, and the returns to one already left."""

    def __init__(self) -> None:
        self.running: Counter[str] = Counter()
        self.entered: list[str] = []
        self.returns: Counter[str] = Counter()

    def __call__(self, frame: FrameType, event: str, _arg: Any) -> None:
        name = frame.f_code.co_filename
        if event not in ("call", "return") or not name.startswith(ROOT):
            return
        name = name[len(ROOT) :]
        if event == "return":
            self.running[name] -= 1
            return
        if not self.running[name]:
            if name in self.entered:
                self.returns[name] += 1
            self.entered.append(name)
        self.running[name] += 1


def record(method: str, payload: str) -> PathRecorder:
    recorder = PathRecorder()
    sys.setprofile(recorder)
    try:
        bridge.dispatch(method, payload)
    finally:
        sys.setprofile(None)
    return recorder


def test_a_free_play_click_goes_one_way_through_the_files() -> None:
    path = record("game.act", _first_card_click())
    files = set(path.entered)
    assert path.entered[0] == "bridge.py" and "widgets/_clicks.py" in files
    assert "present/table.py" in files
    returns = sum(path.returns.values())
    assert len(files) <= MOST_FILES and returns <= MOST_RETURNS, (len(files), path.returns)
    # the widget hands the frame to present/ whole: it is never entered again from there
    assert path.returns["widgets/game.py"] == 0, path.returns
    assert path.returns["bridge.py"] == 0


def test_the_recorder_counts_a_return_to_a_file_left() -> None:
    recorder = PathRecorder()
    sys.setprofile(recorder)
    try:
        euchre_tutorial.present.markup.escape("a")
        euchre_tutorial.present.markup.escape("b")
    finally:
        sys.setprofile(None)
    assert recorder.entered == ["present/markup.py", "present/markup.py"]
    assert recorder.returns == Counter({"present/markup.py": 1})
