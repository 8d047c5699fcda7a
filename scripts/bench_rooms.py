"""Load bench for the room server (not part of ``make test``): many rooms at once, four
scripted people each, playing whole deals over loopback WebSockets.

    python scripts/bench_rooms.py [--rooms 200] [--deals 1] [--think 0.5 2.5] [--redis]
                                  [--out reports/rooms.md]

The scripted people are paced like people: each waits a random think time (uniform in
``--think``, seconds; the same seed every run) before each move and each Continue. The
server is not paced: every action is sent the moment its think time is over, and the
latency is measured from sending it to the last of the room's four seats receiving its
update (an upper bound on accepted-to-last-update: it includes the client's own send and
receive). ``--think 0 0`` sends every move at once, which measures the server's capacity
(every room's actions queue behind each other) rather than what a person waits.

Reports, for one process and with ``--redis`` for two processes sharing a redis-server
(each room's seats split between the two processes, so half of every room's messages are
forwarded through Redis): the median and 99th-percentile latency, the server's CPU time
per action, memory per room (the servers' RSS growth per room with its four connections,
in the lobby and at the end of the deal), and the room objects alone (tracemalloc, in
this process). Bounded: it stops after ``--limit`` seconds whatever happens.

What the profile showed (cProfile under this bench): no lock and no computer player (these
rooms have none) holds the loop; the time per action is the engine's four seat views
(~0.1 ms each), their JSON, and above all the WebSocket stack: permessage-deflate (zlib
per message and ~40 KB of zlib state per connection: now off, ``--ws-deflate`` turns it
on), one socket write per message, uvicorn's and Starlette's per-connection objects. The
old bench's 1-2.5 s p99 was queueing: every scripted client answered instantly, so all
rooms' actions waited behind each other on one core, with the clients competing for the
same two cores (``--think 0 0`` still shows that capacity). Latency beyond a few ms at
human pacing comes from the machine, not the server: compare the server's CPU share with
the CPU pressure column.

Where the memory goes (tracemalloc and pymalloc's statistics in the server under this
bench): not the rooms (about 7 KB each) but their four connections, and the heap's
fragmentation during the deal. uvicorn's websockets-sansio protocol kept about 22 KB per
connection (an asyncio.Queue and Event, the handshake's request and response with their
headers, ...); the server's lean protocol (euchre_rooms/lean_ws.py, the default ``--ws
lean``) and a send without a task per message took the bench from 97 / 142 KB per room
(lobby / end of deal) to about 52 / 90. ``--server-arg=--ws=websockets-sansio`` measures
uvicorn's own protocol again.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time
import tracemalloc
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")
PEOPLE = 4


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def proc_stats(pid: int) -> tuple[float, int]:
    """CPU seconds and resident bytes of a process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICKS
    rss = int(fields[21]) * PAGE
    return cpu, rss


def start_server(redis_url: str | None, extra: list[str]) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    path = [str(ROOT / "tutorial"), str(ROOT / "engine"), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in path if p)}
    cmd = [
        sys.executable,
        "-m",
        "euchre_rooms",
        "--port",
        str(port),
        "--computer-delay",
        "0",
        "--messages-per-second",
        "1000",
        *extra,
    ]
    if redis_url:
        cmd += ["--redis", redis_url]
    proc = subprocess.Popen(cmd, env=env)
    for _ in range(200):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/rooms/health", timeout=1):
                return proc, port
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the room server did not start")


