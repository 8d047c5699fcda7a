"""Nothing reaches the page that the learner's seat may not know: whole games played
through the bridge, under every rules profile and at every table of the chooser, and no
reply (the opaque save aside) names a hidden card, as a code ("Th"), as glyph text ("10♥")
or in words ("ten of hearts"). Hidden: the other hands, the kitty, another seat's discard.
A reply that shows a finished deal's review is public (the deal is over)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import euchre
from euchre import Card, Rules
from euchre_tutorial import bridge
from euchre_tutorial.site_rules import site_profiles
from euchre_tutorial.widgets.game import Save, _game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.free_play import model_of

TABLES = Rules.tables()  # the tables free play's New game offers

PROFILES = sorted(site_profiles())
CALLED = re.compile(r"\b[Cc]all(?:s|ing)? (?:for )?the (?:best|ace of) \w+")


def call(method: str, payload: dict[str, Any]) -> dict[str, Any]:
    reply = json.loads(bridge.dispatch(method, json.dumps(payload)))
    assert reply["ok"], reply
    value: dict[str, Any] = reply["value"]
    return value


def hidden_cards(save: str) -> set[Card]:
    """What seat 0 may not know in the deal being played."""
    state = _game(Save.unpack(save)).state
    hidden = {c for seat in range(1, state.players) for c in state.hand(seat)}
    hidden |= set(state.kitty)
    if state.discard is not None and state.dealer != 0:
        hidden.add(state.discard)
    return hidden - {state.upcard}


def strings(value: Any) -> Iterator[str]:
    """Every string inside a reply, the save left out."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "save":
                yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def named(card: Card, text: str) -> bool:
    """Whether ``text`` names ``card`` as a code, as glyph text or in words."""
    code = re.escape(card.code)
    if text == card.code or f'data-card="{card.code}"' in text:
        return True
    if re.search(rf"\b(play|discard|give|best|swap) {code}\b", text):
        return True
    if re.search(rf"(?<![0-9A-Za-z]){re.escape(str(card))}", text):
        return True
    return card.name in text.lower()


def assert_secret(reply: dict[str, Any], save: str) -> None:
    if reply.get("flags", {}).get("review"):
        return  # the finished deal is shown: its cards are public now
    hidden = hidden_cards(save)
    # With call-ace, the card called for is announced (who holds it stays the secret).
    texts = [CALLED.sub("", t) for t in strings(reply)]
    leaks = sorted({(c.code, t[:80]) for c in hidden for t in texts if named(c, t)})
    assert not leaks, leaks


def learner_move(model: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    table = model["table"]
    if table["choices"]:
        choice = rng.choice(table["choices"])["action"]
        return call("game.act", {"save": model["save"], "action": choice})
    hand = list(table["seats"][0]["hand"])
    rng.shuffle(hand)
    for code in hand:
        reply = call("game.act", {"save": model["save"], "card": code})
        if "frames" in reply:
            return reply
        assert_secret(reply, model["save"])
    raise AssertionError("no card could be played")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    profile=st.sampled_from(PROFILES),
    table=st.sampled_from(sorted(TABLES)),
    seed=st.integers(1, 10_000),
    choices=st.integers(0, 2**16),
)
def test_no_reply_names_a_hidden_card(profile: str, table: str, seed: int, choices: int) -> None:
    rng = random.Random(choices)
    reply = call(
        "game.new",
        {"profile": profile, "table": table, "game_to": 5, "seed": seed, "level": "easy"},
    )
    model = model_of(reply)
    assert_secret(reply, model["save"])
    for _ in range(3000):
        if model["review"]:
            if model["winner"]:
                break
            reply = call("game.continue", {"save": model["save"]})
            model = model_of(reply)
            assert_secret(reply, model["save"])
        elif model["computer_turn"]:
            reply = call("game.next", {"save": model["save"]})
            model = model_of(reply)
            assert_secret(reply, model["save"])
        else:
            if rng.random() < 0.2:
                assert_secret(call("game.hint", {"save": model["save"]}), model["save"])
            reply = learner_move(model, rng)
            model = model_of(reply)
            assert_secret(reply, model["save"])
    assert model["winner"] is not None


def test_another_seats_discard_is_face_down() -> None:
    """The dealer's discard, seen from another seat, is "a card face down"."""
    state = euchre.HandState.new(euchre.Deal.random(seed=5, dealer=1), Rules())
    state = state.apply("pass").apply("order")
    while state.to_act != 1:
        state = state.apply("pass")
    discard = state.legal_actions()[0]
    after = state.apply(discard)
    from euchre_tutorial.present.table import table_data

    log = table_data(after.view(0))["log"]
    assert log[-1] == "West discards a card face down."
    assert str(discard.card) not in " ".join(log)
