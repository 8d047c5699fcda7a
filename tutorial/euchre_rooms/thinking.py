"""The thinking a room server does besides refereeing: the computer players' moves and the
coach's verdicts on people's bids, discards and leads.

Thinking is the heaviest work a room asks for (a lead weighed by the coach takes about
9 ms, a strong computer player's card as long), so it has its own small interface with two
implementations. ``LocalThinking`` thinks in this process: easy and normal players on the
event loop (a fraction of a millisecond), strong players and the coach in threads.
``WorkerThinking`` sends each question to worker processes (``python -m
euchre_rooms.thinker``, ``--thinkers N``), as lichess sends analysis to its fishnet
workers: the room server's loop then spends its time on rooms, and the coach never holds
Python's lock while a room waits. Either way each answer depends only on the seat's view
(the players and the coach decide from it), and every answer's CPU time is counted by the
``Meter``. A worker that dies is started again, and what it was asked is thought here.

>>> import asyncio
>>> from euchre import Deal, HandState, Rules
>>> from euchre_rooms.stats import Meter
>>> state = HandState.new(Deal.random(seed=1, dealer=0, rules=Rules()), Rules())
>>> async def ask():
...     thinking = LocalThinking(Meter())
...     move = await thinking.choose("easy", 7, state)
...     return move in state.legal_actions()
>>> asyncio.run(ask())
True
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
from typing import Any, Protocol

import euchre
from euchre import Action, Deal, HandState

from euchre_rooms.messages import dumps
from euchre_rooms.room import parse_action
from euchre_rooms.stats import Meter
from euchre_rooms.verdicts import weighed_move
from euchre_rooms.viewcodec import actions_text

log = logging.getLogger("euchre_rooms.thinking")

THINK_IN_A_THREAD = frozenset({"strong"})
"""Computer levels whose moves take long enough (up to ~20 ms) to be chosen off the loop."""

COACH_BACKLOG = 32
"""The coach's questions left waiting at most, per thinker process (in this process: in
all). Past that a person's move gets no verdict (a verdict is a bonus, and one that comes
late is worth little): under more load than the thinkers can answer, the questions neither
pile up in memory nor hold the computer players' moves back behind them."""


class Backlog:
    """How many questions of one kind are waiting for their answers, at most ``limit``.

    >>> backlog = Backlog(1)
    >>> backlog.admit(), backlog.admit()
    (True, False)
    >>> backlog.done(); backlog.admit()
    True
    """

    __slots__ = ("limit", "waiting")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.waiting = 0

    def admit(self) -> bool:
        """Count one more waiting question, unless ``limit`` are waiting (then False)."""
        if self.waiting >= self.limit:
            return False
        self.waiting += 1
        return True

    def done(self) -> None:
        """One admitted question has its answer (or failed)."""
        self.waiting -= 1


def choose_move(level: str, seed: int, state: HandState) -> Action:
    """The move of the computer player of ``level`` in seat ``state.to_act``, seeded from
    the room's ``seed`` and the seat (players decide from the seat's view and their seed
    alone, so one made afresh for each move plays as one kept for the match)."""
    seat = state.to_act
    assert seat is not None
    player = euchre.computer_player(level, seed=(seed + seat) % 2**31)
    action: Action = player.choose(state)
    return action


DEALS_KEPT = 1024
"""Deals whose JSON is kept (about one per room: its deal in play)."""

_DEALS: dict[int, tuple[Deal, str, tuple[Action, ...], str]] = {}
"""By a deal's id: the deal itself (so the id stays its), its JSON, and the actions asked
about last in it with their JSON (a deal's actions only grow: the next question's are
those and a few more)."""


def _deal_text(deal: Deal, actions: tuple[Action, ...]) -> tuple[str, str]:
    """The JSON of ``deal`` and of ``actions`` made in it: the deal's encoded once, and
    of the actions only those after the ones asked about before.

    >>> from euchre import Deal, Rules
    >>> deal = Deal.random(seed=1, dealer=0, rules=Rules())
    >>> first, second = Action.parse("pass"), Action.parse("order")
    >>> _deal_text(deal, (first,))[1], _deal_text(deal, (first, second))[1]
    ('["pass"]', '["pass","order"]')
    >>> _deal_text(deal, (second,))[1]
    '["order"]'
    """
    kept = _DEALS.get(id(deal))
    if kept is None or kept[0] is not deal:
        kept = (deal, dumps(deal.to_dict()), (), "[]")
    _, text, before, before_text = kept
    n = len(before)
    if n and n <= len(actions) and actions[:n] == before:
        new = actions_text(actions[n:])
        acted = before_text if new == "[]" else f"{before_text[:-1]},{new[1:]}"
    else:
        acted = actions_text(actions)
    _DEALS[id(deal)] = (deal, text, actions, acted)
    while len(_DEALS) > DEALS_KEPT:
        del _DEALS[next(iter(_DEALS))]
    return text, acted


def state_text(state: HandState, rules_json: str | None = None) -> str:
    """``state.to_dict()`` as JSON, with the rules already encoded when given (a room
    encodes its rules once), the deal encoded once for all its moves and of its actions
    only those since the last question about it.

    >>> from euchre import Deal, Rules
    >>> state = HandState.new(Deal.random(seed=1, dealer=0, rules=Rules()), Rules()).apply("pass")
    >>> HandState.from_dict(json.loads(state_text(state))).actions == state.actions
    True
    """
    rules = rules_json or dumps(state.rules.to_dict())
    deal, actions = _deal_text(state.deal, state.actions)
    return f'{{"rules":{rules},"deal":{deal},"actions":{actions}}}'


