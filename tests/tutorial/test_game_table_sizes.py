"""Free play at two to six seats through the bridge: the table chooser's rules, a whole game
to a winner at three and six players (and the other tables), per-side scores, and no hidden
card (another hand, the kitty, someone else's discard) in any reply the page receives; a
site built for another table offers that table first."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from typing import Any

import euchre
import pytest
from euchre import Rules
from euchre_tutorial.widgets.game import Save, _game, render, table_rules

from tests.free_play import free_play_save, model_of, reply_texts
from tests.tutorial.test_game_bridge import call, game, human_move, value

TABLES = Rules.tables()  # the tables free play's New game offers

SIDES = {"2": 2, "3": 3, "4": 2, "5": 5, "6-ace": 6, "6": 2}


def hidden_cards(model: dict[str, Any]) -> set[str]:
    """The codes the learner (seat 0) may not see in the current deal."""
    game = _game(Save.unpack(model["save"]))
    state = game.state
    hidden = {c.code for seat in range(1, state.players) for c in state.hand(seat)}
    hidden |= {c.code for c in state.kitty}
    if state.discard is not None and state.dealer != 0:
        hidden.add(state.discard.code)
    return hidden - {state.upcard.code}


def assert_nothing_hidden(model: dict[str, Any], reply: dict[str, Any] | None = None) -> None:
    """Neither the model the page's regions are drawn from nor the reply itself (its
    frames' HTML, the words said) names a card the learner may not see."""
    if model["review"]:
        return  # the table shows the finished deal, whose cards are all public now
    text = json.dumps({k: v for k, v in model.items() if k != "save"})
    leaked = [code for code in hidden_cards(model) if f'"{code}"' in text]
    assert not leaked, leaked
    drawn = " ".join(reply_texts({k: v for k, v in (reply or {}).items() if k != "save"}))
    shown = [code for code in hidden_cards(model) if f'data-card="{code}"' in drawn]
    assert not shown, shown
    seats = model["table"]["seats"]
    assert [s["hand"] is not None for s in seats] == [True] + [False] * (len(seats) - 1)
    rules = _game(Save.unpack(model["save"])).rules
    if rules.call_ace and not model["table"]["over"]:
        assert model["table"]["alone"] is False and model["table"]["view"]["alone"] is False


def play_game(table: str, seed: int) -> tuple[dict[str, Any], int]:
    reply = value(
        "game.new",
        {"profile": "american", "table": table, "game_to": 5, "seed": seed, "level": "easy"},
    )
    model = model_of(reply)
    reviews = 0
    for _ in range(5000):
        assert_nothing_hidden(model, reply)
        reply = {}
        if model["review"]:
            game = _game(Save.unpack(model["save"]))
            final = game.history[-1]
            review = model["review"]
            assert [t["winner"] for t in review["tricks"]] == [t.winner for t in final.tricks]
            assert review["score_text"] == euchre.explain_score(final)
            assert review["points_list"] == list(final.result.points)
            reviews += 1
            if model["winner"]:
                return model, reviews
            reply = value("game.continue", {"save": model["save"]})
            model = model_of(reply)
        elif model["computer_turn"]:
            reply = value("game.next", {"save": model["save"]})
            model = model_of(reply)
        else:
            model = human_move(model)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("table", "seed"), [("3", 21), ("6", 4)])
def test_a_whole_game_to_a_winner(table: str, seed: int) -> None:
    model, reviews = play_game(table, seed)
    game = _game(Save.unpack(model["save"]))
    assert game.rules.players == int(table) and game.winner is not None
    assert model["winner"] in ("us", "them") and reviews >= 1
    assert [s["score"] for s in model["sides"]] == list(game.score)
    assert max(game.score) >= 5 and model["winner_text"].endswith(("!", "."))
    assert model["final_text"].startswith("Final score:")
    # each side's points come first, so "Player 2 5" cannot be read as player 25
    said = re.findall(
        r"(\d+) for (you|your team|the other team|Player \d)[,;.]", model["final_text"]
    )
    assert said[0][1] in ("you", "your team") and len(said) == len(game.score)
    assert sorted(int(points) for points, _ in said) == sorted(game.score)
    egn = value("game.egn", {"save": model["save"]})
    assert euchre.from_egn(egn["text"]).winner == game.winner


