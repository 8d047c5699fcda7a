"""The repeat visit and a bare ``loadPyodide`` in a Chromium that no DevTools client drives.

Playwright drives Chromium through the DevTools protocol, and an attached client costs a
start time of its own: measured on 7 December (eight repeat visits and bare boots each,
interleaved, fresh profiles, a quiet machine), the repeat visit's first answer from Python
came at a median of 0.66 s under Playwright and 0.53 s with Chromium started directly,
a bare ``loadPyodide`` at 1.17 s and 1.10 s: 0.54 and 0.49 of it. A learner's browser has
no such client, so the benchmark measures this way too. Read the two shares side by side,
not as the client's cost alone: the two launches differ in their flags as well (Playwright
adds its own), and the same self-timing page opened both ways (four pairs, 11:17 UTC) gave
a repeat visit 0.10 s faster started directly but a bare boot 0.11 s slower. Chromium is
started directly, in a fresh profile each run, on a copy of the practice page that
measures itself and tells the host (a request for ``bench/report.txt?...``, which the
host's log of requests keeps):
a first visit, then, once the service worker controls the page and has kept what a
repeat visit needs, the page reloads itself once (the repeat visit). The bare boot is
``bench/bare.html`` with the same report.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

REPORT = "bench/report.txt"
PAGE_NAME = "no-devtools.html"
BARE_NAME = "bare-no-devtools.html"
TIMEOUT_S = 180.0

# In the copy of the practice page's head: the first answer from Python (a trump order
# asked the moment the runtime is ready), reported with the visit's number (1: the first
# visit, 2: the repeat visit); after the first visit the page waits until everything is
# kept (as bench_runtime's _until_everything_is_kept) and reloads itself.
REPORTER = """<script>
(() => {
  const visit = Number(sessionStorage.getItem("benchVisit") || "0") + 1;
  sessionStorage.setItem("benchVisit", String(visit));
  const report = (fields) =>
    fetch(new URL("../../REPORT?" + new URLSearchParams(fields), location.href)).catch(() => {});
  const kept = () => navigator.serviceWorker.controller !== null
    && window.__euchreRuntime && window.__euchreRuntime.glueWarmed !== null;
  document.addEventListener("euchre-runtime", async (event) => {
    if (event.detail.state !== "ready" || window.__benchAsked) return;
    window.__benchAsked = true;
    const { getRuntime } = await import(new URL("../../assets/euchre/runtime.js", location.href).href);
    const runtime = await getRuntime();
    await runtime.call("trump_explorer.order", { trump: "s" });
    await report({ visit, python: Math.round(performance.now()), boot: runtime.info.boot });
    if (visit > 1) return;
    while (!kept()) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    location.reload();
  });
})();
</script>""".replace("REPORT", REPORT)

BARE_REPORT = (
    "fetch(new URL('../REPORT?bare=' + Math.round(window.__bareBootMs), location.href));"
).replace("REPORT", REPORT)


def add_pages(site: Path, practice_page: str, bare_page: str) -> None:
    """Write the self-measuring copies of the practice page and of the bare-boot page
    (``bare_page``: its HTML, which sets ``window.__bareBootMs``) into the built ``site``."""
    page = site / practice_page / "index.html"
    html = page.read_text(encoding="utf-8").replace("<head>", "<head>" + REPORTER, 1)
    (site / practice_page / PAGE_NAME).write_text(html, encoding="utf-8")
    (site / "bench").mkdir(exist_ok=True)
    (site / REPORT).write_text("")
    marker = "window.__bareBootMs = performance.now();"
    if marker not in bare_page or "<head>" not in html:
        raise ValueError("the pages to copy no longer have the places the reports go")
    (site / "bench" / BARE_NAME).write_text(bare_page.replace(marker, marker + " " + BARE_REPORT))


def _reports(server: Any, since: int) -> list[dict[str, str]]:
    return [
        {key: values[0] for key, values in parse_qs(urlsplit(path).query).items()}
        for path, _ in server.requests()[since:]
        if REPORT in path
    ]


def _open_until(
    server: Any, chromium: str, args: list[str], url: str, wanted: Callable[[dict[str, str]], bool]
) -> dict[str, str]:
    """Start Chromium (no DevTools client, a fresh profile) on ``url`` and wait for the
    first report that is ``wanted`` (its fields); the browser is stopped either way."""
    profile = tempfile.mkdtemp(prefix="euchre-bench-profile-")
    since = len(server.requests())
    browser = subprocess.Popen(
        [chromium, "--headless=new", f"--user-data-dir={profile}", "--no-first-run", *args, url],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while time.monotonic() < deadline:
            found = [report for report in _reports(server, since) if wanted(report)]
            if found:
                return found[0]
            time.sleep(0.2)
        raise TimeoutError(f"no report from {url} in {TIMEOUT_S:.0f} s")
    finally:
        browser.terminate()
        try:
            browser.wait(timeout=10)
        except subprocess.TimeoutExpired:
            browser.kill()
        shutil.rmtree(profile, ignore_errors=True)


def measure(server: Any, chromium: str, args: list[str], practice_page: str) -> dict[str, Any]:
    """One run, each in a fresh profile: the repeat visit's first answer from Python and a
    bare ``loadPyodide``, in seconds from navigation: {"repeat", "repeat_boot", "bare"}."""
    page = f"{server.url}{practice_page}{PAGE_NAME}"
    repeat = _open_until(server, chromium, args, page, lambda report: report.get("visit") == "2")
    bare_page = f"{server.url}bench/{BARE_NAME}"
    bare = _open_until(server, chromium, args, bare_page, lambda report: "bare" in report)
    return {
        "repeat": float(repeat["python"]) / 1000,
        "repeat_boot": repeat.get("boot"),
        "bare": float(bare["bare"]) / 1000,
    }
