"""The room server's settings: every timeout and limit in one place, so tests can make
them short.

>>> Settings().continue_seconds > 0
True
>>> Settings(computer_delay=0).computer_delay
0
"""

from __future__ import annotations

from dataclasses import dataclass, field

LEVELS = ("easy", "normal", "strong")


@dataclass(frozen=True)
class Settings:
    """How a room server behaves. Seconds are wall-clock seconds."""

    continue_seconds: float = 60.0
    """How long the hand review waits for everyone's Continue."""
    hold_seconds: float = 60.0
    """How long a dropped player's seat is held before a computer plays it."""
    computer_delay: float = 0.7
    """The pause before a computer player acts, so people can follow the table."""
    max_message_bytes: int = 4096
    messages_per_second: float = 10.0
    message_burst: int = 30
    reactions_per_second: float = 0.5
    reaction_burst: int = 3
    max_refusals: int = 200
    """Messages refused for flooding before the server closes the connection."""
    replay_events: int = 64
    """Events kept per room for reconnecting clients."""
    name_length: int = 24
    allowed_origins: tuple[str, ...] = field(default=())
    """Origins (scheme://host[:port]) allowed besides the server's own host."""
    redis_url: str | None = None
    lease_seconds: float = 5.0
    """How long a process's claim on a room lasts without renewal (Redis only)."""
    max_rooms: int = 5000
    idle_room_seconds: float = 1800.0
    """A room with nobody connected is closed after this long (its memory freed, its
    Redis keys deleted)."""
    idle_lobby_seconds: float = 600.0
    """The same for a room waiting in its lobby: sooner, as nothing is lost."""
    sweep_seconds: float = 30.0
    """How often idle rooms are looked for."""
    thinkers: int = 0
    """Worker processes for the computer players' moves and the coach's verdicts
    (``thinking.WorkerThinking``); 0: think in this process (``python -m euchre_rooms``
    starts one)."""
