"""``Refused``: a command the room will not carry out, with the reason in plain words.

>>> Refused("this room is full").reason
'this room is full'
"""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    """A command the room will not carry out. ``with_state``: the answer carries the
    sender's current view (stale or illegal moves). ``mastery``: what the refusal tells
    the sender's progress page (``verdicts.refused_move``), when anything."""

    def __init__(
        self, reason: str, with_state: bool = False, mastery: dict[str, Any] | None = None
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.with_state = with_state
        self.mastery = mastery
