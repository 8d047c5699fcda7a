"""A player's own moves in a room feed that player's progress page, as free play's do: an
illegal card or bid comes back refused with the item it shows to work on, and each bid,
discard or lead the coach weighs comes back as a ``mastery`` message, to that seat alone.

Found this way: a learner who played a whole match with friends found nothing of it on the
progress page, while the same moves in free play would have filled it.
"""

from __future__ import annotations

import collections
import random
from typing import Any

from euchre import HandState
from euchre_rooms.verdicts import refused_move, weighed_move

from tests.refusals import illegal_plays
from tests.rooms.helpers import (
    FAST,
    Person,
    by_seat,
    connect,
    live_room,
    seated,
    server,
    settle,
)


def _key(verdict: dict[str, Any]) -> tuple[str, str, bool]:
    return verdict["skill"], verdict["item"], verdict["correct"]


def _state(hub: Any, person: Person) -> HandState:
    state = live_room(hub, person.code or "").room.state()
    assert state is not None
    return state


def _refuse_an_illegal_play(person: Person, before: HandState) -> bool:
    """Send one illegal card, if the seat has one: refused with the rule it broke as the
    verdict; the same card on an out-of-date view teaches nothing. Whether one was sent."""
    illegal = next(iter(illegal_plays(before)), None)
    if illegal is None:
        return False
    refused = person.do({"type": "act", "action": illegal, "version": person.version})
    assert refused["type"] == "refused"
    assert refused["mastery"] == refused_move(before, person.seat or 0, illegal)
    assert refused["mastery"]["correct"] is False
    stale = person.do({"type": "act", "action": illegal, "version": person.version - 1})
    assert stale["type"] == "refused" and "mastery" not in stale
    return True


def _verdicts_told(person: Person, wanted: int) -> collections.Counter[tuple[str, str, bool]]:
    """The verdicts ``person`` was sent, once ``wanted`` of them have come."""
    while sum(m["type"] == "mastery" for m in person.messages) < wanted:
        person.recv()
    return collections.Counter(_key(m) for m in person.messages if m["type"] == "mastery")


def _continue_all(table: list[Person], waiting: list[int]) -> None:
    """Every seat the review waits for says Continue."""
    for seat in waiting:
        person = by_seat(table)[seat]
        person.do({"type": "continue", "version": person.version})


def test_each_player_is_told_the_verdicts_on_their_own_moves_and_no_one_else_is() -> None:
    rng = random.Random(11)
    expected: dict[str, collections.Counter[tuple[str, str, bool]]] = {
        "Ann": collections.Counter(),
        "Bob": collections.Counter(),
    }
    refusals = 0
    with (
        server(FAST) as (client, hub),
        seated(client, ["Ann", "Bob"], level="easy", rules={"game_to": 5}) as table,
    ):
        ann = table[0]
        watcher = connect(client, "Watcher")
        try:
            watcher.send({"type": "watch", "room": ann.code})
            watcher.expect("watching")
            ann.do({"type": "start"})
            for _ in range(400):
                settle(table)
                assert ann.state is not None
                phase = ann.state["room"]["phase"]
                if phase == "lobby":
                    break
                if phase == "review":
                    _continue_all(table, ann.state["table"]["review"]["waiting"])
                    continue
                person = by_seat(table)[ann.view["to_act"]]
                before = _state(hub, person)
                if refusals < 6:
                    refusals += _refuse_an_illegal_play(person, before)
                action = rng.choice(person.view["legal"])
                verdict = weighed_move(before, person.seat or 0, action)
                if verdict is not None:
                    expected[person.name][_key(verdict)] += 1
                answer = person.do({"type": "act", "action": action, "version": person.version})
                assert answer["type"] == "ack"
            assert refusals > 0 and sum(expected["Ann"].values()) > 0
            assert sum(expected["Bob"].values()) > 0
            for person in table:
                wanted = expected[person.name]
                assert _verdicts_told(person, sum(wanted.values())) == wanted, person.name
            watcher.send({"type": "ping"})
            watcher.expect("pong")
            assert not [m for m in watcher.messages if m["type"] == "mastery" or "mastery" in m]
        finally:
            watcher.hang_up()
