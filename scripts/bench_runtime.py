"""Benchmark of the in-browser runtime: ``run() -> str`` returns a Markdown section.

The site is built for the bench server's own address (``SITE_URL``, as the browser tests
do) and served by a host that compresses as real ones do (the precompressed ``.br`` or
``.gz`` siblings with Content-Encoding, gzip on the fly for compressible types without
one, ``max-age`` caching). In headless Chromium, in each of RUNS runs (times: medians, with their range):

- a first visit to a practice page in a fresh context: the bytes the host sends (every
  request counted at the server: the page, the engine's worker and the service worker),
  until Python's first answer and in all once the service worker has cached the site in
  idle time; the time from navigation to Python's first answer (a trump explorer order
  asked as soon as the runtime says it is ready) and the worker's own start timings;
- the repeat visit in that context (everything cached): the same time;
- a repeat visit to the same site on a host that revalidates every file (``no-cache``) and
  answers each request SLOW_HOST_DELAY late, as a phone's network would: what the
  visit's own requests cost (the page is asked for; the engine's scripts and files come
  from the service worker's versioned cache);
- with Pyodide blocked: the time from navigation to the trump explorer showing the order
  of another trump chosen the moment it is drawn (an answer from the build's data);
- a bare Pyodide boot (loadPyodide only) for scale, and the repeat visit's share of it
  (aim: at most half), in each run and as the ratio of the medians;
- the repeat visit and the bare boot again in a Chromium that no DevTools client drives, as
  a learner's is (Playwright's costs a start time of its own: scripts/bench_no_devtools.py),
  and that share.

A phone on a slow network is the phone section (scripts/bench_phone.py).

Players' decision times come from the players section (scripts/bench_players.py).
Run alone with ``python scripts/bench_runtime.py [runs]`` (prints the section).
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import bench_no_devtools  # noqa: E402  (scripts/, beside this one)
import harness  # type: ignore[import-not-found]  # noqa: E402  (the browser tests' server)

# Visits are noisy on a shared 2-core machine (tens of milliseconds from run to run):
# each time is the median of RUNS fresh contexts, with the fastest and slowest beside it.
RUNS = 5
PRACTICE_PAGE = "rules/cards/"
TIMEOUT_MS = 180_000
BUILD_DATA_TIMEOUT_MS = 15_000
BUDGET_BYTES = 9_000_000
AIM_COLD_SECONDS = 1.0
AIM_REPEAT_SECONDS = 0.5
# A host that revalidates every file, each answer this late (a phone's round trip, about):
# a repeat visit's own requests show in its time.
SLOW_HOST_DELAY = 0.15

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide boot</title></head>
<body><p>Bare Pyodide boot (benchmark page).</p>
<script type="module">
const index = new URL("../runtime/pyodide/", location.href).href;
const manifest = await (await fetch(new URL("../runtime/manifest.json", location.href))).json();
const { loadPyodide } = await import(index + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: index, lockFileContents: manifest.pyodide.lock });
pyodide.runPython("1 + 1");
window.__bareBootMs = performance.now();
</script></body></html>
"""

# Before the page's scripts: the moment the runtime is ready, ask Python for a trump
# order and record when the answer arrives (the first answer from Python).
ASK_PYTHON_WHEN_READY = """
document.addEventListener("euchre-runtime", (event) => {
  if (event.detail.state !== "ready" || window.__readyMs !== undefined) return;
  window.__readyMs = performance.now();
  import(RUNTIME_URL)
    .then((module) => module.getRuntime())
    .then((runtime) => runtime.call("trump_explorer.order", { trump: "s" }))
    .then(() => { window.__pythonMs = performance.now(); });
});
"""

