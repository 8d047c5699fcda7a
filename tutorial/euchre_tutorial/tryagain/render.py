"""The try-again panel as HTML: the try in progress, the lines side by side, and hindsight
with all cards shown. Python draws all of it; the page's script only inserts it and
forwards clicks (``data-action`` buttons).

>>> from euchre import Rules
>>> from euchre_tutorial.tryagain.branch import finished_deal
>>> from euchre_tutorial.tryagain.session import open_session
>>> import euchre
>>> html = panel_html(open_session(euchre.to_share_code(finished_deal(3, Rules())), 3))
>>> 'data-action="act"' in html and "With all cards shown" in html
True
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from html import escape

import euchre
from euchre import Action, HandState, Phase, Rules
from euchre.players.words import side_words, word_list
from euchre.seats import clockwise_from

from euchre_tutorial.html import card_html
from euchre_tutorial.present.scores import points_for, scored_text
from euchre_tutorial.present.seats import in_sentence_name, seat_names
from euchre_tutorial.present.words import (
    CARD_KINDS,
    choice_label,
    describe,
    in_sentence,
    prompt,
    told,
)
from euchre_tutorial.tryagain.branch import chooser_view, where
from euchre_tutorial.tryagain.hindsight import (
    BidReview,
    PlayReview,
    review_bids,
    review_plays,
    tricks_of_side,
)
from euchre_tutorial.tryagain.session import Session
from euchre_tutorial.tryagain.words import glyphs

HINDSIGHT_LABEL = (
    "Hindsight, with every card visible: after each card you played, the best result still "
    "possible if everyone then played their best, every hand known. It is not what you could "
    "have known at the table, and a deal can end better for you than this when the others "
    "did not play their best."
)
COACH_LABEL = "The coach's estimate at the time, from your own cards only (not hindsight)."


def _signed(n: float) -> str:
    return f"{n:+g}"


def result_words(tricks: int, points: Sequence[int], rules: Rules, me: int, side: str = "") -> str:
    """The end of a deal for ``me``'s side: its tricks (``side``: for whom, when said), then
    the points and the side that scored them, as the review says them (a score is never
    negative).

    >>> result_words(1, (0, 1), Rules(), 0), result_words(5, (2, 0), Rules(), 0, "your side")
    ('1 trick; West and East +1', '5 tricks for your side; you and North +2')
    """
    t = "trick" if tricks == 1 else "tricks"
    whom = f" for {side}" if side else ""
    return f"{tricks} {t}{whom}; {scored_text(rules, points, me)}"


def won_by(name: str) -> str:
    """ "won by West", or "won by you"."""
    return "won by you" if name == "You" else f"won by {name}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def team_points_text(state: HandState, me: int) -> str:
    """Each side's points in a finished deal, seen from ``me``, ``me``'s side first
    ("1 for you and North, 0 for West and East")."""
    result = state.result
    if result is None:
        return ""
    names = seat_names(me, state.players)
    clockwise = clockwise_from(me, state.players)
    sides = []
    for team, points in enumerate(result.points):
        seats = word_list([names[s] for s in clockwise if state.team_of(s) == team])
        sides.append((in_sentence_name(seats), points))
    first = sides.pop(state.team_of(me))
    return points_for([first, *sides])


def side_tricks(state: HandState, me: int) -> int:
    """Tricks won by ``me``'s side."""
    return sum(1 for t in state.tricks if state.team_of(t.winner) == state.team_of(me))


def _choice_made(line: HandState, at: int) -> str:
    if len(line.actions) <= at:
        return "not chosen yet"
    replay = HandState.new(line.deal, line.rules)
    for action in line.actions[:at]:
        replay = replay.apply(action)
    return glyphs(choice_label(line.actions[at], chooser_view(replay)))


