// The card engine's worker: one Pyodide per visit, started by runtime.js.
//
// Boot: read runtime/manifest.json, download our wheels, then restore Pyodide from the
// memory snapshot this browser made on an earlier visit, when it was made from exactly
// these files and reads back intact; otherwise (a first visit, no storage, a damaged or
// stale snapshot) start Pyodide plainly. The kept snapshot is read the moment the worker
// starts, by a second worker (kept-snapshot.js), and Pyodide's module is created on this
// thread while it is read, checked and unpacked. A plain start makes the snapshot
// itself (snapshot.js's recipe, before the bridge answers anything) and keeps it in this
// origin's private file system for the next visit, in a quiet moment (whenQuiet): no
// snapshot is ever downloaded, so a first visit costs Pyodide's files, the trimmed
// standard library (as bytecode), our wheels and their bytecode only. Both paths unpack
// the wheels into site-packages; a plain start also writes the wheels' bytecode beside
// them, so its Python compiles nothing (downloadBytecode).
//
// A first visit (no runtime cache yet) downloads nothing large until the page's own styles
// and scripts have come and run (runtime.js posts {type: "go"} then; at most GO_AT_MOST_MS
// after this worker started): on a slow phone they make the page clickable, and come
// first, and its widgets answer from the build's data meanwhile. Then the
// wasm module and the standard library are asked for at once (prefetch), not when
// Pyodide's glue has been downloaded and compiled and asks for them itself.
// The reason a snapshot was not used goes to the console (console.info) and to
// runtime.info as `snapshot_refused`; `snapshot_made` says whether this start made one.
//
// One download per file: every runtime file is read through the versioned cache
// "euchre-runtime-<cache version>" (the service worker's), and a file fetched from the
// network is stored there, so the service worker's precache finds it and downloads only
// what is missing. Pyodide fetches its wasm module and standard library with the global
// fetch and has no option to take bytes instead, so inside this worker the global fetch
// of the runtime's own files is routed through that cache too (runtimeFetch below). This
// script and the two modules it starts with (snapshot.js, kept-snapshot.js) are kept in the
// same cache by the service worker, each checked against the manifest's SHA-256: a repeat
// visit starts them without asking the host, and they are the build of the wheels they load.
//
// Protocol: the page posts {id, method, payload}; the worker answers {id, ok, value} or
// {id, ok: false, error}. Status messages carry a `type`: "progress", "ready", "failed".
// The page also posts {type: "go"} once its styles and scripts are in (see above).

const SITE = new URL("../../", import.meta.url);
const RUNTIME = new URL("runtime/", SITE);
const PYODIDE = new URL("pyodide/", RUNTIME);
const CACHE_PREFIX = "euchre-runtime-";
// The scratch file a new memory snapshot is written to, in this origin's private file
// system (OPFS), before it replaces the kept one (snapshot.js's SNAPSHOT_FILE).
const SNAPSHOT_SCRATCH_FILE = "euchre-snapshot.bin.partial";
// How a snapshot is made and restored (shared with the build's proof under Node), loaded
// at once beside the manifest rather than before this worker runs.
const snapshotModule = import("./snapshot.js");
snapshotModule.catch(() => {}); // awaited where a snapshot is read or made

class Refusal extends Error {}

// ---------------------------------------------------------------- fetching through the cache

const networkFetch = self.fetch.bind(self);
let runtimeCache = null; // the versioned Cache once the manifest is read (null: no Cache API)
const cacheable = new Set(); // hrefs of the manifest's files
const stores = []; // what is being kept (cache.put, the snapshot): "stored" once they settle

async function openCache(version) {
  if (typeof caches !== "object" || !version) return null;
  try {
    return await caches.open(CACHE_PREFIX + version);
  } catch {
    return null; // storage refused (private mode, quota): plain network fetches
  }
}

// Network responses asked for before anyone needed them (prefetch), by href: the first
// runtimeFetch of that address takes it.
const prefetched = new Map();

