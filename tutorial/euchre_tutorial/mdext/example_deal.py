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
from euchre import Action, ActionKind, Card, Deal, HandState, Phase, Rules, make_deck
from euchre.players.words import word_list

from euchre_tutorial.html import card_html, cards_html
from euchre_tutorial.mdext.example_cards import box, check_deck
from euchre_tutorial.mdext.fields import (
    SEATS,
    TEAMS,
    FieldError,
    Fields,
    parse_seat,
    seat_key,
    seat_names,
)
from euchre_tutorial.narration import narration
from euchre_tutorial.present.words import contract_words, told

CLAIM = re.compile(r"^(?P<who>makers|defenders|north-south|east-west|ns|ew)\s+(?P<n>\d+)$")
SEAT_CLAIM = re.compile(r"^(?P<seat>.+?)\s+(?P<n>\d+)$")


def _points_words(makers: int, defenders: int) -> str:
    if makers:
        return f"the makers score {makers}"
    return f"the defenders score {defenders}"


def _check_claim(
    text: str, makers: int, defenders: int, makers_team: int | None, points: tuple[int, ...]
) -> None:
    """Compare a claim (``makers 2``, ``defenders 2``, ``North-South 1``, ``none``)."""
    claim = text.strip().lower()
    if claim in ("none", "nobody", "0", "no score"):
        if any(points):
            raise FieldError(
                f"the claim is that nobody scores, but {_points_words(makers, defenders)}", "score"
            )
        return
    m = CLAIM.match(claim)
    if not m:
        raise FieldError(
            f"write the claim as 'makers 1', 'defenders 2', 'North-South 2' or "
            f"'none', not {text!r}",
            "score",
        )
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
            actual = f"{_points_words(makers, defenders)} ({TEAMS[scoring]} {points[scoring]})"
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
        raise FieldError(
            "a lone defender needs the house rule defend_alone=true (add it to requires)",
            "defender-alone",
        )
    try:
        makers, defenders = euchre.score_hand(tricks, alone, rules, defender_alone)
    except ValueError as exc:
        raise FieldError(str(exc), "tricks") from None
    claim = f.require("points").strip().lower()
    m = CLAIM.match(claim)
    if not m or m["who"] not in ("makers", "defenders"):
        raise FieldError(f"write the claim as 'makers 1' or 'defenders 2', not {claim!r}", "points")
    n = int(m["n"])
    if (makers, defenders) != ((n, 0) if m["who"] == "makers" else (0, n)):
        raise FieldError(
            f"the claim is {claim!r}, but the engine scores it: {_points_words(makers, defenders)}",
            "points",
        )
    who = "A lone maker takes" if alone else "The makers take"
    against = " against a lone defender" if defender_alone else ""
    plural = "trick" if tricks == 1 else "tricks"
    return box(
        "score",
        (
            f'<p class="eu-example__setup">{who} {tricks} {plural}{against}.</p>'
            f'<p class="eu-example__answer"><strong>Score:</strong> '
            f"{escape(_points_words(makers, defenders))} "
            f"{'point' if max(makers, defenders) == 1 else 'points'}.</p>"
        ),
    )


# ---------------------------------------------------------------------- euchre-deal
DEAL_KEYS = {
    "players",
    "dealer",
    "upcard",
    "kitty",
    "bidding",
    "discard",
    "call-ace",
    "trick",
    "partner",
    "score",
    "requires",
    "otherwise",
    "caption",
}


def _apply(state: HandState, action: str, key: str, line: int) -> HandState:
    seat = state.to_act
    who = seat_names(state.players)[seat] if seat is not None else "nobody"
    try:
        return state.apply(action)
    except ValueError as exc:
        raise FieldError(f"{who} cannot {action!r}: {exc}", key, line) from None


def _farmers_choice(text: str) -> bool:
    """Whether an action's text is a farmer's swap or throw-in (the bidding speaks to the
    farmer's hand itself)."""
    try:
        return Action.parse(text).kind in (ActionKind.FARMER_SWAP, ActionKind.REDEAL)
    except ValueError:
        return False  # a malformed action is refused where it is applied, with its line


