"""A finished deal as a game keeps it (``HandState.kept``): its deal, rules, actions and
actors, replayed when first read. Whatever rules it was played under, every reading is
the deal that finished, a move is refused the same way, and a kept deal kept again reads
the same."""

from __future__ import annotations

import pytest
from euchre import Deal, HandState, IllegalAction, Rules

from tests.engine.test_game import FINISHED_READINGS

VARIANTS = {
    **{name: Rules.profile(name) for name in Rules.profiles()},
    "defend alone": Rules().replace(defend_alone=True),
    "dealer may decline": Rules().replace(dealer_may_decline=True),
    "farmer's hand": Rules().replace(farmers_hand="all_low"),
    "calling for best": Rules().replace(calling_for_best=True),
    "call ace": Rules().replace(partnerships=False, call_ace=True),
    "no trump": Rules().replace(no_trump=True),
    "joker": Rules().replace(joker=True),
    **{f"{key} table": Rules().replace(**table.settings) for key, table in Rules.tables().items()},
}


def finished_deals(rules: Rules, count: int) -> list[HandState]:
    """``count`` deals played to their end, each by a different fixed pattern of choices."""
    out = []
    for seed in range(count):
        state = HandState.new(
            Deal.random(seed=seed, dealer=seed % rules.players, rules=rules), rules
        )
        step = 0
        while state.result is None:
            legal = state.legal_actions()
            state = state.apply(legal[(step * 5 + seed) % len(legal)])
            step += 1
        out.append(state)
    return out


def assert_reads_alike(kept: HandState, finished: HandState) -> None:
    assert kept == finished and hash(kept) == hash(finished)
    assert kept.to_json() == finished.to_json()
    for name in FINISHED_READINGS:
        assert getattr(kept, name) == getattr(finished, name), name
    for seat in range(finished.players):
        assert kept.view(seat) == finished.view(seat)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_kept_deal_reads_as_the_deal_that_finished(variant: str) -> None:
    for finished in finished_deals(VARIANTS[variant], 6):
        assert_reads_alike(finished.kept(), finished)


def test_a_kept_deal_refuses_a_move_as_the_finished_one_does() -> None:
    finished = finished_deals(Rules(), 1)[0]
    kept = finished.kept()
    assert kept.legal_actions() == [] and kept.why_illegal("pass") == finished.why_illegal("pass")
    with pytest.raises(IllegalAction, match="this deal is over"):
        kept.apply("pass")


def test_a_kept_deal_kept_again_reads_the_same() -> None:
    finished = finished_deals(Rules(), 1)[0]
    kept = finished.kept()
    assert kept.tricks == finished.tricks  # its position replayed, and held
    again = kept.kept()
    assert again == kept and again is not kept
    assert_reads_alike(again, finished)


def test_a_state_kept_before_its_end_plays_on_as_the_state_itself() -> None:
    state = HandState.new(Deal.random(seed=4, dealer=0))
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    kept = state.kept()
    assert kept == state and kept.to_act == state.to_act
    while state.result is None:
        action = state.legal_actions()[-1]
        state, kept = state.apply(action), kept.apply(action)
        assert kept == state and kept.phases == state.phases
    assert kept.result == state.result


@pytest.mark.parametrize("variant", ["american", "bid-euchre", "joker", "6 table", "2 table"])
def test_a_kept_deal_sent_to_another_process_reads_the_same(variant: str) -> None:
    """A kept deal packs its actions as this process's numbers for them; pickled (as a
    state is sent to a thinker process), it carries the actions themselves, so a process
    that has numbered actions differently reads the same deal."""
    import pickle
    import subprocess
    import sys

    finished = finished_deals(VARIANTS[variant], 2)[1]
    sent = pickle.dumps(finished.kept())
    # a fresh process numbers these actions in another order (the last first)
    program = (
        "import pickle, sys\n"
        "from euchre import Action\n"
        "from euchre.kept_node import action_code\n"
        "for text in sys.argv[1:]:\n"
        "    action_code(Action.parse(text))\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        "print(' | '.join(str(a) for a in state.actions), state.result.points)\n"
    )
    texts = [str(a) for a in reversed(finished.actions)]
    shown = subprocess.run(
        [sys.executable, "-c", program, *texts],
        input=sent,
        capture_output=True,
        check=True,
    ).stdout.decode()
    expected = " | ".join(str(a) for a in finished.actions)
    assert shown.strip() == f"{expected} {finished.result.points}"
    assert_reads_alike(pickle.loads(sent), finished)


def test_a_kept_deal_holds_its_actions_as_they_are_once_no_number_is_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from euchre import kept_node

    monkeypatch.setattr(kept_node, "_ACTIONS", [])
    monkeypatch.setattr(kept_node, "_ACTION_NUMBERS", {})
    monkeypatch.setattr(kept_node, "_MOST_ACTIONS", 3)  # room for three actions only
    for finished in finished_deals(Rules(), 3):
        assert_reads_alike(finished.kept(), finished)
    assert len(kept_node._ACTIONS) == 3
