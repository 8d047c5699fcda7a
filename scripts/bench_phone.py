"""Benchmark of a phone's first visit: ``run() -> str`` returns a Markdown section.

A phone on a slow network, as Chromium emulates it through the DevTools protocol: the CPU
four times slower (``Emulation.setCPUThrottlingRate``), 1.6 Mbit/s down and a 300 ms round
trip (``Network.emulateNetworkConditions``), a fresh profile each time, 390 px wide. The
site is built once and served by two hosts that compress as real ones do (harness.HOSTS):
a brotli host (the ``.br`` siblings, else ``.gz``) and a gzip-only host. On each host, for
the quiz, the first lesson and free play:

- **something to click**: navigation until a widget has a click handler and an enabled,
  visible control, on a page that has painted its content (what a reader can act on; the
  handler is seen being attached);
- **the engine answers**: navigation until Python's first answer (``runtime.ping``, asked
  the moment the runtime says it is ready);
- **bytes before Python**: what the host sent from navigation until that answer;
- **a scripted learner** who acts every ``ACT_EVERY_S`` from the moment something can be
  clicked, ``ACTIONS`` times: the next step if there is one (Next question, Continue,
  Check), else a choice (a card, a bid, an answer), rotating among them. An action *waits*
  when it is made before the engine answered and the widget shows no reply before the
  engine answered (a reply: a change of the widget's content, or of the clicked control's
  own state; the runtime's status line does not count). Worker calls posted because of
  the learner are counted too.

And, not throttled: the round trips to the engine's worker per learner decision in free
play (every message posted to the worker between a click and the learner's next turn),
and the bytes of its replies.

Where the time to something clickable goes (``--trace``, the brotli host): for each page
and for the floor (the site's 404 page: Material's shell with our styles and site.js, no
widget), the document, Material's CSS and JS, ours, the build data, fonts and Pyodide's
files, each kind's bytes and when its last file arrived before something could be clicked,
with the first contentful paint and the end of parsing (DOMContentLoaded).

Run alone with ``python scripts/bench_phone.py [--hosts brotli,gzip] [--pages quiz,...]``.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # type: ignore[import-not-found]  # noqa: E402  (the browser tests' server)
from bench_runtime import CountingServer  # noqa: E402

PAGES = {
    "quiz": "practice/quiz/",
    "first lesson": "practice/lessons/",
    "free play": "practice/play/",
}
HOSTS = ("brotli", "gzip")
NETWORK = {
    "offline": False,
    "latency": 300,
    "downloadThroughput": 200_000,
    "uploadThroughput": 75_000,
}
CPU_SLOWDOWN = 4
ACTIONS = 20
ACT_EVERY_S = 4.0
TIMEOUT_S = 180.0
DECISIONS = 10
FLOOR = "404.html"
AIM_CLICKABLE_S = 3.0
AIM_BYTES = {"brotli": 6_000_000, "gzip": 7_000_000}

# Before the page's scripts. Records (window.__bench): when something can first be clicked
# (a click handler attached inside a widget, and an enabled, visible control in it, once the
# page has painted its content: a control laid out but not yet on the screen is not), when
# the engine first answered, every message posted to the engine's worker and every reply,
# and the learner's actions (window.__act() makes one).
INSTRUMENT = r"""
(() => {
  const now = () => performance.now();
  const bench = (window.__bench = {
    handler: false, clickableAt: null, readyAt: null, engineAt: null,
    posted: [], replies: [], actions: [], turn: 0,
  });
  const EXCLUDED = /^(new|misses|new-game|cancel-new|export|hint|print|copy|reseed|leave|create|join|watch|confirm-no|reset.*)$/;
  const STEPS = new Set(["start", "next", "next-step", "next-lesson", "retry", "summary", "continue", "check"]);
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(url, options) {
      super(url, options);
      this.engine = String(url).includes("assets/euchre/worker.js");
      if (this.engine) {
        this.addEventListener("message", (event) => {
          const data = event.data || {};
          if (data.id !== undefined) bench.replies.push([now(), JSON.stringify(data).length]);
        });
      }
    }
    postMessage(message, transfer) {
      if (this.engine) bench.posted.push([now(), (message && message.method) || ""]);
      return transfer === undefined ? super.postMessage(message) : super.postMessage(message, transfer);
    }
  };
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if ((type === "click" || type === "pointerdown") && this instanceof Element && this.closest("[data-widget]")) {
      bench.handler = true;
    }
    return add.call(this, type, listener, options);
  };
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const usable = (el) => !el.disabled && el.getAttribute("aria-disabled") !== "true" && visible(el)
    && !el.closest(".eu-settings, .eu-runtime-status, details:not([open]) > :not(summary)");
  const controls = (root) => [...root.querySelectorAll("button, [data-action]")].filter(usable);
  const root = () => document.querySelector("article [data-widget]");
  // on the screen: laid out is not enough, the page must have painted its content
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  const timer = setInterval(() => {
    const widget = root();
    if (bench.handler && painted() && widget && controls(widget).length > 0) {
      bench.clickableAt = now();
      clearInterval(timer);
    }
  }, 50);
  document.addEventListener("euchre-runtime", async (event) => {
    if (event.detail.state !== "ready" || bench.readyAt !== null) return;
    bench.readyAt = now();
    const { getRuntime } = await import(RUNTIME_URL);
    await (await getRuntime()).call("runtime.ping");
    bench.engineAt = now();
  });
  // What a control does, for the learner: its data-action, or what its place says.
  const named = (el) => el.dataset.action
    || (el.matches("[data-lesson-next]") ? "next" : "")
    || (el.matches("[data-game-start]") ? "start" : "")
    || (el.matches("[data-review-continue]") ? "continue" : "")
    || (el.closest(".eu-choices") ? "bid" : "")
    || (el.closest(".eu-hand") ? "card" : "");
  // The learner's next action (the next step if there is one, else the next of the
  // choices in turn): its name, or null when there is nothing to click.
  window.__act = () => {
    const widget = root();
    const candidates = (widget ? controls(widget) : []).filter((el) => named(el) && !EXCLUDED.test(named(el)));
    const step = candidates.find((el) => STEPS.has(named(el)));
    const choices = candidates.filter((el) => !STEPS.has(named(el)));
    const control = step || choices[bench.turn % Math.max(choices.length, 1)] || null;
    bench.turn += 1;
    if (!control) return null;
    const record = { at: now(), action: named(control), replyAt: null };
    const watch = new MutationObserver((changes) => {
      const reply = changes.some((change) => {
        const target = change.target.nodeType === 1 ? change.target : change.target.parentElement;
        if (!target || target.closest(".eu-runtime-status")) return false;
        return change.type !== "attributes" || target === control;
      });
      if (reply) {
        record.replyAt = now();
        watch.disconnect();
      }
    });
    watch.observe(widget, { subtree: true, childList: true, characterData: true, attributes: true });
    bench.actions.push(record);
    control.click();
    return record.action;
  };
})();
"""


def _throttle(context: Any, page: Any) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})


def _phone_context(browser: Any, server: CountingServer) -> Any:
    return browser.new_context(
        base_url=server.url,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        service_workers="allow",
    )


def _wait_for(page: Any, expression: str, timeout_s: float) -> bool:
    try:
        page.wait_for_function(expression, timeout=timeout_s * 1000, polling=100)
    except Exception:
        return False
    return True


def learn(page: Any) -> None:
    """The scripted learner: ACTIONS actions, ACT_EVERY_S apart, from the moment something
    can be clicked (the page's own clock)."""
    start = page.evaluate("() => window.__bench.clickableAt")
    for number in range(ACTIONS):
        due = start + number * ACT_EVERY_S * 1000
        wait_ms = due - page.evaluate("() => performance.now()")
        if wait_ms > 0:
            page.wait_for_timeout(wait_ms)
        page.evaluate("() => window.__act()")


def instrument(server: CountingServer) -> str:
    """INSTRUMENT for a page of ``server``'s site."""
    return INSTRUMENT.replace("RUNTIME_URL", json.dumps(f"{server.url}assets/euchre/runtime.js"))


def visit(browser: Any, server: CountingServer, path: str) -> dict[str, Any]:
    """One first visit to ``path`` on a throttled phone, the learner acting; with the
    bytes the host sent until the engine answered (by path)."""
    context = _phone_context(browser, server)
    try:
        page = context.new_page()
        page.add_init_script(instrument(server))
        _throttle(context, page)
        server.counter.take()
        page.goto(path, wait_until="commit")
        started = time.monotonic()
        if _wait_for(page, "() => window.__bench.clickableAt !== null", TIMEOUT_S):
            learn(page)
        remaining = max(TIMEOUT_S - (time.monotonic() - started), 1.0)
        _wait_for(page, "() => window.__bench.engineAt !== null", remaining)
        bench: dict[str, Any] = page.evaluate("() => window.__bench")
        origin = page.evaluate("() => performance.timeOrigin") / 1000
        engine = bench.get("engineAt")
        sent = server.counter.sent_before(origin + engine / 1000) if engine is not None else {}
        server.counter.take()
        bench["bytes"] = dict(sent)
        return bench
    finally:
        context.close()


def waited(bench: dict[str, Any]) -> list[bool]:
    """For each learner action, whether it waited for Python: made before the engine was
    ready, with no reply before that (a widget's click waiting for the engine is answered
    the moment the runtime is ready, before the benchmark's own question).

    >>> waited({"readyAt": 1000, "actions": [
    ...     {"at": 100, "replyAt": 120}, {"at": 200, "replyAt": 1000},
    ...     {"at": 300, "replyAt": None}, {"at": 1200, "replyAt": None}]})
    [False, True, True, False]
    """
    ready = bench.get("readyAt")
    answered_at = float("inf") if ready is None else ready
    return [
        action["at"] < answered_at
        and (action["replyAt"] is None or action["replyAt"] >= answered_at)
        for action in bench["actions"]
    ]


def learner_calls(bench: dict[str, Any]) -> int:
    """Messages posted to the engine's worker after the learner's first action (the
    benchmark's own ``runtime.ping`` left out)."""
    actions = bench["actions"]
    if not actions:
        return 0
    first = actions[0]["at"]
    return sum(1 for at, method in bench["posted"] if at >= first and method != "runtime.ping")


# In free play, not throttled: one decision after another (start the game; then the first
# bid, or the next card of the hand in turn, or the review's Continue), counting what goes
# to the worker and comes back between a click and the learner's next turn. A card the
# rules refuse is a decision too: it ends when its reason is shown.
DECIDE = r"""
async (turn) => {
  const root = document.querySelector("[data-widget=game]");
  const bench = window.__bench;
  const start = root.querySelector("[data-game-start]");
  const refused = () => root.querySelector(".eu-message")?.dataset.kind === "illegal";
  const settled = () => root.dataset.yourTurn === "true" || root.dataset.review === "open"
    || root.dataset.gameOver === "true";
  const hurry = () => root.querySelector(".eu-game")?.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
  const until = async (test) => {
    for (let i = 0; i < 600 && !test(); i += 1) {
      hurry();
      await new Promise((done) => setTimeout(done, 50));
    }
    return test();
  };
  if (!start && !(await until(settled))) return null;
  const usable = (el) => !el.disabled && el.getClientRects().length > 0;
  const cards = [...root.querySelectorAll(".eu-hand button")].filter(usable);
  const control = start
    || (root.dataset.review === "open" ? root.querySelector("[data-review-continue]") : null)
    || [...root.querySelectorAll(".eu-choices button")].find(usable)
    || cards[turn % Math.max(cards.length, 1)];
  if (!control) return null;
  const message = root.querySelector(".eu-message");
  if (message) message.dataset.kind = "";
  const posted = bench.posted.length;
  const replies = bench.replies.length;
  const kind = start ? "start" : control.closest(".eu-hand") ? "card" : "bid or continue";
  control.click();
  await until(() => refused() || !settled() || (start && !root.querySelector("[data-game-start]")));
  const moved = refused() || (await until(settled));
  const bytes = bench.replies.slice(replies).map(([, n]) => n);
  return { kind, moved, refused: refused(), posted: bench.posted.length - posted, bytes };
}
"""
# Free play's settings for the decisions: fast, hurried, no sound or motion (as the
# browser tests play it).
FAST_SETTINGS = json.dumps(
    {
        "v": 1,
        "data": {"speed": "fast", "hurry": True, "sound": False, "motion": "reduce", "flat": False},
    }
)


def decisions(browser: Any, server: CountingServer, count: int = DECISIONS) -> list[dict[str, Any]]:
    """Free play's decisions after the engine has started (not throttled)."""
    context = browser.new_context(base_url=server.url)
    try:
        page = context.new_page()
        page.add_init_script(instrument(server))
        page.add_init_script(
            f"localStorage.setItem('euchre.settings', {json.dumps(FAST_SETTINGS)})"
        )
        page.goto(PAGES["free play"])
        harness.wait_ready(page, "[data-widget=game]")
        made = []
        for turn in range(count):
            result = page.evaluate(DECIDE, turn)
            if result is None:
                break
            made.append(result)
        return made
    finally:
        context.close()


# What each file is, by its address, for the trace (first match wins).
KINDS = (
    ("assets/stylesheets/", "Material's CSS"),
    ("assets/javascripts/", "Material's JS"),
    ("assets/euchre/", "our CSS and JS"),
    ("prebuilt/", "build data"),
    ("runtime/", "Pyodide and bytecode"),
    (".woff", "fonts"),
)
# The page's timeline, read when something could be clicked (or at once on the floor).
TIMELINE = r"""
() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const files = performance.getEntriesByType("resource").map((e) => ({
    name: e.name, bytes: e.transferSize, start: e.startTime, end: e.responseEnd,
  }));
  files.unshift({ name: "document", bytes: nav.transferSize, start: 0, end: nav.responseEnd });
  return {
    files, paint: paint ? paint.startTime : null, parsed: nav.domContentLoadedEventEnd,
    clickable: window.__bench ? window.__bench.clickableAt : null,
  };
}
"""


def kind_of(name: str) -> str:
    """The trace's kind of a file, by its address.

    >>> kind_of("http://h/assets/stylesheets/main.css"), kind_of("document")
    ("Material's CSS", 'document')
    >>> kind_of("http://h/assets/euchre/site.js"), kind_of("http://h/favicon.png")
    ('our CSS and JS', 'other')
    """
    if name == "document":
        return name
    return next((kind for part, kind in KINDS if part in name), "other")


def trace(browser: Any, server: CountingServer, path: str) -> dict[str, Any]:
    """One throttled first visit to ``path``, its timeline when something could be clicked
    (on the floor, which has no widget: once it is parsed and painted)."""
    context = _phone_context(browser, server)
    try:
        page = context.new_page()
        page.add_init_script(instrument(server))
        _throttle(context, page)
        page.goto(path, wait_until="commit")
        if path == FLOOR:
            _wait_for(page, "() => document.readyState === 'complete'", TIMEOUT_S)
        else:
            _wait_for(page, "() => window.__bench.clickableAt !== null", TIMEOUT_S)
        timeline: dict[str, Any] = page.evaluate(TIMELINE)
        return timeline
    finally:
        context.close()


def trace_rows(name: str, timeline: dict[str, Any]) -> list[str]:
    """The trace of one page as table rows: each kind's files before the moment measured."""
    until = timeline["clickable"] or timeline["parsed"]
    kinds: dict[str, list[float]] = {}
    for file in timeline["files"]:
        if file["start"] <= until:
            got = kinds.setdefault(kind_of(file["name"]), [0, 0, 0.0])
            got[0] += 1
            got[1] += file["bytes"]
            got[2] = max(got[2], file["end"])
    rows = [
        f"| {name} | {kind} | {int(n)} | {b / 1000:.0f} KB | {_s(end)} |"
        for kind, (n, b, end) in sorted(kinds.items(), key=lambda item: item[1][2])
    ]
    marks = (
        f"first paint {_s(timeline['paint'])}, parsed {_s(timeline['parsed'] or None)}, "
        f"something to click {_s(timeline['clickable'])}"
    )
    return [*rows, f"| {name} | *{marks}* | | | |"]


def against_floor(traces: dict[str, dict[str, Any]]) -> str:
    """Each page's time to something clickable as a multiple of the floor's first paint
    and of its end of parsing, from traces of one run (the ratios hold on a loaded
    machine, where the times do not); "" without a floor.

    >>> against_floor({"quiz": {"clickable": 3000}, "floor": {"paint": 1500, "parsed": 6000}})
    "Against the floor (its first paint 1.5 s, parsed 6.0 s; same run): quiz's something to click 2.00 and 0.50 of them."
    >>> against_floor({"quiz": {"clickable": None}, "floor": {"paint": 1500, "parsed": 6000}})
    "Against the floor (its first paint 1.5 s, parsed 6.0 s; same run): quiz's something to click never."
    """
    floor = traces.get("floor")
    if not floor or not floor.get("paint") or not floor.get("parsed"):
        return ""
    paint, parsed = floor["paint"], floor["parsed"]
    pages = []
    for name, timeline in traces.items():
        if name == "floor":
            continue
        clickable = timeline.get("clickable")
        pages.append(
            f"{name}'s something to click never"
            if clickable is None
            else f"{name}'s something to click {clickable / paint:.2f} and {clickable / parsed:.2f}"
            " of them"
        )
    return (
        f"Against the floor (its first paint {_s(paint)}, parsed {_s(parsed)}; same run): "
        f"{'; '.join(pages)}."
    )


def collect(
    hosts: Sequence[str] = HOSTS, pages: Sequence[str] = tuple(PAGES), traced: bool = True
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="euchre-bench-phone-") as scratch:
        site = Path(scratch) / "site"
        servers = {host: CountingServer(site, host) for host in hosts}
        try:
            # one build serves both hosts: built for the first one's address (the others
            # then lose only instant navigation, which a first visit does not use)
            harness.build_site(site, servers[hosts[0]].url)
            return _browse(servers, hosts, pages, traced)
        finally:
            for server in servers.values():
                server.stop()


def _browse(
    servers: dict[str, CountingServer], hosts: Sequence[str], pages: Sequence[str], traced: bool
) -> dict[str, Any]:
    """Visit every page from every host in one Chromium, then time the free-play decisions
    (and, ``traced``, trace each page and the floor from the first host)."""
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {"visits": {}, "decisions": [], "traces": {}}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=harness.CHROMIUM, headless=True, args=harness.CHROMIUM_ARGS
        )
        try:
            for host in hosts:
                for name in pages:
                    key = f"{host} {name}"
                    print(f"bench phone: {key}", flush=True)
                    results["visits"][key] = visit(browser, servers[host], PAGES[name])
            if "free play" in pages:
                results["decisions"] = decisions(browser, servers[hosts[0]])
            for name, path in [*((n, PAGES[n]) for n in pages), ("floor", FLOOR)] if traced else []:
                print(f"bench phone: trace {name}", flush=True)
                results["traces"][name] = trace(browser, servers[hosts[0]], path)
        finally:
            browser.close()
    return results


