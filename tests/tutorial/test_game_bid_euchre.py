"""Free play's Bid Euchre through the bridge: the New game form offers it in a group of its
own, a table it is not played at is refused in words, the coach answers on a bid, a saved
game resumes as it stood, a finished deal's share link opens it, and its EGN replays."""

from __future__ import annotations

import json
import re
from typing import Any

import euchre
from euchre import Rules
from euchre.players import computer_player
from euchre_tutorial import bridge
from euchre_tutorial.widgets.game import Save, _game, render

from tests.free_play import advice_of, model_of
from tests.tutorial.test_game_bridge import shared_review


def reply(method: str, payload: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.dispatch(method, json.dumps(payload)))
    return answer


def value(method: str, payload: dict[str, Any]) -> dict[str, Any]:
    answer = reply(method, payload)
    assert answer["ok"], answer
    result: dict[str, Any] = answer["value"]
    return result


def to_my_turn(model: dict[str, Any]) -> dict[str, Any]:
    """The model at the learner's decision (one request plays the computer seats to it)."""
    while model["computer_turn"]:
        model = model_of(value("game.next", {"save": model["save"]}))
    return model


def new_game(seed: int = 5) -> dict[str, Any]:
    reply_ = value("game.new", {"profile": "bid-euchre", "table": "4", "seed": seed})
    return to_my_turn(model_of(reply_))


def test_the_form_offers_bid_euchre_beside_the_euchre_rules() -> None:
    html = render({"level": "normal"}, Rules())
    groups = re.findall(r'<optgroup label="([^"]+)">(.*?)</optgroup>', html)
    assert [label for label, _ in groups] == ["Euchre", "Bid Euchre"]
    assert 'value="bid-euchre"' in groups[1][1] and "This site" in groups[0][1]
    assert '<label for="eu-game-profile">Game and rules</label>' in html


def test_a_bid_euchre_build_offers_its_own_rules_in_the_bid_euchre_group() -> None:
    house = Rules.profile("bid-euchre").replace(game_to=10, defenders_score=False)
    html = render({"level": "normal"}, house)
    groups = dict(re.findall(r'<optgroup label="([^"]+)">(.*?)</optgroup>', html))
    assert "This site" in groups["Bid Euchre"] and "This site" not in groups["Euchre"]
    model = model_of(value("game.new", {"profile": "site", "table": "4", "rules": house.to_dict()}))
    assert model["game_to"] == 10 and model["rules"]["variant"] == "bid"


def test_bid_euchre_at_another_table_is_refused_in_words() -> None:
    answer = reply("game.new", {"profile": "bid-euchre", "table": "3"})
    assert not answer["ok"]
    assert "Bid Euchre is played at one table: four players in two teams" in answer["error"]


def test_the_first_decision_is_a_bid_and_the_coach_answers_it() -> None:
    model = new_game()
    table = model["table"]
    assert table["phase"] == "auction" and len(table["seats"][0]["hand"]) == 6
    assert table["upcard"] is None
    labels = [c["label"] for c in table["choices"]]
    assert "Shoot the moon" in labels and "Pass" in labels
    advice = advice_of(value("game.hint", {"save": model["save"]}), model["save"])
    assert advice["action"] == "pass" or advice["action"].startswith("bid")
    assert advice["words"] and "Coach" in advice["html"]


def test_a_saved_game_resumes_as_it_stood() -> None:
    model = new_game(seed=8)
    bids = [c["action"] for c in model["table"]["choices"] if c["action"].startswith("bid")]
    act = {"save": model["save"], "action": bids[0]}  # the lowest bid still open
    model = to_my_turn(model_of(value("game.act", act)))
    again = value("game.state", {"save": model["save"]})
    assert again["save"] == model["save"] and len(again["frames"]) == 1  # nobody moved
    shown = model_of(again)
    assert shown["table"]["prompt"] == model["table"]["prompt"]
    assert shown["table"]["seats"][0]["hand"] == model["table"]["seats"][0]["hand"]
    assert shown["table"]["contract"] == model["table"]["contract"]


def finished_deal(seed: int) -> euchre.HandState:
    state = _game(Save.unpack(new_game(seed)["save"])).state
    players = [computer_player("easy", seed=s) for s in range(4)]
    while state.result is None:
        state = state.apply(players[state.to_act].choose(state))
    return state


def test_a_share_link_of_a_bid_euchre_deal_opens_it() -> None:
    state = finished_deal(11)
    shared = shared_review(state)
    assert shared["upcard"] is None
    assert re.search(r"dealt\. \w+ (bid [1-6]|shot the moon)", shared["facts"]), shared["facts"]
    assert "turned up" not in shared["facts"]
    assert len(shared["tricks"]) == 6
    broken = reply("game.shared", {"code": euchre.to_share_code(state)[:-6]})
    assert not broken["ok"] and "could not be opened" in broken["error"]


def play_to_the_review(model: dict[str, Any]) -> dict[str, Any]:
    """The learner's first choice or first legal card, until the deal's review."""
    for _ in range(60):
        model = to_my_turn(model)
        if model["review"]:
            return model
        choices = model["table"]["choices"]
        if choices:
            act = {"save": model["save"], "action": choices[0]["action"]}
            model = model_of(value("game.act", act))
            continue
        for code in model["table"]["seats"][0]["hand"]:
            answer = value("game.act", {"save": model["save"], "card": code})
            if "frames" in answer:
                model = model_of(answer)
                break
    raise AssertionError("the deal did not end")


def test_the_egn_of_a_bid_euchre_game_replays() -> None:
    model = play_to_the_review(new_game(seed=13))
    assert "turned up" not in model["review"]["facts"] and len(model["review"]["tricks"]) == 6
    exported = value("game.egn", {"save": model["save"]})
    game = euchre.from_egn(exported["text"])
    assert game.rules == Rules.profile("bid-euchre")
    assert len(game.history) == 1 and game.history[0].result is not None
    assert list(game.score) == [model["score"]["us"], model["score"]["them"]]
