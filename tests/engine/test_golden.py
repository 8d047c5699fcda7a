"""Golden transcripts: whole games recorded in EGN replay to the same deals, tricks and scores.

If a change to the engine alters any of these, it changed the rules or the dealing: look
hard before regenerating the files.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from euchre import from_egn

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("golden_game_*.egn"))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_golden_game_replays_exactly(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = json.loads(text)
    game = from_egn(text)
    assert list(game.score) == record["score"]
    assert game.winner == record["winner"]
    assert [h.deal.to_dict() for h in game.history] == [d["deal"] for d in record["deals"]]
    assert [[str(a) for a in h.actions] for h in game.history] == [
        d["actions"] for d in record["deals"]
    ]


def test_there_are_golden_games() -> None:
    assert len(FIXTURES) >= 3
