"""Worked examples about whole deals and their score, checked by the engine:
``euchre-deal`` (a deal replayed from its hands and actions, with the claimed score) and
``euchre-score`` (the makers' tricks and the claimed points).

>>> from euchre import Rules
>>> html = check_score(Fields.parse(["tricks: 5", "alone: yes", "points: makers 4"], 1), Rules())
>>> 'data-example="score"' in html
True
>>> check_score(Fields.parse(["tricks: 2", "points: makers 1"], 1), Rules())
Traceback (most recent call last):
...
euchre_tutorial.mdext.fields.FieldError: the claim is 'makers 1', but the engine scores it: the defenders score 2
"""

from __future__ import annotations

import re
from html import escape

import euchre
from euchre import Card, Deal, HandState, Rules, make_deck

from euchre_tutorial.html import card_html, cards_html
from euchre_tutorial.mdext.example_cards import box, check_deck, trump_words
from euchre_tutorial.mdext.fields import SEATS, TEAMS, FieldError, Fields, parse_seat

CLAIM = re.compile(r"^(?P<who>makers|defenders|north-south|east-west|ns|ew)\s+(?P<n>\d+)$")


def _points_words(makers: int, defenders: int) -> str:
    if makers:
        return f"the makers score {makers}"
    return f"the defenders score {defenders}"


def _check_claim(text: str, makers: int, defenders: int, makers_team: int | None,
                 points: tuple[int, ...]) -> None:
    """Compare a claim (``makers 2``, ``defenders 2``, ``North-South 1``, ``none``)."""
    claim = text.strip().lower()
    if claim in ("none", "nobody", "0", "no score"):
        if any(points):
            raise FieldError(f"the claim is that nobody scores, but "
                             f"{_points_words(makers, defenders)}", "score")
        return
    m = CLAIM.match(claim)
    if not m:
        raise FieldError(f"write the claim as 'makers 1', 'defenders 2', 'North-South 2' or "
                         f"'none', not {text!r}", "score")
    n = int(m["n"])
    who = m["who"]
    if who in ("makers", "defenders"):
        ok = (makers, defenders) == ((n, 0) if who == "makers" else (0, n))
    else:
        team = 0 if who in ("north-south", "ns") else 1
        ok = points[team] == n and sum(points) == n
    if not ok:
        if makers_team is None:
            actual = "nobody scores"
        else:
            scoring = makers_team if makers else 1 - makers_team
            actual = (f"{_points_words(makers, defenders)} ({TEAMS[scoring]} "
                      f"{points[scoring]})")
        raise FieldError(f"the claim is {text!r}, but the engine scores it: {actual}", "score")


# ---------------------------------------------------------------------- euchre-score
SCORE_KEYS = {"tricks", "alone", "defender-alone", "points", "requires", "otherwise", "caption"}


def check_score(f: Fields, rules: Rules) -> str:
    """``tricks`` (the makers'), ``alone``, ``defender-alone`` and the claimed ``points``."""
    f.check_known(SCORE_KEYS)
    text = f.require("tricks")
    if not text.isdigit() or int(text) > 5:
        raise FieldError(f"the makers take 0 to 5 tricks, not {text!r}", "tricks")
    tricks = int(text)
    alone, defender_alone = f.flag("alone"), f.flag("defender-alone")
    if defender_alone and not rules.defend_alone:
        raise FieldError("a lone defender needs the house rule defend_alone=true "
                         "(add it to requires)", "defender-alone")
    try:
        makers, defenders = euchre.score_hand(tricks, alone, rules, defender_alone)
    except ValueError as exc:
        raise FieldError(str(exc), "tricks") from None
    claim = f.require("points").strip().lower()
    m = CLAIM.match(claim)
    if not m or m["who"] not in ("makers", "defenders"):
        raise FieldError(f"write the claim as 'makers 1' or 'defenders 2', not {claim!r}",
                         "points")
    n = int(m["n"])
    if (makers, defenders) != ((n, 0) if m["who"] == "makers" else (0, n)):
        raise FieldError(f"the claim is {claim!r}, but the engine scores it: "
                         f"{_points_words(makers, defenders)}", "points")
    who = "A lone maker" if alone else "The makers"
    against = " against a lone defender" if defender_alone else ""
    plural = "trick" if tricks == 1 else "tricks"
    return box("score", (
        f'<p class="eu-example__setup">{who} take {tricks} {plural}{against}.</p>'
        f'<p class="eu-example__answer"><strong>Score:</strong> '
        f"{escape(_points_words(makers, defenders))} "
        f"{'point' if max(makers, defenders) == 1 else 'points'}.</p>"))


# ---------------------------------------------------------------------- euchre-deal
DEAL_KEYS = {"dealer", "north", "east", "south", "west", "upcard", "kitty", "bidding",
             "discard", "trick", "score", "requires", "otherwise", "caption"}


def _apply(state: HandState, action: str, key: str, line: int) -> HandState:
    seat = state.to_act
    who = SEATS[seat] if seat is not None else "nobody"
    try:
        return state.apply(action)
    except ValueError as exc:
        raise FieldError(f"{who} cannot {action!r}: {exc}", key, line) from None


