"""The room widget's renderer (``room.render``) over the messages of a real room: every
state a seat is sent draws as HTML, and that HTML never names a card the seat may not
know. The lobby and the review carry the controls the page forwards; the table says
when the seat is to act and which card takes the focus."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import euchre
import pytest
from euchre import HandResult, Rules
from euchre.tables import TABLES as ENGINE_TABLES
from euchre.trump import card_power, effective_suit
from euchre_tutorial.bridge import BridgeError
from euchre_tutorial.present.words import called_ace_words
from euchre_tutorial.site_rules import game_profiles, site_profiles
from euchre_tutorial.widgets.room import render, render_message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.rooms.helpers import live_room, play_match, play_one_step, seated, server, settle
from tests.rooms.tables import TABLES
from tests.rooms.test_secrets import cards_named, knowable, spellings

PAGE = "http://127.0.0.1:8000/practice/rooms/"


def explained(state: dict[str, Any]) -> str:
    """The engine's account of the deal under review, as the page must show it."""
    return html.escape(euchre.explain_score(HandResult.from_dict(state["table"]["review"])))


def told_tricks(state: dict[str, Any], shown: str) -> None:
    """The review lists the deal's tricks in order, as free play's review does: each with
    its four (or three, or six) cards, who won it, and the engine's reason, and the tricks
    this seat's side of the deal won marked (at cutthroat and call-ace, the maker's side or
    the others, as in free play)."""
    view = state["table"]["view"]
    rules = euchre.Rules.from_dict(state["room"]["rules"])
    trump = None if view["trump"] is None else euchre.Suit.parse(view["trump"])
    items = re.findall(
        r'<li class="eu-review-trick( eu-review-trick--ours)?" data-winner="([^"]*)">'
        r'(.*?)<p class="eu-review-why">([^<]*)</p></li>',
        shown,
    )
    assert len(items) == len(view["tricks"]), shown
    me = state["you"]
    review, maker = state["table"]["review"], view["maker"]
    side = set(review["maker_side"])  # the maker's side: its team, its call-ace partner
    if maker is None:  # the cards were thrown in: no tricks, no side
        assert side == set() and not items
    elif rules.partnerships:
        assert side == {s for s in range(rules.players) if rules.team_of(s) == rules.team_of(maker)}
    else:
        assert side == {maker} | ({review["ace_partner"]} if review["called"] else set()) - {None}
    for (ours, winner, plays, why), trick in zip(items, view["tricks"], strict=True):
        cards = [euchre.Card.parse(c) for c in trick["cards"]]
        assert re.findall(r'<li class="eu-review-play[^"]*" data-card="([^"]+)"', plays) == [
            c.code for c in cards
        ]
        assert html.unescape(why) == euchre.explain_trick(cards, trump)
        won = trick["winner"]
        name = "You" if won == me else state["room"]["seats"][won]["name"]
        assert html.unescape(winner) == name
        if rules.partnerships:
            same = me is not None and rules.team_of(won) == rules.team_of(me)
        else:  # each scores alone: the maker's side of the deal, or the others
            same = me is not None and (won in side) == (me in side)
        assert bool(ours) == same


def drawn(state: dict[str, Any]) -> str:
    reply = render_message({"state": state, "page": PAGE, "reactions": []})
    return "".join(reply["html"].values())


def test_the_lobby_shows_the_invite_seats_and_the_hosts_controls() -> None:
    with server() as (client, _hub), seated(client, ["Ann <b>", "Bob"]) as (ann, bob):
        host_html = drawn(ann.state or {})
        guest_html = drawn(bob.state or {})
    assert f"{PAGE}?room={ann.code}" in host_html
    assert 'data-action="copy"' in host_html
    assert "Ann &lt;b&gt;" in guest_html and "<b>" not in guest_html  # a name is text
    assert 'data-action="start"' in host_html and 'data-action="start"' not in guest_html
    assert 'data-action="remove"' in host_html and 'data-action="remove"' not in guest_html
    assert 'data-action="ready"' in guest_html
    assert host_html.count('data-action="react"') == 6
    # the rules by their title, as the entry form offers them, never by the engine's key
    assert (
        "American rules, four players in two teams, game to 10; computer players: normal."
        in host_html
    )
    assert "Rules: american" not in host_html


