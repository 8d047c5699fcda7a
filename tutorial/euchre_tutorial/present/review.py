"""The hand review: a finished deal replayed, each trick with who won it and why, the
points, and on each of the learner's decisions a "Try again from here" link.

The review is drawn once the deal is over, when its cards are no longer secret; the dealer's
discard stays face down in the bidding.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from euchre import Card, SeatView, Suit, Trick, explain_trick
from euchre.seats import same_side

from euchre_tutorial.present.cards import card_html
from euchre_tutorial.present.markup import button_html, escape
from euchre_tutorial.present.scores import points_text
from euchre_tutorial.present.seats import seat_names, verb
from euchre_tutorial.present.words import called_ace_words, deal_facts, told


@dataclass(frozen=True)
class Finished:
    """What only the whole deal knows, read from the engine once the deal is over (when
    its cards are no longer secret) by the widget that shows the review: every hand as
    dealt, the points each side scored (None: nobody scored yet), the engine's account of
    them, the deal's share code, the indexes of the reader's actions that were a choice
    (a "Try again from here"), the seats on the maker's side, and call-ace's suit and
    secret partner."""

    hands: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...] | None
    score_text: str
    share: str
    choices: frozenset[int] = frozenset()
    maker_side: frozenset[int] = frozenset()
    called_ace: Suit | None = None
    ace_partner: int | None = None


def _bidding(
    view: SeatView, choices: frozenset[int]
) -> tuple[list[dict[str, Any]], dict[tuple[int, str], int]]:
    """The bidding in words (each with its "Try again" index), and the reader's plays
    that were a choice: (seat, card) -> the number of actions before it."""
    said = told(view)
    bidding = []
    kept: dict[tuple[int, str], int] = {}
    for index, (action, actor) in enumerate(zip(view.actions, view.actors, strict=False)):
        if action.kind != "play":
            bidding.append({"text": said[index], "try_again": index if index in choices else None})
        elif index in choices:
            kept[(actor, action.card.code)] = index
    return bidding, kept


def _facts(view: SeatView, finished: Finished, names: Sequence[str]) -> str:
    """Who dealt, the upcard (where the game has one), the contract and call-ace's secret
    partner, in words."""
    facts = deal_facts(view, names)
    if finished.called_ace is not None and view.maker is not None:
        facts += " " + called_ace_words(
            view.maker, finished.called_ace, finished.ace_partner, names, view.seat
        )
    return facts


def review_model(view: SeatView, finished: Finished) -> dict[str, Any]:
    """A finished (or shared) deal replayed for ``view.seat``: hands, bidding, every trick
    with who won it and why, and the points (``finished``: what the engine knows of the
    whole deal)."""
    seat, rules = view.seat, view.rules
    names = seat_names(seat, rules.players)
    bidding, kept = _bidding(view, finished.choices)
    tricks = trick_rows(
        view.tricks,
        view.trump,
        names,
        lambda winner: same_side(winner, seat, rules.partnerships, finished.maker_side),
        kept,
    )
    mine = rules.team_of(seat)
    points = {"us": 0, "them": 0}
    all_points = list(finished.points or [0] * rules.num_teams)
    if finished.points is not None:
        others = [p for t, p in enumerate(all_points) if t != mine]
        points = {"us": all_points[mine], "them": max(others)}
    return {
        "facts": _facts(view, finished, names),
        "dealer": names[view.dealer],
        "upcard": None if view.upcard is None else view.upcard.code,
        "trump": None if view.trump is None else view.trump.plural,
        "hands": [
            {"seat": s, "name": names[s], "cards": [c.code for c in hand]}
            for s, hand in enumerate(finished.hands)
        ],
        "bidding": bidding,
        "tricks": tricks,
        "over": view.to_act is None,
        "score_text": finished.score_text,
        "points": points,
        "points_list": all_points,
        "points_text": points_text(rules, all_points, seat) if finished.points is not None else "",
        "share": finished.share,
    }


def _cards(codes: Sequence[str]) -> str:
    items = "".join(f"<li>{card_html(Card.parse(c))}</li>" for c in codes)
    return f'<ul class="eu-cards eu-review-cards">{items}</ul>'


def try_again_href(share: str, kept: int) -> str:
    """The link to replay a deal from one of the learner's decisions.

    >>> try_again_href("e1abc", 3)
    '../try-again/?deal=e1abc&amp;at=3'
    """
    return escape(f"../try-again/?deal={share}&at={kept}")


def trick_rows(
    tricks: Sequence[Trick],
    trump: Suit | None,
    names: Sequence[str],
    ours: Callable[[int], bool],
    kept: Mapping[tuple[int, str], int] | None = None,
) -> list[dict[str, Any]]:
    """Each finished trick as the review draws it: who led, each card with who played it,
    who won and why (the engine's ``explain_trick``), and whether the winner is on the
    reader's side (``ours``). ``kept`` maps the reader's (seat, card) plays to the number
    of actions before them, for a "Try again from here" link.

    >>> from euchre import Deal, HandState, Rules
    >>> state = HandState.new(Deal.random(seed=3, dealer=0), Rules()).apply("order")
    >>> while state.to_act is not None:
    ...     state = state.apply(state.legal_actions()[0])
    >>> row = trick_rows(state.tricks, state.trump, ["You", "West", "North", "East"],
    ...                  lambda seat: seat in (0, 2))[0]
    >>> row["number"], len(row["cards"]), row["why"] == explain_trick(state.tricks[0].cards, state.trump)
    (1, 4, True)
    """
    kept = kept or {}
    return [
        {
            "number": number,
            "leader": names[trick.leader],
            "cards": [
                {"seat": s, "name": names[s], "card": c.code, "try_again": kept.get((s, c.code))}
                for s, c in zip(trick.seats, trick.cards, strict=True)
            ],
            "winner": trick.winner,
            "winner_name": names[trick.winner],
            "winner_card": trick.winning_card.code,
            "our_side": ours(trick.winner),
            "why": explain_trick(trick.cards, trump),
        }
        for number, trick in enumerate(tricks, start=1)
    ]


def tricks_html(tricks: Sequence[Mapping[str, Any]], share: str | None = None) -> str:
    """The tricks of a deal (from :func:`trick_rows`), in order, each with who won it and
    why; a play with ``try_again`` links to the try-again page for the deal ``share``."""
    items = []
    for trick in tricks:
        ours = " eu-review-trick--ours" if trick["our_side"] else ""
        who = trick["winner_name"]
        plays, links = [], []
        for play in trick["cards"]:
            win = " eu-review-play--winner" if play["card"] == trick["winner_card"] else ""
            if share is not None and play.get("try_again") is not None:
                links.append(
                    f'<p class="eu-review-again"><a class="eu-try-again" '
                    f'href="{try_again_href(share, play["try_again"])}">'
                    "Try again from here</a></p>"
                )
            plays.append(
                f'<li class="eu-review-play{win}" data-card="{play["card"]}">'
                f'<span class="eu-review-who">{escape(play["name"])}</span>'
                f"{card_html(Card.parse(play['card']))}</li>"
            )
        # the link on a line of its own under the cards (in a card's column it widened
        # that column and, on a touch screen, stretched every card's box to its 44 px)
        items.append(
            f'<li class="eu-review-trick{ours}" data-winner="{escape(who)}">'
            f'<p class="eu-review-trick-head"><strong>Trick {trick["number"]}</strong> · led by '
            f'{escape(trick["leader"])} · <span class="eu-review-winner">{escape(who)} '
            f"{verb(who, 'win', 'wins')}</span></p>"
            f'<ul class="eu-review-plays">{"".join(plays)}</ul>{"".join(links)}'
            f'<p class="eu-review-why">{escape(trick["why"])}</p></li>'
        )
    return f'<ol class="eu-review-tricks">{"".join(items)}</ol>'


def review_html(
    review: Mapping[str, Any], heading: str, actions: Sequence[tuple[str, str]] = ()
) -> str:
    """The review of ``review`` (from :func:`review_model`) under ``heading``;
    ``actions`` are (label, data-action) buttons drawn below it, the first primary."""
    hands = "".join(
        f'<div class="eu-review-hand"><span class="eu-review-name">{escape(h["name"])}</span>'
        f"{_cards(h['cards'])}</div>"
        for h in review["hands"]
    )
    if review.get("upcard"):  # Bid Euchre has none
        hands += (
            f'<div class="eu-review-hand"><span class="eu-review-name">Upcard</span>'
            f"{_cards([review['upcard']])}</div>"
        )
    bids = []
    for line in review["bidding"]:
        text, kept = (
            (line["text"], line.get("try_again")) if isinstance(line, Mapping) else (line, None)
        )
        link = (
            f' <a class="eu-try-again" href="{try_again_href(review["share"], kept)}">'
            "Try again from here</a>"
            if kept is not None
            else ""
        )
        bids.append(f"<li>{escape(text)}{link}</li>")
    deal = (
        f'<details class="eu-review-deal"><summary>The deal and the bidding</summary>'
        f'<div class="eu-review-hands">{hands}</div>'
        f'<ol class="eu-review-bids">{"".join(bids)}</ol></details>'
    )
    points = ""
    if review["score_text"]:
        points = (
            f'<p class="eu-review-points"><strong>Points: </strong>'
            f"{escape(review['score_text'])} {escape(review['points_text'])}</p>"
        )
    buttons = "".join(
        button_html(
            label, action=action, class_="md-button md-button--primary" if i == 0 else "md-button"
        )
        for i, (label, action) in enumerate(actions)
    )
    return (
        f'<section class="eu-review" aria-label="{escape(heading)}">'
        f'<h3 class="eu-review-title">{escape(heading)}</h3>'
        f'<p class="eu-review-facts">{escape(review["facts"])}</p>{deal}'
        f"{tricks_html(review['tricks'], review['share'])}{points}"
        f'<div class="eu-review-actions">{buttons}</div>'
        '<p class="eu-share" hidden><label>Link to this deal: '
        '<input type="text" readonly data-share-link></label>'
        '<span class="eu-share-done" hidden> Copied.</span></p></section>'
    )
