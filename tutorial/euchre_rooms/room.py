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

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import euchre
from euchre import Action, Game, HandState, Rules, RulesError
from euchre_tutorial.site_rules import EVERY_PART_VARIANTS

from euchre_rooms.codes import token_matches
from euchre_rooms.config import LEVELS, Settings
from euchre_rooms.watch import public_view

Record = dict[str, Any]

LOBBY, PLAYING, REVIEW = "lobby", "playing", "review"


class Refused(Exception):
    """A command the room will not carry out. ``with_state``: the answer carries the
    sender's current view (stale or illegal moves). ``mastery``: what the refusal tells
    the sender's progress page (``verdicts.refused_move``), when anything."""

    def __init__(
        self, reason: str, with_state: bool = False, mastery: dict[str, Any] | None = None
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.with_state = with_state
        self.mastery = mastery


def new_record(kind: str, at: float, **fields: Any) -> Record:
    """A record of ``kind`` made at time ``at`` (epoch seconds).

    >>> new_record("ready", 2.5, seat=1, ready=True)
    {'k': 'ready', 'at': 2.5, 'seat': 1, 'ready': True}
    """
    return {"k": kind, "at": at, **fields}


def _base_rules(spec: Any) -> Rules:
    if spec is None:
        return Rules()
    if isinstance(spec, str):
        return Rules.profile(spec)
    if isinstance(spec, dict):
        return Rules.from_dict(spec)
    raise Refused("'rules' must be a profile name or a table of house rules")


def rules_from_request(spec: Any, players: int | None, table: str | None = None) -> Rules:
    """The rules a host asked for: a profile name or a house-rules dict, played at a table
    (``table``, a key of the engine's tables: "3" is cutthroat, with partners' options off
    and the deck the table needs) or with a number of players as given. Bad choices raise
    ``Refused`` with the engine's message.

    >>> rules_from_request("midwest", None).stick_the_dealer
    True
    >>> rules_from_request({"profile": "american", "players": 3, "partnerships": False}, None).players
    3
    >>> rules_from_request("american", None, "5").table_name
    'five-handed call-ace'
    >>> rules_from_request("american", 5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    euchre_rooms.room.Refused: 'players' = 5 does not go with 'deck' = 24, ...: 5 players need 26 cards ...
    """
    try:
        rules = _base_rules(spec)
        if table is not None:
            rules = rules.at_table(table)
        elif players is not None and players != rules.players:
            rules = rules.replace(players=players)
    except RulesError as exc:
        raise Refused(str(exc)) from None
    if rules.variant not in EVERY_PART_VARIANTS:
        raise Refused(f"rooms do not play {rules.variant_spec.title} yet")
    return rules


def rules_label(spec: Any) -> str:
    """The name of the rules a host asked for, the table and the target aside (the lobby
    says both, as free play does): a profile's name, or "house" for house rules no profile
    is (the engine's ``profile_at_table``).

    >>> rules_label("long-deck"), rules_label(None), rules_label(Rules.profile("midwest").to_dict())
    ('long-deck', 'american', 'midwest')
    >>> rules_label({"profile": "american", "players": 3, "partnerships": False})
    'american'
    >>> rules_label({"profile": "american", "game_to": 7})
    'american'
    >>> rules_label({"profile": "american", "stick_the_dealer": True, "no_trump": True})
    'house'
    """
    if isinstance(spec, str):
        return spec
    try:
        return _base_rules(spec).profile_at_table(any_target=True)
    except (RulesError, Refused):
        return "house"


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
        taken = {self.seats[i].name.casefold() for i in self.humans()}
        if name.casefold() in taken:
            raise Refused(f'someone at this table is already called "{name}": choose another name')
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
        host = self.host is None or not self.humans()
        return new_record("join", now, seat=seat, name=name, token=token_hash, host=host)

    def decide(self, seat: int, kind: str, fields: dict[str, Any], now: float) -> Record:
        """The record of a command from ``seat``, or ``Refused``."""
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
        reason = state.why_illegal(text)
        if reason is not None:
            raise Refused(reason, with_state=True)
        return new_record("act", now, seat=seat, action=str(Action.parse(text)))

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
        handler = getattr(self, "_apply_" + kind)
        event: dict[str, Any] = handler(record)
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
        self.game = self.game.apply(r["action"])
        self.version += 1
        finished = len(self.game.history) > before
        after = self.game.history[-1] if finished else self.game.state
        deal = len(self.game.history) - (1 if finished else 0)
        event = {"seat": r["seat"], "action": _public_action(after, r["seat"]), "deal": deal}
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
    def public(self, now: float) -> dict[str, Any]:
        """What everyone in the room may see: seats, rules, phase (no cards)."""
        return {
            "code": self.code,
            "phase": self.phase,
            "host": self.host,
            "players": self.players,
            "level": self.level,
            "rules": self.rules.to_dict(),
            "rules_name": self.rules_name,
            "seats": [s.public(i, self.host, now) for i, s in enumerate(self.seats)],
            "match": self.matches,
            "last_match": self.last_match,
        }

    def table_for(self, seat: int | None, now: float) -> dict[str, Any] | None:
        """What ``seat`` sees of the match: its view of the deal (or, during the review, of
        the finished deal), the score, and the review's progress. ``seat`` None: what a
        spectator sees (only what is public)."""
        game = self.game
        if game is None:
            return None
        table: dict[str, Any] = {
            "deal": len(game.history) - (1 if self.phase == REVIEW else 0),
            "score": list(game.score),
            "game_to": self.rules.game_to,
            "review": None,
        }
        if self.phase == REVIEW:
            finished = game.history[-1]
            table["view"] = _view(finished, seat)
            result = finished.result
            assert result is not None
            table["review"] = {
                **result.to_dict(),  # how the deal ended, as the engine tells it
                # call-ace: the suit called and the secret partner, public once every card
                # is played (null: not a call-ace deal, or nobody held the called card)
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
        else:
            table["view"] = _view(game.state, seat)
        return table


def _view(state: HandState, seat: int | None) -> dict[str, Any]:
    """A seat's view of a deal as plain data, or a spectator's (``seat`` None)."""
    return state.view(seat).to_dict() if seat is not None else public_view(state)


def _public_action(state: HandState, actor: int) -> str:
    """The last action of ``state`` as the other players saw it (a discard's card hidden)."""
    others = [(actor + i) % state.players for i in range(1, state.players)]
    observers = [s for s in others if s != state.maker] or others
    return state.view(observers[0]).to_dict()["actions"][-1]  # type: ignore[no-any-return]


def check_level(level: Any) -> str:
    """A computer level, or ``Refused``."""
    if level not in LEVELS:
        raise Refused(f"the computer players' level is one of {', '.join(LEVELS)}")
    return str(level)


def computer_chooser(seed: int, level: str) -> Callable[[int, HandState], Action]:
    """A ``choose(seat, state)`` that asks each seat's own computer player."""
    players: dict[int, Any] = {}

    def choose(seat: int, state: HandState) -> Action:
        player = players.get(seat)
        if player is None:
            player = players[seat] = euchre.computer_player(level, seed=(seed + seat) % 2**31)
        action: Action = player.choose(state)
        return action

    return choose
