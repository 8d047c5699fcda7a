"""What a lesson says about its cards, as claims the engine checks.

A step lists its claims (``claims = [{kind = "trump", suit = "hearts"}, ...]``). Each claim
renders its own words, and the step's texts place them with ``{1}``, ``{2}``, ...: so the words
a learner reads about the cards come from the claim, and :func:`check` holds every claim
against the engine at the moment the learner first acts. A false claim stops the build with
a message naming the lesson, the step and the claim.

Seats are named as the learner sees them: "You", "West" (on the learner's left), "North"
(the partner) and "East".

>>> from euchre import Deal, HandState, Rules
>>> claim = parse_claim({"kind": "count", "suit": "clubs", "trump": "clubs", "n": 2}, 1, Rules())
>>> claim.words
'With clubs as trump you would hold two trumps.'
>>> deal = Deal.from_dict({"dealer": 3, "upcard": "9c",
...     "hands": ["Js Jc As Ks 9d", "Tc Qc Ah Kh 9h", "Ac Kc Qh Th Td", "Ad Kd Qd Jd Ts"]})
>>> state = HandState.new(deal, Rules())
>>> check(claim, state, 0) is None
True
>>> check(parse_claim({"kind": "holds_none", "suit": "clubs", "trump": "clubs"}, 2, Rules()), state, 0)
'you hold J♠, J♣, which are clubs with clubs as trump'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from euchre import (
    Action,
    Card,
    HandState,
    Phase,
    Rules,
    Suit,
    effective_suit,
    role,
    suit_order,
    trick_winner,
    trump_order,
)
from euchre.players.words import word_list

SEAT_WORDS = ("You", "West", "North", "East")  # as seen from the learner, clockwise
NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


class ClaimError(ValueError):
    """A claim that cannot be read (unknown kind, missing or bad parameter)."""


@dataclass(frozen=True)
class Claim:
    """One checked statement: its number in the step, its kind, parameters and words."""

    number: int
    kind: str
    params: tuple[tuple[str, Any], ...]
    words: str

    def get(self, key: str) -> Any:
        """A parameter's value (already parsed: a Suit, a Card, a seat offset, ...)."""
        return dict(self.params)[key]

    @property
    def label(self) -> str:
        """How errors name the claim."""
        return f"claim {self.number} ({self.kind}: “{self.words}”)"


def _suit(value: Any) -> Suit:
    try:
        return Suit.parse(str(value))
    except ValueError:
        raise ClaimError(f"{value!r} is not a suit") from None


def _card(value: Any) -> Card:
    try:
        return Card.parse(str(value))
    except ValueError:
        raise ClaimError(f"{value!r} is not a card") from None


def _cards(value: Any) -> tuple[Card, ...]:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list) or not value:
        raise ClaimError("'cards' must list one card or more")
    return tuple(_card(v) for v in value)


def _seat(value: Any) -> int:
    names = [w.lower() for w in SEAT_WORDS]
    if not isinstance(value, str) or value.lower() not in names:
        raise ClaimError(f"a seat is one of {', '.join(SEAT_WORDS)}, not {value!r}")
    return names.index(value.lower())


