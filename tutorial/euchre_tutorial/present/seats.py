"""Who sits where, seen from one seat: names and screen places. The compass names are the
seats' captions everywhere (never "Left"/"Right", the bowers' words).

>>> seat_names(1)
['East', 'You', 'West', 'North']
>>> seat_names(0, 3)
['You', 'Player 2', 'Player 3']
>>> seat_place(2, 0, 6), seat_place(1, 0, 3)
('top-left', 'top-left')
"""

from __future__ import annotations

NAMES = ("You", "West", "North", "East")
PLACES = ("bottom", "left", "top", "right")
# Where each seat sits on the screen at other table sizes, clockwise from yours (bottom).
LAYOUTS = {
    2: ("bottom", "top"),
    3: ("bottom", "top-left", "top-right"),
    4: PLACES,
    5: ("bottom", "left", "top-left", "top-right", "right"),
    6: ("bottom", "left", "top-left", "top", "top-right", "right"),
}


def seat_names(me: int, players: int = 4) -> list[str]:
    """The name of every seat, seen from ``me``: You, West (on your left), North (your
    partner), East. At other table sizes: You, then Player 2, Player 3 ... clockwise."""
    if players == 4:
        return [NAMES[(seat - me) % players] for seat in range(players)]
    return ["You" if seat == me else f"Player {(seat - me) % players + 1}"
            for seat in range(players)]


def seat_place(seat: int, me: int, players: int = 4) -> str:
    """Where ``seat`` sits on the screen for ``me``: bottom, left, top ... (see LAYOUTS)."""
    return LAYOUTS[players][(seat - me) % players]


def verb(name: str, plain: str, third: str) -> str:
    """``plain`` after "You", ``third`` after anyone else.

    >>> verb("You", "win", "wins"), verb("West", "win", "wins")
    ('win', 'wins')
    """
    return plain if name == "You" else third