# Before the page's scripts: choose another trump in the explorer the moment it listens,
# and record when it shows that trump's order (data-trump follows).
CHOOSE_TRUMP_WHEN_LISTENING = """
new MutationObserver((_, watcher) => {
  const root = document.querySelector("[data-widget='trump-explorer']");
  const radios = root ? [...root.querySelectorAll("input[type=radio]")] : [];
  // the choices are enabled the moment the widget listens (they are drawn disabled)
  if (!root || radios.length === 0 || radios.some((radio) => radio.disabled) || window.__chosen) return;
  window.__chosen = true;
  watcher.disconnect();
  const next = radios.find((radio) => radio.value !== root.dataset.trump);
  new MutationObserver((__, answer) => {
    if (root.dataset.trump === next.value) {
      answer.disconnect();
      window.__explorerMs = performance.now();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-trump"], subtree: true });
  next.click();
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"] });
"""


# The size of the memory snapshot this browser made and keeps in its private file system
# (0: none).
STORED_SNAPSHOT_BYTES = r"""async () => {
  try {
    const root = await navigator.storage.getDirectory();
    return (await (await root.getFileHandle("euchre-snapshot.bin")).getFile()).size;
  } catch {
    return 0;
  }
}"""


class Counter:
    """Bytes of response bodies sent by a server, per path; read and reset by ``take()``.
    ``sent_before(moment)`` (a ``time.time()``) counts only what was sent until then."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: collections.Counter[str] = collections.Counter()
        self.log: list[tuple[float, str, int]] = []

    def add(self, path: str, n: int) -> None:
        with self.lock:
            self.sent[path] += n
            self.log.append((time.time(), path, n))

    def sent_before(self, moment: float) -> collections.Counter[str]:
        with self.lock:
            sent: collections.Counter[str] = collections.Counter()
            for when, path, n in self.log:
                if when <= moment:
                    sent[path] += n
        return sent

    def take(self) -> collections.Counter[str]:
        with self.lock:
            sent, self.sent = self.sent, collections.Counter()
            self.log = []
        return sent


class CountingServer(harness.SiteServer):  # type: ignore[misc]
    """A test host of the kind ``host`` (harness.HOSTS: "brotli" sends the precompressed
    brotli or gzip siblings, "gzip" only the gzip ones, "none" nothing compressed),
    counting the body bytes it sends per path. ``revalidating``: every answer says
    ``no-cache`` (the browser asks again for each file on each visit); ``delay``: how long
    each request waits before it is answered (a phone's round trip)."""

    def __init__(self, directory: Path, host: str = "brotli", revalidating: bool = False) -> None:
        counter = self.counter = Counter()
        self.delay = 0.0  # seconds each request waits before it is answered
        served = self

        class Handler(harness.HOSTS[host]):  # type: ignore[misc]
            if revalidating:
                cache_control = "no-cache"

            def do_GET(self) -> None:
                time.sleep(served.delay)
                super().do_GET()

            def copyfile(self, source: Any, outputfile: Any) -> None:
                data = source.read()
                counter.add(self.path.split("?", 1)[0], len(data))
                outputfile.write(data)

        super().__init__(directory, Handler)


def _group(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    if "/runtime/" in path:
        return "engine: " + ("snapshot" if name.startswith("snapshot-") else name)
    return "pages and assets"


def _fresh_context(browser: Any, server: CountingServer, **options: Any) -> Any:
    return browser.new_context(base_url=server.url, **options)


def _asking_page(context: Any, server: CountingServer) -> Any:
    """A page of ``context`` that asks Python a question the moment the engine is ready."""
    page = context.new_page()
    runtime_url = json.dumps(f"{server.url}assets/euchre/runtime.js")
    page.add_init_script(ASK_PYTHON_WHEN_READY.replace("RUNTIME_URL", runtime_url))
    return page


def _visit(page: Any) -> None:
    """Open the practice page and wait for Python's first answer."""
    page.goto(PRACTICE_PAGE)
    page.wait_for_function("() => window.__pythonMs !== undefined", timeout=TIMEOUT_MS)


def _until_everything_is_kept(page: Any) -> None:
    """Wait until the service worker controls the page and has kept what a repeat visit
    needs (the glue loaded once through it: runtime.js's warmGlue)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    page.wait_for_function(
        "() => window.__euchreRuntime && window.__euchreRuntime.glueWarmed !== null",
        timeout=TIMEOUT_MS,
    )
    time.sleep(1.0)  # the page's own cache-pages message


def measure_first_and_repeat(browser: Any, server: CountingServer) -> dict[str, Any]:
    context = _fresh_context(browser, server)
    try:
        page = _asking_page(context, server)
        server.counter.take()
        _visit(page)
        cold = page.evaluate("() => [window.__readyMs, window.__pythonMs]")
        info = _info(page, server)
        cold_worker_after = _worker_after(page, info)
        until_answer = server.counter.take()
        _until_everything_is_kept(page)
        idle = server.counter.take()
        stored = page.evaluate(STORED_SNAPSHOT_BYTES)
        _visit(page)
        repeat = page.evaluate("() => [window.__readyMs, window.__pythonMs]")
        repeat_info = _info(page, server)
        repeat_worker_after = _worker_after(page, repeat_info)
        repeat_bytes = sum(server.counter.take().values())
        return {
            "cold": cold[1] / 1000,
            "cold_ready": cold[0] / 1000,
            "cold_boot": info.get("boot"),
            "cold_timings": info.get("timings", {}),
            "cold_worker_after": cold_worker_after,
            "snapshot_made": info.get("snapshot_made"),
            "snapshot_stored_bytes": stored,
            "until_answer": until_answer,
            "idle": idle,
            "repeat": repeat[1] / 1000,
            "repeat_ready": repeat[0] / 1000,
            "repeat_boot": repeat_info.get("boot"),
            "repeat_timings": repeat_info.get("timings", {}),
            "repeat_worker_after": repeat_worker_after,
            "repeat_bytes": repeat_bytes,
        }
    finally:
        context.close()


def measure_slow_repeat(browser: Any, server: CountingServer) -> float:
    """Seconds to the first answer from Python on a repeat visit to ``server`` (a
    revalidating host) when each of its answers comes SLOW_HOST_DELAY s late: the first
    visit at full speed, until the service worker keeps everything."""
    context = _fresh_context(browser, server)
    try:
        page = _asking_page(context, server)
        _visit(page)
        _until_everything_is_kept(page)
        server.delay = SLOW_HOST_DELAY
        try:
            _visit(page)
        finally:
            server.delay = 0.0
        return float(page.evaluate("() => window.__pythonMs")) / 1000
    finally:
        context.close()


def _worker_after(page: Any, info: dict[str, Any]) -> float | None:
    """Milliseconds from the page's navigation to the start of its engine worker."""
    origin = info.get("worker_origin_ms")
    if not isinstance(origin, (int, float)):
        return None
    return float(origin) - float(page.evaluate("() => performance.timeOrigin"))


def _info(page: Any, server: CountingServer) -> dict[str, Any]:
    info: dict[str, Any] = page.evaluate(
        "async (url) => (await (await import(url)).getRuntime()).info",
        f"{server.url}assets/euchre/runtime.js",
    )
    return info


def measure_build_data_answer(browser: Any, server: CountingServer) -> float | None:
    """Seconds to the trump explorer's answer with Pyodide blocked (None: no answer)."""
    context = _fresh_context(browser, server, service_workers="block")
    try:
        context.route("**/runtime/pyodide/**", lambda route: route.abort())
        page = context.new_page()
        page.add_init_script(CHOOSE_TRUMP_WHEN_LISTENING)
        page.goto(PRACTICE_PAGE)
        try:
            page.wait_for_function(
                "() => window.__explorerMs !== undefined", timeout=BUILD_DATA_TIMEOUT_MS
            )
        except Exception:
            return None
        return float(page.evaluate("() => window.__explorerMs")) / 1000
    finally:
        context.close()


def measure_bare(browser: Any, server: CountingServer) -> float:
    context = _fresh_context(browser, server, service_workers="block")
    try:
        page = context.new_page()
        page.goto("bench/bare.html")
        page.wait_for_function("() => window.__bareBootMs !== undefined", timeout=TIMEOUT_MS)
        return float(page.evaluate("() => window.__bareBootMs")) / 1000
    finally:
        context.close()


def collect(runs: int = RUNS) -> dict[str, Any]:
    results: dict[str, Any] = {
        "visits": [],
        "build_data": [],
        "bare": [],
        "slow_repeat": [],
        "no_devtools": [],
    }
    with tempfile.TemporaryDirectory(prefix="euchre-bench-") as scratch:
        site = Path(scratch) / "site"
        server = CountingServer(site)
        slow = None
        try:
            harness.build_site(site, server.url)
            results.update(_runtime_files(site))
            slow = CountingServer(site, revalidating=True)
            _measure_runs((server, slow), runs, results)
        finally:
            server.stop()
            if slow is not None:
                slow.stop()
    return results


def _runtime_files(site: Path) -> dict[str, Any]:
    """Add the bare-boot page to the built ``site``; its runtime manifest and file sizes."""
    (site / "bench").mkdir(exist_ok=True)
    (site / "bench" / "bare.html").write_text(BARE_PAGE)
    bench_no_devtools.add_pages(site, PRACTICE_PAGE, BARE_PAGE)
    return {
        "manifest": json.loads((site / "runtime" / "manifest.json").read_text()),
        "files": {
            path.relative_to(site).as_posix(): path.stat().st_size
            for path in sorted((site / "runtime").rglob("*"))
            if path.is_file()
        },
    }


def _measure_runs(
    servers: tuple[CountingServer, CountingServer], runs: int, results: dict[str, Any]
) -> None:
    """Measure every visit ``runs`` times in one Chromium, appending to ``results``
    (``servers``: the site's usual host, and a revalidating one of the same files)."""
    server, slow = servers
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=harness.CHROMIUM, headless=True, args=harness.CHROMIUM_ARGS
        )
        try:
            for _ in range(runs):
                results["visits"].append(measure_first_and_repeat(browser, server))
                results["build_data"].append(measure_build_data_answer(browser, server))
                results["bare"].append(measure_bare(browser, server))
                results["slow_repeat"].append(measure_slow_repeat(browser, slow))
                results["no_devtools"].append(
                    bench_no_devtools.measure(
                        server, harness.CHROMIUM, harness.CHROMIUM_ARGS, PRACTICE_PAGE
                    )
                )
        finally:
            browser.close()


def _median(values: list[float | None]) -> float | None:
    clean = [v for v in values if v is not None and v == v]
    return statistics.median(clean) if clean else None


def _s(value: float | None) -> str:
    return "no answer" if value is None else f"{value:.2f} s"


def _spread(values: list[float | None]) -> str:
    """The median of `values` and, when there are several, their range.

    >>> _spread([0.61, 0.52, 0.55])
    '0.55 s (0.52 to 0.61)'
    """
    clean = sorted(v for v in values if v is not None and v == v)
    if len(clean) < 2:
        return _s(_median(values))
    return f"{_s(_median(values))} ({clean[0]:.2f} to {clean[-1]:.2f})"


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f} ms"


