"""Benchmark of the in-browser runtime: ``run() -> str`` returns a Markdown section.

In headless Chromium against a local server (the built site under a sub-path), each
measurement in a fresh browser context (cold cache, no service worker), all in one run:

- bare Pyodide boot: a page that only imports pyodide.mjs and calls loadPyodide();
- snapshot boot and the plain-start fallback (the same site with the snapshot switched off);
- time from navigation to the trump explorer answering its first click (a suit chosen as
  soon as the widget is ready, until its new order is drawn);
- time for a second widget page, reached by instant navigation, to be interactive;
- bytes sent by the server for each path (counted at the server, so the worker's
  downloads are included), and the gzip size of our own JavaScript, CSS and wheels.

Run alone with ``python scripts/bench_runtime.py`` (prints the section).
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import harness  # type: ignore[import-not-found]  # noqa: E402  (the browser tests' server)

REPEATS = 3
WIDGET_PAGE = "rules/cards/"
TIMEOUT_MS = 120_000
AIM_PLAIN_RATIO = 1.15
AIM_SNAPSHOT_SECONDS = 1.0
AIM_SNAPSHOT_RATIO = 0.3
AIM_SECOND_PAGE_SECONDS = 0.3
AIM_OWN_BYTES = 150 * 1024

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide boot</title></head>
<body><p>Bare Pyodide boot (benchmark page).</p>
<script type="module">
const index = new URL("../runtime/pyodide/", location.href).href;
const { loadPyodide } = await import(index + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: index });
pyodide.runPython("1 + 1");
window.__bareBootMs = performance.now();
</script></body></html>
"""

# Set up before the page's scripts: record when the runtime is ready.
WATCH_RUNTIME = """
document.addEventListener("euchre-runtime", (event) => {
  if (event.detail.state === "ready" && window.__readyMs === undefined) {
    window.__readyMs = performance.now();
  }
});
"""


CLICK_WHEN_READY = """
new MutationObserver((_, watcher) => {
  const root = document.querySelector("[data-widget='trump-explorer'][data-ready='true']");
  if (!root || window.__clicked) return;
  window.__clicked = true;
  watcher.disconnect();
  const radios = [...root.querySelectorAll("input[type=radio]")];
  const next = radios.find((radio) => radio.value !== root.dataset.trump);
  new MutationObserver((__, answer) => {
    if (root.dataset.trump === next.value) {
      answer.disconnect();
      window.__answerMs = performance.now();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-trump"] });
  next.click();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
"""


class Counter:
    """Bytes of response bodies sent by a server, read and reset by ``take()``."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = 0

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n

    def take(self) -> int:
        with self.lock:
            value, self.bytes = self.bytes, 0
        return value


class CountingServer(harness.SiteServer):  # type: ignore[misc]
    """The browser tests' server (sub-path, MIME types), counting the bytes it sends."""

    def __init__(self, directory: Path) -> None:
        counter = self.counter = Counter()

        class Handler(harness._Handler):  # type: ignore[misc]
            def copyfile(self, source: Any, outputfile: Any) -> None:
                data = source.read()
                counter.add(len(data))
                outputfile.write(data)

        super().__init__(directory, Handler)


def site_dir() -> Path:
    site = Path(os.environ.get("EUCHRE_SITE_DIR") or ROOT / "site")
    if not (site / "runtime" / "manifest.json").exists():
        raise SystemExit(f"{site} is not a built site with a runtime: run `make site` first")
    return site


@contextmanager
def site_variants(site: Path) -> Iterator[tuple[Path, Path]]:
    """Two hard-linked copies of the site: as built (plus the bare page), and without
    its snapshot (the plain-start path)."""
    with tempfile.TemporaryDirectory(prefix="euchre-bench-") as scratch:
        normal = Path(scratch) / "normal"
        plain = Path(scratch) / "plain"
        for copy in (normal, plain):
            shutil.copytree(site, copy, copy_function=harness.link_or_copy)
        (normal / "bench").mkdir(exist_ok=True)
        (normal / "bench" / "bare.html").write_text(BARE_PAGE)
        manifest = json.loads((plain / "runtime" / "manifest.json").read_text())
        manifest["snapshot"] = None
        harness.replace_file(plain / "runtime" / "manifest.json", json.dumps(manifest))
        yield normal, plain


