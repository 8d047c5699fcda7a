"""A class: a teacher opens it with a number of tables, students join by name and are
seated, computer players fill the empty seats, the teacher watches every table (only what
is public), pauses and resumes them all, is sent each student's row after each deal, and
ends the class, after which the server keeps nothing of it."""

from __future__ import annotations

import collections
import dataclasses
import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tests.rooms.helpers import (
    FAST,
    TIMEOUT,
    Person,
    by_seat,
    connect,
    live_room,
    server,
    waits_for_person,
)
from tests.rooms.tables import BID_EUCHRE, TABLES
from tests.rooms.test_secrets import cards_named, parts, spellings
from tests.rooms.test_spectators import public_cards

STUDENTS = ["Ava", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"]


class Teacher(Person):
    """The teacher's page: the class's state and every table's public state."""

    def __init__(self, client: TestClient, session: Any, name: str) -> None:
        super().__init__(client, session, name)
        self.klass: dict[str, Any] | None = None
        self.tables: dict[str, dict[str, Any]] = {}
        self.class_token = ""

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        message = super().recv(timeout)
        if message["type"] == "class":
            self.klass = message["state"]
        elif message["type"] == "class_welcome":
            self.code, self.class_token = message["code"], message["token"]
        if message.get("state") and "room" in message["state"]:
            self.tables[message["state"]["room"]["code"]] = message["state"]
        return message

    def open(self, tables: int, **fields: Any) -> None:
        self.send({"type": "open_class", "name": self.name, "tables": tables, **fields})
        self.expect("class_welcome")
        while len(self.tables) < tables:
            self.recv()

    def rows(self) -> list[dict[str, Any]]:
        return list((self.klass or {}).get("rows", []))


def teacher_tab(client: TestClient, name: str = "Ms Rivera") -> Teacher:
    session = client.websocket_connect("/rooms/ws")
    session.__enter__()
    return Teacher(client, session, name)


@contextmanager
def a_class(
    client: TestClient, names: list[str], tables: int, **fields: Any
) -> Iterator[tuple[Teacher, list[Person]]]:
    """A teacher and students who joined by name."""
    teacher = teacher_tab(client)
    students: list[Person] = []
    try:
        teacher.open(tables, **fields)
        for name in names:
            student = connect(client, name)
            students.append(student)
            student.send({"type": "enroll", "class": teacher.code, "name": name})
            student.expect("welcome")
            student.expect("update")
        yield teacher, students
    finally:
        for person in [*students, teacher]:
            person.hang_up()


def recv_all(person: Person, wait: float = 0.02) -> None:
    """Read everything the connection has been sent so far."""
    try:
        while True:
            person.recv(wait)
    except TimeoutError:
        pass


def at_tables(students: list[Person]) -> dict[str, list[Person]]:
    tables: dict[str, list[Person]] = collections.defaultdict(list)
    for student in students:
        tables[student.code or ""].append(student)
    return tables


def step(table: list[Person], rng: random.Random, tried: set[str]) -> bool:
    """Whoever the table waits for acts; in the play, holding a card the rules refuse, a
    student first tries one: every student the first time (``tried`` keeps their names),
    then one time in five. False when the table waits for nobody (computers to move, or
    the lobby)."""
    for person in table:
        recv_all(person, 0.002)
    top = max(p.seq for p in table)
    for person in table:  # everyone sees the table as it is
        while person.seq < top:
            person.recv()
    state = table[0].state
    assert state is not None
    if state["room"]["phase"] == "lobby" or not waits_for_person(state):
        return False
    seats = by_seat(table)
    if state["room"]["phase"] == "review":
        for seat in state["table"]["review"]["waiting"]:
            seats[seat].do({"type": "continue", "version": seats[seat].version})
        return True
    person = seats[state["table"]["view"]["to_act"]]
    view = person.view
    if view["phase"] == "play":
        off = [f"play {c}" for c in view["hand"] if f"play {c}" not in view["legal"]]
        if off and (person.name not in tried or rng.random() < 0.2):
            tried.add(person.name)
            assert (
                person.do({"type": "act", "action": off[0], "version": person.version})["type"]
                == "refused"
            )
    person.do({"type": "act", "action": rng.choice(view["legal"]), "version": person.version})
    return True


def play_until(
    tables: dict[str, list[Person]], done: Any, rng: random.Random, seconds: float = 60
) -> None:
    deadline = time.monotonic() + seconds
    tried: set[str] = set()
    while not done():
        assert time.monotonic() < deadline, "the class never got there"
        moved = [step(t, rng, tried) for t in tables.values()]
        if not any(moved):
            time.sleep(0.01)


def test_a_teacher_and_eight_students_at_three_tables_play_to_a_summary() -> None:
    with (
        server() as (client, hub),
        a_class(client, STUDENTS, 3, level="easy", rules={"game_to": 3}) as (teacher, students),
    ):
        klass = teacher.klass
        assert klass is not None and len(klass["tables"]) == 3
        tables = at_tables(students)
        # seated at the table with the fewest students: 3, 3 and 2
        assert sorted(len(t) for t in tables.values()) == [2, 3, 3]
        assert {t["room"] for t in klass["tables"]} == set(tables)
        for student in students:  # a class's table has no host; its teacher starts it
            answer = student.do({"type": "start"})
            assert answer["type"] == "error" and "your teacher starts" in answer["error"]
        teacher.send({"type": "start_tables", "id": "go"})
        teacher.until(lambda m: m.get("id") == "go")
        for code, people in tables.items():
            person = people[0]
            person.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "start")
            seats = person.state["room"]["seats"]  # type: ignore[index]
            assert sum(s["kind"] == "computer" for s in seats) == 4 - len(people)
            assert person.state["room"]["class"] == {  # type: ignore[index]
                "code": teacher.code,
                "table": next(t["table"] for t in klass["tables"] if t["room"] == code),
                "teacher": "Ms Rivera",
            }
        rng = random.Random(4)

        def every_student_has_a_row() -> bool:
            recv_all(teacher)
            return {r["name"] for r in teacher.rows()} == set(STUDENTS)

        play_until(tables, every_student_has_a_row, rng)
        rows = teacher.rows()
        for row in rows:
            assert set(row) >= {"name", "table", "match", "deal", "tricks", "maker", "made"}
            assert set(row) >= {"refused", "flagged"}
            assert 0 <= row["tricks"] <= 5 and row["table"] in (1, 2, 3)
            assert row["made"] is None or row["maker"]
        # the moves the rules refused are counted, with what they show to work on
        assert sum(r["refused"] for r in rows) >= 1
        assert all(len(r["flagged"]) >= r["refused"] for r in rows)
        # each row's tricks are the tricks the table's deal gave that seat
        for row in rows:
            code = klass["tables"][row["table"] - 1]["room"]
            game = live_room(hub, code).room
            deals = (game.game or game.finished).history  # type: ignore[union-attr]
            final = deals[row["deal"]]
            assert row["tricks"] == sum(t.winner == row["seat"] for t in final.tricks)


