"""The rooms of one server process and the connections in them.

Every command goes the same way: check it, let the room decide its record (or refuse),
store the record (``Backend.append``: durable before anyone hears of it), apply it, then
send each connected seat its own view. Timers (a computer's move, the review's end, a
dropped player's hold) go the same way. One lock per room keeps its records in order. A
player's own move also gets a verdict for that player's progress page (``verdicts``),
sent to the connection that made it alone.

A connection whose room another process owns (Redis only) is *forwarded*: its checked
messages go to the owner (``Backend.forward``), which answers it as one of its own
connections, so every seat's view is still made, filtered and sent by the owner alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from euchre import Action, HandState

from euchre_rooms.codes import (
    hash_secret,
    new_room_code,
    new_seat_token,
    normalize_code,
    same_code,
)
from euchre_rooms.config import Settings
from euchre_rooms.protocol import EMOJI, Command, ProtocolError, check_name, parse_message
from euchre_rooms.ratelimit import TokenBucket
from euchre_rooms.room import (
    LOBBY,
    Record,
    Refused,
    Room,
    check_level,
    computer_chooser,
    new_record,
    rules_from_request,
)
from euchre_rooms.verdicts import may_be_weighed, refused_move, weighed_move

log = logging.getLogger("euchre_rooms")

THINK_IN_A_THREAD = frozenset({"strong"})
"""Computer levels whose moves take long enough (up to ~20 ms) to be chosen off the loop."""

OUTBOX_LIMIT = 256
"""Messages waiting for a slow connection before the server gives up on it."""


def _dumps(value: Any) -> str:
    """Compact JSON, as every update is sent.

    >>> _dumps({"seat": 1, "name": "Ann"})
    '{"seat":1,"name":"Ann"}'
    """
    return json.dumps(value, separators=(",", ":"))


class Client:
    """One WebSocket connection: the seat it holds (if any), its limits and its outbox.

    The outbox is a plain list (an empty deque costs ten times its size, and the outbox
    is nearly always empty); the connection's ``wake`` (set by whoever writes to the
    socket) is called when a message is queued, so an idle connection needs no waiting
    task at all.

    >>> client = Client(Settings())
    >>> client.send({"type": "pong"}); list(client.outbox)
    ['{"type": "pong"}']
    """

    __slots__ = (
        "close_reason",
        "floods",
        "id",
        "messages",
        "outbox",
        "proxy",
        "reactions",
        "room_key",
        "seat",
        "wake",
        "watching",
    )

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic) -> None:
        self.id = secrets.token_hex(8)
        self.outbox: list[str | None] = []
        """Texts waiting to be sent; None: close the connection after them."""
        self.wake: Callable[[], None] = _nothing
        self.room_key: str | None = None
        self.seat: int | None = None
        self.messages = TokenBucket(settings.messages_per_second, settings.message_burst, clock)
        self.reactions = TokenBucket(settings.reactions_per_second, settings.reaction_burst, clock)
        self.floods = 0
        self.close_reason: str | None = None
        self.proxy: Proxy | None = None
        """Set while this connection's room is owned by another process (Redis only)."""
        self.watching: str | None = None
        """The key of the room this connection watches as a spectator."""

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or JSON text already made)."""
        if self.close_reason is not None:
            return
        if len(self.outbox) >= OUTBOX_LIMIT:
            self.close("too many messages are waiting for this connection")
            return
        self.outbox.append(message if isinstance(message, str) else json.dumps(message))
        self.wake()

    def error(self, text: str, ident: str | int | None = None) -> None:
        """A plain error message (with the command's ``id`` when it had one)."""
        message: dict[str, Any] = {"type": "error", "error": text}
        if ident is not None:
            message["id"] = ident
        self.send(message)

    def close(self, reason: str) -> None:
        """Send ``reason`` as an error, then close the connection."""
        if self.close_reason is None:
            self.outbox.append(json.dumps({"type": "error", "error": reason}))
            self.close_reason = reason
            self.outbox.append(None)
            self.wake()


def _nothing() -> None:
    return None


@dataclass(slots=True)
class Proxy:
    """Where a forwarded connection's messages go, and what the owner told it about its
    seat (enough to resume it on whichever process owns the room next)."""

    owner: str
    key: str
    code: str = ""
    seat: int | None = None
    token: str = ""
    seq: int = 0
    watching: bool = False


class Elsewhere(Exception):
    """The room is held by another live process: forward the connection there."""

    def __init__(self, owner: str, key: str) -> None:
        super().__init__(owner)
        self.owner, self.key = owner, key


@dataclass
class LiveRoom:
    """A room held by this process, with its connections and recent events."""

    key: str
    room: Room
    choose: Callable[[int, HandState], Action]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: dict[int, set[Client]] = field(default_factory=dict)
    watchers: set[Client] = field(default_factory=set)
    """Spectators' connections: they are sent only what is public."""
    events: deque[tuple[int, str]] = field(default_factory=deque)
    """The last events (``replay_events`` of them), as the JSON text every seat was sent:
    one buffer for the room, shared by every connection that resumes."""
    timer: asyncio.TimerHandle | None = None
    owned: bool = True
    idle_since: float | None = None
    """When the room's last connection closed (None while someone is connected)."""

    def connected(self) -> list[int]:
        """Seats with at least one connection."""
        return [seat for seat, group in self.clients.items() if group]


class Backend(Protocol):
    """Where rooms' records are kept (memory, or Redis shared by several processes)."""

    async def create(self, key: str, record: Record) -> None:
        """Keep a new room's first record; raise Refused if the code is taken."""

    async def append(self, live: LiveRoom, record: Record) -> None:
        """Keep a record durably before it is applied and announced."""

    async def load(self, key: str) -> list[Record] | None:
        """A room's records, for a room this process does not hold, or None."""

    async def drop(self, key: str) -> None:
        """Forget a closed room."""

    async def forward(self, client: Client, text: str | None) -> None:
        """Send a forwarded connection's message to its room's owner (None: it closed);
        ``Refused`` when no process answers for the room."""


class MemoryBackend:
    """One process, rooms in memory only: nothing to write."""

    async def create(self, key: str, record: Record) -> None:
        return None

    async def append(self, live: LiveRoom, record: Record) -> None:
        return None

    async def load(self, key: str) -> list[Record] | None:
        return None

    async def drop(self, key: str) -> None:
        return None

    async def forward(self, client: Client, text: str | None) -> None:
        raise AssertionError("one process: nothing is forwarded")


class Hub:
    """The rooms of this process and every connection's messages."""

    def __init__(
        self,
        settings: Settings | None = None,
        backend: Backend | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings or Settings()
        self.backend: Backend = backend or MemoryBackend()
        self.clock = clock
        self.rooms: dict[str, LiveRoom] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ facts
    def health(self) -> dict[str, Any]:
        """``{"ok": true, "rooms": R, "players": P, "spectators": S}``: rooms held here,
        seats connected, spectators watching."""
        players = sum(len(live.connected()) for live in self.rooms.values())
        spectators = sum(len(live.watchers) for live in self.rooms.values())
        return {"ok": True, "rooms": len(self.rooms), "players": players, "spectators": spectators}

    # ------------------------------------------------------------------ one message
    async def handle(self, client: Client, text: str | bytes) -> None:
        """Act on one message from ``client``; every problem is answered in plain words."""
        if not client.messages.take():
            client.floods += 1
            if client.floods > self.settings.max_refusals:
                client.close("too many messages: this connection is closed")
            elif client.floods == 1 or client.floods % 10 == 0:
                client.error("too many messages: wait a moment before sending more")
            return
        try:
            command = parse_message(text, self.settings.max_message_bytes)
        except ProtocolError as exc:
            client.error(str(exc))
            return
        ident = command.get("id")
        if client.proxy is not None and command.type != "ping":
            await self._forward(client, text, ident)
            return
        try:
            seq = await self._dispatch(client, command)
        except Elsewhere as exc:
            client.proxy = Proxy(exc.owner, exc.key)
            await self._forward(client, text, ident)
        except ProtocolError as exc:
            client.error(str(exc), ident)
        except Refused as exc:
            self._refuse(client, exc, command.type, ident)
        except (OSError, ConnectionError, TimeoutError) as exc:  # storage unreachable
            log.warning("a command failed: %s", exc)
            client.error("the server could not store that just now: try again", ident)
        else:
            if ident is not None:
                ack: dict[str, Any] = {"type": "ack", "id": ident}
                if seq is not None:
                    ack["seq"] = seq
                client.send(ack)

    async def _forward(self, client: Client, text: str | bytes, ident: str | int | None) -> None:
        try:
            await self.backend.forward(client, text if isinstance(text, str) else "")
        except Refused as exc:  # nobody answers for the room: this connection is free again
            client.proxy = None
            client.error(exc.reason, ident)
        except (OSError, ConnectionError, TimeoutError) as exc:
            log.warning("forwarding a command failed: %s", exc)
            client.error("the server could not reach this room just now: try again", ident)

    def _refuse(self, client: Client, exc: Refused, kind: str, ident: str | int | None) -> None:
        live = self.rooms.get(client.room_key or "")
        if exc.with_state and live is not None and client.seat is not None:
            state = self._state(live, client.seat)
            message: dict[str, Any] = {
                "type": "refused",
                "command": kind,
                "reason": exc.reason,
                "state": state,
            }
            if exc.mastery is not None:
                message["mastery"] = exc.mastery
            if ident is not None:
                message["id"] = ident
            client.send(message)
        else:
            client.error(exc.reason, ident)

    async def _dispatch(self, client: Client, command: Command) -> int | None:
        """Carry out a command; returns the room's seq after it (None for a ping)."""
        kind = command.type
        if kind == "ping":
            client.send({"type": "pong"})
            return None
        if kind == "create":
            return await self._create(client, command)
        if kind == "join":
            return await self._join(client, command)
        if kind == "resume":
            return await self._resume(client, command)
        if kind == "watch":
            return await self._watch(client, command)
        if client.watching is not None:
            return self._spectator(client, kind)
        live = self._bound(client)
        if kind == "react":
            self._react(live, client, command.fields["emoji"])
        else:
            await self._command(live, client, kind, command.fields)
        return live.room.seq

    def _bound(self, client: Client) -> LiveRoom:
        live = self.rooms.get(client.room_key or "")
        if live is None or client.seat is None:
            client.room_key, client.seat = None, None
            raise ProtocolError("join a room first: send 'create', 'join' or 'resume'")
        return live

    def _unbound(self, client: Client) -> None:
        if client.seat is not None and client.room_key in self.rooms:
            raise ProtocolError(
                f"this connection already holds seat {client.seat}: send 'leave' first"
            )
        if client.watching is not None:
            if client.watching in self.rooms:
                raise ProtocolError("this connection is watching a room: send 'leave' first")
            client.watching = None

    # ------------------------------------------------------------------ spectators
    async def _watch(self, client: Client, command: Command) -> int:
        self._unbound(client)
        live = await self.find(command.fields["room"])
        async with live.lock:
            live.watchers.add(client)
            client.watching = live.key
            live.idle_since = None
            room = live.room
            now = self.clock()
            client.send(
                {
                    "type": "watching",
                    "room": room.code,
                    "seq": room.seq,
                    "state": {
                        "version": room.version,
                        "you": None,
                        "room": room.public(now),
                        "table": room.table_for(None, now),
                    },
                }
            )
            return room.seq

    def _spectator(self, client: Client, kind: str) -> int | None:
        """A spectator's command: only ``leave`` (and ``ping``) do anything."""
        live = self.rooms.get(client.watching or "")
        if live is None:
            client.watching = None
            raise ProtocolError("join a room first: send 'create', 'join' or 'resume'")
        if kind != "leave":
            raise ProtocolError(
                "you are watching this room: spectators do not play or react; join a seat to play"
            )
        self._stop_watching(client)
        client.send({"type": "left", "room": live.room.code})
        return live.room.seq

    def _stop_watching(self, client: Client) -> None:
        live = self.rooms.get(client.watching or "")
        client.watching = None
        if live is not None:
            live.watchers.discard(client)
            if not live.watchers and not live.connected():
                live.idle_since = self.clock()

    # ------------------------------------------------------------------ lobby
    async def _create(self, client: Client, command: Command) -> int:
        self._unbound(client)
        name = check_name(command.fields["name"], self.settings.name_length)
        level = check_level(command.get("level", "normal"))
        spec = command.get("rules")
        players = command.get("players")
        table = command.get("table")
        rules_from_request(spec, players, table)  # refuses bad rules before anything is made
        if len(self.rooms) >= self.settings.max_rooms:
            raise Refused("this server has as many rooms as it can hold: try again later")
        code = new_room_code()
        key = hash_secret(code)
        record = new_record(
            "create",
            self.clock(),
            code=code,
            rules=spec,
            players=players,
            table=table,
            level=level,
            seed=secrets.randbits(62),
            continue_seconds=self.settings.continue_seconds,
        )
        await self.backend.create(key, record)
        live = self._hold(key, Room.create(record))
        return await self._take_seat(live, client, name, None)

    def _hold(self, key: str, room: Room, owned: bool = True) -> LiveRoom:
        live = LiveRoom(key, room, computer_chooser(room.seed, room.level), owned=owned)
        live.events = deque(maxlen=self.settings.replay_events)
        live.idle_since = self.clock()
        self.rooms[key] = live
        return live

    async def find(self, code_text: str) -> LiveRoom:
        """The room with this code (loaded from the backend if another process made it)."""
        code = normalize_code(code_text)
        if code is None:
            raise Refused(
                "that is not a room code: it has ten letters and digits, like K7QXM-3PART"
            )
        key = hash_secret(code)
        live = self.rooms.get(key)
        if live is None:
            records = await self.backend.load(key)
            if records:
                live = self.rooms.get(key)
                if live is None:
                    live = self._hold(key, Room.rebuild(records))
                    self._spawn(self._absent_after_takeover(live))
                self._schedule(live)
        if live is None or not same_code(live.room.code, code):
            raise Refused(f"there is no room {code}: check the code or ask for a new link")
        return live

    async def _absent_after_takeover(self, live: LiveRoom) -> None:
        """A room taken over from a process that died: the people whose connections died
        with it and have not come back after a moment are away (their seats held, then
        played by a computer), so the table does not wait for them for ever."""
        await asyncio.sleep(2 * self.settings.lease_seconds)
        try:
            async with live.lock:
                room = live.room
                now = self.clock()
                for seat in room.humans():
                    if self.rooms.get(live.key) is not live or room.closed:
                        return
                    if room.seats[seat].away_until is None and not live.clients.get(seat):
                        until = now + self.settings.hold_seconds
                        await self._commit(live, new_record("away", now, seat=seat, until=until))
        except Refused as exc:  # the room moved on again, or storage is away: nothing to do
            log.warning("marking absent seats after a takeover failed: %s", exc.reason)

    async def _join(self, client: Client, command: Command) -> int:
        self._unbound(client)
        name = check_name(command.fields["name"], self.settings.name_length)
        live = await self.find(command.fields["room"])
        return await self._take_seat(live, client, name, command.get("seat"))

    async def _take_seat(self, live: LiveRoom, client: Client, name: str, seat: int | None) -> int:
        token = new_seat_token()
        async with live.lock:
            record = live.room.decide_join(name, seat, hash_secret(token), self.clock())

            def bind() -> None:
                self._bind(live, client, record["seat"])
                client.send(
                    {
                        "type": "welcome",
                        "room": live.room.code,
                        "seat": record["seat"],
                        "token": token,
                    }
                )

            await self._commit(live, record, bind)
            return live.room.seq

    def _bind(self, live: LiveRoom, client: Client, seat: int) -> None:
        client.room_key, client.seat = live.key, seat
        live.clients.setdefault(seat, set()).add(client)
        live.idle_since = None

    def _unbind(self, client: Client) -> None:
        live = self.rooms.get(client.room_key or "")
        if live is not None and client.seat is not None:
            live.clients.get(client.seat, set()).discard(client)
            if not live.connected() and not live.watchers:
                live.idle_since = self.clock()
        client.room_key, client.seat = None, None

    async def _resume(self, client: Client, command: Command) -> int:
        live = await self.find(command.fields["room"])
        seat = live.room.seat_of_token(command.fields["token"])
        if seat is None:
            raise Refused("that seat token does not open a seat in this room: join again")
        if client.seat is not None and (client.room_key != live.key or client.seat != seat):
            raise ProtocolError(
                f"this connection already holds seat {client.seat}: send 'leave' first"
            )
        last = command.get("last_seq")
        async with live.lock:
            room = live.room
            covered = last is not None and (
                last >= room.seq or bool(live.events and live.events[0][0] <= last + 1)
            )
            events = [e for s, e in live.events if covered and last is not None and s > last]
            self._bind(live, client, seat)
            client.send(
                {
                    "type": "welcome",
                    "room": room.code,
                    "seat": seat,
                    "token": command.fields["token"],
                }
            )
            client.send(
                f'{{"type":"resume","seq":{room.seq},'
                f'"replayed":{"true" if covered else "false"},'
                f'"events":[{",".join(events)}],"state":{_dumps(self._state(live, seat))}}}'
            )
            if room.seats[seat].away_until is not None or room.seats[seat].standin:
                await self._commit(live, new_record("back", self.clock(), seat=seat))
            return room.seq

    def _react(self, live: LiveRoom, client: Client, emoji: str) -> None:
        if emoji not in EMOJI:
            raise ProtocolError(f"a reaction is one of {' '.join(EMOJI)}")
        if not client.reactions.take():
            raise ProtocolError("one reaction at a time: wait a moment")
        message = json.dumps({"type": "reaction", "seat": client.seat, "emoji": emoji})
        for group in live.clients.values():
            for other in group:
                other.send(message)
        for watcher in live.watchers:
            watcher.send(message)

    async def _command(
        self, live: LiveRoom, client: Client, kind: str, fields: dict[str, Any]
    ) -> None:
        seat = client.seat
        assert seat is not None
        async with live.lock:
            # a move made on the table as it is: its verdict for the mover's progress page
            # is judged from the state it was made in
            before = (
                live.room.state()
                if kind == "act" and fields.get("version") == live.room.version
                else None
            )
            try:
                record = live.room.decide(seat, kind, fields, self.clock())
            except Refused as exc:
                if before is None or not exc.with_state:
                    raise
                raise Refused(
                    exc.reason, exc.with_state, refused_move(before, seat, fields["action"])
                ) from None
            removed = list(live.clients.get(record["seat"], ())) if kind == "remove" else []
            await self._commit(live, record)
        if before is not None and may_be_weighed(before, seat, fields["action"]):
            self._spawn(self._send_verdict(client, before, seat, fields["action"]))
        if kind == "leave":
            self._unbind(client)
            client.send({"type": "left", "room": live.room.code})
        for other in removed:
            self._unbind(other)
            other.send({"type": "removed", "reason": "the host removed you from the room"})

    async def _send_verdict(self, client: Client, before: HandState, seat: int, text: str) -> None:
        """Weigh ``seat``'s move (the coach thinks off the loop, as a strong computer
        player does) and send the verdict, if any, to the connection that made it."""
        try:
            verdict = await asyncio.to_thread(weighed_move, before, seat, text)
        except Exception:  # a verdict is a bonus: the game goes on without it
            log.exception("a move could not be weighed")
            return
        if verdict is not None:
            client.send({"type": "mastery", **verdict})

    async def disconnected(self, client: Client) -> None:
        """A connection closed: hold its seat when it was that seat's last one."""
        if client.proxy is not None:
            client.proxy = None
            with contextlib.suppress(OSError, ConnectionError, TimeoutError):
                await self.backend.forward(client, None)
            return
        if client.watching is not None:
            self._stop_watching(client)
            return
        live = self.rooms.get(client.room_key or "")
        seat = client.seat
        self._unbind(client)
        if live is None or seat is None or live.clients.get(seat):
            return
        async with live.lock:
            s = live.room.seats[seat]
            if s.human and s.away_until is None and not live.room.closed:
                now = self.clock()
                until = now + self.settings.hold_seconds
                await self._commit(live, new_record("away", now, seat=seat, until=until))

    # ------------------------------------------------------------------ records
    async def _commit(
        self, live: LiveRoom, record: Record, before_send: Callable[[], None] | None = None
    ) -> None:
        """Store, apply and announce one record (the room's lock is held)."""
        await self.backend.append(live, record)
        self.announce(live, record, before_send)

    def announce(
        self, live: LiveRoom, record: Record, before_send: Callable[[], None] | None = None
    ) -> None:
        """Apply a stored record and send every connected seat its update."""
        event = live.room.apply(record)
        if before_send is not None:
            before_send()
        event["seq"] = live.room.seq
        event_text = _dumps(event)
        live.events.append((live.room.seq, event_text))
        now = self.clock()
        room = live.room
        # the parts every seat shares are encoded once; only each seat's table is its own
        head = (
            f'{{"type":"update","seq":{room.seq},"event":{event_text},'
            f'"state":{{"version":{room.version},"you":'
        )
        public = f',"room":{_dumps(room.public(now))},"table":'
        for seat, group in live.clients.items():
            if not group:
                continue
            text = f"{head}{seat}{public}{_dumps(room.table_for(seat, now))}}}}}"
            for client in group:
                client.send(text)
        if live.watchers:
            text = f"{head}null{public}{_dumps(room.table_for(None, now))}}}}}"
            for watcher in live.watchers:
                watcher.send(text)
        if live.room.closed:
            self._forget(live)
        else:
            self._schedule(live)

    def _state(
        self,
        live: LiveRoom,
        seat: int,
        public: dict[str, Any] | None = None,
        now: float | None = None,
    ) -> dict[str, Any]:
        """What ``seat`` is sent: the room's public part and its own table."""
        now = self.clock() if now is None else now
        room = live.room
        return {
            "version": room.version,
            "you": seat,
            "room": public if public is not None else room.public(now),
            "table": room.table_for(seat, now),
        }

    def _forget(self, live: LiveRoom) -> None:
        for watcher in list(live.watchers):
            watcher.watching = None
            watcher.send({"type": "left", "room": live.room.code})
        live.watchers.clear()
        if live.timer is not None:
            live.timer.cancel()
        self.rooms.pop(live.key, None)
        self._spawn(self.backend.drop(live.key))

    # ------------------------------------------------------------------ timers
    def _schedule(self, live: LiveRoom) -> None:
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        if not live.owned:
            return
        when = live.room.next_timer(self.settings)
        if when is None:
            return
        delay = max(0.0, when - self.clock())
        loop = asyncio.get_running_loop()
        live.timer = loop.call_later(delay, lambda: self._spawn(self._fire(live)))

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _fire(self, live: LiveRoom) -> None:
        try:
            async with live.lock:
                if self.rooms.get(live.key) is not live or not live.owned:
                    return
                now = self.clock()
                choose = live.choose
                seat = live.room.computer_to_move(now)
                if seat is not None and live.room.level in THINK_IN_A_THREAD:
                    # a long think must not hold up every other room's messages: think in
                    # a thread (the loop runs between its slices); the lock keeps this
                    # room as it is meanwhile
                    state = live.room.state()
                    assert state is not None
                    action = await asyncio.to_thread(live.choose, seat, state)
                    choose = lambda _seat, _state: action  # noqa: E731
                record = live.room.decide_timer(now, choose)
                if record is None:
                    self._schedule(live)
                    return
                await self._commit(live, record)
        except Exception:  # a timer must never take the server down; the room waits
            log.exception("room timer failed")

    # ------------------------------------------------------------------ idle rooms
    async def sweep_idle(self) -> list[str]:
        """Close every room held here that nobody has been connected to for its idle time
        (``idle_lobby_seconds`` in the lobby, else ``idle_room_seconds``); returns their
        codes. A closed room's memory is freed and its stored records deleted."""
        closed: list[str] = []
        for live in list(self.rooms.values()):
            if not self._idle_expired(live):
                continue
            async with live.lock:
                if self.rooms.get(live.key) is live and self._idle_expired(live):
                    self._forget(live)
                    closed.append(live.room.code)
        return closed

    def _idle_expired(self, live: LiveRoom) -> bool:
        if live.idle_since is None or live.connected() or live.watchers:
            return False
        lobby = live.room.phase == LOBBY
        limit = self.settings.idle_lobby_seconds if lobby else self.settings.idle_room_seconds
        return self.clock() - live.idle_since >= limit

    async def sweep_forever(self) -> None:
        """Look for idle rooms every ``sweep_seconds`` (run for the server's lifetime)."""
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                closed = await self.sweep_idle()
            except Exception:  # the sweeper must never stop: log and go on
                log.exception("closing idle rooms failed")
            else:
                if closed:
                    log.info("closed %d idle room(s)", len(closed))

    async def close(self) -> None:
        """Stop every timer (at shutdown)."""
        for live in self.rooms.values():
            if live.timer is not None:
                live.timer.cancel()
        for task in list(self.tasks):
            task.cancel()