def second_widget_page(site: Path) -> str | None:
    """Another page with a widget, if the site has one (else the trump explorer's page is
    revisited through another page)."""
    for path in sorted(site.rglob("index.html")):
        rel = path.parent.relative_to(site).as_posix() + "/"
        if rel in (WIDGET_PAGE, "./", "bench/") or rel.startswith("embed/"):
            continue
        if "data-widget=" in path.read_text(errors="replace"):
            return rel
    return None


def measure_bare(browser: Any, server: CountingServer) -> tuple[float, int]:
    context = browser.new_context(base_url=server.url, service_workers="block")
    try:
        page = context.new_page()
        server.counter.take()
        page.goto("bench/bare.html")
        page.wait_for_function("() => window.__bareBootMs !== undefined", timeout=TIMEOUT_MS)
        ms = page.evaluate("() => window.__bareBootMs")
        return ms / 1000, server.counter.take()
    finally:
        context.close()


def measure_widget_path(browser: Any, server: CountingServer, second: str | None) -> dict[str, Any]:
    """Navigation to the trump explorer's first answer; then a second widget page."""
    context = browser.new_context(base_url=server.url, service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(WATCH_RUNTIME)
        server.counter.take()
        page.add_init_script(CLICK_WHEN_READY)
        page.goto(WIDGET_PAGE)
        # The click is made in the page the moment the explorer is ready, as a reader's
        # would be: the harness's own round trips are not counted.
        page.wait_for_function("() => window.__answerMs !== undefined", timeout=TIMEOUT_MS)
        answer_ms = page.evaluate("() => window.__answerMs")
        first_bytes = server.counter.take()
        info = page.evaluate(
            """async (url) => (await (await import(url)).getRuntime()).info""",
            f"{server.url}assets/euchre/runtime.js",
        )
        second_s = measure_second_page(page, second)
        return {
            "ready": page.evaluate("() => window.__readyMs") / 1000,
            "answer": answer_ms / 1000,
            "bytes": first_bytes,
            "boot": info.get("boot"),
            "second": second_s,
            "second_bytes": server.counter.take(),
        }
    finally:
        context.close()


def measure_second_page(page: Any, second: str | None) -> float | None:
    """Seconds from clicking a link to a widget page until its widgets are ready."""
    nav = ".md-sidebar--primary a.md-nav__link"
    if second is None:
        away = page.locator(f"{nav}:not([href$='{WIDGET_PAGE}'])").first
        if away.count() == 0:
            return None
        away.click()
        page.wait_for_function("() => !location.pathname.endsWith('rules/cards/')")
        page.wait_for_timeout(300)
        target = WIDGET_PAGE
    else:
        target = second
    link = page.locator(f"{nav}[href$='{target}']").first
    if link.count() == 0:
        return None
    page.evaluate("() => { window.__sameDocument = true; }")
    started = page.evaluate("() => performance.now()")
    link.click()
    page.wait_for_function(
        """(target) => {
            const roots = [...document.querySelectorAll("[data-widget]")];
            return location.pathname.endsWith(target) && roots.length > 0
                && roots.every((root) => root.dataset.ready === "true");
        }""",
        arg=target,
        timeout=TIMEOUT_MS,
    )
    ended = page.evaluate("() => window.__sameDocument ? performance.now() : null")
    if ended is None:
        return float("nan")  # a full page load, not instant navigation
    return float(ended - started) / 1000


def own_asset_sizes(site: Path) -> dict[str, int]:
    """gzip -9 sizes of our JavaScript, CSS and wheels as the site ships them."""
    groups: dict[str, list[Path]] = {
        "JavaScript": [*sorted((site / "assets" / "euchre").rglob("*.js")), site / "sw.js"],
        "CSS": sorted((site / "assets" / "euchre").rglob("*.css")),
        "wheels": sorted((site / "runtime" / "wheels").glob("*.whl")),
    }
    return {
        name: sum(len(gzip.compress(p.read_bytes(), 9)) for p in paths if p.exists())
        for name, paths in groups.items()
    }


def _median(values: list[float]) -> float:
    clean = [v for v in values if v == v]  # drop NaN
    return statistics.median(clean) if clean else float("nan")


def _mb(n: float) -> str:
    return f"{n / 1_000_000:.1f} MB"


def _verdict(ok: bool) -> str:
    return "met" if ok else "**not met**"


def collect(runs: int = REPEATS) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    site = site_dir()
    second = second_widget_page(site)
    results: dict[str, Any] = {"bare": [], "snapshot": [], "plain": [], "second": second}
    with site_variants(site) as (normal_dir, plain_dir), sync_playwright() as playwright:
        normal, plain = CountingServer(normal_dir), CountingServer(plain_dir)
        browser = playwright.chromium.launch(
            executable_path=harness.CHROMIUM, headless=True, args=harness.CHROMIUM_ARGS
        )
        try:
            for _ in range(runs):
                results["bare"].append(measure_bare(browser, normal))
                results["snapshot"].append(measure_widget_path(browser, normal, second))
                results["plain"].append(measure_widget_path(browser, plain, second))
        finally:
            browser.close()
            normal.stop()
            plain.stop()
    results["own"] = own_asset_sizes(site)
    results["manifest"] = json.loads((site / "runtime" / "manifest.json").read_text())
    return results


def render(results: dict[str, Any]) -> str:
    bare = _median([s for s, _ in results["bare"]])
    bare_bytes = _median([b for _, b in results["bare"]])
    snap, plain = results["snapshot"], results["plain"]
    snap_answer = _median([r["answer"] for r in snap])
    plain_answer = _median([r["answer"] for r in plain])
    second = _median([r["second"] for r in snap + plain if r["second"] is not None])
    own = results["own"]
    own_total = sum(own.values())
    manifest = results["manifest"]
    boots = sorted({r["boot"] for r in snap}) + sorted({r["boot"] for r in plain})
    lines = [
        "## In-browser runtime (Pyodide in a worker)",
        "",
        f"Headless Chromium, local server, cold cache, median of {len(snap)} runs; "
        f"Pyodide {manifest['pyodide']['version']}; boots seen: {', '.join(boots)}.",
        "",
        "| measure | time | bytes sent |",
        "|---|---|---|",
        f"| bare Pyodide boot (loadPyodide only) | {bare:.2f} s | {_mb(bare_bytes)} |",
        f"| snapshot boot: runtime ready | {_median([r['ready'] for r in snap]):.2f} s | |",
        f"| snapshot boot: trump explorer's first answer | {snap_answer:.2f} s | "
        f"{_mb(_median([r['bytes'] for r in snap]))} |",
        f"| plain start: runtime ready | {_median([r['ready'] for r in plain]):.2f} s | |",
        f"| plain start: trump explorer's first answer | {plain_answer:.2f} s | "
        f"{_mb(_median([r['bytes'] for r in plain]))} |",
        f"| second widget page by instant navigation | {second:.3f} s | |",
        "",
        "| aim | measured | verdict |",
        "|---|---|---|",
        f"| first answer without snapshot <= {AIM_PLAIN_RATIO} x bare boot | "
        f"{plain_answer / bare:.2f} x | {_verdict(plain_answer <= AIM_PLAIN_RATIO * bare)} |",
        f"| first answer with snapshot <= {AIM_SNAPSHOT_SECONDS:.1f} s | {snap_answer:.2f} s | "
        f"{_verdict(snap_answer <= AIM_SNAPSHOT_SECONDS)} |",
        f"| first answer with snapshot <= {AIM_SNAPSHOT_RATIO} x bare boot | "
        f"{snap_answer / bare:.2f} x | {_verdict(snap_answer <= AIM_SNAPSHOT_RATIO * bare)} |",
        f"| second widget page < {AIM_SECOND_PAGE_SECONDS} s | {second:.3f} s | "
        f"{_verdict(second < AIM_SECOND_PAGE_SECONDS)} |",
        f"| our JS + CSS + wheels < {AIM_OWN_BYTES // 1024} KB gzip | "
        f"{own_total / 1024:.1f} KB | {_verdict(own_total < AIM_OWN_BYTES)} |",
        "",
        "Our own assets, gzip -9: "
        + ", ".join(f"{name} {size / 1024:.1f} KB" for name, size in own.items())
        + ".",
    ]
    if manifest.get("snapshot"):
        lines.append(
            f"The memory snapshot: {_mb(manifest['snapshot']['bytes'])} gzip, "
            f"{_mb(manifest['snapshot']['raw_bytes'])} raw."
        )
    if results["second"] is None:
        lines.append(
            "The site has one widget page: the second page is the trump explorer's page "
            "reached again from another page by instant navigation."
        )
    return "\n".join(lines) + "\n"


def run(runs: int = REPEATS) -> str:
    """Measure and return the Markdown section (for scripts/bench.py)."""
    return render(collect(runs))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    runs = int(args[0]) if args else REPEATS
    print(run(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())