class Person:
    """One scripted person: reads every message, and after a think time makes a random
    legal move when it is their turn (or presses Continue in the review)."""

    def __init__(
        self,
        ws: ClientConnection,
        seat: int,
        room: Room,
        rng: random.Random,
        think: tuple[float, float],
    ) -> None:
        self.ws, self.seat, self.room, self.rng, self.think = ws, seat, room, rng, think
        self.acted_on = -1
        self.thinking: asyncio.Task[None] | None = None

    async def run(self) -> None:
        async for text in self.ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "update":
                self.room.arrived(message["seq"], self.seat)
            elif kind == "ack" and message.get("id") == "a":
                self.room.acked(message["seq"])
            state = message.get("state")
            if state is None or kind not in ("update", "resume") or state["table"] is None:
                continue
            table = state["table"]
            version = state["version"]
            if version <= self.acted_on:
                continue
            if state["room"]["phase"] == "review":
                if table["deal"] + 1 >= self.room.deals:
                    self.room.done.set()
                    return
                if self.seat in table["review"]["waiting"]:
                    self.later({"type": "continue", "version": version}, version, False)
                continue
            view = table["view"]
            if view["to_act"] == self.seat and view["legal"]:
                action = self.rng.choice(view["legal"])
                self.later({"type": "act", "action": action, "version": version}, version, True)

    def later(self, message: dict[str, Any], version: int, timed: bool) -> None:
        self.acted_on = version
        delay = self.rng.uniform(*self.think)
        self.thinking = asyncio.create_task(self.send(message, delay, timed))

    async def send(self, message: dict[str, Any], delay: float, timed: bool) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        if timed:
            self.room.sent = time.perf_counter()
            message = {**message, "id": "a"}
        await self.ws.send(json.dumps(message))


class Room:
    def __init__(self, deals: int, latencies: list[float]) -> None:
        self.deals = deals
        self.latencies = latencies
        self.sent: float | None = None
        self.seen: dict[int, set[int]] = {}
        self.done = asyncio.Event()
        self.actions = 0
        self.sent_for: dict[int, float] = {}
        self.last_seen: dict[int, float] = {}

    def arrived(self, seq: int, seat: int) -> None:
        seats = self.seen.setdefault(seq, set())
        seats.add(seat)
        if len(seats) == PEOPLE:
            del self.seen[seq]
            self.last_seen[seq] = time.perf_counter()
            self._match(seq)

    def acked(self, seq: int) -> None:
        if self.sent is not None:
            self.sent_for[seq] = self.sent
            self.sent = None
            self._match(seq)

    def _match(self, seq: int) -> None:
        if seq in self.sent_for and seq in self.last_seen:
            self.latencies.append(self.last_seen.pop(seq) - self.sent_for.pop(seq))
            self.actions += 1


async def open_room(
    ports: list[int], index: int, deals: int, latencies: list[float]
) -> tuple[Room, list[ClientConnection]]:
    """A room made on one process, its seats spread over every process (seat i on the
    process after the host's by i)."""
    urls = [f"ws://127.0.0.1:{port}/rooms/ws" for port in ports]
    room = Room(deals, latencies)
    host = await connect(urls[index % len(urls)], max_queue=None, compression=None)
    await host.send(json.dumps({"type": "create", "name": "Host", "level": "easy"}))
    code = None
    while code is None:
        message = json.loads(await host.recv())
        if message["type"] == "welcome":
            code = message["room"]
    sockets = [host]
    for i in range(1, PEOPLE):
        ws = await connect(urls[(index + i) % len(urls)], max_queue=None, compression=None)
        await ws.send(json.dumps({"type": "join", "room": code, "name": f"P{i}"}))
        await ws.send(json.dumps({"type": "ready", "ready": True, "id": "r"}))
        while json.loads(await ws.recv()).get("id") != "r":
            pass
        sockets.append(ws)
    return room, sockets