def test_the_way_in_offers_this_site_s_rules_and_the_engine_s_tables() -> None:
    """A cutthroat site's form chooses its own rules and table; after leaving a room the
    form is drawn again the same way from the rules the page sends; every table of the
    engine is offered by name, so a host never picks a size the rules refuse."""
    cutthroat = Rules().at_table("3")
    for form in (
        render({"server": ""}, cutthroat),
        render_message({"entry": {"room": "", "name": "Ann", "rules": cutthroat.to_dict()}})[
            "html"
        ]["entry"],
    ):
        assert '<option value="site" selected>This site&#x27;s rules</option>' in form
        assert '<option value="3" selected>Three-handed cutthroat</option>' in form
        tables = re.findall(r'<select name="table">(.*?)</select>', form)[0]
        assert re.findall(r'<option value="([^"]+)"', tables) == list(ENGINE_TABLES)
    plain = render_message({"entry": {"room": "", "name": "Ann", "rules": "damaged"}})["html"][
        "entry"
    ]
    assert 'value="site"' not in plain and '<option value="4" selected>' in plain


def test_a_deal_draws_the_table_then_the_review_with_continue() -> None:
    with server() as (client, _hub), seated(client, ["Ann", "Bob"], level="easy") as table:
        ann = table[0]
        ann.do({"type": "start"})
        phases = set()
        turns = set()
        rng = random.Random(4)
        while "review" not in phases:
            play_one_step(table, rng)
            settle(table)  # until the table waits for Ann or Bob: one of them is to act
            for person in table:
                state = person.state or {}
                reply = render_message({"state": state, "page": PAGE})
                phases.add(reply["phase"])
                if reply["phase"] == "review":
                    _assert_review_drawn(state, reply)
                elif reply["phase"] == "playing":
                    turns.add(_assert_table_drawn(state, reply))
    assert {"playing", "review"} <= phases
    assert turns == {True, False}


def _assert_review_drawn(state: dict[str, Any], reply: dict[str, Any]) -> None:
    """The review explains the deal, tells the tricks, and offers Continue to those awaited."""
    review = reply["html"]["review"]
    waiting = state["table"]["review"]["waiting"]
    assert ('data-action="continue"' in review) == (state["you"] in waiting)
    assert explained(state) in review
    told_tricks(state, review)


def _assert_table_drawn(state: dict[str, Any], reply: dict[str, Any]) -> bool:
    """One table, announced by the move just made, focused on the hand; whether it is the
    viewer's turn."""
    assert reply["html"]["table"].count('class="eu-table') == 1
    assert reply["version"] == state["version"]
    # the page focuses the bid or the hand when this turns true
    view = state["table"]["view"]
    assert reply["your_turn"] == (view["to_act"] == state["you"] and bool(view["legal"]))
    # a card redrawn away hands the focus to the hand's first card
    markup = reply["html"]["table"]
    # the announced prompt starts with the move just made, by whoever made it
    said = re.search(r'<p class="eu-prompt"[^>]*>([^<]*)</p>', markup)
    assert said is not None
    if view["actions"]:
        actor = view["actors"][-1]
        seat = state["room"]["seats"][actor]
        name = "You" if actor == state["you"] else seat["name"] or f"Seat {actor + 1}"
        move, _, then = said.group(1).partition(". ")
        assert move.startswith(f"{name} ") and then, said.group(1)
    assert markup.count("data-autofocus") == (1 if view["hand"] else 0)
    if view["hand"]:
        assert re.search(r'<ul class="eu-hand"[^>]*><li><button [^>]*data-autofocus', markup)
    return bool(reply["your_turn"])


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32))
def test_the_room_page_never_draws_a_card_its_seat_may_not_know(
    table: tuple[str, int, dict[str, Any]], seed: int
) -> None:
    _profile, players, rules = table
    names = [f"P{i}" for i in range(min(2, players))]
    with (
        server() as (client, hub),
        seated(client, names, rules={**rules, "game_to": 2}, level="easy") as people,
    ):
        people[0].do({"type": "start"})
        play_match(people, random.Random(seed))
        game = live_room(hub, people[0].code or "").room.finished
        assert game is not None
        deals = list(game.history)
        everything = {n for d in deals for c in d.deal.all_cards() for n in spellings(c)}
        for person in people:
            seat = person.seat
            assert seat is not None
            secret = [
                {n for c in set(d.deal.all_cards()) - knowable(d, seat) for n in spellings(c)}
                for d in deals
            ]
            for text in person.texts:
                state = json.loads(text).get("state")
                if state is None:
                    continue
                deal = state["table"]["deal"] if state["table"] else None
                hidden = secret[deal] if deal is not None else everything
                leaked = cards_named(drawn(state)) & hidden
                assert not leaked, (players, seat, deal, leaked)


