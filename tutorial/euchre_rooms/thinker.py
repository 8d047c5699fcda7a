"""A thinker process (``python -m euchre_rooms.thinker``): one line of JSON in, one out.

A question is ``{"i": n, "k": "choose", "l": level, "seed": s, "s": state}`` (a computer
player's move) or ``{"i": n, "k": "weigh", "seat": s, "t": action, "s": state}`` (the
coach's verdict on a person's move), ``state`` being ``HandState.to_dict()``. The answer
is ``{"i": n, "a": action}`` or ``{"i": n, "v": verdict or null}``, with ``"cpu"`` (the
seconds it took) and, instead, ``"e"`` when the question could not be answered.

>>> from euchre import Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=1, dealer=0, rules=Rules()), Rules())
>>> answer({"i": 1, "k": "weigh", "seat": 1, "t": "order alone", "s": state.to_dict()})["v"]
{'skill': 'ordering-up', 'item': 'ordering up when an opponent deals', 'correct': False}
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from euchre import HandState

from euchre_rooms.thinking import choose_move
from euchre_rooms.verdicts import weighed_move


def answer(question: dict[str, Any]) -> dict[str, Any]:
    """The answer to one question."""
    start = time.process_time()
    out: dict[str, Any] = {"i": question["i"]}
    try:
        state = HandState.from_dict(question["s"])
        if question["k"] == "choose":
            out["a"] = str(choose_move(question["l"], int(question["seed"]), state))
        else:
            out["v"] = weighed_move(state, int(question["seat"]), str(question["t"]))
    except Exception as exc:  # the server thinks it itself
        out["e"] = f"{type(exc).__name__}: {exc}"
    out["cpu"] = round(time.process_time() - start, 6)
    return out


def main() -> None:
    """Answer every question on stdin, in order, until it closes."""
    for line in sys.stdin.buffer:
        sys.stdout.write(json.dumps(answer(json.loads(line)), separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
