"""The rooms and classes of one process, and the routing of every connection's messages to
them. The hub decides nothing about a room: it checks a message, finds the actor it is for
(``actor.RoomActor``, ``classroom.ClassActor``: loading a room from its stream when another
process made it, or forwarding the connection to the process that owns it), and hands the
message over. The actor answers.

>>> hub = Hub()
>>> hub.health()
{'ok': True, 'rooms': 0, 'players': 0, 'spectators': 0}
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from euchre_rooms.actor import NOT_SEATED, UNSTORED, RoomActor
from euchre_rooms.classroom import ClassActor
from euchre_rooms.codes import hash_secret, new_room_code, normalize_code, same_code
from euchre_rooms.config import Settings
from euchre_rooms.connection import Client
from euchre_rooms.mailbox import Job
from euchre_rooms.messages import Ack, Pong
from euchre_rooms.names import check_name
from euchre_rooms.protocol import Command, ProtocolError, parse_message
from euchre_rooms.refusal import Refused
from euchre_rooms.relay import Relay
from euchre_rooms.room import LOBBY, Record, Room, new_record
from euchre_rooms.routing import Router
from euchre_rooms.rules_request import check_level, rules_from_request
from euchre_rooms.stats import Meter
from euchre_rooms.storage import Elsewhere, EventStore, MemoryStore, StorageError
from euchre_rooms.thinking import Thinking, thinking_for

log = logging.getLogger("euchre_rooms")

NOT_A_CODE = "that is not a room code: it has ten letters and digits, like K7QXM-3PART"

Route = Callable[["Hub", Client, Command], Awaitable[None]]

TEACHERS_COMMANDS = frozenset({"start_tables", "pause", "end_class"})


class Hub:
    """The rooms and classes this process holds, and every connection's messages."""

    def __init__(
        self,
        settings: Settings | None = None,
        store: EventStore | None = None,
        router: Router | None = None,
        clock: Callable[[], float] = time.time,
        me: str | None = None,
        stats: Callable[[], dict[str, Any]] | None = None,
    ) -> None:
        self.settings = settings or Settings()
        self.more_stats = stats
        """More for ``/rooms/stats`` (the Redis pool's waits)."""
        self.store: EventStore = store or MemoryStore()
        self.me = me or (router.me if router is not None else secrets.token_hex(8))
        self.clock = clock
        self.rooms: dict[str, RoomActor] = {}
        self.classes: dict[str, ClassActor] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.loading: dict[str, asyncio.Future[RoomActor | ClassActor | None]] = {}
        self.relay: Relay | None = Relay(self, router) if router is not None else None
        self.meter = Meter()
        self.thinking: Thinking = thinking_for(self.meter, self.settings.thinkers)

    # ------------------------------------------------------------------ facts
    def health(self) -> dict[str, Any]:
        """``{"ok": true, "rooms": R, "players": P, "spectators": S}``: rooms held here,
        seats connected, spectators watching."""
        players = sum(len(actor.seats) for actor in self.rooms.values())
        spectators = sum(len(actor.watchers) for actor in self.rooms.values())
        return {"ok": True, "rooms": len(self.rooms), "players": players, "spectators": spectators}

    def stats(self) -> dict[str, Any]:
        """``health`` and the ``Meter``'s counts: moves, and the thinking they cost (and
        with Redis, how often a request waited for a connection)."""
        more = self.more_stats() if self.more_stats is not None else {}
        return {**self.health(), **self.meter.as_dict(), **more}

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        """Run a task this hub keeps until it ends."""
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # ------------------------------------------------------------------ one message
    async def handle(self, client: Client, text: str | bytes) -> None:
        """Act on one message from ``client``; every problem is answered in plain words."""
        if not self._allowed(client):
            return
        try:
            command = parse_message(text, self.settings.max_message_bytes)
        except ProtocolError as exc:
            client.error(str(exc), exc.ident)
            return
        if client.proxy is not None and command.type != "ping" and self.relay is not None:
            await self.relay.forward(client, str(text), command)
            return
        await self._carry_out(client, text, command)

    async def handle_here(self, client: Client, text: str) -> None:
        """Act on one message from ``client`` in this process, forwarded or not (its seat
        being given back here after its room's owner died)."""
        try:
            command = parse_message(text, self.settings.max_message_bytes)
        except ProtocolError as exc:
            client.error(str(exc), exc.ident)
            return
        await self._carry_out(client, text, command)

    async def _carry_out(self, client: Client, text: str | bytes, command: Command) -> None:
        ident = command.get("id")
        try:
            await self._route(client, command)
        except Elsewhere as exc:
            if self.relay is None:
                client.error("this room is held by another server process", ident)
            else:
                await self.relay.adopt(client, exc, str(text), command)
        except ProtocolError as exc:
            client.error(str(exc), ident)
        except Refused as exc:
            client.error(exc.reason, ident)
        except StorageError as exc:
            log.warning("a command failed: %s", exc)
            client.error(UNSTORED, ident)

    def _allowed(self, client: Client) -> bool:
        """The connection's rate limit: a flood is slowed, then cut off."""
        if client.messages.take():
            return True
        client.floods += 1
        if client.floods > self.settings.max_refusals:
            client.close("too many messages: this connection is closed")
        elif client.floods == 1 or client.floods % 10 == 0:
            client.error("too many messages: wait a moment before sending more")
        return False

    async def _route(self, client: Client, command: Command) -> None:
        route = _ROUTES.get(command.type)
        if route is not None:
            await route(self, client, command)
        elif client.teaching is not None and not client.teaching.closed:
            await client.teaching.submit(Job("command", client, command))
        elif command.type in TEACHERS_COMMANDS:
            raise ProtocolError("only a class's teacher starts, pauses or ends its tables")
        elif client.room is not None and not client.room.closed:
            await client.room.submit(Job("command", client, command))
        else:
            client.room, client.seat, client.teaching = None, None, None
            raise ProtocolError(NOT_SEATED)

    async def _ping(self, client: Client, command: Command) -> None:
        client.send(Pong())
        if command.get("id") is not None:
            client.send(Ack(command.get("id")))

    def _free(self, client: Client) -> None:
        """A connection may take a seat, watch or teach only when it does none of these."""
        room = client.room
        if room is not None and not room.closed:
            if client.seat is not None:
                raise ProtocolError(
                    f"this connection already holds seat {client.seat}: send 'leave' first"
                )
            raise ProtocolError("this connection is watching a room: send 'leave' first")
        if client.teaching is not None and not client.teaching.closed:
            raise ProtocolError("this connection runs a class: end it or open another page")
        client.room, client.seat, client.teaching = None, None, None

    # ------------------------------------------------------------------ rooms
    async def _create(self, client: Client, command: Command) -> None:
        self._free(client)
        name = check_name(command.fields["name"], self.settings.name_length)
        level = check_level(command.get("level", "normal"))
        spec, players, table = command.get("rules"), command.get("players"), command.get("table")
        rules_from_request(spec, players, table)  # refuses bad rules before anything is made
        actor = await self.open_room(
            rules=spec, players=players, table=table, level=level, klass=None
        )
        await actor.submit(Job("join", client, command, data=(name, None)))

    async def open_room(self, **fields: Any) -> RoomActor:
        """A new room (its ``create`` record's ``fields``), held and stored here."""
        if len(self.rooms) >= self.settings.max_rooms:
            raise Refused("this server has as many rooms as it can hold: try again later")
        code = new_room_code()
        key = hash_secret(code)
        klass = fields.pop("klass")
        record = new_record(
            "create",
            self.clock(),
            code=code,
            seed=secrets.randbits(62),
            continue_seconds=self.settings.continue_seconds,
            **fields,
            **({"class": klass} if klass is not None else {}),
        )
        await self.store.create(key, self.me, record)
        return self._hold(key, Room.create(record))

    def _hold(self, key: str, room: Room, records: list[Record] | None = None) -> RoomActor:
        actor = RoomActor(self, key, room)
        if records is not None:
            actor.rebuilt(records)
        self.rooms[key] = actor
        actor.start()
        return actor

    async def _join(self, client: Client, command: Command) -> None:
        self._free(client)
        name = check_name(command.fields["name"], self.settings.name_length)
        actor = await self.find(command.fields["room"])
        await actor.submit(Job("join", client, command, data=(name, command.get("seat"))))

    async def _resume(self, client: Client, command: Command) -> None:
        actor = await self.find(command.fields["room"])
        await actor.submit(Job("resume", client, command))

    async def _watch(self, client: Client, command: Command) -> None:
        self._free(client)
        actor = await self.find(command.fields["room"])
        await actor.submit(Job("watch", client, command))

    async def find(self, code_text: str) -> RoomActor:
        """The room with this code: held here, or taken from its stream when no live
        process holds it; ``Elsewhere`` when one does."""
        code = normalize_code(code_text)
        if code is None:
            raise Refused(NOT_A_CODE)
        actor = await self.find_key(hash_secret(code))
        if actor is None or not same_code(actor.room.code, code):
            raise Refused(f"there is no room {code}: check the code or ask for a new link")
        return actor

    async def find_key(self, key: str) -> RoomActor | None:
        """The room stored under ``key`` (see ``find``)."""
        actor = self.rooms.get(key)
        if actor is not None and not actor.closed:
            return actor
        found = await self._load(key)
        return found if isinstance(found, RoomActor) else None

    async def _load(self, key: str) -> RoomActor | ClassActor | None:
        """Take a room or a class over from its stream, once however many ask at once."""
        pending = self.loading.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        future = self.loading[key] = asyncio.get_running_loop().create_future()
        try:
            found = await self._take_over(key)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: the callers see it raised
            raise
        else:
            future.set_result(found)
            return found
        finally:
            del self.loading[key]

    async def _take_over(self, key: str) -> RoomActor | ClassActor | None:
        records = await self.store.claim(key, self.me)
        if not records:
            return None
        if records[0]["k"] == "open_class":
            return await ClassActor.rebuild(self, key, records)
        room = Room.rebuild(records)
        if room.klass is not None and room.klass.get("key") not in self.classes:
            # a class's tables move with their class: take the class over too
            await self._load(room.klass["key"])
            if key in self.rooms:
                return self.rooms[key]
        actor = self._hold(key, room, records)
        self.spawn(self._absent_later(actor))
        return actor

    async def _absent_later(self, actor: RoomActor) -> None:
        await asyncio.sleep(2 * self.settings.lease_seconds)
        if not actor.closed:
            actor.post(Job("absent"))

    # ------------------------------------------------------------------ classes
    async def _open_class(self, client: Client, command: Command) -> None:
        self._free(client)
        await ClassActor.open(self, client, command)

    async def _enroll(self, client: Client, command: Command) -> None:
        self._free(client)
        klass = await self.find_class(command.fields["class"])
        await klass.submit(Job("enroll", client, command))

    async def _resume_class(self, client: Client, command: Command) -> None:
        self._free(client)
        klass = await self.find_class(command.fields["class"])
        await klass.submit(Job("resume", client, command))

    async def find_class(self, code_text: str) -> ClassActor:
        """The class with this code (see ``find``)."""
        code = normalize_code(code_text)
        if code is None:
            raise Refused("that is not a class code: it has ten letters and digits")
        key = hash_secret(code)
        klass = self.classes.get(key)
        if klass is None or klass.closed:
            found = await self._load(key)
            klass = found if isinstance(found, ClassActor) else None
        if klass is None or not same_code(klass.code, code):
            raise Refused(f"there is no class {code}: check the link with your teacher")
        return klass

    def played(self, actor: RoomActor, rows: list[dict[str, Any]]) -> None:
        """A class's table finished a deal: its class adds the students' rows."""
        klass = actor.room.klass
        holder = self.classes.get(klass["key"]) if klass is not None else None
        if holder is not None and not holder.closed:
            holder.post(Job("played", data=(actor.room.code, rows)))

    def forget(self, actor: RoomActor | ClassActor) -> None:
        """A room or class is closed here (or moved to another process)."""
        if isinstance(actor, RoomActor):
            if self.rooms.get(actor.key) is actor:
                del self.rooms[actor.key]
        elif self.classes.get(actor.key) is actor:
            del self.classes[actor.key]

    # ------------------------------------------------------------------ connections ending
    async def disconnected(self, client: Client) -> None:
        """A connection closed: its seat is held when it was that seat's connection."""
        client.gone = True
        if client.proxy is not None and self.relay is not None:
            self.relay.gone(client)
            return
        if client.teaching is not None and not client.teaching.closed:
            await client.teaching.submit(Job("gone", client))
        room = client.room
        if room is not None and not room.closed:
            await room.submit(Job("gone", client))

    # ------------------------------------------------------------------ idle rooms
    async def sweep_idle(self) -> list[str]:
        """Close every room and class held here that nobody has been connected to for its
        idle time (``idle_lobby_seconds`` in the lobby, else ``idle_room_seconds``);
        returns their codes. A closed room's memory is freed and its records deleted."""
        now = self.clock()
        closed: list[str] = []
        for klass in list(self.classes.values()):
            if klass.idle_for(now) >= self.settings.idle_room_seconds:
                await klass.submit(Job("end", data="nobody has been in the class for long"))
                closed.append(klass.code)
        for actor in list(self.rooms.values()):
            lobby = actor.room.phase == LOBBY
            limit = self.settings.idle_lobby_seconds if lobby else self.settings.idle_room_seconds
            if not actor.closed and actor.idle_for(now) >= limit and actor.room.klass is None:
                await actor.submit(Job("stop", data=None))
                closed.append(actor.room.code)
        return closed

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

    async def renew_forever(self) -> None:
        """Keep this process's leases and move connections whose rooms changed hands
        (several processes only)."""
        while self.relay is not None:
            await asyncio.sleep(self.settings.lease_seconds / 3)
            try:
                await self.renew()
            except Exception:  # the store away for a moment: the next round tries again
                log.exception("renewing leases failed")

    async def renew(self) -> None:
        """One round of ``renew_forever``."""
        keys = [*self.rooms, *self.classes]
        lost = await self.store.renew(keys, self.me)
        for key in lost:
            holder = self.rooms.get(key) or self.classes.get(key)
            if holder is not None:
                holder.lost()
        if self.relay is not None:
            await self.relay.check()

    async def start(self) -> None:
        """Start the thinker processes, and hear other processes (several only)."""
        await self.thinking.start()
        if self.relay is not None:
            await self.relay.start()
            self.spawn(self.renew_forever())

    async def close(self) -> None:
        """Stop every room's task and every timer (at shutdown)."""
        if self.relay is not None:
            await self.relay.stop()
        actors: list[RoomActor | ClassActor] = [*self.rooms.values(), *self.classes.values()]
        for actor in actors:
            if actor.task is not None:
                actor.task.cancel()
        for task in list(self.tasks):
            task.cancel()
        await self.thinking.close()


_ROUTES: dict[str, Route] = {
    "ping": Hub._ping,
    "create": Hub._create,
    "join": Hub._join,
    "resume": Hub._resume,
    "watch": Hub._watch,
    "open_class": Hub._open_class,
    "enroll": Hub._enroll,
    "resume_class": Hub._resume_class,
}
