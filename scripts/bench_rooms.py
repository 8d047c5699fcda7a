"""Load bench for the room server (not part of ``make test``): many rooms at once, four
scripted people each, playing whole deals over loopback WebSockets.

    python scripts/bench_rooms.py [--rooms 200] [--deals 1] [--redis] [--out reports/rooms.md]

Reports the median and 99th-percentile time from an action being sent to the last seat's
update about it (an upper bound on accepted-to-last-update), the server's CPU time per
action and its memory per room, for one process, and with ``--redis`` for two processes
sharing a redis-server (rooms made on both, people spread over them by room).
Bounded: it stops after ``--limit`` seconds whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")


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


def start_server(redis_url: str | None) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'tutorial'}:{ROOT / 'engine'}"}
    cmd = [sys.executable, "-m", "euchre_rooms", "--port", str(port), "--computer-delay", "0",
           "--messages-per-second", "1000"]
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
    def __init__(self, ws: ClientConnection, seat: int, room: Room) -> None:
        self.ws, self.seat, self.room = ws, seat, room

    async def run(self) -> None:
        async for text in self.ws:
            message = json.loads(text)
            if message["type"] == "update":
                self.room.arrived(message["seq"], self.seat)
            elif message["type"] == "ack" and message.get("id") == "a":
                self.room.acked(message["seq"])
            state = message.get("state")
            if state is None or message["type"] not in ("update", "resume"):
                continue
            table = state["table"]
            if table is None:
                continue
            if state["room"]["phase"] == "review":
                if table["deal"] + 1 >= self.room.deals:
                    self.room.done.set()
                    return
                if self.seat in table["review"]["waiting"]:
                    await self.send({"type": "continue", "version": state["version"]})
                continue
            view = table["view"]
            if view["to_act"] == self.seat and view["legal"]:
                await self.send({"type": "act", "action": view["legal"][0],
                                 "version": state["version"]}, timed=True)

    async def send(self, message: dict[str, Any], timed: bool = False) -> None:
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
        if len(seats) == 4:
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


async def open_room(ports: list[int], index: int, deals: int, latencies: list[float]) -> tuple[Room, list[ClientConnection]]:
    port = ports[index % len(ports)]
    url = f"ws://127.0.0.1:{port}/rooms/ws"
    room = Room(deals, latencies)
    host = await connect(url, max_queue=None)
    await host.send(json.dumps({"type": "create", "name": "Host", "level": "easy"}))
    code = None
    while code is None:
        message = json.loads(await host.recv())
        if message["type"] == "welcome":
            code = message["room"]
    sockets = [host]
    for i in range(1, 4):
        ws = await connect(url, max_queue=None)
        await ws.send(json.dumps({"type": "join", "room": code, "name": f"P{i}"}))
        await ws.send(json.dumps({"type": "ready", "ready": True, "id": "r"}))
        while json.loads(await ws.recv()).get("id") != "r":
            pass
        sockets.append(ws)
    return room, sockets


async def run(ports: list[int], pids: list[int], rooms: int, deals: int, limit: float) -> dict[str, Any]:
    latencies: list[float] = []
    base = [proc_stats(pid) for pid in pids]
    opened = await asyncio.gather(*(open_room(ports, i, deals, latencies) for i in range(rooms)))
    after_open = [proc_stats(pid) for pid in pids]
    tasks = []
    for room, sockets in opened:
        people = [Person(ws, seat, room) for seat, ws in enumerate(sockets)]
        tasks += [asyncio.create_task(p.run()) for p in people]
    cpu0 = sum(s[0] for s in (proc_stats(pid) for pid in pids))
    start = time.perf_counter()
    for _room, sockets in opened:
        await sockets[0].send(json.dumps({"type": "start"}))
    try:
        await asyncio.wait_for(asyncio.gather(*(r.done.wait() for r, _ in opened)), limit)
        finished = True
    except TimeoutError:
        finished = False
    elapsed = time.perf_counter() - start
    cpu1 = sum(s[0] for s in (proc_stats(pid) for pid in pids))
    for task in tasks:
        task.cancel()
    for _room, sockets in opened:
        for ws in sockets:
            await ws.close()
    actions = sum(r.actions for r, _ in opened)
    latencies.sort()
    memory = sum(a[1] - b[1] for a, b in zip(after_open, base, strict=True))
    return {
        "finished": finished,
        "rooms": rooms,
        "actions": actions,
        "seconds": elapsed,
        "median_ms": 1000 * statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan"),
        "cpu_ms_per_action": 1000 * (cpu1 - cpu0) / max(1, actions),
        "kb_per_room": memory / rooms / 1024,
    }


def row(name: str, r: dict[str, Any]) -> str:
    return (f"| {name} | {r['rooms']} | {r['actions']} | {r['median_ms']:.1f} | {r['p99_ms']:.1f} | "
            f"{r['cpu_ms_per_action']:.2f} | {r['kb_per_room']:.0f} | "
            f"{'yes' if r['finished'] else 'no (time limit)'} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--limit", type=float, default=120.0)
    parser.add_argument("--redis", action="store_true", help="also two processes over redis")
    parser.add_argument("--out", type=Path, default=ROOT / "reports" / "rooms.md")
    args = parser.parse_args(argv)
    lines = ["## Private rooms under load", "",
             f"{args.rooms} rooms at once, four scripted people each, {args.deals} whole deal(s) "
             "per room, loopback only. Latency: an action sent to the last seat's update.", "",
             "| setup | rooms | actions | median ms | p99 ms | server CPU ms/action | KB/room | finished |",
             "|---|---|---|---|---|---|---|---|"]
    proc, port = start_server(None)
    try:
        result = asyncio.run(run([port], [proc.pid], args.rooms, args.deals, args.limit))
        lines.append(row("one process, memory", result))
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
    if args.redis:
        rport = free_port()
        redis = subprocess.Popen(["/usr/bin/redis-server", "--port", str(rport), "--bind",
                                  "127.0.0.1", "--save", "", "--appendonly", "no"],
                                 stdout=subprocess.DEVNULL)
        servers: list[tuple[subprocess.Popen[bytes], int]] = []
        try:
            time.sleep(0.3)
            url = f"redis://127.0.0.1:{rport}/0"
            servers = [start_server(url), start_server(url)]
            result = asyncio.run(run([p for _, p in servers], [s.pid for s, _ in servers],
                                     args.rooms, args.deals, args.limit))
            lines.append(row("two processes, redis", result))
        finally:
            for server, _ in servers:
                server.send_signal(signal.SIGTERM)
                server.wait(10)
            redis.terminate()
            redis.wait(10)
    text = "\n".join(lines) + "\n"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