def _mb(n: float) -> str:
    return f"{n / 1_000_000:.2f} MB"


def _verdict(ok: bool) -> str:
    return "met" if ok else "**not met**"


AIM_REPEAT_SHARE = 0.5


def repeat_shares(visits: list[dict[str, Any]], bare: list[float | None]) -> list[float]:
    """Each run's repeat visit as a share of that run's bare ``loadPyodide``.

    >>> repeat_shares([{"repeat": 0.5}, {"repeat": 0.6}, {"repeat": 0.7}], [1.0, None, 1.4])
    [0.5, 0.5]
    """
    return [
        visit["repeat"] / alone
        for visit, alone in zip(visits, bare, strict=True)
        if alone and visit.get("repeat") is not None
    ]


def _repeat_share_row(visits: list[dict[str, Any]], bare: list[float | None]) -> str:
    shares = sorted(repeat_shares(visits, bare))
    if not shares:
        return f"| repeat visit <= {AIM_REPEAT_SHARE} of a bare loadPyodide | no answer | **not met** |"
    middle = statistics.median(shares)
    spread = f" (runs: {', '.join(f'{x:.2f}' for x in shares)})" if len(shares) > 1 else ""
    return (
        f"| repeat visit <= {AIM_REPEAT_SHARE} of a bare loadPyodide of the same run "
        f"| {middle:.2f}{spread} | {_verdict(middle <= AIM_REPEAT_SHARE)} |"
    )


