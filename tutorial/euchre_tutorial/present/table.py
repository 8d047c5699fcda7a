"""The card table, drawn from one seat's view: seats around the centre (hands, badges,
bids), the trick, the prompt and the choices. Its only game input is a
:class:`euchre.SeatView`; the widget adds its own UI state (:class:`TableUI`: a lesson's
deliberately open hands, a locked hand, a prompt of its own, controls drawn disabled).

:func:`table_data` is the plain data (JSON-ready; the page reads flags such as
``your_turn`` from it) and :func:`render_table` the HTML, which the build writes and the
worker sends; the page only morphs it in.

>>> from euchre import Deal, HandState, Rules
>>> view = HandState.new(Deal.random(seed=7, dealer=0), Rules()).view(2)
>>> data = table_data(view)
>>> data["names"], data["prompt"]
(['North', 'East', 'You', 'West'], 'East is deciding: order up the upcard or pass.')
>>> html = render_table(view)
>>> html.startswith('<div class="eu-table"') and 'data-place="bottom"' in html
True

A spectator's table (:func:`seatless`) has no seat of its own: it is drawn as seat 0 sees
it, every hand face down with its count, nobody called "You", no control that acts:

>>> watched = render_table(seatless(view))
>>> 'class="eu-hand"' in watched, watched.count('class="eu-backs"'), 'Your turn' in watched
(False, 4, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import euchre
from euchre import Action, Card, Phase, SeatView, Suit

from euchre_tutorial.present.bids import (
    BID_PHASES,
    contract_line,
    high_bid_words,
    plays_bids,
    said_in_bidding,
)
from euchre_tutorial.present.cards import card_html
from euchre_tutorial.present.markup import attrs, escape
from euchre_tutorial.present.seats import NO_SEAT, seat_names, seat_places, verb
from euchre_tutorial.present.words import (
    CARD_KINDS,
    card_action,
    choice_label,
    prompt,
    proposed,
    told,
)


@dataclass(frozen=True)
class TableUI:
    """The widget's own state of the table (never a game fact).

    ``shown``: hands a lesson lays face up on purpose (seat -> cards); ``locked``: the hand
    and the choices are drawn but cannot be used (a finished lesson step); ``note``: a
    prompt of the widget's own instead of the table's ("Step done: choose Next step");
    ``disabled``: every control drawn disabled (the build, or an engine that cannot start);
    ``sort``: the hand in the engine's display order (free play); a lesson keeps its deal's
    order, which its words may follow. ``quiet``: no live regions, for a table watched among
    several (a teacher's class page), so a screen reader does not read every table's moves
    at once; the moves are still on the page, to be read when the teacher goes there.
    """

    shown: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)
    locked: bool = False
    note: str = ""
    disabled: bool = False
    sort: bool = False
    quiet: bool = False


def seatless(view: SeatView) -> SeatView:
    """``view`` as a spectator knows it: nobody's seat (:data:`NO_SEAT`), no hand, no
    choices, no discard. Give it only a view whose hidden actions are already hidden (a
    room server's public view, or a view of a seat that made none).

    >>> from euchre import Deal, HandState
    >>> watched = seatless(HandState.new(Deal.random(seed=2)).view(1))
    >>> watched.seat == NO_SEAT, watched.hand, watched.legal, watched.hand_sizes
    (True, (), (), (5, 5, 5, 5))
    """
    return replace(view, seat=NO_SEAT, hand=(), legal=(), discard=None)


def sorted_hand(hand: Iterable[Card], trump: Suit | None, rules: euchre.Rules) -> list[Card]:
    """A hand in the engine's display order: grouped by the suit each card belongs to this
    deal, the trumps (both bowers among them) together, highest first.

    >>> from euchre import Rules
    >>> cards = euchre.parse_cards("9h Jd Ac Jh Qd")
    >>> [c.code for c in sorted_hand(cards, Suit.HEARTS, Rules())]
    ['Jh', 'Jd', '9h', 'Ac', 'Qd']
    """
    order = [c for _suit, cards in euchre.ranking(trump, rules.deck, rules.joker) for c in cards]
    place = {c: i for i, c in enumerate(order)}
    return sorted(hand, key=lambda c: place.get(c, -1))


def _upcard_state(view: SeatView) -> str:
    """Where the upcard is: "offered" while round one asks, "taken" into the dealer's hand,
    "turned-down" when nobody ordered it, or "not-taken" when its suit is trump but it stays
    out of play (the dealer declined it, or sits out while a partner plays alone)."""
    if view.upcard is None:
        return "none"  # a game without one (Bid Euchre)
    if view.phase in (Phase.FARMER, Phase.ROUND_ONE):
        return "offered"
    if view.picked_up:
        return "taken"
    if view.trump is not None and view.trump is proposed(view):
        return "not-taken"  # the engine's picked_up: declined, or a dealer sitting out
    return "turned-down"


# The words beside an upcard left on the table, by its state.
_UPCARD_NOTES = {"offered": "Upcard", "turned-down": "Turned down", "not-taken": "Not taken"}


_BID_WORDS = {"pass": "Pass", "defend": "Defends alone", "decline": "Declines"}


def _bids(view: SeatView) -> list[str]:
    """The last thing each seat said while trump was being made ("Pass", "Order up")."""
    if view.phase in BID_PHASES:
        return said_in_bidding(view)
    out = ["" for _ in range(view.rules.players)]
    if view.phase in (Phase.PLAY, Phase.OVER) or plays_bids(view):
        return out  # trump is made: the maker's badge says who made it
    bidding = view.phase in (Phase.ROUND_ONE, Phase.ROUND_TWO)
    for action, actor, phase in zip(view.actions, view.actors, view.phases, strict=True):
        kind = action.kind
        if kind == "pass" and not (bidding and phase.is_bidding):
            continue  # a farmer's hand kept is not a pass of the upcard
        if kind == "order":
            words = "Picks up" if actor == view.dealer else "Orders up"
        elif kind == "call":
            words = "Calls " + ("no-trump" if action.suit is None else action.suit.plural)
        elif kind in _BID_WORDS:
            words = _BID_WORDS[kind]
        else:
            continue
        out[actor] = words + (" alone" if action.alone else "")
    return out


def _contract(view: SeatView, names: Sequence[str]) -> str | None:
    """Bid Euchre's line at the centre: the high bid while the bidding goes on, then the
    contract ("North bid 4, ♥ hearts."); None in a game made on an upcard."""
    if not plays_bids(view):
        return None
    if view.phase is Phase.AUCTION:
        return high_bid_words(view, names)
    return contract_line(view, names)


def _trick(seats: Iterable[int], cards: Iterable[Card]) -> list[dict[str, Any]]:
    return [{"seat": s, "card": c.code} for s, c in zip(seats, cards, strict=True)]


def _last_trick(view: SeatView, names: list[str]) -> dict[str, Any] | None:
    if not view.tricks:
        return None
    t = view.tricks[-1]
    just_done = not view.current_trick and bool(view.actions) and view.actions[-1].kind == "play"
    return {
        "cards": _trick(t.seats, t.cards),
        "winner": t.winner,
        "winner_name": names[t.winner],
        "why": euchre.explain_trick(t.cards, view.trump),
        "number": len(view.tricks),
        "just_done": just_done,
    }


def table_data(
    view: SeatView, ui: TableUI | None = None, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """Everything the table shows to ``view.seat`` (or to a spectator: :func:`seatless`),
    as plain data. ``names`` names the seats (a room's players); by default they are named
    by their places ("You", "West", ...)."""
    ui = ui or TableUI()
    rules = view.rules
    me = view.seat
    watching = me == NO_SEAT
    players = rules.players
    names = list(names) if names is not None else seat_names(me, players)
    seats = _seat_rows(view, ui, names)
    log = told(view, names)
    trump = view.trump
    my_team = rules.team_of(0 if watching else me)  # a spectator counts from seat 0
    team_tricks = [0, 0]
    for t in view.tricks:
        team_tricks[0 if rules.team_of(t.winner) == my_team else 1] += 1
    mine = view.to_act == me
    usable = mine and not ui.locked and not ui.disabled
    return {
        "view": view.to_dict(),
        "me": me,
        "watching": watching,
        "names": names,
        "seats": seats,
        "dealer": view.dealer,
        "to_act": view.to_act,
        "your_turn": mine and not ui.locked,
        "locked": ui.locked,
        "phase": view.phase.name.lower(),
        "phase_text": str(view.phase),
        "upcard": None if view.upcard is None else view.upcard.code,
        "upcard_state": _upcard_state(view),
        "trump": None
        if trump is None
        else {"letter": trump.letter, "name": trump.plural, "symbol": trump.symbol},
        "maker": view.maker,
        "alone": view.alone,
        "contract": _contract(view, names),
        "trick": _trick([s for s, _ in view.current_trick], [c for _, c in view.current_trick]),
        "last_trick": _last_trick(view, names),
        "tricks_played": len(view.tricks),
        "team_tricks": team_tricks,
        "log": log,
        "last": log[-1] if log else "",
        "prompt": ui.note or prompt(view, names),
        "card_action": card_action(view) if usable else None,
        "choices": [
            {"action": str(a), "label": choice_label(a, view)}
            for a in _choices(view.legal)
            if usable
        ],
        "over": view.phase is Phase.OVER,
    }


def _seat_rows(view: SeatView, ui: TableUI, names: Sequence[str]) -> list[dict[str, Any]]:
    """Each seat as the table draws it: its name and place, the cards it shows (``view``'s
    own hand, and the hands ``ui`` shows), its role in the deal and its tricks won."""
    rules, me = view.rules, view.seat
    watching = me == NO_SEAT
    bids = _bids(view)
    places = seat_places(me, rules.players)
    won = [0] * rules.players
    for t in view.tricks:
        won[t.winner] += 1
    seats = []
    for seat in range(rules.players):
        hand: list[str] | None = None
        cards = view.hand if seat == me else None if watching else ui.shown.get(seat)
        if cards is not None:
            ordered = sorted_hand(cards, view.trump, rules) if ui.sort else list(cards)
            hand = [c.code for c in ordered]
        seats.append(
            {
                "seat": seat,
                "name": names[seat],
                "place": places[seat],
                "partner": (
                    not watching
                    and seat != me
                    and rules.partnerships
                    and rules.team_of(seat) == rules.team_of(me)
                ),
                "cards": view.hand_sizes[seat],
                "hand": hand,
                "dealer": seat == view.dealer,
                "maker": seat == view.maker,
                "alone": seat == view.maker and view.alone,
                "out": seat in view.sitting_out,
                "tricks": won[seat],
                "bid": bids[seat],
                "to_act": seat == view.to_act,
            }
        )
    return seats


def _choices(legal: Iterable[Action]) -> list[Action]:
    """The decisions drawn as buttons, in the order they are drawn (and reached by Tab):
    every choice first, Pass last."""
    buttons = [a for a in legal if a.kind not in CARD_KINDS]
    return [a for a in buttons if a.kind != "pass"] + [a for a in buttons if a.kind == "pass"]


# ---------------------------------------------------------------------- HTML
def _backs(count: int) -> str:
    backs = '<span class="eu-back" aria-hidden="true"></span>' * count
    label = f"{count} {'card' if count == 1 else 'cards'}"
    return f'<span class="eu-backs" role="img" aria-label="{label}">{backs}</span>'


def _badges(seat: Mapping[str, Any]) -> str:
    badges = []
    if seat["dealer"]:
        badges.append('<span class="eu-badge eu-badge--dealer">Dealer</span>')
    if seat["maker"]:
        badges.append('<span class="eu-badge eu-badge--maker">Maker</span>')
    if seat["alone"]:
        badges.append('<span class="eu-badge eu-badge--alone">Alone</span>')
    if seat["out"]:
        badges.append('<span class="eu-badge eu-badge--out">Sits out</span>')
    return "".join(badges)


def _hand_html(seat: Mapping[str, Any], data: Mapping[str, Any], ui: TableUI) -> str:
    action = data["card_action"]
    cards = seat["hand"] or []
    items = []
    for index, code in enumerate(cards):
        button = card_html(
            Card.parse(code),
            button=True,
            action="card",
            tabindex=0 if index == 0 else -1,
            disabled=ui.disabled or ui.locked,
            autofocus=index == 0,
        )
        items.append(f"<li>{button}</li>")
    label = "Your hand" + (f": {data['prompt']}" if action else "")
    return (
        f'<ul class="eu-hand"{attrs({"aria_label": label, "data_locked": ui.locked, "data_asks_card": bool(action)})}>'
        f"{''.join(items)}</ul>"
    )


def _seat_html(seat: Mapping[str, Any], data: Mapping[str, Any], ui: TableUI) -> str:
    name = escape(seat["name"]) + (" · partner" if seat["partner"] else "")
    tricks = seat["tricks"]
    head = (
        f'<p class="eu-seat-head"><span class="eu-seat-name">{name}</span>{_badges(seat)}'
        f'<span class="eu-seat-tricks">{tricks} {"trick" if tricks == 1 else "tricks"}'
        "</span></p>"
    )
    bid = (
        f'<p class="eu-bid">{escape(seat["bid"])}</p>'
        if seat["bid"]
        else '<p class="eu-bid" hidden></p>'
    )
    if seat["seat"] == data["me"]:
        body = _hand_html(seat, data, ui)
    elif seat["hand"] is not None:
        body = (
            '<ul class="eu-cards eu-open-hand">'
            + "".join(f"<li>{card_html(Card.parse(c))}</li>" for c in seat["hand"])
            + "</ul>"
        )
    else:
        body = _backs(seat["cards"])
    classes = "eu-seat eu-seat--turn" if seat["to_act"] else "eu-seat"
    return (
        f'<section class="{classes}" data-place="{seat["place"]}" '
        f'data-seat="{seat["seat"]}" data-key="seat-{seat["seat"]}">{head}{bid}{body}</section>'
    )


def _center_html(data: Mapping[str, Any], live: str) -> str:
    places = {s["seat"]: s["place"] for s in data["seats"]}
    names = data["names"]
    trump = data["trump"]
    if trump:
        info = (
            f'<p class="eu-trump eu-suit-{trump["letter"]}">Trump: '
            f'<span aria-hidden="true">{trump["symbol"]}</span> {escape(trump["name"])}</p>'
        )
    elif data["maker"] is not None and data["phase"] != "name_trump":
        info = '<p class="eu-trump">No trump: no suit is trump this deal</p>'
    else:
        info = '<p class="eu-trump">Trump not made yet</p>'
    if data.get("contract"):
        info += f'<p class="eu-contract">{escape(data["contract"])}</p>'
    up = ""
    note = _UPCARD_NOTES.get(data["upcard_state"])
    if note is not None:
        up = (
            f'<p class="eu-upcard eu-upcard--{data["upcard_state"]}">'
            f"{card_html(Card.parse(data['upcard']))}<span>{note}</span></p>"
        )
    cards = data["trick"]
    last = data["last_trick"]
    done = not cards and last is not None and last["just_done"]
    if done:
        cards = last["cards"]
    named = len(data["seats"]) != 4
    spots = []
    for played in cards:
        seat = played["seat"]
        winner = " eu-played--winner" if done and seat == last["winner"] else ""
        caption = f'<span class="eu-played-by">{escape(names[seat])}</span>' if named else ""
        card = card_html(Card.parse(played["card"]), note=f"played by {names[seat]}")
        spots.append(
            f'<span class="eu-played{winner}" data-place="{places[seat]}" '
            f'data-enter="{places[seat]}">{card}{caption}</span>'
        )
    trick = (
        '<div class="eu-trick" role="group" aria-label="Cards played to this trick">'
        f"{''.join(spots)}</div>"
    )
    note = ""
    if done:
        who = last["winner_name"]
        note = (
            f'<p class="eu-trick-note">{escape(who)} '
            f"{verb(who, 'take', 'takes')} the trick. {escape(last['why'])}</p>"
        )
    # The note's place is always drawn, and kept by the page's morph (its key): a live
    # region that stays on the page, so each note put into it is read out, once, where it
    # is shown (a region created with its words already in it is not read out).
    slot = f'<div class="eu-trick-note-slot" data-key="trick-note"{live}>{note}</div>'
    return f'<div class="eu-center">{info}{up}{trick}{slot}</div>'


def _choices_html(data: Mapping[str, Any], ui: TableUI) -> str:
    buttons = []
    for choice in data["choices"]:
        classes = "md-button eu-choice" + (" eu-choice--pass" if choice["action"] == "pass" else "")
        buttons.append(
            f'<button type="button"{attrs({"class": classes, "data_action": "choose", "data_choice": choice["action"], "disabled": ui.disabled})}>'
            f"{escape(choice['label'])}</button>"
        )
    return f'<div class="eu-choices">{"".join(buttons)}</div>'


def render_data(data: Mapping[str, Any], ui: TableUI | None = None) -> str:
    """The HTML of :func:`table_data`'s result (the table, the prompt, the choices)."""
    ui = ui or TableUI()
    seats = "".join(_seat_html(s, data, ui) for s in data["seats"])
    count = len(data["seats"])
    classes = "eu-table eu-table--your-turn" if data["your_turn"] else "eu-table"
    live = "" if ui.quiet else ' aria-live="polite"'
    extra = attrs(
        {
            "class": classes,
            "data_phase": data["phase"],
            "data_watching": data.get("watching", False),
            "data_players": str(count) if count != 4 else None,
            "data_locked": ui.locked,
        }
    )
    return (
        f"<div{extra}>{seats}{_center_html(data, live)}</div>"
        f'<p class="eu-prompt"{live}>{escape(data["prompt"])}</p>'
        f"{_choices_html(data, ui)}"
    )


def render_table(view: SeatView, ui: TableUI | None = None) -> str:
    """The table as ``view.seat`` sees it (a spectator: :func:`seatless`), as HTML."""
    return render_data(table_data(view, ui), ui)