def _trick_html(state: HandState, number: int, me: int, names: Sequence[str]) -> str:
    """Trick ``number`` (1-based) of a line, compactly: each card under its player's name
    (``names``, as ``me`` calls the seats), the winner's in bold, then who won it (nothing
    when the line has no such trick)."""
    if number > len(state.tricks):
        return ""
    trick = state.tricks[number - 1]
    won = ' class="eu-ta-won"'
    cards = "".join(
        f"<li{won if s == trick.winner else ''}>"
        f'<span class="eu-ta-seat">{escape(names[s])}</span>{card_html(c)}</li>'
        for s, c in zip(trick.seats, trick.cards, strict=True)
    )
    ours = state.team_of(trick.winner) == state.team_of(me)
    return (
        f'<ol class="eu-ta-trick">{cards}</ol>'
        f'<p class="eu-ta-winner {"eu-ta-ours" if ours else "eu-ta-theirs"}">'
        f"{escape(_sentence(won_by(names[trick.winner])))}</p>"
    )


def compare_html(session: Session) -> str:
    """The deal as played and every finished try, side by side: the choice, the tricks and
    points, then each trick in a row of its own, so that two lines fit a screen."""
    me = session.learner
    lines: list[tuple[str, HandState]] = [("As played", session.original)]
    lines += [(f"Try {n}", t) for n, t in enumerate(session.tries, start=1)]
    head = "".join(f'<th scope="col">{escape(name)}</th>' for name, _ in lines)
    rows = [
        ("Your choice", [escape(_choice_made(line, session.at)) for _, line in lines]),
        (
            f"Tricks for {side_words(session.original.rules)}",
            [str(side_tricks(line, me)) for _, line in lines],
        ),
        ("Points", [escape(team_points_text(line, me)) for _, line in lines]),
    ]
    tricks = max(len(line.tricks) for _, line in lines)
    names = seat_names(me, session.original.players)
    rows += [
        (f"Trick {n}", [_trick_html(line, n, me, names) for _, line in lines])
        for n in range(1, tricks + 1)
    ]
    body = "".join(
        f'<tr><th scope="row">{escape(label)}</th>'
        + "".join(f"<td>{cell}</td>" for cell in cells)
        + "</tr>"
        for label, cells in rows
    )
    hint = (
        ""
        if session.tries
        else '<p class="eu-ta-hint">Finish a try and it appears here, next to the deal as played.</p>'
    )
    return (
        '<section class="eu-ta-compare" aria-labelledby="eu-ta-compare-h">'
        '<h3 id="eu-ta-compare-h">The lines side by side</h3>'
        f'{hint}<div class="eu-ta-scroll" tabindex="0" role="region" aria-label="The lines side by side">'
        f'<table class="eu-ta-table eu-ta-lines"><thead><tr><td></td>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div></section>"
    )


def try_again_link(share: str | None, k: int, at: int) -> str:
    """A "Try again from here" link to decision ``k`` of the deal ``share`` (nothing for the
    decision being tried now, or without a deal).

    >>> try_again_link("e1abc", 7, 3)
    ' <a class="eu-try-again" href="?deal=e1abc&amp;at=7">Try again from here</a>'
    >>> try_again_link("e1abc", 3, 3)
    ''
    """
    if share is None or k == at:
        return ""
    return (
        f' <a class="eu-try-again" href="{escape(f"?deal={share}&at={k}")}">Try again from here</a>'
    )


def _numbers_kept_with_words(text: str) -> str:
    """``text`` escaped, never broken between a word and the number after it (a narrow
    column wraps "Trick 4, card 1" after the comma only).

    >>> _numbers_kept_with_words("Trick 4, card 1")
    'Trick&nbsp;4, card&nbsp;1'
    """
    return re.sub(r" (?=\d)", "&nbsp;", escape(text))


