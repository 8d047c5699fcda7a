"""``GET /rooms/stats`` times each person's accepted move inside the server (its wait for
its turn, until every seat's update was written), so the bench can tell the server's part
of a slow move from the network's and the clients'; a refused move is not counted."""

from __future__ import annotations

import asyncio

from euchre_rooms import Hub
from euchre_rooms.stats import Latest
from hypothesis import given
from hypothesis import strategies as st

from tests.rooms.helpers import FAST
from tests.rooms.inproc import Tab, seat, settle


async def _move(tab: Tab, ident: str, legal: bool = True) -> None:
    state = tab.state()
    view = state["table"]["view"]
    action = view["legal"][0] if legal else "play 2c"
    await tab.send_json({"type": "act", "action": action, "version": state["version"], "id": ident})


def test_each_accepted_move_of_a_person_is_timed_and_a_refused_one_is_not() -> None:
    async def test() -> None:
        hub = Hub(FAST)
        tabs = await seat(hub, ["Ann", "Bob", "Cy", "Di"])
        await tabs[0].send_json({"type": "start"})
        await settle(hub)
        assert hub.stats()["reply_ms"] == {"count": 0}
        for n in range(6):
            turn = tabs[0].state()["table"]["view"]["to_act"]
            await _move(tabs[turn], f"m{n}")
            await settle(hub)
            assert tabs[turn].answer(f"m{n}")["type"] == "ack"  # type: ignore[index]
        turn = tabs[0].state()["table"]["view"]["to_act"]
        await _move(tabs[turn], "bad", legal=False)
        await settle(hub)
        assert tabs[turn].answer("bad")["type"] == "refused"  # type: ignore[index]
        timed = hub.stats()["reply_ms"]
        assert timed["count"] == 6, timed
        assert 0 <= timed["wait_p50"] <= timed["wait_p99"] <= timed["p99"] <= timed["max"]
        assert timed["p50"] <= timed["p99"] and timed["busy_p99"] >= 0 <= timed["stalled_p99"]
        assert timed["max"] < 10_000  # milliseconds, not seconds or nanoseconds

    asyncio.run(test())


@given(
    size=st.integers(min_value=1, max_value=20),
    numbers=st.lists(st.floats(allow_nan=False, allow_infinity=False, width=64), max_size=60),
)
def test_the_latest_timings_kept_are_the_last_ones_appended(
    size: int, numbers: list[float]
) -> None:
    kept = Latest(size)
    for number in numbers:
        kept.append(number)
    latest = numbers[-size:] if numbers else []
    assert sorted(kept.values()) == sorted(latest) and len(kept) == len(latest)
