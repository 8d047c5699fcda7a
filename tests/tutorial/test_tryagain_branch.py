"""A try from any decision of a finished deal replays the same cards and the same earlier
actions, lets the learner choose, and leaves the game (its score and history) unchanged."""

from __future__ import annotations

import euchre
import pytest
from euchre import Game, HandState, Phase, Rules
from euchre_tutorial.site_rules import site_profiles
from euchre_tutorial.tryagain import session as sessions
from euchre_tutorial.tryagain.branch import branch, decisions, finished_deal, learner_of, where
from euchre_tutorial.tryagain.render import from_words
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.players.helpers import RandomChooser, rule_sets, states_of_deal

PROFILES = sorted(site_profiles())


def first_deal_of_a_game(profile: str, seed: int) -> tuple[Game, HandState]:
    rules = Rules.profile(profile)
    game = Game.new(rules, seed=seed)
    player = euchre.computer_player("normal", seed=seed)
    while not game.history:
        game = game.apply(player.choose(game.state))
    return game, game.history[0]


@settings(max_examples=40, deadline=None)
@given(profile=st.sampled_from(PROFILES), seed=st.integers(0, 10_000), pick=st.integers(0, 10**6))
def test_a_try_replays_the_same_cards_and_earlier_actions(
    profile: str, seed: int, pick: int
) -> None:
    _game, played = first_deal_of_a_game(profile, seed)
    k = pick % len(played.actions)
    start = branch(played, k)
    assert start.deal == played.deal and start.rules == played.rules
    assert list(start.actions) == list(played.actions[:k])
    assert start.to_act == learner_of(played, k) == played.actors[k]
    assert played.actions[k] in start.legal_actions()


@settings(max_examples=30, deadline=None)
@given(profile=st.sampled_from(PROFILES), seed=st.integers(0, 10_000), pick=st.integers(0, 10**6))
def test_a_try_never_changes_the_game_it_came_from(profile: str, seed: int, pick: int) -> None:
    game, played = first_deal_of_a_game(profile, seed)
    score, history, record = game.score, list(game.history), euchre.to_egn(game)
    choosable = [d.k for d in decisions(played) if d.choices > 1]
    if not choosable:
        return
    k = choosable[pick % len(choosable)]
    session = sessions.open_session(euchre.to_share_code(played), k)
    other = [a for a in session.start.legal_actions() if a != played.actions[k]]
    session = sessions.act(session, str(other[pick % len(other)]))
    if session.current is not None:
        session = sessions.finish(session)
    (line,) = session.tries
    assert line.over and line.deal == played.deal
    assert list(line.actions[:k]) == list(played.actions[:k])
    assert line.actions[k] != played.actions[k]
    assert game.score == score and list(game.history) == history
    assert euchre.to_egn(game) == record
    assert session.original == played


def test_several_tries_are_kept_and_the_oldest_dropped_past_the_limit() -> None:
    played = finished_deal(11, Rules())
    k = next(d.k for d in decisions(played) if d.choices > 2 and d.action.kind == "play")
    session = sessions.open_session(euchre.to_share_code(played), k)
    for n in range(sessions.MAX_TRIES + 2):
        session = sessions.new_try(session)
        choices = session.start.legal_actions()
        session = sessions.act(session, str(choices[n % len(choices)]))
        if session.current is not None:
            session = sessions.finish(session)
    assert len(session.tries) == sessions.MAX_TRIES
    back = sessions.from_dict(session.to_dict())
    assert back.tries == session.tries and back.original == played and back.at == k


def test_the_learner_keeps_playing_their_own_seat() -> None:
    played = finished_deal(4, Rules())
    k = next(d.k for d in decisions(played) if d.choices > 1)
    session = sessions.open_session(euchre.to_share_code(played), k)
    session = sessions.act(session, str(session.start.legal_actions()[0]))
    while session.current is not None:
        assert session.current.to_act == session.learner
        session = sessions.act(session, str(session.current.legal_actions()[-1]))
    assert session.tries[0].over


@pytest.mark.parametrize(
    ("name", "phase", "words"),
    [
        ("farmer-swap", Phase.FARMER, "the farmer's hand"),
        ("defend-alone", Phase.DEFEND, "the offer to defend alone"),
        ("calling-for-best", Phase.CALL_FOR_BEST, "calling for best"),
        ("decline", Phase.DISCARD, "the discard"),
        ("american", Phase.ROUND_TWO, "the bidding"),
    ],
)
def test_a_try_names_the_decision_it_starts_from(name: str, phase: Phase, words: str) -> None:
    """ "Try again from the farmer's hand", not "from the bidding" for a decision taken
    before the bidding began or after trump was made; the try's line says the same."""
    rules = rule_sets()[name]
    for seed in range(200):
        choosers = [RandomChooser(seed * 7 + s) for s in range(rules.players)]
        deal = euchre.Deal.random(seed=seed, dealer=seed % rules.players, rules=rules)
        state = next((s for s in states_of_deal(deal, rules, choosers) if s.phase is phase), None)
        if state is not None:
            break
    assert state is not None, f"no deal reached {phase}"
    assert from_words(state) == words
    assert where(state) == words[0].upper() + words[1:] or phase.is_bidding
