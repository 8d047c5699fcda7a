"""The shapes of the widgets' bridge replies, typed: a reply carries the regions to draw
(HTML from ``present/``, keyed by region name) and a few flags the page acts on, never the
model the HTML was drawn from. Each field here is one the page's script reads
(``web/assets/euchre/widgets/*.js``).

>>> frame: Frame = {"regions": {"table": "<div></div>"}, "said": "", "trick": False}
>>> sorted(frame)
['regions', 'said', 'trick']
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

#: The ``mastery`` field: what the page forwards to the progress record (or None).
Mastery = dict[str, Any] | None


class Frame(TypedDict):
    """The regions after one action (only those it changed, but for a reply's first
    frame), the action in words, and whether it ended a trick (the page pauses longer)."""

    regions: dict[str, str]
    said: str
    trick: bool


# ---------------------------------------------------------------------- free play
class GameFlags(TypedDict):
    """What free play's page acts on: the phase (none: no game), whose turn it is, whether
    a review is open, the winner ("us", "them" or None), whether the computer seats are to
    move, the deal's number and the open review's share code."""

    phase: str | None
    your_turn: bool
    review: bool
    winner: str | None
    computer_turn: bool
    deal_number: int
    share: str | None


class Progress(TypedDict):
    """The progress record with a reply's answer scheduled in it (what
    ``progress.record_answer`` answers), and the notes about a record it had to repair."""

    record: dict[str, Any]
    notes: list[str]


class GameReply(TypedDict):
    """A free-play reply: the frames, the last frame's flags, the game named by its
    ``save`` (or, for an opening, by the learner's ``choices``), the end of the game."""

    frames: list[Frame]
    flags: GameFlags
    save: NotRequired[str]
    choices: NotRequired[list[str]]
    over: NotRequired[str]
    mastery: NotRequired[Mastery]
    progress: NotRequired[Progress]


class Illegal(TypedDict):
    """An action free play did not take: why, in the engine's words."""

    illegal: str
    mastery: NotRequired[Mastery]
    progress: NotRequired[Progress]


class Drawn(TypedDict):
    """One thing drawn: the coach's advice, a shared deal's review."""

    html: str


# ---------------------------------------------------------------------- lessons
class LessonFlags(TypedDict):
    """What the lesson page keeps: the lesson, the step, the learner's accepted moves,
    the step's outcome (None while open) and whether the lesson is complete."""

    lesson: str
    step: int
    moves: list[str]
    outcome: bool | None
    complete: bool


class StepReply(TypedDict):
    """A step as it stands, after the frames of the actions since the learner's click."""

    frames: list[Frame]
    flags: LessonFlags


class LessonMove(StepReply):
    """A learner's move taken: its frames and flags, what it trains, and whether it
    counts against the stars."""

    mastery: Mastery
    mistake: bool


class Rejection(TypedDict):
    """Why a move was not taken (drawn), whether it was legal and whether it counts."""

    html: str
    legal: bool
    mistake: bool


class LessonRefusal(TypedDict):
    """A learner's move the step did not take."""

    rejected: Rejection
    mastery: Mastery
    mistake: bool


class HintReply(TypedDict):
    """A hint (drawn), whether another follows at this position and whether it costs a star."""

    html: str
    more: bool
    counts: bool


class Finished(TypedDict):
    """A completed lesson: the stars it earns and its closing words (drawn)."""

    stars: int
    html: str
