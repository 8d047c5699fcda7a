"""The rooms bench's floor server (``scripts/bench_rooms_floor.py``): run as the bench runs
it, on 127.0.0.1, each message answered with its pre-built update to every seat of the
sender's room (and the sender's ack), no one else's, and the server stopping by itself."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
FLOOR = ROOT / "scripts" / "bench_rooms_floor.py"
sys.path.insert(0, str(ROOT / "scripts"))

import bench_rooms_floor  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get_json(port: int, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


def started(port: int, seconds: float) -> subprocess.Popen[bytes]:
    """The floor on ``port``, stopping by itself after ``seconds``, once it answers."""
    proc = subprocess.Popen(
        [
            sys.executable,
            str(FLOOR),
            "--port",
            str(port),
            "--seconds",
            str(seconds),
            "--update-bytes",
            "700",
        ]
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            get_json(port, "/rooms/health")
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError("the floor server did not start")


async def nothing_more(ws: ClientConnection) -> bool:
    try:
        await asyncio.wait_for(ws.recv(), 0.3)
    except TimeoutError:
        return True
    return False


async def one_move(port: int) -> None:
    url = f"ws://127.0.0.1:{port}/rooms/ws"
    table = [await connect(f"{url}?room=7") for _ in range(3)]
    other = await connect(f"{url}?room=8")
    assert get_json(port, "/rooms/health")["players"] == 4
    await table[1].send('{"type":"act"}')
    ack, update = json.loads(await table[1].recv()), await table[1].recv()
    assert ack["type"] == "ack" and len(update) == 700
    for ws in (table[0], table[2]):
        assert await ws.recv() == update
        assert await nothing_more(ws)
    assert await nothing_more(other)
    assert get_json(port, "/rooms/stats")["moves"] == 1
    await table[2].close()
    await table[0].send("another")
    assert (await table[1].recv()) == update
    for ws in (*table[:2], other):
        await ws.close()


def test_a_move_is_answered_to_every_seat_of_its_room_and_the_floor_stops_by_itself() -> None:
    port = free_port()
    proc = started(port, 10.0)
    try:
        asyncio.run(one_move(port))
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def test_its_messages_have_the_sizes_asked() -> None:
    for size in (0, 10, bench_rooms_floor.ACK_BYTES, 5000):
        text = bench_rooms_floor.message("update", size)
        assert json.loads(text)["type"] == "update"
        assert len(text) == max(size, len('{"type":"update","pad":""}'))
