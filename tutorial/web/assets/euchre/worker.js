// The card engine's worker: one Pyodide per visit, started by runtime.js.
//
// Boot: read runtime/manifest.json, download our wheels, then restore Pyodide from the
// build-time memory snapshot when this browser has it cached (a repeat visit) and it was
// made from exactly these wheels; otherwise (a first visit, no snapshot, restore failed,
// other wheels) start Pyodide plainly. A first visit thus costs Pyodide's files and the
// trimmed standard library only; the service worker fetches the snapshot in idle time
// for the next visit. Both paths unpack the wheels into site-packages. The reason a
// snapshot was not used goes to the console (console.info) and to runtime.info as
// `snapshot_refused`.
//
// One download per file: every runtime file is read through the versioned cache
// "euchre-runtime-<cache version>" (the service worker's), and a file fetched from the
// network is stored there, so the service worker's precache finds it and downloads only
// what is missing. Pyodide fetches its wasm module and standard library with the global
// fetch and has no option to take bytes instead, so inside this worker the global fetch
// of the runtime's own files is routed through that cache too (runtimeFetch below).
//
// Protocol: the page posts {id, method, payload}; the worker answers {id, ok, value} or
// {id, ok: false, error}. Status messages carry a `type`: "progress", "ready", "failed".

const SITE = new URL("../../", import.meta.url);
const RUNTIME = new URL("runtime/", SITE);
const PYODIDE = new URL("pyodide/", RUNTIME);
const SNAPSHOT_MAGIC = "EUCHRE-SNAPSHOT/1 ";
const GZIP_MAGIC = [0x1f, 0x8b];
const CACHE_PREFIX = "euchre-runtime-";
// How a snapshot is restored (shared with the build's check under Node), loaded at once
// beside the manifest rather than before this worker runs.
const snapshotModule = import("./snapshot.js");
snapshotModule.catch(() => {}); // awaited by bootFromSnapshot

class Refusal extends Error {}

// ---------------------------------------------------------------- fetching through the cache

const networkFetch = self.fetch.bind(self);
let runtimeCache = null; // the versioned Cache once the manifest is read (null: no Cache API)
const cacheable = new Set(); // hrefs of the manifest's files
const stores = []; // cache.put promises: "stored" is reported once they have settled

async function openCache(version) {
  if (typeof caches !== "object" || !version) return null;
  try {
    return await caches.open(CACHE_PREFIX + version);
  } catch {
    return null; // storage refused (private mode, quota): plain network fetches
  }
}

// Cache first for the manifest's files; what comes from the network is stored.
async function runtimeFetch(input, init) {
  const url = new URL(input instanceof Request ? input.url : String(input), self.location.href);
  if (!runtimeCache || !cacheable.has(url.href)) return networkFetch(input, init);
  const cached = await runtimeCache.match(url.href);
  if (cached) return cached;
  const response = await networkFetch(url.href, init);
  if (response.status === 200) {
    const stored = runtimeCache.put(url.href, response.clone()).catch(() => {});
    stores.push(stored);
  }
  return response;
}

self.fetch = runtimeFetch;

async function isCached(url) {
  return runtimeCache !== null && (await runtimeCache.match(url.href)) !== undefined;
}

function status(type, fields) {
  self.postMessage({ type, ...fields });
}

// Progress only moves forward, and stops once the start has succeeded or failed (a download
// running in parallel may still report).
let lastProgress = 0;
let settled = false;
const snapshotAbort = new AbortController();

function progress(value, message) {
  if (settled) return;
  lastProgress = Math.max(lastProgress, Math.max(0, Math.min(1, value)));
  status("progress", { progress: lastProgress, message });
}

async function fetchOk(url, options = {}) {
  let response;
  try {
    response = await runtimeFetch(url, options);
  } catch (error) {
    throw new Refusal(`${url.pathname.split("/").pop()} could not be downloaded (${error.message})`);
  }
  if (!response.ok) {
    throw new Refusal(`${url.pathname.split("/").pop()} could not be downloaded (HTTP ${response.status})`);
  }
  return response;
}

