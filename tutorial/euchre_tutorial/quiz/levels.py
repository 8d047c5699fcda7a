"""Difficulty levels: how big the hands are, which kinds come by default, how often the
left-bower traps appear.

>>> LEVELS["first-time"].hand_size, LEVELS["tournament"].hand_size
(3, 5)
>>> parse_level("First time"), parse_level("first_time")
('first-time', 'first-time')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """One difficulty level. ``trap_rate`` is the default share of trap questions."""

    name: str
    label: str
    hand_size: int
    seen_before_you: tuple[int, ...]
    order_size: int
    alone_rate: float
    lone_trick_rate: float
    trap_rate: int
    kinds: tuple[str, ...]
    plain_jack_in_suit_questions: bool = True


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("first-time", "First time", 3, (1,), 3, 0.0, 0.0, 20, ("plays", "winner", "suit")),
        Level(
            "learning", "Learning", 4, (1, 2), 4, 0.2, 0.0, 35, ("plays", "winner", "suit", "order")
        ),
        Level(
            "confident",
            "Confident",
            5,
            (1, 2, 3),
            5,
            0.35,
            0.15,
            50,
            ("plays", "winner", "suit", "order", "score"),
        ),
        Level(
            "tournament",
            "Tournament",
            5,
            (1, 2, 3),
            6,
            0.5,
            0.3,
            60,
            ("plays", "winner", "suit", "order", "score"),
        ),
    )
}
DEFAULT_LEVEL = "learning"


def parse_level(text: str) -> str:
    """A level name from loose text ("First time", "first_time"); ValueError if unknown."""
    key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
    if key in LEVELS:
        return key
    raise ValueError(f"unknown difficulty {text!r}: use {', '.join(LEVELS)}")


GAME_KINDS: dict[str, tuple[str, ...]] = {
    "euchre": ("plays", "winner", "suit", "order", "score"),
    "bid": ("bids", "leader", "bidscore", "plays", "winner", "suit", "order"),
}
"""The question kinds each game's quiz may ask (by the engine's variant): Bid Euchre's
tricks are Euchre's, its making of trump and its scoring are its own."""
BID_LEVEL_KINDS: dict[str, tuple[str, ...]] = {
    "first-time": ("bids", "leader", "plays"),
    "learning": ("bids", "leader", "bidscore", "plays"),
    "confident": ("bids", "leader", "bidscore", "plays", "winner"),
    "tournament": ("bids", "leader", "bidscore", "plays", "winner", "order"),
}
"""A Bid Euchre quiz's kinds at each level, when its page or link names none."""


def game_kinds(variant: str) -> tuple[str, ...]:
    """The question kinds a quiz of ``variant`` may ask.

    >>> game_kinds("bid")[:3], "score" in game_kinds("bid")
    (('bids', 'leader', 'bidscore'), False)
    """
    return GAME_KINDS[variant]


def level_kinds(level: str, variant: str = "euchre") -> tuple[str, ...]:
    """The kinds a quiz of ``variant`` asks at ``level`` by default.

    >>> level_kinds("first-time"), level_kinds("first-time", "bid")
    (('plays', 'winner', 'suit'), ('bids', 'leader', 'plays'))
    """
    if variant == "bid":
        return BID_LEVEL_KINDS[level]
    return LEVELS[level].kinds
