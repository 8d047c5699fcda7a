"""Actions: one small value per decision, with a canonical text and a forgiving parser.

>>> str(Action.parse("pick up")), str(Action.parse("call ♥ alone")), str(Action.parse("play 10d"))
('order', 'call hearts alone', 'play Td')
>>> Action.parse("call no trump")
Action.parse('call no-trump')
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.cards import Card, CardError, Suit


class ActionError(ValueError):
    """An action text that cannot be read."""


# The kinds of action, in the order ``legal_actions`` lists them within a phase.
PASS = "pass"
ORDER = "order"
CALL = "call"
DECLINE = "decline"
DISCARD = "discard"
DEFEND = "defend"
BEST = "best"
GIVE = "give"
FARMER_SWAP = "swap"
REDEAL = "redeal"
CALL_ACE = "ace"
PLAY = "play"


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. ``suit`` is set for ``call`` (None there means no-trump) and for
    call-ace; ``cards`` for discards, plays and swaps."""

    kind: str
    suit: Suit | None = None
    cards: tuple[Card, ...] = ()
    alone: bool = False

    @property
    def card(self) -> Card:
        """The one card of a play, discard, give or best."""
        return self.cards[0]

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        """Read an action text (see the module doc); raise ActionError with the text."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ActionError(f"{text!r} is not an action")
        return _parse(text)

    def __str__(self) -> str:
        alone = " alone" if self.alone else ""
        if self.kind == PASS:
            return "pass"
        if self.kind == ORDER:
            return "order" + alone
        if self.kind == CALL:
            name = self.suit.plural if self.suit else "no-trump"
            return f"call {name}{alone}"
        if self.kind == DECLINE:
            return "decline"
        if self.kind == DEFEND:
            return "defend alone"
        if self.kind == REDEAL:
            return "redeal"
        if self.kind == CALL_ACE:
            assert self.suit is not None
            return f"call ace {self.suit.plural}"
        if not self.cards and self.kind in (DISCARD, FARMER_SWAP, GIVE, BEST):
            return {BEST: "call for best"}.get(self.kind, self.kind)  # a hidden card
        if self.kind == BEST:
            return f"call for best {self.card.code}"
        codes = " ".join(c.code for c in self.cards)
        return f"{self.kind} {codes}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _parse(text: str) -> Action:
    raw = " ".join(text.strip().split())
    low = raw.lower()
    alone = False
    for suffix in (" alone", ", alone", " and go alone", " going alone"):
        if low.endswith(suffix) and not low.startswith("defend"):
            alone, low = True, low[: -len(suffix)].strip()
            break
    try:
        if low in ("pass", "p"):
            return Action(PASS)
        if low in ("order", "order up", "pick up", "pick it up", "accept", "pickup", "go alone"):
            return Action(ORDER, alone=alone or low == "go alone")
        if low in ("decline", "turn down", "refuse"):
            return Action(DECLINE)
        if low in ("defend alone", "defend"):
            return Action(DEFEND, alone=True)
        if low in ("redeal", "farmer redeal", "throw in"):
            return Action(REDEAL)
        if low.startswith("call ace "):
            return Action(CALL_ACE, suit=Suit.parse(low[9:]))
        if low.startswith("call for best "):
            return Action(BEST, cards=(Card.parse(low[14:]),))
        if low.startswith(("call ", "name ")):
            what = low[5:].strip()
            if what in ("no-trump", "no trump", "notrump", "nt", "no-trumps", "no trumps"):
                return Action(CALL, None, alone=alone)
            return Action(CALL, Suit.parse(what), alone=alone)
        for kind in (PLAY, DISCARD, GIVE):
            if low.startswith(kind + " "):
                return Action(kind, cards=(Card.parse(low[len(kind) + 1 :]),))
        if low.startswith(("swap ", "farmer swap ")):
            parts = low.split()[1:] if low.startswith("swap ") else low.split()[2:]
            return Action(FARMER_SWAP, cards=tuple(Card.parse(p) for p in parts))
    except CardError as exc:
        raise ActionError(f"{text!r} is not an action: {exc}") from None
    raise ActionError(
        f"{text!r} is not an action: try 'pass', 'order', 'call hearts', 'discard 9s' or 'play Jd'"
    )


_PLAYS: dict[Card, Action] = {}


def play(card: Card | str) -> Action:
    """The action of playing a card (one shared value per card).

    >>> str(play("Jd")), play("Jd") is play("J♦")
    ('play Jd', True)
    """
    action = _PLAYS.get(card)  # type: ignore[arg-type]
    if action is None:
        parsed = Card.parse(card)
        action = _PLAYS.get(parsed)
        if action is None:
            action = _PLAYS[parsed] = Action(PLAY, cards=(parsed,))
    return action
