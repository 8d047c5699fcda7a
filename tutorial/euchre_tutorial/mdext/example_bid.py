"""Bid Euchre's worked examples, checked by the engine (on a page that starts with
``{% game bid %}``, whose rules are Bid Euchre's as this build plays it):

| fence | keys (claim last) |
|---|---|
| ``euchre-bidding`` | ``dealer``, ``bidding`` (bids in turn), ``refused``?, ``high-bid`` |
| ``euchre-bid-score`` | ``bid`` (tricks, or ``moon``), ``tricks`` (the bidders'), ``score`` |
| ``euchre-bid-deal`` | ``dealer``, ``north`` ... ``west`` (six cards each), ``bidding`` (the bids, the naming of trump and the moon's pass), ``trick`` (one line per trick), ``score`` |

``high-bid`` claims who won the bidding and with what (``South 4``, ``East moon``, or
``none`` when everyone passed); ``refused`` is a bid the next seat may not make, shown with
the engine's reason. A score is claimed side by side: ``North-South 5, East-West 1`` (a set
side's points below zero: ``North-South -4``).

>>> from euchre import Rules
>>> rules = Rules.profile("bid-euchre")
>>> lines = ["dealer: West", "bidding: pass, bid 3, bid 4", "high-bid: South 4"]
>>> 'data-example="bidding"' in check_bidding(Fields.parse(lines, 1), rules)
True
>>> check_bid_score(Fields.parse(["bid: 4", "tricks: 3", "score: bidders 3"], 1), rules)
Traceback (most recent call last):
...
euchre_tutorial.mdext.fields.FieldError: the claim is 'bidders 3', but the engine scores it: bidders -4, defenders 3
"""

from __future__ import annotations

import re
from html import escape

import euchre
from euchre import Deal, HandState, Rules
from euchre.scoring import bid_points
from euchre.seats import next_seat

from euchre_tutorial.html import cards_html
from euchre_tutorial.mdext.example_cards import box, check_deck
from euchre_tutorial.mdext.example_deal import _apply, _tricks
from euchre_tutorial.mdext.fields import FieldError, Fields, parse_seat, seat_key, seat_names
from euchre_tutorial.narration import narration
from euchre_tutorial.present.bids import contract_line
from euchre_tutorial.present.words import told

SIDES = {"north-south": 0, "ns": 0, "east-west": 1, "ew": 1, "bidders": "bidders"}
SIDE_NAMES = ("North-South", "East-West")
SIDE_CLAIM = re.compile(r"^(?P<side>[a-z-]+)\s+(?P<n>[+-]?\d+)$")


def _bid_game(rules: Rules, key: str) -> None:
    if rules.variant != "bid":
        raise FieldError(
            "a Bid Euchre example belongs on a page that starts with {% game bid %}", key
        )


def _bids(state: HandState, text: str, line: int) -> HandState:
    for action in (a.strip() for a in text.split(",") if a.strip()):
        state = _apply(state, action, "bidding", line)
    return state


# ---------------------------------------------------------------------- euchre-bidding
BIDDING_KEYS = {"dealer", "bidding", "refused", "high-bid", "requires", "otherwise", "caption"}


def check_bidding(f: Fields, rules: Rules) -> str:
    """A round of bids (``bidding``) from the ``dealer``'s left, a bid the next seat may not
    make (``refused``, with the engine's reason) and the claimed ``high-bid``."""
    f.check_known(BIDDING_KEYS)
    _bid_game(rules, "bidding")
    names = seat_names(4)
    dealer = parse_seat(f.require("dealer"), "dealer")
    state = HandState.new(Deal.random(seed=0, dealer=dealer, rules=rules), rules)
    state = _bids(state, f.require("bidding"), f.line_of("bidding"))
    refused = ""
    if f.get("refused"):
        refused = _refusal(state, f.require("refused"), names)
    claim = f.require("high-bid").strip()
    actual = _high_bid(state, names)
    if claim.lower() != actual.lower():
        raise FieldError(f"the claim is {claim!r}, but the high bid is {actual!r}", "high-bid")
    sentences = "".join(f"<li>{escape(s)}</li>" for s in told(narration(state), names))
    result = _result_words(state, names)
    return box(
        "bidding",
        f'<p class="eu-example__setup">{names[dealer]} deals; {names[next_seat(dealer, rules.players)]} '
        f'bids first.</p><ol class="eu-example__bids">{sentences}</ol>{refused}'
        f'<p class="eu-example__answer"><strong>Result:</strong> {escape(result)}</p>',
    )


def _refusal(state: HandState, text: str, names: tuple[str, ...]) -> str:
    who = state.to_act
    if who is None:
        raise FieldError("the bidding is over: nobody is left to bid", "refused")
    reason = state.why_illegal(text)
    if reason is None:
        raise FieldError(
            f"the claim is that {names[who]} may not {text!r}, but it is legal", "refused"
        )
    return f'<p class="eu-example__refused">{names[who]} may not {escape(text)} ({escape(reason)}).</p>'


def _result_words(state: HandState, names: tuple[str, ...]) -> str:
    """Who won the bidding, in a sentence, or what happens when everyone passed."""
    if state.bidder is None:
        return contract_line(narration(state), names)
    moon = state.alone
    won = "shoots the moon" if moon else f"wins the bidding with {state.bid} tricks"
    return f"{names[state.bidder]} {won} and names trump."


def _high_bid(state: HandState, names: tuple[str, ...]) -> str:
    bids = [(s, a) for a, s in zip(state.actions, state.actors, strict=True) if a.kind == "bid"]
    if not bids:
        return "none"
    seat, action = bids[-1]
    return f"{names[seat]} {'moon' if action.is_moon else action.tricks}"


