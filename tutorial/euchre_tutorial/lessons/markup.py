"""The table as HTML at build time: the same markup ``play/table.js`` draws in the browser,
so a lesson or a game is readable before Python starts.

>>> from euchre import Deal, HandState, Rules
>>> from euchre_tutorial.lessons.table import table_model
>>> html = table_html(table_model(HandState.new(Deal.random(seed=7, dealer=0), Rules()), 0))
>>> html.startswith('<div class="eu-table"') and 'data-place="bottom"' in html
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from euchre import Card

from euchre_tutorial.html import card_html


def _back(count: int) -> str:
    backs = '<span class="eu-back" aria-hidden="true"></span>' * count
    return (f'<span class="eu-backs" role="img" aria-label="{count} cards">{backs}</span>')


def _seat_html(seat: Mapping[str, Any]) -> str:
    badges = []
    if seat["dealer"]:
        badges.append('<span class="eu-badge eu-badge--dealer" title="Dealer">Dealer</span>')
    if seat["maker"]:
        badges.append('<span class="eu-badge eu-badge--maker" title="Maker">Maker</span>')
    if seat["out"]:
        badges.append('<span class="eu-badge eu-badge--out">Sits out</span>')
    name = escape(seat["name"]) + (" · partner" if seat["partner"] else "")
    tricks = seat["tricks"]
    head = (f'<p class="eu-seat-head"><span class="eu-seat-name">{name}</span>{"".join(badges)}'
            f'<span class="eu-seat-tricks" title="Tricks won">{tricks} {"trick" if tricks == 1 else "tricks"}</span></p>')
    bid = f'<p class="eu-bid">{escape(seat["bid"])}</p>' if seat["bid"] else '<p class="eu-bid" hidden></p>'
    if seat["place"] == "bottom":
        cards = "".join(
            f"<li>{card_html(Card.parse(c), button=True)}</li>" for c in seat["hand"] or []
        )
        body = f'<ul class="eu-hand" aria-label="Your hand">{cards}</ul>'
    elif seat["hand"] is not None:
        body = '<ul class="eu-cards eu-open-hand">' + "".join(
            f"<li>{card_html(Card.parse(c))}</li>" for c in seat["hand"]) + "</ul>"
    else:
        body = _back(seat["cards"])
    turn = " eu-seat--turn" if seat["to_act"] else ""
    return (f'<section class="eu-seat{turn}" data-place="{seat["place"]}" data-seat="{seat["seat"]}">'
            f"{head}{bid}{body}</section>")


def _center_html(model: Mapping[str, Any]) -> str:
    places = {s["seat"]: s["place"] for s in model["seats"]}
    played = "".join(
        f'<span class="eu-played" data-place="{places[p["seat"]]}">{card_html(Card.parse(p["card"]))}</span>'
        for p in model["trick"]
    )
    trump = model["trump"]
    if trump:
        info = (f'<p class="eu-trump eu-suit-{trump["letter"]}">Trump: '
                f'<span aria-hidden="true">{trump["symbol"]}</span> {escape(trump["name"])}</p>')
    else:
        info = '<p class="eu-trump">Trump not made yet</p>'
    up = ""
    if model["upcard_state"] in ("offered", "turned-down"):
        note = "Upcard" if model["upcard_state"] == "offered" else "Turned down"
        up = (f'<p class="eu-upcard eu-upcard--{model["upcard_state"]}">'
              f'{card_html(Card.parse(model["upcard"]))}<span>{note}</span></p>')
    return f'<div class="eu-center">{info}{up}<div class="eu-trick" role="group" aria-label="Cards played to this trick">{played}</div></div>'


def table_html(model: Mapping[str, Any]) -> str:
    """The whole table: the seats (four, or two to six with ``data-players``) around the
    centre, then the prompt and the choices."""
    seats = "".join(_seat_html(s) for s in model["seats"])
    choices = "".join(
        f'<button type="button" class="md-button eu-choice" data-action="{escape(c["action"])}" disabled>'
        f'{escape(c["label"])}</button>'
        for c in model["choices"]
    )
    count = len(model["seats"])
    players = f' data-players="{count}"' if count != 4 else ""
    return (
        f'<div class="eu-table" data-phase="{model["phase"]}"{players}>{seats}{_center_html(model)}</div>'
        f'<p class="eu-prompt" aria-live="polite">{escape(model["prompt"])}</p>'
        f'<div class="eu-choices">{choices}</div>'
    )
