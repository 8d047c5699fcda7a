"""One room: its lobby, its seats and its match, refereed by the engine.

A room changes only by *records*: small JSON-able dicts, each the outcome of one accepted
command or timer ("Ann joined seat 2", "seat 1 played Jd", "the review timed out"). The
same records applied in the same order rebuild the same room, which is how another process
takes a room over from its Redis stream. Deciding a record (``decide``) never changes the
room; applying one (``apply``) never fails for a record ``decide`` produced.

>>> room = Room.create(new_record("create", 0.0, rules="american", players=4, level="easy", seed=5, code="ABCDE-FGHJK"))
>>> room.apply(room.decide_join("Ann", None, "hash-a", 1.0))["kind"]
'join'
>>> room.seats[0].name, room.host
('Ann', 0)
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from euchre import Action, ActionError, Game, HandState, Rules

from euchre_rooms.codes import token_matches
from euchre_rooms.config import Settings
from euchre_rooms.names import name_key, same_name_refusal
from euchre_rooms.refusal import Refused
from euchre_rooms.rules_request import check_level, rules_from_request, rules_label

__all__ = [
    "LOBBY",
    "PLAYING",
    "REVIEW",
    "Record",
    "Refused",
    "Room",
    "Seat",
    "check_level",
    "new_record",
    "rules_from_request",
]

Record = dict[str, Any]

LOBBY, PLAYING, REVIEW = "lobby", "playing", "review"

PAUSED = "your teacher has paused the class: wait a moment"
CLASS_FIELDS = ("code", "table", "teacher")
"""What a class's table tells everyone at it about the class."""


@functools.lru_cache(maxsize=4096)
def parse_action(text: str) -> Action:
    """An action from its text, read once for the process (an action never changes, and a
    room reads each move's text three times: to check it, to record it, to apply it).
    A text that is no action raises ``ActionError`` (and is not kept).

    >>> parse_action("play Jd") is parse_action("play Jd")
    True
    """
    return Action.parse(text)


@functools.lru_cache(maxsize=256)
def shared_text(text: str) -> str:
    """One copy of a text many rooms keep for their whole life (their rules' JSON, the same
    in most rooms): the first equal text seen, while it is among the last 256 asked for.

    >>> a, b = "".join(["{", "}"]), "".join(["{", "}"])
    >>> a is b, shared_text(a) is shared_text(b)
    (False, True)
    """
    return text


def new_record(kind: str, at: float, **fields: Any) -> Record:
    """A record of ``kind`` made at time ``at`` (epoch seconds).

    >>> new_record("ready", 2.5, seat=1, ready=True)
    {'k': 'ready', 'at': 2.5, 'seat': 1, 'ready': True}
    """
    return {"k": kind, "at": at, **fields}


@dataclass
class Seat:
    """One chair at the table."""

    kind: str = "empty"
    """``empty``, ``human`` or ``computer`` (a computer filling an open seat)."""
    name: str = ""
    token_hash: str = ""
    ready: bool = False
    away_until: float | None = None
    """Set while the person is disconnected: when their hold runs out."""
    standin: bool = False
    """A computer is playing for this absent person."""

    @property
    def human(self) -> bool:
        return self.kind == "human"

    def public(self, index: int, host: int | None, now: float) -> dict[str, Any]:
        """What everyone at the table may see of this seat."""
        away = None
        if self.away_until is not None:
            away = max(0.0, round(self.away_until - now, 1))
        return {
            "seat": index,
            "kind": self.kind,
            "name": self.name,
            "ready": self.ready,
            "host": index == host,
            "away": away,
            "standin": self.standin,
        }


