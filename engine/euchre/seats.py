"""Seat arithmetic in one place: teams, partners, and who sits next around the table.

Seats are numbered 0 to ``players - 1`` clockwise. With partnerships the seats alternate
between two teams (seats 0 and 2 against 1 and 3; at six players 0, 2, 4 against 1, 3, 5);
without, every seat is its own team.

>>> team_of(3, partnerships=True), team_of(3, partnerships=False)
(1, 3)
>>> partners_of(0, players=6, partnerships=True)
[2, 4]
>>> next_seat(3, players=4), clockwise_after(1, players=4)
(0, [2, 3, 0])
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache


def team_of(seat: int, partnerships: bool) -> int:
    """The team a seat plays for: the seat's parity with partnerships, else the seat."""
    return seat % 2 if partnerships else seat


def same_team(a: int, b: int, partnerships: bool) -> bool:
    """True when seats ``a`` and ``b`` play for the same team (a seat is on its own team).

    >>> same_team(0, 2, True), same_team(0, 1, True), same_team(0, 2, False)
    (True, False, False)
    """
    return team_of(a, partnerships) == team_of(b, partnerships)


def same_side(a: int, b: int, partnerships: bool, maker_side: Collection[int]) -> bool:
    """True when seats ``a`` and ``b`` played on the same side of a deal: team mates with
    partnerships; where each player scores alone, both on the maker's side (``maker_side``:
    the maker, and a call-ace partner) or both against it. With no maker (a deal thrown
    in), only team mates.

    >>> same_side(0, 2, True, {1, 3}), same_side(0, 2, False, {1}), same_side(0, 2, False, {0, 2})
    (True, True, True)
    >>> same_side(0, 1, False, {1}), same_side(0, 2, False, ())
    (False, False)
    """
    if partnerships or not maker_side:
        return same_team(a, b, partnerships)
    return (a in maker_side) == (b in maker_side)


@cache
def team_seats(seat: int, players: int, partnerships: bool) -> frozenset[int]:
    """Every seat of ``seat``'s team, the seat included.

    >>> sorted(team_seats(1, 4, True)), sorted(team_seats(1, 4, False))
    ([1, 3], [1])
    """
    return frozenset(s for s in range(players) if same_team(s, seat, partnerships))


def partners_of(seat: int, players: int, partnerships: bool) -> list[int]:
    """The seat's partners, in seat order (none in individual play)."""
    return [s for s in range(players) if s != seat and same_team(s, seat, partnerships)]


def next_seat(seat: int, players: int) -> int:
    """The seat on ``seat``'s left (clockwise)."""
    return (seat + 1) % players


def seat_after(seat: int, steps: int, players: int) -> int:
    """The seat ``steps`` places clockwise from ``seat`` (counterclockwise when ``steps`` is
    below zero).

    >>> seat_after(3, 2, players=4), seat_after(0, -1, players=4)
    (1, 3)
    """
    return (seat + steps) % players


def clockwise_from(seat: int, players: int) -> list[int]:
    """Every seat, clockwise from ``seat`` itself.

    >>> clockwise_from(2, players=4)
    [2, 3, 0, 1]
    """
    return [(seat + i) % players for i in range(players)]


def clockwise_after(seat: int, players: int) -> list[int]:
    """The other seats, clockwise from ``seat``'s left."""
    return [(seat + i) % players for i in range(1, players)]


def next_active(seat: int, players: int, out: Collection[int]) -> int:
    """The first seat after ``seat`` (clockwise) that is not sitting out.

    >>> next_active(0, 4, out={1})
    2
    """
    for i in range(1, players + 1):
        nxt = (seat + i) % players
        if nxt not in out:
            return nxt
    raise AssertionError("nobody is playing")


def first_active_from(seat: int, players: int, out: Collection[int]) -> int:
    """``seat`` itself when it plays, else the next seat that does."""
    return seat if seat not in out else next_active(seat, players, out)


@cache
def play_order(players: int, out: frozenset[int]) -> tuple[int, ...]:
    """For each seat, the next seat that plays while ``out`` sit out (one shared tuple per
    table and set of seats out: every deal's first lead needs it).

    >>> play_order(4, frozenset({1}))
    (2, 2, 3, 0)
    """
    return tuple(next_active(seat, players, out) for seat in range(players))
