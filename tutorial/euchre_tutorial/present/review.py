"""The hand review: a finished deal replayed, each trick with who won it and why, the
points, and on each of the learner's decisions a "Try again from here" link.

The review is drawn once the deal is over, when its cards are no longer secret; the dealer's
discard stays face down in the bidding.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from euchre import Card

from euchre_tutorial.present.cards import card_html
from euchre_tutorial.present.markup import button_html, escape
from euchre_tutorial.present.seats import verb


def _cards(codes: Sequence[str]) -> str:
    items = "".join(f"<li>{card_html(Card.parse(c))}</li>" for c in codes)
    return f'<ul class="eu-cards eu-review-cards">{items}</ul>'


def try_again_href(share: str, kept: int) -> str:
    """The link to replay a deal from one of the learner's decisions.

    >>> try_again_href("e1abc", 3)
    '../try-again/?deal=e1abc&amp;at=3'
    """
    return escape(f"../try-again/?deal={share}&at={kept}")


def review_html(review: Mapping[str, Any], heading: str,
                actions: Sequence[tuple[str, str]] = ()) -> str:
    """The review of ``review`` (from ``widgets.game.review_model``) under ``heading``;
    ``actions`` are (label, data-action) buttons drawn below it, the first primary."""
    hands = "".join(
        f'<div class="eu-review-hand"><span class="eu-review-name">{escape(h["name"])}</span>'
        f'{_cards(h["cards"])}</div>' for h in review["hands"])
    hands += (f'<div class="eu-review-hand"><span class="eu-review-name">Upcard</span>'
              f'{_cards([review["upcard"]])}</div>')
    bids = []
    for line in review["bidding"]:
        text, kept = (line["text"], line.get("try_again")) if isinstance(line, Mapping) else (line, None)
        link = (f' <a class="eu-try-again" href="{try_again_href(review["share"], kept)}">'
                "Try again from here</a>" if kept is not None else "")
        bids.append(f"<li>{escape(text)}{link}</li>")
    deal = (f'<details class="eu-review-deal"><summary>The deal and the bidding</summary>'
            f'<div class="eu-review-hands">{hands}</div>'
            f'<ol class="eu-review-bids">{"".join(bids)}</ol></details>')
    tricks = []
    for trick in review["tricks"]:
        ours = " eu-review-trick--ours" if trick["our_side"] else ""
        who = trick["winner_name"]
        plays = []
        for play in trick["cards"]:
            win = " eu-review-play--winner" if play["card"] == trick["winner_card"] else ""
            link = ""
            if play.get("try_again") is not None:
                link = (f'<a class="eu-try-again" href="{try_again_href(review["share"], play["try_again"])}">'
                        "Try again from here</a>")
            plays.append(f'<li class="eu-review-play{win}" data-card="{play["card"]}">'
                         f'<span class="eu-review-who">{escape(play["name"])}</span>'
                         f'{card_html(Card.parse(play["card"]))}{link}</li>')
        tricks.append(
            f'<li class="eu-review-trick{ours}" data-winner="{escape(who)}">'
            f'<p class="eu-review-trick-head"><strong>Trick {trick["number"]}</strong> · led by '
            f'{escape(trick["leader"])} · <span class="eu-review-winner">{escape(who)} '
            f'{verb(who, "win", "wins")}</span></p>'
            f'<ul class="eu-review-plays">{"".join(plays)}</ul>'
            f'<p class="eu-review-why">{escape(trick["why"])}</p></li>')
    points = ""
    if review["score_text"]:
        points = (f'<p class="eu-review-points"><strong>Points: </strong>'
                  f'{escape(review["score_text"])} {escape(review["points_text"])}</p>')
    buttons = "".join(
        button_html(label, action=action,
                    class_="md-button md-button--primary" if i == 0 else "md-button")
        for i, (label, action) in enumerate(actions))
    return (f'<section class="eu-review" aria-label="{escape(heading)}">'
            f'<h3 class="eu-review-title">{escape(heading)}</h3>'
            f'<p class="eu-review-facts">{escape(review["facts"])}</p>{deal}'
            f'<ol class="eu-review-tricks">{"".join(tricks)}</ol>{points}'
            f'<div class="eu-review-actions">{buttons}</div>'
            '<p class="eu-share" hidden><label>Link to this deal: '
            '<input type="text" readonly data-share-link></label>'
            '<span class="eu-share-done" hidden> Copied.</span></p></section>')
