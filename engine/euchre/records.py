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
import binascii
import json
import zlib
from typing import Any

from euchre.cards import Card, deck_set, make_deck
from euchre.deal import Deal
from euchre.game import Game
from euchre.rules import Rules, RulesError
from euchre.state import HandState, IllegalAction

EGN_VERSION = 1


class RecordError(ValueError):
    """A record (EGN text or share code) that cannot be read; the message says why, and
    ``field`` names the part of an EGN record at fault (``"seed"``, ``"deals[2].actions[5]"``),
    None when the whole text is at fault."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


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
    """Read an EGN text back into a Game. Every field's type is checked as it is read, every
    action is replayed (and checked), and the record's own score and winner must be what its
    deals give; anything else raises RecordError naming the field.

    >>> from_egn('{"egn": 1, "seed": "7", "deals": []}')
    Traceback (most recent call last):
    ...
    euchre.records.RecordError: seed: must be a whole number, not '7'
    """
    data = _egn_object(text)
    rules = _egn_rules(data)
    if "seed" not in data:
        raise RecordError("seed: the record has no seed", "seed")
    seed = _whole(data["seed"], "seed")
    start = data.get("start_score")
    start_score = None if start is None else _score(start, "start_score", rules)
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise _field("deals", "must be a list of deals", deals)
    try:
        game = Game.new(rules, seed, start_score)
    except ValueError as exc:
        raise RecordError(f"start_score: {exc}", "start_score") from None
    for number, entry in enumerate(deals):
        game = _replay_deal(game, entry, number, last=number == len(deals) - 1)
    _check_outcome(data, game)
    return game


def _egn_object(text: Any) -> dict[str, Any]:
    """The record's JSON object, of a version this engine reads."""
    if not isinstance(text, str):
        raise RecordError(f"EGN is text (JSON), not {type(text).__name__}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"not EGN: the text is not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"
        ) from None
    if not isinstance(data, dict) or "egn" not in data:
        raise RecordError('not EGN: expected a JSON object with "egn": 1')
    version = _whole(data["egn"], "egn")
    if version != EGN_VERSION:
        raise RecordError(
            f"egn: this record is EGN version {version}; this engine reads version {EGN_VERSION}",
            "egn",
        )
    return data


def _egn_rules(data: dict[str, Any]) -> Rules:
    """The record's rules (a problem named ``rules.<key>``)."""
    rules_data = data.get("rules", {})
    if not isinstance(rules_data, dict):
        raise _field("rules", "must be a table of rules (a JSON object)", rules_data)
    try:
        return Rules.from_dict(rules_data)
    except RulesError as exc:
        path = f"rules.{exc.key}" if exc.key else "rules"
        raise RecordError(f"{path}: bad rules in the record: {exc}", path) from None


def _check_outcome(data: dict[str, Any], game: Game) -> None:
    """The record's own score and winner, against what its deals give."""
    if "score" in data:
        stated = _score(data["score"], "score", game.rules)
        if stated != game.score:
            raise RecordError(
                f"score: the record says the score is {_points(stated)}, but its deals give "
                f"{_points(game.score)}",
                "score",
            )
    if "winner" in data:
        winner = data["winner"]
        if winner is not None:
            winner = _whole(winner, "winner")
        if winner != game.winner:
            said = "no winner yet" if winner is None else f"side {winner} won"
            real = "no side has won" if game.winner is None else f"side {game.winner} won"
            raise RecordError(f"winner: the record says {said}, but in its deals {real}", "winner")


def _replay_deal(game: Game, entry: Any, number: int, last: bool) -> Game:
    """``game`` after the deal ``entry`` (the ``number``-th of the record, from 0)."""
    where = f"deals[{number}]"
    if not isinstance(entry, dict):
        raise _field(where, "must be a deal with its actions (a JSON object)", entry)
    if game.over:
        raise RecordError(f"{where}: the game was already won; no deal can follow", where)
    deal = _read_deal(entry.get("deal"), f"{where}.deal", game.rules)
    if deal != game.state.deal:
        raise RecordError(
            f"{where}.deal: deal {number + 1} does not match the game's seed", f"{where}.deal"
        )
    actions = entry.get("actions")
    if not isinstance(actions, list):
        raise _field(f"{where}.actions", "must be a list of actions", actions)
    for index, action in enumerate(actions):
        path = f"{where}.actions[{index}]"
        if not isinstance(action, str):
            raise _field(path, 'must be an action\'s text, such as "pass"', action)
        if game.over or len(game.history) > number:
            raise RecordError(f"{path}: deal {number + 1} is already over at {action!r}", path)
        try:
            game = game.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"{path}: the record has an illegal action: {exc}", path) from None
    if not last and not game.over and len(game.history) == number:
        raise RecordError(
            f"{where}.actions: deal {number + 1} stops before it is over, but another deal "
            "follows it",
            f"{where}.actions",
        )
    return game


