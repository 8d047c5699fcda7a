"""Load bench for the room server (not part of ``make test``): many rooms at once over
loopback WebSockets, the scripted people in client processes of their own.

    python scripts/bench_rooms.py [--rooms 200] [--clients 2] [--think 2 5] [--seconds 20]
                                  [--only human,floor,one,two] [--floor-seconds 60]
                                  [--out reports/rooms.md] [--profile DIR]
                                  [--variant LABEL ROOT ARGS]... [--rounds N]

``--profile DIR`` runs each server under cProfile counting CPU time (not wall time) and
writes its stats to ``DIR/<setup>-<n>.prof`` when it stops (read them with ``pstats``).

``--variant LABEL ROOT ARGS`` (repeatable) compares servers in one run: each round
(``--rounds``) runs every setup against each variant in turn (interleaved, so they share
the machine's load; the floor once a round, this checkout's), a variant's server running the code of the checkout ``ROOT`` (``.``: this one), in
that checkout's ``.venv`` when it has one, with the extra options ``ARGS`` (``""``: none), e.g. ``--variant asyncio . "--loop
asyncio" --variant uvloop . "--loop uvloop" --variant main /work/main ""``.

Four setups, each against freshly started servers:

``human``  one process; each room has two scripted people and two computer players
           (level normal, at the server's own think time, 0.7 s). A person thinks 2 to 5 s
           (uniform; ``--think``) before each move and each Continue; every room plays one
           deal. Latency: a person's move sent to the last person at the table receiving
           its update (an upper bound on accepted-to-last-update: it includes the client's
           own send and receive).
``floor``  the transport alone (``bench_rooms_floor.py``): the room server's stack (uvicorn,
           its ``lean_ws`` protocol, uvloop, its framing and ``send_texts``) doing no game
           work; as many connections as ``human`` (two people a room), each person sending
           a move every 2 to 5 s for ``--floor-seconds``, each move answered at once with a
           pre-built update of the real updates' mean size to every seat of the room (and
           an ack to the sender, in the same write). Its CPU per move, beside ``human``'s,
           is what the transport costs; the difference is the game's own work. Latency:
           a move sent to the last person receiving its update (the floor answers a room's
           moves in order: its k-th update to each seat answers its k-th move).
``one``    one process at saturation: four people per room acting the moment it is their
           turn, for ``--seconds``; the throughput is every move the server accepted.
``two``    the same with two processes sharing a redis-server, each room's seats split
           between the two (half of every room's messages forwarded through Redis).

Reported for each: moves per second, the latency's median and 99th percentile, the
same move timed inside the server (``GET /rooms/stats``' ``reply_ms``: its 99th
percentile wait for its turn, behind its room's earlier jobs and the loop's other work,
until every seat's update was written to its socket, and the CPU time the server spent
from the move's start to then, its own work and other rooms' in that turn of the loop,
and the rest of that span, when the server was not running at all; the worst process's),
the
server's CPU time per accepted move (all the process's CPU, both processes' with Redis;
and the share of it spent in the kernel: the sockets' system calls)
and the part of it that was thinking rather than the server's own work (the computer
players' choices and the coach's verdicts on people's bids and leads, which the server
times itself: ``GET /rooms/stats``), the share of the coach's questions turned away
(``thinking.COACH_BACKLOG``: more were waiting than the thinkers may keep), memory per room (the servers' RSS growth per room
with its connections, at the end), how many Redis requests waited for a free connection
in their process's pool (and how long in all), the mean size of the updates the people
received (``update B``), the servers' CPU per connection when the people leave once they
have played (``leaving``: each connection's close is a job of its room, a held seat's
record announced to the others; measured apart from the moves, from the moment every
client process has played), and the machine's load. The scripted people connect as a
browser does: no compression and no pings of their own (they answer the server's).
Bounded: each setup stops
after ``--limit`` seconds whatever happens.

Where a move's CPU went (issue 45; profiled with the actors driven in one process, no
sockets, 50 rooms of four people, process time): the coach's verdicts on people's bids and
leads were most of it (a weighed lead ~9 ms, a bid ~0.5 ms, about a third of people's
moves weighed: ~2.3 ms per move on average, plus a thread hand-off each), then each seat's
view (the engine's ``HandState.view`` ~0.07 ms, its ``to_dict`` and JSON ~0.08 ms), the
event's public words (a fifth view), the room's public part encoded again for every seat
(its rules included), and the spectators' two views each. Now the thinking is done in
thinker processes, each seat's view is built once per change and the parts seats share are
encoded once (~0.02 ms a view), the room's public part only when it changes, and the
event's words come from a view that is sent anyway: the rooms' own work measured the same
way is ~0.45 ms a move with two people and two computer players, ~0.7 with four people.
A machine shared with other work stretches both the CPU times and the latencies: read
them beside the load average.

Measured again (December, ``--profile``, CPU time, the actors driven in one process with
four people a room): of a move's work, building the four seats' views in the engine
(``HandState.view``: each view walked the deal's history again, ``history_of`` about four
times and ``actors_in`` twice a view) was ~56%, encoding them (``viewcodec``) ~21%. Now the
four views of one moment come from one ``euchre.view.Moment`` (the history walked once;
hands, tricks and the actions as everyone saw them built once; each seat adds its hand,
its own hidden cards, its discard and its legal actions): ~0.04 ms for four seats, from
~0.17. The encoder encodes a moment's public fields once for every seat
(``Encoder.shared``) and is kept from one change to the next, so the deal's actions and
tricks, which only grow, have only their new items encoded. Driven in one process without
sockets (20 rooms of four people, CPU time): ~0.84 ms a move before, ~0.5 after, the
driver included. In the whole server at human pace, profiled: the views and their
encoding are now ~24% of its CPU, sending (websocket frames) ~11%, reading the sockets
and the commands ~11%, the thinkers' questions and answers ~7%, the event loop most of
the rest: the 0.5 ms aim needs the per-message cost of the sockets and the loop lowered
(fewer, larger writes), not the views. Over Redis, the client library (``redis-py``
packing commands and parsing answers) is the largest part. A bench run niced on a machine
at load 9 to 20 measures CPU per move, not throughput: the servers got 4 to 25% of a
core, so ``moves/s`` and the latencies there are the machine's, not the server's.

The server also runs its cyclic garbage collector less often (``__main__.quiet_collector``:
a full collection paused every room ~30 ms, and collections took ~6% of the CPU).

One run of this bench after these changes (December, 200 rooms, 2 client processes, the
servers niced, load average 11 to 16): human-paced, 1.21 ms of the server's own CPU a move,
median 11.2 ms and p99 266 ms from a person's move to the last person's update, 70 KB a
room; one process at saturation, 71 moves/s at 8% of a core (starved: 1.12 ms a move);
two processes over Redis, 28 moves/s (3.65 ms a move over both, redis-py the largest part),
98 KB a room. The same run of main's code just before (load 12 to 13, ``one`` and ``two``
only): one process 13 moves/s at 2.85 ms a move, two 26 moves/s at 3.92 ms, 107 KB a room
over Redis; this branch in the run after it (load 13 to 19): 44 moves/s at 1.44 ms, 23
moves/s at 3.24 ms, 96 KB.

The sockets and the loop (December, after the run above). A connection's messages queued
in one turn of the loop go out in one write (``app.Writer`` flushes at the end of the turn
through the lean protocol's ``send_texts``: a move's ack and its update, one system call,
the protocol's messages unchanged), and the server runs on uvloop when it is installed
(``--loop``; asyncio's loop otherwise, the same behaviour). httptools was left out: it
parses only the HTTP of a connection's handshake, never a move. Measured A/B in one run,
interleaved, two rounds (``--variant``: main's code in main's .venv, this code with
``--loop asyncio``, this code on uvloop; 200 rooms, 2 client processes, servers niced,
load 4 to 12), the server's own CPU per accepted move: human-paced, main 1.24 and 1.11 ms,
the writes alone 1.13 and 1.06, with uvloop 0.91 and 0.98; at saturation in one process,
main 1.30 and 1.14, the writes alone 0.90 and 0.90, with uvloop 0.86 and 0.82. The p99
latencies of that run (142 to 1,047 ms human-paced) followed the machine's load (a browser
test run shared it), not the variant. 0.5 ms a move is not reached. Profiled after
these changes (``--only human --profile``, CPU time, load 4.6; cProfile's own overhead
makes it ~4 ms a move): announcing a change (``RoomActor._announce``) is ~45% of the
server's CPU, of it the views and their encoding ~32% of the whole (the deal's ``Moment``
is built in ``Snapshot.public_action``, which reads the move from an observer's view that
is sent anyway, then each seat's view and its text in ``Snapshot.state``), the referee
(``Room.apply``) ~5%; sending (``Writer.flush``: the frames and one write) ~7%, from ~11%;
the rest is the loop, reading the sockets, the mailboxes and the thinkers' questions.

Over Redis (the same day, the next run: ``--only two``, two rounds, load 8 to 11): the
messages waiting for one process go out as one bundle in one ``PUBLISH`` (a move's ack and
the updates of the seats held there were one publish each), and a process's appends and
its publishes share one writer and one pipeline (``redis_batch.Batch``: a move's updates
ride with the next appends, any room's, instead of a round trip of their own). A move's
own append still answers before its messages are made, as nothing is sent before it is
stored: putting both in one Lua call would mean applying a move before it is stored and
undoing it when the store fails. Both processes' own CPU per accepted move: main 3.68 and
4.72 ms; uvloop, the one write and the bundles 2.86 and 2.86; with the shared pipeline too
2.68 and 2.59; about 100 KB a room in every variant; 31 to 34 moves/s each, the servers
at 8 to 15% of a core.

Memory (December, later). In the live server at saturation (``tracemalloc`` and a census of
objects), a room's four connections held ~40 KB: uvicorn's ``run_asgi`` task and seven
coroutines waiting for each connection's next message, its ASGI scope, Starlette's
``WebSocket``, websockets' protocol (its parser's generators, reader, uuid, the handshake's
request). Now the lean protocol hands a ``/rooms/ws`` connection to ``app.RoomSocket``
after answering its handshake (a task only while a message is handled), lets go of
websockets' protocol between frames and rebuilds its own instance dict at its size once
open: an idle connection's RSS 11.3 KB, then 6.7, 5.9 and 5.4 (800 connections, load 6 to
12). What is left of one: uvicorn's protocol object (34 attributes, 0.8 KB), uvloop's
transport (0.7 KB), the ping timer, the ``Client`` and its rate limits. A room's last 64
events are one string (``replay.EventLog``: ~4 KB a room, from ~13 KB as a deque of texts).
Rooms driven in one process (40 rooms of four people, 60 moves each, tracemalloc): ~69 KB a
room, of it ~10 KB for each finished deal (the engine's ``Game.history`` kept every deal's
whole ``HandState``, the chain of every move's node; it now keeps each around its position
alone: 12.9 KB a finished deal to 5.5, and at saturation over 30 s, about seven deals a
room, 154 and 155 KB a room against 213 and 206; now as a *kept* node, its deal and
actions replayed when first read: measured again in December, 1.6 KB a finished deal, not
the 0.65 KB once written here; packed into one ``bytes`` since, 0.7 KB: 200 games played to
their end interleaved in one process, 25.6 KB a game of RSS before, 20.4 after), the
snapshot's ``Moment`` ~1 KB. A whole match in each of 200 rooms (``--only one --seconds
60``, two rounds each, interleaved, load 2.3 to 3.1): 118 and 115 KB a room before the
packing, 114 and 119 after: the 5 KB a room it saves is inside this row's noise. In the
last run (``--only one,human --rounds 2
--variant main /work/main "" --variant new . ""``, load 4.1 to 7.5): at saturation main 113
and 127 KB a room (6,114 and 9,001 moves), this 95 and 98 (6,593 and 8,365); human-paced
main 69 and 68, this 58 and 59; CPU a move at saturation main 0.67 and 0.77 ms, this 0.63
and 0.74, human-paced main 1.15 and 1.01, this 1.10 and 1.08. Two runs before it (load 3.5
to 13.6, fewer of these changes) gave saturation 79 to 100 against 90 to 115 and
human-paced CPU 0.88 to 1.20 ms against 0.77 to 1.20: no rise beyond the machine's noise. A
room's KB at saturation follows how many moves it made (more deals kept): read it beside
``moves``.

Where the human-paced server's CPU goes, again (December, later; 200 rooms, load 2 to 3).
On the CPU only (``perf record`` over the server): ~76% the Python interpreter, ~15% the
kernel (the sockets' and the thinkers' pipes' system calls; the bench's new column says 11
to 15% of the server's CPU), ~5% uvloop, JSON's C code under 1%. So it is Python work,
roughly 700 function calls a move, spread over a hundred functions: cProfile (CPU time; its
own cost inflates small calls) gives announcing a change ~43% (the seats' states and their
encoding ~15%, the deal's ``Moment`` ~10%, the referee's ``apply`` ~5%, queueing the
messages ~6%), reading a message (websockets' frames, Starlette's and the hub's checks)
~17%, sending (frames and writes) ~8%, the computer players' questions to the thinkers ~7%.
py-spy (wall time) puts the sockets' writes higher than that: a write wakes the client,
which takes the CPU from the niced server inside the call. Cut here, each ~1-2% of that
profile: the last move's public words read from the moment's views without another walk of
the deal's history; the match's facts (the deal's number, the score) kept while a deal is
played; one compact JSON encoder for the process (``json.dumps`` with options makes a new
encoder each call); a thinker's question encodes only the actions since the last question
about that deal (a deal's actions only grow) and its answer is parsed through the LRU; a
message type's keys written once; and the lean protocol frames its text messages itself
(websockets made a ``Frame``, checked it and wrote it through a ``BytesIO`` each). The
computer players' think time was already one timer per room (the actor's mailbox waits
until its deadline), not a task per move. Measured A/B in one run (``--variant`` main and
this branch, interleaved, two rounds, load 2.1 to 3.8): human-paced main 0.99, 1.14, 1.20,
1.25 ms a move, this branch 1.03, 1.12, 1.15, 1.16; at saturation in one process (load 4.5
to 9.9, the server starved: 13 to 22% of a core) main 0.88 and 0.75, this 0.77 and 0.91.
The machine's noise (~10% run to run, no hardware counters in this VM to count
instructions instead) hides a few percent: no change is measurable. The 0.5 ms aim needs
the number of Python calls a move halved, not one part made faster: a ``Moment`` made from
the one before it (the tricks, actions and phases of a deal only grow), the room socket
read and written by a protocol of its own rather than through uvicorn's ASGI layer and
Starlette's WebSocket, and thinkers that keep each deal's state and are sent only its new
actions.

Where a move waits (``reply_ms`` in ``GET /rooms/stats``, new: a person's move timed in the
server from the moment its job is made, after the hub has read and checked it, to the end
of the turn of the loop that wrote every seat's update). In the runs above, at load 2 to 4
human-paced: from a person's move to the last person's update p50 1.5 to 2.1 ms and p99 7.9
to 12.7 ms at the clients, under the 50 ms aim; in the server the move waited for its turn
1.0 to 1.6 ms at p99 (behind its room's earlier jobs: none at human pace; and behind the
other callbacks of the loop's turn), and was written to every seat 7.3 to 8.3 ms at p99
after it came in, while the server's CPU from the move's start to those writes was 1.4 ms at
p99 (the move's own work and other rooms' callbacks in the same turn). The rest
of those 7 to 8 ms the server was not running at all: two cores shared by the server, its
two client processes, its thinker and other engineers' work, the server niced. That is what
bounds p99, and why it was 0.1 to 1 s at load 10 (the first runs of this bench). Measured
directly afterwards (a column of its own: the span from a move's turn to its writes less
the server's CPU in it), at load 12: p50 11.9 ms and p99 618 ms at the clients; in the
server the wait for the turn 269 ms at p99, to the writes 312 ms, the server's CPU in that
span 14.3 ms and the time it was not running 193 ms at p99, for 1.04 ms of CPU a move (the
same as at load 2): the moves queue while the server is off the CPU, then it catches up; the
thinker's delay does not enter a person's move (the table waits for the person, not the
other way round), only the computer players' own moves, which come 0.7 s after the move
before them by design. At saturation the wait for the turn is the queue of the loop
(1.0 to 1.3 s at p99 with the server at 13 to 16% of a core).

Fewer layers a move (December, later). Counted first: cProfile over a human-paced run
(``--profile``, 200 rooms) gave 946 Python calls per accepted move (the rooms' opening
included), and its CPU time split as the actors' jobs ~62% (announcing a change ~45%: the
seats' states and their encoding ~16%, the deal's ``Moment`` ~10%, the referee ~5%),
reading messages ~18% (the frames, uvicorn's events, the hub's checks), writing ~6% and
the thinkers' questions and answers ~10%. py-spy is no guide here: it counts the time a
niced server waits for a core inside a system call as that call's. Cut since: a change's
``Moment`` is built on the one before it (``Moment.of(state, before)``: one action later in
the same deal, the actions, actors, phases and tricks are the ones before with the new
one added and only the hand a card left is filtered again; otherwise the history is walked
as before, and a property test holds every seat's view of every moment so built to the old
path); the move announced from the moment's own actions when every seat saw it as made (no
observer's view); each connection's update spliced from one head made per change; a
message checked for lone surrogates only when it is not ASCII; and the lean protocol reads
a client's whole text frames itself (websockets' parser, for anything else: control
frames, fragments, a frame cut short and every byte after it). 946 calls a move became
793 (-16%). The server's own CPU per accepted move, human-paced, in one run of
``--variant main /work/main "" --variant rooms5 . ""`` interleaved, two rounds each time:
with the moment and the update head alone, main 1.11 and 1.12 ms, this 1.08 and 1.05
(load 3.1 to 4.2); with the public action and the surrogates too, main 1.21 and 1.06,
this 1.08 and 0.87 (load 2.2 to 4.4); with the frames too, main 1.16 and 1.20, this 0.99
and 1.12 (load 1.7 to 3.4): 5 to 18% less a round, the frames' part within the noise
(they cut 14 of the calls). At saturation in one process (``--only one``, the same way,
load 5.0 to 5.9, every move a person's, each seen by four people): main 0.87 and 0.75 ms,
this 0.56 and 0.59. Read that one with care: this branch's server got more of the
machine (30 and 53% of a core against 21 and 17%) and so made 530 and 891 moves/s against
243 and 224, and a busier loop does more per turn; its rooms took 232 and 316 KB against
160 and 150: more in flight at once, most likely the coach's questions waiting for a
thinker that could not keep up (a third of people's moves weighed, up to ~9 ms each, the
thinker at 55% of a core), not measured apart. The aim of 0.5 ms is not reached: what is left is spread over
the jobs' asyncio plumbing (a future and two task wake-ups a person's move, a reader task
for each thinker answer), the seats' views (the engine's ``SeatView``, 22 fields, for each
seat, then its text) and the kernel's share (11 to 15%: a write per connection a change,
a pipe write and read per thinker question).

The keep-alive (December, later). Until then the window of a run also held what a room's
start and end cost beside its ~21 moves (the closes are now measured apart: ~0.3 to 0.5 ms
a connection, about 0.03 ms a move), and the bench's people sent pings of their own every
20 s (websockets' client does; a browser never does), each read by websockets' parser,
as were the pongs answering the server's own keep-alive pings (uvicorn's: every 20 s on
every connection), and each ping sent made websockets' protocol again for one frame. The
lean protocol now reads pings and pongs itself and frames the server's pings
(``client_frames``, ``control_frame``). cProfile over one human-paced run each (200
rooms, the people no longer pinging): 3.50 million Python calls before, 3.41 after
(-2.7%), the keep-alive's part 0.31 s less of 11.5 (its pings 0.24 s to 0.08, the pongs
through websockets' parser gone). Within the machine's noise per move: human-paced, two
rounds interleaved (load 0.3 to 2.1), 0.82 and 0.66 ms a move before, 0.84 and 0.82
after; the floor 0.18.

Compiled with mypyc (tried and dropped, December). The engine and the rooms' modules are
mypy-clean, so mypyc was tried on them (all of the engine but ``rules``, ``deal`` and
``state``, and every rooms module but ``app``, ``messages``, ``lean_ws``, ``connection``,
``thinking`` and ``relay``, which it cannot compile as they are): the rooms driven in one
process without sockets (200 rooms, ~11,500 moves a run, ten pairs interleaved, load 0.5
to 0.9) took 0.248 ms of CPU a move compiled against 0.305 pure (median; 0.84 of it),
the views 2.9 times faster but their encoding only 1.3 (strings, dicts and JSON), about
0.05 ms of the server's 0.65 to 0.8. And the compiled code behaves differently on bad
input: its argument checks refuse a ``bool`` seed and a share code that is not text
before the engine's own words do, and mypyc's open bug with several ``except ... as exc``
of one name turned a ``ProtocolError`` into "the server could not do that" (9 rooms tests
failed, 2 hung). Not worth a 4-minute build and 12 MB of extension modules beside the
pure engine the browser runs.

The floor (December; ``--only human,floor --rounds 2``, 200 rooms, 2 client processes,
servers niced, interleaved, load 11 to 13.5): the transport alone, the same 400
connections on the same stack answering each move at once with 1,900-byte updates (the
real ones: 1,896 to 1,898 bytes on average), cost 0.22 and 0.23 ms of CPU a move (109 and
110 moves/s; 29 to 33% of it in the kernel), and 0.26 ms with the moves slowed to the real
rooms' rate (65 moves/s, ``--think 4.3 7.3``, load 11.7); the real server, human-paced, 0.87
and 0.88 ms (68 and 69 moves/s; 13 to 14% kernel). So the game's own work (reading and
checking a message, the actor, the referee, the views and their encoding, the thinkers'
pipes) is ~0.6 to 0.65 ms a move, three quarters of it, and the transport is not what
keeps the server above 0.5 ms: it allows ~0.25. The aim needs the game's part down to
~0.25 ms, about 60% less. (The floor writes each seat at once; the server defers its
writes to the end of the loop's turn, one callback a connection a change, which is counted
as the game's part here.)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")
REDIS = "/usr/bin/redis-server"
FLOOR = ROOT / "scripts" / "bench_rooms_floor.py"
START_SECONDS = 60.0
"""How long a server may take to answer its first request (a loaded machine is slow)."""
STALL = "stalled_p99"
"""A person's move's time in its server while the server was not running at all."""
BROWSER_LIKE: dict[str, Any] = {"max_queue": None, "compression": None, "ping_interval": None}
"""How the scripted people connect: as a browser does, without per-message compression
(the server offers none by default) and sending no pings of their own (a browser never
does; it answers the server's keep-alive pings, as websockets' client does)."""
POOL_KEYS = ("redis_waits", "redis_wait_seconds")
"""What a process sharing rooms through Redis says of its pool (0 with one process)."""
PROFILED = """
import cProfile, sys, time
from euchre_rooms.__main__ import main
out, sys.argv[1:] = sys.argv[1], sys.argv[2:]
profile = cProfile.Profile(time.process_time)
try:
    profile.runcall(main)
