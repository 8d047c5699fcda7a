"""Thinking in worker processes (``--thinkers``): the computer players' moves and the
coach's verdicts come back the same as thought in the server, timed; a worker that dies is
replaced, and what it was asked is thought in the server meanwhile."""

from __future__ import annotations

import asyncio

from euchre import Deal, HandState, Rules
from euchre_rooms.stats import Meter
from euchre_rooms.thinking import WorkerThinking, choose_move
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
