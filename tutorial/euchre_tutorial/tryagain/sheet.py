"""The teacher's composer: pick a deal (by its number) and a decision, get the link that
tries it again, and a printable sheet with the best line in the answer key.

>>> from euchre import Rules
>>> html = composer_html(5, None, Rules())
>>> "?deal=e1" in html and "Answer key" in html
True
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

import euchre
from euchre import HandState, Phase, Rules
from euchre.players import action_words
from euchre.players.words import side_words
from euchre.seats import clockwise_from

from euchre_tutorial.html import card_html
from euchre_tutorial.present.seats import seat_names
from euchre_tutorial.present.words import describe, in_sentence
from euchre_tutorial.tryagain.branch import (
    BranchError,
    branch,
    choosable,
    decisions,
    default_decision,
    finished_deal,
    learner_of,
)
from euchre_tutorial.tryagain.hindsight import best_line, outcomes
from euchre_tutorial.tryagain.render import (
    HINDSIGHT_LABEL,
    from_words,
    result_words,
    team_points_text,
    won_by,
)
from euchre_tutorial.tryagain.words import glyphs

PAGE = "../try-again/"  # the try-again page, from the teacher's page
MAX_SEED = 10**6


def link(state: HandState, k: int, page: str = PAGE) -> str:
    """The relative link that opens ``state`` tried again from decision ``k``.

    >>> from euchre import Rules
    >>> link(finished_deal(5, Rules()), 3).startswith("../try-again/?deal=e1")
    True
    """
    return f"{page}?deal={quote(euchre.to_share_code(state), safe='')}&at={k}"


def _options_html(state: HandState, chosen: int) -> str:
    """The decisions to choose from, named from the seat that made ``chosen``: the seat the
    students play, "You" on the sheet and on the try-again page as well."""
    me = learner_of(state, chosen)
    names = seat_names(me, state.players)
    out = []
    for d in decisions(state, me):
        if d.choices < 2:
            continue
        selected = " selected" if d.k == chosen else ""
        text = f"{d.where}: {names[d.seat]}: {glyphs(d.words)}"
        out.append(f'<option value="{d.k}"{selected}>{escape(text)}</option>')
    return "".join(out)


def _hands_html(state: HandState, me: int) -> str:
    names = seat_names(me, state.players)
    rows = []
    for seat in clockwise_from(me, state.players):
        cards = " ".join(card_html(c) for c in state.hand(seat))
        rows.append(
            f'<li><span class="eu-ta-seat">{escape(names[seat])}:</span> {cards or "—"}</li>'
        )
    return f'<ul class="eu-ta-hands">{"".join(rows)}</ul>'


def answer_key_html(state: HandState, k: int) -> str:
    """The answer key: for a card play, every legal card in hindsight and the best line to
    the end; for a bid, the coach's estimate at the time."""
    start = branch(state, k)
    me = int(state.actors[k])
    names = seat_names(me, state.players)
    if start.phase is Phase.PLAY:
        side = side_words(start.rules, defending=me not in start.maker_side)
        rows = [
            f"<li>{escape(action_words(action, start))}: "
            f"{escape(result_words(o.tricks, o.points, start.rules, me, side))}</li>"
            for action, o in outcomes(start).items()
        ]
        line = best_line(start)
        plays = []
        for number, trick in enumerate(line.tricks, start=1):
            if number <= len(start.tricks):
                continue
            cards = ", ".join(
                f"{names[s]} {c}" for s, c in zip(trick.seats, trick.cards, strict=True)
            )
            plays.append(
                f"<li>Trick {number}: {escape(cards)}; {escape(won_by(names[trick.winner]))}.</li>"
            )
        return (
            f'<p class="eu-ta-label">{escape(HINDSIGHT_LABEL)}</p>'
            f'<ul class="eu-ta-values">{"".join(rows)}</ul>'
            f"<p>The best line from here, every card known, scores "
            f"{escape(team_points_text(line, me))}:</p>"
            f'<ol class="eu-ta-line">{"".join(plays)}</ol>'
        )
    advice = euchre.coach(start)
    estimates = "".join(
        f"<li>{escape(action_words(a, start))}: about {v:+g} {advice.unit}</li>"
        for a, v in advice.alternatives
    )
    why = "".join(f"<li>{escape(glyphs(r))}</li>" for r in advice.reasons)
    return (
        "<p class=\"eu-ta-label\">The coach's estimate at the time, from this seat's cards only.</p>"
        f"<p>The coach would {escape(in_sentence(action_words(advice.action, start)))}.</p>"
        f'<ul class="eu-ta-values">{estimates}</ul><ul class="eu-ta-reasons">{why}</ul>'
    )