async function sha256Hex(data) {
  const digest = await crypto.subtle.digest("SHA-256", data);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The same text as scripts/build_runtime.py's snapshot_hash().
async function snapshotHash(pyodideVersion, recipe, stdlibSha256, wheels) {
  const lines = [...wheels]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((wheel) => `${wheel.name} ${wheel.sha256}\n`);
  const text = `pyodide ${pyodideVersion}\nrecipe ${recipe}\nstdlib ${stdlibSha256}\n${lines.join("")}`;
  return sha256Hex(new TextEncoder().encode(text));
}

async function downloadWheels(manifest) {
  return Promise.all(
    manifest.wheels.map(async (entry) => {
      const response = await fetchOk(new URL(entry.file, RUNTIME));
      const bytes = new Uint8Array(await response.arrayBuffer());
      const sha256 = await sha256Hex(bytes);
      if (sha256 !== entry.sha256) {
        console.info(`euchre runtime: ${entry.name} differs from the manifest (sha256 ${sha256})`);
      }
      const files = wheelFiles(bytes);
      files.catch(() => {}); // awaited by installWheels
      return { name: entry.name, sha256, bytes, files };
    }),
  );
}

// ---------------------------------------------------------------- wheels, unzipped here

const ZIP_END = 0x06054b50;
const ZIP_ENTRY = 0x02014b50;

async function inflateRaw(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// A wheel's files as [{path, bytes}], inflated in JavaScript while Pyodide starts, so that
// installing them is only writing files (pyodide.unpackArchive would unzip in Python after
// the start). Null when this browser cannot inflate: installWheels then unpacks in Python.
async function wheelFiles(bytes) {
  if (typeof DecompressionStream !== "function") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== ZIP_END) end -= 1;
  if (end < 0) throw new Error("a wheel is not a zip file");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const members = [];
  for (let i = 0; i < count; i += 1) {
    if (view.getUint32(at, true) !== ZIP_ENTRY) throw new Error("a wheel's directory is damaged");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const path = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + skip;
    if (path.endsWith("/")) continue;
    if (path.startsWith("/") || path.split("/").includes("..")) throw new Error(`a wheel holds ${path}`);
    if (method !== 0 && method !== 8) throw new Error(`a wheel's ${path} is packed unusually`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    members.push({ path, method, data: bytes.subarray(start, start + size) });
  }
  return Promise.all(
    members.map(async ({ path, method, data }) => ({
      path,
      bytes: method === 8 ? await inflateRaw(data) : data,
    })),
  );
}

// Read a response body into one buffer of the snapshot's raw size, decompressing it when
// the server sent the .gz bytes as they are (most static hosts do).
async function readSnapshot(response, entry, onProgress) {
  const rawSize = entry.raw_bytes;
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done) throw new Refusal("the snapshot file is empty");
  const head = first.value;
  let source = new ReadableStream({
    start(controller) {
      controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) {
    if (typeof DecompressionStream !== "function") {
      throw new Refusal("this browser cannot decompress the snapshot");
    }
    source = source.pipeThrough(new DecompressionStream("gzip"));
  }
  const out = new Uint8Array(rawSize);
  let filled = 0;
  const bodyReader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await bodyReader.read();
      if (done) break;
      if (filled + value.length > rawSize) throw new Refusal("the snapshot is larger than the manifest says");
      out.set(value, filled);
      filled += value.length;
      onProgress(filled / rawSize);
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(`the snapshot could not be read (${error.message})`);
  }
  if (filled !== rawSize) throw new Refusal("the snapshot is shorter than the manifest says");
  return out;
}

function checkHeader(bytes, entry, expectedHash) {
  const header = new TextDecoder("ascii").decode(bytes.subarray(0, entry.header_bytes));
  if (!header.startsWith(SNAPSHOT_MAGIC)) throw new Refusal("the snapshot file is not one of ours");
  const hash = header.slice(SNAPSHOT_MAGIC.length).split("\n")[0];
  if (hash !== expectedHash) throw new Refusal("the snapshot was made from other wheels");
  return bytes.subarray(entry.header_bytes);
}

function pythonStreams() {
  return {
    stdout: (line) => console.log(`[python] ${line}`),
    stderr: (line) => console.warn(`[python] ${line}`),
  };
}

// The cached snapshot is read at once, in parallel with the wheels and Pyodide's own
// files; reading stops when the wheels show it cannot be used.
function downloadSnapshot(entry, signal) {
  const download = fetchOk(new URL(entry.file, RUNTIME), { signal }).then((response) =>
    readSnapshot(response, entry, (share) => progress(0.1 + 0.6 * share, "Starting the card engine")),
  );
  download.catch(() => {}); // awaited later; a failure is reported there, not as unhandled
  return download;
}

// The snapshot for these wheels, as a promise for loadPyodide; a Refusal, before Pyodide
// starts fetching anything, when the site has none or it was made from other wheels.
async function matchingSnapshot(version, entry, download, abort, wheelsPromise, stdlibSha256) {
  if (!entry) throw new Refusal("the site has no snapshot");
  if (!download) throw new Refusal("the snapshot is not cached yet (a first visit)");
  const expected = await snapshotHash(version, entry.recipe, stdlibSha256, await wheelsPromise);
  if (expected !== entry.hash) {
    abort.abort();
    throw new Refusal("the snapshot was made from other wheels");
  }
  const snapshot = download.then((bytes) => {
    progress(0.75, "Starting the card engine");
    return checkHeader(bytes, entry, expected);
  });
  snapshot.catch(() => {}); // loadPyodide awaits it
  return snapshot;
}

// What loadPyodide needs besides indexURL: the lock file's few fields from the manifest
// (no request for the lock file), and the console streams.
function pyodideOptions(manifest) {
  return { indexURL: PYODIDE.href, lockFileContents: manifest.pyodide.lock, ...pythonStreams() };
}

async function bootFromSnapshot(loadPyodide, manifest, snapshotPromise) {
  // loadPyodide awaits the snapshot itself, so its own start-up runs meanwhile; the
  // options grow Pyodide's memory to the snapshot's size (snapshot.js says why).
  try {
    const { restoreOptions } = await snapshotModule;
    const restore = await restoreOptions(PYODIDE.href, snapshotPromise);
    return await loadPyodide({ ...pyodideOptions(manifest), ...restore });
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(`the snapshot could not be restored (${error.message})`);
  }
}

async function bootPlain(loadPyodide, manifest) {
  progress(0.2, "Starting Python");
  return loadPyodide(pyodideOptions(manifest));
}

async function installWheels(pyodide, wheels) {
  const sitePackages = pyodide.runPython(
    "import sys\n[p for p in sys.path if p.endswith('site-packages')][0]",
  );
  for (const wheel of wheels) {
    const files = await wheel.files.catch(() => null);
    if (files === null) {
      pyodide.unpackArchive(wheel.bytes, "wheel", { extractDir: sitePackages });
      continue;
    }
    for (const { path, bytes } of files) {
      const target = `${sitePackages}/${path}`;
      pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
      pyodide.FS.writeFile(target, bytes);
    }
  }
  pyodide.runPython(
    "import importlib, sys\n" +
      "importlib.invalidate_caches()\n" +
      "sys.path[:] = list(dict.fromkeys(sys.path))",
  );
}

// Milliseconds since the worker started at each step of the start, for the benchmark
// (runtime.info's `timings`).
const timings = {};
function mark(step) {
  timings[step] = Math.round(performance.now());
}

async function boot() {
  progress(0.02, "Starting the card engine");
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  const manifestUrl = new URL("manifest.json", RUNTIME);
  const manifestResponse = await fetchOk(manifestUrl);
  const manifestCopy = manifestResponse.clone();
  const manifest = await manifestResponse.json();
  runtimeCache = await openCache(manifest.cache_version);
  if (runtimeCache) stores.push(runtimeCache.put(manifestUrl.href, manifestCopy).catch(() => {}));
  for (const file of manifest.precache || []) cacheable.add(new URL(file, RUNTIME).href);
  const wheelsPromise = downloadWheels(manifest);
  wheelsPromise.catch(() => {}); // awaited later; a failure fails the start there
  const entry = manifest.snapshot;
  const abort = snapshotAbort;
  const cached = entry ? await isCached(new URL(entry.file, RUNTIME)) : false;
  const download = cached ? downloadSnapshot(entry, abort.signal) : null;
  mark("manifest");
  const pyodideModule = await import(new URL("pyodide.mjs", PYODIDE).href);
  mark("loader");
  const { loadPyodide, version } = pyodideModule;
  progress(0.1, "Downloading the card engine");

  let pyodide = null;
  let bootKind = "snapshot";
  let refused = null;
  try {
    const snapshot = await matchingSnapshot(
      version, entry, download, abort, wheelsPromise, manifest.pyodide.stdlib_sha256,
    );
    pyodide = await bootFromSnapshot(loadPyodide, manifest, snapshot);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    refused = error.message;
    bootKind = "plain";
    console.info(`euchre runtime: snapshot not used: ${refused}; starting Pyodide plainly`);
    pyodide = await bootPlain(loadPyodide, manifest);
  }
  mark("pyodide");
  progress(0.9, "Loading the rules");
  await installWheels(pyodide, await wheelsPromise);
  mark("wheels");
  const bridge = pyodide.pyimport("euchre_tutorial.bridge");
  bridge.configure(
    JSON.stringify({
      boot: bootKind,
      snapshot_refused: refused,
      pyodide: version,
      cache_version: manifest.cache_version,
    }),
  );
  const dispatch = bridge.dispatch;
  const info = JSON.parse(dispatch("runtime.info", "null")).value;
  mark("bridge");
  return { dispatch, info: { ...info, timings } };
}

function plainReason(error) {
  const text = String(error && error.message ? error.message : error);
  if (/WebAssembly|too old/i.test(text)) return "this browser is too old for it";
  if (/download|fetch|import|HTTP|network/i.test(text)) return "its files could not be downloaded";
  return "the card engine did not start";
}

const ready = boot().then(
  (runtime) => {
    settled = true;
    status("ready", { progress: 1, message: "Ready", info: runtime.info });
    // The page registers the service worker once what this worker downloaded is stored,
    // so the service worker's precache never fetches it again.
    Promise.allSettled(stores).then(() => status("stored", {}));
    return runtime;
  },
  (error) => {
    settled = true;
    snapshotAbort.abort();
    console.warn("euchre runtime: Pyodide could not start:", error);
    status("failed", { progress: 0, message: plainReason(error), detail: String(error) });
    return null;
  },
);

self.onmessage = async (event) => {
  const { id, method, payload } = event.data || {};
  const runtime = await ready;
  if (!runtime) {
    self.postMessage({ id, ok: false, error: "The card engine could not start." });
    return;
  }
  let reply;
  try {
    reply = JSON.parse(runtime.dispatch(String(method), JSON.stringify(payload ?? null)));
  } catch (error) {
    console.warn(`euchre runtime: ${method} failed:`, error);
    reply = { ok: false, error: `The card engine failed on ${method}.` };
  }
  self.postMessage(reply.ok ? { id, ok: true, value: reply.value } : { id, ok: false, error: reply.error });
};
