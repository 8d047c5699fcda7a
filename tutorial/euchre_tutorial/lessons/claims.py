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
from euchre.seats import seat_after

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


def _only_words(p: dict[str, Any], seat: int) -> str:
    cards = p["cards"]
    whose = "your" if seat == 0 else f"{SEAT_WORDS[seat]}'s"
    noun = p["suit"].singular if len(cards) == 1 else p["suit"].plural
    verb = "is" if len(cards) == 1 else "are"
    listed = _listing(cards)
    return _with(p, f"{listed[0].upper()}{listed[1:]} {verb} {whose} only {noun}.")


def _count_words(p: dict[str, Any], seat: int) -> str:
    n = NUMBERS[p["n"]]
    if "trump" in p and p["trump"] is p["suit"]:
        who = "you" if seat == 0 else SEAT_WORDS[seat]
        return f"With {p['suit'].plural} as trump {who} would hold {n} trump{'s' if p['n'] != 1 else ''}."
    noun = p["suit"].plural if p["n"] != 1 else p["suit"].singular
    return _with(p, f"{_hold(seat)} {n} {noun}.")


def _best_words(p: dict[str, Any], seat: int, rules: Rules) -> str:
    top = trump_order(p["suit"], rules.deck, rules.joker)[: p["n"]]
    if p["n"] == 1:
        return f"{_hold(seat)} the right bower, the {top[0]}."
    if p["n"] == 2:
        return f"{_hold(seat)} both bowers, the {top[0]} and the {top[1]}."
    if p["n"] == 3:
        return f"{_hold(seat)} both bowers and the {top[2]}."
    return f"{_hold(seat)} the {NUMBERS[p['n']]} best {p['suit'].plural}: {_listing(top)}."


_WORDS: dict[str, Callable[[dict[str, Any], int, Rules], str]] = {
    "trump": lambda p, seat, rules: f"{p['suit'].plural.capitalize()} are trump.",
    "dealt": lambda p, seat, rules: f"{_subject(seat)} dealt and turned up the {p['card']}.",
    "ordered": lambda p, seat, rules: f"{_subject(seat)} ordered up the {p['card']}.",
    "picked_up": lambda p, seat, rules: f"{_subject(seat)}, the dealer, picked up the {p['card']}.",
    "called": lambda p, seat, rules: f"{_subject(seat)} named {p['suit'].plural} as trump.",
    "all_passed": lambda p, seat, rules: "Everyone passed in round one.",
    "led": lambda p, seat, rules: f"{_subject(seat)} leads the {p['card']}.",
    "played": lambda p, seat, rules: f"{_subject(seat)} played the {p['card']}.",
    "holds": lambda p, seat, rules: f"{_hold(seat)} {_listing(p['cards'])}.",
    "holds_none": lambda p, seat, rules: _with(p, f"{_hold(seat)} no {p['suit'].plural}."),
    "only": lambda p, seat, rules: _only_words(p, seat),
    "count": lambda p, seat, rules: _count_words(p, seat),
    "best": _best_words,
    "bower": lambda p, seat, rules: _with(p, f"The {p['card']} is the {p['which']} bower."),
    "counts_as": lambda p, seat, rules: _with(
        p, f"The {p['card']} counts as a {p['suit'].singular} for this whole deal."
    ),
    "beats": lambda p, seat, rules: _with(p, f"The {p['card']} beats the {p['other']}."),
    "highest": lambda p, seat, rules: f"The {p['card']} is the highest {p['suit'].singular} left.",
    "not_allowed": lambda p, seat, rules: f"{_subject(seat)} may not {_doing(p['action'])} now.",
    "your_lead": lambda p, seat, rules: "You lead.",
}


def _words(kind: str, p: dict[str, Any], rules: Rules) -> str:
    if kind not in _WORDS:  # pragma: no cover - KINDS guards it
        raise ClaimError(f"unknown claim kind {kind!r}")
    return _WORDS[kind](p, p.get("seat", 0), rules)


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


@dataclass(frozen=True)
class _Facts:
    """What a claim is checked against: the claim's parameters, the state, the learner's
    seat ``me`` and the seat the claim is about (``seat``, absolute)."""

    claim: Claim
    p: dict[str, Any]
    state: HandState
    me: int
    seat: int

    def name(self, seat: int) -> str:
        """An absolute seat as the learner calls it."""
        return SEAT_WORDS[seat_after(seat, -self.me, self.state.players)]

    @property
    def hand(self) -> list[Card]:
        return list(self.state.hand(self.seat))

    @property
    def trump(self) -> Suit | None:
        return _seen_trump(self.claim, self.state)


def _check_trump(f: _Facts) -> str | None:
    trump = f.state.trump
    return None if trump is f.p["suit"] else f"trump is {trump.plural if trump else 'not made'}"


def _check_dealt(f: _Facts) -> str | None:
    if f.state.dealer != f.seat:
        return f"the dealer is {f.name(f.state.dealer)}"
    return None if f.state.upcard == f.p["card"] else f"the upcard is the {f.state.upcard}"


def _check_ordered(f: _Facts) -> str | None:
    state = f.state
    if state.upcard != f.p["card"]:
        return f"the upcard is the {state.upcard}"
    if f.claim.kind == "picked_up":
        if state.dealer != f.seat:
            return f"{SEAT_WORDS[f.p['seat']]} is not the dealer"
        return None if state.picked_up else "the dealer did not pick up the upcard"
    actor = next(
        (s for a, s in zip(state.actions, state.actors, strict=False) if a.kind == "order"), None
    )
    if actor is None:
        return "nobody ordered up the upcard"
    return None if actor == f.seat else f"{f.name(actor)} ordered it up"


