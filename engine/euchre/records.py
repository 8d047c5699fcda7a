"""Records: Euchre Game Notation (EGN, JSON) for games, and compact share codes for deals.

EGN keeps the rules, the seed and every deal with its actions, so a game replays exactly;
reading it back checks every action.

>>> from euchre.rules import Rules
>>> from euchre.game import Game
>>> game = Game.new(Rules(), seed=3).apply("pass")
>>> from_egn(to_egn(game)).state.actions == game.state.actions
True
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from euchre.cards import Card, make_deck
from euchre.deal import Deal
from euchre.game import Game
from euchre.rules import Rules, RulesError
from euchre.state import HandState, IllegalAction

EGN_VERSION = 1


class RecordError(ValueError):
    """A record (EGN text or share code) that cannot be read; the message says why."""


def _rules_dict(rules: Rules) -> dict[str, Any]:
    base = Rules.profile(rules.name) if rules.name in Rules.PROFILES else Rules()
    diff = {k: v for k, v in rules.to_dict().items() if getattr(base, k) != v}
    return {"profile": rules.name if rules.name in Rules.PROFILES else "american", **diff}


def to_egn(game: Game) -> str:
    """A game as EGN text (JSON)."""
    deals = [
        {"deal": h.deal.to_dict(), "actions": [str(a) for a in h.actions]} for h in game.history
    ]
    if game.state not in game.history:
        deals.append(
            {"deal": game.state.deal.to_dict(), "actions": [str(a) for a in game.state.actions]}
        )
    record = {
        "egn": EGN_VERSION,
        "rules": _rules_dict(game.rules),
        "seed": game.seed,
        "start_score": list(game.start_score),
        "deals": deals,
        "score": list(game.score),
        "winner": game.winner,
    }
    return json.dumps(record, ensure_ascii=False, indent=1)


def from_egn(text: str) -> Game:
    """Read an EGN text back into a Game, replaying (and checking) every action."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not EGN: {exc}") from None
    if not isinstance(data, dict) or data.get("egn") != EGN_VERSION:
        raise RecordError('not EGN: expected a JSON object with "egn": 1')
    try:
        rules = Rules.from_dict(data.get("rules", {}))
        game = Game.new(rules, int(data["seed"]), data.get("start_score") or None)
        for number, entry in enumerate(data["deals"], start=1):
            if Deal.from_dict(entry["deal"]) != game.state.deal:
                raise RecordError(f"deal {number} does not match the game's seed")
            for action in entry["actions"]:
                game = game.apply(action)
    except RulesError as exc:
        raise RecordError(f"bad rules in the record: {exc}") from None
    except IllegalAction as exc:
        raise RecordError(f"the record has an illegal action: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"not EGN: {exc}") from None
    return game


# ---------------------------------------------------------------------- share codes
def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def to_share_code(state: HandState) -> str:
    """A compact, URL-safe text of a deal and its actions (for share links).

    >>> from euchre.rules import Rules
    >>> state = HandState.new(Deal.random(seed=5, dealer=2), Rules()).apply("pass")
    >>> from_share_code(to_share_code(state)) == state
    True
    """
    rules = state.rules
    deck = make_deck(32, joker=True)
    order = [c for h in state.deal.hands for c in h] + [state.deal.upcard, *state.deal.kitty]
    cards = bytes(deck.index(c) for c in order)
    steps = bytearray()
    replay = HandState.new(state.deal, rules)
    for action in state.actions:
        index = replay.legal_actions().index(action)
        steps.append(index)
        replay = replay.apply(action)
    payload = {
        "r": _rules_dict(rules),
        "d": state.dealer,
        "c": _b64(cards),
        "a": _b64(bytes(steps)),
    }
    raw = json.dumps(payload, separators=(",", ":")).encode()
    return "e1" + _b64(zlib.compress(raw, 9))


def from_share_code(code: str) -> HandState:
    """Read a share code back; a damaged code raises RecordError with a plain message."""
    if not isinstance(code, str) or not code.startswith("e1") or len(code) > 4000:
        raise RecordError("this link does not hold a Euchre deal")
    try:
        payload = json.loads(zlib.decompress(_unb64(code[2:])))
        rules = Rules.from_dict(payload["r"])
        deck = make_deck(32, joker=True)
        order = [deck[i] for i in _unb64(payload["c"])]
        size = rules.hand_size
        n = rules.players
        hands = [order[i * size : (i + 1) * size] for i in range(n)]
        upcard: Card = order[n * size]
        deal = Deal(int(payload["d"]), hands, upcard, order[n * size + 1 :])
        state = HandState.new(deal, rules)
        for index in _unb64(payload["a"]):
            state = state.apply(state.legal_actions()[index])
    except (ValueError, KeyError, IndexError, TypeError, zlib.error) as exc:
        raise RecordError(f"this link's deal is damaged and cannot be shown ({exc})") from None
    return state