// Ask the network for `url` now, for a runtimeFetch later (a first visit's large files).
function prefetch(url) {
  const response = networkFetch(url.href);
  response.catch(() => {}); // whoever takes it sees the failure
  prefetched.set(url.href, response);
}

// Keep a copy of a runtime file from the network in the cache (when it is one of the
// manifest's files and the cache is open).
function keep(href, response) {
  if (!runtimeCache || !cacheable.has(href) || response.status !== 200) return;
  stores.push(runtimeCache.put(href, response.clone()).catch(() => {}));
}

// Cache first for the manifest's files; what comes from the network is stored.
async function runtimeFetch(input, init) {
  const url = new URL(input instanceof Request ? input.url : String(input), self.location.href);
  const early = prefetched.get(url.href);
  if (early) {
    prefetched.delete(url.href);
    const response = await early;
    keep(url.href, response);
    return response;
  }
  if (!runtimeCache || !cacheable.has(url.href)) return networkFetch(input, init);
  const cached = await runtimeCache.match(url.href);
  if (cached) return cached;
  const response = await networkFetch(url.href, init);
  keep(url.href, response);
  return response;
}

// ---------------------------------------------------------------- a first visit waits

// The page's word that its styles and scripts are in ({type: "go"}), or GO_AT_MOST_MS: what
// a first visit waits for before downloading anything large.
const GO_AT_MOST_MS = 10000;
let go;
const goAhead = new Promise((resolve) => {
  go = resolve;
});
setTimeout(() => go(), GO_AT_MOST_MS);

self.fetch = runtimeFetch;

function status(type, fields) {
  self.postMessage({ type, ...fields });
}

// Progress only moves forward, and stops once the start has succeeded or failed (a download
// running in parallel may still report).
let lastProgress = 0;
let settled = false;

function progress(value, message) {
  if (settled) return;
  lastProgress = Math.max(lastProgress, Math.max(0, Math.min(1, value)));
  status("progress", { progress: lastProgress, message });
}

const MANIFEST = new URL("manifest.json", RUNTIME);

// The manifest: the runtime cache's when this browser has one runtime cache (what the
// service worker would answer, without the round trip through it; runtime.js looks for a
// newer build once the engine runs: `manifestFromCache`), else the network's, kept in the
// cache it names (manifestWhenAllowed, below). Either opens `runtimeCache`.
let manifestFromCache = false;

// The names of this origin's runtime caches.
async function runtimeCaches() {
  const names = typeof caches === "object" ? await caches.keys().catch(() => []) : [];
  return names.filter((name) => name.startsWith(CACHE_PREFIX));
}

// The manifest of this browser's one runtime cache (`ours`: runtimeCaches()), which it
// opens as `runtimeCache`; null when there is none (a first visit), there are several, or
// it is another build's.
async function cachedManifest(ours) {
  if (ours.length !== 1) return null;
  try {
    const cache = await caches.open(ours[0]);
    const kept = await cache.match(MANIFEST.href);
    const manifest = kept ? await kept.json() : null;
    if (manifest && CACHE_PREFIX + manifest.cache_version === ours[0]) {
      runtimeCache = cache;
      manifestFromCache = true;
      return manifest;
    }
  } catch {
    // read it from the network
  }
  return null;
}

async function networkManifest() {
  const response = await fetchOk(MANIFEST);
  const copy = response.clone();
  const manifest = await response.json();
  runtimeCache = await openCache(manifest.cache_version);
  if (runtimeCache) stores.push(runtimeCache.put(MANIFEST.href, copy).catch(() => {}));
  return manifest;
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

// The SHA-256 of some bytes, in hex (snapshot.js's, loaded at the start).
async function sha256Hex(data) {
  return (await snapshotModule).sha256Hex(data);
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
      const files = archiveFiles(bytes);
      files.catch(() => {}); // awaited by installWheels
      return { name: entry.name, sha256, bytes, files };
    }),
  );
}

