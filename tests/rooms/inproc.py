"""Connections without sockets, for tests that drive hubs in one event loop: each ``Tab``
is a ``Client`` whose outbox the test reads as messages."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from euchre_rooms import Hub
from euchre_rooms.connection import Client


class Tab(Client):
    """A connection whose messages are kept as they are sent."""

    __slots__ = ("hub", "name", "read", "texts")

    def __init__(self, hub: Hub, name: str) -> None:
        super().__init__(hub.settings)
        self.hub, self.name = hub, name
        self.read = 0
        self.texts: list[str] = []

    def send_text(self, text: str) -> None:
        """Kept, as a socket would have sent it (no outbox to fill)."""
        if self.close_reason is None and not self.gone:
            self.texts.append(text)

    def end(self, reason: str, code: int) -> None:
        if self.close_reason is None:
            self.close_reason, self.close_code = reason, code
            self.texts.append(json.dumps({"type": "closed", "code": code, "reason": reason}))

    @property
    def got(self) -> list[dict[str, Any]]:
        return [json.loads(text) for text in self.texts]

    def new(self) -> list[dict[str, Any]]:
        """The messages since the last call."""
        out = self.got[self.read :]
        self.read += len(out)
        return out

    async def send_json(self, message: dict[str, Any]) -> None:
        await self.hub.handle(self, json.dumps(message))

    def last(self, kind: str) -> dict[str, Any]:
        return [m for m in self.got if m["type"] == kind][-1]

    def state(self) -> dict[str, Any]:
        states = [m["state"] for m in self.got if "state" in m]
        return states[-1]  # type: ignore[no-any-return]

    def answer(self, ident: str | int) -> dict[str, Any] | None:
        found = [m for m in self.got if m.get("id") == ident and m["type"] != "pong"]
        return found[-1] if found else None


async def settle(hub: Hub, rounds: int = 50) -> None:
    """Let every actor finish what it was given."""
    for _ in range(rounds):
        await asyncio.sleep(0)
        busy = any(len(a.mailbox) for a in hub.rooms.values())
        if not busy:
            await asyncio.sleep(0)
            if not any(len(a.mailbox) for a in hub.rooms.values()):
                return


async def seat(hub: Hub, names: list[str], **create: Any) -> list[Tab]:
    """People in one room, the first its host, everyone else ready."""
    tabs = [Tab(hub, name) for name in names]
    await tabs[0].send_json({"type": "create", "name": names[0], **create})
    code = tabs[0].last("welcome")["room"]
    for tab in tabs[1:]:
        await tab.send_json({"type": "join", "room": code, "name": tab.name})
        await tab.send_json({"type": "ready", "ready": True})
    return tabs
