"""A deal as one seat sees it at the table: the data both the lessons and free play draw.

Everything here comes from the engine, and nothing hidden leaves it: the seat's own cards
come from ``state.view(seat)``; other hands are counts unless a lesson deliberately lays
its cards face up (``reveal``).

>>> from euchre import Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=7, dealer=0), Rules())
>>> model = table_model(state, 2)
>>> model["names"]
['North', 'East', 'You', 'West']
>>> [c["label"] for c in model["choices"]]
[]
>>> model["prompt"]
'East is deciding: order up the upcard or pass.'
"""

from __future__ import annotations

from typing import Any

from euchre import Action, Card, HandState, Phase, Suit, explain_trick

NAMES = ("You", "West", "North", "East")
PLACES = ("bottom", "left", "top", "right")
# Where each seat sits on the screen at other table sizes, clockwise from yours (bottom).
LAYOUTS = {
    2: ("bottom", "top"),
    3: ("bottom", "top-left", "top-right"),
    4: PLACES,
    5: ("bottom", "left", "top-left", "top-right", "right"),
    6: ("bottom", "left", "top-left", "top", "top-right", "right"),
}
CARD_KINDS = ("play", "discard", "give", "best")


def seat_names(me: int, players: int = 4) -> list[str]:
    """The name of every seat, seen from ``me``: You, West (on your left), North (your
    partner), East. At other table sizes: You, then Player 2, Player 3 ... clockwise.

    >>> seat_names(1)
    ['East', 'You', 'West', 'North']
    >>> seat_names(0, 3)
    ['You', 'Player 2', 'Player 3']
    """
    if players == 4:
        return [NAMES[(seat - me) % players] for seat in range(players)]
    return ["You" if seat == me else f"Player {(seat - me) % players + 1}"
            for seat in range(players)]


def seat_place(seat: int, me: int, players: int = 4) -> str:
    """Where ``seat`` sits on the screen for ``me``: bottom, left, top ... (see LAYOUTS).

    >>> seat_place(2, 0, 6), seat_place(1, 0, 3)
    ('top-left', 'top-left')
    """
    return LAYOUTS[players][(seat - me) % players]


def _suit_words(suit: Suit | None) -> str:
    return "no-trump" if suit is None else suit.plural


def describe(action: Action, actor: int, state: HandState, me: int) -> str:
    """One action in words, as the table saw it ("West orders up hearts").

    >>> from euchre import Deal, Rules
    >>> s = HandState.new(Deal.random(seed=7, dealer=0), Rules())
    >>> describe(Action.parse("order alone"), 1, s, 0)
    'West orders up ♣ clubs and goes alone.'
    """
    names = seat_names(me, state.players)
    who = names[actor]
    you = actor == me
    suit = state.proposed
    kind = action.kind
    if kind == "pass":
        text = "pass" if you else "passes"
    elif kind == "order":
        if actor == state.dealer:
            text = ("pick up " if you else "picks up ") + f"the upcard: {suit.symbol} {suit.plural} are trump"
        else:
            text = ("order up " if you else "orders up ") + f"{suit.symbol} {suit.plural}"
    elif kind == "call":
        symbol = f"{action.suit.symbol} " if action.suit else ""
        text = ("call " if you else "calls ") + symbol + _suit_words(action.suit)
    elif kind == "discard":
        if action.cards:
            text = ("discard " if you else "discards ") + str(action.card)
        else:
            text = "discards a card face down"
    elif kind == "play":
        text = ("play " if you else "plays ") + str(action.card)
    elif kind == "decline":
        text = "decline the upcard" if you else "declines the upcard"
    elif kind == "defend":
        text = "defend alone" if you else "defends alone"
    elif kind == "ace" and action.suit is not None:
        text = (("call " if you else "calls ") + f"for the best {action.suit.symbol} "
                f"{action.suit.singular}: its holder is the secret partner")
    else:
        text = str(action)
    if action.alone and kind in ("order", "call"):
        text += " and go alone" if you else " and goes alone"
    return f"{who} {text}."