// The bytecode of every module of the wheels (build_runtime.py compiles it with this
// Pyodide's Python): [{path, bytes}] of __pycache__ files for site-packages, or null when
// the site has none or it cannot be had. A plain start asks for it before Python starts; a
// restored one, whose snapshot has the recipe's modules imported, once it has answered
// (writeBytecodeLater). It is only a speed-up: Python checks each file against its
// source's hash and compiles the source itself when they differ.
async function downloadBytecode(manifest) {
  const entry = manifest.bytecode;
  if (!entry) return null;
  try {
    const response = await fetchOk(new URL(entry.file, RUNTIME));
    const bytes = new Uint8Array(await response.arrayBuffer());
    const sha256 = await sha256Hex(bytes);
    if (sha256 !== entry.sha256) {
      console.info(`euchre runtime: ${entry.file} differs from the manifest (sha256 ${sha256}); not used`);
      return null;
    }
    return await archiveFiles(bytes);
  } catch (error) {
    console.info(`euchre runtime: no bytecode (${error.message || error}); Python compiles the sources`);
    return null;
  }
}

// ---------------------------------------------------------------- wheels, unzipped here

const ZIP_END = 0x06054b50;
const ZIP_ENTRY = 0x02014b50;

// One member's bytes inflated, written to and read from the stream directly: a member
// piped through a Blob and read back by a Response costs about a millisecond each, which
// for the 267 files of the wheels and their bytecode was a quarter of a second of this
// thread while Pyodide starts on it; this way all of them take about 20 ms.
async function inflateRaw(data) {
  const inflater = new DecompressionStream("deflate-raw");
  const writer = inflater.writable.getWriter();
  writer.write(data).catch(() => {}); // a damaged member fails the read below
  writer.close().catch(() => {});
  const reader = inflater.readable.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

// A zip archive's files (a wheel's, the bytecode's) as [{path, bytes}], read in JavaScript
// while Pyodide starts, so that installing them is only writing files
// (pyodide.unpackArchive would unzip in Python after the start). The site's archives hold
// their members stored (the host compresses them whole), so each is a view of the bytes;
// a deflated member is inflated. Null when one is deflated and this browser cannot
// inflate: installWheels then unpacks that wheel in Python.
async function archiveFiles(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== ZIP_END) end -= 1;
  if (end < 0) throw new Error("an archive is not a zip file");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const members = [];
  for (let i = 0; i < count; i += 1) {
    if (view.getUint32(at, true) !== ZIP_ENTRY) throw new Error("an archive's directory is damaged");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const path = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + skip;
    if (path.endsWith("/")) continue;
    if (path.startsWith("/") || path.split("/").includes("..")) throw new Error(`an archive holds ${path}`);
    if (method !== 0 && method !== 8) throw new Error(`an archive's ${path} is packed unusually`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    members.push({ path, method, data: bytes.subarray(start, start + size) });
  }
  if (members.some(({ method }) => method === 8) && typeof DecompressionStream !== "function") return null;
  const files = []; // one member after another: faster than all at once
  for (const { path, method, data } of members) {
    files.push({ path, bytes: method === 8 ? await inflateRaw(data) : data });
  }
  return files;
}

// ---------------------------------------------------------------- the memory snapshot

// The snapshot this browser kept on an earlier visit, opened the moment the worker starts:
// null when there is none, else {identity, length, packed, release, discard}, or
// {refusal} when the file cannot be read. It lives only in this origin's private file
// system (OPFS), never on the server. Its head (what it was made from, how long it is)
// comes at once; `packed` is a promise of the packed bytes once their checksum is checked.
// A second worker (kept-snapshot.js) reads them, so that this thread compiles Pyodide
// meanwhile; where a worker cannot start one, this thread reads them, with synchronous
// calls (a Cache Storage body streams in small chunks through this thread, which is busy
// starting Pyodide: several times slower), once `release()` is called, after Pyodide has
// asked for its own files. `discard()` lets the file go unread.
const snapshotFolder = (async () => {
  const storage = self.navigator.storage;
  if (!storage || typeof storage.getDirectory !== "function") return null;
  return storage.getDirectory();
})().catch(() => null); // storage refused (private mode, quota): no snapshot
const keptSnapshot = readKeptSnapshot();

const unreadable = (why) => new Refusal(`the snapshot could not be read (${why})`);

async function readKeptSnapshot() {
  const directory = await snapshotFolder;
  if (!directory) return null;
  try {
    await directory.getFileHandle((await snapshotModule).SNAPSHOT_FILE);
  } catch {
    return null; // none kept yet (a first visit): no second worker for nothing
  }
  return (await readInReader()) ?? readHere(directory);
}

// The kept snapshot through kept-snapshot.js; undefined when that worker cannot start
// (this thread then reads it).
function readInReader() {
  if (typeof Worker !== "function") return Promise.resolve(undefined);
  let reader;
  try {
    reader = new Worker(new URL("./kept-snapshot.js", import.meta.url), {
      type: "module",
      name: "euchre-kept-snapshot",
    });
  } catch {
    return Promise.resolve(undefined);
  }
  return new Promise((resolveHead) => {
    let headSaid = false;
    let resolvePacked;
    let rejectPacked;
    const packed = new Promise((resolve, reject) => {
      resolvePacked = resolve;
      rejectPacked = reject;
    });
    packed.catch(() => {}); // awaited by loadPyodide through restoreOptions
    const stop = () => reader.terminate();
    reader.onmessage = ({ data }) => {
      if (headSaid) {
        stop();
        if (data.packed) resolvePacked(data.packed);
        else rejectPacked(unreadable(data.refusal));
        return;
      }
      headSaid = true;
      if (data.none) {
        stop();
        resolveHead(null);
      } else if (data.refusal !== undefined) {
        stop();
        resolveHead({ refusal: unreadable(data.refusal) });
      } else {
        resolveHead({ identity: data.identity, length: data.length, packed, release() {}, discard: stop, readBy: "reader" });
      }
    };
    reader.onerror = (event) => {
      event.preventDefault();
      stop();
      if (!headSaid) {
        headSaid = true;
        resolveHead(undefined); // it did not start: this thread reads the file
      } else {
        rejectPacked(unreadable("its reader stopped"));
      }
    };
  });
}

// The kept snapshot read on this thread (openKeptSnapshot's head now, the packed bytes
// once released).
async function readHere(directory) {
  let kept;
  try {
    kept = await (await snapshotModule).openKeptSnapshot(directory);
  } catch (error) {
    return { refusal: unreadable(error.message) };
  }
  if (!kept) return null;
  let release;
  const released = new Promise((resolve) => {
    release = resolve;
  });
  const packed = released.then(() => {
    try {
      return kept.readPacked();
    } catch (error) {
      throw unreadable(error.message);
    }
  });
  packed.catch(() => {}); // awaited by loadPyodide through restoreOptions
  return { identity: kept.identity, length: kept.length, packed, release, discard: kept.close, readBy: "engine" };
}

// Keep a snapshot this start made, for the next visit: written whole to a scratch file,
// then moved over the kept one, so a reader never sees half a file (a browser that cannot
// move files writes the kept one in place: a reader meanwhile finds it damaged and starts
// plainly).
async function keepSnapshot(identity, memory) {
  const { packSnapshot, snapshotFile, SNAPSHOT_FILE } = await snapshotModule;
  const bytes = snapshotFile(identity, packSnapshot(memory));
  const directory = await snapshotFolder;
  const canMove = typeof FileSystemHandle === "function" && typeof FileSystemHandle.prototype.move === "function";
  const target = await directory.getFileHandle(canMove ? SNAPSHOT_SCRATCH_FILE : SNAPSHOT_FILE, { create: true });
  const access = await target.createSyncAccessHandle();
  try {
    access.truncate(0);
    access.write(bytes, { at: 0 });
    access.flush();
  } finally {
    access.close();
  }
  if (!canMove) return;
  try {
    await target.move(SNAPSHOT_FILE);
  } catch {
    await directory.removeEntry(SNAPSHOT_FILE).catch(() => {});
    await target.move(SNAPSHOT_FILE);
  }
}

// What this start would make a snapshot from: its identity (snapshot.js) over the
// manifest's recipe and the files actually downloaded.
async function identityOf(manifest, version, wheels) {
  const { snapshotIdentity } = await snapshotModule;
  return snapshotIdentity(version, manifest.snapshot.recipe, manifest.pyodide.stdlib_sha256, wheels);
}

// Fill `target` with the kept snapshot: a Refusal when it was made from other files than
// the ones that will run, or reads back damaged.
function fillMemory(stored, identity, target) {
  const filled = identity.then(async (expected) => {
    if (stored.identity !== expected) throw new Refusal("the snapshot was made from other wheels");
    const [{ unpackSnapshot }, packed] = await Promise.all([snapshotModule, stored.packed]);
    try {
      unpackSnapshot(packed, target);
    } catch (error) {
      throw new Refusal(`the snapshot could not be read (${error.message})`);
    }
    progress(0.75, "Starting the card engine");
  });
  filled.catch(() => {}); // loadPyodide awaits it
  return filled;
}

function pythonStreams() {
  return {
    stdout: (line) => console.log(`[python] ${line}`),
    stderr: (line) => console.warn(`[python] ${line}`),
  };
}

// What loadPyodide needs besides indexURL: the lock file's few fields from the manifest
// (no request for the lock file), and the console streams.
function pyodideOptions(manifest) {
  return { indexURL: PYODIDE.href, lockFileContents: manifest.pyodide.lock, ...pythonStreams() };
}

async function bootFromSnapshot(loadPyodide, manifest, stored, identity) {
  // Pyodide's module is created (its wasm compiled, the standard library mounted) while
  // the snapshot is read and unpacked into `target`; the options wait for both, then grow
  // Pyodide's memory to the snapshot's size (snapshot.js). Read on this thread, the
  // snapshot is released once loadPyodide has asked for the wasm module and the standard
  // library (a task later), so that they download and compile meanwhile.
  if (!(stored.length > 0)) throw new Refusal("the snapshot could not be read (it is not packed)");
  const target = new Uint8Array(stored.length);
  const filled = fillMemory(stored, identity, target);
  try {
    const { restoreOptions } = await snapshotModule;
    const restore = await restoreOptions(PYODIDE.href, target, filled, mark);
    const loading = loadPyodide({ ...pyodideOptions(manifest), ...restore });
    setTimeout(stored.release, 0);
    return await loading;
  } catch (error) {
    stored.release(); // if it was not yet: `filled` waits for the read
    const refusal = await filled.then(() => null, (reason) => reason);
    if (refusal instanceof Refusal) throw refusal;
    throw new Refusal(`the snapshot could not be restored (${error.message})`);
  }
}

async function bootPlain(loadPyodide, manifest, makeSnapshot) {
  progress(0.2, "Starting Python");
  return loadPyodide({ ...pyodideOptions(manifest), _makeSnapshot: makeSnapshot });
}

// Make the snapshot of a plain start whose wheels are unpacked (synchronous: before the
// bridge answers anything) and keep it for the next visit in a quiet moment (packing,
// checking and writing it takes this thread about a tenth of a second, which the page's
// first questions should not wait for); a failure only costs the next visit its fast
// start. Returns whether one was made.
async function makeAndKeepSnapshot(pyodide, identity) {
  let memory;
  let madeFrom;
  try {
    const { makeSnapshot } = await snapshotModule;
    madeFrom = await identity;
    memory = makeSnapshot(pyodide).memory;
  } catch (error) {
    console.info(`euchre runtime: no snapshot made: ${error.message || error}`);
    return false;
  }
  const kept = whenQuiet()
    .then(() => keepSnapshot(madeFrom, memory))
    .catch((error) => console.info(`euchre runtime: the snapshot was not kept: ${error.message || error}`));
  stores.push(kept);
  return true;
}

function sitePackagesOf(pyodide) {
  return pyodide.runPython("import sys\n[p for p in sys.path if p.endswith('site-packages')][0]");
}

// Write [{path, bytes}] under `folder` in Pyodide's file system.
function writeFiles(pyodide, folder, files) {
  for (const { path, bytes } of files) {
    const target = `${folder}/${path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, bytes);
  }
}

// Unpack the wheels into site-packages, and beside them the bytecode (`bytecode`: a promise
// of downloadBytecode's files, or null). Returns the number of bytecode files written.
async function installWheels(pyodide, wheels, bytecode) {
  const sitePackages = sitePackagesOf(pyodide);
  for (const wheel of wheels) {
    const files = await wheel.files.catch(() => null);
    if (files === null) {
      pyodide.unpackArchive(wheel.bytes, "wheel", { extractDir: sitePackages });
      continue;
    }
    writeFiles(pyodide, sitePackages, files);
  }
  const compiled = (await bytecode) || [];
  writeFiles(pyodide, sitePackages, compiled);
  pyodide.runPython(
    "import importlib, sys\n" +
      "importlib.invalidate_caches()\n" +
      "sys.path[:] = list(dict.fromkeys(sys.path))",
  );
  return compiled.length;
}

// A restored snapshot holds the modules its recipe imports, not the ones imported on first
// use (fsrs, for the review scheduler): the bytecode is written once the engine has
// answered what was waiting for it, in a quiet moment, and runtime.info reports the number
// of files as `bytecode_files_later`.
function writeBytecodeLater(pyodide, manifest, bridge) {
  whenQuiet().then(async () => {
    const files = await downloadBytecode(manifest);
    if (!files) return;
    try {
      writeFiles(pyodide, sitePackagesOf(pyodide), files);
      pyodide.runPython("import importlib\nimportlib.invalidate_caches()");
    } catch (error) {
      console.info(`euchre runtime: the bytecode was not written (${error.message || error})`);
      return;
    }
    bridge.configure(JSON.stringify({ bytecode_files_later: files.length }));
  });
}

// ---------------------------------------------------------------- quiet moments

// Work that can wait (keeping the snapshot, writing bytecode after a restored start) waits
// until the page has asked nothing for QUIET_MS: the widgets ask their first questions the
// moment the engine is ready, and a learner's taps come in bursts. It waits at most
// QUIET_AT_MOST_MS after it was put off, so a page that never pauses still gets it done.
const QUIET_MS = 250;
const QUIET_AT_MOST_MS = 3000;
let asking = 0; // questions being answered
let lastAsked = 0; // performance.now() when the last one came or was answered

function whenQuiet() {
  const since = performance.now();
  return new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      const quietFor = now - lastAsked;
      if ((asking === 0 && quietFor >= QUIET_MS) || now - since >= QUIET_AT_MOST_MS) resolve();
      else setTimeout(check, Math.max(QUIET_MS - quietFor, 20));
    };
    setTimeout(check, QUIET_MS);
  });
}

// Milliseconds since the worker started at each step of the start, for the benchmark
// (runtime.info's `timings`).
const timings = {};
function mark(step) {
  timings[step] = Math.round(performance.now());
}

// The manifest, once this start may download what it names: at once when this browser
// has the runtime cached, else (a first visit) once the page says so (goAhead), when
// the largest files are asked for first. Pyodide's 1.2 MB module glue is imported (fetched
// and compiled) meanwhile: loadPyodide and restoreOptions then find it imported.
async function manifestWhenAllowed() {
  const ours = await runtimeCaches();
  if (ours.length > 0) importGlue();
  let manifest = await cachedManifest(ours);
  if (!manifest) {
    const fromNetwork = networkManifest();
    fromNetwork.catch(() => {}); // awaited below
    await goAhead;
    mark("go");
    for (const name of ["pyodide.asm.wasm", "python_stdlib.zip"]) prefetch(new URL(name, PYODIDE));
    manifest = await fromNetwork;
  }
  importGlue();
  return manifest;
}

let glueImport = null;
function importGlue() {
  glueImport ??= import(new URL("pyodide.asm.mjs", PYODIDE).href);
  glueImport.catch(() => {}); // loadPyodide imports it itself and reports a failure
}

async function boot() {
  progress(0.02, "Starting the card engine");
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  const pyodideLoader = import(new URL("pyodide.mjs", PYODIDE).href);
  pyodideLoader.catch(() => {}); // awaited below, where a failure fails the start
  const manifest = await manifestWhenAllowed();
  for (const file of manifest.precache || []) cacheable.add(new URL(file, RUNTIME).href);
  const wheelsPromise = downloadWheels(manifest);
  wheelsPromise.catch(() => {}); // awaited later; a failure fails the start there
  const entry = manifest.snapshot;
  mark("manifest");
  const pyodideModule = await pyodideLoader;
  mark("loader");
  const { loadPyodide, version } = pyodideModule;
  progress(0.1, "Downloading the card engine");
  const identity = entry ? wheelsPromise.then((wheels) => identityOf(manifest, version, wheels)) : null;
  identity?.catch(() => {}); // awaited where it is used

  let pyodide = null;
  let bootKind = "snapshot";
  let refused = null;
  let readBy = null; // who read the kept snapshot: "reader" (kept-snapshot.js) or "engine"
  let bytecode = null; // downloadBytecode's promise, on a plain start
  try {
    if (!entry) throw new Refusal("the site has no snapshot");
    if (!(await snapshotFolder)) throw new Refusal("this browser keeps no files for the site");
    const stored = await keptSnapshot;
    readBy = stored?.readBy ?? null;
    if (!stored) throw new Refusal("no snapshot was made in this browser yet (a first visit)");
    if (stored.refusal) throw stored.refusal;
    pyodide = await bootFromSnapshot(loadPyodide, manifest, stored, identity);
  } catch (error) {
    (await keptSnapshot)?.discard?.(); // closed (if still open): this start keeps a new one
    if (!(error instanceof Refusal)) throw error;
    refused = error.message;
    bootKind = "plain";
    console.info(`euchre runtime: snapshot not used: ${refused}; starting Pyodide plainly`);
    bytecode = downloadBytecode(manifest);
    pyodide = await bootPlain(loadPyodide, manifest, Boolean(entry && (await snapshotFolder)));
  }
  mark("pyodide");
  progress(0.9, "Loading the rules");
  const bytecodeFiles = await installWheels(pyodide, await wheelsPromise, bytecode);
  mark("wheels");
  const made = bootKind === "plain" && entry && (await snapshotFolder)
    ? await makeAndKeepSnapshot(pyodide, identity)
    : false;
  if (made) mark("snapshot");
  const bridge = pyodide.pyimport("euchre_tutorial.bridge");
  bridge.configure(
    JSON.stringify({
      boot: bootKind,
      snapshot_refused: refused,
      snapshot_read_by: readBy,
      snapshot_made: made,
      manifest_from_cache: manifestFromCache,
      bytecode_files: bytecodeFiles,
      pyodide: version,
      cache_version: manifest.cache_version,
    }),
  );
  const dispatch = bridge.dispatch;
  const info = JSON.parse(dispatch("runtime.info", "null")).value;
  mark("bridge");
  if (bootKind === "snapshot") writeBytecodeLater(pyodide, manifest, bridge);
  // the worker's own clock starts when it does: the page adds its offset from navigation
  return { dispatch, info: { ...info, timings, worker_origin_ms: performance.timeOrigin } };
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
    console.warn("euchre runtime: Pyodide could not start:", error);
    status("failed", { progress: 0, message: plainReason(error), detail: String(error) });
    return null;
  },
);

self.onmessage = async (event) => {
  if (event.data && event.data.type === "go") {
    go();
    return;
  }
  const { id, method, payload } = event.data || {};
  asking += 1;
  lastAsked = performance.now();
  try {
    await answer(id, method, payload);
  } finally {
    asking -= 1;
    lastAsked = performance.now();
  }
};

async function answer(id, method, payload) {
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
}