class Thinking(Protocol):
    """Where a room's thinking is done."""

    async def choose(
        self, level: str, seed: int, state: HandState, rules_json: str | None = None
    ) -> Action:
        """The computer player's move for ``state.to_act``."""

    async def weigh(
        self, state: HandState, seat: int, text: str, rules_json: str | None = None
    ) -> dict[str, Any] | None:
        """The coach's verdict on ``seat``'s move ``text`` in ``state`` (None: none)."""

    async def start(self) -> None:
        """Get ready (start worker processes)."""

    async def close(self) -> None:
        """Stop (worker processes too)."""


class LocalThinking:
    """Thinking in this process: easy and normal players on the loop, the rest in threads."""

    def __init__(self, meter: Meter) -> None:
        self.meter = meter
        self.coach = Backlog(COACH_BACKLOG)

    async def choose(
        self, level: str, seed: int, state: HandState, rules_json: str | None = None
    ) -> Action:
        if level in THINK_IN_A_THREAD:
            return await asyncio.to_thread(
                self.meter.timed, "computer", choose_move, level, seed, state
            )
        return self.meter.timed("computer", choose_move, level, seed, state)

    async def weigh(
        self, state: HandState, seat: int, text: str, rules_json: str | None = None
    ) -> dict[str, Any] | None:
        if not self.coach.admit():
            self.meter.turned_away("coach")
            return None
        try:
            return await asyncio.to_thread(
                self.meter.timed, "coach", weighed_move, state, seat, text
            )
        finally:
            self.coach.done()

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None


class Worker:
    """One thinker process and the questions it has not answered yet."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.reader: asyncio.Task[None] | None = None

    async def read(self) -> None:
        """Answers, in any order, to their questions; when the process ends, every
        question still waiting fails (and is thought in the server)."""
        stdout = self.process.stdout
        assert stdout is not None
        try:
            while line := await stdout.readline():
                answer = json.loads(line)
                future = self.waiting.pop(answer["i"], None)
                if future is not None and not future.done():
                    future.set_result(answer)
        finally:
            for future in self.waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("a thinker process ended"))
            self.waiting.clear()


class WorkerThinking:
    """Thinking in ``count`` worker processes, each question to the least busy one."""

    def __init__(self, meter: Meter, count: int) -> None:
        self.meter, self.count = meter, count
        self.local = LocalThinking(meter)
        self.coach = Backlog(COACH_BACKLOG * count)
        self.workers: list[Worker] = []
        self.asked = 0

    async def start(self) -> None:
        self.workers = [await self._spawn() for _ in range(self.count)]

    async def _spawn(self) -> Worker:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "euchre_rooms.thinker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=1 << 20,
        )
        worker = Worker(process)
        worker.reader = asyncio.ensure_future(worker.read())
        return worker

    async def close(self) -> None:
        for worker in self.workers:
            with contextlib.suppress(ProcessLookupError):
                worker.process.terminate()
            if worker.reader is not None:
                worker.reader.cancel()
        for worker in self.workers:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(worker.process.wait(), 5)

    async def _ask(self, question: dict[str, Any], state: str) -> dict[str, Any]:
        worker = await self._worker()
        self.asked += 1
        ident = self.asked
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        worker.waiting[ident] = future
        stdin = worker.process.stdin
        assert stdin is not None
        head = dumps({**question, "i": ident})[:-1]
        stdin.write(f'{head},"s":{state}}}\n'.encode())
        return await future

    async def _worker(self) -> Worker:
        """The least busy live worker (one that died is started again)."""
        for index, worker in enumerate(self.workers):
            if worker.process.returncode is not None:
                log.warning(
                    "a thinker process ended (%s): starting another", worker.process.returncode
                )
                self.workers[index] = await self._spawn()
        return min(self.workers, key=lambda w: len(w.waiting))

    async def choose(
        self, level: str, seed: int, state: HandState, rules_json: str | None = None
    ) -> Action:
        question = {"k": "choose", "l": level, "seed": seed}
        answer = await self._answer("computer", question, state, rules_json)
        if answer is None:
            return await self.local.choose(level, seed, state)
        return parse_action(answer["a"])

    async def weigh(
        self, state: HandState, seat: int, text: str, rules_json: str | None = None
    ) -> dict[str, Any] | None:
        if not self.coach.admit():
            self.meter.turned_away("coach")
            return None
        try:
            question = {"k": "weigh", "seat": seat, "t": text}
            answer = await self._answer("coach", question, state, rules_json)
        finally:
            self.coach.done()
        if answer is None:
            return await self.local.weigh(state, seat, text)
        verdict: dict[str, Any] | None = answer.get("v")
        return verdict

    async def _answer(
        self, kind: str, question: dict[str, Any], state: HandState, rules_json: str | None
    ) -> dict[str, Any] | None:
        """A worker's answer, counted; None when no worker could give one (this process
        then thinks it itself)."""
        try:
            answer = await self._ask(question, state_text(state, rules_json))
        except (ConnectionError, OSError) as exc:
            log.warning("a thinker process could not be asked: %s", exc)
            return None
        if "e" in answer:
            log.warning("a thinker could not answer: %s", answer["e"])
            return None
        self._count(kind, answer)
        return answer

    def _count(self, kind: str, answer: dict[str, Any]) -> None:
        with self.meter.lock:
            self.meter.counts[kind] += 1
            self.meter.cpu[kind] = self.meter.cpu.get(kind, 0.0) + float(answer.get("cpu", 0.0))


def thinking_for(meter: Meter, thinkers: int) -> Thinking:
    """Thinking in ``thinkers`` worker processes, or in this process for 0."""
    return WorkerThinking(meter, thinkers) if thinkers > 0 else LocalThinking(meter)


__all__ = [
    "COACH_BACKLOG",
    "Backlog",
    "LocalThinking",
    "Thinking",
    "WorkerThinking",
    "choose_move",
    "thinking_for",
]
