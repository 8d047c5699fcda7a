"""The table in words (present/words.py) at every rule set: the prompt is a sentence for
every phase (never the phase's bare name), and the log says what each pass meant, from the
phase the engine recorded for it."""

from __future__ import annotations

import pytest
from euchre import Deal, HandState, Phase, Rules, Suit
from euchre_tutorial.present.table import table_data
from euchre_tutorial.present.words import (
    called_ace_words,
    choice_label,
    contract_words,
    prompt,
    told,
)
from euchre_tutorial.site_rules import SITE_VARIANTS

from tests.players.helpers import RandomChooser, rule_sets, states_of_deal

# The rule sets of the games this site plays (its words are Euchre's).
RULE_SETS = {k: r for k, r in rule_sets().items() if r.variant in SITE_VARIANTS}


def _states(name: str, deals: int) -> list[HandState]:
    rules = RULE_SETS[name]
    out = []
    for i in range(deals):
        choosers = [RandomChooser(31 * i + seat) for seat in range(rules.players)]
        deal = Deal.random(seed=900 + i, dealer=i % rules.players, rules=rules)
        out.extend(states_of_deal(deal, rules, choosers))
    return out


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_phase_has_a_prompt_sentence(name: str) -> None:
    seen: set[Phase] = set()
    for state in _states(name, 12):
        seen.add(state.phase)
        for seat in {state.to_act, (state.to_act or 0) + 1}:
            view = state.view(seat % state.players)
            words = prompt(view)
            assert not words.endswith((f"({state.phase}).", f": {state.phase}.")), words
            assert words.endswith("."), words
    assert Phase.PLAY in seen


@pytest.mark.parametrize(
    ("name", "phase"),
    [
        ("defend-alone", Phase.DEFEND),
        ("calling-for-best", Phase.CALL_FOR_BEST),
        ("calling-for-best", Phase.GIVE_BEST),
        ("farmer-swap", Phase.FARMER),
        ("farmer-redeal", Phase.FARMER),
        ("decline", Phase.DISCARD),
    ],
)
def test_the_rare_phases_are_reached_and_asked_in_words(name: str, phase: Phase) -> None:
    asked = [
        prompt(s.view(s.to_act))
        for s in _states(name, 40)
        if s.phase is phase and s.to_act is not None
    ]
    assert asked, f"no deal reached {phase}"
    assert all(words.startswith("Your turn: ") for words in asked)


@pytest.mark.parametrize("passes", [0, 1, 2, 3])
def test_the_dealer_is_offered_to_turn_the_upcard_down_only_when_it_may(passes: int) -> None:
    """At a table where the dealer may decline, an accepted upcard may be turned down,
    whoever accepted it: the dealer's own pick-up (after three passes) too (seed 002)."""
    rules = RULE_SETS["decline"]
    for seed in range(5):
        state = HandState.new(Deal.random(seed=seed, dealer=0, rules=rules), rules)
        for _ in range(passes):
            state = state.apply("pass")
        state = state.apply("order")
        may = any(action.kind == "decline" for action in state.legal_actions())
        assert may
        assert ("decline it" in prompt(state.view(0))) == may
        assert ("whether to take the upcard" in prompt(state.view(1))) == may


@pytest.mark.parametrize("name", ["defend-alone", "calling-for-best", "six-handed"])
def test_a_pass_once_trump_is_made_says_what_it_turns_down(name: str) -> None:
    said = 0
    for state in _states(name, 40):
        if state.result is not None or state.phase is not Phase.PLAY or state.tricks:
            continue
        if state.current_trick:
            continue  # each deal once: at its first lead
        words = told(state.view(0))
        made = next(i for i, a in enumerate(state.actions) if a.kind in ("order", "call"))
        for index, (action, actor) in enumerate(zip(state.actions, state.actors, strict=True)):
            if action.kind != "pass" or index < made:
                continue
            said += 1
            wanted = (
                "without the partner's best card" if actor == state.maker else "to defend alone"
            )
            if actor == 0:
                wanted = wanted.replace("the partner's", "your partner's")
            assert wanted in words[index], (words[index], actor, state.maker)
    assert said > 5


def test_a_dealer_who_picks_up_alone_says_so_before_naming_trump() -> None:
    state = HandState.new(Deal.random(seed=7, dealer=0), RULE_SETS["american"])
    state = state.apply("pass").apply("pass").apply("pass").apply("order alone")
    assert told(state.view(1))[-1] == "East picks up the upcard and goes alone: ♣ clubs are trump."
    assert told(state.view(0))[-1] == "You pick up the upcard and go alone: ♣ clubs are trump."


def test_declining_the_upcard_is_said_with_the_buttons_verb() -> None:
    """One verb, "decline", on the button, in the log and on the rules pages: "turned
    down" is the glossary's word for the upcard nobody took in round one."""
    rules = RULE_SETS["decline"]
    state = HandState.new(Deal.random(seed=3, dealer=0, rules=rules), rules)
    state = state.apply("order")
    button = choice_label(
        next(a for a in state.legal_actions() if a.kind == "decline"), state.view(0)
    )
    assert button.startswith("Decline ") and button.endswith(" and keep your hand")
    state = state.apply("decline")
    assert told(state.view(0))[-1] == "You decline the upcard and keep your hand."
    assert told(state.view(1))[-1] == "East declines the upcard and keeps their hand."