START_STEPS = (
    "go",
    "manifest",
    "loader",
    "glue",
    "wasm",
    "module",
    "pyodide",
    "wheels",
    "snapshot",
    "bridge",
)


def _measures(results: dict[str, Any]) -> list[str]:
    visits = results["visits"]
    first = visits[0]
    until = sum(first["until_answer"].values())
    idle = sum(first["idle"].values())
    return [
        "| measure | time | bytes the host sent |",
        "|---|---|---|",
        f"| first visit: first answer from Python (cold cache) | {_spread([v['cold'] for v in visits])} "
        f"| {_mb(until)} |",
        f"| first visit: idle-time caching by the service worker (every page) | | {_mb(idle)} |",
        f"| first visit in all | | {_mb(until + idle)} |",
        f"| repeat visit: first answer from Python | {_spread([v['repeat'] for v in visits])} "
        f"| {_mb(first['repeat_bytes'])} |",
        f"| repeat visit, a host that revalidates every file and answers each request "
        f"{SLOW_HOST_DELAY * 1000:.0f} ms late: first answer from Python "
        f"| {_spread(results.get('slow_repeat', []))} | |",
        f"| Pyodide blocked: trump explorer answers from the build's data "
        f"| {_spread(results['build_data'])} | |",
        f"| bare Pyodide boot (loadPyodide only, for scale) | {_spread(results['bare'])} | |",
        f"| no DevTools client attached: repeat visit, first answer from Python "
        f"| {_spread([r['repeat'] for r in results.get('no_devtools', [])])} | |",
        f"| no DevTools client attached: bare Pyodide boot "
        f"| {_spread([r['bare'] for r in results.get('no_devtools', [])])} | |",
    ]


