"""The try-again and progress bridge handlers: a bad link or a tampered panel gets one
friendly sentence (never a traceback); a good link opens the try at that decision."""

from __future__ import annotations

import json
import re
from typing import Any

import euchre
import pytest
from euchre import Rules
from euchre_tutorial.bridge import dispatch
from euchre_tutorial.tryagain.branch import branch, decisions, finished_deal
from euchre_tutorial.tryagain.hindsight import review_bids, review_plays
from euchre_tutorial.tryagain.own import SAMPLE_NOTE
from euchre_tutorial.widgets.game import finished_deals

from tests.free_play import free_play_save

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
        (
            euchre.to_share_code(euchre.HandState.new(PLAYED.deal, PLAYED.rules)),
            "0",
            "not finished",
        ),
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
    legal = [
        a
        for a in euchre.from_share_code(start["current"]).legal_actions()
        if a != PLAYED.actions[CHOICE]
    ]
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
    reply = call(
        "progress.view",
        {"record": "{broken", "now": "2026-03-01T12:00:00Z", "day_end": "2026-03-01T23:59:59Z"},
    )
    assert reply["ok"]
    assert reply["value"]["notes"] == [
        "Your saved progress could not be read, so it has been started again."
    ]
    assert "could not be read" in reply["value"]["html"]


def test_progress_after_a_miss_the_item_is_due_today() -> None:
    times = {"now": "2026-03-01T12:00:00Z", "day_end": "2026-03-01T23:59:59Z"}
    record = call(
        "progress.record_answer",
        {
            "record": None,
            "skill": "left-bower",
            "item": "left bower follows hearts",
            "correct": False,
            **times,
        },
    )["value"]["record"]
    due = call("progress.due", {"record": record, "skill": None, **times})["value"]["items"]
    assert [d["item"] for d in due] == ["left bower follows hearts"]
    html = call("progress.view", {"record": record, **times})["value"]["html"]
    assert "left bower follows hearts" in html and "later today" in html


def test_progress_export_import_and_refusal() -> None:
    times = {"now": "2026-03-01T12:00:00Z", "day_end": "2026-03-01T23:59:59Z"}
    record = call(
        "progress.record_answer",
        {"record": None, "skill": "scoring", "item": "march", "correct": True, **times},
    )["value"]["record"]
    exported = call("progress.export", {"record": record, **times})["value"]
    assert exported["filename"] == "euchre-progress-2026-03-01.json"
    back = call("progress.import", {"text": exported["text"], **times})["value"]
    assert back["record"] == record
    refused = call("progress.import", {"text": "hello", **times})
    assert refused["ok"] is False and "not a progress file" in refused["error"]
    unknown = call(
        "progress.record_answer",
        {"record": record, "skill": "juggling", "item": "x", "correct": True, **times},
    )
    assert unknown["ok"] is False and "unknown skill" in unknown["error"]


# ------------------------------------------------------------------ your own deals
def links_in(html: str) -> list[tuple[str, int]]:
    """The (deal, at) of every try-again link in ``html``."""
    found = re.findall(r'href="\?deal=([^"&]+)&amp;at=(\d+)"', html)
    return [(deal, int(at)) for deal, at in found]


def test_without_a_free_play_game_the_sample_says_what_it_is() -> None:
    for payload in ({}, {"save": "not a save"}, {"save": free_play_save(0)}):
        html = call("try_again.own_deals", payload)["value"]["html"]
        assert html == SAMPLE_NOTE
        assert "sample deal" in html and 'href="../play/"' in html


def test_the_latest_deals_of_the_free_play_game_are_offered_latest_first() -> None:
    save = free_play_save(7)
    deals = finished_deals(save)
    html = call("try_again.own_deals", {"save": save})["value"]["html"]
    numbers = [int(n) for n in re.findall(r"<strong>Deal (\d+):</strong>", html)]
    assert numbers == [7, 6, 5, 4, 3]
    links = links_in(html)
    assert [deal for deal, _ in links] == [euchre.to_share_code(deals[n - 1]) for n in numbers]
    for deal, at in links:
        reply = call("try_again.open", {"deal": deal, "at": at})
        assert reply["ok"], reply
        assert reply["value"]["session"]["at"] == at
        state = euchre.from_share_code(deal)
        assert state.actors[at] == 0 and state.actions[at].kind == "play"
        assert len(branch(state, at).legal_actions()) > 1


def test_a_play_that_cost_a_trick_links_to_a_try_from_it() -> None:
    for seed in range(1, 40):
        played = finished_deal(seed, Rules())
        costly = [r for r in review_plays(played, 0) if r.cost > 0]
        if costly:
            break
    else:
        pytest.fail("no sample deal with a costly play")
    code = euchre.to_share_code(played)
    at = next(d.k for d in decisions(played) if d.seat == 0 and d.choices > 1)
    html = call("try_again.open", {"deal": code, "at": at})["value"]["html"]
    hindsight = html.split("With all cards shown", 1)[1].split("Your bids", 1)[0]
    linked = {k for deal, k in links_in(hindsight) if deal == code}
    assert linked == {r.k for r in costly} - {at}
    bids = [r for r in review_bids(played, 0) if r.made != r.advised and r.k != at]
    assert {k for _, k in links_in(html.split("Your bids", 1)[-1])} == {r.k for r in bids}


@pytest.mark.parametrize(
    ("at", "words"),
    [
        ("999", "This link asks for decision 999, which this deal does not have"),
        (str(len(PLAYED.actions)), "does not have: its decisions are numbered 0 to"),
        (str(FORCED), "only one thing to do"),
        (None, "does not say which decision"),
        ("three", "does not say which decision"),
    ],
)
def test_the_page_s_address_opens_its_deal_even_at_a_decision_it_lacks(at: Any, words: str) -> None:
    """`&at=999` opened the sample deal instead of the link's: the link's deal opens, from
    its first card play with a choice, and the note says the decision does not exist."""
    reply = call("try_again.open_address", {"deal": CODE, "at": at})
    assert reply["ok"], reply
    value = reply["value"]
    assert value["session"]["deal"] == CODE and value["session"]["at"] == CHOICE
    assert (
        words in value["note"]
        and "Here is the deal instead, tried again from trick" in value["note"]
    )
    assert "Traceback" not in value["note"] and 'data-action="act"' in value["html"]


def test_the_page_s_address_with_a_good_link_has_no_note_and_a_bad_deal_is_refused() -> None:
    good = call("try_again.open_address", {"deal": CODE, "at": str(CHOICE)})["value"]
    assert good["note"] == "" and good["session"]["at"] == CHOICE
    bad = call("try_again.open_address", {"deal": "e1nonsense", "at": "999"})
    assert bad["ok"] is False and "could not be read" in bad["error"]
