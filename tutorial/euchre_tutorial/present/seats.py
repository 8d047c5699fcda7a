"""Who sits where, seen from one seat: names and screen places. The compass names are the
seats' captions everywhere (never "Left"/"Right", the bowers' words).

>>> seat_names(1)
['East', 'You', 'West', 'North']
>>> seat_names(0, 3)
['You', 'Player 2', 'Player 3']
>>> seat_place(2, 0, 6), seat_place(1, 0, 3)
('top-left', 'top-left')

A spectator sits nowhere (:data:`NO_SEAT`): nobody is "You", and the table is drawn as
seat 0 would see it:

>>> seat_names(NO_SEAT), seat_names(NO_SEAT, 3), seat_place(0, NO_SEAT)
(['South', 'West', 'North', 'East'], ['Player 1', 'Player 2', 'Player 3'], 'bottom')
"""

from __future__ import annotations

from euchre import Rules
from euchre.players.words import word_list
from euchre.seats import seat_after

NO_SEAT = -1
"""The viewer's seat in a spectator's view: no seat at all (never a player's index)."""

NAMES = ("You", "West", "North", "East")
WATCHED = ("South", "West", "North", "East")
"""The 4-player seats' names for a spectator, from seat 0 (at the bottom) round."""
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
    partner), East. At other table sizes: You, then Player 2, Player 3 ... clockwise.
    For a spectator (``me`` is :data:`NO_SEAT`): South, West, North, East from seat 0, or
    Player 1, Player 2 ..."""
    if me == NO_SEAT:
        if players == 4:
            return list(WATCHED)
        return [f"Player {seat + 1}" for seat in range(players)]
    if players == 4:
        return [NAMES[seat_after(seat, -me, players)] for seat in range(players)]
    return [
        "You" if seat == me else f"Player {seat_after(seat, -me, players) + 1}"
        for seat in range(players)
    ]


def in_sentence_name(words: str) -> str:
    """A seat's name, or a side's, as it reads inside a sentence: "You" in lower case, the
    other names as they are.

    >>> in_sentence_name("You and North"), in_sentence_name("North and You")
    ('you and North', 'North and You')
    >>> in_sentence_name("Player 2"), in_sentence_name("You, Player 3 and Player 5")
    ('Player 2', 'you, Player 3 and Player 5')
    """
    return "you" + words[3:] if words == "You" or words.startswith(("You ", "You,")) else words


def seat_places(me: int, players: int = 4) -> list[str]:
    """Where every seat sits on the screen for ``me``, by seat (see :func:`seat_place`).

    >>> seat_places(1)
    ['right', 'bottom', 'left', 'top']
    """
    return [seat_place(seat, me, players) for seat in range(players)]


def seat_place(seat: int, me: int, players: int = 4) -> str:
    """Where ``seat`` sits on the screen for ``me``: bottom, left, top ... (see LAYOUTS).
    A spectator (:data:`NO_SEAT`) sees the table as seat 0 does."""
    if me == NO_SEAT:
        me = 0
    return LAYOUTS[players][seat_after(seat, -me, players)]


def verb(name: str, plain: str, third: str) -> str:
    """``plain`` after "You", ``third`` after anyone else.

    >>> verb("You", "win", "wins"), verb("West", "win", "wins")
    ('win', 'wins')
    """
    return plain if name == "You" else third


def seating_words(rules: Rules) -> str:
    """Who the learner (seat 0, at the bottom) plays with and against at ``rules``' table,
    by the names the table shows and the engine's teams: a sentence for a page to say
    before the first deal (how each table scores is the engine's table description).

    >>> seating_words(Rules())
    'North is your partner, and West and East play against you.'
    >>> seating_words(Rules().at_table("2"))
    'Your opponent, Player 2, sits across from you.'
    >>> seating_words(Rules().at_table("3"))
    'Player 2 and Player 3 sit clockwise from you.'
    >>> seating_words(Rules().at_table("6"))
    'Player 3 and Player 5 are your partners, and Player 2, Player 4 and Player 6 play against you.'
    """
    names = seat_names(0, rules.players)
    others = names[1:]
    if rules.partnerships:
        mine = rules.team_of(0)
        partners = [names[s] for s in range(1, rules.players) if rules.team_of(s) == mine]
        against = [names[s] for s in range(1, rules.players) if rules.team_of(s) != mine]
        are = "is your partner" if len(partners) == 1 else "are your partners"
        return f"{word_list(partners)} {are}, and {word_list(against)} play against you."
    if rules.players == 2:
        return f"Your opponent, {others[0]}, sits across from you."
    return f"{word_list(others)} sit clockwise from you."
