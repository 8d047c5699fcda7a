"""Free play records a decision in the progress map with the one request that made it:
``game.act`` takes the page's progress record and times along and answers with the answer
scheduled in it. The record a scripted game leaves is the one the page kept before, when
it asked ``progress.record_answer`` separately after each reply."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import euchre
from euchre_tutorial import bridge
from euchre_tutorial.widgets.game import Save, _game

from tests.free_play import model_of
from tests.refusals import illegal_plays

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def value(method: str, payload: Any) -> Any:
    reply = json.loads(bridge.dispatch(method, json.dumps(payload)))
    assert reply["ok"], reply
    return reply["value"]


def new_game(seed: int) -> dict[str, Any]:
    """A new free-play game's model at the learner's first decision."""
    model = model_of(value("game.new", {"profile": "american", "seed": seed, "level": "easy"}))
    while model["computer_turn"]:
        model = model_of(value("game.next", {"save": model["save"]}))
    return model


def times(step: int) -> dict[str, str]:
    """The page's times for the ``step``-th decision: a minute apart, the day's end."""
    now = START + timedelta(minutes=step)
    return {"now": now.isoformat(), "day_end": now.replace(hour=23, minute=59).isoformat()}


def today(record: Any, mastery: Any, step: int) -> Any:
    """The record as the page kept it before: a separate ``progress.record_answer``."""
    if mastery is None:
        return record
    return value("progress.record_answer", {"record": record, **times(step), **mastery})["record"]


def scripted_actions(save: str, turn: int) -> list[dict[str, str]]:
    """The learner's clicks at a decision: a card the rules refuse first (when there is
    one), then the coach's choice or, every third turn, its worst alternative."""
    state = _game(Save.unpack(save)).state
    refused = [{"card": play.removeprefix("play ")} for play in illegal_plays(state)[:1]]
    advice = euchre.coach(state)
    chosen = advice.alternatives[-1][0] if turn % 3 == 0 else advice.action
    if state.phase is euchre.Phase.PLAY:
        return [*refused, {"card": chosen.cards[0].code}]
    return [*refused, {"action": str(chosen)}]


def play_scripted(seed: int, decisions: int) -> tuple[Any, Any, int]:
    """Play ``decisions`` learner decisions, keeping the record both ways: the one each
    ``game.act`` reply brings (``progress``) and today's. -> (folded, today's, answers)."""
    model = new_game(seed)
    folded: Any = None
    kept: Any = None
    answers = step = 0
    for turn in range(decisions):
        if model["review"]:
            model = model_of(value("game.continue", {"save": model["save"]}))
        if model["winner"]:
            break
        for click in scripted_actions(model["save"], turn):
            step += 1
            sent = {"record": json.dumps(folded) if folded else None, **times(step)}
            reply = value("game.act", {"save": model["save"], **click, "progress": sent})
            assert ("progress" in reply) == (reply["mastery"] is not None), reply.keys()
            if reply["mastery"] is not None:
                answers += 1
                folded = reply["progress"]["record"]
                assert reply["progress"]["notes"] == []
            kept = today(kept, reply["mastery"], step)
            assert folded == kept
            if "frames" in reply:
                model = model_of(reply)
    return folded, kept, answers


def test_a_scripted_game_leaves_the_record_it_left_before() -> None:
    folded, kept, answers = play_scripted(seed=7, decisions=14)
    assert answers >= 5, "the script must record answers: refused cards and worse bids"
    assert folded == kept
    skills = {e["skill"] for e in folded["items"]}
    assert {"trick-winner", "ordering-up"} <= skills, skills


def test_a_refused_card_brings_its_miss_scheduled() -> None:
    """The refusal's reply is one message too: the miss is in the record it brings."""
    model = new_game(3)
    for turn in range(40):
        state = _game(Save.unpack(model["save"])).state
        refused = illegal_plays(state) if not model["review"] else []
        if refused:
            card = refused[0].removeprefix("play ")
            sent = {"record": None, **times(1)}
            reply = value("game.act", {"save": model["save"], "card": card, "progress": sent})
            if reply["mastery"] is None:
                continue
            assert reply["illegal"]
            assert reply["progress"]["record"] == today(None, reply["mastery"], 1)
            return
        if model["review"]:
            model = model_of(value("game.continue", {"save": model["save"]}))
            continue
        click = scripted_actions(model["save"], turn + 1)[-1]
        model = model_of(value("game.act", {"save": model["save"], **click}))
    raise AssertionError("no refusable card came up")


def test_a_damaged_record_is_repaired_with_the_same_notes() -> None:
    model = new_game(5)
    action = str(euchre.coach(_game(Save.unpack(model["save"])).state).action)
    sent = {"record": "{not json", **times(1)}
    reply = value("game.act", {"save": model["save"], "action": action, "progress": sent})
    if reply["mastery"] is None:  # a close call trains nothing: nothing to schedule
        assert "progress" not in reply
        return
    separate = value("progress.record_answer", {**sent, **reply["mastery"]})
    assert reply["progress"] == separate
    assert separate["notes"]


def test_times_that_cannot_be_read_leave_the_move_taken_and_unscheduled() -> None:
    """The game goes on; the page asks ``progress.record_answer`` itself, which says why."""
    model = new_game(5)
    state = _game(Save.unpack(model["save"])).state
    worst = str(euchre.coach(state).alternatives[-1][0])
    plain = value("game.act", {"save": model["save"], "action": worst})
    odd = value(
        "game.act",
        {"save": model["save"], "action": worst, "progress": {"record": None, "now": "soon"}},
    )
    assert odd == plain and "progress" not in odd


def test_without_a_record_the_reply_is_as_before() -> None:
    model = new_game(5)
    action = str(euchre.coach(_game(Save.unpack(model["save"])).state).action)
    reply = value("game.act", {"save": model["save"], "action": action})
    assert "progress" not in reply and "frames" in reply