def _aims(results: dict[str, Any]) -> list[str]:
    visits = results["visits"]
    first = visits[0]
    until = sum(first["until_answer"].values())
    idle = sum(first["idle"].values())
    cold = _median([v["cold"] for v in visits])
    repeat = _median([v["repeat"] for v in visits])
    return [
        "| aim | measured | verdict |",
        "|---|---|---|",
        f"| first visit <= {_mb(BUDGET_BYTES)} until Python answers | {_mb(until)} | "
        f"{_verdict(until <= BUDGET_BYTES)} |",
        f"| first visit <= {_mb(BUDGET_BYTES)} in all (with the idle-time caching) | "
        f"{_mb(until + idle)} | {_verdict(until + idle <= BUDGET_BYTES)} |",
        f"| first answer from Python, cold, <= {AIM_COLD_SECONDS:.1f} s | {_s(cold)} | "
        f"{_verdict(cold is not None and cold <= AIM_COLD_SECONDS)} |",
        f"| first answer from Python, repeat, <= {AIM_REPEAT_SECONDS:.1f} s | {_s(repeat)} | "
        f"{_verdict(repeat is not None and repeat <= AIM_REPEAT_SECONDS)} |",
        _repeat_share_row(visits, results["bare"]),
        _no_devtools_share_row(results.get("no_devtools", [])),
    ]