def check_deal(f: Fields, rules: Rules) -> str:
    """A whole deal: ``dealer``, the four hands (``north`` ...), ``upcard``, optional
    ``kitty``, ``bidding`` (actions in turn, comma-separated: ``pass``, ``order alone``,
    ``call spades`` ...), ``discard`` when the dealer picks up, one ``trick`` line per trick
    (cards in play order) and the claimed ``score``."""
    f.check_known(DEAL_KEYS)
    if rules.players != 4:
        raise FieldError("deal examples are written for four players", "requires")
    dealer = parse_seat(f.require("dealer"), "dealer")
    hands = [f.cards(name.lower()) for name in SEATS]
    upcard = f.card("upcard")
    holder: dict[Card, str] = {}
    for key, cards in [*((n.lower(), h) for n, h in zip(SEATS, hands, strict=True)),
                       ("upcard", [upcard])]:
        for card in cards:
            if card in holder:
                raise FieldError(f"this deal cannot happen: {card} is dealt twice, to "
                                 f"{holder[card]} and to {key}", key)
            holder[card] = key
    given = [c for h in hands for c in h] + [upcard]
    kitty = f.cards("kitty") if f.get("kitty") else [
        c for c in make_deck(rules.deck, rules.joker) if c not in set(given)]
    check_deck(given + kitty, rules, "kitty" if f.get("kitty") else "upcard")
    try:
        state = HandState.new(Deal(dealer=dealer, hands=hands, upcard=upcard, kitty=kitty), rules)
    except ValueError as exc:
        raise FieldError(f"this deal cannot happen: {exc}", "dealer") from None

    bids: list[tuple[int, str]] = []
    line = f.line_of("bidding")
    for action in [a.strip() for a in (f.get("bidding") or "").split(",") if a.strip()]:
        seat = state.to_act
        state = _apply(state, action, "bidding", line)
        bids.append((seat if seat is not None else -1, action))
    if f.get("discard"):
        seat = state.to_act
        card = f.card("discard")
        state = _apply(state, f"discard {card.code}", "discard", f.line_of("discard"))
        bids.append((seat if seat is not None else -1, f"discards {card} face down"))
    tricks_html = []
    for number, (text, tline) in enumerate(f.get_all("trick"), start=1):
        try:
            cards = euchre.parse_cards(text)
        except ValueError as exc:
            raise FieldError(str(exc), "trick", tline) from None
        plays = []
        for card in cards:
            seat = state.to_act
            state = _apply(state, f"play {card.code}", "trick", tline)
            plays.append((seat if seat is not None else -1, card))
        done = state.tricks[number - 1] if len(state.tricks) >= number else None
        if done is None:
            raise FieldError(f"trick {number} is not complete: {SEATS[state.to_act or 0]} "
                             "still has to play", "trick", tline)
        tricks_html.append(_trick_row(number, plays, [c for _s, c in plays], state.trump))
    if state.result is None:
        waiting = SEATS[state.to_act] if state.to_act is not None else "nobody"
        raise FieldError(f"the deal is not over: {waiting} still has to act "
                         f"(phase: {state.phase})", "trick" if f.get("trick") else "bidding")
    result = state.result
    points = tuple(result.points)
    makers_team = result.makers
    m_pts = points[makers_team] if makers_team is not None else 0
    d_pts = points[1 - makers_team] if makers_team is not None else 0
    _check_claim(f.require("score"), m_pts, d_pts, makers_team, points)
    return box("deal", _deal_html(f, dealer, hands, upcard, bids, tricks_html, state))


def _trick_row(number: int, plays: list[tuple[int, Card]], cards: list[Card],
               trump: euchre.Suit | None) -> str:
    win = euchre.trick_winner(cards, trump)
    items = "".join(
        f'<li class="eu-example__play{" eu-example__win" if i == win else ""}">'
        f'<span class="eu-example__seat">{SEATS[s]}</span> {card_html(c)}</li>'
        for i, (s, c) in enumerate(plays))
    reason = euchre.explain_trick(cards, trump).rstrip(".")
    return (f"<tr><th scope=\"row\">{number}</th><td><ol class=\"eu-example__trick\">{items}</ol>"
            f"</td><td>{escape(reason)}.</td></tr>")


def _deal_html(f: Fields, dealer: int, hands: list[list[Card]], upcard: Card,
               bids: list[tuple[int, str]], tricks_html: list[str], state: HandState) -> str:
    rows = "".join(
        f"<tr><th scope=\"row\">{SEATS[s]}{' (dealer)' if s == dealer else ''}</th>"
        f"<td>{cards_html(hands[s])}</td></tr>" for s in range(4))
    bidding = "".join(f"<li><strong>{SEATS[s]}:</strong> {escape(a)}</li>" for s, a in bids)
    maker = SEATS[state.maker] if state.maker is not None else None
    made = (f"{maker} made {trump_words(state.trump).lower().rstrip('.')}"
            f"{', alone' if state.alone else ''}." if maker else "Nobody made trump.")
    tricks = (f'<table class="eu-example__tricks"><thead><tr><th>Trick</th><th>Cards, in play '
              f"order</th><th>Why the winner wins</th></tr></thead><tbody>{''.join(tricks_html)}"
              "</tbody></table>" if tricks_html else "")
    return (f'<p class="eu-example__setup">{SEATS[dealer]} deals. The upcard is '
            f"{card_html(upcard)}.</p>"
            f'<table class="eu-example__hands"><tbody>{rows}</tbody></table>'
            f'<p><strong>Bidding:</strong></p><ol class="eu-example__bids">{bidding}</ol>'
            f"<p>{escape(made)}</p>{tricks}"
            f'<p class="eu-example__answer"><strong>Score:</strong> '
            f"{escape(euchre.explain_score(state))}</p>")
