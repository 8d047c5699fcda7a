"""A room drawn for a page whose own Python has not started yet.

Everything a room page shows is drawn by Python (``euchre_tutorial.widgets.room``), which a
page runs in the browser; on a phone's first visit that engine takes about half a minute
to start, and the room would wait for it. Meanwhile the page posts each state the server
sent it to ``/rooms/render`` and morphs in the regions it gets back: the very renderer its
own Python runs, here, so nothing is drawn twice and the two can never disagree. Once its
engine is ready, the page draws for itself.

Nothing is kept, and nothing is learned: the state a page posts is the one this server
sent that page, its own seat's view, and the reply is only that state drawn. A request
that is too big, no JSON or no room's state gets a plain refusal, and each address may ask
for a few drawings a second (the same drawing costs its page nothing once its Python runs).

>>> draw_room({"state": None})
Traceback (most recent call last):
...
euchre_rooms.render.Refusal: room.render needs the server's state
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

# Imported with the server (about 0.2 s and 3 MB, once), not at the first drawing, which
# would hold every room's event loop for that long.
from euchre_tutorial.bridge import BridgeError
from euchre_tutorial.widgets.room import render_message
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from euchre_rooms.ratelimit import TokenBucket

PATH = "/rooms/render"
MOST_BYTES = 64 * 1024
"""The largest state a page may post (a six-handed table's is about 12 KB)."""
RATE, BURST = 4.0, 12
"""Drawings an address may ask for: ``BURST`` at once, ``RATE`` a second after that."""
MOST_ADDRESSES = 4096
"""Addresses whose buckets are kept (the oldest let go first)."""


class Refusal(ValueError):
    """A request this endpoint does not draw, in plain words."""


def draw_room(payload: Any) -> dict[str, Any]:
    """The regions (and flags) the page's own Python draws for ``payload``'s room state
    (``{"state", "page", "reactions"}``), or :class:`Refusal` saying why not."""
    if not isinstance(payload, Mapping) or not isinstance(payload.get("state"), Mapping):
        raise Refusal("room.render needs the server's state")
    try:
        return render_message(payload)
    except BridgeError as err:  # a state no server sent: said, never a trace
        raise Refusal(str(err)) from None


class Buckets:
    """A token bucket for each address that asks, the oldest let go past ``most``.

    >>> buckets = Buckets(rate=0.0, burst=1, most=2)
    >>> [buckets.take("a"), buckets.take("a"), buckets.take("b")]
    [True, False, True]
    """

    def __init__(self, rate: float = RATE, burst: int = BURST, most: int = MOST_ADDRESSES):
        self.rate, self.burst, self.most = rate, burst, most
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str) -> bool:
        """True (and one drawing counted) when ``address`` may have a drawing now."""
        bucket = self.buckets.pop(address, None) or TokenBucket(self.rate, self.burst)
        self.buckets[address] = bucket  # the most recent last
        while len(self.buckets) > self.most:
            del self.buckets[next(iter(self.buckets))]
        return bucket.take()


async def _body(request: Request) -> bytes | None:
    """The request's body, read only up to :data:`MOST_BYTES` (None past them)."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MOST_BYTES:
            return None
    return bytes(body)


def render_endpoint(
    allowed: Callable[[str | None, str | None], bool], buckets: Buckets | None = None
) -> Callable[[Request], Any]:
    """The ``/rooms/render`` handler: ``allowed(origin, host)`` says which pages may ask
    (the rooms' own rule for a WebSocket's origin)."""
    limits = buckets or Buckets()

    async def render(request: Request) -> Response:
        origin = request.headers.get("origin")
        if not allowed(origin, request.headers.get("host")):
            return PlainTextResponse("pages from that address may not use this room server", 403)
        shared = {"Access-Control-Allow-Origin": origin} if origin else {}
        address = request.client.host if request.client else ""
        if not limits.take(address):
            return PlainTextResponse("too many drawings asked for: wait a moment", 429, shared)
        body = await _body(request)
        if body is None:
            return PlainTextResponse("that state is too big to draw", 413, shared)
        try:
            drawn = draw_room(json.loads(body))
        except json.JSONDecodeError:
            return PlainTextResponse("the request is not JSON", 400, shared)
        except Refusal as err:
            return PlainTextResponse(str(err), 400, shared)
        return JSONResponse(drawn, headers=shared)

    return render
