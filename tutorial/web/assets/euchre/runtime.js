// One Pyodide per visit: a module Web Worker (worker.js) started on the first getRuntime()
// call and kept across Material's instant navigation (the page is never reloaded, and the
// state also lives on `window`, so a second copy of this module would find it).
//
//   const runtime = await getRuntime();          // rejects when the engine cannot start
//   const order = await runtime.call("trump_explorer.order", { trump: "h" });
//   attachStatus(widgetRoot);                      // "Starting the card engine… 40%"
//
// Status events: document "euchre-runtime" with detail {state, progress, message}, state
// one of "idle", "loading", "ready", "failed".

const WORKER_URL = new URL("./worker.js", import.meta.url);
const SITE_ROOT = new URL("../../", import.meta.url);
const KEY = "__euchreRuntime";

function shared() {
  if (!window[KEY]) {
    window[KEY] = {
      state: "idle",
      progress: 0,
      message: "",
      info: null,
      promise: null,
      worker: null,
      pending: new Map(),
      nextId: 1,
      workersStarted: 0,
      serviceWorkerRegistered: false,
      glueWarmed: null, // warmGlue's outcome: "done", "failed" (null: not asked)
    };
  }
  return window[KEY];
}

/** The runtime's state now: {state, progress, message, boot}. */
export function runtimeStatus() {
  const s = shared();
  return { state: s.state, progress: s.progress, message: s.message, boot: s.info ? s.info.boot : null };
}

function update(fields) {
  const s = shared();
  Object.assign(s, fields);
  document.dispatchEvent(new CustomEvent("euchre-runtime", { detail: runtimeStatus() }));
}

function fail(message) {
  const s = shared();
  update({ state: "failed", progress: 0, message });
  for (const { reject } of s.pending.values()) reject(new Error("The card engine could not start."));
  s.pending.clear();
}

function unsupported() {
  if (typeof Worker !== "function") return "this browser cannot run background workers";
  if (typeof WebAssembly !== "object") return "this browser is too old for it";
  return null;
}

function makeRuntime() {
  const s = shared();
  return Object.freeze({
    /** Ask Python: resolves with the handler's value, rejects with its error text. */
    call(method, payload = null) {
      if (s.state === "failed") return Promise.reject(new Error("The card engine could not start."));
      const id = s.nextId++;
      return new Promise((resolve, reject) => {
        s.pending.set(id, { resolve, reject });
        s.worker.postMessage({ id, method, payload });
      });
    },
    get info() {
      return s.info;
    },
  });
}

function onMessage(event) {
  const s = shared();
  const data = event.data || {};
  if (data.type === "progress") {
    if (s.state === "ready" || s.state === "failed") return; // a late report changes nothing
    update({ state: "loading", progress: data.progress, message: data.message });
  } else if (data.type === "ready") {
    s.info = data.info;
    update({ state: "ready", progress: 1, message: "Ready" });
    s.resolve(makeRuntime());
  } else if (data.type === "stored") {
    // What the worker downloaded is in the cache: the service worker fetches the rest
    // (the snapshot for the next visit, every page) without downloading anything twice.
    registerServiceWorker(s.info);
  } else if (data.type === "failed") {
    console.warn(`euchre runtime: ${data.detail || data.message}`);
    fail(data.message);
    s.reject(new Error(data.message));
  } else if (data.id !== undefined && s.pending.has(data.id)) {
    const { resolve, reject } = s.pending.get(data.id);
    s.pending.delete(data.id);
    if (data.ok) resolve(data.value);
    else reject(new Error(data.error));
  }
}

/** The single runtime of this visit; starts the worker on the first call. */
export function getRuntime() {
  const s = shared();
  if (s.promise) return s.promise;
  s.promise = new Promise((resolve, reject) => {
    s.resolve = resolve;
    s.reject = reject;
  });
  s.promise.catch(() => {}); // the failure is shown by attachStatus; callers may still catch
  const reason = unsupported();
  if (reason) {
    fail(reason);
    s.reject(new Error(reason));
    return s.promise;
  }
  update({ state: "loading", progress: 0.01, message: "Starting the card engine" });
  const early = adoptEarlyWorker();
  try {
    s.worker = early ? early.worker : new Worker(WORKER_URL, { type: "module", name: "euchre-runtime" });
    s.workersStarted += 1;
  } catch (error) {
    fail("this browser cannot run the card engine's worker");
    s.reject(error);
    return s.promise;
  }
  s.worker.addEventListener("message", onMessage);
  s.worker.addEventListener("error", onWorkerError);
  if (early) {
    for (const message of early.messages) onMessage(message);
    if (early.error) onWorkerError(early.error);
  }
  // A first visit's worker downloads the engine once the page's own styles and scripts have
  // come and run (site.js, which starts this, runs after them): on a slow network they make
  // the page clickable, and come first (worker.js: goAhead).
  afterParsing(() => s.worker.postMessage({ type: "go" }));
  return s.promise;
}

