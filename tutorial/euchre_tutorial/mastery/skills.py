"""The skills the site teaches, each with a stable id, a name and where it is taught.

>>> [s.id for s in SKILLS][:3]
['left-bower', 'trick-winner', 'trump-order']
>>> skill("discard").name
'The discard'
>>> skill("juggling")
Traceback (most recent call last):
...
ValueError: unknown skill 'juggling': use one of left-bower, trick-winner, trump-order, scoring, ordering-up, round-two, going-alone, leading, discard, bidding
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Skill:
    """One skill of the mastery map: ``id`` (stable, used in links and records), ``name``
    (shown to the learner), ``about`` (one sentence) and ``page`` (where it is taught,
    relative to the site root)."""

    id: str
    name: str
    about: str
    page: str


SKILLS: tuple[Skill, ...] = (
    Skill(
        "left-bower",
        "Following suit with the left bower",
        "The jack of the same color as trump belongs to the trump suit.",
        "rules/cards/",
    ),
    Skill(
        "trick-winner",
        "Who wins a trick",
        "The highest trump wins; with no trump played, the highest card of the suit led.",
        "rules/tricks/",
    ),
    Skill(
        "trump-order",
        "The order of trumps",
        "The bowers outrank the ace of trump; the rest follow from the ace down.",
        "rules/cards/",
    ),
    Skill(
        "scoring",
        "Scoring a deal",
        "One point for three or four tricks, two for a march, two for a euchre.",
        "rules/scoring/",
    ),
    Skill(
        "ordering-up",
        "Ordering up",
        "When to make the upcard's suit trump in round one.",
        "rules/making-trump/",
    ),
    Skill(
        "round-two",
        "Calling in round two",
        "Naming another suit once the upcard is turned down.",
        "rules/making-trump/",
    ),
    Skill(
        "going-alone",
        "Going alone",
        "When a hand can take all five tricks without its partner.",
        "rules/going-alone/",
    ),
    Skill("leading", "Leading", "Which card to lead to a trick.", "rules/strategy/"),
    Skill(
        "discard",
        "The discard",
        "What the dealer throws away after picking up the upcard.",
        "rules/deal/",
    ),
    Skill(
        "bidding",
        "Bidding in Bid Euchre",
        "What you may bid, who leads once the bidding is over, and what a bid scores.",
        "rules/bid-euchre/",
    ),
)
_BY_ID = {s.id: s for s in SKILLS}


def skill(skill_id: str) -> Skill:
    """The skill of that id; an unknown id raises ValueError naming the known ones."""
    found = _BY_ID.get(skill_id)
    if found is None:
        raise ValueError(
            f"unknown skill {skill_id!r}: use one of {', '.join(s.id for s in SKILLS)}"
        )
    return found


def is_skill(skill_id: object) -> bool:
    """True for a known skill id.

    >>> is_skill("leading"), is_skill(3)
    (True, False)
    """
    return isinstance(skill_id, str) and skill_id in _BY_ID