@pytest.mark.parametrize("name", ["farmer-swap", "farmer-redeal"])
def test_a_farmers_hand_kept_or_thrown_in_is_told_as_such(name: str) -> None:
    """A pass made on a farmer's hand keeps it: the log says so, from the phase the engine
    recorded for it, and the bidding's bubbles do not show it as a pass of the upcard."""
    wanted = {
        "pass": ("You keep your farmer's hand.", "keeps their farmer's hand."),
        "redeal": (
            "You throw in your farmer's hand for a new deal.",
            "throws in a farmer's hand for a new deal.",
        ),
    }
    told_kinds = set()
    for state in _states(name, 60):
        if state.phase is not Phase.FARMER:
            continue
        for action in state.legal_actions():
            if action.kind not in wanted:
                continue
            after = state.apply(action)
            for seat in range(after.players):
                said = told(after.view(seat))[-1]
                assert said.endswith(wanted[action.kind][seat != state.to_act]), said
            told_kinds.add(action.kind)
            if after.phase is Phase.ROUND_ONE:  # the farmer's pass is no pass of the upcard
                bids = [seat["bid"] for seat in table_data(after.view(0))["seats"]]
                assert not any(bids), (bids, after.actions)
    assert told_kinds == ({"pass", "redeal"} if name == "farmer-redeal" else {"pass"})


def test_a_deal_thrown_in_for_a_farmers_hand_says_who_threw_it_in() -> None:
    rules = RULE_SETS["farmer-redeal"]
    state = next(s for s in _states("farmer-redeal", 40) if s.phase is Phase.FARMER)
    over = state.apply("redeal")
    names = ["You", "West", "North", "East"]
    thrower = names[state.to_act or 0]
    assert (
        contract_words(over.view(0), names)
        == f"{thrower} threw in a farmer's hand: nobody made trump."
    )
    assert rules.farmers_remedy == "redeal"
    everyone_passed = HandState.new(
        Deal.random(seed=7, dealer=0, rules=RULE_SETS["american"]), RULE_SETS["american"]
    )
    for _ in range(8):
        everyone_passed = everyone_passed.apply("pass")
    assert contract_words(everyone_passed.view(0), names) == "Nobody made trump."


def test_call_ace_words_know_the_reader_by_seat_not_by_name() -> None:
    """In a room a friend may type "You" as their name: the call-ace review says "you" only
    to the seat reading it."""
    names = ["Ann", "You", "Cy", "Di", "Ed"]  # seat 1 typed "You"; Ann (seat 0) reads
    assert called_ace_words(1, Suit.CLUBS, 1, names, 0) == (
        "You called for the best club and held it: You played alone."
    )
    assert called_ace_words(2, Suit.CLUBS, 1, names, 0) == (
        "Cy called for the best club: You held it and was the secret partner."
    )
    assert called_ace_words(2, Suit.CLUBS, 0, names, 0) == (
        "Cy called for the best club: you held it and were the secret partner."
    )
    assert called_ace_words(2, Suit.CLUBS, None, names, None) == (
        "Cy called for the best club, but nobody held one: Cy played alone."
    )


@pytest.mark.parametrize(
    ("table", "moves", "state"),
    [
        ("american", ["pass"] * 4, "turned-down"),  # round two: nobody ordered it
        ("american", ["order"], "taken"),  # the dealer picked it up
        ("decline", ["order", "discard Js"], "taken"),  # and discarded, at a decline table
        ("decline", ["order", "decline"], "not-taken"),  # the dealer declined it
        ("beginner", ["pass", "order alone"], "not-taken"),  # the dealer sits out, takes nothing
    ],
)
def test_the_upcard_shows_where_it_went(table: str, moves: list[str], state: str) -> None:
    """An upcard left out of play though its suit is trump (declined, or a sitting-out
    dealer's) stays on the table, marked "Not taken", as a turned-down one is marked: it
    used to vanish as if the dealer had picked it up."""
    from euchre_tutorial.present.table import render_table

    rules = RULE_SETS.get(table) or Rules.profile(table)
    deal = HandState.new(Deal.random(seed=11, dealer=0, rules=rules), rules)
    for move in moves:
        deal = deal.apply(move)
    view = deal.view(1)
    assert table_data(view)["upcard_state"] == state
    html = render_table(view)
    shown = {"turned-down": "Turned down", "not-taken": "Not taken"}.get(state)
    if shown is None:
        assert "eu-upcard" not in html
    else:
        assert f"eu-upcard--{state}" in html and f"<span>{shown}</span>" in html


def test_a_loners_partner_is_shown_sitting_out_while_the_dealer_discards() -> None:
    """Found in free play: "North orders up alone", and until the dealer had discarded,
    nothing on the table said that South (the learner) would sit the deal out."""
    state = HandState.new(Deal.random(seed=5, dealer=0), Rules()).apply("order alone")
    assert state.phase is Phase.DISCARD
    seats = table_data(state.view(3))["seats"]
    assert [seat["out"] for seat in seats] == [False, False, False, True]