finally:
    profile.dump_stats(out)
"""
"""A room server under cProfile counting CPU time (not wall time: a shared machine's
waits would drown the server's own work), its stats written when it stops."""


@dataclass
class Setup:
    """One bench setup: how many people a room has, how long they think, how long it runs."""

    name: str
    people: int
    think: tuple[float, float]
    deals: int = 1
    seconds: float = 0.0
    """Run this long, then stop (0: until every room has played ``deals``)."""
    processes: int = 1
    floor: bool = False
    """Against the floor (``bench_rooms_floor.py``): the transport alone, no game."""


@dataclass(frozen=True)
class Variant:
    """A room server to measure: which checkout's code, with which extra options."""

    label: str
    root: Path
    args: tuple[str, ...] = ()

    def python(self) -> str:
        """The checkout's own Python (its ``.venv``: its pinned packages), else this one."""
        own = self.root / ".venv" / "bin" / "python"
        return str(own) if self.root != ROOT and own.exists() else sys.executable


THIS = Variant("", ROOT)


@dataclass
class Plan:
    """What one client process plays."""

    setup: Setup
    urls: list[str]
    rooms: list[int]
    seed: int
    limit: float


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def proc_stats(pid: int) -> tuple[float, int]:
    """CPU seconds and resident bytes of a process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS, int(fields[21]) * PAGE


def system_seconds(pid: int) -> float:
    """The CPU seconds a process spent in the kernel (its system calls: the sockets'
    writes and reads, the event loop's polls)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[12]) / TICKS


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (a room server's thinkers)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def get_json(port: int, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


def server_command(
    port: int, redis_url: str | None, profile: Path | None, variant: Variant
) -> list[str]:
    """The command line of a room server running ``variant``'s code and options."""
    python = variant.python()
    cmd = [python, "-m", "euchre_rooms"]
    if profile is not None:
        cmd = [python, "-c", PROFILED, str(profile)]
    cmd += ["--port", str(port), "--messages-per-second", "1000", *variant.args]
    return cmd + (["--redis", redis_url] if redis_url else [])


def start_server(
    redis_url: str | None,
    profile: Path | None = None,
    variant: Variant = THIS,
    floor: float = 0.0,
) -> tuple[subprocess.Popen[bytes], int]:
    """A room server on a free port running ``variant``'s code and options; under cProfile
    (its stats written to ``profile`` when it stops) if asked. With ``floor`` the floor
    server instead (this checkout's), stopping by itself after that many seconds."""
    port = free_port()
    root = variant.root
    path = [str(root / "tutorial"), str(root / "engine"), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in path if p)}
    if floor:
        cmd = [sys.executable, str(FLOOR), "--port", str(port), "--seconds", f"{floor:.0f}"]
    else:
        cmd = server_command(port, redis_url, profile, variant)
    proc = subprocess.Popen(cmd, env=env)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        try:
            get_json(port, "/rooms/health")
            return proc, port
        except OSError:
            time.sleep(0.05)
    stop_server(proc, signal.SIGTERM)
    raise SystemExit("the room server did not start")


def stop_server(proc: subprocess.Popen[bytes], how: signal.Signals) -> None:
    """Stop a room server (and so its thinkers); killed if it does not stop in time."""
    proc.send_signal(how)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


# ---------------------------------------------------------------------- the client processes
@dataclass
class Table:
    """One room's people, as one client process sees them."""

    people: int
    deals: int
    latencies: list[float]
    sent: dict[int, float] = field(default_factory=dict)
    """A move's seq (from its ack) to when it was sent."""
    pending: float | None = None
    seen: dict[int, int] = field(default_factory=dict)
    arrived: dict[int, float] = field(default_factory=dict)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    sizes: list[int] = field(default_factory=list)
    """The length of each update its people received."""

    def update(self, seq: int) -> None:
        """A person received the update of ``seq``."""
        self.seen[seq] = self.seen.get(seq, 0) + 1
        if self.seen[seq] == self.people:
            del self.seen[seq]
            self.arrived[seq] = time.perf_counter()
            self._match(seq)

    def acked(self, seq: int) -> None:
        if self.pending is not None:
            self.sent[seq], self.pending = self.pending, None
            self._match(seq)

    def _match(self, seq: int) -> None:
        if seq in self.sent and seq in self.arrived:
            self.latencies.append(self.arrived.pop(seq) - self.sent.pop(seq))


class Person:
    """One scripted person: reads every message, and after a think time makes a random
    legal move on their turn (or presses Continue in the review)."""

    def __init__(self, ws: ClientConnection, table: Table, rng: random.Random, setup: Setup):
        self.ws, self.table, self.rng, self.setup = ws, table, rng, setup
        self.acted_on = -1
        self.thinking: set[asyncio.Task[None]] = set()

    async def run(self) -> None:
        async for text in self.ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "update":
                self.table.sizes.append(len(text))
                self.table.update(message["seq"])
            elif kind == "ack" and message.get("id") == "m":
                self.table.acked(message["seq"])
            if kind in ("update", "resume", "refused") and message["state"]["table"]:
                self._consider(message["state"])

    def _consider(self, state: dict[str, Any]) -> None:
        version, table = state["version"], state["table"]
        if version <= self.acted_on:
            return
        if state["room"]["phase"] == "review":
            if not self.setup.seconds and table["deal"] + 1 >= self.table.deals:
                self.table.done.set()
            elif state["you"] in table["review"]["waiting"]:
                self._later({"type": "continue", "version": version}, version)
            return
        view = table["view"]
        if view["to_act"] == state["you"] and view["legal"]:
            action = self.rng.choice(view["legal"])
            self._later({"type": "act", "action": action, "version": version, "id": "m"}, version)

    def _later(self, message: dict[str, Any], version: int) -> None:
        self.acted_on = version
        task = asyncio.create_task(self._send(message, self.rng.uniform(*self.setup.think)))
        self.thinking.add(task)
        task.add_done_callback(self.thinking.discard)

    async def _send(self, message: dict[str, Any], delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        if "id" in message:
            self.table.pending = time.perf_counter()
        await self.ws.send(json.dumps(message))


async def _until(ws: ClientConnection, wanted: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if message["type"] == wanted or message.get("id") == wanted:
            return message


async def open_room(plan: Plan, index: int) -> list[ClientConnection]:
    """A room made on one server, its people spread over every server."""
    urls = plan.urls
    level = {"level": "normal"}
    host = await connect(urls[index % len(urls)], **BROWSER_LIKE)
    await host.send(json.dumps({"type": "create", "name": "Host", **level}))
    code = (await _until(host, "welcome"))["room"]
    sockets = [host]
    for i in range(1, plan.setup.people):
        ws = await connect(urls[(index + i) % len(urls)], **BROWSER_LIKE)
        await ws.send(json.dumps({"type": "join", "room": code, "name": f"P{i}"}))
        await ws.send(json.dumps({"type": "ready", "ready": True, "id": "r"}))
        await _until(ws, "r")
        sockets.append(ws)
    return sockets


async def play(plan: Plan, pipe: Connection, go: Event, leave: Event) -> dict[str, Any]:
    """Open this process's rooms, wait for the word, play, and say what was measured."""
    setup, latencies = plan.setup, list[float]()
    opened = []
    for first in range(0, len(plan.rooms), 25):  # not a connection storm
        batch = plan.rooms[first : first + 25]
        opened += await asyncio.gather(*(open_room(plan, i) for i in batch))
    pipe.send("opened")
    await asyncio.get_running_loop().run_in_executor(None, go.wait)
    rng, tables, tasks = random.Random(plan.seed), [], []
    everyone: list[Person] = []
    for sockets in opened:
        table = Table(setup.people, setup.deals, latencies)
        tables.append(table)
        people = [Person(ws, table, random.Random(rng.random()), setup) for ws in sockets]
        everyone += people
        tasks += [asyncio.create_task(p.run()) for p in people]
        await sockets[0].send(json.dumps({"type": "start"}))
    waiting = setup.seconds or plan.limit
    finished = True
    try:
        await asyncio.wait_for(asyncio.gather(*(t.done.wait() for t in tables)), waiting)
    except TimeoutError:
        finished = bool(setup.seconds)
    for task in [*tasks, *(t for person in everyone for t in person.thinking)]:
        task.cancel()  # the people stop playing (a move thought of is not sent)
    await _played(pipe, leave)
    return await _ended(tasks, opened, tables, latencies, finished)


async def _played(pipe: Connection, leave: Event) -> None:
    """Tell the parent this process's people have played (it measures the server then),
    and wait for its word before they leave (the leaving is measured apart)."""
    pipe.send("played")
    await asyncio.get_running_loop().run_in_executor(None, leave.wait)


async def _ended(
    tasks: list[Any], opened: list[Any], tables: list[Any], latencies: list[float], finished: bool
) -> dict[str, Any]:
    """Stop a client's tasks, close its sockets; its result for the parent."""
    for task in tasks:
        task.cancel()
    for sockets in opened:
        for ws in sockets:
            await ws.close()
    sizes = [n for table in tables for n in table.sizes]
    return {"latencies": latencies, "finished": finished, "sizes": sizes}


MOVE = '{"type":"act","action":{"kind":"play","card":"QD"},"version":17,"id":"m"}'
"""What a person sends the floor: a move as long as a real one (the floor does not read it)."""


@dataclass
class FloorTable:
    """One room of the floor as one client process sees it: the floor answers a room's
    messages in the order they come, so the k-th update each person receives answers the
    room's k-th message (its people send from this one process: in the order of ``sent``)."""

    people: int
    latencies: list[float]
    sent: list[float] = field(default_factory=list)
    got: list[int] = field(default_factory=list)
    seen: dict[int, int] = field(default_factory=dict)
    answered: int = 0
    sizes: list[int] = field(default_factory=list)

    def update(self, seat: int, size: int) -> None:
        """Person ``seat`` received an update of ``size`` bytes."""
        self.sizes.append(size)
        self.got[seat] += 1
        k = self.got[seat]
        self.seen[k] = self.seen.get(k, 0) + 1
        if self.seen[k] == self.people:
            del self.seen[k]
            self.answered += 1
            self.latencies.append(time.perf_counter() - self.sent[k - 1])


async def floor_reader(ws: ClientConnection, table: FloorTable, seat: int) -> None:
    async for text in ws:
        if isinstance(text, str) and text.startswith('{"type":"update"'):
            table.update(seat, len(text))


async def floor_sender(
    ws: ClientConnection, table: FloorTable, rng: random.Random, think: tuple[float, float]
) -> None:
    """A person of the floor: a move after each think time, whatever else happens."""
    while True:
        await asyncio.sleep(rng.uniform(*think))
        table.sent.append(time.perf_counter())
        await ws.send(MOVE)


async def play_floor(plan: Plan, pipe: Connection, go: Event, leave: Event) -> dict[str, Any]:
    """The floor's people: each sends a move every ``think`` seconds for ``seconds``; then
    every move sent gets its updates, or the run is reported unfinished."""
    setup, latencies, opened = plan.setup, list[float](), []
    for index in plan.rooms:
        url = f"{plan.urls[0]}?room={index}"
        opened.append([await connect(url, **BROWSER_LIKE) for _ in range(setup.people)])
    pipe.send("opened")
    await asyncio.get_running_loop().run_in_executor(None, go.wait)
    rng, tables, readers, senders = random.Random(plan.seed), [], [], []
    for sockets in opened:
        table = FloorTable(setup.people, latencies, got=[0] * setup.people)
        tables.append(table)
        for seat, ws in enumerate(sockets):
            readers.append(asyncio.create_task(floor_reader(ws, table, seat)))
            person = random.Random(rng.random())
            senders.append(asyncio.create_task(floor_sender(ws, table, person, setup.think)))
    await asyncio.sleep(setup.seconds)
    for task in senders:
        task.cancel()
    drained = time.monotonic() + 10.0
    while any(t.answered < len(t.sent) for t in tables) and time.monotonic() < drained:
        await asyncio.sleep(0.05)
    finished = all(t.answered == len(t.sent) for t in tables)
    await _played(pipe, leave)
    return await _ended(readers, opened, tables, latencies, finished)


def client_process(plan: Plan, pipe: Connection, go: Event, leave: Event) -> None:
    result = asyncio.run((play_floor if plan.setup.floor else play)(plan, pipe, go, leave))
    pipe.send(result)


# ---------------------------------------------------------------------- the parent
def measure(
    setup: Setup, ports: list[int], pids: list[int], args: argparse.Namespace, label: str = ""
) -> str:
    """Run ``setup`` against servers already listening; its row of the report."""
    context = multiprocessing.get_context("spawn")
    go, leave = context.Event(), context.Event()
    urls = [f"ws://127.0.0.1:{port}/rooms/ws" for port in ports]
    pipes, workers = [], []
    for k in range(args.clients):
        mine = list(range(k, args.rooms, args.clients))
        plan = Plan(setup, urls, mine, seed=16 + k, limit=args.limit)
        here, there = context.Pipe()
        worker = context.Process(target=client_process, args=(plan, there, go, leave))
        worker.start()
        pipes.append(here)
        workers.append(worker)
    base = [proc_stats(pid) for pid in pids]
    for pipe in pipes:
        if pipe.recv() != "opened":
            raise SystemExit("a client process could not open its rooms")
    time.sleep(0.5)
    before = sample(ports, pids)
    go.set()
    for pipe in pipes:
        if pipe.recv() != "played":
            raise SystemExit("a client process stopped before it had played")
    after = sample(ports, pids)
    leave.set()  # the people have played; now they leave, measured apart
    results = [pipe.recv() for pipe in pipes]
    time.sleep(LEFT_SECONDS)
    left = sample(ports, pids)
    for worker in workers:
        worker.join(30)
    name = f"{setup.name} [{label}]" if label else setup.name
    leaving = cpu_per_connection(after, left, args.rooms * setup.people)
    return row(name, results, before, after, base, args.rooms, leaving)


LEFT_SECONDS = 1.0
"""How long after the people have closed their connections the servers are measured
again (each connection's leaving is a job in its room: a held seat's record, announced)."""


def cpu_per_connection(after: dict[str, Any], left: dict[str, Any], connections: int) -> float:
    """The servers' CPU per connection closed, in ms, from the sample taken when the
    people had played (``after``) to the one taken once they had left (``left``).

    >>> cpu_per_connection({"cpu": 1.0}, {"cpu": 1.5}, 200)
    2.5
    """
    return 1000 * (float(left["cpu"]) - float(after["cpu"])) / connections


COACH_KEYS = ("coach_count", "coach_turned_away")
"""The coach's verdicts given, and the questions it was not asked (its backlog was full)."""


def turned_away(before: dict[str, Any], after: dict[str, Any]) -> float:
    """The share of the coach's questions, in %, turned away between two samples.

    >>> turned_away({"coach_count": 0, "coach_turned_away": 0},
    ...             {"coach_count": 30, "coach_turned_away": 10})
    25.0
    """
    given, away = (after[k] - before[k] for k in COACH_KEYS)
    return 100 * away / (given + away) if given + away else 0.0


def sample(ports: list[int], pids: list[int]) -> dict[str, Any]:
    """The servers' CPU, memory and counts now."""
    stats = [get_json(port, "/rooms/stats") for port in ports]
    procs = [proc_stats(pid) for pid in pids]
    thinkers = [proc_stats(child)[0] for pid in pids for child in children(pid)]
    out: dict[str, Any] = {
        "at": time.perf_counter(),
        "cpu": sum(cpu for cpu, _ in procs),
        "sys": sum(system_seconds(pid) for pid in pids),
        "thinkers_cpu": sum(thinkers),
        "rss": sum(rss for _, rss in procs),
    }
    for key in ("moves", "computer_cpu_seconds", "coach_cpu_seconds", *COACH_KEYS, *POOL_KEYS):
        out[key] = sum(s.get(key, 0) for s in stats)
    # a person's move inside its server: the worst process's (older servers say nothing)
    replies = [s.get("reply_ms") or {} for s in stats]
    for key, name in (("reply_p99", "p99"), *((k, k) for k in ("wait_p99", "busy_p99", STALL))):
        out[key] = max((r.get(name, float("nan")) for r in replies), default=float("nan"))
    return out


def row(
    setup: Setup | str,
    results: list[dict[str, Any]],
    before: dict[str, Any],
    after: dict[str, Any],
    base: list[tuple[float, int]],
    rooms: int,
    leaving: float = float("nan"),
) -> str:
    latencies = sorted(x for r in results for x in r["latencies"])
    moves = max(1, after["moves"] - before["moves"])
    seconds = after["at"] - before["at"]
    cpu = after["cpu"] - before["cpu"]
    thinkers = after["thinkers_cpu"] - before["thinkers_cpu"]
    # thinking done in the server itself (none with thinker processes)
    thinking = sum(after[k] - before[k] for k in ("computer_cpu_seconds", "coach_cpu_seconds"))
    thinking = max(0.0, thinking - thinkers)
    p50 = 1000 * statistics.median(latencies) if latencies else float("nan")
    p99 = 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan")
    grown = (after["rss"] - sum(rss for _, rss in base)) / rooms / 1024
    kernel = 100 * (after["sys"] - before["sys"]) / cpu if cpu else float("nan")
    finished = all(r["finished"] for r in results)
    sizes = [n for r in results for n in r.get("sizes", ())]
    update_bytes = statistics.mean(sizes) if sizes else float("nan")
    name = setup if isinstance(setup, str) else setup.name
    return (
        f"| {name} | {rooms} | {moves} | {moves / seconds:.0f} | {p50:.1f} | {p99:.1f} | "
        f"{after['wait_p99']:.1f} | {after['reply_p99']:.1f} | {after['busy_p99']:.1f} | "
        f"{after[STALL]:.1f} | "
        f"{1000 * (cpu - thinking) / moves:.2f} | {kernel:.0f} | "
        f"{1000 * (thinking + thinkers) / moves:.2f} | "
        f"{100 * cpu / seconds:.0f} | {100 * thinkers / seconds:.0f} | "
        f"{turned_away(before, after):.0f} | {grown:.0f} | {update_bytes:.0f} | "
        f"{leaving:.2f} | "
        f"{after['redis_waits'] - before['redis_waits']} "
        f"({after['redis_wait_seconds'] - before['redis_wait_seconds']:.2f} s) | "
        f"{os.getloadavg()[0]:.1f} | "
        f"{'yes' if finished else 'no (time limit)'} |"
    )


HEADER = (
    "| setup | rooms | moves | moves/s | median ms | p99 ms | in server: wait p99 ms | "
    "in server: to sent p99 ms | in server: CPU until sent p99 ms | in server: not running p99 ms | server's own CPU ms/move | of it kernel % | "
    "thinking CPU ms/move | server CPU % | thinkers CPU % | coach turned away % | KB/room | "
    "update B (mean) | leaving CPU ms/connection | "
    "Redis pool waits | "
    "load average | finished |"
)


def with_redis(run: Any) -> str:
    """Run ``run(url)`` against a fresh redis-server."""
    port = free_port()
    redis = subprocess.Popen(
        [REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        time.sleep(0.3)
        result: str = run(f"redis://127.0.0.1:{port}/0")
        return result
    finally:
        redis.terminate()
        redis.wait(10)


def run_setup(
    setup: Setup, args: argparse.Namespace, redis_url: str | None = None, variant: Variant = THIS
) -> str:
    profiles: list[Path | None] = [None] * setup.processes
    if args.profile and not setup.floor:  # the floor is not profiled
        args.profile.mkdir(parents=True, exist_ok=True)
        name = setup.name.split(":")[0] + (f"-{variant.label}" if variant.label else "")
        profiles = [args.profile / f"{name}-{k}.prof" for k in range(setup.processes)]
    servers: list[tuple[subprocess.Popen[bytes], int]] = []
    # the floor stops by itself, long after the run should have ended
    floor = START_SECONDS + setup.seconds + args.limit if setup.floor else 0.0
    try:
        for profile in profiles:  # the ones started are stopped if a later one fails
            servers.append(start_server(redis_url, profile, variant, floor))
        ports, pids = [p for _, p in servers], [s.pid for s, _ in servers]
        return measure(setup, ports, pids, args, variant.label)
    finally:
        for server, _ in servers:
            # SIGINT: uvicorn stops in order, so cProfile writes its stats
            stop_server(server, signal.SIGINT if args.profile else signal.SIGTERM)


def setups(args: argparse.Namespace) -> list[Setup]:
    think = (float(args.think[0]), float(args.think[1]))
    every = [
        Setup("human: 2 people + 2 computer players, one process", 2, think),
        Setup(
            "floor: the transport alone, 2 people a room sending moves, one process",
            2,
            think,
            seconds=args.floor_seconds,
            floor=True,
        ),
        Setup("one: saturation, 4 people, one process", 4, (0.0, 0.0), seconds=args.seconds),
        Setup(
            "two: saturation, 4 people, two processes over Redis (seats split)",
            4,
            (0.0, 0.0),
            seconds=args.seconds,
            processes=2,
        ),
    ]
    wanted = set(args.only.split(","))
    return [s for s in every if s.name.split(":")[0] in wanted]


def report(argv: list[str] | None = None) -> str:
    """Run the setups ``argv`` asks for, write the report to ``--out`` and return it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--think", type=float, nargs=2, default=(2.0, 5.0))
    parser.add_argument("--seconds", type=float, default=20.0, help="a saturation run's length")
    parser.add_argument("--only", default="human,floor,one,two")
    parser.add_argument(
        "--floor-seconds", type=float, default=60.0, help="the floor setup's length"
    )
    parser.add_argument("--limit", type=float, default=300.0)
    parser.add_argument("--out", type=Path, default=ROOT / "reports" / "rooms.md")
    parser.add_argument(
        "--profile", type=Path, help="run each server under cProfile, its stats in this folder"
    )
    parser.add_argument(
        "--variant",
        nargs=3,
        action="append",
        metavar=("LABEL", "ROOT", "ARGS"),
        help="a server to compare: a checkout's code and extra options (repeat it)",
    )
    parser.add_argument("--rounds", type=int, default=1, help="times each variant is run")
    args = parser.parse_args(argv)
    variants = [
        Variant(label, Path(root).resolve(), tuple(shlex.split(extra)))
        for label, root, extra in args.variant or []
    ] or [THIS]
    lines = [
        "## Private rooms under load",
        "",
        f"{args.rooms} rooms at once over loopback, the scripted people in {args.clients} "
        f"client processes of their own, on {os.cpu_count()} cores shared by servers and "
        "clients. See scripts/bench_rooms.py for each setup. CPU % is of one core; a move is "
        "every move the server accepted (people's and computer players'). The server's own "
        "work is its CPU time less the computer players' and the coach's thinking.",
        "",
        HEADER,
        "|" + "---|" * (HEADER.count("|") - 1),
    ]
    for _ in range(args.rounds):  # every setup and variant in each round: interleaved
        for setup in setups(args):
            for variant in [THIS] if setup.floor else variants:
                lines.append(run_one(setup, args, variant))
                print(lines[-1], flush=True)
    text = "\n".join(lines) + "\n"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    print(text)
    return text


def run_one(setup: Setup, args: argparse.Namespace, variant: Variant) -> str:
    """One row: ``setup`` against freshly started servers of ``variant``."""
    if setup.processes > 1:
        return with_redis(lambda url: run_setup(setup, args, url, variant))
    return run_setup(setup, args, None, variant)


def run() -> str:
    """The rooms section of ``make bench`` (scripts/bench.py): every setup."""
    return report([])


if __name__ == "__main__":
    report()