def test_a_student_reconnects_to_the_same_seat() -> None:
    with (
        server() as (client, _hub),
        a_class(client, STUDENTS[:3], 2, level="easy") as (teacher, students),
    ):
        teacher.do({"type": "start_tables"})
        ava = students[0]
        seat, code, token = ava.seat, ava.code, ava.token
        ava.hang_up()
        again = connect(client, "Ava")
        try:
            again.send({"type": "resume", "room": code, "token": token})
            assert again.expect("welcome")["seat"] == seat
            resumed = again.expect("resume")
            assert resumed["state"]["room"]["class"]["code"] == teacher.code
            recv_all(teacher)
            names = [s["name"] for s in (teacher.klass or {})["students"]]
            assert names == ["Ava", "Ben", "Cleo"]  # the roster is the same: no new student
        finally:
            again.hang_up()


def test_pause_stops_every_table_and_resume_goes_on() -> None:
    with (
        server() as (client, _hub),
        a_class(client, STUDENTS[:2], 2, level="easy") as (teacher, students),
    ):
        teacher.do({"type": "pause", "paused": True})
        teacher.do({"type": "start_tables"})
        for student in students:
            student.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "start")
            recv_all(student)
            assert student.state["room"]["paused"] is True  # type: ignore[index]
        # nobody moves: not the students (refused, in words), not the computer players
        before = [s.seq for s in students]
        time.sleep(0.3)
        for student in students:
            recv_all(student)
            view = student.view
            if view["to_act"] == student.seat:
                answer = student.do(
                    {"type": "act", "action": view["legal"][0], "version": student.version}
                )
                assert answer["type"] == "refused" and "paused the class" in answer["reason"]
        assert [s.seq for s in students] == before
        teacher.do({"type": "pause", "paused": False})
        assert (teacher.klass or {})["paused"] is False
        rng = random.Random(2)
        tables = at_tables(students)
        play_until(
            tables, lambda: all(s.seq > b + 3 for s, b in zip(students, before, strict=True)), rng
        )