def _check_called(f: _Facts) -> str | None:
    state = f.state
    for action, actor in zip(state.actions, state.actors, strict=False):
        if action.kind == "call":
            if actor != f.seat:
                return f"{f.name(actor)} named trump"
            return None if action.suit is f.p["suit"] else "another suit was named"
    return "nobody named a suit"


def _check_all_passed(f: _Facts) -> str | None:
    players = f.state.players
    first = [a.kind for a in f.state.actions[:players]]
    return None if first == ["pass"] * players else "not everyone passed in round one"


def _check_led(f: _Facts) -> str | None:
    trick = f.state.current_trick
    if not trick:
        return "nobody has led to this trick"
    if trick[0] == (f.seat, f.p["card"]):
        return None
    return f"{f.name(trick[0][0])} led the {trick[0][1]}"


def _check_played(f: _Facts) -> str | None:
    if (f.seat, f.p["card"]) in f.state.current_trick:
        return None
    return f"the {f.p['card']} is not in this trick from {SEAT_WORDS[f.p['seat']]}"


def _check_holds(f: _Facts) -> str | None:
    missing = [c for c in f.p["cards"] if c not in f.hand]
    if not missing:
        return None
    return f"{SEAT_WORDS[f.p.get('seat', 0)]} does not hold {', '.join(map(str, missing))}"


def _check_suit_count(f: _Facts) -> str | None:
    """holds_none, only and count: the cards of a suit in the hand, under the claim's trump."""
    trump, suit, kind = f.trump, f.p["suit"], f.claim.kind
    cards = [c for c in f.hand if effective_suit(c, trump) is suit]
    under = f" with {trump.plural} as trump" if trump else ""
    listed = ", ".join(map(str, cards))
    if kind == "holds_none":
        return None if not cards else f"you hold {listed}, which are {suit.plural}{under}"
    if kind == "only":
        if sorted(cards) == sorted(f.p["cards"]):
            return None
        return f"the hand's {suit.plural}{under} are {listed or 'none'}"
    if len(cards) == f.p["n"]:
        return None
    return f"the hand holds {len(cards)} {suit.plural}{under}: {listed or 'none'}"


def _check_best(f: _Facts) -> str | None:
    rules = f.state.rules
    top = trump_order(f.p["suit"], rules.deck, rules.joker)[: f.p["n"]]
    missing = [c for c in top if c not in f.hand]
    return None if not missing else f"the hand lacks {', '.join(map(str, missing))}"


def _check_bower(f: _Facts) -> str | None:
    trump, card = f.trump, f.p["card"]
    if trump is None:
        return "trump is not made, so no card is a bower"
    what = role(card, trump)
    if what == f"the {f.p['which']} bower":
        return None
    return f"the {card} is {what} with {trump.plural} as trump"


def _check_counts_as(f: _Facts) -> str | None:
    trump, card = f.trump, f.p["card"]
    if trump is None:
        return "trump is not made, so every card is of its printed suit"
    suit = effective_suit(card, trump)
    if suit is f.p["suit"]:
        return None
    return f"the {card} is a {suit.singular} with {trump.plural} as trump"


def _check_highest(f: _Facts) -> str | None:
    state, card = f.state, f.p["card"]
    suit = effective_suit(card, state.trump)
    gone = set(_played(state))
    rules = state.rules
    order = [c for c in suit_order(suit, state.trump, rules.deck, rules.joker) if c not in gone]
    if not order or order[0] != card:
        return f"the highest {suit.singular} left is {order[0] if order else 'none'}"
    return None


def _check_not_allowed(f: _Facts) -> str | None:
    if f.state.to_act != f.seat:
        return f"it is not {SEAT_WORDS[f.p.get('seat', 0)]}'s turn"
    return f"{f.p['action']} is legal" if f.state.why_illegal(f.p["action"]) is None else None


def _check_your_lead(f: _Facts) -> str | None:
    state = f.state
    if state.to_act != f.me or state.phase is not Phase.PLAY or state.current_trick:
        return "the learner is not leading a trick"
    return None


_CHECKS: dict[str, Callable[[_Facts], str | None]] = {
    "trump": _check_trump,
    "dealt": _check_dealt,
    "ordered": _check_ordered,
    "picked_up": _check_ordered,
    "called": _check_called,
    "all_passed": _check_all_passed,
    "led": _check_led,
    "played": _check_played,
    "holds": _check_holds,
    "holds_none": _check_suit_count,
    "only": _check_suit_count,
    "count": _check_suit_count,
    "best": _check_best,
    "bower": _check_bower,
    "counts_as": _check_counts_as,
    "beats": lambda f: _beats(f.p["card"], f.p["other"], f.state, f.trump),
    "highest": _check_highest,
    "not_allowed": _check_not_allowed,
    "your_lead": _check_your_lead,
}


def check(claim: Claim, state: HandState, me: int) -> str | None:
    """None when ``claim`` is true of ``state`` for the learner at seat ``me``, else why not."""
    if claim.kind not in _CHECKS:  # pragma: no cover - KINDS guards it
        raise ClaimError(f"unknown claim kind {claim.kind!r}")
    p = dict(claim.params)
    seat = seat_after(me, p.get("seat", 0), state.players)
    return _CHECKS[claim.kind](_Facts(claim, p, state, me, seat))