def _number(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(NUMBERS):
        raise ClaimError(f"'n' must be a whole number from 0 to {len(NUMBERS) - 1}")
    return value


def _action(value: Any) -> Action:
    try:
        return Action.parse(str(value))
    except ValueError as exc:
        raise ClaimError(str(exc)) from None


_PARSERS: dict[str, Callable[[Any], Any]] = {
    "suit": _suit,
    "trump": _suit,
    "card": _card,
    "other": _card,
    "cards": _cards,
    "seat": _seat,
    "n": _number,
    "action": _action,
    "which": lambda v: str(v),
}


def _listing(cards: tuple[Card, ...] | list[Card]) -> str:
    return word_list([f"the {c}" for c in cards])


def _subject(seat: int) -> str:
    return SEAT_WORDS[seat]


def _hold(seat: int) -> str:
    return "You hold" if seat == 0 else f"{SEAT_WORDS[seat]} holds"


def _with(p: dict[str, Any], text: str) -> str:
    """ "You hold ..." or, under a trump named by the claim, "With spades as trump you ..."."""
    if "trump" not in p:
        return text
    return f"With {p['trump'].plural} as trump {text[0].lower()}{text[1:]}"


def _doing(action: Action) -> str:
    """An action in the learner's words: "pass", "play the K♣", "name spades"."""
    alone = " alone" if action.alone else ""
    if action.kind in ("play", "discard"):
        return f"{action.kind} the {action.card}"
    if action.kind == "order":
        return f"order up{alone}"
    if action.kind == "call" and action.suit is not None:
        return f"name {action.suit.plural}{alone}"
    return action.kind


def _words(kind: str, p: dict[str, Any], rules: Rules) -> str:
    seat = p.get("seat", 0)
    if kind == "trump":
        return f"{p['suit'].plural.capitalize()} are trump."
    if kind == "dealt":
        return f"{_subject(seat)} dealt and turned up the {p['card']}."
    if kind == "ordered":
        return f"{_subject(seat)} ordered up the {p['card']}."
    if kind == "picked_up":
        return f"{_subject(seat)}, the dealer, picked up the {p['card']}."
    if kind == "called":
        return f"{_subject(seat)} named {p['suit'].plural} as trump."
    if kind == "all_passed":
        return "Everyone passed in round one."
    if kind == "led":
        return f"{_subject(seat)} leads the {p['card']}."
    if kind == "played":
        return f"{_subject(seat)} played the {p['card']}."
    if kind == "holds":
        return f"{_hold(seat)} {_listing(p['cards'])}."
    if kind == "holds_none":
        return _with(p, f"{_hold(seat)} no {p['suit'].plural}.")
    if kind == "only":
        cards = p["cards"]
        whose = "your" if seat == 0 else f"{SEAT_WORDS[seat]}'s"
        noun = p["suit"].singular if len(cards) == 1 else p["suit"].plural
        verb = "is" if len(cards) == 1 else "are"
        listed = _listing(cards)
        return _with(p, f"{listed[0].upper()}{listed[1:]} {verb} {whose} only {noun}.")
    if kind == "count":
        n = NUMBERS[p["n"]]
        if "trump" in p and p["trump"] is p["suit"]:
            who = "you" if seat == 0 else SEAT_WORDS[seat]
            return f"With {p['suit'].plural} as trump {who} would hold {n} trump{'s' if p['n'] != 1 else ''}."
        noun = p["suit"].plural if p["n"] != 1 else p["suit"].singular
        return _with(p, f"{_hold(seat)} {n} {noun}.")
    if kind == "best":
        top = trump_order(p["suit"], rules.deck, rules.joker)[: p["n"]]
        if p["n"] == 1:
            return f"{_hold(seat)} the right bower, the {top[0]}."
        if p["n"] == 2:
            return f"{_hold(seat)} both bowers, the {top[0]} and the {top[1]}."
        if p["n"] == 3:
            return f"{_hold(seat)} both bowers and the {top[2]}."
        return f"{_hold(seat)} the {NUMBERS[p['n']]} best {p['suit'].plural}: {_listing(top)}."
    if kind == "bower":
        return _with(p, f"The {p['card']} is the {p['which']} bower.")
    if kind == "counts_as":
        return _with(p, f"The {p['card']} counts as a {p['suit'].singular} for this whole deal.")
    if kind == "beats":
        return _with(p, f"The {p['card']} beats the {p['other']}.")
    if kind == "highest":
        return f"The {p['card']} is the highest {p['suit'].singular} left."
    if kind == "not_allowed":
        return f"{_subject(seat)} may not {_doing(p['action'])} now."
    if kind == "your_lead":
        return "You lead."
    raise ClaimError(f"unknown claim kind {kind!r}")  # pragma: no cover - KINDS guards it


KINDS: dict[str, tuple[set[str], set[str]]] = {
    # kind: (required parameters, optional parameters)
    "trump": ({"suit"}, set()),
    "dealt": ({"seat", "card"}, set()),
    "ordered": ({"seat", "card"}, set()),
    "picked_up": ({"seat", "card"}, set()),
    "called": ({"seat", "suit"}, set()),
    "all_passed": (set(), set()),
    "led": ({"seat", "card"}, set()),
    "played": ({"seat", "card"}, set()),
    "holds": ({"cards"}, {"seat"}),
    "holds_none": ({"suit"}, {"seat", "trump"}),
    "count": ({"suit", "n"}, {"seat", "trump"}),
    "only": ({"suit", "cards"}, {"seat", "trump"}),
    "best": ({"suit", "n"}, {"seat"}),
    "bower": ({"card", "which"}, {"trump"}),
    "counts_as": ({"card", "suit"}, {"trump"}),
    "beats": ({"card", "other"}, {"trump"}),
    "highest": ({"card"}, set()),
    "not_allowed": ({"action"}, {"seat"}),
    "your_lead": (set(), set()),
}


def parse_claim(data: Any, number: int, rules: Rules) -> Claim:
    """A claim from its TOML table; a bad one raises ClaimError saying what is wrong.

    >>> parse_claim({"kind": "best", "suit": "hearts", "n": 5}, 1, Rules()).words
    'You hold the five best hearts: the J♥, the J♦, the A♥, the K♥ and the Q♥.'
    >>> parse_claim({"kind": "trumps"}, 1, Rules())
    Traceback (most recent call last):
    ...
    euchre_tutorial.lessons.claims.ClaimError: claim 1: unknown kind 'trumps' (one of all_passed, beats, ...)
    """
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ClaimError(f"claim {number}: a claim is a table with a 'kind'")
    kind = data["kind"]
    if kind not in KINDS:
        first = ", ".join(sorted(KINDS)[:2])
        raise ClaimError(f"claim {number}: unknown kind {kind!r} (one of {first}, ...)")
    required, optional = KINDS[kind]
    given = set(data) - {"kind"}
    if missing := required - given:
        raise ClaimError(f"claim {number} ({kind}): missing {sorted(missing)[0]!r}")
    if unknown := given - required - optional:
        raise ClaimError(f"claim {number} ({kind}): unknown parameter {sorted(unknown)[0]!r}")
    try:
        params = {key: _PARSERS[key](data[key]) for key in sorted(given)}
    except ClaimError as exc:
        raise ClaimError(f"claim {number} ({kind}): {exc}") from None
    if kind == "bower" and params["which"] not in ("left", "right"):
        raise ClaimError(f"claim {number} (bower): 'which' is left or right")
    if kind == "highest":
        params["suit"] = params["card"].suit
    return Claim(number, kind, tuple(sorted(params.items())), _words(kind, params, rules))


def _seen_trump(claim: Claim, state: HandState) -> Suit | None:
    p = dict(claim.params)
    trump: Suit | None = p.get("trump", state.trump)
    return trump


def _played(state: HandState) -> list[Card]:
    out = [c for t in state.tricks for c in t.cards]
    return out + [c for _, c in state.current_trick]


def _beats(card: Card, other: Card, state: HandState, trump: Suit | None) -> str | None:
    """None when ``card`` beats ``other`` in the trick being played (after its led card; when
    one of the two was led, in that order; when nobody has led, ``card`` led), else why not.
    The engine's ``trick_winner`` decides, so the left bower and the joker rank as they do."""
    if trump is None and state.phase is not Phase.PLAY:
        return "trump is not made, so no card is ranked yet"
    trick = [c for _, c in state.current_trick]
    led = trick[0] if trick else card
    cards = [led] + [c for c in (other, card) if c != led]
    winner = cards[trick_winner(cards, trump)]
    if winner == card:
        return None
    if winner == other:
        return f"the {other} beats the {card}" + (f" with {trump.plural} as trump" if trump else "")
    return f"neither wins after the {led}: it takes the trick"


def check(claim: Claim, state: HandState, me: int) -> str | None:
    """None when ``claim`` is true of ``state`` for the learner at seat ``me``, else why not."""
    p = dict(claim.params)
    seat = (me + p.get("seat", 0)) % state.players
    kind = claim.kind
    names = SEAT_WORDS
    if kind == "trump":
        return (
            None
            if state.trump is p["suit"]
            else f"trump is {state.trump.plural if state.trump else 'not made'}"
        )
    if kind == "dealt":
        if state.dealer != seat:
            return f"the dealer is {names[(state.dealer - me) % state.players]}"
        return None if state.upcard == p["card"] else f"the upcard is the {state.upcard}"
    if kind in ("ordered", "picked_up"):
        if state.upcard != p["card"]:
            return f"the upcard is the {state.upcard}"
        if kind == "picked_up":
            if state.dealer != seat:
                return f"{names[p['seat']]} is not the dealer"
            return None if state.picked_up else "the dealer did not pick up the upcard"
        for action, actor in zip(state.actions, state.actors, strict=False):
            if action.kind == "order":
                return (
                    None
                    if actor == seat
                    else f"{names[(actor - me) % state.players]} ordered it up"
                )
        return "nobody ordered up the upcard"
    if kind == "called":
        for action, actor in zip(state.actions, state.actors, strict=False):
            if action.kind == "call":
                if actor != seat:
                    return f"{names[(actor - me) % state.players]} named trump"
                return None if action.suit is p["suit"] else "another suit was named"
        return "nobody named a suit"
    if kind == "all_passed":
        first = [a.kind for a in state.actions[: state.players]]
        return None if first == ["pass"] * state.players else "not everyone passed in round one"
    if kind in ("led", "played"):
        trick = state.current_trick
        if kind == "led":
            if not trick:
                return "nobody has led to this trick"
            return (
                None
                if trick[0] == (seat, p["card"])
                else f"{names[(trick[0][0] - me) % state.players]} led the {trick[0][1]}"
            )
        return (
            None
            if (seat, p["card"]) in trick
            else f"the {p['card']} is not in this trick from {names[p['seat']]}"
        )
    hand = state.hand(seat)
    if kind == "holds":
        missing = [c for c in p["cards"] if c not in hand]
        return (
            None
            if not missing
            else f"{names[p.get('seat', 0)]} does not hold {', '.join(map(str, missing))}"
        )
    if kind in ("holds_none", "count", "only"):
        trump = _seen_trump(claim, state)
        suit = p["suit"]
        cards = [c for c in hand if effective_suit(c, trump) is suit]
        under = f" with {trump.plural} as trump" if trump else ""
        if kind == "holds_none":
            if not cards:
                return None
            return f"you hold {', '.join(map(str, cards))}, which are {suit.plural}{under}"
        if kind == "only":
            if sorted(cards) == sorted(p["cards"]):
                return None
            return f"the hand's {suit.plural}{under} are {', '.join(map(str, cards)) or 'none'}"
        if len(cards) == p["n"]:
            return None
        return f"the hand holds {len(cards)} {suit.plural}{under}: {', '.join(map(str, cards)) or 'none'}"
    if kind == "best":
        top = trump_order(p["suit"], state.rules.deck, state.rules.joker)[: p["n"]]
        missing = [c for c in top if c not in hand]
        return None if not missing else f"the hand lacks {', '.join(map(str, missing))}"
    if kind == "bower":
        trump = _seen_trump(claim, state)
        if trump is None:
            return "trump is not made, so no card is a bower"
        what = role(p["card"], trump)
        return (
            None
            if what == f"the {p['which']} bower"
            else f"the {p['card']} is {what} with {trump.plural} as trump"
        )
    if kind == "counts_as":
        trump = _seen_trump(claim, state)
        if trump is None:
            return "trump is not made, so every card is of its printed suit"
        suit = effective_suit(p["card"], trump)
        return (
            None
            if suit is p["suit"]
            else f"the {p['card']} is a {suit.singular} with {trump.plural} as trump"
        )
    if kind == "beats":
        return _beats(p["card"], p["other"], state, _seen_trump(claim, state))
    if kind == "highest":
        card = p["card"]
        suit = effective_suit(card, state.trump)
        gone = set(_played(state))
        order = [
            c
            for c in suit_order(suit, state.trump, state.rules.deck, state.rules.joker)
            if c not in gone
        ]
        if not order or order[0] != card:
            return f"the highest {suit.singular} left is {order[0] if order else 'none'}"
        return None
    if kind == "not_allowed":
        if state.to_act != seat:
            return f"it is not {names[p.get('seat', 0)]}'s turn"
        return f"{p['action']} is legal" if state.why_illegal(p["action"]) is None else None
    if kind == "your_lead":
        if state.to_act != me or state.phase is not Phase.PLAY or state.current_trick:
            return "the learner is not leading a trick"
        return None
    raise ClaimError(f"unknown claim kind {kind!r}")  # pragma: no cover