# ---------------------------------------------------------------------- euchre-bid-score
SCORE_KEYS = {"bid", "tricks", "score", "requires", "otherwise", "caption"}


def check_bid_score(f: Fields, rules: Rules) -> str:
    """The ``bid`` (tricks, or ``moon``), the bidders' ``tricks`` and the claimed ``score``
    (``bidders 5, defenders 1``)."""
    f.check_known(SCORE_KEYS)
    _bid_game(rules, "bid")
    bid_text = f.require("bid").strip().lower()
    moon = bid_text == "moon"
    tricks_text = f.require("tricks").strip()
    if not (moon or bid_text.isdigit()) or not tricks_text.isdigit():
        raise FieldError(
            "write the bid as a number of tricks or 'moon', the tricks as a number", "bid"
        )
    bid = rules.hand_size if moon else int(bid_text)
    try:
        bidders, defenders = bid_points(int(tricks_text), moon, False, bid, rules)
    except ValueError as exc:
        raise FieldError(str(exc), "tricks") from None
    claim = _claimed(f.require("score"), ("bidders", "defenders"))
    if claim != (bidders, defenders):
        actual = f"bidders {bidders}, defenders {defenders}"
        raise FieldError(
            f"the claim is {f.require('score')!r}, but the engine scores it: {actual}", "score"
        )
    what = "shoot the moon" if moon else f"bid {bid}"
    return box(
        "score",
        f'<p class="eu-example__setup">The bidders {what} and take {tricks_text} of the '
        f"{rules.hand_size} tricks.</p>"
        f'<p class="eu-example__answer"><strong>Score:</strong> the bidders '
        f"{_points(bidders)}, the defenders {_points(defenders)}.</p>",
    )


def _points(n: int) -> str:
    if n < 0:
        return f"lose {-n} {'point' if n == -1 else 'points'}"
    return f"score {n} {'point' if n == 1 else 'points'}"


def _claimed(text: str, sides: tuple[str, str]) -> tuple[int, int]:
    """A claim of two sides' points, each named once: ``bidders 5, defenders 1`` or
    ``North-South -4, East-West 2`` (a side left out scores 0)."""
    points = [0, 0]
    for part in (p.strip().lower() for p in text.split(",") if p.strip()):
        found = SIDE_CLAIM.match(part)
        names = [s.lower() for s in sides]
        where = None
        if found:
            side = found["side"]
            where = names.index(side) if side in names else SIDES.get(side)
        if not isinstance(where, int):
            raise FieldError(
                f"write the claim side by side, as '{sides[0]} 5, {sides[1]} 1', not {text!r}",
                "score",
            )
        assert found is not None
        points[where] = int(found["n"])
    return points[0], points[1]


# ---------------------------------------------------------------------- euchre-bid-deal
DEAL_KEYS = {"dealer", "bidding", "trick", "score", "requires", "otherwise", "caption"}


def check_bid_deal(f: Fields, rules: Rules) -> str:
    """A whole deal of Bid Euchre: the ``dealer``, the four hands, the ``bidding`` (bids,
    the naming of trump, the moon's pass), six ``trick`` lines and the claimed ``score``."""
    names = seat_names(4)
    keys = [seat_key(n) for n in names]
    f.check_known(DEAL_KEYS | set(keys))
    _bid_game(rules, "bidding")
    dealer = parse_seat(f.require("dealer"), "dealer")
    hands = [f.cards(key) for key in keys]
    check_deck([c for h in hands for c in h], rules, keys[0])
    try:
        state = HandState.new(Deal(dealer=dealer, hands=hands, upcard=None, kitty=[]), rules)
    except ValueError as exc:
        raise FieldError(f"this deal cannot happen: {exc}", "dealer") from None
    state = _bids(state, f.require("bidding"), f.line_of("bidding"))
    bids = told(narration(state), names)
    state, rows = _tricks(f, state, names)
    result = state.result
    if result is None:
        raise FieldError(f"the deal is not over (phase: {state.phase})", "trick")
    claim = _claimed(f.require("score"), SIDE_NAMES)
    if claim != tuple(result.points):
        actual = ", ".join(f"{n} {p}" for n, p in zip(SIDE_NAMES, result.points, strict=True))
        raise FieldError(
            f"the claim is {f.require('score')!r}, but the engine scores it: {actual}", "score"
        )
    return box("deal", _deal_html(state, hands, bids, rows, names))


def _deal_html(
    state: HandState,
    hands: list[list[euchre.Card]],
    bids: list[str],
    rows: list[str],
    names: tuple[str, ...],
) -> str:
    dealer = state.dealer
    hand_rows = "".join(
        f'<tr><th scope="row">{names[s]}{" (dealer)" if s == dealer else ""}</th>'
        f"<td>{cards_html(hands[s])}</td></tr>"
        for s in range(4)
    )
    bidding = "".join(f"<li>{escape(sentence)}</li>" for sentence in bids)
    tricks = (
        '<table class="eu-example__tricks"><thead><tr><th>Trick</th><th>Cards, in play '
        f"order</th><th>Why the winner wins</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    assert state.result is not None, "a worked deal is over"
    points = state.result.points
    totals = ", ".join(f"{n} {p}" for n, p in zip(SIDE_NAMES, points, strict=True))
    return (
        f'<p class="eu-example__setup">{names[dealer]} deals six cards to each player. '
        "There is no upcard.</p>"
        f'<table class="eu-example__hands"><tbody>{hand_rows}</tbody></table>'
        f'<p><strong>Bidding:</strong></p><ol class="eu-example__bids">{bidding}</ol>'
        f"<p>{escape(contract_line(narration(state), names))}</p>{tricks}"
        f'<p class="eu-example__answer"><strong>Score:</strong> '
        f"{escape(euchre.explain_score(state))} ({escape(totals)}.)</p>"
    )
