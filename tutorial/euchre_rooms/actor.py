"""A room's actor: one task owns the room's referee (``Room``), its mailbox of jobs and its
timers (a computer player's think time, the review's Continue, a dropped seat's hold).

Everything that changes a room is a job in its mailbox, done one at a time in arrival
order: a connection's command, a seat taken or resumed, a connection lost, a timer due, a
teacher pausing the table. A job that changes the room makes one record: stored first
(``EventStore.append``: durable before anyone hears of it), then applied, then announced,
each connection sent its own seat's state from one ``Snapshot``. Each job answers its
connection itself (``ack``, ``refused`` or ``error``). No lock is needed: only this task
touches the room. The hub only finds the actor a connection's message is for.

Like lichess's one actor per game and Colyseus's Room: a room's work never waits for
another room's, and a job waits only for the jobs before it in its own room.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from euchre import Action, HandState

from euchre_rooms.codes import hash_secret, new_seat_token
from euchre_rooms.config import Settings
from euchre_rooms.connection import Client
from euchre_rooms.mailbox import Actor, Job
from euchre_rooms.messages import (
    OMIT,
    Ack,
    Left,
    Mastery,
    Raw,
    Reaction,
    RefusedMove,
    Removed,
    Resume,
    Watching,
    Welcome,
    dumps,
    encode,
    ident_of,
    update_head,
)
from euchre_rooms.protocol import EMOJI, Command, ProtocolError
from euchre_rooms.refusal import Refused
from euchre_rooms.replay import EventLog
from euchre_rooms.room import Record, Room, new_record
from euchre_rooms.stats import Meter
from euchre_rooms.storage import EventStore, Lost, StorageError
from euchre_rooms.summary import Tally
from euchre_rooms.thinking import Thinking
from euchre_rooms.verdicts import may_be_weighed, refused_move
from euchre_rooms.views import Snapshot

log = logging.getLogger("euchre_rooms")

UNSTORED = "the server could not store that just now: try again"
MOVED = "this room has moved to another server process: reconnect and resume"
TAKEN = (
    "your seat was opened from another tab or device, so this one is closed: "
    "reload the page to play here again"
)
NOT_SEATED = "join a room first: send 'create', 'join' or 'resume'"
APPLIED_KEPT = 64
"""How many commands relayed from other processes are remembered (by ``Client.via``), so
one sent again after a takeover is acknowledged, not made twice."""


class RoomHost(Protocol):
    """What an actor needs from the process holding it (the hub)."""

    settings: Settings
    store: EventStore
    me: str
    meter: Meter
    thinking: Thinking

    def clock(self) -> float:
        """Wall-clock seconds (the records' ``at``)."""

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        """Run a task the process keeps a reference to."""

    def forget(self, actor: RoomActor) -> None:
        """The room is closed or gone to another process: stop routing to it."""

    def played(self, actor: RoomActor, rows: list[dict[str, Any]]) -> None:
        """A class's table finished a deal: each student's summary of it."""


class RoomActor(Actor):
    """One room, its connections and its timers, owned by one task."""

    def __init__(self, host: RoomHost, key: str, room: Room) -> None:
        super().__init__()
        self.host, self.key, self.room = host, key, room
        self.seats: dict[int, Client] = {}
        """The one connection of each seat that has one."""
        self.watchers: dict[Client, None] = {}
        """Spectators' connections (and the class's teacher): sent only what is public. (A
        dict as an ordered set: an empty one is 64 bytes, an empty set 216, in every room.)"""
        self.events = EventLog(host.settings.replay_events)
        """The last events, as sent: one buffer for the room, for every reconnect. One event
        a ``seq``, the last the room's own (the seqs are not kept: a seq a room has
        counted is always an event announced here, since the room was made or taken over)."""
        self.applied: dict[str, int] = {}
        """Commands relayed from other processes (``Client.via``) and the seq they made."""
        self.snapshot: Snapshot | None = None
        self.idle_since: float | None = host.clock()
        """When the room's last connection closed (None while someone is connected)."""
        self.tally: Tally | None = Tally() if room.klass is not None else None

    # ------------------------------------------------------------------ the task
    def gone_words(self) -> str:
        return f"there is no room {self.room.code} any more"

    def _deadline(self, loop: asyncio.AbstractEventLoop) -> float | None:
        when = self.room.next_timer(self.host.settings)
        if when is None:
            return None
        return loop.time() + max(0.0, when - self.host.clock())

    async def _do(self, job: Job) -> None:
        handler = _HANDLERS[job.kind]
        seq, started, cpu = self.room.seq, time.perf_counter(), time.thread_time()
        try:
            await handler(self, job)
            if job.kind == "command" and self.room.seq != seq and job.command is not None:
                self._timed(job, started, cpu)
        except Refused as exc:
            self._refused(job, exc)
        except ProtocolError as exc:
            if job.client is not None:
                job.client.error(str(exc), job.ident)
        except StorageError as exc:
            log.warning("a record could not be stored: %s", exc)
            if job.client is not None:
                job.client.error(UNSTORED, job.ident)

    def _timed(self, job: Job, started: float, cpu: float) -> None:
        """Time a person's accepted move: once this turn of the loop has written every
        update queued in it (the writers' flushes, scheduled before this), the ``Meter``
        is told how long the move waited for its turn, how long until it was sent and
        how much CPU the server spent from its start to then (``cpu``: the thread's CPU
        time at its start)."""
        if job.command is not None and job.command.type == "act":
            meter, waited = self.host.meter, started - job.made
            asyncio.get_running_loop().call_soon(_sent, meter, waited, job.made, cpu)

    def _refused(self, job: Job, exc: Refused) -> None:
        client = job.client
        if client is None:
            return
        if exc.with_state and client.room is self and client.seat is not None:
            client.send(
                RefusedMove(
                    command=job.command.type if job.command else "",
                    reason=exc.reason,
                    state=self._snapshot().state(client.seat),
                    id=ident_of(job.ident),
                    mastery=OMIT if exc.mastery is None else exc.mastery,
                )
            )
        else:
            client.error(exc.reason, job.ident)

    def _ack(self, job: Job) -> None:
        if job.client is not None and job.ident is not None:
            job.client.send(Ack(job.ident, self.room.seq))

    # ------------------------------------------------------------------ records
    async def _commit(self, record: Record, before_send: Callable[[], None] | None = None) -> None:
        """Store, apply and announce one record."""
        try:
            await self.host.store.append(self.key, self.host.me, record)
        except Lost:
            self._lost()
            raise Refused(MOVED) from None
        self._announce(record, before_send)

    def _announce(self, record: Record, before_send: Callable[[], None] | None) -> None:
        """Apply a stored record and send every connection its update."""
        room = self.room
        event = room.apply(record)
        if before_send is not None:
            before_send()
        snap = self.snapshot = Snapshot(room, self.host.clock(), self.snapshot)
        event["seq"] = room.seq
        if event["kind"] == "act":
            event["action"] = snap.public_action(record["seat"], self.seats)
            self.host.meter.moves += 1
        raw = Raw(dumps(event))
        self.events.append(raw.text)
        head = update_head(room.seq, raw)  # the update's text but each seat's state
        for seat, client in self.seats.items():
            client.send_text(f"{head}{snap.state(seat).text}}}")
        if self.watchers:
            text = f"{head}{snap.state(None).text}}}"
            for watcher in self.watchers:
                watcher.send_text(text)
        snap.release()
        if record.get("via"):
            self._remember(record["via"], room.seq)
        if self.tally is not None and event.get("deal_over"):
            self._deal_over(event["deal"])
        if room.closed:
            self._close(None)

    def _remember(self, via: str, seq: int) -> None:
        self.applied[via] = seq
        while len(self.applied) > APPLIED_KEPT:
            del self.applied[next(iter(self.applied))]

    def _snapshot(self) -> Snapshot:
        snap = self.snapshot
        now = self.host.clock()
        if snap is None or not snap.fresh(self.room, now):
            snap = self.snapshot = Snapshot(self.room, now, snap)
        return snap

    def rebuilt(self, records: list[Record]) -> None:
        """Remember the relayed commands among a taken-over room's records."""
        for seq, record in enumerate(records, start=1):
            if record.get("via"):
                self._remember(record["via"], seq)

    # ------------------------------------------------------------------ connections
    def _bind(self, client: Client, seat: int) -> None:
        client.room, client.seat = self, seat
        self.seats[seat] = client
        self.idle_since = None

    def _unbind(self, client: Client) -> None:
        if client.seat is not None and self.seats.get(client.seat) is client:
            del self.seats[client.seat]
        self.watchers.pop(client, None)
        if client.room is self:
            client.room, client.seat = None, None
        if not self.seats and not self.watchers:
            self.idle_since = self.host.clock()

    async def _join(self, job: Job) -> None:
        client = job.client
        assert client is not None
        name, wanted = job.data
        if self.room.klass is not None and job.command is not None and job.command.type == "join":
            raise Refused("this table belongs to a class: join it with your teacher's class link")
        token = new_seat_token()
        record = self.room.decide_join(name, wanted, hash_secret(token), self.host.clock())

        def bind() -> None:
            self._bind(client, record["seat"])
            client.send(Welcome(self.room.code, record["seat"], token))

        await self._commit(record, bind)
        self._ack(job)

    async def _resume(self, job: Job) -> None:
        client, command = job.client, job.command
        assert client is not None and command is not None
        room = self.room
        seat = room.seat_of_token(command.fields["token"])
        if seat is None:
            raise Refused("that seat token does not open a seat in this room: join again")
        if client.seat is not None and (client.room is not self or client.seat != seat):
            raise ProtocolError(
                f"this connection already holds seat {client.seat}: send 'leave' first"
            )
        old = self.seats.get(seat)
        if old is not None and old is not client:
            self._unbind(old)
            old.replace(TAKEN)
        self._bind(client, seat)
        client.send(Welcome(room.code, seat, command.fields["token"]))
        client.send(self._resumed(seat, command.get("last_seq")))
        if room.seats[seat].away_until is not None or room.seats[seat].standin:
            await self._commit(new_record("back", self.host.clock(), seat=seat))
        self._ack(job)

    def _resumed(self, seat: int, last: int | None) -> Resume:
        """The events a seat missed since ``last``, or its full state (too long a gap)."""
        room, events = self.room, self.events
        first = room.seq - len(events) + 1  # the seq of the oldest event kept
        covered = last is not None and (last >= room.seq or bool(events and first <= last + 1))
        missed = events.last(room.seq - last) if covered and last is not None else []
        return Resume(room.seq, covered, missed, self._snapshot().state(seat))

    async def _watch(self, job: Job) -> None:
        client = job.client
        assert client is not None
        if self.room.klass is not None and not job.data:
            raise Refused("this table belongs to a class: only its teacher watches it")
        self.watchers[client] = None
        if not job.data:  # a spectator (a teacher watches every table of a class)
            client.room, client.seat = self, None
        self.idle_since = None
        room = self.room
        client.send(Watching(room.code, room.seq, self._snapshot().state(None)))
        self._ack(job)

    async def _gone(self, job: Job) -> None:
        """A connection closed (or its teacher left): hold the seat when it was its own."""
        client = job.client
        assert client is not None
        seat = client.seat if client.room is self else None
        held = seat is not None and self.seats.get(seat) is client
        self._unbind(client)
        if not held or seat is None:
            return
        s = self.room.seats[seat]
        if s.human and s.away_until is None and not self.room.closed:
            now = self.host.clock()
            until = now + self.host.settings.hold_seconds
            await self._commit(new_record("away", now, seat=seat, until=until))

    # ------------------------------------------------------------------ commands
    async def _command(self, job: Job) -> None:
        client, command = job.client, job.command
        assert client is not None and command is not None
        if client.room is self and client.seat is None:
            await self._spectator(job)
            return
        if client.room is not self or client.seat is None:
            raise ProtocolError(NOT_SEATED)
        if command.type == "react":
            self._react(client, command.fields["emoji"])
        else:
            await self._seat_command(job, client, client.seat, command)
        self._ack(job)

    async def _spectator(self, job: Job) -> None:
        client, command = job.client, job.command
        assert client is not None and command is not None
        if command.type != "leave":
            raise ProtocolError(
                "you are watching this room: spectators do not play or react; join a seat to play"
            )
        self._unbind(client)
        client.send(Left(self.room.code))
        self._ack(job)

    async def _seat_command(self, job: Job, client: Client, seat: int, command: Command) -> None:
        room, kind, fields = self.room, command.type, command.fields
        via = client.via(job.ident) if kind in ("act", "continue") else None
        if via is not None and via in self.applied:
            return  # made before a takeover: acknowledged, not made again
        # a move made on the table as it is: its verdicts for the mover's progress page
        # (and the class's summary) are judged from the state it was made in
        before = room.state() if kind == "act" and fields.get("version") == room.version else None
        try:
            record = room.decide(seat, kind, fields, self.host.clock())
        except Refused as exc:
            if before is None or not exc.with_state:
                raise
            raise self._illegal(seat, before, fields["action"], exc) from None
        if via is not None:
            record["via"] = via
        removed = self.seats.get(record["seat"]) if kind == "remove" else None
        await self._commit(record)
        if before is not None and may_be_weighed(before, seat, fields["action"]):
            self._weigh(client, before, seat, fields["action"])
        if kind == "leave":
            self._unbind(client)
            client.send(Left(room.code))
        if removed is not None:
            self._unbind(removed)
            removed.send(Removed("the host removed you from the room"))

    def _illegal(self, seat: int, before: HandState, text: str, exc: Refused) -> Refused:
        """A move the rules refuse, with what it shows the player to work on."""
        verdict = refused_move(before, seat, text)
        if self.tally is not None and verdict is not None:
            self.tally.refused(self._deal_key(), seat, verdict)
        return Refused(exc.reason, exc.with_state, verdict)

    def _weigh(self, client: Client, before: HandState, seat: int, text: str) -> None:
        deal = None
        if self.tally is not None:
            deal = self._deal_key()
            self.tally.weighing(deal)
        self.host.spawn(self._verdict(client, before, seat, text, deal))

    def _deal_key(self) -> tuple[int, int]:
        """The deal being played: (the match's number, the deal's in it)."""
        game = self.room.game
        return self.room.matches, len(game.history) if game is not None else 0

    async def _verdict(
        self, client: Client, before: HandState, seat: int, text: str, deal: tuple[int, int] | None
    ) -> None:
        """Weigh ``seat``'s move (the coach thinks off the loop, as a strong computer
        player does) and tell the connection that made it the verdict, if any."""
        verdict = None
        try:
            verdict = await self.host.thinking.weigh(before, seat, text, self.room.rules_json)
        except Exception:  # a verdict is a bonus: the game goes on without it
            log.exception("a move could not be weighed")
        if verdict is not None:
            client.send(Mastery(**verdict))
        if deal is not None:
            self.post(Job("verdict", data=(seat, deal, verdict)))

    def _react(self, client: Client, emoji: str) -> None:
        if emoji not in EMOJI:
            raise ProtocolError(f"a reaction is one of {' '.join(EMOJI)}")
        if not client.reactions.take():
            raise ProtocolError("one reaction at a time: wait a moment")
        assert client.seat is not None
        text = encode(Reaction(client.seat, emoji))
        for other in [*self.seats.values(), *self.watchers]:
            other.send_text(text)

    # ------------------------------------------------------------------ timers and the class
    async def _fire(self) -> None:
        room = self.room
        now = self.host.clock()
        seat = room.computer_to_move(now)
        move: Action | None = None
        if seat is not None:
            # this room's jobs wait in its mailbox while its computer player thinks
            state = room.state()
            assert state is not None
            move = await self.host.thinking.choose(room.level, room.seed, state, room.rules_json)
        record = room.decide_timer(now, lambda _seat, _state: _chosen(move))
        if record is None:  # nothing due after all (a clock step): look again shortly
            await asyncio.sleep(0.05)
            return
        await self._commit(record)

    async def _class(self, job: Job) -> None:
        """The class's teacher starts, pauses or resumes this table."""
        record = self.room.decide_class(job.data, self.host.clock())
        if record is not None:
            await self._commit(record)

    async def _absent(self, job: Job) -> None:
        """A room taken over from a process that died: the people whose connections died
        with it and have not come back are away (their seats held, then played by a
        computer), so the table does not wait for them for ever."""
        room = self.room
        now = self.host.clock()
        for seat in room.humans():
            if room.closed or self.closed:
                return
            if room.seats[seat].away_until is None and seat not in self.seats:
                until = now + self.host.settings.hold_seconds
                await self._commit(new_record("away", now, seat=seat, until=until))

    async def _verdict_in(self, job: Job) -> None:
        seat, deal, verdict = job.data
        if self.tally is not None:
            self.tally.weighed(deal, seat, verdict)
            self._summaries()

    def _deal_over(self, deal: int) -> None:
        assert self.tally is not None
        room = self.room
        finished = room.finished or room.game
        if finished is not None and deal < len(finished.history):
            names = {i: room.seats[i].name for i in room.humans()}
            self.tally.deal_over((room.matches, deal), finished.history[deal], names)
        self._summaries()

    def _summaries(self) -> None:
        assert self.tally is not None
        rows = self.tally.ready()
        if rows:
            self.host.played(self, rows)

    # ------------------------------------------------------------------ the end
    async def _stop(self, job: Job) -> None:
        self._close(job.data)
        self._ack(job)

    def _close(self, reason: str | None) -> None:
        """Close the room: every connection is told, its record is forgotten."""
        if self.closed:
            return
        self.closed = True
        code = self.room.code
        for client in [*self.seats.values(), *self.watchers]:
            if client.room is self and (client.seat is None or reason is not None):
                client.send(Left(code) if reason is None else Left(code, reason))
            self._unbind(client)
        self.host.forget(self)
        self.host.spawn(self.host.store.drop(self.key))
        self.mailbox.put(Job("wake"))

    def _lost(self) -> None:
        """Another process took this room over: its connections resume there."""
        if self.closed:
            return
        self.closed = True
        for client in [*self.seats.values(), *self.watchers]:
            self._unbind(client)
            client.close("this room has moved to another server process: resume there")
        self.host.forget(self)
        self.mailbox.put(Job("wake"))

    def lost(self) -> None:
        """The store says this process's lease on the room has gone to another."""
        self._lost()

    def idle_for(self, now: float) -> float:
        """How long nobody has been connected (0 while someone is)."""
        if self.idle_since is None or self.seats or self.watchers:
            return 0.0
        return now - self.idle_since


def _sent(meter: Meter, waited: float, made: float, cpu: float) -> None:
    """A person's move has been written to every seat: time it (``cpu``: the thread's CPU
    time when its job started: the server's work since is told apart from the time it
    was not running at all)."""
    meter.replied(waited, time.perf_counter() - made, time.thread_time() - cpu)


def _chosen(move: Action | None) -> Action:
    """The move thought before ``decide_timer`` asks for it."""
    assert move is not None, "a computer player's move was asked for but not thought"
    return move


async def _nothing(actor: RoomActor, job: Job) -> None:
    return None


_HANDLERS: dict[str, Callable[[RoomActor, Job], Coroutine[Any, Any, None]]] = {
    "join": RoomActor._join,
    "resume": RoomActor._resume,
    "watch": RoomActor._watch,
    "gone": RoomActor._gone,
    "command": RoomActor._command,
    "class": RoomActor._class,
    "absent": RoomActor._absent,
    "verdict": RoomActor._verdict_in,
    "stop": RoomActor._stop,
    "wake": _nothing,
}
