"""The coach speaks the learner's words: over whole games, every hint the page receives
names its suggestion as the table's buttons do ("Order up ♥ hearts", "Play Q♥"), never in
the engine's codes ("order", "play Qh"), keeps its statistics behind a disclosure, and
still looks like advice."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import euchre
import pytest
from euchre import Game, Phase, Rules
from euchre_tutorial import computer
from euchre_tutorial.present.advice import UNWEIGHED, advice_data, advice_html

from tests.free_play import advice_of, model_of
from tests.tutorial.test_seat_secrets import call, learner_move

CODE = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])[cdhs](?![A-Za-z])")
ENGINE_ACTION = re.compile(r"Suggested: (order|pass|call|play|discard|defend|decline|ace)\b")


def visible_text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def check_hint(reply: dict[str, Any], alone: bool = False) -> None:
    """``alone``: each player scores alone at this table, so there is no "side"."""
    text = visible_text(reply["html"])
    if alone:
        assert not re.search(r"\b(your|our|the other) sides?\b|\bpartner", text, re.I), text
    assert "Coach’s advice (a suggestion, not a rule)" in text
    assert not ENGINE_ACTION.search(text), text
    assert not CODE.search(text), text
    assert reply["words"] and reply["words"][0].isupper()
    for line in reply["reasons"]:
        assert not re.search(r"\d\.\d", line), "statistics go behind the disclosure"
    if reply["statistics"]:
        assert "<details" in reply["html"]
    # The headline and the reasons say the same expected tricks in the same words (once
    # "about none of the five" stood above "perhaps one of the five tricks").
    expect = re.search(r"can expect (.+?) of this deal", reply["summary"])
    takes = [m.group(1) for line in reply["reasons"]
             if (m := re.search(r"(?:your side then takes|you then take) (.+? tricks|no tricks)", line))]  # fmt: skip
    if expect and takes:
        assert expect.group(1) == takes[0], (reply["summary"], reply["reasons"])
    assert "certainly of" not in text, text
    assert not re.search(r"about (\w+) of the \1 tricks", text), text  # "about five of the five"
    # a card's role is said once: not "Play J♥ (the right bower): lead the right bower, J♥"
    assert not re.search(r"\((the right bower|the left bower)\): \w+ \1", text), text


@pytest.mark.parametrize(
    ("profile", "table", "seed"),
    [("american", "4", 5), ("midwest", "3", 8), ("long-deck", "6", 2), ("american", "2", 4)],
)
def test_every_hint_of_a_whole_game_is_in_the_learners_words(
    profile: str, table: str, seed: int
) -> None:
    rng = random.Random(seed)
    model = model_of(
        call(
            "game.new",
            {"profile": profile, "table": table, "game_to": 5, "seed": seed, "level": "easy"},
        )
    )
    hints = 0
    for _ in range(3000):
        if model["review"]:
            if model["winner"]:
                break
            model = model_of(call("game.continue", {"save": model["save"]}))
        elif model["computer_turn"]:
            model = model_of(call("game.next", {"save": model["save"]}))
        else:
            reply = call("game.hint", {"save": model["save"]})
            check_hint(advice_of(reply, model["save"]), alone=table in ("2", "3"))
            hints += 1
            model = model_of(learner_move(model, rng))
    assert model["winner"] is not None and hints > 5


def test_a_card_the_coach_could_not_weigh_is_not_given_numbers() -> None:
    """At six-handed call-ace the coach may solve no deal at all within its budget (seed 1,
    the first card of the first deal with a choice). Its card is then the rule of thumb's:
    the hint says so, and gives no expected tricks and no table of numbers (once it said
    "your side can expect no tricks" of a hand of four trumps, every card at +0.00)."""
    game = Game.new(Rules().at_table("6-ace"), seed=1)
    while not (game.state.phase is Phase.PLAY and len(game.state.legal_actions()) > 1):
        game = game.apply(computer.choose(game.state, "easy", 1))
    state = game.state
    advice = euchre.coach(state)
    assert advice.samples == 0
    view = state.view(state.to_act)
    data = advice_data(advice, view)
    assert data["summary"] == UNWEIGHED and data["alternatives"] == []
    text = visible_text(advice_html(advice, view))
    assert "can expect" not in text and "+0.00" not in text and "rule of thumb" in text
    assert view.hand and str(advice.action.card) in text


def test_expected_tricks_are_counts_and_expected_points_carry_a_sign() -> None:
    """The numbers behind a play hint are tricks, a count from 0 to 5: "2.00", never
    "+0.00"; a bid's are points, which can be lost: "+0.35", "-1.20"."""
    from euchre import Deal, HandState

    rules = Rules()
    units: set[str] = set()
    for seed in range(6):
        state = HandState.new(Deal.random(seed=seed, dealer=0, rules=rules), rules)
        while not state.over and len(units) < 2:
            advice = euchre.coach(state, seed)
            data = advice_data(advice, state.view(state.to_act))
            cells = re.findall(
                r"<td>([-+]?\d+\.\d\d)</td>", advice_html(advice, state.view(state.to_act))
            )
            if cells:
                units.add(data["unit"])
                signed = all(c[0] in "+-" for c in cells)
                assert signed == (data["unit"] != "tricks"), (data["unit"], cells)
            state = state.apply(advice.action)
    assert units == {"tricks", "points"}, units