def sheet_html(state: HandState, k: int, seed: int) -> str:
    """A printable sheet: the position at decision ``k`` for the seat that made it, what has
    happened so far, the question, and the answer key."""
    start = branch(state, k)
    me = int(state.actors[k])
    names = seat_names(me, state.players)
    happened = []
    replay = HandState.new(state.deal, state.rules)
    for action, seat in zip(state.actions[:k], state.actors[:k], strict=True):
        if seat == me or action.kind != "discard":
            happened.append(f"<li>{escape(glyphs(describe(action, seat, replay.view(me))))}</li>")
        else:
            happened.append(f"<li>{escape(names[seat])} discards a card face down.</li>")
        replay = replay.apply(action)
    so_far = (
        f'<ol class="eu-ta-happened">{"".join(happened)}</ol>'
        if happened
        else "<p>Nothing has happened yet: you act first.</p>"
    )
    mine = " ".join(card_html(c) for c in start.hand(me))
    return (
        '<section class="eu-ta-sheet" aria-labelledby="eu-ta-sheet-h">'
        f'<h3 id="eu-ta-sheet-h">Deal {seed}: try it again from {escape(from_words(start))}</h3>'
        f"<p>The dealer was {escape(names[start.dealer])}{_upcard_words(start)}.</p>"
        f"<p>Your cards: {mine}</p><p>So far:</p>{so_far}"
        '<p class="eu-ta-question"><strong>Your turn: what would you do, and why?</strong></p>'
        '<div class="eu-ta-key"><h4>Answer key</h4>'
        f"<p>Every hand at this point:</p>{_hands_html(start, me)}"
        f"{answer_key_html(state, k)}</div></section>"
    )


def composer_html(seed: int, at: int | None, rules: Rules) -> str:
    """The composer for deal ``seed`` (played out by computer players under ``rules``) and
    decision ``at`` (default: the first real card play)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise BranchError(f"A deal number is a whole number from 0 to {MAX_SEED}.")
    state = finished_deal(seed, rules)
    k = default_decision(state) if at is None or at not in choosable(state) else at
    href = link(state, k)
    return (
        '<div class="eu-ta-composer">'
        '<div class="eu-ta-form eu-needs-script">'
        f'<label>Deal number <input type="number" min="0" max="{MAX_SEED}" step="1" '
        f'value="{seed}" data-field="seed" inputmode="numeric"></label>'
        '<button type="button" class="md-button" data-action="compose" data-value="deal">Show this deal</button>'
        f'<label>Decision <select data-field="at">{_options_html(state, k)}</select></label>'
        '<button type="button" class="md-button" data-action="compose">Make the link</button>'
        "</div>"
        '<p class="eu-ta-seat-note">Your students play the seat that makes the chosen '
        "decision: the list, the link and the sheet all call that seat “You” and name the "
        "others from there.</p>"
        '<p class="eu-ta-link-line">The link: '
        f'<a href="{escape(href)}" data-link>{escape(href)}</a></p>'
        '<p><button type="button" class="md-button md-button--primary" data-action="print">'
        "Print the sheet</button></p>"
        f"{sheet_html(state, k, seed)}</div>"
    )


def _upcard_words(start: HandState) -> str:
    """The words "; the upcard …" where a card was turned up (Bid Euchre turns none)."""
    return "" if start.upcard is None else f"; the upcard {card_html(start.upcard)}"