def _play_row(review: PlayReview, share: str | None = None, at: int = -1) -> str:
    cost = review.cost
    after = result_words(review.tricks_played, review.points_played, review.rules, review.seat)
    best = (
        "the same"
        if review.same
        else f"{escape(str(review.best.card))}: "
        + escape(result_words(review.tricks_best, review.points_best, review.rules, review.seat))
    )
    row = (
        f'<tr class="{"eu-ta-cost" if cost > 0 else "eu-ta-fine"}">'
        f'<th scope="row">{_numbers_kept_with_words(review.where)}</th>'
        f"<td>{escape(str(review.played.card))}</td>"
        f"<td>{escape(after)}</td>"
        f"<td>{best}</td></tr>"
    )
    if cost == 0:
        return row
    # The mark and the coach's reasons take a row of their own, the table's whole width:
    # as a fifth column, a phone gave them two words a line and the table outgrew the screen.
    mark = (
        f'<strong class="eu-ta-cost-mark">Cost {"a trick" if cost == 1 else f"{cost} tricks"}'
        f"</strong>{try_again_link(share, review.k, at)}"
    )
    reasons = ""
    if review.reasons:
        items = "".join(f"<li>{escape(glyphs(r))}</li>" for r in review.reasons)
        reasons = (
            f'<p class="eu-ta-coach-head">The coach at the time, from your cards only:</p>'
            f'<ul class="eu-ta-reasons">{items}</ul>'
        )
    return f'{row}<tr class="eu-ta-cost eu-ta-why"><td colspan="4">{mark}{reasons}</td></tr>'


def plays_html(
    reviews: Sequence[PlayReview],
    share: str | None = None,
    at: int = -1,
    side: str = "your side",
) -> str:
    """A table of the learner's card plays in hindsight; with ``share`` (the deal as played),
    a play that cost a trick links to a try from it (unless it is decision ``at``, the one
    tried now). Its note says whose tricks are counted (``side``)."""
    if not reviews:
        return '<p class="eu-ta-hint">No card played by you in this line.</p>'
    rows = "".join(_play_row(r, share, at) for r in reviews)
    return (
        f'<p class="eu-ta-hint">Tricks for {escape(side)}; points to the side that scores them.</p>'
        '<div class="eu-ta-scroll" tabindex="0" role="region" aria-label="Your card plays in hindsight">'
        '<table class="eu-ta-table eu-ta-plays"><thead><tr><th scope="col">When</th>'
        '<th scope="col">You played</th><th scope="col">After it, everyone at their best</th>'
        '<th scope="col">Your best card, all cards known</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></div>"
    )


def bids_html(reviews: Sequence[BidReview], share: str | None = None, at: int = -1) -> str:
    """The learner's bids with the coach's estimate at the time; with ``share``, a bid the
    coach would have made differently links to a try from it (unless it is decision
    ``at``)."""
    if not reviews:
        return ""
    items = []
    for r in reviews:
        made = "" if r.value_made is None else f" (about {_signed(r.value_made)} {r.unit})"
        same = r.made == r.advised
        advised = (
            "The coach agrees."
            if same
            else f"The coach would {escape(in_sentence(r.advised_words))} "
            f"(about {_signed(r.value_advised)} {r.unit})." + try_again_link(share, r.k, at)
        )
        why = "".join(f"<li>{escape(glyphs(x))}</li>" for x in r.reasons)
        items.append(
            f"<li><strong>{escape(r.where)}:</strong> you chose to {escape(in_sentence(r.made_words))}"
            f'{made}. {advised}<ul class="eu-ta-reasons">{why}</ul></li>'
        )
    return (
        '<section class="eu-ta-bids" aria-labelledby="eu-ta-bids-h">'
        '<h3 id="eu-ta-bids-h">Your bids, as the coach saw them</h3>'
        f'<p class="eu-ta-label">{escape(COACH_LABEL)}</p><ul>{"".join(items)}</ul></section>'
    )


@functools.lru_cache(maxsize=64)
def _plays_of(code: str, me: int, start: int) -> tuple[PlayReview, ...]:
    return tuple(review_plays(euchre.from_share_code(code), me, start))


@functools.lru_cache(maxsize=16)
def _bids_of(code: str, me: int) -> tuple[BidReview, ...]:
    return tuple(review_bids(euchre.from_share_code(code), me))


def cached_plays(line: HandState, me: int, start: int) -> tuple[PlayReview, ...]:
    """:func:`review_plays`, remembered per line: each click redraws every kept try, and
    the browser's Python keeps the answers between clicks."""
    return _plays_of(euchre.to_share_code(line), me, start)


