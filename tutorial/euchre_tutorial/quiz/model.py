"""A quiz question as data: what the reader sees, what the engine says the answer is, and
the recipe that rebuilds it (its id).

A question id is ``kind:level:trap:seed@rules``, for example
``plays:learning:left-led:3141592@american``: the generator rebuilds exactly the same
question from it, so a review list or a check needs nothing else.

>>> QuestionId.parse("plays:learning:left-led:3141592@american")
QuestionId(kind='plays', level='learning', trap='left-led', seed=3141592, rules='american')
>>> str(QuestionId("suit", "first-time", None, 7, "midwest"))
'suit:first-time:none:7@midwest'
>>> QuestionId.parse("plays:learning:<b>:1@american")
Traceback (most recent call last):
...
ValueError: not a question id
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from euchre import Card, Suit

KINDS = ("plays", "winner", "suit", "order", "score", "bids", "leader", "bidscore")
"""Every question kind (a kind's place here seeds its dealer: new kinds go last). Each game
asks some of them: ``quiz.levels.game_kinds``."""
TRAPS = ("left-suit-led", "left-only-trump", "left-led", "plain-jack", "left-rank")
SEED_LIMIT = 1 << 32
_ID_RE = re.compile(
    r"^(?P<kind>[a-z]{1,10}):(?P<level>[a-z-]{1,12}):(?P<trap>[a-z-]{1,16}):"
    r"(?P<seed>[0-9]{1,10})@(?P<rules>[a-z0-9_:,-]{1,400})$"
)


@dataclass(frozen=True)
class QuestionId:
    """The recipe of one question."""

    kind: str
    level: str
    trap: str | None
    seed: int
    rules: str

    @classmethod
    def parse(cls, text: str) -> QuestionId:
        """Read an id; anything unexpected raises ValueError (ids come from storage)."""
        from euchre_tutorial.quiz.levels import LEVELS

        m = _ID_RE.match(str(text)) if isinstance(text, str) else None
        if m is None:
            raise ValueError("not a question id")
        trap = None if m["trap"] == "none" else m["trap"]
        seed = int(m["seed"])
        if (
            m["kind"] not in KINDS
            or m["level"] not in LEVELS
            or (trap is not None and trap not in TRAPS)
            or seed >= SEED_LIMIT
        ):
            raise ValueError("not a question id")
        return cls(m["kind"], m["level"], trap, seed, m["rules"])

    def __str__(self) -> str:
        return f"{self.kind}:{self.level}:{self.trap or 'none'}:{self.seed}@{self.rules}"


@dataclass(frozen=True)
class Option:
    """One answer the reader may pick: a card (``card``) or a labelled choice."""

    value: str
    label: str
    card: Card | None = None
    seat: str = ""
    symbol: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the page."""
        out: dict[str, Any] = {"value": self.value, "label": self.label}
        if self.card is not None:
            out["card"] = self.card.code
        if self.seat:
            out["seat"] = self.seat
        if self.symbol:
            out["symbol"] = self.symbol
        return out


@dataclass(frozen=True)
class Played:
    """A card on the table: who played it and a short note ("led")."""

    seat: str
    card: Card
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the page."""
        return {"seat": self.seat, "card": self.card.code, "note": self.note}


NO_TRUMP = {"suit": "nt", "name": "No-trump", "symbol": "NT"}
"""How the page names a deal played with no trump (Bid Euchre's no-trump call)."""


@dataclass(frozen=True)
class Question:
    """One question. ``answer`` holds option values (in order for ``pick == "order"``);
    the engine facts it was computed from are kept for checking and explaining. ``trump``
    is None in a no-trump deal, and in a question asked before trump is named
    (``trump_named`` false: a bidding question)."""

    id: QuestionId
    title: str
    prompt: str
    trump: Suit | None
    pick: str  # "one", "many" or "order"
    options: tuple[Option, ...]
    answer: tuple[str, ...]
    table: tuple[Played, ...] = ()
    facts: tuple[str, ...] = ()
    hand: tuple[Card, ...] = ()
    trick: tuple[Card, ...] = ()
    card: Card | None = None
    score: dict[str, Any] = field(default_factory=dict)
    trump_named: bool = True

    @property
    def kind(self) -> str:
        """The question kind ("plays", "winner", ...)."""
        return self.id.kind

    @property
    def trap(self) -> str | None:
        """The trap this question was built to hold, or None."""
        return self.id.trap

    @property
    def visible_cards(self) -> list[Card]:
        """Every card the reader sees."""
        cards = [p.card for p in self.table]
        cards += [o.card for o in self.options if o.card is not None]
        if self.card is not None and self.card not in cards:
            cards.append(self.card)
        return cards

    def option(self, value: str) -> Option:
        """The option with this value (KeyError if none)."""
        for opt in self.options:
            if opt.value == value:
                return opt
        raise KeyError(value)

    def answer_text(self) -> str:
        """The right answer in words, for the review and the answer key."""
        labels = [self.option(v).label for v in self.answer]
        if self.pick == "many":
            if len(labels) == len(self.options):
                every = "Any card: " if self.options[0].card is not None else "Any of them: "
                return every + ", ".join(labels) + "."
            return ", ".join(labels) + (" only." if len(labels) == 1 else ".")
        if self.pick == "order":
            return ", then ".join(labels) + "."
        return labels[0] + "."

    def _trump_public(self) -> dict[str, str] | None:
        if not self.trump_named:
            return None
        if self.trump is None:
            return dict(NO_TRUMP)
        return {
            "suit": self.trump.letter,
            "name": self.trump.plural.capitalize(),
            "symbol": self.trump.symbol,
        }

    def to_public(self) -> dict[str, Any]:
        """What the page draws: no answer in it (the engine checks every answer)."""
        return {
            "id": str(self.id),
            "kind": self.kind,
            "level": self.id.level,
            "title": self.title,
            "prompt": self.prompt,
            "trump": self._trump_public(),
            "pick": self.pick,
            "options": [o.to_dict() for o in self.options],
            "table": [p.to_dict() for p in self.table],
            "facts": list(self.facts),
        }