def choice_label(action: Action, state: HandState) -> str:
    """The words on a decision button.

    >>> from euchre import Deal, Rules
    >>> s = HandState.new(Deal.random(seed=7, dealer=0), Rules())
    >>> [choice_label(a, s) for a in s.legal_actions()]
    ['Pass', 'Order up ♣ clubs', 'Order up ♣ clubs alone']
    """
    kind = action.kind
    alone = " alone" if action.alone else ""
    if kind == "pass":
        return "Pass"
    if kind == "order":
        suit = state.proposed
        if state.to_act == state.dealer:
            return f"Pick it up ({suit.symbol} {suit.plural}){alone}"
        return f"Order up {suit.symbol} {suit.plural}{alone}"
    if kind == "call":
        if action.suit is None:
            return f"Call no-trump{alone}"
        return f"Call {action.suit.symbol} {action.suit.plural}{alone}"
    if kind == "decline":
        return "Decline the upcard"
    if kind == "defend":
        return "Defend alone"
    if kind == "ace" and action.suit is not None:
        return f"Call for the best {action.suit.symbol} {action.suit.singular}"
    text = str(action)
    return text[:1].upper() + text[1:]


def card_action(state: HandState) -> str | None:
    """What a click on one of your cards means now: play, discard, give or best."""
    kinds = {a.kind for a in state.legal_actions()}
    for kind in CARD_KINDS:
        if kind in kinds:
            return kind
    return None


def resolve(state: HandState, me: int, payload: dict[str, Any]) -> tuple[Action | None, str | None]:
    """The action a click asks for, or the reason it cannot be taken (the engine's words).

    >>> from euchre import Deal, Rules
    >>> s = HandState.new(Deal.random(seed=7, dealer=0), Rules())
    >>> resolve(s, 1, {"card": s.hand(1)[0].code})[1]
    'You cannot play a card yet: this is round one of making trump'
    >>> resolve(s, 2, {"action": "pass"})[1]
    'It is East’s turn, not yours.'
    """
    names = seat_names(me, state.players)
    if state.to_act is None:
        return None, "This deal is over."
    if state.to_act != me:
        return None, f"It is {names[state.to_act]}’s turn, not yours."
    text: str
    if "card" in payload:
        kind = card_action(state)
        code = str(payload["card"])
        text = f"{kind or 'play'} {code}"
    else:
        text = str(payload.get("action", ""))
    reason = state.why_illegal(text)
    if reason is not None:
        return None, reason[:1].upper() + reason[1:]
    return Action.parse(text), None


def _prompt(state: HandState, me: int) -> str:
    names = seat_names(me, state.players)
    if state.to_act is None:
        return "The deal is over."
    who = state.to_act
    suit = state.proposed
    mine = who == me
    phase = state.phase
    if phase is Phase.ROUND_ONE:
        if mine:
            if who == state.dealer:
                return f"Your turn: pick up the upcard ({suit.symbol} {suit.plural} as trump) or pass."
            return f"Your turn: order up {suit.symbol} {suit.plural} as trump, or pass."
        return f"{names[who]} is deciding: order up the upcard or pass."
    if phase is Phase.ROUND_TWO:
        if mine:
            if not state.is_legal("pass"):  # the stuck dealer
                return f"Your turn: name a trump suit other than {suit.plural} (you may not pass)."
            return f"Your turn: name a trump suit other than {suit.plural}, or pass."
        return f"{names[who]} is deciding: name a suit or pass."
    if phase is Phase.DISCARD:
        if mine:
            return "Your turn: you picked up the upcard, so discard one card face down."
        return f"{names[who]} is discarding a card."
    if phase is Phase.CALL_ACE:
        if mine:
            return ("Your turn: name a suit. Whoever holds its highest card becomes your "
                    "secret partner for this deal.")
        return f"{names[who]} is choosing a suit to call for a secret partner."
    if phase is Phase.PLAY:
        if mine:
            if state.current_trick:
                return "Your turn: play a card (follow suit if you can)."
            return "Your turn: lead any card."
        return f"{names[who]} is playing."
    return f"Your turn: {phase}." if mine else f"{names[who]} is deciding ({phase})."


def _upcard_state(state: HandState) -> str:
    if state.phase in (Phase.FARMER, Phase.ROUND_ONE):
        return "offered"
    if state.picked_up or state.phase is Phase.DISCARD:
        return "taken"
    if state.trump is not None and state.trump is state.proposed:
        return "taken"
    return "turned-down"