function afterParsing(then) {
  if (document.readyState !== "loading") then();
  else document.addEventListener("DOMContentLoaded", () => then(), { once: true });
}

function onWorkerError(event) {
  const s = shared();
  if (s.state === "ready" || s.state === "failed") return;
  event.preventDefault();
  console.warn("euchre runtime: the worker could not start", event.message || "");
  fail("its files could not be downloaded");
  s.reject(new Error("the worker could not start"));
}

// The worker main.html's head started while the page was parsing, with what it has said
// since; null when there is none.
function adoptEarlyWorker() {
  const early = window.__euchreEarlyWorker;
  window.__euchreEarlyWorker = null;
  if (!early || !early.worker) return null;
  early.worker.removeEventListener("message", early.listen);
  early.worker.removeEventListener("error", early.onerror);
  return early;
}

/** Show the runtime's state inside a widget root; marks the root data-ready="failed". */
export function attachStatus(root) {
  let line = root.querySelector(":scope > .eu-runtime-status");
  if (!line) {
    line = document.createElement("p");
    line.className = "eu-runtime-status";
    line.setAttribute("role", "status");
    line.setAttribute("aria-live", "polite");
    root.append(line);
  }
  const render = (detail) => {
    line.dataset.state = detail.state;
    if (detail.state === "failed") {
      line.textContent =
        `The interactive part could not start in this browser (${detail.message}). ` +
        "Everything on this page can still be read.";
      root.dataset.ready = "failed";
    } else if (detail.state === "ready") {
      line.textContent = "Ready";
    } else {
      line.textContent = `Starting the card engine… ${Math.round(100 * detail.progress)}%`;
    }
  };
  const listener = (event) => {
    if (!root.isConnected) {
      document.removeEventListener("euchre-runtime", listener);
      return;
    }
    render(event.detail);
  };
  document.addEventListener("euchre-runtime", listener);
  render(runtimeStatus());
  return () => document.removeEventListener("euchre-runtime", listener);
}

// ---------------------------------------------------------------- offline support

function pageUrls() {
  const urls = new Set([location.href.split("#")[0], WORKER_URL.href, import.meta.url]);
  const runtimeRoot = new URL("runtime/", SITE_ROOT).href;
  for (const entry of performance.getEntriesByType("resource")) {
    const url = entry.name.split("#")[0];
    if (url.startsWith(SITE_ROOT.href) && !url.startsWith(runtimeRoot)) urls.add(url);
  }
  return [...urls];
}

// Resolves at once when the browser says it is online, else once it is back.
function online() {
  if (navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("online", resolve, { once: true }));
}

/**
 * Register the site's service worker (once per page load): it caches the engine and every
 * page, so the whole site works offline. Called once the engine has stored its downloads,
 * or by site.js in idle time on a page without widgets.
 */
export async function registerServiceWorker(info = null) {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const s = shared();
  if (s.serviceWorkerRegistered) return;
  s.serviceWorkerRegistered = true;
  try {
    let version = info && info.cache_version;
    // When the engine's worker read the manifest from the network moments ago (a first
    // visit), its version is the current one; otherwise (the service worker's or the
    // worker's own cached copy) look past the caches once: a new build gets a new service
    // worker and cache.
    if (navigator.serviceWorker.controller || !version || info.manifest_from_cache) {
      await online(); // offline, the page asks the network nothing until it is back
      try {
        const url = new URL(`runtime/manifest.json?fresh=${Date.now()}`, SITE_ROOT);
        const response = await fetch(url, { cache: "no-store" });
        if (response.ok) version = (await response.json()).cache_version || version;
      } catch {
        // offline: keep the version the worker booted with
      }
    }
    if (!version) return;
    const script = new URL(`sw.js?v=${encodeURIComponent(version)}`, SITE_ROOT);
    navigator.serviceWorker.addEventListener("controllerchange", warmGlue, { once: true });
    await navigator.serviceWorker.register(script, { scope: SITE_ROOT.href });
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: "cache-pages", urls: pageUrls() });
  } catch (error) {
    console.info("euchre runtime: no offline copy:", error.message || error);
  }
}

/**
 * When a new service worker takes control (a first visit, a new build), load Pyodide's
 * glue through it once, in a worker of its own (warm-glue.js): Chrome then keeps V8's
 * compiled code beside the cached glue, and the next visit's engine starts without
 * compiling it. Its outcome is in `glueWarmed`.
 */
function warmGlue() {
  const s = shared();
  let worker;
  try {
    worker = new Worker(new URL("./warm-glue.js", import.meta.url), { type: "module", name: "euchre-warm-glue" });
  } catch {
    s.glueWarmed = "failed";
    return;
  }
  const end = (outcome) => {
    s.glueWarmed ??= outcome;
    worker.terminate();
  };
  worker.onmessage = (event) => end(event.data === "done" ? "done" : "failed");
  worker.onerror = (event) => {
    event.preventDefault();
    end("failed");
  };
  setTimeout(() => end("failed"), 60000);
}