def test_a_message_without_a_state_is_refused_plainly() -> None:
    with pytest.raises(BridgeError, match="needs the server's state"):
        render_message({"page": PAGE})


def test_where_each_plays_alone_the_score_names_players_as_the_table_does() -> None:
    """At a cutthroat table the score line, the review and the lobby's last match call the
    others by the names the table shows them ("Bob", "Computer 3"), never "seat 2"; the
    review names who made trump and gives the engine's account of the deal; the lobby says
    who won."""
    ann, states = whole_match(table="3", game_to=2, seed=7)
    drawn_html = [drawn(state) for state in states]
    lines = {
        line for html in drawn_html for line in re.findall(r"(?:Score|Final score): ([^<]*)", html)
    }
    assert len(lines) >= 3, lines
    for line in lines:
        assert "seat" not in line.lower(), line
        assert re.search(r"\b\d+ for you, \d+ for Bob, \d+ for Computer 3\b", line), line
    reviews = [(state, drawn(state)) for state in states if state["room"]["phase"] == "review"]
    assert reviews
    for state, shown in reviews:
        assert explained(state) in shown  # the engine's words: "The maker took 4 tricks ..."
        makers = state["table"]["review"]["makers"]
        if makers is not None:
            maker = "You" if makers == ann else state["room"]["seats"][makers]["name"]
            assert re.search(
                rf"<p>{maker} (made (clubs|diamonds|hearts|spades) trump|called no-trump)"
                r"( and went alone)?\.</p>",
                shown,
            ), shown
        told_tricks(state, shown)
    winners = set(
        re.findall(r"Last match: (you|Bob|Computer 3) won\. Final score: ", "".join(drawn_html))
    )
    assert len(winners) == 1, winners


def test_at_call_ace_the_review_names_the_secret_partner() -> None:
    """Five-handed call-ace: each review after a contract says which suit the maker called
    for and who held its best card (the secret partner), or that the maker played alone;
    the partner is the seat whose play of that card everyone saw."""
    ann, states = whole_match(table="5", game_to=3, seed=5)
    called = 0
    for state in states:
        review = (state.get("table") or {}).get("review")
        if state["room"]["phase"] != "review" or review is None or review["makers"] is None:
            continue
        view = state["table"]["view"]
        suit = euchre.Suit.parse(review["called"])
        trump = None if view["trump"] is None else euchre.Suit.parse(view["trump"])
        # every card held when the maker called was played: the best one of the suit shows
        # who held it
        of_suit = [
            (card_power(card, trump), seat)
            for trick in view["tricks"]
            for seat, code in zip(trick["seats"], trick["cards"], strict=True)
            if effective_suit(card := euchre.Card.parse(code), trump) is suit
        ]
        partner = max(of_suit)[1] if of_suit else None
        assert review["ace_partner"] == partner
        names = ["You" if s["seat"] == ann else s["name"] for s in state["room"]["seats"]]
        shown = html.unescape(drawn(state))
        assert called_ace_words(view["maker"], suit, partner, names, ann) in shown, shown
        called += 1
    assert called