def _bids(state: HandState, me: int) -> list[str]:
    """The last thing each seat said while trump was being made ("Pass", "Order up")."""
    out = ["" for _ in range(state.players)]
    if state.phase in (Phase.PLAY, Phase.OVER):
        return out  # trump is made: the maker's badge says who made it
    for action, actor in zip(state.actions, state.actors, strict=False):
        if action.kind in ("pass", "order", "call", "defend", "decline") and actor is not None:
            if action.kind == "pass" and state.phase not in (Phase.ROUND_ONE, Phase.ROUND_TWO):
                continue
            out[actor] = {
                "pass": "Pass",
                "order": "Picks up" if actor == state.dealer else "Orders up",
                "call": f"Calls {_suit_words(action.suit)}",
                "defend": "Defends alone",
                "decline": "Declines",
            }[action.kind] + (" alone" if action.alone else "")
    return out


def _trick_data(seats: list[int], cards: list[Card]) -> list[dict[str, Any]]:
    return [{"seat": s, "card": c.code} for s, c in zip(seats, cards, strict=True)]


def table_model(state: HandState, me: int, *, reveal: bool = False) -> dict[str, Any]:
    """Everything the table shows to ``me`` (JSON-ready). ``reveal`` lays every hand face
    up (lessons that teach with open cards)."""
    view = state.view(me).to_dict()
    # With call-ace, a maker "alone" means the maker holds the called card: the others must
    # not learn that before the deal is over.
    alone = state.alone and not (state.rules.call_ace and not state.over)
    view["alone"] = alone
    names = seat_names(me, state.players)
    bids = _bids(state, me)
    seats = []
    for seat in range(state.players):
        open_hand = reveal or seat == me
        seats.append(
            {
                "seat": seat,
                "name": names[seat],
                "place": seat_place(seat, me, state.players),
                "partner": seat != me and state.team_of(seat) == state.team_of(me),
                "cards": len(state.hands[seat]),
                "hand": [c.code for c in state.hands[seat]] if open_hand else None,
                "dealer": seat == state.dealer,
                "maker": seat == state.maker,
                "out": seat in state.sitting_out,
                "tricks": state.tricks_won(seat),
                "bid": bids[seat],
                "to_act": seat == state.to_act,
            }
        )
    mine = state.to_act == me
    trick = state.current_trick
    last = None
    if state.tricks:
        t = state.tricks[-1]
        last = {"cards": _trick_data(t.seats, t.cards), "winner": t.winner,
                "winner_name": names[t.winner], "why": explain_trick(t.cards, state.trump),
                "number": len(state.tricks),
                "just_done": not trick and bool(state.actions) and state.actions[-1].kind == "play"}
    log = [
        describe(a, actor, state, me)
        for a, actor in zip(state.actions, state.actors, strict=False)
    ]
    trump = state.trump
    my_team = state.team_of(me)
    team_tricks = [0, 0]
    for t in state.tricks:
        team_tricks[0 if state.team_of(t.winner) == my_team else 1] += 1
    result = state.result
    return {
        "view": view,
        "me": me,
        "names": names,
        "seats": seats,
        "dealer": state.dealer,
        "to_act": state.to_act,
        "your_turn": mine,
        "phase": state.phase.name.lower(),
        "phase_text": str(state.phase),
        "upcard": state.upcard.code,
        "upcard_state": _upcard_state(state),
        "trump": None if trump is None else {"letter": trump.letter, "name": trump.plural,
                                             "symbol": trump.symbol},
        "maker": state.maker,
        "alone": alone,
        "trick": _trick_data([s for s, _ in trick], [c for _, c in trick]),
        "last_trick": last,
        "tricks_played": len(state.tricks),
        "team_tricks": team_tricks,
        "log": log,
        "last": log[-1] if log else "",
        "prompt": _prompt(state, me),
        "card_action": card_action(state) if mine else None,
        "choices": [
            {"action": str(a), "label": choice_label(a, state)}
            for a in state.legal_actions()
            if mine and a.kind not in CARD_KINDS
        ],
        "over": state.over,
        "result": None if result is None else {
            "points": list(result.points),
            "makers": result.makers,
        },
    }
