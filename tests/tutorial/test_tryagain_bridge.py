"""The try-again and progress bridge handlers: a bad link or a tampered panel gets one
friendly sentence (never a traceback); a good link opens the try at that decision."""

from __future__ import annotations

import json
from typing import Any

import euchre
import pytest
from euchre import Rules
from euchre_tutorial.bridge import dispatch
from euchre_tutorial.tryagain.branch import decisions, finished_deal

PLAYED = finished_deal(3, Rules())
CODE = euchre.to_share_code(PLAYED)
FORCED = next(d.k for d in decisions(PLAYED) if d.choices == 1)
CHOICE = next(d.k for d in decisions(PLAYED) if d.choices > 1 and d.action.kind == "play")


def call(method: str, payload: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(dispatch(method, json.dumps(payload)))
    return reply


def test_a_good_link_opens_the_try() -> None:
    reply = call("try_again.open", {"deal": CODE, "at": str(CHOICE)})
    assert reply["ok"], reply
    value = reply["value"]
    assert value["session"]["at"] == CHOICE and value["session"]["tries"] == []
    assert "Try again from trick" in value["html"] and 'data-action="act"' in value["html"]


@pytest.mark.parametrize(
    ("deal", "at", "words"),
    [
        (None, "3", "does not name a deal"),
        ("e1nonsense", "3", "could not be read"),
        (CODE[:-9], "3", "could not be read"),
        (CODE, None, "does not say which decision"),
        (CODE, "three", "does not say which decision"),
        (CODE, "999", "cannot be tried again from decision 999"),
        (CODE, str(FORCED), "only one thing to do"),
        (euchre.to_share_code(euchre.HandState.new(PLAYED.deal, PLAYED.rules)), "0", "not finished"),
    ],
)
def test_a_bad_link_gets_one_friendly_sentence(deal: Any, at: Any, words: str) -> None:
    reply = call("try_again.open", {"deal": deal, "at": at})
    assert reply["ok"] is False
    assert words in reply["error"]
    assert "Traceback" not in reply["error"] and reply["error"].count(". ") == 0


def test_a_tampered_panel_is_refused_in_words() -> None:
    session = call("try_again.open", {"deal": CODE, "at": CHOICE})["value"]["session"]
    other = euchre.to_share_code(finished_deal(4, Rules()))
    reply = call("try_again.act", {"session": {**session, "current": other}, "value": "pass"})
    assert reply["ok"] is False and "open the link again" in reply["error"]
    reply = call("try_again.act", {"session": session, "value": "play Zz"})
    assert reply["ok"] is False and reply["error"]


def test_play_a_try_through_the_bridge_and_compare() -> None:
    value = call("try_again.open", {"deal": CODE, "at": CHOICE})["value"]
    start = value["session"]
    legal = [a for a in euchre.from_share_code(start["current"]).legal_actions()
             if a != PLAYED.actions[CHOICE]]
    value = call("try_again.act", {"session": start, "value": str(legal[0])})["value"]
    value = call("try_again.finish", {"session": value["session"]})["value"]
    assert len(value["session"]["tries"]) == 1 and value["session"]["current"] is None
    assert "Try 1" in value["html"] and "As played" in value["html"]
    again = call("try_again.new_try", {"session": value["session"]})["value"]
    assert again["session"]["current"] is not None and len(again["session"]["tries"]) == 1


def test_the_composer_makes_a_link_and_a_sheet() -> None:
    reply = call("try_again.compose", {"seed": "5", "at": None, "rules": {}})
    assert reply["ok"]
    html = reply["value"]["html"]
    assert "../try-again/?deal=e1" in html and "Answer key" in html
    bad = call("try_again.compose", {"seed": "five", "rules": {}})
    assert bad["ok"] is False and "whole number" in bad["error"]


def test_progress_handlers_repair_a_damaged_record_with_a_note() -> None:
    reply = call("progress.view", {"record": "{broken", "now": "2026-03-01T12:00:00Z",
                                   "day_end": "2026-03-01T23:59:59Z"})
    assert reply["ok"]
    assert reply["value"]["notes"] == ["Your saved progress could not be read, so it has been started again."]
    assert "could not be read" in reply["value"]["html"]


def test_progress_after_a_miss_the_item_is_due_today() -> None:
    times = {"now": "2026-03-01T12:00:00Z", "day_end": "2026-03-01T23:59:59Z"}
    record = call("progress.record_answer", {"record": None, "skill": "left-bower",
                                             "item": "left bower follows hearts",
                                             "correct": False, **times})["value"]["record"]
    due = call("progress.due", {"record": record, "skill": None, **times})["value"]["items"]
    assert [d["item"] for d in due] == ["left bower follows hearts"]
    html = call("progress.view", {"record": record, **times})["value"]["html"]
    assert "left bower follows hearts" in html and "later today" in html


def test_progress_export_import_and_refusal() -> None:
    times = {"now": "2026-03-01T12:00:00Z", "day_end": "2026-03-01T23:59:59Z"}
    record = call("progress.record_answer", {"record": None, "skill": "scoring", "item": "march",
                                             "correct": True, **times})["value"]["record"]
    exported = call("progress.export", {"record": record, **times})["value"]
    assert exported["filename"] == "euchre-progress-2026-03-01.json"
    back = call("progress.import", {"text": exported["text"], **times})["value"]
    assert back["record"] == record
    refused = call("progress.import", {"text": "hello", **times})
    assert refused["ok"] is False and "not a progress file" in refused["error"]
    unknown = call("progress.record_answer", {"record": record, "skill": "juggling", "item": "x",
                                              "correct": True, **times})
    assert unknown["ok"] is False and "unknown skill" in unknown["error"]