async def play_rooms(
    ports: list[int],
    pids: list[int],
    rooms: int,
    deals: int,
    limit: float,
    think: tuple[float, float],
) -> dict[str, Any]:
    latencies: list[float] = []
    base = [proc_stats(pid) for pid in pids]
    opened = []
    for first in range(0, rooms, 50):  # open in batches: the bench is not a connection storm
        opened += await asyncio.gather(
            *(open_room(ports, i, deals, latencies) for i in range(first, min(rooms, first + 50)))
        )
    await asyncio.sleep(0.5)
    after_open = [proc_stats(pid) for pid in pids]
    tasks = []
    rng = random.Random(16)
    for room, sockets in opened:
        people = [
            Person(ws, seat, room, random.Random(rng.random()), think)
            for seat, ws in enumerate(sockets)
        ]
        tasks += [asyncio.create_task(p.run()) for p in people]
    cpu0 = sum(proc_stats(pid)[0] for pid in pids)
    me0 = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    for _room, sockets in opened:
        await sockets[0].send(json.dumps({"type": "start"}))
    try:
        await asyncio.wait_for(asyncio.gather(*(r.done.wait() for r, _ in opened)), limit)
        finished = True
    except TimeoutError:
        finished = False
    elapsed = time.perf_counter() - start
    cpu1 = sum(proc_stats(pid)[0] for pid in pids)
    me1 = resource.getrusage(resource.RUSAGE_SELF)
    at_end = [proc_stats(pid) for pid in pids]
    for task in tasks:
        task.cancel()
    for _room, sockets in opened:
        for ws in sockets:
            await ws.close()
    actions = sum(r.actions for r, _ in opened)
    latencies.sort()
    lobby = sum(a[1] - b[1] for a, b in zip(after_open, base, strict=True))
    played = sum(a[1] - b[1] for a, b in zip(at_end, base, strict=True))
    bench_cpu = (me1.ru_utime + me1.ru_stime) - (me0.ru_utime + me0.ru_stime)
    return {
        "finished": finished,
        "rooms": rooms,
        "actions": actions,
        "seconds": elapsed,
        "rate": actions / elapsed,
        "median_ms": 1000 * statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan"),
        "max_ms": 1000 * latencies[-1] if latencies else float("nan"),
        "cpu_ms_per_action": 1000 * (cpu1 - cpu0) / max(1, actions),
        "server_cpu_share": (cpu1 - cpu0) / elapsed,
        "bench_cpu_share": bench_cpu / elapsed,
        "kb_per_room_lobby": lobby / rooms / 1024,
        "kb_per_room_played": played / rooms / 1024,
        "load": os.getloadavg()[0],
        "pressure": cpu_pressure(),
    }


def cpu_pressure() -> float:
    """The share of the last 10 s some task on this machine waited for a CPU (Linux PSI),
    in percent; NaN where the kernel does not say."""
    try:
        first = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except (OSError, IndexError):
        return float("nan")
    fields = dict(part.split("=", 1) for part in first.split()[1:])
    return float(fields.get("avg10", "nan"))


def room_objects_kb(rooms: int) -> float:
    """The room objects alone (seats, records' effects, the game in the middle of its first
    deal): tracemalloc's count per room, with no connection."""
    sys.path[:0] = [str(ROOT / "tutorial"), str(ROOT / "engine")]
    from euchre_rooms.room import Room as ServerRoom
    from euchre_rooms.room import new_record

    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    held = []
    for i in range(rooms):
        room = ServerRoom.create(
            new_record(
                "create", 0.0, code="ABCDE-FGHJK", rules=None, players=None, level="easy", seed=i
            )
        )
        for seat in range(PEOPLE):
            room.apply(room.decide_join(f"P{seat}", None, f"hash{seat}" * 8, 1.0))
        room.apply(new_record("start", 2.0))
        for _ in range(10):  # into the middle of the deal (or a deal thrown in)
            state = room.state()
            if room.phase != "playing" or state is None or state.to_act is None:
                break
            action = str(state.legal_actions()[-1])
            fields = {"action": action, "version": room.version}
            room.apply(room.decide(state.to_act, "act", fields, 3.0))
        held.append(room)
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    return size / rooms / 1024


HEADER = (
    "| setup | rooms | actions | actions/s | median ms | p99 ms | max ms | "
    "server CPU ms/action | server CPU % | bench CPU % | KB/room (lobby) | "
    "KB/room (end of deal) | load average | CPU pressure % | finished |"
)


