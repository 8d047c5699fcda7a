// The card engine's worker: one Pyodide per visit, started by runtime.js.
//
// Boot: read runtime/manifest.json, download our wheels, then restore Pyodide from the
// build-time memory snapshot when the site has one and it was made from exactly these
// wheels; otherwise (no snapshot, download or restore failed, other wheels) start Pyodide
// plainly. Both paths unpack the wheels into site-packages. The reason a snapshot was not
// used goes to the console (console.info) and to runtime.info as `snapshot_refused`.
//
// Protocol: the page posts {id, method, payload}; the worker answers {id, ok, value} or
// {id, ok: false, error}. Status messages carry a `type`: "progress", "ready", "failed".

const SITE = new URL("../../", import.meta.url);
const RUNTIME = new URL("runtime/", SITE);
const PYODIDE = new URL("pyodide/", RUNTIME);
const SNAPSHOT_MAGIC = "EUCHRE-SNAPSHOT/1 ";
const GZIP_MAGIC = [0x1f, 0x8b];

class Refusal extends Error {}

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
    response = await fetch(url, options);
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
async function snapshotHash(pyodideVersion, recipe, wheels) {
  const lines = [...wheels]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((wheel) => `${wheel.name} ${wheel.sha256}\n`);
  const text = `pyodide ${pyodideVersion}\nrecipe ${recipe}\n${lines.join("")}`;
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
      return { name: entry.name, sha256, bytes };
    }),
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

// The snapshot's download starts at once, in parallel with the wheels and Pyodide's own
// files; it is aborted when the wheels show it cannot be used.
function downloadSnapshot(entry, signal) {
  const download = fetchOk(new URL(entry.file, RUNTIME), { signal }).then((response) =>
    readSnapshot(response, entry, (share) => progress(0.1 + 0.6 * share, "Downloading the card engine")),
  );
  download.catch(() => {}); // awaited later; a failure is reported there, not as unhandled
  return download;
}

// The snapshot for these wheels, as a promise for loadPyodide; a Refusal, before Pyodide
// starts fetching anything, when the site has none or it was made from other wheels.
async function matchingSnapshot(version, entry, download, abort, wheelsPromise) {
  if (!entry) throw new Refusal("the site has no snapshot");
  const expected = await snapshotHash(version, entry.recipe, await wheelsPromise);
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

async function bootFromSnapshot(loadPyodide, snapshotPromise) {
  // loadPyodide awaits the snapshot itself, so its own start-up runs meanwhile.
  try {
    return await loadPyodide({ indexURL: PYODIDE.href, _loadSnapshot: snapshotPromise, ...pythonStreams() });
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(`the snapshot could not be restored (${error.message})`);
  }
}

async function bootPlain(loadPyodide) {
  progress(0.2, "Starting Python");
  return loadPyodide({ indexURL: PYODIDE.href, ...pythonStreams() });
}

function installWheels(pyodide, wheels) {
  const sitePackages = pyodide.runPython(
    "import sys\n[p for p in sys.path if p.endswith('site-packages')][0]",
  );
  for (const wheel of wheels) {
    pyodide.unpackArchive(wheel.bytes, "wheel", { extractDir: sitePackages });
  }
  pyodide.runPython(
    "import importlib, sys\n" +
      "importlib.invalidate_caches()\n" +
      "sys.path[:] = list(dict.fromkeys(sys.path))",
  );
}

async function boot() {
  progress(0.02, "Starting the card engine");
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  const manifestResponse = await fetchOk(new URL("manifest.json", RUNTIME));
  const manifest = await manifestResponse.json();
  const wheelsPromise = downloadWheels(manifest);
  wheelsPromise.catch(() => {}); // awaited later; a failure fails the start there
  const entry = manifest.snapshot;
  const abort = snapshotAbort;
  const download = entry ? downloadSnapshot(entry, abort.signal) : null;
  const pyodideModule = await import(new URL("pyodide.mjs", PYODIDE).href);
  const { loadPyodide, version } = pyodideModule;
  progress(0.1, "Downloading the card engine");

  let pyodide = null;
  let bootKind = "snapshot";
  let refused = null;
  try {
    const snapshot = await matchingSnapshot(version, entry, download, abort, wheelsPromise);
    pyodide = await bootFromSnapshot(loadPyodide, snapshot);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    refused = error.message;
    bootKind = "plain";
    console.info(`euchre runtime: snapshot not used: ${refused}; starting Pyodide plainly`);
    pyodide = await bootPlain(loadPyodide);
  }
  progress(0.9, "Loading the rules");
  installWheels(pyodide, await wheelsPromise);
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
  return { dispatch, info };
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
