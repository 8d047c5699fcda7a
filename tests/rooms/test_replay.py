"""A room's event log (``euchre_rooms.replay.EventLog``): the events a reconnecting seat
is sent are the same texts, in the same order, as a plain bounded list would keep."""

from __future__ import annotations

from collections import deque

from euchre_rooms.replay import EventLog
from hypothesis import given
from hypothesis import strategies as st

TEXTS = st.lists(st.text(max_size=40), max_size=120)


@given(size=st.integers(0, 70), texts=TEXTS, count=st.integers(-3, 130))
def test_the_log_keeps_what_a_bounded_list_keeps(size: int, texts: list[str], count: int) -> None:
    log, kept = EventLog(size), deque[str](maxlen=size)
    for text in texts:
        log.append(text)
        kept.append(text)
    assert len(log) == len(kept)
    wanted = list(kept)[-count:] if count > 0 else []
    assert [raw.text for raw in log.last(count)] == wanted


def test_a_full_log_holds_only_its_events_text() -> None:
    log = EventLog(3)
    for seq in range(1, 101):
        log.append(f'{{"seq":{seq}}}')
    assert log.text == '{"seq":98}{"seq":99}{"seq":100}'
    assert [raw.text for raw in log.last(5)] == ['{"seq":98}', '{"seq":99}', '{"seq":100}']
