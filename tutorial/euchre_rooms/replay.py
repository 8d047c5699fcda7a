"""A room's last events, as the JSON texts it sent, kept for the seats that reconnect.

A room keeps its last ``Settings.replay_events`` events (64) for its whole life, and a
server holds thousands of rooms. Kept as one string and the offsets where each event ends,
an event costs its characters and 8 bytes, where a ``deque`` of ``Raw`` texts cost each
one a string's header, a ``Raw`` and a slot too (about 100 bytes more an event: ~6 KB a
room once its log is full). A resume reads them back as ``Raw`` texts, the same ones.

>>> log = EventLog(2)
>>> for text in ('{"seq":1}', '{"seq":2}', '{"seq":3}'):
...     log.append(text)
>>> len(log), [raw.text for raw in log.last(2)]
(2, ['{"seq":2}', '{"seq":3}'])
>>> [raw.text for raw in log.last(1)], log.last(0)
(['{"seq":3}'], [])
"""

from __future__ import annotations

from array import array

from euchre_rooms.messages import Raw


class EventLog:
    """The last ``size`` event texts, oldest first: one string and the end of each."""

    __slots__ = ("base", "ends", "size", "text")

    def __init__(self, size: int) -> None:
        self.size = size
        self.text = ""
        """The kept events' texts, one after the other."""
        self.ends = array("Q")
        """Where each kept event ends, counted from the first event ever appended."""
        self.base = 0
        """Where ``text`` starts, counted the same way."""

    def __len__(self) -> int:
        return len(self.ends)

    def append(self, text: str) -> None:
        """Keep one more event, forgetting the oldest once ``size`` are kept."""
        if self.size <= 0:
            return
        ends = self.ends
        if len(ends) == self.size:
            cut = ends[0] - self.base
            del ends[0]
            self.base += cut
            self.text = self.text[cut:] + text
        else:
            self.text += text
        ends.append(self.base + len(self.text))

    def last(self, count: int) -> list[Raw]:
        """The ``count`` newest events (at most every one kept), oldest first."""
        ends, base, text = self.ends, self.base, self.text
        count = min(count, len(ends))
        if count <= 0:
            return []
        first = len(ends) - count
        start = ends[first - 1] - base if first else 0
        out = []
        for end in ends[first:]:
            out.append(Raw(text[start : end - base]))
            start = end - base
        return out
