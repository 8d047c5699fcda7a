"""The goals a lesson step may set: a small, fixed vocabulary of predicates on the deal.

A goal is decided from the state the step started in and the state now, for the learner's
seat: True (reached), False (missed: the learner retries) or None (not decided yet).

>>> parse_goal("take 3 tricks")
Goal(kind='take', count=3)
>>> parse_goal("win this trick").text
'Win this trick for your side.'
>>> parse_goal("fly to the moon")
Traceback (most recent call last):
...
ValueError: unknown goal 'fly to the moon': use one of win this trick, follow suit, make trump, go alone, take N tricks, win the deal, euchre the makers, finish the deal
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from euchre import ActionKind, Card, HandState, Phase, effective_suit
from euchre.scoring import TRICKS_TO_MAKE

_TEXTS = {
    "win-trick": "Win this trick for your side.",
    "follow": "Follow suit.",
    "make": "Make trump yourself.",
    "alone": "Make trump and go alone.",
    "win-deal": "Win points for your side this deal.",
    "euchre": "Euchre the makers: hold them to two tricks or fewer.",
    "finish": "Play the deal to its end.",
}
_PHRASES = {
    "win this trick": "win-trick",
    "follow suit": "follow",
    "make trump": "make",
    "go alone": "alone",
    "win the deal": "win-deal",
    "euchre the makers": "euchre",
    "finish the deal": "finish",
}
_TAKE = re.compile(r"^take ([1-5]) tricks?$")
VOCABULARY = (
    "win this trick, follow suit, make trump, go alone, take N tricks, win the deal, "
    "euchre the makers, finish the deal"
)


@dataclass(frozen=True)
class Goal:
    """One goal of the vocabulary (``count`` is N of "take N tricks")."""

    kind: str
    count: int = 0

    @property
    def text(self) -> str:
        """The goal as the learner reads it."""
        if self.kind == "take":
            return f"Take at least {self.count} tricks for your side this deal."
        return _TEXTS[self.kind]

    def decide(self, start: HandState, now: HandState, seat: int) -> bool | None:
        """True when reached, False when it can no longer be reached, None while open."""
        if self.kind == "follow":
            return _followed(start, now, seat)
        if self.kind == "win-trick":
            return _won_trick(start, now, seat)
        if self.kind in ("make", "alone"):
            return _made(now, seat, alone=self.kind == "alone")
        if self.kind == "take":
            return _took(now, seat, self.count)
        if self.kind == "euchre":
            return _euchred(now, seat)
        if not now.over:
            return None
        if self.kind == "win-deal":
            return now.result is not None and now.result.points[now.team_of(seat)] > 0
        return True  # finish


def _won_trick(start: HandState, now: HandState, seat: int) -> bool | None:
    """Whether the learner's side took the first trick played since the step began."""
    index = len(start.tricks)
    if len(now.tricks) > index:
        return now.team_of(now.tricks[index].winner) == now.team_of(seat)
    return False if now.over else None


def _made(now: HandState, seat: int, *, alone: bool) -> bool | None:
    """Whether the learner became the maker (and went alone, when ``alone``)."""
    if now.maker is not None:
        return now.maker == seat and (now.alone or not alone)
    return False if now.over else None


def _took(now: HandState, seat: int, count: int) -> bool | None:
    """Whether the learner's side has taken ``count`` tricks, or no longer can."""
    team = now.team_of(seat)
    mine = sum(1 for t in now.tricks if now.team_of(t.winner) == team)
    if mine >= count:
        return True
    left = now.rules.hand_size - len(now.tricks)  # five, or Bid Euchre's six
    return False if now.over or mine + left < count else None


def _euchred(now: HandState, seat: int) -> bool | None:
    """Whether the learner's side, defending, held the makers under their tricks."""
    if now.maker is not None and now.team_of(now.maker) == now.team_of(seat):
        return False
    if now.maker is not None and now.maker_tricks() >= TRICKS_TO_MAKE:
        return False
    if not now.over:
        return None
    return now.result is not None and now.result.euchred


def _followed(start: HandState, now: HandState, seat: int) -> bool | None:
    """Whether the learner's first card played to someone else's lead followed suit."""
    tricks: list[list[tuple[int, Card]]] = [
        list(zip(t.seats, t.cards, strict=True)) for t in now.tricks[len(start.tricks) :]
    ]
    tricks.append(now.current_trick)
    for trick in tricks:
        for position, (who, card) in enumerate(trick):
            if who == seat and position > 0:
                led = effective_suit(trick[0][1], now.trump)
                return effective_suit(card, now.trump) is led
    return False if now.over else None


def parse_goal(text: str) -> Goal:
    """Read a goal phrase; an unknown phrase raises ValueError naming the vocabulary."""
    key = " ".join(str(text).lower().split())
    if key in _PHRASES:
        return Goal(_PHRASES[key])
    m = _TAKE.match(key)
    if m:
        return Goal("take", int(m.group(1)))
    raise ValueError(f"unknown goal {text!r}: use one of {VOCABULARY}")


_TASKS = {
    Phase.ROUND_ONE: "Decide: order up the upcard, or pass.",
    Phase.ROUND_TWO: "Decide: name trump, or pass.",
    Phase.DISCARD: "Discard one card, face down.",
    Phase.AUCTION: "Make your bid.",
    Phase.NAME_TRUMP: "Name trump.",
    Phase.FARMER: "Decide what to do with your farmer's hand.",
    Phase.CALL_ACE: "Call an ace: its holder is your partner this deal.",
    Phase.CALL_FOR_BEST: "Decide whether to call for your partner's best card.",
    Phase.GIVE_BEST: "Give your best card to your partner, who plays alone.",
    Phase.DEFEND: "Decide: defend alone, or not.",
}


def task_for(state: HandState, seat: int) -> str:
    """What a step with no goal of its own (it expects one action) asks of the learner at
    ``state``: the kind of decision, never its answer.

    >>> from euchre import Action, Deal
    >>> hands = ["Jc Kc Td Ah Qh", "Ac As Ks 9d Qd", "9c Tc Qs Kd Kh", "Qc Js Ts Ad 9h"]
    >>> state = HandState.new(Deal(0, hands, "9s"))
    >>> task_for(state, 1)
    'Decide: order up the upcard, or pass.'
    >>> for text in ("order", "discard Td"):
    ...     state = state.apply(Action.parse(text))
    >>> task_for(state, 1)
    'Choose your lead.'
    >>> task_for(state.apply(Action.parse("play Ac")), 2)
    'Follow suit.'
    """
    if state.phase is Phase.PLAY:
        if not state.current_trick:
            return "Choose your lead."
        # the engine's rule: fewer cards may be played than the hand holds when it must follow
        plays = [a for a in state.legal_actions() if a.kind is ActionKind.PLAY]
        if len(plays) < len(state.hands[seat]):
            return "Follow suit."
        return "Choose a card: any of yours may be played."
    task = _TASKS.get(state.phase, "Make your move.")
    if state.phase is Phase.ROUND_TWO and all(
        a.kind is not ActionKind.PASS for a in state.legal_actions()
    ):
        return "Name trump: the dealer may not pass."
    return task