def whole_match(table: str, game_to: int, seed: int) -> tuple[int, list[dict[str, Any]]]:
    """Ann and Bob play a whole match at ``table`` with easy computers: Ann's seat and
    every state she was sent."""
    with (
        server() as (client, _hub),
        seated(
            client, ["Ann", "Bob"], table=table, rules={"game_to": game_to}, level="easy"
        ) as people,
    ):
        people[0].do({"type": "start"})
        play_match(people, random.Random(seed))
        settle(people)
        ann = people[0]
        assert ann.seat is not None
        return ann.seat, [
            state for text in ann.texts if (state := json.loads(text).get("state")) is not None
        ]


def test_a_review_says_when_reaching_game_point_together_cut_every_score() -> None:
    """Where each player scores alone, several can pass the target in one deal; then every
    score drops until the leader is one short. Each review's score follows from the score
    before the deal and its points, and when a cut was made the review says by how much
    (the score line after it would otherwise not add up)."""
    cuts = 0
    for seed in range(8):  # a match to 3 at five players has a cut in most, not all
        cuts += _reviews_with_a_cut(whole_match(table="5", game_to=3, seed=seed)[1])
        if cuts:
            break
    assert cuts


def _reviews_with_a_cut(states: list[dict[str, Any]]) -> int:
    """How many reviews among ``states`` follow a cut, each checked as the test above says."""
    cuts = 0
    for state in states:
        review = (state.get("table") or {}).get("review")
        if state["room"]["phase"] != "review" or review is None:
            continue
        raw = [b + p for b, p in zip(review["score_before"], review["points"], strict=True)]
        score = state["table"]["score"]
        assert list(euchre.game.settle_game_point(raw, 3)) == score
        shown = html.unescape(drawn(state))
        if raw != score:
            cuts += 1
            assert f"so every score drops by {max(raw) - max(score)}, never below 0" in shown, shown
        else:
            assert "every score drops" not in shown
    return cuts


def test_the_way_in_offers_the_sites_own_table_with_the_rules_each_choice_plays_there() -> None:
    """A site at a table no preset names (four players each for themselves with call-ace):
    the rooms' form offers it first, and the rules the page sends for each choice are
    accepted by the room server as that table (it once made four players in two teams)."""
    from euchre_rooms.room import rules_from_request
    from euchre_tutorial.present.room import entry_html

    site = Rules().replace(partnerships=False, call_ace=True)
    form = entry_html(site=site)
    chooser = html.unescape(form.split('name="table"')[1].split("</select>")[0])
    assert (
        '<option value="site" selected>This site\'s table: 4 players, each for themselves, '
        "with call-ace</option>"
    ) in chooser
    found = re.search(r'data-site-rules="([^"]+)"', form)
    assert found
    by_choice = json.loads(html.unescape(found.group(1)))
    assert set(by_choice) == {"site", *game_profiles()}
    for choice, spec in by_choice.items():
        rules = rules_from_request(spec, None, None)
        if choice in site_profiles() or choice == "site":
            assert (rules.players, rules.partnerships, rules.call_ace) == (4, False, True)
        else:  # Bid Euchre is played at its own table: four in partnerships
            assert (rules.variant, rules.players, rules.partnerships) == ("bid", 4, True)


def test_the_rooms_rules_list_offers_every_game_the_rooms_play() -> None:
    """The host's rules list names every profile the room server accepts, Bid Euchre among
    them (it once offered Euchre's alone), and each is accepted as it is sent."""
    from euchre_rooms.room import rules_from_request
    from euchre_rooms.rules_request import ROOM_VARIANTS
    from euchre_tutorial.present.room import entry_html

    chooser = entry_html(site=Rules()).split('name="rules"')[1].split("</select>")[0]
    offered = re.findall(r'<option value="([^"]+)"', chooser)
    accepted = [n for n in Rules.profiles() if Rules.profile(n).variant in ROOM_VARIANTS]
    assert offered == ["site", *accepted]
    assert "bid-euchre" in offered
    assert ">Bid Euchre</option>" in chooser
    for name in offered[1:]:
        assert rules_from_request(name, None, "4").variant == Rules.profile(name).variant