def _s(ms: float | None) -> str:
    return "never" if ms is None else f"{ms / 1000:.1f} s"


def _mb(n: float) -> str:
    return f"{n / 1_000_000:.2f} MB"


def _bytes_before(bench: dict[str, Any]) -> int:
    return sum(bench["bytes"].values()) if bench.get("engineAt") is not None else 0


def _by_kind(sent: dict[str, int]) -> str:
    kinds: collections.Counter[str] = collections.Counter()
    for path, n in sent.items():
        name = path.rsplit("/", 1)[-1]
        if "/runtime/pyodide/" in path:
            kinds[
                "wasm"
                if name.endswith(".wasm")
                else "stdlib"
                if name.endswith(".zip")
                else "Pyodide's JS"
            ] += n
        elif "/runtime/" in path:
            kinds["bytecode" if name == "bytecode.zip" else "wheels and manifest"] += n
        else:
            kinds["pages and assets"] += n
    return ", ".join(f"{kind} {_mb(n)}" for kind, n in kinds.most_common())


def visit_verdicts(key: str, bench: dict[str, Any]) -> list[tuple[str, bool]]:
    """The aims one visit (``key``: "host page") is judged by, each with whether it is met."""
    host, page = key.split(" ", 1)
    clickable = bench.get("clickableAt")
    waits = waited(bench)
    verdicts = [
        (
            f"{key}: something to click within {AIM_CLICKABLE_S:.0f} s",
            clickable is not None and clickable <= AIM_CLICKABLE_S * 1000,
        ),
        (
            f"{key}: none of the first {ACTIONS} actions waits",
            len(waits) == ACTIONS and not any(waits),
        ),
    ]
    sent = _bytes_before(bench)
    if page == "first lesson" and sent:
        aim = AIM_BYTES[host]
        verdicts.append(
            (f"{host} host: bytes before Python at most {_mb(aim)} ({_mb(sent)})", sent <= aim)
        )
    return verdicts