def _plays_summary(reviews: Sequence[PlayReview]) -> str:
    """ "5 card plays, none cost a trick" (or how many did).

    >>> _plays_summary([])
    '0 card plays, none cost a trick'
    """
    costly = sum(1 for r in reviews if r.cost > 0)
    plays = f"{len(reviews)} card play{'' if len(reviews) == 1 else 's'}"
    return f"{plays}, {costly if costly else 'none'} cost a trick"


def _ended(line: HandState, me: int) -> str:
    """How the line really ended, in the table's words: "; it ended 2 tricks; West and
    East +1" (nothing for a line not finished)."""
    if line.result is None:
        return ""
    tricks = tricks_of_side(line, me)
    return f"; it ended {result_words(tricks, line.result.points, line.rules, me)}"


def hindsight_html(session: Session, share: str) -> str:
    """For each line, the learner's card plays with all cards shown; the deal as played
    (``share``, its share code) links its costly plays to a try from them."""
    me = session.learner
    parts = []
    lines: list[tuple[str, HandState, int, str | None]] = [
        ("As played", session.original, 0, share)
    ]
    lines += [(f"Try {n}", t, session.at, None) for n, t in enumerate(session.tries, start=1)]
    for number, (name, line, start, line_share) in enumerate(lines):
        reviews = cached_plays(line, me, start)
        summary = f"{name}: {_plays_summary(reviews)}{_ended(line, me)}"
        opened = " open" if number == len(lines) - 1 else ""
        side = side_words(line.rules, defending=me not in line.maker_side)
        table = plays_html(reviews, line_share, session.at, side)
        parts.append(f"<details{opened}><summary>{escape(summary)}</summary>{table}</details>")
    return (
        '<section class="eu-ta-hindsight" aria-labelledby="eu-ta-hindsight-h">'
        '<h3 id="eu-ta-hindsight-h">With all cards shown</h3>'
        f'<p class="eu-ta-label">{escape(HINDSIGHT_LABEL)}</p>{"".join(parts)}</section>'
    )


def _card_move(action: Action) -> bool:
    return action.kind in CARD_KINDS and len(action.cards) == 1


def _choice_buttons(state: HandState, session: Session) -> str:
    """The learner's choices: the hand drawn once when the choice is a card (the cards
    that may not be chosen now shown disabled, with the reason in their label), or the
    hand and one button per choice when it is a bid; a choice that is not a card beside
    card choices (a dealer's decline beside the discards, playing on without the partner's
    best card beside setting a card aside) is a button under the hand."""
    original = session.original.actions[session.at] if len(state.actions) == session.at else None
    view = state.view(session.learner)
    legal = state.legal_actions()
    by_card = {a.card: a for a in legal if _card_move(a)}
    others = [a for a in legal if not _card_move(a)]
    words = []
    for choice in others:
        note = " (as played)" if choice == original else ""
        words.append(
            f'<button type="button" class="md-button eu-ta-choice" data-action="act" '
            f'data-value="{escape(str(choice))}">'
            f"{escape(glyphs(choice_label(choice, chooser_view(state))) + note)}</button>"
        )
    buttons = (
        f'<div class="eu-ta-choices" role="group" aria-label="Your choices">{"".join(words)}</div>'
        if words
        else ""
    )
    if by_card:
        items = []
        for card in view.hand:
            action = by_card.get(card)
            if action is None:
                button = card_html(
                    card, note="you may not choose it now", button=True, disabled=True
                )
            else:
                note = " (as played)" if action == original else ""
                label = f"{action.kind} {card.name}{note}"
                button = card_html(card, button=True).replace(
                    "<button ",
                    f'<button data-action="act" data-value="{escape(str(action))}" '
                    f'title="{escape(label)}" ',
                    1,
                )
            items.append(f"<li>{button}</li>")
        return (
            f'<ul class="eu-cards eu-ta-hand" aria-label="Your cards">{"".join(items)}</ul>'
            f"{buttons}"
        )
    hand = " ".join(card_html(c) for c in view.hand)
    return f'<p class="eu-ta-yours">Your cards: {hand}</p>{buttons}'


