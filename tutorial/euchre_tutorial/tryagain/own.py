"""Your own deals: the try-again page opened without a link shows a sample deal, and says
so; when this browser keeps a free-play game, it also lists that game's finished deals, each
with a link to try it again from the learner's first card play.

>>> from euchre import Rules
>>> from euchre_tutorial.tryagain.branch import finished_deal
>>> state = finished_deal(3, Rules())
>>> k = first_choice(state, 0)
>>> state.actors[k], state.actions[k].kind == "play"
(0, True)
>>> "?deal=" in own_deals_html([state], 0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import euchre
from euchre import HandState

from euchre_tutorial.present.seats import seat_names
from euchre_tutorial.present.words import contract_words
from euchre_tutorial.tryagain.branch import branch, decisions
from euchre_tutorial.tryagain.render import from_words, team_points_text

SHOWN = 5
"""How many of the latest deals are listed."""

SAMPLE = "This is a sample deal, played by the computer players."

SAMPLE_NOTE = (
    f'<p class="eu-ta-own-note">{SAMPLE} To try one of your own deals again, play it in '
    '<a href="../play/">free play</a>: the review after each deal has a '
    "<em>Try again from here</em> link on every decision you made.</p>"
)
"""What the page says about its sample before Python has looked for the learner's deals
(and when there are none)."""


def first_choice(state: HandState, seat: int) -> int | None:
    """The decision of ``seat`` to try again first: its first card play with a real choice,
    else its first decision with one (None: it never had a choice)."""
    own = [d for d in decisions(state) if d.seat == seat and d.choices > 1]
    plays = [d for d in own if d.action.kind == "play"]
    chosen = plays[0] if plays else own[0] if own else None
    return None if chosen is None else chosen.k


def deal_words(state: HandState, seat: int) -> str:
    """Who dealt, what was trump and the points, in one line.

    >>> from euchre import Rules
    >>> from euchre_tutorial.tryagain.branch import finished_deal
    >>> deal_words(finished_deal(3, Rules()), 0)
    'East dealt. West made hearts trump. Points: 0 for you and North, 1 for West and East.'
    """
    names = seat_names(seat, state.players)
    return (
        f"{names[state.dealer]} dealt. {contract_words(state.view(seat), names)} "
        f"Points: {team_points_text(state, seat)}."
    )


def own_deals_html(states: Sequence[HandState], seat: int) -> str:
    """The sample's note and the learner's latest finished deals (``states``, oldest first),
    each linked to a try from its first choice; the note alone when there are none."""
    items = []
    for number, state in reversed(list(enumerate(states, start=1))[-SHOWN:]):
        k = first_choice(state, seat)
        if k is None:
            continue
        at = from_words(branch(state, k))
        href = escape(f"?deal={euchre.to_share_code(state)}&at={k}")
        items.append(
            f"<li><strong>Deal {number}:</strong> {escape(deal_words(state, seat))} "
            f'<a class="eu-try-again" href="{href}">Try again from {escape(at)}</a></li>'
        )
    if not items:
        return SAMPLE_NOTE
    return (
        f'<p class="eu-ta-own-note">{SAMPLE} '
        "Or try one of your own deals again, from the free-play game this browser keeps "
        "(the latest first):</p>"
        f'<ul class="eu-ta-own-list">{"".join(items)}</ul>'
    )
