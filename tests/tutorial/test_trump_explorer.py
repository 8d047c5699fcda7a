"""The trump explorer's build-time state and its bridge handler give the engine's order."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from typing import Any

import euchre
import pytest
from euchre import Rules, Suit
from euchre_tutorial import bridge
from euchre_tutorial.present.explorer import order_model
from euchre_tutorial.widgets import trump_explorer

SUITS = list(Suit)
RULES = [Rules(), Rules.profile("long-deck"), Rules().replace(joker=True)]


class Rows(HTMLParser):
    """Reads the rows of the explorer: suit letter -> card codes in page order, the gap,
    the badges and the checked radio."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, list[str]] = {}
        self.order: list[str] = []
        self.gaps: dict[str, str] = {}
        self.badges: list[str] = []
        self.checked: str | None = None
        self.radios: list[str] = []
        self._suit = ""
        self._badge = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        cls = a.get("class") or ""
        if tag == "li" and "eu-te-row" in cls.split():
            self._suit = a["data-suit"] or ""
            self.order.append(self._suit)
            self.rows[self._suit] = []
        elif a.get("data-card"):
            self.rows[self._suit].append(a["data-card"] or "")
        elif a.get("data-gap"):
            self.gaps[self._suit] = a["data-gap"] or ""
        elif "eu-te-badge" in cls:
            self._badge = True
        elif tag == "input":
            self.radios.append(a["value"] or "")
            if "checked" in a:
                self.checked = a["value"]

    def handle_data(self, data: str) -> None:
        if self._badge:
            self.badges.append(data)
            self._badge = False


def parse(html: str) -> Rows:
    rows = Rows()
    rows.feed(html)
    return rows


@pytest.mark.parametrize("rules", RULES, ids=lambda r: repr(r))
@pytest.mark.parametrize("trump", SUITS, ids=lambda s: s.plural)
def test_render_equals_engine_order(trump: Suit, rules: Rules) -> None:
    html = trump_explorer.render({"trump": trump.letter, "id": "t"}, rules)
    rows = parse(html)
    expected = euchre.ranking(trump, deck=rules.deck, joker=rules.joker)
    assert rows.order == [suit.letter for suit, _ in expected]
    for suit, cards in expected:
        assert rows.rows[suit.letter] == [c.code for c in cards]
    assert rows.checked == trump.letter


@pytest.mark.parametrize("trump", SUITS, ids=lambda s: s.plural)
def test_left_bower_is_marked_and_its_suit_shrinks(trump: Suit) -> None:
    rows = parse(trump_explorer.render({"trump": trump.letter}, Rules()))
    left = euchre.left_bower(trump)
    assert rows.rows[trump.letter][:2] == [euchre.right_bower(trump).code, left.code]
    assert len(rows.rows[trump.letter]) == 7
    assert len(rows.rows[trump.partner.letter]) == 5
    assert rows.gaps == {trump.partner.letter: left.code}
    assert f"left bower — counts as a {trump.singular}" in rows.badges
    assert "right bower" in rows.badges


@pytest.mark.parametrize(
    ("rules", "summary"),
    [
        (
            Rules(),
            "Hearts are trump: seven trumps, from the right bower (J♥) down to the nine of "
            "hearts. The jack of diamonds joins them as the left bower, so diamonds has only "
            "five cards this deal.",
        ),
        (
            Rules().replace(joker=True),
            "Hearts are trump: eight trumps, from the joker down to the "
            "nine of hearts. The jack of diamonds joins them as the left "
            "bower, so diamonds has only five cards this deal.",
        ),
    ],
    ids=["plain", "joker"],
)
def test_the_summary_names_the_top_trump_and_the_suit_that_shrinks(
    rules: Rules, summary: str
) -> None:
    assert order_model(Suit.HEARTS, rules)["summary"] == summary


def test_no_trump_choice_only_with_the_option() -> None:
    assert parse(trump_explorer.render({"trump": "h"}, Rules())).radios == ["c", "d", "h", "s"]
    rules = Rules().replace(no_trump=True)
    rows = parse(trump_explorer.render({"trump": "none"}, rules))
    assert rows.radios == ["c", "d", "h", "s", "none"] and rows.checked == "none"
    for suit, cards in euchre.ranking(None):
        assert rows.rows[suit.letter] == [c.code for c in cards]
    assert rows.gaps == {} and rows.badges == []


@pytest.mark.parametrize("trump", [*SUITS], ids=lambda s: s.plural)
def test_bridge_handler_gives_the_rendered_model(trump: Suit) -> None:
    rules = Rules()
    reply = json.loads(
        bridge.dispatch(
            "trump_explorer.order", json.dumps({"trump": trump.letter, "rules": rules.to_dict()})
        )
    )
    assert reply["ok"] is True
    model: dict[str, Any] = reply["value"]
    assert model == trump_explorer.order_model(trump, rules)
    # The HTML drawn from the handler's answer is the build-time HTML.
    html = trump_explorer.render({"trump": trump.letter, "id": "x"}, rules)
    assert trump_explorer.rows_html(model) in html


def test_bridge_handler_refuses_bad_input_in_words() -> None:
    reply = json.loads(bridge.dispatch("trump_explorer.order", '{"trump": "purple"}'))
    assert reply == {
        "ok": False,
        "error": "trump: 'purple' is not a suit: use clubs, diamonds, hearts or spades",
    }
    reply = json.loads(bridge.dispatch("trump_explorer.order", '{"trump": "none"}'))
    assert reply["ok"] is False and "no_trump" in reply["error"]