def _no_devtools_share_row(runs: list[dict[str, Any]]) -> str:
    shares = sorted(run["repeat"] / run["bare"] for run in runs if run.get("bare"))
    if not shares:
        return "| the same, no DevTools client attached (as a learner's browser) | no answer | |"
    middle = statistics.median(shares)
    spread = f" (runs: {', '.join(f'{x:.2f}' for x in shares)})" if len(shares) > 1 else ""
    return (
        f"| the same, no DevTools client attached (as a learner's browser) "
        f"| {middle:.2f}{spread} | {_verdict(middle <= AIM_REPEAT_SHARE)} |"
    )


def _start_steps(first: dict[str, Any]) -> str:
    steps = "; ".join(
        f"{step} {first['cold_timings'].get(step, '-')} / {first['repeat_timings'].get(step, '-')}"
        for step in START_STEPS
    )
    return (
        f"The worker's start, ms after it began (cold / repeat): {steps} (go: the page's styles "
        f"and scripts are in, and a first visit's large downloads begin; glue, wasm, module: "
        f"Pyodide's JavaScript starts, its wasm is instantiated, its module exists, on a start "
        f"from the snapshot). The worker began {_ms(first.get('cold_worker_after'))} / "
        f"{_ms(first.get('repeat_worker_after'))} after navigation."
    )


def _snapshot_note(results: dict[str, Any]) -> str:
    first = results["visits"][0]
    stdlib = _mb(results["files"].get("runtime/pyodide/python_stdlib.zip", 0))
    if not results["manifest"].get("snapshot"):
        return f"No memory snapshot (built with --no-snapshot). The trimmed standard library: {stdlib}."
    made = first["cold_timings"]
    step = (
        f"the recipe's step took {made['snapshot'] - made['wheels']} ms (mostly the imports "
        f"the bridge needs anyway: the bridge step after it took "
        f"{made['bridge'] - made['snapshot']} ms)"
        if {"snapshot", "wheels", "bridge"} <= made.keys()
        else "none was made"
    )
    return (
        f"The memory snapshot is made by the reader's browser on the first visit, none is "
        f"downloaded: made {bool(first['snapshot_made'])}, kept packed in its private file "
        f"system {_mb(first['snapshot_stored_bytes'])}; {step}. The trimmed standard library: "
        f"{stdlib} (stored: the host compresses it)."
    )


def render(results: dict[str, Any]) -> str:
    visits = results["visits"]
    first = visits[0]
    by_group: collections.Counter[str] = collections.Counter()
    for part in (first["until_answer"], first["idle"]):
        for path, n in part.items():
            by_group[_group(path)] += n
    duplicates = [p for p, _ in first["until_answer"].items() if p in first["idle"]]
    lines = [
        "## In-browser runtime (Pyodide in a worker)",
        "",
        f"Headless Chromium, the site built for and served by a local host that sends the "
        f"precompressed siblings (`.br`, else `.gz`, else gzip on the fly; max-age), "
        f"{len(visits)} run(s); Pyodide {results['manifest']['pyodide']['version']}; first visit "
        f"boots {first['cold_boot']}, repeat visit boots {first['repeat_boot']}.",
        "",
        *_measures(results),
        "",
        *_aims(results),
        "",
        "Bytes of the first visit by file: "
        + ", ".join(f"{name} {_mb(n)}" for name, n in by_group.most_common())
        + ".",
        "",
        _start_steps(first),
        _snapshot_note(results),
        "Files downloaded twice during the first visit: "
        + (", ".join(duplicates) if duplicates else "none")
        + ".",
        "The players' decision times under Pyodide are in the players section "
        "(scripts/bench_players.py); a phone's first visit in the phone section "
        "(scripts/bench_phone.py).",
    ]
    return "\n".join(lines) + "\n"


def run(runs: int = RUNS) -> str:
    """Measure and return the Markdown section (for scripts/bench.py)."""
    return render(collect(runs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "runs", nargs="?", type=int, default=RUNS, help=f"visits of each kind (default {RUNS})"
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("runs must be at least 1")
    print(run(args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
