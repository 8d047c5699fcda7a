"""The in-browser runtime: one Pyodide per visit in a worker, started plainly on a first
visit, which makes the memory snapshot in the browser (none is downloaded) and keeps it in
the site's private file system, and from that snapshot on later visits; a plain start as
the fallback when the kept snapshot is damaged or was made from other files, a readable
page when it cannot start at all, and a service worker that makes a visited widget page
work offline."""

from __future__ import annotations

import hashlib
import json
import re
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import (
    SiteServer,
    allow_console_errors,
    go_offline,
    goto,
    page_server,
    replace_file,
    runtime_call,
    site_url,
    wait_ready,
)

WIDGET_PAGE = "rules/cards/"
WIDGET = "[data-widget]"
COUNT_WORKERS = """
(() => {
  const Original = window.Worker;
  window.__euchreWorkers = [];
  window.Worker = class extends Original {
    constructor(url, options) {
      super(url, options);
      window.__euchreWorkers.push(String(url));
    }
  };
  window.__runtimeEvents = [];
  document.addEventListener("euchre-runtime", (event) => window.__runtimeEvents.push(event.detail));
})();
"""
NOT_FOUND = r"404|Failed to load resource"

SiteCopy = Callable[[Callable[[Path], None]], SiteServer]


def engine_workers(page: Any) -> list[str]:
    urls: list[str] = page.evaluate("() => window.__euchreWorkers")
    return [url for url in urls if "assets/euchre/worker.js" in url]