def _visit_row(key: str, bench: dict[str, Any]) -> str:
    host, page = key.split(" ", 1)
    waits = waited(bench)
    sent = _bytes_before(bench)
    return (
        f"| {host} | {page} | {_s(bench.get('clickableAt'))} | {_s(bench.get('engineAt'))} "
        f"| {_mb(sent) if sent else '-'} | {sum(waits)} of {len(waits)} | {learner_calls(bench)} |"
    )


def decisions_line(decisions: list[dict[str, Any]]) -> str:
    """Free play's round trips and reply bytes per decision (the game's start left out)."""
    made = [d for d in decisions if d["kind"] != "start"]
    if not made:
        return "Free play: no decision could be made."
    trips = [d["posted"] for d in made]
    per_decision = [sum(d["bytes"]) for d in made]
    refused = sum(1 for d in made if d["refused"])
    return (
        f"Free play, {len(made)} decisions once the engine runs ({refused} of them a card "
        f"the rules refuse; not throttled): round trips to the worker per decision "
        f"{statistics.mean(trips):.1f} on average, {max(trips)} at most (aim: 1); reply "
        f"bytes per decision {statistics.median(per_decision):.0f} median, "
        f"{max(per_decision)} at most."
    )


def render(results: dict[str, Any]) -> str:
    visits: dict[str, dict[str, Any]] = results["visits"]
    lines = [
        "## A phone's first visit (CPU x4, 1.6 Mbit/s, 300 ms round trip)",
        "",
        f"Chromium through the DevTools protocol, a fresh profile per visit, 390 px wide. A "
        f"scripted learner acts every {ACT_EVERY_S:.0f} s from the moment something can be "
        f"clicked; an action *waits* when it is made before the engine was ready and the "
        f"widget shows no reply before that.",
        "",
        "| host | page | something to click | engine answers | bytes before Python "
        f"| of the first {ACTIONS} actions, waited | worker calls by the learner |",
        "|---|---|---|---|---|---|---|",
        *(_visit_row(key, bench) for key, bench in visits.items()),
        "",
        "| aim | verdict |",
        "|---|---|",
    ]
    for key, bench in visits.items():
        lines += [
            f"| {aim} | {'met' if ok else '**not met**'} |"
            for aim, ok in visit_verdicts(key, bench)
        ]
    lines.append("")
    for key, bench in visits.items():
        if key.endswith("first lesson") and bench.get("engineAt") is not None:
            lines.append(
                f"Bytes before Python, {key.split(' ')[0]} host: {_by_kind(bench['bytes'])}."
            )
    if results["decisions"] or "free play" in " ".join(visits):
        lines.append(decisions_line(results["decisions"]))
    if results.get("traces"):
        lines += [
            "",
            "Where the time to something clickable goes (one throttled visit each; the floor "
            "is the site's 404 page, no widget: until it is parsed):",
            "",
            "| page | kind | files | bytes | last arrived |",
            "|---|---|---|---|---|",
        ]
        for name, timeline in results["traces"].items():
            lines += trace_rows(name, timeline)
        floor = against_floor(results["traces"])
        if floor:
            lines += ["", floor]
    return "\n".join(lines) + "\n"


def run() -> str:
    """Measure and return the Markdown section (for scripts/bench.py)."""
    return render(collect())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hosts", default=",".join(HOSTS))
    parser.add_argument("--pages", default=",".join(PAGES))
    parser.add_argument("--json", help="also write the raw results here")
    parser.add_argument("--no-trace", action="store_true", help="leave the trace out")
    args = parser.parse_args(argv)
    results = collect(args.hosts.split(","), args.pages.split(","), not args.no_trace)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    print(render(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
