"""A class: a set of rooms (its tables) with a teacher watching them all.

A teacher opens a class with one link and a number of tables (``open_class``). Students
join by name (``enroll``: no account), each seated at the table with the fewest students;
computer players fill the empty seats when the teacher starts the tables. The teacher
watches every table as a spectator does (only what is public), can pause and resume all
of them, and is sent a row per student after each deal (``summary.Tally``). When the
teacher ends the class (or nobody has been in it for the idle time) every table closes and
the server forgets all of it; the teacher's page can download the summary first. Nobody
types anything but names.

Like a room, a class is an actor: one task owns its roster and its rows, and its own stream
of records (``open_class``, ``enroll``, ``pause``, ``unpause``, ``played``) so another
process can take it over with its tables.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from euchre_rooms.actor import RoomActor
from euchre_rooms.codes import hash_secret, new_room_code, new_seat_token, token_matches
from euchre_rooms.connection import Client
from euchre_rooms.mailbox import Actor, Job
from euchre_rooms.messages import Ack, ClassEnded, ClassState, ClassWelcome, Raw, dumps
from euchre_rooms.names import check_name, name_key
from euchre_rooms.protocol import Command, ProtocolError
from euchre_rooms.refusal import Refused
from euchre_rooms.room import Room, new_record
from euchre_rooms.rules_request import check_level, rules_from_request, rules_label
from euchre_rooms.storage import Lost, Record, StorageError

if TYPE_CHECKING:
    from euchre_rooms.hub import Hub

log = logging.getLogger("euchre_rooms.classroom")

MAX_TABLES = 12
TAKEN = (
    "your class was opened from another tab or device, so this one is closed: "
    "reload the page to teach here again"
)
ENDED = "your teacher ended the class"


def check_tables(count: int) -> int:
    """A number of tables a class may have.

    >>> check_tables(3)
    3
    >>> check_tables(0)
    Traceback (most recent call last):
    ...
    euchre_rooms.refusal.Refused: a class has 1 to 12 tables
    """
    if not 1 <= count <= MAX_TABLES:
        raise Refused(f"a class has 1 to {MAX_TABLES} tables")
    return count


class ClassActor(Actor):
    """One class: its tables, its students, its teacher's connection and its rows."""

    def __init__(self, hub: Hub, key: str, opened: Record) -> None:
        super().__init__()
        self.hub, self.key, self.opened = hub, key, opened
        self.code: str = opened["code"]
        self.teacher: str = opened["name"]
        self.tables: list[str] = list(opened["tables"])
        """The room codes of the tables, in order (table 1 first)."""
        self.students: list[dict[str, Any]] = []
        """``{"name", "table"}`` for each student, in the order they joined."""
        self.rows: list[dict[str, Any]] = []
        self.paused = False
        self.seq = 1
        self.teachers: set[Client] = set()
        self.idle_since: float | None = hub.clock()

    # ------------------------------------------------------------------ opening and rebuilding
    @classmethod
    async def open(cls, hub: Hub, client: Client, command: Command) -> ClassActor:
        """Open a class for the teacher on ``client``: its tables, then the class."""
        fields = command.fields
        name = check_name(fields["name"], hub.settings.name_length)
        tables = check_tables(fields["tables"])
        level = check_level(command.get("level", "normal"))
        spec, table = command.get("rules"), command.get("table")
        rules_from_request(spec, None, table)
        if len(hub.rooms) + tables > hub.settings.max_rooms:
            raise Refused("this server has as many rooms as it can hold: try again later")
        code = new_room_code()
        key = hash_secret(code)
        rooms: list[RoomActor] = []
        for number in range(1, tables + 1):
            klass = {"key": key, "code": code, "table": number, "teacher": name}
            rooms.append(
                await hub.open_room(rules=spec, players=None, table=table, level=level, klass=klass)
            )
        token = new_seat_token()
        opened = new_record(
            "open_class",
            hub.clock(),
            code=code,
            name=name,
            token=hash_secret(token),
            tables=[r.room.code for r in rooms],
            rules=spec,
            table=table,
            level=level,
        )
        await hub.store.create(key, hub.me, opened)
        klass_actor = cls(hub, key, opened)
        hub.classes[key] = klass_actor
        klass_actor.start()
        await klass_actor.submit(Job("teach", client, command, data=token))
        return klass_actor

    @classmethod
    async def rebuild(cls, hub: Hub, key: str, records: list[Record]) -> ClassActor:
        """A class taken over from its stream, with every one of its tables."""
        klass = cls(hub, key, records[0])
        for record in records[1:]:
            klass.apply(record)
        hub.classes[key] = klass
        for code in klass.tables:
            table_key = hash_secret(code)
            if table_key not in hub.rooms:
                with_records = await hub.store.claim(table_key, hub.me)
                if with_records:
                    actor = hub._hold(table_key, Room.rebuild(with_records), with_records)
                    hub.spawn(hub._absent_later(actor))
        klass.start()
        return klass

    def apply(self, record: Record) -> None:
        """Carry out one of the class's records."""
        kind = record["k"]
        if kind == "enroll":
            self.students.append({"name": record["name"], "table": record["table"]})
        elif kind in ("pause", "unpause"):
            self.paused = kind == "pause"
        elif kind == "played":
            self.rows.extend(record["rows"])
        self.seq += 1

    async def _commit(self, record: Record) -> None:
        try:
            await self.hub.store.append(self.key, self.hub.me, record)
        except Lost:
            self.lost()
            raise Refused(
                "this class has moved to another server process: reload the page"
            ) from None
        self.apply(record)
        self._send_state()

    # ------------------------------------------------------------------ the task
    def gone_words(self) -> str:
        return f"there is no class {self.code} any more"

    async def _do(self, job: Job) -> None:
        try:
            await _HANDLERS[job.kind](self, job)
        except (Refused, ProtocolError) as exc:
            if job.client is not None:
                job.client.error(str(exc), job.ident)
        except StorageError:
            if job.client is not None:
                job.client.error("the server could not store that just now: try again", job.ident)

    # ------------------------------------------------------------------ what the teacher sees
    def state(self) -> dict[str, Any]:
        """The class as its teacher's page draws it."""
        return {
            "code": self.code,
            "teacher": self.teacher,
            "tables": [{"table": i + 1, "room": code} for i, code in enumerate(self.tables)],
            "students": list(self.students),
            "paused": self.paused,
            "rules_name": rules_label(self.opened.get("rules")),
            "level": self.opened.get("level", "normal"),
            "rows": self.rows,
        }

    def _send_state(self) -> None:
        if self.teachers:
            message = ClassState(self.seq, Raw(dumps(self.state())))
            for teacher in self.teachers:
                teacher.send(message)

    def _rooms(self) -> list[RoomActor]:
        found = [self.hub.rooms.get(hash_secret(code)) for code in self.tables]
        return [actor for actor in found if actor is not None and not actor.closed]

    # ------------------------------------------------------------------ jobs
    async def _teach(self, job: Job) -> None:
        """The teacher's connection is bound to the class, told its token, and watches
        every table."""
        client = job.client
        assert client is not None
        for old in list(self.teachers):
            if old is not client:
                self._let_go(old)
                old.replace(TAKEN)
        self.teachers.add(client)
        client.teaching = self
        self.idle_since = None
        client.send(ClassWelcome(self.code, job.data))
        self._send_state()
        for room in self._rooms():
            await room.submit(Job("watch", client, data=True))
        if job.ident is not None:
            client.send(Ack(job.ident, self.seq))

    async def _resume(self, job: Job) -> None:
        assert job.client is not None and job.command is not None
        token = job.command.fields["token"]
        if not token_matches(token, self.opened["token"]):
            raise Refused("that token does not open this class: open a new class")
        job.data = token
        await self._teach(job)

    async def _enroll(self, job: Job) -> None:
        """A student joins by name: seated at the table with the fewest students that has
        a seat for them."""
        client, command = job.client, job.command
        assert client is not None and command is not None
        name = check_name(command.fields["name"], self.hub.settings.name_length)
        if name_key(name) in {name_key(s["name"]) for s in self.students}:
            raise Refused(f'someone in this class is already called "{name}": choose another name')
        for table, room in self._by_fewest():
            await room.submit(Job("join", client, command, data=(name, None)))
            if client.room is room:
                await self._commit(new_record("enroll", self.hub.clock(), name=name, table=table))
                return
            if client.gone or client.close_reason is not None:
                return
        raise Refused("every table of this class is full: ask your teacher for another class")

    def _by_fewest(self) -> list[tuple[int, RoomActor]]:
        counts = {i + 1: 0 for i in range(len(self.tables))}
        for student in self.students:
            counts[student["table"]] = counts.get(student["table"], 0) + 1
        actors = {hash_secret(code): i + 1 for i, code in enumerate(self.tables)}
        found = [(actors[r.key], r) for r in self._rooms() if r.key in actors]
        return sorted(found, key=lambda pair: (counts.get(pair[0], 0), pair[0]))

    async def _command(self, job: Job) -> None:
        """The teacher's commands: start the tables, pause or resume them, end the class."""
        client, command = job.client, job.command
        assert client is not None and command is not None
        if client not in self.teachers:
            raise ProtocolError("only the class's teacher runs the class")
        kind = command.type
        if kind == "start_tables":
            await self._each_table("start")
        elif kind == "pause":
            paused = bool(command.fields["paused"])
            if paused != self.paused:
                await self._commit(new_record("pause" if paused else "unpause", self.hub.clock()))
            await self._each_table("pause" if paused else "unpause")
        elif kind == "end_class":
            await self._end(Job("end", data=ENDED))
        else:
            raise ProtocolError("a teacher's page sends 'start_tables', 'pause' or 'end_class'")
        if job.ident is not None:
            client.send(Ack(job.ident, self.seq))

    async def _each_table(self, kind: str) -> None:
        for room in self._rooms():
            await room.submit(Job("class", data=kind))

    async def _played(self, job: Job) -> None:
        """A table finished a deal: its students' rows, numbered by table."""
        code, rows = job.data
        if code not in self.tables:
            return
        table = self.tables.index(code) + 1
        numbered = [{"table": table, **row} for row in rows]
        await self._commit(new_record("played", self.hub.clock(), rows=numbered))

    async def _gone(self, job: Job) -> None:
        client = job.client
        assert client is not None
        if client in self.teachers:
            self._let_go(client)

    def _let_go(self, client: Client) -> None:
        self.teachers.discard(client)
        client.teaching = None
        for room in self._rooms():
            room.post(Job("gone", client))
        if not self.teachers:
            self.idle_since = self.hub.clock()

    async def _end(self, job: Job) -> None:
        """Close every table and forget the class: nothing is kept."""
        reason = job.data or ENDED
        for room in self._rooms():
            await room.submit(Job("stop", data=reason))
        told = "you ended the class" if reason == ENDED else reason
        for teacher in list(self.teachers):
            teacher.send(ClassEnded(self.code, told))
            self._let_go(teacher)
        self.closed = True
        self.hub.forget(self)
        await self.hub.store.drop(self.key)
        self.mailbox.put(Job("wake"))

    def lost(self) -> None:
        """Another process took the class over."""
        if not self.closed:
            self.closed = True
            for teacher in list(self.teachers):
                self._let_go(teacher)
                teacher.close("this class has moved to another server process: reload the page")
            self.hub.forget(self)

    def idle_for(self, now: float) -> float:
        """How long the class has had no teacher and no student connected (0 while it has)."""
        if self.teachers or self.idle_since is None:
            return 0.0
        if any(room.seats for room in self._rooms()):
            return 0.0
        return now - self.idle_since


async def _nothing(klass: ClassActor, job: Job) -> None:
    return None


_HANDLERS = {
    "teach": ClassActor._teach,
    "resume": ClassActor._resume,
    "enroll": ClassActor._enroll,
    "command": ClassActor._command,
    "played": ClassActor._played,
    "gone": ClassActor._gone,
    "end": ClassActor._end,
    "wake": _nothing,
}

__all__ = ["MAX_TABLES", "ClassActor", "check_tables"]
