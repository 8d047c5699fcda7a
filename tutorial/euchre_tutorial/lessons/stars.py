"""The one star rule of every lesson: what counts against a lesson, and the stars it earns.

A lesson counts the learner's *mistakes* and *hints*, the same way in every lesson:

- a mistake is a card or bid the step refuses (the rules forbid it, or the step asks for
  something else), or a card or bid that misses the step's goal (the step is then tried
  again); an action sent after the step is decided changes nothing and is not counted;
- a hint is one of the lesson's own hints; the coach's advice is free, and so is every hint
  in a step that invites the learner to ask the coach (the last lesson plays a whole hand
  with it);
- three stars with none of either, two with one or two, one with more.

The handlers say what each reply counts (``mistake`` on an action's reply, ``counts`` on a
hint's); the page adds them up and asks :func:`stars` at the end. :data:`MEANING` states
the rule on the page.

>>> stars(0, 0), stars(1, 0), stars(1, 1), stars(2, 1), stars(0, 5)
(3, 2, 2, 1, 1)
>>> counts_as_mistake(refused=True, decided_before=False, outcome=None)
True
>>> counts_as_mistake(refused=False, decided_before=False, outcome=False)
True
>>> counts_as_mistake(refused=True, decided_before=True, outcome=False)
False
"""

from __future__ import annotations

TWO_STARS_AT_MOST = 2
"""The most mistakes and hints (together) that still earn two stars."""

MEANING = (
    "Stars: ★★★ for a lesson finished with no mistake and no hint, ★★ with one or two, "
    "★ with more. A mistake is a card or bid the step refuses, or one that misses the "
    "step's goal. The coach's advice costs nothing."
)
"""The star rule in the learner's words (shown under the lesson path)."""


def stars(mistakes: int, hints: int) -> int:
    """The stars a finished lesson earns for its mistakes and hints (negative counts are
    read as none).

    >>> stars(0, 2), stars(3, 0), stars(-1, 0)
    (2, 1, 3)
    """
    slips = max(mistakes, 0) + max(hints, 0)
    if slips == 0:
        return 3
    return 2 if slips <= TWO_STARS_AT_MOST else 1


def counts_as_mistake(*, refused: bool, decided_before: bool, outcome: bool | None) -> bool:
    """Whether one action of the learner counts against the lesson: a refused action or one
    that left the step missed (``outcome`` False), unless the step was already decided
    when it was sent."""
    if decided_before:
        return False
    return refused or outcome is False


def hint_counts(*, coach_step: bool, coach_advice: bool) -> bool:
    """Whether a hint counts against the lesson: the lesson's own hints do, except in a step
    that invites the learner to ask the coach; the coach's advice never does.

    >>> hint_counts(coach_step=False, coach_advice=False)
    True
    >>> hint_counts(coach_step=True, coach_advice=False), hint_counts(coach_step=False, coach_advice=True)
    (False, False)
    """
    return not coach_step and not coach_advice


def finished_words(earned: int) -> str:
    """The words that close a lesson, with its stars.

    >>> finished_words(2)
    'Lesson complete: ★★☆ (2 of 3 stars).'
    """
    return f"Lesson complete: {'★' * earned}{'☆' * (3 - earned)} ({earned} of 3 stars)."