def _decline_unspoken(state: HandState, phases: tuple[Phase, ...], line: int) -> HandState:
    """Decline each offer in ``phases`` that the example does not speak to, as the engine
    asks it: a farmer's hand is kept, a lone maker plays without the partner's best card,
    the defenders play together. So one example stands at every table: the decisions a
    house rule adds are told in its bidding ("East keeps their farmer's hand.")."""
    while state.phase in phases:
        state = _apply(state, "pass", "bidding", line)
    return state


def _check_table_claim(text: str, state: HandState) -> None:
    """A score claim at a table other than four: ``makers n``, ``defenders n`` (each),
    ``none`` or seat by seat (``Seat 2 2, Seat 3 2``: every other seat 0)."""
    rules = state.rules
    assert state.result is not None
    points = tuple(state.result.points)
    names = seat_names(rules.players)
    if rules.partnerships:
        sides = [
            " and ".join(names[s] for s in range(rules.players) if rules.team_of(s) == t)
            for t in range(rules.num_teams)
        ]
    else:
        sides = list(names)
    actual = ", ".join(f"{side} {p}" for side, p in zip(sides, points, strict=True) if p)
    actual = actual or "nobody scores"
    maker_teams = {rules.team_of(s) for s in state.maker_side}
    claim = text.strip().lower()
    if claim in ("none", "nobody", "0", "no score"):
        ok = not any(points)
    elif m := CLAIM.match(claim):
        n = int(m["n"])
        if m["who"] not in ("makers", "defenders") or not maker_teams:
            ok = False
        else:
            want_makers = m["who"] == "makers"
            ok = all(
                p == (n if (t in maker_teams) == want_makers else 0) for t, p in enumerate(points)
            )
    elif not rules.partnerships:
        claimed = [0] * rules.players
        for part in claim.split(","):
            found = SEAT_CLAIM.match(part.strip())
            if not found:
                raise FieldError(
                    f"write the claim as 'makers 1', 'defenders 2', 'none' or seat "
                    f"by seat ('Seat 2 2, Seat 3 2'), not {text!r}",
                    "score",
                )
            claimed[parse_seat(found["seat"], "score", rules.players)] = int(found["n"])
        ok = tuple(claimed) == points
    else:
        raise FieldError(
            f"write the claim as 'makers 1', 'defenders 2' or 'none', not {text!r}", "score"
        )
    if not ok:
        raise FieldError(f"the claim is {text!r}, but the engine scores it: {actual}", "score")


def _called_card(state: HandState) -> tuple[int, Card] | None:
    """Just after the call: the secret partner the engine found (``ace_partner``; the maker
    itself when it holds the best card) and that partner's best card of the called suit,
    the card that made it partner; None when nobody holds the suit."""
    partner, suit, trump = state.ace_partner, state.called_ace, state.trump
    if partner is None:
        return None
    held = [card for card in state.hand(partner) if euchre.effective_suit(card, trump) is suit]
    return partner, max(held, key=lambda card: euchre.card_power(card, trump))


def check_deal(f: Fields, rules: Rules) -> str:
    """A whole deal: ``dealer``, the hands (``north`` ... ``west``, or ``seat 1`` ...
    ``seat n`` at other table sizes), ``upcard``, optional ``kitty``, ``bidding`` (actions in
    turn, comma-separated: ``pass``, ``order alone``, ``call spades`` ...), ``discard`` when
    the dealer picks up, ``call-ace`` (the suit) with call-ace, one ``trick`` line per trick
    (cards in play order), the optional ``partner`` claim and the claimed ``score``. An
    offer a house rule adds and the bidding does not speak to is declined
    (:func:`_decline_unspoken`)."""
    names = seat_names(rules.players)
    keys = [seat_key(n) for n in names]
    f.check_known(DEAL_KEYS | set(keys))
    dealer = parse_seat(f.require("dealer"), "dealer", rules.players)
    hands = [f.cards(key) for key in keys]
    upcard = f.card("upcard")
    state = _dealt(f, rules, (dealer, hands, upcard), keys)
    state, called = _bidding(f, state)
    bids = told(narration(state), names)
    state, tricks_html = _tricks(f, state, names)
    _check_end(f, state, names)
    return box("deal", _deal_html(f, dealer, hands, upcard, bids, tricks_html, state, called))