def _happened_html(state: HandState, session: Session) -> str:
    items = [
        f"<li>{escape(glyphs(sentence))}</li>"
        for sentence in told(state.view(session.learner))[session.at :]
    ]
    if not items:
        return ""
    return f'<ol class="eu-ta-happened" aria-label="This try so far">{"".join(items)}</ol>'


def play_html(session: Session) -> str:
    """The try in progress: what happened since the decision, the learner's choices."""
    state = session.current
    if state is None:
        return (
            '<section class="eu-ta-play" aria-labelledby="eu-ta-play-h">'
            '<h3 id="eu-ta-play-h" tabindex="-1" data-focus>Try finished</h3>'
            "<p>Your try is in the table below, next to the deal as played.</p>"
            '<button type="button" class="md-button md-button--primary" data-action="new-try">'
            "Try again from the same point</button></section>"
        )
    me = session.learner
    trump = (
        f" {state.trump.symbol} {state.trump.plural.capitalize()} are trump."
        if state.trump
        else " No suit is trump."
        if state.maker is not None
        else ""
    )
    fresh = len(state.actions) == session.at
    heading = "Your try: choose again" if fresh else "Your try goes on"
    finish = (
        ""
        if fresh
        else '<button type="button" class="md-button" data-action="finish">'
        "Let the computer play the rest for me</button>"
    )
    current = ""
    if state.phase is Phase.PLAY and state.current_trick:
        names = seat_names(me, state.players)
        current = (
            "<p>This trick so far: "
            + ", ".join(f"{escape(names[s])} {card_html(c)}" for s, c in state.current_trick)
            + ".</p>"
        )
    return (
        '<section class="eu-ta-play" aria-labelledby="eu-ta-play-h">'
        f'<h3 id="eu-ta-play-h" tabindex="-1" data-focus>{heading}</h3>'
        f"<p>{escape(where(state))}.{escape(trump)}{_tricks_so_far(state, me)}</p>"
        f"{_happened_html(state, session)}{current}"
        f'<p class="eu-ta-prompt">{escape(prompt(state.view(me)))}</p>'
        f"{_choice_buttons(state, session)}{finish}</section>"
    )


def _tricks_so_far(state: HandState, me: int) -> str:
    """The tricks each side has taken (" Tricks so far: your side 1, the others 0."), once
    the cards are being played; nothing before the first lead."""
    if state.phase is not Phase.PLAY:
        return ""
    ours = side_tricks(state, me)
    return (
        f" Tricks so far: {escape(side_words(state.rules))} {ours}, "
        f"the others {len(state.tricks) - ours}."
    )


def from_words(start: HandState) -> str:
    """Where a try starts, after "Try again from": "trick 3, card 1", "the discard", "the
    farmer's hand" or, in the two rounds of making trump, "the bidding"."""
    if start.phase.is_bidding:
        return "the bidding"
    words = where(start)
    return words[0].lower() + words[1:]


def intro_html(session: Session) -> str:
    """What is being tried again, in one heading and one sentence."""
    original = session.original
    start = session.start
    action = original.actions[session.at]
    did = glyphs(describe(action, session.learner, start.view(session.learner)))
    return (
        f'<h2 class="eu-ta-title" id="eu-ta-title">Try again from {escape(from_words(start))}</h2>'
        f'<p class="eu-ta-intro">At this point in the deal as played, {escape(did[:1].lower() + did[1:])} That deal scored '
        f"{escape(team_points_text(original, session.learner))}. A try never changes it.</p>"
    )


def panel_html(session: Session) -> str:
    """The whole panel for a session."""
    share = euchre.to_share_code(session.original)
    bids = _bids_of(share, session.learner)
    return (
        f"{intro_html(session)}{play_html(session)}{compare_html(session)}"
        f"{hindsight_html(session, share)}{bids_html(bids, share, session.at)}"
    )


__all__ = ["HINDSIGHT_LABEL", "compare_html", "panel_html", "team_points_text"]