def test_ending_the_class_closes_every_table_and_keeps_nothing() -> None:
    with (
        server() as (client, hub),
        a_class(client, STUDENTS[:3], 2, level="easy") as (teacher, students),
    ):
        teacher.do({"type": "start_tables"})
        teacher.send({"type": "end_class", "id": "end"})
        ended = teacher.until(lambda m: m["type"] == "class_ended")
        assert ended == {
            "type": "class_ended",
            "code": teacher.code,
            "reason": "you ended the class",
        }
        for student in students:
            left = student.until(lambda m: m["type"] == "left")
            assert left["reason"] == "your teacher ended the class"
        assert hub.rooms == {} and hub.classes == {}
        assert hub.store.owners == {}  # type: ignore[attr-defined]
        late = connect(client, "Ivy")
        try:
            late.send({"type": "enroll", "class": teacher.code, "name": "Ivy"})
            assert "there is no class" in late.expect("error")["error"]
        finally:
            late.hang_up()


def test_names_in_a_class_are_told_apart_and_only_its_teacher_runs_it() -> None:
    with (
        server() as (client, _hub),
        a_class(client, ["Ava"], 2) as (teacher, [ava]),
    ):
        eve = connect(client, "Eve")
        try:
            for name in ("AVA", "Ava\u200b", "\u0410va"):
                eve.send({"type": "enroll", "class": teacher.code, "name": name})
                assert "already called" in eve.expect("error")["error"]
            ava.send({"type": "start_tables"})
            assert "only a class's teacher" in ava.expect("error")["error"]
        finally:
            eve.hang_up()
        second = teacher_tab(client)
        try:
            second.send(
                {"type": "resume_class", "class": teacher.code, "token": teacher.class_token}
            )
            second.expect("class_welcome")
            replaced = teacher.until(lambda m: m["type"] in ("replaced", "closed"))
            assert replaced["type"] == "replaced"
            assert second.do({"type": "start_tables"})["type"] == "ack"
            wrong = teacher_tab(client)
            wrong.send({"type": "resume_class", "class": teacher.code, "token": "guess"})
            assert "does not open this class" in wrong.expect("error")["error"]
            wrong.hang_up()
        finally:
            second.hang_up()


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from([t for t in TABLES if t[1] >= 3]),
    seed=st.integers(0, 2**32),
)
@example(table=BID_EUCHRE, seed=7)
def test_the_teacher_never_receives_a_card_that_is_not_public(
    table: tuple[str, int, dict[str, Any]], seed: int
) -> None:
    """Whole matches at two tables: nothing the teacher's page is sent names a card that
    is not public at that moment of its deal."""
    _profile, players, rules = table
    quick = dataclasses.replace(FAST, continue_seconds=600.0)
    with (
        server(quick) as (client, hub),
        a_class(client, ["Ava", "Ben", "Cy"], 2, level="easy", rules={**rules, "game_to": 2}) as (
            teacher,
            students,
        ),
    ):
        teacher.do({"type": "start_tables"})
        tables = at_tables(students)
        rng = random.Random(seed)

        def over() -> bool:
            return all(live_room(hub, code).room.finished is not None for code in tables)

        play_until(tables, over, rng, seconds=120)
        recv_all(teacher)
        secrets: dict[str, tuple[set[str], list[set[str]]]] = {}
        for code in tables:
            game = live_room(hub, code).room.finished
            assert game is not None
            deals = list(game.history)
            everything = {n for d in deals for c in d.deal.all_cards() for n in spellings(c)}
            secrets[code] = (everything, [everything - public_cards(d) for d in deals])
        checked: collections.Counter[str] = collections.Counter()
        for text in teacher.texts:
            message = json.loads(text)
            state = message.get("state")
            code = state["room"]["code"] if state and "room" in state else None
            if code not in secrets:
                continue
            checked[code] += 1
            everything, secret = secrets[code]
            assert state["you"] is None
            for deal, piece in parts(message):
                leaked = cards_named(piece) & (secret[deal] if deal is not None else everything)
                assert not leaked, (players, deal, leaked)
        assert set(checked) == set(tables) and min(checked.values()) > 5  # every table watched