def _dealt(
    f: Fields, rules: Rules, written: tuple[int, list[list[Card]], Card], keys: list[str]
) -> HandState:
    """The deal as written (dealer, hands, upcard; its kitty: the ``kitty`` line, else the
    rest of the deck), each card once."""
    dealer, hands, upcard = written
    holder: dict[Card, str] = {}
    for key, cards in [*zip(keys, hands, strict=True), ("upcard", [upcard])]:
        for card in cards:
            if card in holder:
                raise FieldError(
                    f"this deal cannot happen: {card} is dealt twice, to "
                    f"{holder[card]} and to {key}",
                    key,
                )
            holder[card] = key
    given = [c for h in hands for c in h] + [upcard]
    kitty = (
        f.cards("kitty")
        if f.get("kitty")
        else [c for c in make_deck(rules.deck, rules.joker) if c not in set(given)]
    )
    check_deck(given + kitty, rules, "kitty" if f.get("kitty") else "upcard")
    try:
        return HandState.new(Deal(dealer=dealer, hands=hands, upcard=upcard, kitty=kitty), rules)
    except ValueError as exc:
        raise FieldError(f"this deal cannot happen: {exc}", "dealer") from None


def _bidding(f: Fields, state: HandState) -> tuple[HandState, tuple[int, Card] | None]:
    """The bidding, the discard and the called ace as written; the called card, if any."""
    line = f.line_of("bidding")
    listed = [a.strip() for a in (f.get("bidding") or "").split(",") if a.strip()]
    if not (listed and _farmers_choice(listed[0])):
        state = _decline_unspoken(state, (Phase.FARMER,), line)
    for action in listed:
        state = _apply(state, action, "bidding", line)
    if f.get("discard"):
        card = f.card("discard")
        state = _apply(state, f"discard {card.code}", "discard", f.line_of("discard"))
    called: tuple[int, Card] | None = None
    if f.get("call-ace"):
        suit = f.trump("call-ace")
        if suit is None:
            raise FieldError("call-ace names a suit", "call-ace")
        state = _apply(state, f"call ace {suit.plural}", "call-ace", f.line_of("call-ace"))
        called = _called_card(state)
    return _decline_unspoken(state, (Phase.CALL_FOR_BEST, Phase.DEFEND), line), called


def _tricks(f: Fields, state: HandState, names: tuple[str, ...]) -> tuple[HandState, list[str]]:
    """Each ``trick`` line played, each a whole trick; their rows drawn."""
    rows = []
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
        if len(state.tricks) < number:
            raise FieldError(
                f"trick {number} is not complete: {names[state.to_act or 0]} still has to play",
                "trick",
                tline,
            )
        rows.append(_trick_row(number, plays, [c for _s, c in plays], state.trump, names))
    return state, rows


def _check_end(f: Fields, state: HandState, names: tuple[str, ...]) -> None:
    """The deal is over, and its ``partner`` and ``score`` claims are the engine's."""
    result = state.result
    if result is None:
        waiting = names[state.to_act] if state.to_act is not None else "nobody"
        raise FieldError(
            f"the deal is not over: {waiting} still has to act (phase: {state.phase})",
            "trick" if f.get("trick") else "bidding",
        )
    if f.get("partner"):
        _check_partner(f, state, names)
    rules = state.rules
    points = tuple(result.points)
    makers_team = result.makers
    if rules.players == 4 and rules.partnerships:
        m_pts = points[makers_team] if makers_team is not None else 0
        d_pts = points[1 - makers_team] if makers_team is not None else 0
        _check_claim(f.require("score"), m_pts, d_pts, makers_team, points)
    else:
        _check_table_claim(f.require("score"), state)


def _check_partner(f: Fields, state: HandState, names: tuple[str, ...]) -> None:
    """The ``partner`` claim: the seat of the call-ace partner (``none`` when the maker holds
    the called card or nobody does)."""
    text = f.require("partner")
    if state.called_ace is None:
        raise FieldError(
            "only a call-ace deal has a secret partner (add call-ace: a suit)", "partner"
        )
    actual = state.ace_partner if state.ace_partner != state.maker else None
    claimed = (
        None
        if text.strip().lower() in ("none", "nobody", "alone")
        else parse_seat(text, "partner", state.players)
    )
    if claimed != actual:
        said = "nobody" if claimed is None else names[claimed]
        real = (
            "nobody: the maker plays alone"
            if actual is None
            else f"{names[actual]}, who holds the highest {state.called_ace.singular}"
        )
        raise FieldError(f"the claimed partner is {said}, but it is {real}", "partner")