def manifest(root: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((root / "runtime" / "manifest.json").read_text())
    return data


def boot_info(page: Any) -> dict[str, Any]:
    info: dict[str, Any] = runtime_call(page, "runtime.info")
    return info


# ------------------------------------------------------------------ the normal path

# The size of the memory snapshot this browser keeps in its private file system (0: none).
SNAPSHOT_KEPT = """async () => {
    try {
        const root = await navigator.storage.getDirectory();
        return (await (await root.getFileHandle("euchre-snapshot.bin")).getFile()).size;
    } catch {
        return 0;
    }
}"""


def wait_for_the_service_worker(page: Any) -> None:
    """Wait until the service worker controls the page: the worker has then kept the
    snapshot it made, and the service worker has cached the engine and every page."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=90_000)


def visit_again(page: Any) -> None:
    """The repeat visit: after the service worker has cached everything, load the page
    again (a new document, so a new worker)."""
    wait_for_the_service_worker(page)
    page.reload(wait_until="load")
    wait_ready(page, WIDGET)


def bytecode_files(root: Path) -> int:
    """The number of files in the site's bytecode.zip (the wheels' modules compiled)."""
    with zipfile.ZipFile(root / "runtime" / manifest(root)["bytecode"]["file"]) as archive:
        return len(archive.namelist())


def test_a_first_visit_starts_plainly_and_the_next_from_the_snapshot(page: Any) -> None:
    page.add_init_script(COUNT_WORKERS)
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    first = boot_info(page)
    assert first["boot"] == "plain" and first["snapshot_made"] is True
    assert "no snapshot was made in this browser yet" in (first["snapshot_refused"] or "")
    # the plain start wrote the wheels' bytecode beside them (Python compiles none of ours)
    assert first["bytecode_files"] == bytecode_files(page_server(page).directory) > 50
    visit_again(page)
    info = boot_info(page)
    assert info["boot"] == "snapshot", info.get("snapshot_refused")
    assert info["snapshot_read_by"] == "reader"  # kept-snapshot.js, off the engine's thread
    assert info["snapshot_made"] is False
    assert info["bytecode_files"] == 0  # the snapshot has the recipe's modules imported
    # the steps of the start the benchmark reports, in the order they happen
    steps = page.evaluate(
        "async (url) => (await (await import(url)).getRuntime()).info.timings",
        site_url(page, "assets/euchre/runtime.js"),
    )
    order = ["loader", "glue", "wasm", "module", "pyodide", "wheels", "bridge"]
    assert [steps[step] for step in order] == sorted(steps[step] for step in order), steps
    # the rest (modules imported on first use) gets its bytecode once the engine answers
    deadline = time.monotonic() + 30
    while "bytecode_files_later" not in info and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        info = boot_info(page)
    assert info.get("bytecode_files_later") == first["bytecode_files"]
    assert info["widget_errors"] == {}
    assert runtime_call(page, "runtime.ping") == "pong"
    assert len(engine_workers(page)) == 1


def test_the_glue_is_loaded_once_through_the_new_service_worker(page: Any) -> None:
    """When the service worker first takes control, Pyodide's glue is loaded through it once
    (warm-glue.js), so that Chrome keeps its compiled code for the next visit; a visit
    under that service worker does not do it again."""
    page.add_init_script(COUNT_WORKERS)
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    wait_for_the_service_worker(page)
    page.wait_for_function("() => window.__euchreRuntime.glueWarmed !== null", timeout=60_000)
    assert page.evaluate("() => window.__euchreRuntime.glueWarmed") == "done"
    warmers = [url for url in page.evaluate("() => window.__euchreWorkers") if "warm-glue" in url]
    assert len(warmers) == 1
    visit_again(page)
    page.wait_for_timeout(1000)
    assert not any("warm-glue" in url for url in page.evaluate("() => window.__euchreWorkers"))
    assert page.evaluate("() => window.__euchreRuntime.glueWarmed") is None


# From the moment the engine is ready, ask it one question after another for 1.5 s, then
# note whether the snapshot had been kept meanwhile.
ASK_WITHOUT_PAUSE_WHEN_READY = """
document.addEventListener("euchre-runtime", async (event) => {
  if (event.detail.state !== "ready" || window.__asking !== undefined) return;
  window.__asking = null;
  const { getRuntime } = await import(RUNTIME_URL);
  const runtime = await getRuntime();
  const until = performance.now() + 1500;
  let answered = 0;
  while (performance.now() < until) {
    await runtime.call("trump_explorer.order", { trump: answered % 2 ? "h" : "s" });
    answered += 1;
  }
  let kept = true;
  try {
    await (await navigator.storage.getDirectory()).getFileHandle("euchre-snapshot.bin");
  } catch {
    kept = false;
  }
  window.__asking = { answered, kept };
});
"""


ENGINE_SCRIPTS = ("worker.js", "snapshot.js", "kept-snapshot.js")

# Whether the runtime cache holds each of the engine's scripts.
ENGINE_SCRIPTS_KEPT = """async (names) => {
    const runtime = (await caches.keys()).filter((name) => name.startsWith("euchre-runtime-"));
    if (runtime.length !== 1) return false;
    const cache = await caches.open(runtime[0]);
    const kept = await Promise.all(
        names.map((name) => cache.match(new URL(`assets/euchre/${name}`, document.baseURI)))
    );
    return kept.every((response) => response !== undefined);
}"""


def script_requests(server: SiteServer, since: int) -> list[str]:
    """The engine's scripts the host was asked for (any answer, 304s too) since request
    number ``since``."""
    return [
        path
        for path, _ in server.requests()[since:]
        if path.split("?", 1)[0].rsplit("/", 1)[-1] in ENGINE_SCRIPTS
    ]


def test_the_manifest_names_the_engine_s_scripts_as_the_site_has_them(site_dir: Path) -> None:
    entries = manifest(site_dir)["engine_scripts"]
    assert [entry["file"] for entry in entries] == [
        f"../assets/euchre/{name}" for name in ENGINE_SCRIPTS
    ]
    for entry in entries:
        path = site_dir / "runtime" / entry["file"]
        assert hashlib.sha256(path.resolve().read_bytes()).hexdigest() == entry["sha256"]


def test_a_repeat_visit_starts_the_engine_without_asking_the_host_for_its_scripts(
    page: Any,
) -> None:
    """The test host revalidates every file (no-cache), as many hosts do: without the
    runtime cache, each of the engine's scripts would be asked for again before the engine
    could start."""
    server = page_server(page)
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    wait_for_the_service_worker(page)
    page.wait_for_function(ENGINE_SCRIPTS_KEPT, arg=list(ENGINE_SCRIPTS), timeout=60_000)
    before = len(server.requests())
    page.reload(wait_until="load")
    wait_ready(page, WIDGET)
    assert boot_info(page)["boot"] == "snapshot"
    assert any(path.endswith(WIDGET_PAGE) for path, _ in server.requests()[before:])
    assert script_requests(server, before) == []


def test_an_engine_script_that_is_not_the_build_s_is_not_kept(
    new_page: Callable[..., Any], site_copy: SiteCopy
) -> None:
    """A host whose worker.js is not the one the manifest names (a newer build half
    uploaded): the service worker keeps the other two scripts, never that one, and the page
    keeps asking the host for it; the engine starts either way."""

    def change_the_worker(root: Path) -> None:
        path = root / "assets" / "euchre" / "worker.js"
        replace_file(path, path.read_text() + "\n// a later build\n")

    server = site_copy(change_the_worker)
    page = new_page(server)
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    wait_for_the_service_worker(page)
    page.wait_for_function(ENGINE_SCRIPTS_KEPT, arg=list(ENGINE_SCRIPTS[1:]), timeout=60_000)
    assert page.evaluate(ENGINE_SCRIPTS_KEPT, ["worker.js"]) is False
    before = len(server.requests())
    page.reload(wait_until="load")
    wait_ready(page, WIDGET)
    assert runtime_call(page, "runtime.ping") == "pong"
    assert [path.rsplit("/", 1)[-1] for path in script_requests(server, before)] == ["worker.js"]


def test_the_snapshot_is_kept_when_the_page_stops_asking(page: Any) -> None:
    # keeping it takes the worker's thread a while: questions asked without a pause are
    # answered first, and it is kept once they stop
    page.add_init_script(
        ASK_WITHOUT_PAUSE_WHEN_READY.replace(
            "RUNTIME_URL", json.dumps(site_url(page, "assets/euchre/runtime.js"))
        )
    )
    goto(page, WIDGET_PAGE)
    page.wait_for_function("() => window.__asking", timeout=90_000)
    asking = page.evaluate("() => window.__asking")
    assert asking["answered"] > 20
    assert asking["kept"] is False
    assert boot_info(page)["snapshot_made"] is True
    page.wait_for_function(f"() => ({SNAPSHOT_KEPT})().then((size) => size > 0)", timeout=30_000)


def test_a_first_visit_fetches_no_file_twice(page: Any) -> None:
    server = page_server(page)
    before = len(server.requests())
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    wait_for_the_service_worker(page)
    if manifest(server.directory)["snapshot"] is not None:
        assert page.evaluate(SNAPSHOT_KEPT) > 0
    downloads = [path for path, status in server.requests()[before:] if status == 200]
    twice = sorted({path for path in downloads if downloads.count(path) > 1})
    assert twice == [], f"downloaded more than once: {twice}"
    asked = [path for path, _ in server.requests()[before:] if "/snapshot-" in path]
    assert asked == [], f"the snapshot is made in the browser, never downloaded: {asked}"
    assert not any(path.endswith("pyodide-lock.json") for path in downloads)


def test_status_events_report_progress_then_ready(page: Any) -> None:
    page.add_init_script(COUNT_WORKERS)
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    page.wait_for_function("() => window.__runtimeEvents.some((e) => e.state === 'ready')")
    events = page.evaluate("() => window.__runtimeEvents")
    states = [event["state"] for event in events]
    assert states[0] == "loading" and states[-1] == "ready"
    progress = [event["progress"] for event in events]
    assert progress == sorted(progress) and progress[-1] == 1
    status = page.evaluate(
        "async (url) => (await import(url)).runtimeStatus()",
        site_url(page, "assets/euchre/runtime.js"),
    )
    assert status == {"state": "ready", "progress": 1, "message": "Ready", "boot": "plain"}


def test_python_errors_reach_the_page_as_plain_errors(page: Any) -> None:
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    message = page.evaluate(
        """async (url) => {
            const runtime = await (await import(url)).getRuntime();
            try { await runtime.call("no.such.method", {}); return "resolved"; }
            catch (error) { return error instanceof Error ? error.message : "not an Error"; }
        }""",
        site_url(page, "assets/euchre/runtime.js"),
    )
    assert message == "There is no method 'no.such.method' in the card engine."


def _other_nav_link(page: Any, exclude: str) -> str:
    href: str | None = page.evaluate(
        """(exclude) => {
            const links = [...document.querySelectorAll(".md-sidebar--primary a.md-nav__link[href]")];
            const here = location.href.split("#")[0];
            const other = links.find((a) => a.href.split("#")[0] !== here
                && !a.href.includes(exclude) && !a.getAttribute("href").startsWith("#")
                && a.offsetParent !== null);
            return other ? other.getAttribute("href") : null;
        }""",
        exclude,
    )
    assert href, "no other page in the navigation to click"
    return href


def test_instant_navigation_keeps_one_pyodide(page: Any) -> None:
    page.add_init_script(COUNT_WORKERS)
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    page.evaluate("() => { window.__sameDocument = true; }")

    away = _other_nav_link(page, WIDGET_PAGE)
    page.click(f".md-sidebar--primary a.md-nav__link[href='{away}']")
    page.wait_for_function("(away) => !location.pathname.endsWith('rules/cards/')", arg=away)
    back = page.locator(f".md-sidebar--primary a.md-nav__link[href$='{WIDGET_PAGE}']").first
    back.click()
    page.wait_for_url(re.compile(re.escape(WIDGET_PAGE) + "$"))
    wait_ready(page, WIDGET)

    assert page.evaluate("() => window.__sameDocument === true"), (
        "the page was reloaded: instant navigation is off (Material follows only links listed "
        "in sitemap.xml, which needs site_url in mkdocs.yml)"
    )
    assert len(engine_workers(page)) == 1
    assert runtime_call(page, "runtime.ping") == "pong"


# ------------------------------------------------------------------ when Pyodide cannot start


def test_without_pyodide_the_page_says_so_and_stays_readable(
    new_page: Callable[..., Any], site_copy: SiteCopy
) -> None:
    reference = new_page(java_script_enabled=False)
    goto(reference, WIDGET_PAGE)
    reference.evaluate("() => document.querySelectorAll('noscript').forEach((n) => n.remove())")
    text_without_js = reference.inner_text("article")

    server = site_copy(lambda root: _remove(root / "runtime" / "pyodide"))
    page = new_page(server)
    allow_console_errors(page, NOT_FOUND)
    goto(page, WIDGET_PAGE)
    page.wait_for_selector(f"{WIDGET}[data-ready='failed']", timeout=60_000)

    status = page.inner_text(WIDGET)
    assert "The interactive part could not start in this browser" in status
    assert "Everything on this page can still be read." in status
    article = page.inner_text("article")
    for line in text_without_js.splitlines():
        assert line in article
    cards = page.locator(f"{WIDGET} .eu-card[data-card]")
    assert cards.count() >= 24


def _remove(path: Path) -> None:
    if path.is_dir():
        for child in sorted(path.rglob("*"), reverse=True):
            child.rmdir() if child.is_dir() else child.unlink()
        path.rmdir()
    else:
        path.unlink()


# ------------------------------------------------------------------ the snapshot fallbacks


def _expect_plain_boot(
    page: Any, reason: str, pyodide_fetches: int | None = None, repeat: bool = True
) -> None:
    """The start falls back to a plain one for ``reason``: on the repeat visit (``repeat``),
    when the snapshot this browser kept is used or refused."""
    wasm = []
    page.on("request", lambda r: wasm.append(r.url) if r.url.endswith("pyodide.asm.wasm") else None)
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    if repeat:
        visit_again(page)
    info = boot_info(page)
    assert info["boot"] == "plain"
    assert reason in (info["snapshot_refused"] or "")
    assert runtime_call(page, "runtime.ping") == "pong"
    if pyodide_fetches is not None:
        assert len(wasm) == pyodide_fetches, wasm


def test_a_site_without_a_snapshot_starts_plainly_fetching_pyodide_once(
    new_page: Callable[..., Any], site_copy: SiteCopy
) -> None:
    def drop_snapshot(root: Path) -> None:
        data = manifest(root)
        data["snapshot"] = None
        replace_file(root / "runtime" / "manifest.json", json.dumps(data))

    page = new_page(site_copy(drop_snapshot))
    _expect_plain_boot(page, "has no snapshot", pyodide_fetches=1, repeat=False)
    assert boot_info(page)["snapshot_made"] is False


def test_bytecode_that_differs_from_the_manifest_is_left_out_and_the_engine_starts(
    new_page: Callable[..., Any], site_copy: SiteCopy
) -> None:
    """The bytecode is only a speed-up: a file that is not the one the manifest names is
    not written, Python compiles the sources itself, and every widget works."""

    def damage_bytecode(root: Path) -> None:
        path = root / "runtime" / manifest(root)["bytecode"]["file"]
        data = bytearray(path.read_bytes())
        data[100:164] = bytes(64)
        replace_file(path, bytes(data))

    page = new_page(site_copy(damage_bytecode))
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    info = boot_info(page)
    assert info["boot"] == "plain" and info["bytecode_files"] == 0
    assert info["widget_errors"] == {}
    assert runtime_call(page, "runtime.ping") == "pong"


# Change the snapshot this browser keeps in its private file system: `part` is "bytes"
# (flip 64 bytes in the middle, the kept checksum unchanged), "cut" (keep its first half: a
# head that reads well, then too few bytes) or "identity" (say it was made from other
# files). The file: "EUF2", the length of its JSON description, the description,
# the packed snapshot (snapshot.js's snapshotFile).
CHANGE_STORED_SNAPSHOT = """async (part) => {
    const root = await navigator.storage.getDirectory();
    let handle;
    try {
        handle = await root.getFileHandle("euchre-snapshot.bin");
    } catch {
        return false;
    }
    let bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
    if (part === "cut") {
        bytes = bytes.slice(0, bytes.length >> 1);
    } else if (part === "bytes") {
        const middle = bytes.length >> 1;
        for (let i = middle; i < middle + 64; i += 1) bytes[i] = 255 - bytes[i];
    } else {
        const size = new DataView(bytes.buffer).getUint32(4, true);
        const text = new TextDecoder().decode(bytes.subarray(8, 8 + size));
        const other = JSON.stringify({ ...JSON.parse(text), identity: "0".repeat(64) });
        bytes.set(new TextEncoder().encode(other), 8);  // the same length: 64 hex digits
    }
    const writable = await handle.createWritable(); // starts empty: `bytes` is the whole file
    await writable.write(bytes);
    await writable.close();
    return true;
}"""


@pytest.mark.parametrize(
    ("part", "reason"),
    [
        ("bytes", "could not be read (it is damaged)"),
        ("cut", "could not be read (it is damaged)"),
        ("identity", "made from other wheels"),
    ],
    ids=["damaged", "cut-short", "other-files"],
)
def test_a_stored_snapshot_that_cannot_be_used_gives_a_plain_start_and_a_new_one(
    page: Any, part: str, reason: str
) -> None:
    """A damaged kept snapshot, or one made from other files than the ones that will
    run, is never restored: the start is plain, and it makes a good snapshot again."""
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    wait_for_the_service_worker(page)
    assert page.evaluate(CHANGE_STORED_SNAPSHOT, part)
    page.reload(wait_until="load")
    wait_ready(page, WIDGET)
    info = boot_info(page)
    assert info["boot"] == "plain" and reason in (info["snapshot_refused"] or "")
    assert info["snapshot_made"] is True
    assert runtime_call(page, "runtime.ping") == "pong"
    # the new snapshot is stored once the worker says "stored" (the page then registers
    # the service worker)
    page.wait_for_function("() => window.__euchreRuntime?.serviceWorkerRegistered === true")
    page.reload(wait_until="load")
    wait_ready(page, WIDGET)
    assert boot_info(page)["boot"] == "snapshot"


def test_where_the_reader_worker_cannot_start_the_engine_reads_the_snapshot_itself(
    page: Any,
) -> None:
    """The kept snapshot is read by a second worker (kept-snapshot.js); when that one
    cannot start (its script fails to load), the engine's worker reads the file itself: a
    good snapshot is still restored, and a damaged one still refused."""
    allow_console_errors(page, "kept-snapshot", "404")
    page.context.route("**/assets/euchre/kept-snapshot.js", lambda route: route.fulfill(status=404))
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    visit_again(page)
    info = boot_info(page)
    assert info["boot"] == "snapshot", info.get("snapshot_refused")
    assert info["snapshot_read_by"] == "engine"
    assert runtime_call(page, "runtime.ping") == "pong"
    assert page.evaluate(CHANGE_STORED_SNAPSHOT, "bytes")
    page.reload(wait_until="load")
    wait_ready(page, WIDGET)
    info = boot_info(page)
    assert info["boot"] == "plain" and "could not be read (it is damaged)" in (
        info["snapshot_refused"] or ""
    )


# ------------------------------------------------------------------ offline


def test_widget_page_works_offline_after_one_visit(
    new_page: Callable[..., Any], site_copy: SiteCopy
) -> None:
    server = site_copy(lambda root: None)
    page = new_page(server)
    goto(page, WIDGET_PAGE)
    wait_ready(page, WIDGET)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_function(
        """async () => {
            const pages = await caches.open("euchre-pages");
            return (await pages.match(location.href)) !== undefined;
        }""",
        timeout=60_000,
        polling=200,
    )
    go_offline(page, server)

    page.reload(wait_until="load")
    wait_ready(page, WIDGET)
    assert boot_info(page)["boot"] == "snapshot"
    assert runtime_call(page, "runtime.ping") == "pong"
    _click_a_suit_and_see_the_answer(page)


def _click_a_suit_and_see_the_answer(page: Any) -> None:
    """With the trump explorer on the page: choose another trump and see its order."""
    explorer = page.locator("[data-widget='trump-explorer']").first
    if explorer.count() == 0:
        return
    current = explorer.get_attribute("data-trump")
    radios = explorer.locator("input[type=radio]")
    for index in range(radios.count()):
        radio = radios.nth(index)
        if radio.get_attribute("value") != current:
            choice = radio.get_attribute("value")
            radio.check()
            page.wait_for_function(
                "([el, trump]) => el.dataset.trump === trump",
                arg=[explorer.element_handle(), choice],
            )
            return
