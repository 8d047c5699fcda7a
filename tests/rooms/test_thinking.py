"""Thinking in worker processes (``--thinkers``): the computer players' moves and the
coach's verdicts come back the same as thought in the server, timed; a worker that dies is
replaced, and what it was asked is thought in the server meanwhile."""

from __future__ import annotations

import asyncio
import json
import random

from euchre import Deal, HandState, Rules
from euchre_rooms.stats import Meter
from euchre_rooms.thinking import (
    COACH_BACKLOG,
    LocalThinking,
    WorkerThinking,
    choose_move,
    state_text,
)
from euchre_rooms.verdicts import weighed_move


def test_workers_answer_as_the_server_would_and_a_dead_one_is_replaced() -> None:
    rules = Rules()
    states = [
        HandState.new(Deal.random(seed=s, dealer=s % 4, rules=rules), rules) for s in range(6)
    ]

    async def test() -> None:
        meter = Meter()
        thinking = WorkerThinking(meter, 2)
        await thinking.start()
        try:
            for state in states:
                move = await thinking.choose("normal", 11, state)
                assert move == choose_move("normal", 11, state)
                seat = state.to_act
                assert seat is not None
                verdict = await thinking.weigh(state, seat, "order alone")
                assert verdict == weighed_move(state, seat, "order alone")
            assert meter.counts["computer"] == 6 and meter.counts["coach"] == 6
            assert meter.cpu["coach"] > 0
            for worker in thinking.workers:  # kill -9 every worker
                worker.process.kill()
                await worker.process.wait()
            move = await thinking.choose("easy", 3, states[0])
            assert move in states[0].legal_actions()
            assert all(w.process.returncode is None for w in thinking.workers)  # replaced
        finally:
            await thinking.close()

    asyncio.run(test())


def test_a_question_carries_the_whole_state_after_every_move_of_interleaved_deals() -> None:
    """The deal's and its actions' JSON are kept from one question to the next (only the
    new actions encoded): after every move of deals played in turn, and after a step
    back, the question's state is the state itself."""
    rules = Rules()
    deals = [HandState.new(Deal.random(seed=s, dealer=s % 4, rules=rules), rules) for s in range(3)]
    rng = random.Random(5)
    while any(d.to_act is not None for d in deals):
        for i, state in enumerate(deals):
            if state.to_act is None:
                continue
            deals[i] = state.apply(rng.choice(state.legal_actions()))
            for asked in (deals[i], state):  # a state asked about again, earlier
                assert json.loads(state_text(asked)) == json.loads(json.dumps(asked.to_dict()))


def test_past_the_coach_s_backlog_a_move_gets_no_verdict_and_the_players_are_not_held_up() -> None:
    """More of the coach's questions at once than the thinkers may keep waiting (a load
    they cannot answer): the ones past the backlog get no verdict at once and are counted as
    turned away; the others are answered; a computer player's move asked meanwhile is
    answered; and once the backlog has drained, the coach answers again."""
    rules = Rules()
    state = HandState.new(Deal.random(seed=4, dealer=0, rules=rules), rules)
    seat = state.to_act
    assert seat is not None
    limit = COACH_BACKLOG  # one thinker process

    async def test() -> None:
        meter = Meter()
        thinking = WorkerThinking(meter, 1)
        await thinking.start()
        try:
            asked = [
                asyncio.ensure_future(thinking.weigh(state, seat, "order alone"))
                for _ in range(limit + 5)
            ]
            move = await thinking.choose("normal", 11, state)
            assert move == choose_move("normal", 11, state)
            verdicts = await asyncio.gather(*asked)
            expected = weighed_move(state, seat, "order alone")
            assert expected is not None
            assert verdicts == [expected] * limit + [None] * 5
            assert meter.as_dict()["coach_turned_away"] == 5
            assert await thinking.weigh(state, seat, "order alone") == expected
        finally:
            await thinking.close()

    asyncio.run(test())


def test_in_the_server_process_the_coach_s_backlog_is_bounded_too() -> None:
    rules = Rules()
    state = HandState.new(Deal.random(seed=4, dealer=0, rules=rules), rules)
    seat = state.to_act
    assert seat is not None

    async def test() -> list[object]:
        thinking = LocalThinking(Meter())
        asked = [thinking.weigh(state, seat, "order alone") for _ in range(COACH_BACKLOG + 2)]
        return list(await asyncio.gather(*asked))

    verdicts = asyncio.run(test())
    assert verdicts.count(None) == 2 and verdicts[-2:] == [None, None]