def _trick_row(
    number: int,
    plays: list[tuple[int, Card]],
    cards: list[Card],
    trump: euchre.Suit | None,
    names: tuple[str, ...] = SEATS,
) -> str:
    win = euchre.trick_winner(cards, trump)
    items = "".join(
        f'<li class="eu-example__play{" eu-example__win" if i == win else ""}">'
        f'<span class="eu-example__seat">{names[s]}</span> {card_html(c)}</li>'
        for i, (s, c) in enumerate(plays)
    )
    reason = euchre.explain_trick(cards, trump).rstrip(".")
    return (
        f'<tr><th scope="row">{number}</th><td><ol class="eu-example__trick">{items}</ol>'
        f"</td><td>{escape(reason)}.</td></tr>"
    )


def _deal_html(
    f: Fields,
    dealer: int,
    hands: list[list[Card]],
    upcard: Card,
    bids: list[str],
    tricks_html: list[str],
    state: HandState,
    called: tuple[int, Card] | None = None,
) -> str:
    names = seat_names(state.players)
    rows = "".join(
        f'<tr><th scope="row">{names[s]}{" (dealer)" if s == dealer else ""}</th>'
        f"<td>{cards_html(hands[s])}</td></tr>"
        for s in range(state.players)
    )
    bidding = "".join(f"<li>{escape(sentence)}</li>" for sentence in bids)
    maker = names[state.maker] if state.maker is not None else None
    made = contract_words(narration(state), names)
    if state.called_ace is not None and maker is not None:
        suit = state.called_ace.singular
        if called is None:
            made += f" Nobody holds a {suit}, so {maker} plays alone."
        elif called[0] == state.maker:
            made += f" {maker} holds the highest {suit}, {called[1]}, and so plays alone."
        else:
            made += (
                f" The highest {suit} is {called[1]}: {names[called[0]]} holds it and is "
                f"{maker}'s secret partner."
            )
    if state.players != 4 or not state.rules.partnerships:
        made += " " + _sides_words(state, names)
    tricks = (
        f'<table class="eu-example__tricks"><thead><tr><th>Trick</th><th>Cards, in play '
        f"order</th><th>Why the winner wins</th></tr></thead><tbody>{''.join(tricks_html)}"
        "</tbody></table>"
        if tricks_html
        else ""
    )
    score = escape(euchre.explain_score(state))
    if state.players != 4 or not state.rules.partnerships:
        score += " " + escape(_points_words_all(state, names))
    return (
        f'<p class="eu-example__setup">{names[dealer]} deals. The upcard is '
        f"{card_html(upcard)}.</p>"
        f'<table class="eu-example__hands"><tbody>{rows}</tbody></table>'
        f'<p><strong>Bidding:</strong></p><ol class="eu-example__bids">{bidding}</ol>'
        f"<p>{escape(made)}</p>{tricks}"
        f'<p class="eu-example__answer"><strong>Score:</strong> {score}</p>'
    )


def _sides_words(state: HandState, names: tuple[str, ...]) -> str:
    """Who plays with the maker and who against, in words."""
    if state.maker is None:
        return ""
    makers = [names[s] for s in sorted(state.maker_side)]
    others = [
        names[s]
        for s in range(state.players)
        if s not in state.maker_side and s not in state.sitting_out
    ]
    if not others:
        return ""
    verb = "play" if len(makers) > 1 else "plays"
    return f"{word_list(makers)} {verb} against {word_list(others)}."


def _points_words_all(state: HandState, names: tuple[str, ...]) -> str:
    assert state.result is not None
    rules = state.rules
    if rules.partnerships:
        team = [(t, p) for t, p in enumerate(state.result.points) if p]
        if not team:
            return ""
        seats = [names[s] for s in range(state.players) if rules.team_of(s) == team[0][0]]
        return f"Points: the team of {word_list(seats)} scores {team[0][1]}."
    scored = [(s, state.result.points[rules.team_of(s)]) for s in range(state.players)]
    gains = [f"{names[s]} {p}" for s, p in scored if p]
    return ("Points: " + ", ".join(gains) + ".") if gains else ""