def row(name: str, r: dict[str, Any]) -> str:
    return (
        f"| {name} | {r['rooms']} | {r['actions']} | {r['rate']:.0f} | {r['median_ms']:.1f} | "
        f"{r['p99_ms']:.1f} | {r['max_ms']:.1f} | {r['cpu_ms_per_action']:.2f} | "
        f"{100 * r['server_cpu_share']:.0f} | {100 * r['bench_cpu_share']:.0f} | "
        f"{r['kb_per_room_lobby']:.0f} | {r['kb_per_room_played']:.0f} | {r['load']:.1f} | {r['pressure']:.0f} | "
        f"{'yes' if r['finished'] else 'no (time limit)'} |"
    )


def run() -> str:
    """The rooms section of ``make bench`` (scripts/bench.py): 200 rooms in one process,
    with and without think time, and over Redis in two processes."""
    return report(["--capacity", "--redis"])


def main(argv: list[str] | None = None) -> int:
    report(argv)
    return 0


def report(argv: list[str] | None = None) -> str:
    """Run the setups ``argv`` asks for, write the report to ``--out`` and return it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(0.5, 2.5),
        metavar=("MIN", "MAX"),
        help="a person's think time, seconds",
    )
    parser.add_argument(
        "--capacity",
        action="store_true",
        help="also one process with no think time (the server's capacity)",
    )
    parser.add_argument("--limit", type=float, default=300.0)
    parser.add_argument("--redis", action="store_true", help="also two processes over redis")
    parser.add_argument(
        "--server-arg",
        action="append",
        default=[],
        help="an extra argument for the servers (e.g. --server-arg=--ws-deflate)",
    )
    parser.add_argument("--out", type=Path, default=ROOT / "reports" / "rooms.md")
    args = parser.parse_args(argv)
    think = (float(args.think[0]), float(args.think[1]))
    lines = [
        "## Private rooms under load",
        "",
        f"{args.rooms} rooms at once, four scripted people each, {args.deals} whole "
        f"deal(s) per room, loopback only, on {os.cpu_count()} cores (shared with the "
        f"bench's own clients). Each person thinks {think[0]:g} to {think[1]:g} s "
        "(uniform) before each move. Latency: an action sent to the last seat's update. "
        "CPU % is of one core; the load average (1 min) and the CPU pressure (the share "
        "of the last 10 s some task waited for a core), both at the end of each run, "
        "show how busy the shared machine was. KB/room: the server processes' RSS growth "
        "(with two processes, both summed) per room with its four connections, after the "
        "rooms are opened (lobby) and when every room has played its deals (end). "
        f"Server options: {' '.join(args.server_arg) or 'the defaults (--ws lean)'}.",
        "",
        HEADER,
        "|" + "---|" * (HEADER.count("|") - 1),
    ]
    setups: list[tuple[str, tuple[float, float]]] = [("one process", think)]
    if args.capacity:
        setups.append(("one process, no think time", (0.0, 0.0)))
    for name, pacing in setups:
        proc, port = start_server(None, args.server_arg)
        try:
            result = asyncio.run(
                play_rooms([port], [proc.pid], args.rooms, args.deals, args.limit, pacing)
            )
            lines.append(row(name, result))
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)
    if args.redis:
        rport = free_port()
        redis = subprocess.Popen(
            [
                "/usr/bin/redis-server",
                "--port",
                str(rport),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        servers: list[tuple[subprocess.Popen[bytes], int]] = []
        try:
            time.sleep(0.3)
            url = f"redis://127.0.0.1:{rport}/0"
            servers = [start_server(url, args.server_arg), start_server(url, args.server_arg)]
            result = asyncio.run(
                play_rooms(
                    [p for _, p in servers],
                    [s.pid for s, _ in servers],
                    args.rooms,
                    args.deals,
                    args.limit,
                    think,
                )
            )
            lines.append(row("two processes, redis (seats split)", result))
        finally:
            for server, _ in servers:
                server.send_signal(signal.SIGTERM)
                server.wait(10)
            redis.terminate()
            redis.wait(10)
    lines += [
        "",
        f"Room objects alone (tracemalloc, mid-deal, no connections): "
        f"{room_objects_kb(args.rooms):.1f} KB per room.",
    ]
    text = "\n".join(lines) + "\n"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    print(text)
    return text


if __name__ == "__main__":
    raise SystemExit(main())