def _field(path: str, must: str, value: Any) -> RecordError:
    shown = json.dumps(value, ensure_ascii=False) if _is_json(value) else repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return RecordError(f"{path}: {must}, not {shown}", path)


def _is_json(value: Any) -> bool:
    return value is None or isinstance(value, (bool, list, dict))


def _whole(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _field(path, "must be a whole number", value)
    return value


def _score(value: Any, path: str, rules: Rules) -> tuple[int, ...]:
    """A score of the record: a whole number a side, below zero only where the rules'
    variant scores that way (Bid Euchre)."""
    sides = rules.num_teams
    if not isinstance(value, list) or len(value) != sides:
        raise _field(path, f"must be a list of {sides} whole numbers, one a side", value)
    for index, points in enumerate(value):
        if _whole(points, f"{path}[{index}]") < 0 and not rules.variant_spec.scores_below_zero:
            raise _field(f"{path}[{index}]", "must not be below zero", points)
    return tuple(value)


def _points(score: tuple[int, ...]) -> str:
    return " to ".join(str(s) for s in score)


def _read_deal(data: Any, path: str, rules: Rules) -> Deal:
    """The deal a record holds at ``path``, every field checked and every card placed: an
    unreadable card, one not in the rules' pack or dealt twice, a hand of the wrong size,
    an upcard where the rules turn none up (or none where they do) is named by its place."""
    if not isinstance(data, dict):
        raise _field(path, "must be a deal (a JSON object with dealer and hands)", data)
    for key in ("dealer", "hands"):
        if key not in data:
            raise RecordError(f"{path}.{key}: the deal has no {key}", f"{path}.{key}")
    dealer = _whole(data["dealer"], f"{path}.dealer")
    hands = data["hands"]
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise _field(f"{path}.hands", "must be a list of hands, each a list of cards", hands)
    seen: dict[Card, str] = {}
    dealt = [_cards(hand, f"{path}.hands[{seat}]", rules, seen) for seat, hand in enumerate(hands)]
    for seat, hand in enumerate(dealt):
        if seat < rules.players and len(hand) != rules.hand_size:
            where = f"{path}.hands[{seat}]"
            held = f"seat {seat} holds {len(hand)} cards; everyone is dealt {rules.hand_size}"
            raise RecordError(f"{where}: {held}", where)
    if "upcard" not in data and rules.variant_spec.upcard:
        raise RecordError(f"{path}.upcard: the deal has no upcard", f"{path}.upcard")
    upcard = _upcard(data.get("upcard"), f"{path}.upcard", rules, seen)
    kitty = data.get("kitty", [])
    if not isinstance(kitty, list):
        raise _field(f"{path}.kitty", "must be a list of cards", kitty)
    rest = _cards(kitty, f"{path}.kitty", rules, seen)
    try:
        deal = Deal(dealer, dealt, upcard, rest)
        deal.check(rules)
    except ValueError as exc:
        raise RecordError(f"{path}: {exc}", path) from None
    return deal


def _upcard(value: Any, path: str, rules: Rules, seen: dict[Card, str]) -> Card | None:
    """The record's upcard: a card where the rules turn one up, none (null) where not."""
    spec = rules.variant_spec
    if value is None and not spec.upcard:
        return None
    if not spec.upcard:
        raise _field(path, f"must be null: {spec.title} turns no card up", value)
    return _card(value, path, rules, seen)


def _cards(texts: list[Any], path: str, rules: Rules, seen: dict[Card, str]) -> list[Card]:
    return [_card(text, f"{path}[{index}]", rules, seen) for index, text in enumerate(texts)]


def _card(text: Any, path: str, rules: Rules, seen: dict[Card, str]) -> Card:
    """The card a record names at ``path``: readable, in the rules' pack, not dealt
    before (``seen``: each card dealt so far and its place)."""
    if not isinstance(text, str):
        raise _field(path, 'must be a card\'s text, such as "Jd"', text)
    try:
        card = Card.parse(text)
    except ValueError as exc:
        raise RecordError(f"{path}: {exc}", path) from None
    if card not in deck_set(rules.deck, rules.joker):
        without = " without the joker" if card.is_joker else ""
        raise RecordError(f"{path}: {card} is not in a {rules.deck}-card deck{without}", path)
    if card in seen:
        raise RecordError(f"{path}: {card} is dealt twice (first at {seen[card]})", path)
    seen[card] = path
    return card


# ---------------------------------------------------------------------- share codes
def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes | None:
    """The bytes of unpadded URL-safe base64, or None when it is not base64."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, binascii.Error):
        return None


def to_share_code(state: HandState) -> str:
    """A compact, URL-safe text of a deal and its actions (for share links).

    >>> from euchre.rules import Rules
    >>> state = HandState.new(Deal.random(seed=5, dealer=2), Rules()).apply("pass")
    >>> from_share_code(to_share_code(state)) == state
    True
    """
    rules = state.rules
    deck = make_deck(32, joker=True)
    order = state.deal.all_cards()  # the hands seat by seat, the upcard (if any), the kitty
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


SHARE_CODE_PREFIX = "e1"
_MAX_CODE = 4000
_CODE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def from_share_code(code: str) -> HandState:
    """Read a share code back. A damaged code raises RecordError saying in words what is
    wrong: not a share code, cut short, a newer version, damaged characters, impossible rules
    or cards, or actions the deal does not allow.

    >>> from_share_code("e1Wl")
    Traceback (most recent call last):
    ...
    euchre.records.RecordError: the share code is cut short: part of it is missing (copy the whole link again)
    >>> from_share_code("hello")
    Traceback (most recent call last):
    ...
    euchre.records.RecordError: this is not a share code: share codes start with "e1"
    """
    payload = _share_payload(_share_body(code))
    try:
        rules = Rules.from_dict(payload["r"])
    except RulesError as exc:
        raise RecordError(f"the share code's rules cannot be used: {exc}") from None
    state = HandState.new(_share_deal(payload, rules), rules)
    steps = _unb64(payload["a"]) if isinstance(payload["a"], str) else None
    if steps is None:
        raise RecordError(_DAMAGED)
    for number, index in enumerate(steps, start=1):
        legal = state.legal_actions()
        if index >= len(legal):
            raise RecordError(
                f"the share code is damaged: its step {number} is not an action the deal allows"
            )
        state = state.apply(legal[index])
    return state


def _share_body(given: object) -> str:
    """The text after a share code's prefix, once it looks like a share code of ours."""
    if not isinstance(given, str):
        raise RecordError(f"a share code is text, not {type(given).__name__}")
    code = given.strip()
    if not code:
        raise RecordError("the share code is empty")
    if len(code) > _MAX_CODE:
        raise RecordError(f"this is too long to be a share code ({len(code)} characters)")
    if len(code) >= 2 and code[0] == "e" and code[1].isdigit() and code[1] != "1":
        raise RecordError(
            f"this is share code version {code[1]}, from a newer site; this one reads version 1"
        )
    if not code.startswith(SHARE_CODE_PREFIX):
        raise RecordError('this is not a share code: share codes start with "e1"')
    odd = sorted(set(code[2:]) - _CODE_CHARS)
    if odd:
        shown = " ".join(repr(c) for c in odd[:3])
        raise RecordError(
            f"this is not a share code: it holds characters a share code never has ({shown})"
        )
    return code[2:]


_DAMAGED = "the share code is damaged: some of its characters are wrong"


def _share_payload(body: str) -> dict[str, Any]:
    """The packed JSON of a share code, or RecordError saying how it is damaged."""
    if len(body) % 4 == 1:
        raise RecordError(
            "the share code is cut short: part of it is missing (copy the whole link again)"
        )
    packed = _unb64(body)
    if packed is None:
        raise RecordError(_DAMAGED)
    unpacker = zlib.decompressobj()
    try:
        raw = unpacker.decompress(packed)
    except zlib.error:
        raise RecordError(_DAMAGED) from None
    if not unpacker.eof:
        raise RecordError(
            "the share code is cut short: part of it is missing (copy the whole link again)"
        )
    try:
        payload = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise RecordError(_DAMAGED) from None
    if not isinstance(payload, dict) or set(payload) != {"r", "d", "c", "a"}:
        raise RecordError(_DAMAGED)
    if not isinstance(payload["r"], dict):
        raise RecordError(_DAMAGED)
    return payload


def _share_deal(payload: dict[str, Any], rules: Rules) -> Deal:
    """The deal a share code packs: a card index per card, seat by seat, then the upcard
    and the kitty."""
    dealer = payload["d"]
    packed = _unb64(payload["c"]) if isinstance(payload["c"], str) else None
    if packed is None or isinstance(dealer, bool) or not isinstance(dealer, int):
        raise RecordError(_DAMAGED)
    deck = make_deck(32, joker=True)
    if any(i >= len(deck) for i in packed):
        raise RecordError(_DAMAGED)
    order = [deck[i] for i in packed]
    size, n = rules.hand_size, rules.players
    upcards = 1 if rules.variant_spec.upcard else 0
    if len(order) < n * size + upcards:
        raise RecordError("the share code's deal is not a possible deal: it has too few cards")
    hands = [order[i * size : (i + 1) * size] for i in range(n)]
    upcard = order[n * size] if upcards else None
    try:
        deal = Deal(dealer, hands, upcard, order[n * size + upcards :])
        deal.check(rules)
    except ValueError as exc:
        raise RecordError(f"the share code's deal is not a possible deal: {exc}") from None
    return deal
