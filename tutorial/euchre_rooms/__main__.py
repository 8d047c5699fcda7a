"""``python -m euchre_rooms --port N``: the room server alone, on 127.0.0.1 by default.
``--site site/`` serves a built site beside the rooms on the same port (``make serve``)."""

from __future__ import annotations

import argparse
import gc
import os

import uvicorn

from euchre_rooms.app import create_app
from euchre_rooms.config import Settings
from euchre_rooms.lean_ws import LeanWebSocketProtocol

WS_IMPLEMENTATIONS = ("websockets-sansio", "websockets", "wsproto")
"""uvicorn's own WebSocket implementations (``wsproto`` needs the wsproto package)."""

WS_MAX_SIZE = 64 * 1024
"""The largest frame read from a client: far above the protocol's 4 KB (so an oversized
message is answered in words), far below what a hostile client could make us buffer."""


COLLECTOR_THRESHOLDS = (20_000, 20, 10)
"""The cyclic garbage collector's thresholds in the server. A move allocates many small
objects that reference counting frees (the engine's nodes are tuples, a room's messages
strings), and Python's default (a young collection every 700 allocations, an older one
every 10 of those) spent ~6% of a busy server's CPU in collections and paused every room
~30 ms at each full one (200 rooms driven in one process: 190 collections, 0.22 s of CPU
in 6,000 moves; with these: 6, 0.04 s)."""


LOOPS = ("auto", "uvloop", "asyncio")
"""The event loops the server can run on (``auto``: uvloop when it is installed)."""


def event_loop(wanted: str = "auto") -> str:
    """The event loop uvicorn runs the server on: uvloop (libuv: fewer Python frames per
    socket event and write) when ``auto`` and it imports, else asyncio's own, which behaves
    the same, only slower.

    >>> event_loop("asyncio")
    'asyncio'
    >>> event_loop() in ("uvloop", "asyncio")
    True
    """
    if wanted != "auto":
        return wanted
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return "asyncio"
    return "uvloop"


def quiet_collector() -> None:
    """Freeze what the server made to start (its modules, its app: never garbage), so no
    collection looks at it again, and collect cycles less often (``COLLECTOR_THRESHOLDS``)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def settings_from(args: argparse.Namespace) -> Settings:
    """Settings from the command line (and ``ROOMS_REDIS_URL`` / ``ROOMS_ALLOWED_ORIGINS``)."""
    origins = tuple(o for o in (args.allow_origin or []) if o)
    env_origins = os.environ.get("ROOMS_ALLOWED_ORIGINS", "")
    origins += tuple(o.strip().rstrip("/") for o in env_origins.split(",") if o.strip())
    return Settings(
        continue_seconds=args.continue_seconds,
        hold_seconds=args.hold_seconds,
        computer_delay=args.computer_delay,
        allowed_origins=origins,
        redis_url=args.redis or os.environ.get("ROOMS_REDIS_URL") or None,
        lease_seconds=args.lease_seconds,
        messages_per_second=args.messages_per_second,
        message_burst=max(30, int(args.messages_per_second * 3)),
        thinkers=args.thinkers,
    )


def arguments() -> argparse.ArgumentParser:
    """The command line's options."""
    parser = argparse.ArgumentParser(prog="python -m euchre_rooms", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--redis", help="a Redis URL: share rooms with other processes")
    parser.add_argument("--allow-origin", action="append", help="another origin allowed to connect")
    parser.add_argument("--continue-seconds", type=float, default=60.0)
    parser.add_argument("--hold-seconds", type=float, default=60.0)
    parser.add_argument("--computer-delay", type=float, default=0.7)
    parser.add_argument("--lease-seconds", type=float, default=5.0)
    parser.add_argument("--messages-per-second", type=float, default=10.0)
    parser.add_argument(
        "--thinkers",
        type=int,
        default=1,
        help="worker processes for the computer players and the coach (0: think in this one)",
    )
    parser.add_argument(
        "--ws",
        default="lean",
        choices=["lean", *WS_IMPLEMENTATIONS],
        help="the WebSocket implementation: lean (the default: uvicorn's websockets-sansio "
        "keeping less per connection, see lean_ws.py) or one of uvicorn's own",
    )
    parser.add_argument(
        "--ws-deflate",
        action="store_true",
        help="compress messages (permessage-deflate): fewer bytes on slow links, but about "
        "40 KB more memory per connection and more CPU per message",
    )
    parser.add_argument(
        "--ws-ping",
        type=float,
        default=20.0,
        help="seconds between keep-alive pings on each connection (0: none)",
    )
    parser.add_argument(
        "--loop",
        default="auto",
        choices=LOOPS,
        help="the event loop (auto, the default: uvloop when it is installed, else asyncio)",
    )
    parser.add_argument("--site", help="a built site's folder, served beside /rooms/")
    parser.add_argument("--site-path", default="/", help="where the site is served (default /)")
    return parser


def main(argv: list[str] | None = None) -> None:
    args = arguments().parse_args(argv)
    settings = settings_from(args)
    hub = None
    if settings.redis_url:
        from euchre_rooms.cluster import redis_hub

        hub = redis_hub(settings)
    app = create_app(settings, hub, site=args.site, site_path=args.site_path)
    if args.site:
        path = "/" + "".join(f"{part}/" for part in args.site_path.split("/") if part)
        print(f"The site and the rooms: http://{args.host}:{args.port}{path}", flush=True)
    quiet_collector()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        loop=event_loop(args.loop),
        ws=LeanWebSocketProtocol if args.ws == "lean" else args.ws,
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=args.ws_deflate,
        ws_ping_interval=args.ws_ping or None,
        ws_ping_timeout=args.ws_ping or None,
        # X-Forwarded-* rewriting is off: the rooms never use the client's address, and it
        # would keep one more coroutine waiting for every connection
        proxy_headers=False,
    )


if __name__ == "__main__":
    main()