@dataclass
class Room:
    """A room's whole state. Change it only through ``apply``."""

    code: str
    rules: Rules
    rules_name: str
    """The name of the rules the host chose, the table aside ("long-deck", "house")."""
    level: str
    seed: int
    created_at: float
    seats: list[Seat]
    host: int | None = None
    phase: str = LOBBY
    game: Game | None = None
    matches: int = 0
    version: int = 0
    seq: int = 0
    changed_at: float = 0.0
    review_until: float | None = None
    continued: set[int] = field(default_factory=set)
    last_match: dict[str, Any] | None = None
    finished: Game | None = None
    """The last match's game, kept until the next Start (for its record)."""
    closed: bool = False
    continue_seconds: float = 60.0
    klass: dict[str, Any] | None = None
    """For a table of a class: ``{"code": class code, "table": number, "teacher": name}``."""
    paused_at: float | None = None
    """When the class's teacher paused this table (None: play goes on)."""
    last_deal: HandState | None = None
    """The deal the last accepted move was made in (after it): whose public words the
    event gives."""
    rules_json: str = "{}"
    """``rules.to_dict()`` as JSON, made once: every state sent carries it."""
    public_version: int = 0
    """Counts the changes to what ``public_head`` and ``public_tail`` say (a move changes
    neither, unless it ends the deal)."""

    # ------------------------------------------------------------------ creation
    @classmethod
    def create(cls, record: Record) -> Room:
        """A new, empty room from its ``create`` record."""
        rules = rules_from_request(record["rules"], record.get("players"), record.get("table"))
        return cls(
            code=record["code"],
            rules=rules,
            rules_name=rules_label(record["rules"]),
            level=record["level"],
            seed=record["seed"],
            created_at=record["at"],
            seats=[Seat() for _ in range(rules.players)],
            seq=1,
            changed_at=record["at"],
            continue_seconds=record.get("continue_seconds", 60.0),
            klass=record.get("class"),
            rules_json=shared_text(json.dumps(rules.to_dict(), separators=(",", ":"))),
        )

    @classmethod
    def rebuild(cls, records: list[Record]) -> Room:
        """A room from all its records, in order (the first is ``create``)."""
        room = cls.create(records[0])
        for record in records[1:]:
            room.apply(record)
        return room

    # ------------------------------------------------------------------ simple facts
    @property
    def players(self) -> int:
        return self.rules.players

    def humans(self) -> list[int]:
        """The seats held by people."""
        return [i for i, s in enumerate(self.seats) if s.human]

    def plays_itself(self, seat: int) -> bool:
        """True when a computer makes this seat's moves."""
        s = self.seats[seat]
        return s.kind == "computer" or (s.human and s.standin)

    def seat_of_token(self, token: str) -> int | None:
        """The seat a token opens, checked in constant time against every seat."""
        found = None
        for i, s in enumerate(self.seats):
            if s.human and token_matches(token, s.token_hash):
                found = i
        return found

    def state(self) -> HandState | None:
        """The deal being played (None in the lobby)."""
        return self.game.state if self.game is not None else None

    def waiting_for(self) -> list[int]:
        """During the review: the people whose Continue is still awaited."""
        if self.phase != REVIEW:
            return []
        return [
            i
            for i in self.humans()
            if i not in self.continued
            and not self.seats[i].standin
            and self.seats[i].away_until is None
        ]

    # ------------------------------------------------------------------ deciding
    def decide_join(self, name: str, wanted: int | None, token_hash: str, now: float) -> Record:
        """The record of a person taking a seat (the first open one unless ``wanted``).
        A name another person at the table goes by is refused: the table and its log name
        each seat by its player's name, so two of one name could not be told apart."""
        taken = {name_key(self.seats[i].name): self.seats[i].name for i in self.humans()}
        refusal = same_name_refusal(name, taken)
        if refusal is not None:
            raise Refused(refusal)
        if self.phase == LOBBY:
            open_seats = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
        else:
            open_seats = [i for i, s in enumerate(self.seats) if s.kind == "computer"]
        if wanted is not None:
            if not 0 <= wanted < self.players:
                raise Refused(f"this table has seats 0 to {self.players - 1}")
            if wanted not in open_seats:
                raise Refused(f"seat {wanted} is taken")
            seat = wanted
        elif open_seats:
            seat = open_seats[0]
        else:
            raise Refused("this room is full")
        host = self.klass is None and (self.host is None or not self.humans())
        return new_record("join", now, seat=seat, name=name, token=token_hash, host=host)

    def decide(self, seat: int, kind: str, fields: dict[str, Any], now: float) -> Record:
        """The record of a command from ``seat``, or ``Refused``."""
        if self.klass is not None and kind in ("ready", "start", "remove"):
            raise Refused("at a class's table, your teacher starts the match")
        if self.paused_at is not None and kind in ("act", "continue"):
            raise Refused(PAUSED, with_state=True)
        if kind == "ready":
            if self.phase != LOBBY:
                raise Refused("Ready is for the lobby: the match has started")
            return new_record("ready", now, seat=seat, ready=fields["ready"])
        if kind == "start":
            return self._decide_start(seat, now)
        if kind == "remove":
            return self._decide_remove(seat, fields["seat"], now)
        if kind == "act":
            return self._decide_act(seat, fields["action"], fields["version"], now)
        if kind == "continue":
            return self._decide_continue(seat, fields["version"], now)
        if kind == "leave":
            return new_record("leave", now, seat=seat)
        raise Refused(f"a room does not take {kind!r} messages")

    def decide_class(self, kind: str, now: float) -> Record | None:
        """The record of the class's teacher starting (``start``), pausing (``pause``) or
        resuming (``unpause``) this table, or None when there is nothing to do (a table
        already playing, already paused)."""
        if kind == "start":
            return new_record("start", now) if self.phase == LOBBY and self.humans() else None
        if kind == "pause":
            return new_record("pause", now) if self.paused_at is None else None
        if kind == "unpause":
            return new_record("unpause", now) if self.paused_at is not None else None
        raise ValueError(f"a class does not {kind!r} its tables")

    def _decide_start(self, seat: int, now: float) -> Record:
        if seat != self.host:
            raise Refused("only the host can start the match")
        if self.phase != LOBBY:
            raise Refused("the match has already started")
        waiting = [
            self.seats[i].name for i in self.humans() if i != seat and not self.seats[i].ready
        ]
        if waiting:
            raise Refused(f"waiting for {', '.join(waiting)} to press Ready")
        return new_record("start", now)

    def _decide_remove(self, seat: int, target: int, now: float) -> Record:
        if seat != self.host:
            raise Refused("only the host can remove a player")
        if self.phase != LOBBY:
            raise Refused("players can be removed only in the lobby")
        if not 0 <= target < self.players or not self.seats[target].human:
            raise Refused(f"nobody sits in seat {target}")
        if target == seat:
            raise Refused("to leave your own room, use Leave")
        return new_record("remove", now, seat=target)

    def _stale(self, version: int) -> None:
        if version != self.version:
            raise Refused(
                "the table moved on before your move arrived, so it was not made: here "
                "is the table as it is now",
                with_state=True,
            )

    def _decide_act(self, seat: int, text: str, version: int, now: float) -> Record:
        if self.phase != PLAYING or self.game is None:
            raise Refused(
                "the hand review is open: press Continue"
                if self.phase == REVIEW
                else "the match has not started",
                with_state=True,
            )
        self._stale(version)
        state = self.game.state
        if state.to_act != seat:
            who = self.seats[state.to_act].name if state.to_act is not None else "nobody"
            raise Refused(f"it is {who}'s turn, not yours", with_state=True)
        try:
            action = parse_action(text)
        except ActionError as exc:
            raise Refused(str(exc), with_state=True) from None
        reason = state.why_illegal(action)
        if reason is not None:
            raise Refused(reason, with_state=True)
        return new_record("act", now, seat=seat, action=str(action))

    def _decide_continue(self, seat: int, version: int, now: float) -> Record:
        if self.phase != REVIEW:
            raise Refused("there is no hand review open", with_state=True)
        self._stale(version)
        if seat in self.continued:
            raise Refused("you have already pressed Continue", with_state=True)
        return new_record("continue", now, seat=seat)

    # ------------------------------------------------------------------ timers
    def next_timer(self, settings: Settings) -> float | None:
        """When the room next acts by itself (a computer's move, the review's end, a hold
        running out), or None."""
        if self.paused_at is not None:
            return None
        times: list[float] = []
        if self.phase == REVIEW and self.review_until is not None:
            times.append(self.review_until)
        if self.phase in (PLAYING, REVIEW):
            times.extend(
                s.away_until
                for s in self.seats
                if s.human and s.away_until is not None and not s.standin
            )
        state = self.state()
        if (
            self.phase == PLAYING
            and state is not None
            and state.to_act is not None
            and self.plays_itself(state.to_act)
        ):
            times.append(self.changed_at + settings.computer_delay)
        return min(times) if times else None

    def computer_to_move(self, now: float) -> int | None:
        """The seat whose computer player ``decide_timer`` would ask for a move at ``now``
        (None when something else is due first, or nothing is)."""
        if self.phase == REVIEW:
            return None
        if self.phase == PLAYING:
            for s in self.seats:
                if s.human and s.away_until is not None and not s.standin and now >= s.away_until:
                    return None
        state = self.state()
        if (
            self.phase == PLAYING
            and state is not None
            and state.to_act is not None
            and self.plays_itself(state.to_act)
        ):
            return state.to_act
        return None

    def decide_timer(self, now: float, choose: Callable[[int, HandState], Action]) -> Record | None:
        """The record of whatever is due at ``now``, or None. ``choose(seat, state)`` asks
        that seat's computer player for its move."""
        if self.paused_at is not None:
            return None
        if self.phase == REVIEW and self.review_until is not None and now >= self.review_until:
            return new_record("review_timeout", now, version=self.version)
        if self.phase in (PLAYING, REVIEW):
            for i, s in enumerate(self.seats):
                if s.human and s.away_until is not None and not s.standin and now >= s.away_until:
                    return new_record("hold_expired", now, seat=i)
        state = self.state()
        if (
            self.phase == PLAYING
            and state is not None
            and state.to_act is not None
            and self.plays_itself(state.to_act)
        ):
            action = choose(state.to_act, state)
            return new_record("act", now, seat=state.to_act, action=str(action), by="computer")
        return None

    # ------------------------------------------------------------------ applying
    def apply(self, record: Record) -> dict[str, Any]:
        """Carry out one record; returns the public event it makes."""
        kind = record["k"]
        phase = self.phase
        handler = getattr(self, "_apply_" + kind)
        event: dict[str, Any] = handler(record)
        if kind != "act" or self.phase != phase:
            self.public_version += 1
        self.seq += 1
        self.changed_at = record["at"]
        event["kind"] = kind
        return event

    def _apply_join(self, r: Record) -> dict[str, Any]:
        seat = self.seats[r["seat"]]
        seat.kind, seat.name, seat.token_hash = "human", r["name"], r["token"]
        seat.ready, seat.away_until, seat.standin = False, None, False
        if r["host"]:
            self.host = r["seat"]
        return {"seat": r["seat"], "name": r["name"]}

    def _apply_ready(self, r: Record) -> dict[str, Any]:
        self.seats[r["seat"]].ready = r["ready"]
        return {"seat": r["seat"], "ready": r["ready"]}

    def _apply_remove(self, r: Record) -> dict[str, Any]:
        self.seats[r["seat"]] = Seat()
        return {"seat": r["seat"]}

    def _apply_leave(self, r: Record) -> dict[str, Any]:
        i = r["seat"]
        name = self.seats[i].name
        if self.phase == LOBBY:
            self.seats[i] = Seat()
        else:
            self.seats[i] = Seat(kind="computer", name=f"Computer ({name})")
            self.continued.discard(i)
        if self.host == i:
            people = self.humans()
            self.host = people[0] if people else None
        if not self.humans():
            self.closed = True
        self._maybe_end_review(r["at"])
        return {"seat": i, "host": self.host}

    def _apply_start(self, r: Record) -> dict[str, Any]:
        for i, s in enumerate(self.seats):
            if s.kind == "empty":
                self.seats[i] = Seat(kind="computer", name=f"Computer {i + 1}")
            s = self.seats[i]
            s.ready = False
        self.game = Game.new(self.rules, seed=(self.seed + self.matches) % 2**63)
        self.finished = None
        self.matches += 1
        self.phase = PLAYING
        self.last_match = None
        self.version += 1
        return {}

    def _apply_act(self, r: Record) -> dict[str, Any]:
        assert self.game is not None
        before = len(self.game.history)
        self.game = self.game.apply(_listed(self.game.state, parse_action(r["action"])))
        self.version += 1
        finished = len(self.game.history) > before
        after = self.game.history[-1] if finished else self.game.state
        deal = len(self.game.history) - (1 if finished else 0)
        self.last_deal = after
        # the action as its maker sent it: the announcement hides a hidden card
        event = {"seat": r["seat"], "action": r["action"], "deal": deal}
        if r.get("by"):
            event["by"] = r["by"]
        if finished:
            self.phase = REVIEW
            self.continued = set()
            self.review_until = r["at"] + self.continue_seconds
            event["deal_over"] = True
            if not self.waiting_for():
                self._end_review()
        return event

    def _apply_continue(self, r: Record) -> dict[str, Any]:
        self.continued.add(r["seat"])
        self._maybe_end_review(r["at"])
        return {"seat": r["seat"]}

    def _apply_review_timeout(self, r: Record) -> dict[str, Any]:
        if self.phase == REVIEW:
            self._end_review()
        return {}

    def _apply_away(self, r: Record) -> dict[str, Any]:
        seat = self.seats[r["seat"]]
        if seat.human:
            seat.away_until = r["until"]
        self._maybe_end_review(r["at"])
        return {"seat": r["seat"], "seconds": round(r["until"] - r["at"], 1)}

    def _apply_back(self, r: Record) -> dict[str, Any]:
        seat = self.seats[r["seat"]]
        seat.away_until, seat.standin = None, False
        return {"seat": r["seat"]}

    def _apply_hold_expired(self, r: Record) -> dict[str, Any]:
        seat = self.seats[r["seat"]]
        if seat.human and seat.away_until is not None:
            seat.standin = True
        self._maybe_end_review(r["at"])
        return {"seat": r["seat"]}

    def _apply_pause(self, r: Record) -> dict[str, Any]:
        self.paused_at = r["at"]
        return {}

    def _apply_unpause(self, r: Record) -> dict[str, Any]:
        """Play goes on where it stopped: the review's countdown and the held seats' holds
        resume with the time they had left."""
        if self.paused_at is not None:
            shift = r["at"] - self.paused_at
            if self.review_until is not None:
                self.review_until += shift
            for seat in self.seats:
                if seat.away_until is not None:
                    seat.away_until += shift
        self.paused_at = None
        return {}

    def _maybe_end_review(self, now: float) -> None:
        if self.phase == REVIEW and not self.waiting_for():
            self._end_review()

    def _end_review(self) -> None:
        assert self.game is not None
        self.version += 1
        self.review_until = None
        self.continued = set()
        if self.game.over:
            self.last_match = {
                "score": list(self.game.score),
                "winner": self.game.winner,
                "names": [seat.name for seat in self.seats],
            }
            self.phase = LOBBY
            self.finished, self.game = self.game, None
            for i, s in enumerate(self.seats):
                if s.kind == "computer":
                    self.seats[i] = Seat()
                else:
                    s.ready = False
        else:
            self.phase = PLAYING

    # ------------------------------------------------------------------ what seats see
    def public_head(self) -> dict[str, Any]:
        """The first fields of what everyone in the room may see (the rules come next)."""
        return {
            "code": self.code,
            "phase": self.phase,
            "host": self.host,
            "players": self.players,
            "level": self.level,
        }

    def counting_down(self) -> bool:
        """Whether a seat is held for someone away: its countdown changes by the second."""
        return any(seat.away_until is not None for seat in self.seats)

    def public_tail(self, now: float) -> dict[str, Any]:
        """The fields after the rules: seats, matches, and a class table's class."""
        return {
            "rules_name": self.rules_name,
            "seats": [s.public(i, self.host, now) for i, s in enumerate(self.seats)],
            "match": self.matches,
            "last_match": self.last_match,
            "paused": self.paused_at is not None,
            "class": None if self.klass is None else {k: self.klass[k] for k in CLASS_FIELDS},
        }

    def viewed_deal(self) -> HandState | None:
        """The deal every seat's view is of: the one being played, or during the review
        the one just finished; None in the lobby."""
        if self.game is None:
            return None
        return self.game.history[-1] if self.phase == REVIEW else self.game.state

    def playing_key(self) -> tuple[int, int] | None:
        """While a deal is played: (the match's number, the deal's), which decide every
        one of ``table_facts`` (a move within the deal changes none of them); None in the
        lobby and the review (the review's countdown changes by the second).

        >>> room = Room.create(new_record("create", 0.0, rules=None, level="easy", seed=1, code="ABCDE-FGHJK"))
        >>> room.playing_key() is None
        True
        """
        if self.phase != PLAYING or self.game is None:
            return None
        return self.matches, len(self.game.history)

    def table_facts(self, now: float) -> dict[str, Any] | None:
        """What every seat sees alike of the match: the deal's number, the score, and
        during the review how the deal ended and who the table waits for."""
        game = self.game
        if game is None:
            return None
        facts: dict[str, Any] = {
            "deal": len(game.history) - (1 if self.phase == REVIEW else 0),
            "score": list(game.score),
            "game_to": self.rules.game_to,
            "review": None,
        }
        if self.phase == REVIEW:
            facts["review"] = self._review(game, now)
        return facts

    def _review(self, game: Game, now: float) -> dict[str, Any]:
        finished = game.history[-1]
        result = finished.result
        assert result is not None
        return {
            **result.to_dict(),  # how the deal ended, as the engine tells it
            # call-ace: the suit called and the secret partner, public once every card is
            # played (null: not a call-ace deal, or nobody held the called card)
            "called": finished.called_ace.letter if finished.called_ace else None,
            "ace_partner": finished.ace_partner if finished.called_ace else None,
            "maker_side": sorted(finished.maker_side),  # public once the deal is over
            # the score before this deal: with it the page can say what reaching game
            # point together did (every score cut; euchre.game.score_after_deal)
            "score_before": list(game.score_before(len(game.history) - 1)),
            "continued": sorted(self.continued),
            "waiting": self.waiting_for(),
            "seconds": None
            if self.review_until is None
            else max(0.0, round(self.review_until - now, 1)),
            "game_over": game.over,
            "winner": game.winner,
        }


def _listed(state: HandState, action: Action) -> Action:
    """``action`` as ``state`` lists it among its legal actions (the very object, which
    the engine applies by its fastest path), or ``action`` itself when it is not listed."""
    for listed in state.listed_actions():
        if listed == action:
            return listed
    return action
