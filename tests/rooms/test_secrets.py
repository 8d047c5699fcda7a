"""No message to any connection names a card that its seat may not know: not another
hand, not the kitty, not another dealer's discard, under every profile and table size."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from euchre import Card, HandState
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.rooms.helpers import Person, live_room, play_match, seated, server
from tests.rooms.tables import BID_EUCHRE, TABLES

CARD = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([cdhs♣♦♥♠])(?![A-Za-z0-9])")
JOKER = re.compile(r"joker", re.IGNORECASE)
OPAQUE = frozenset({"rules", "token"})  # keys whose values never name a card


def knowable(final: HandState, seat: int) -> set[Card]:
    """Every card ``seat`` may know at some point of this deal."""
    known: set[Card] = set() if final.deal.upcard is None else {final.deal.upcard}
    state = HandState.new(final.deal, final.rules)
    for action in (None, *final.actions):
        if action is not None:
            state = state.apply(action)
        view = state.view(seat)
        known.update(view.hand)
        known.update(view.played_cards())
        if view.discard is not None:
            known.add(view.discard)
        for a in view.actions:
            known.update(a.cards)
    return known


def cards_named(value: Any) -> set[str]:
    """Card names in every string of a message: codes ("Th") and glyph text ("10♥")."""
    found: set[str] = set()
    if isinstance(value, str):
        for rank, suit in CARD.findall(value):
            found.add(rank + suit)
        if JOKER.search(value):
            found.add("joker")
    elif isinstance(value, dict):
        for k, v in value.items():
            # The rule names ("joker": false) are not cards, and a seat's token is random
            # URL-safe text that may spell one by chance ("9c-_e48w...").
            if k not in OPAQUE:
                found |= cards_named(v)
    elif isinstance(value, list):
        for v in value:
            found |= cards_named(v)
    return found


def spellings(card: Card) -> set[str]:
    names = {card.code, str(card)}
    if "joker" in str(card).lower() or "joker" in card.code.lower():
        names.add("joker")
    return names


def parts(message: dict[str, Any]) -> list[tuple[int | None, Any]]:
    """The pieces of a message and the deal each belongs to."""
    out: list[tuple[int | None, Any]] = []
    state = message.get("state")
    if state is not None:
        table = state.get("table")
        out.append((table["deal"] if table else None, state))
    events = list(message.get("events", []))
    if "event" in message:
        events.append(message["event"])
    out.extend((e.get("deal"), e) for e in events)
    rest = {k: v for k, v in message.items() if k not in ("state", "event", "events")}
    out.append((None, rest))
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    humans=st.integers(1, 6),
    seed=st.integers(0, 2**32),
    game_to=st.sampled_from([2, 3]),
)
@example(table=BID_EUCHRE, humans=1, seed=3, game_to=3)
def test_no_message_names_a_card_its_seat_may_not_know(
    table: tuple[str, int, dict[str, Any]], humans: int, seed: int, game_to: int
) -> None:
    profile, players, rules = table
    names = [f"P{i}" for i in range(min(humans, players))]
    with (
        server() as (client, hub),
        seated(client, names, rules={**rules, "game_to": game_to}, level="easy") as people,
    ):
        people[0].do({"type": "start"})
        play_match(people, random.Random(seed))
        game = live_room(hub, people[0].code or "").room.finished
        assert game is not None
        for person in people:
            assert_no_hidden_card(person, list(game.history), (profile, players))


def assert_no_hidden_card(person: Person, deals: list[HandState], label: object = None) -> None:
    """No message ``person`` was sent names a card its seat may not know in ``deals`` (a
    piece of no deal: no card of any deal), and no room state carries the seed."""
    seat = person.seat
    assert seat is not None
    secret = [
        {n for c in set(d.deal.all_cards()) - knowable(d, seat) for n in spellings(c)}
        for d in deals
    ]
    everything = {n for d in deals for c in d.deal.all_cards() for n in spellings(c)}
    for text in person.texts:
        assert "seed" not in json.loads(text).get("state", {}).get("room", {})
        for deal, piece in parts(json.loads(text)):
            hidden = secret[deal] if deal is not None else everything
            leaked = cards_named(piece) & hidden
            assert not leaked, (label, seat, deal, leaked, piece)


def test_every_table_size_is_covered() -> None:
    assert {players for _, players, _ in TABLES} == {2, 3, 4, 5, 6}


def test_the_check_sees_a_hidden_card_in_any_spelling() -> None:
    from euchre import Deal, Rules

    deal = Deal.random(seed=3, dealer=0, rules=Rules())
    state = HandState.new(deal, Rules())
    hidden = set(deal.all_cards()) - knowable(state, 1)
    card = sorted(hidden, key=lambda c: c.code)[0]
    for spelling in spellings(card):
        message = {"type": "update", "state": {"table": {"deal": 0, "view": {"x": [spelling]}}}}
        [(deal_index, piece), *_] = parts(message)
        assert deal_index == 0 and cards_named(piece) & spellings(card)
    assert not cards_named({"text": "The Ace is high", "rules": {"joker": False}})
