"""The decisions of play on the mastery map: each decision of free play is weighed by the
coach's own numbers, a clear loss a miss, the best (or as good) right, a close call nothing;
free play's bridge passes the verdict to the page, which records it."""

from __future__ import annotations

from typing import Any

import euchre
from euchre import Action, Deal, HandState, Phase, Rules
from euchre.players import computer_player
from euchre_tutorial.mastery.judge import CLEAR, NEAR, decision_item, judge, not_alone
from euchre_tutorial.mastery.progress import MAX_ITEM
from euchre_tutorial.mastery.skills import skill
from euchre_tutorial.site_rules import site_profiles
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tutorial.test_game_bridge import game, value

DECISION_SKILLS = {"ordering-up", "round-two", "going-alone", "leading", "discard"}
TABLES = ["2", "3", "4", "5", "6", "6-ace"]


def decisions(seed: int, table: str, profile: str) -> list[HandState]:
    """Every state of one deal played by strong players, a decision to make in each."""
    rules = Rules.profile(profile).at_table(table)
    state = HandState.new(Deal.random(seed=seed, dealer=seed % rules.players, rules=rules), rules)
    player = computer_player("strong", seed=seed)
    states = []
    while state.to_act is not None:
        states.append(state)
        state = state.apply(player.choose(state))
    return states


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from(TABLES),
    st.sampled_from(list(site_profiles())),
    st.data(),
)
def test_a_verdict_follows_the_coachs_numbers(
    seed: int, table: str, profile: str, data: st.DataObject
) -> None:
    for state in decisions(seed, table, profile):
        seat = state.to_act
        assert seat is not None
        action = data.draw(st.sampled_from(state.legal_actions()))
        judged = judge(state, seat, action)
        if judged is None:
            continue
        (skill_id, item), right = judged
        assert skill_id in DECISION_SKILLS and skill(skill_id).id == skill_id
        assert 0 < len(item) <= MAX_ITEM
        advice = euchre.coach(state)
        values = dict(advice.alternatives)
        best = advice.alternatives[0][1]
        assert best - min(values.values()) >= CLEAR  # a real choice was there to make
        loss = best - values[action]
        assert (loss <= NEAR) if right else (loss >= CLEAR)
        if skill_id == "going-alone" and not action.alone:
            best_action = advice.alternatives[0][0]
            assert best_action.alone and not_alone(best_action) == action


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(TABLES))
def test_the_coachs_own_choice_is_never_a_miss(seed: int, table: str) -> None:
    for state in decisions(seed, table, "american"):
        seat = state.to_act
        assert seat is not None
        judged = judge(state, seat, euchre.coach(state).action)
        assert judged is None or judged[1] is True


def test_each_decision_of_play_names_its_item_and_others_none() -> None:
    states = decisions(3, "4", "american")
    first = states[0]
    assert decision_item(first, first.to_act or 0, Action.parse("order"))[0] == "ordering-up"
    plays = [s for s in states if s.phase is Phase.PLAY]
    follow = next(s for s in plays if s.current_trick)
    card = follow.legal_actions()[0]
    assert decision_item(follow, follow.to_act or 0, card) is None
    lead = next(s for s in plays if not s.current_trick)
    assert decision_item(lead, lead.to_act or 0, lead.legal_actions()[0]) == (
        "leading",
        "the first lead of a deal",
    )


def test_the_stuck_dealer_is_told_apart_by_the_engines_choices() -> None:
    for profile, item in (
        ("stick-the-dealer", "calling as the stuck dealer"),
        ("american", "calling in round two"),
    ):
        rules = Rules.profile(profile)
        state = HandState.new(Deal.random(seed=7, dealer=0, rules=rules), rules)
        for _ in range(7):
            state = state.apply("pass")
        assert state.phase is Phase.ROUND_TWO and state.to_act == 0
        call = next(a for a in state.legal_actions() if a.kind.value == "call")
        assert decision_item(state, 0, call) == ("round-two", item)


def clear_round_one(state: HandState) -> bool:
    if state.phase is not Phase.ROUND_ONE:
        return False
    values = [v for _a, v in euchre.coach(state).alternatives]
    return values[0] - values[-1] >= CLEAR


def free_play_until(predicate: Any, seed: int) -> dict[str, Any]:
    """Free play (seat 0) with computer players until the learner has a decision that
    ``predicate(state)`` accepts."""
    from euchre_tutorial.widgets.game import Save, _game

    model = game("game.new", {"profile": "american", "seed": seed, "level": "easy"})
    for _ in range(400):
        if model["review"]:
            model = game("game.continue", {"save": model["save"]})
        elif model["computer_turn"]:
            model = game("game.next", {"save": model["save"]})
        else:
            state = _game(Save.unpack(model["save"])).state
            if predicate(state):
                return model
            action = euchre.coach(state).action
            model = game("game.act", {"save": model["save"], "action": str(action)})
    raise AssertionError("no such decision came up")


def game_at_a_clear_bid() -> dict[str, Any]:
    """A free-play model at a round-one decision of the learner's where the coach's best
    choice is at least CLEAR above its worst."""
    for seed in range(40):
        try:
            return free_play_until(clear_round_one, seed)
        except AssertionError:
            continue
    raise AssertionError("no clear round-one decision in 40 games")


def test_free_play_tells_the_page_how_a_bid_was_judged() -> None:
    from euchre_tutorial.widgets.game import Save, _game

    model = game_at_a_clear_bid()
    state = _game(Save.unpack(model["save"])).state
    advice = euchre.coach(state)
    worst = advice.alternatives[-1][0]
    reply = value("game.act", {"save": model["save"], "action": str(worst)})
    assert "frames" in reply and reply["mastery"]["correct"] is False
    assert reply["mastery"]["skill"] in ("ordering-up", "going-alone")
    reply = value("game.act", {"save": model["save"], "action": str(advice.action)})
    assert reply["mastery"]["correct"] is True