@pytest.mark.parametrize("table", ["2", "5", "6-ace"])
def test_the_other_tables_play_to_a_winner(table: str) -> None:
    model, _reviews = play_game(table, 9)
    assert len(model["sides"]) == SIDES[table]
    assert model["winner"] in ("us", "them")


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_table_of_the_chooser_starts(table: str) -> None:
    model = game("game.new", {"profile": "long-deck", "table": table, "seed": 2})
    rules = _game(Save.unpack(model["save"])).rules
    assert rules == table_rules(Rules.profile("long-deck"), table)
    assert len(model["table"]["seats"]) == rules.players == len(model["table"]["names"])
    assert len(model["sides"]) == SIDES[table]
    assert model["table_key"] == table


def test_the_four_player_table_keeps_the_rules_exactly() -> None:
    with_table = value("game.new", {"profile": "midwest", "table": "4", "seed": 3})
    without = value("game.new", {"profile": "midwest", "seed": 3})
    assert with_table == without


def test_an_unknown_table_is_refused() -> None:
    reply = call("game.new", {"profile": "american", "table": "7"})
    assert not reply["ok"] and "table" in reply["error"]


@pytest.mark.parametrize(
    ("site_table", "chosen"), [("4", "4"), ("3", "3"), ("6", "6"), (None, "site")]
)
def test_new_game_offers_the_sites_own_table_first(site_table: str | None, chosen: str) -> None:
    """A site built for a cutthroat table starts free play at that table (the learner's own
    last choice, kept in the browser, still wins); a table no preset names is offered first
    as "This site's table" (it once fell back to four players in two teams)."""
    rules = (
        Rules().at_table(site_table)
        if site_table
        else Rules().replace(players=4, partnerships=False)
    )
    html = render({}, rules)
    selected = re.findall(
        r'<option value="([^"]+)" selected>', html.split('name="table"')[1].split("</select>")[0]
    )
    assert selected == [chosen]


def test_new_game_names_each_table_as_the_engine_does() -> None:
    """The chooser lists every table the engine offers, in its order, by the engine's label
    ("Three-handed cutthroat"), the same words as the rooms' form."""
    chooser = render({}, Rules()).split('name="table"')[1].split("</select>")[0]
    offered = re.findall(r'<option value="([^"]+)"[^>]*>([^<]+)</option>', chooser)
    assert offered == [(key, table.label) for key, table in TABLES.items()]


def test_the_review_explains_a_score_cut_when_several_reach_game_point() -> None:
    """Five-handed to 7, seed 6: before deal 9 the score is 3, 6, 5, 4, 6; the learner,
    Player 3 and Player 5 score 2 each, so Player 3 (7) and Player 5 (8) reach 7 at once and
    every score drops by 2: the learner's +2 leaves them at 3. The review says so, and its
    numbers are the score bar's."""
    rules = Rules().at_table("5").replace(game_to=7)
    save = replace(Save.unpack(free_play_save(9, seed=6, rules=rules)), seen=8)
    reply = value("game.state", {"save": save.pack()})
    model = model_of(reply)
    review = model["review"]
    assert review["points_list"] == [2, 0, 2, 0, 2]
    assert [side["score"] for side in model["sides"]] == [3, 4, 5, 2, 6]
    assert review["points_text"] == (
        "You +2, Player 3 +2, Player 5 +2. In this deal Player 3 (7) and Player 5 (8) both "
        "reached 7 points, so every score drops by 2, never below 0: the leader has 6, one "
        "short of game, and play goes on."
    )
    assert review["points_text"] in " ".join(reply["frames"][-1]["regions"]["panel"].split())


def test_the_sites_own_table_is_played_as_it_is() -> None:
    """Four players each for themselves with call-ace (no preset): free play at "This site's
    table" plays exactly those rules with the site's rules, and a profile at that table."""
    site = Rules().replace(partnerships=False, call_ace=True, stick_the_dealer=True)
    chooser = render({}, site).split('name="table"')[1].split("</select>")[0]
    assert "This site's table: 4 players, each for themselves, with call-ace" in html.unescape(
        chooser
    )
    model = game(
        "game.new", {"profile": "site", "rules": site.to_dict(), "table": "site", "seed": 4}
    )
    assert _game(Save.unpack(model["save"])).rules == site
    model = game(
        "game.new", {"profile": "long-deck", "rules": site.to_dict(), "table": "site", "seed": 4}
    )
    played = _game(Save.unpack(model["save"])).rules
    assert (played.players, played.partnerships, played.call_ace, played.deck) == (
        4,
        False,
        True,
        32,
    )
    assert len(model["table"]["seats"]) == 4 and model["table_key"] is None
