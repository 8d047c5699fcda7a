"""Two server processes sharing rooms through a real redis-server: kill the owner of a
room mid-deal, and the room carries on in the other process with no action lost."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

REDIS = "/usr/bin/redis-server"
ROOT = Path(__file__).resolve().parents[2]
WAIT = 20.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(check: Any, what: str) -> Any:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            value = check()
        except OSError:
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def redis_url() -> Iterator[str]:
    if not Path(REDIS).exists():
        pytest.fail(f"{REDIS} is missing: run `make redis`")
    port = free_port()
    proc = subprocess.Popen(
        [REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_until(lambda: socket.create_connection(("127.0.0.1", port), 0.2), "redis-server")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


def start_server(redis_url: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'tutorial'}:{ROOT / 'engine'}"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "euchre_rooms",
            "--port",
            str(port),
            "--redis",
            redis_url,
            "--lease-seconds",
            "1",
            "--computer-delay",
            "0",
            "--messages-per-second",
            "1000",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    def healthy() -> bool:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/rooms/health", timeout=1) as r:
            return bool(json.load(r)["ok"])

    wait_until(healthy, "the room server")
    return proc, port


class Tab:
    def __init__(self, port: int) -> None:
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{port}/rooms/ws", legacy=True)
        self.state: dict[str, Any] | None = None
        self.ids = 0
        self.token = ""

    def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=WAIT))
        if "state" in message:
            self.state = message["state"]
        if message["type"] == "welcome":
            self.token = message["token"]
        return message

    def do(self, message: dict[str, Any]) -> dict[str, Any]:
        self.ids += 1
        self.ws.send(json.dumps({**message, "id": self.ids}))
        while True:
            answer = self.recv()
            if answer.get("id") == self.ids:
                return answer

    def settle(self) -> None:
        """Read until this seat is to act (or the review waits for it)."""
        while not self.my_turn():
            self.recv()

    def my_turn(self) -> bool:
        state = self.state
        if state is None or state["table"] is None:
            return False
        if state["room"]["phase"] == "review":
            return state["you"] in state["table"]["review"]["waiting"]
        return bool(state["table"]["view"]["to_act"] == state["you"])

    def step(self) -> dict[str, Any]:
        self.settle()
        assert self.state is not None
        if self.state["room"]["phase"] == "review":
            return self.do({"type": "continue", "version": self.state["version"]})
        legal = self.state["table"]["view"]["legal"]
        return self.do({"type": "act", "action": legal[0], "version": self.state["version"]})


def test_killing_a_rooms_owner_mid_deal_loses_no_accepted_action(redis_url: str) -> None:
    owner, port_a = start_server(redis_url)
    other, port_b = start_server(redis_url)
    try:
        solo = Tab(port_a)
        welcome = solo.do({"type": "create", "name": "Ann", "level": "easy"})
        assert welcome["type"] == "ack"
        assert solo.state is not None and solo.token
        code = solo.state["room"]["code"]
        solo.do({"type": "start"})
        accepted = 0
        while accepted < 3:  # three of Ann's moves acknowledged on the owner
            answer = solo.step()
            assert answer["type"] == "ack", answer
            accepted += 1
        before = solo.state
        assert before is not None and before["room"]["phase"] == "playing"
        seen_actions = before["table"]["view"]["actions"]
        deal = before["table"]["deal"]
        owner.send_signal(signal.SIGKILL)
        owner.wait(10)

        again = Tab(port_b)
        seat_token = solo.token
        deadline = time.monotonic() + WAIT
        while True:  # the lease runs out within a second; until then B says so plainly
            answer = again.do({"type": "resume", "room": code, "token": seat_token})
            if answer["type"] == "ack":
                break
            assert "another server process" in answer["error"]
            assert time.monotonic() < deadline
            time.sleep(0.2)
        after = again.state
        assert after is not None and after["table"]["deal"] == deal
        assert after["table"]["view"]["actions"][: len(seen_actions)] == seen_actions
        # and the room carries on in the other process
        for _ in range(3):
            assert again.step()["type"] == "ack"
        with urllib.request.urlopen(f"http://127.0.0.1:{port_b}/rooms/health", timeout=2) as r:
            assert json.load(r)["rooms"] == 1
    finally:
        for proc in (owner, other):
            if proc.poll() is None:
                proc.terminate()
                proc.wait(10)
