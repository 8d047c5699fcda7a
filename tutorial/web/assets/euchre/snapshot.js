// Pyodide memory snapshots: how one is made (in the reader's browser, by worker.js, on the
// first visit; under Node by the build's proof, scripts/make_snapshot.mjs) and restored.
// One module for both, so the build checks the very recipe the browser runs.
//
// A snapshot is known by its identity, a SHA-256 over what the memory was made from
// (snapshotIdentity): it is restored only where that is exactly what will run. The
// browser keeps the identity beside the bytes (worker.js); the build's file under Node
// puts it in a 128-byte header (scripts/build_runtime.py).

/**
 * The recipe, after the wheels are unpacked into site-packages: import every module the
 * browser may need (the Markdown extensions run only at build time), so a restored
 * snapshot never reads a module file, and check that the bridge answers. Evaluates to
 * the number of modules imported.
 */
export const RECIPE_PYTHON = `
import importlib, json, pkgutil, sys
importlib.invalidate_caches()
import euchre, euchre_tutorial
imported = 0
for package in (euchre, euchre_tutorial):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if info.name.startswith("euchre_tutorial.mdext") or ".tests" in info.name:
            continue
        try:
            importlib.import_module(info.name)
        except ImportError as exc:
            print(f"snapshot: not imported {info.name}: {exc}", file=sys.stderr)
        else:
            imported += 1
from euchre_tutorial import bridge
reply = json.loads(bridge.dispatch("runtime.info", "null"))
assert reply["ok"], reply
if reply["value"]["widget_errors"]:
    raise SystemExit(f"widget modules failed to import: {reply['value']['widget_errors']}")
imported
`;

/** The SHA-256 of `data` (bytes), in hex. */
export async function sha256Hex(data) {
  const digest = await crypto.subtle.digest("SHA-256", data);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * What a snapshot was made from, as a hex SHA-256: the Pyodide version, the recipe's name,
 * the standard library's sha256 (the snapshot holds its zip directory) and each wheel's
 * name and sha256 ([{name, sha256}], any order). The same text as
 * scripts/build_runtime.py's snapshot_hash().
 */
export async function snapshotIdentity(pyodideVersion, recipe, stdlibSha256, wheels) {
  const lines = [...wheels]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((wheel) => `${wheel.name} ${wheel.sha256}\n`);
  const text = `pyodide ${pyodideVersion}\nrecipe ${recipe}\nstdlib ${stdlibSha256}\n${lines.join("")}`;
  return sha256Hex(new TextEncoder().encode(text));
}

/**
 * Make the snapshot of a Pyodide started with `_makeSnapshot: true` whose wheels are
 * unpacked: runs the recipe, then returns {memory, modules} (the bytes of
 * makeMemorySnapshot, and the number of modules the recipe imported).
 */
export function makeSnapshot(pyodide) {
  const modules = pyodide.runPython(RECIPE_PYTHON);
  return { memory: pyodide.makeMemorySnapshot(), modules };
}

/** The number of memory bytes a Pyodide snapshot holds (its length minus its header). */
export function snapshotMemoryBytes(snapshot) {
  const view = new DataView(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength);
  return snapshot.byteLength - view.getUint32(4, true);
}

/**
 * loadPyodide options that restore a snapshot into `target` (a Uint8Array of the
 * snapshot's full length: makeMemorySnapshot's bytes, or a zeroed array that `filled`
 * fills): `_loadSnapshot`, and `createPyodideModule` that waits for `filled` once
 * Pyodide's module exists, then grows its memory to the snapshot's size. So the module is
 * created (the wasm compiled, the standard library mounted) while the snapshot is still
 * being read; loadPyodide rejects when `filled` does, or when the memory cannot grow.
 * Why grow: Pyodide's wasm module defines its own memory (31.5 MB) and its
 * restoreSnapshot() copies the saved memory in without growing it first, so a snapshot of
 * a heap that grew past that size failed with "RangeError: offset is out of bounds".
 * `mark(step)` is told when the module's creation starts ("glue": Pyodide's JavaScript
 * runs), when the wasm is instantiated ("wasm") and when the module exists ("module"),
 * for the benchmark's breakdown of a start.
 */
export async function restoreOptions(indexURL, target, filled = Promise.resolve(), mark = () => {}) {
  const { default: createModule } = await import(new URL("pyodide.asm.mjs", indexURL).href);
  filled.catch(() => {}); // awaited below, once the module exists
  return {
    _loadSnapshot: Promise.resolve(target),
    async createPyodideModule(settings) {
      mark("glue");
      const instantiate = settings.instantiateWasm;
      if (instantiate) {
        settings.instantiateWasm = (imports, receive) => instantiate(imports, (...made) => {
          mark("wasm");
          return receive(...made);
        });
      }
      const module = await createModule(settings);
      mark("module");
      await filled;
      const needed = snapshotMemoryBytes(target);
      if (module.HEAPU8.length < needed) module.growMemory(needed);
      if (module.HEAPU8.length < needed) {
        throw new Error(`the memory could not grow to the snapshot's ${needed} bytes`);
      }
      return module;
    },
  };
}

// ---------------------------------------------------------------- kept in the browser

// A browser keeps its snapshot packed: the pages that are all zero (about half of
// Pyodide's memory) are left out, so a later visit reads and checks about half the bytes.
// Layout, little-endian 32-bit words: STORED_MAGIC, the snapshot's length, the number of
// runs of kept pages, each run's first byte and length; then the runs' bytes, in order.
const PAGE_BYTES = 4096;
const STORED_MAGIC = 0x31535545; // "EUS1"
const STORED_HEADER_WORDS = 3;

function isZero(words, bytes, start, end) {
  const lastWord = end >> 2;
  for (let w = start >> 2; w < lastWord; w += 1) if (words[w] !== 0) return false;
  for (let b = lastWord << 2; b < end; b += 1) if (bytes[b] !== 0) return false;
  return true;
}

/**
 * The packed form of `snapshot` (makeMemorySnapshot's bytes) that the browser stores:
 * unpackSnapshot gives the same bytes back.
 */
export function packSnapshot(snapshot) {
  const bytes = snapshot.byteOffset % 4 === 0 ? snapshot : snapshot.slice();
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const runs = []; // [first byte, length]
  for (let start = 0; start < bytes.length; start += PAGE_BYTES) {
    const end = Math.min(start + PAGE_BYTES, bytes.length);
    if (isZero(words, bytes, start, end)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === start) last[1] += end - start;
    else runs.push([start, end - start]);
  }
  const header = 4 * (STORED_HEADER_WORDS + 2 * runs.length);
  const kept = runs.reduce((sum, [, length]) => sum + length, 0);
  const packed = new Uint8Array(header + kept);
  const view = new DataView(packed.buffer);
  view.setUint32(0, STORED_MAGIC, true);
  view.setUint32(4, bytes.length, true);
  view.setUint32(8, runs.length, true);
  let at = header;
  runs.forEach(([start, length], i) => {
    view.setUint32(4 * (STORED_HEADER_WORDS + 2 * i), start, true);
    view.setUint32(4 * (STORED_HEADER_WORDS + 2 * i + 1), length, true);
    packed.set(bytes.subarray(start, start + length), at);
    at += length;
  });
  return packed;
}

/**
 * Write the snapshot `packed` holds into `target`, a zeroed Uint8Array of the snapshot's
 * length. Throws (a plain Error) when `packed` is not a packed snapshot of that length.
 */
export function unpackSnapshot(packed, target) {
  const fail = (why) => {
    throw new Error(`not a packed snapshot of ${target.length} bytes: ${why}`);
  };
  if (packed.length < 4 * STORED_HEADER_WORDS) fail("it is too short");
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (view.getUint32(0, true) !== STORED_MAGIC) fail("it has no header");
  if (view.getUint32(4, true) !== target.length) fail(`it holds ${view.getUint32(4, true)} bytes`);
  const count = view.getUint32(8, true);
  let at = 4 * (STORED_HEADER_WORDS + 2 * count);
  if (at > packed.length) fail("its list of pages is cut short");
  let end = 0;
  for (let i = 0; i < count; i += 1) {
    const start = view.getUint32(4 * (STORED_HEADER_WORDS + 2 * i), true);
    const length = view.getUint32(4 * (STORED_HEADER_WORDS + 2 * i + 1), true);
    if (start < end || start + length > target.length || at + length > packed.length) {
      fail("its pages do not fit");
    }
    target.set(packed.subarray(at, at + length), start);
    at += length;
    end = start + length;
  }
  if (at !== packed.length) fail("it has bytes after its last page");
  return target;
}

/** The length of the snapshot that `packed` (packSnapshot's bytes) unpacks to; 0 when
 * `packed` is not a packed snapshot. */
export function packedLength(packed) {
  if (packed.length < 4 * STORED_HEADER_WORDS) return 0;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  return view.getUint32(0, true) === STORED_MAGIC ? view.getUint32(4, true) : 0;
}

/**
 * A 64-bit checksum of `bytes`, as 16 hex digits: how a kept snapshot is checked when it is
 * read back. It is not cryptographic (the file never leaves this browser: it only has to
 * notice damage), and it is several times faster than SHA-256, whose check took 40 ms of
 * the worker's thread for a 15 MB snapshot here, before Pyodide could go on. Two lanes
 * over the 32-bit words, each step a bijection of the lane, so a change to any one word
 * always changes the result; the length and the last bytes are folded in at the end.
 */
export function checksum(bytes) {
  const whole = bytes.length >> 2;
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, whole);
  let a = 0x811c9dc5 | 0;
  let b = 0x9e3779b9 | 0;
  for (let i = 0; i < whole; i += 1) {
    const word = words[i];
    a = Math.imul(a ^ word, 0x01000193);
    b = Math.imul((b ^ (b >>> 13)) + word, 0x5bd1e995);
  }
  let last = bytes.length;
  for (let i = whole << 2; i < bytes.length; i += 1) last = Math.imul(last ^ bytes[i], 0x01000193);
  a = Math.imul(a ^ last, 0x01000193);
  b = Math.imul((b ^ (b >>> 13)) + last, 0x5bd1e995);
  a = Math.imul(a ^ (b >>> 15), 0x2c1b3c6d);
  b = Math.imul(b ^ (a >>> 17), 0x297a2d39);
  return [a, b].map((lane) => (lane >>> 0).toString(16).padStart(8, "0")).join("");
}

// The file a browser keeps: FILE_MAGIC, the length of a JSON description ({identity,
// checksum}: what the snapshot was made from, and the packed bytes' checksum), the
// description, then the packed snapshot.
const FILE_MAGIC = 0x32465545; // "EUF2"
const OLDER_FILE_MAGIC = 0x31465545; // "EUF1": kept with a SHA-256 by an older build

/** The bytes of the file that keeps `packed` (packSnapshot's bytes), with the snapshot's
 * identity and the packed bytes' checksum (checksum's). */
export function snapshotFile(identity, packed) {
  const description = new TextEncoder().encode(JSON.stringify({ identity, checksum: checksum(packed) }));
  const file = new Uint8Array(8 + description.length + packed.length);
  const view = new DataView(file.buffer);
  view.setUint32(0, FILE_MAGIC, true);
  view.setUint32(4, description.length, true);
  file.set(description, 8);
  file.set(packed, 8 + description.length);
  return file;
}

/** How many of a kept file's first bytes readSnapshotHead needs, at most: its description
 * is a few hundred bytes, and the packed snapshot's header follows. */
export const SNAPSHOT_HEAD_BYTES = 4096;

/**
 * The start of a file snapshotFile wrote (its first SNAPSHOT_HEAD_BYTES, or all of it when
 * shorter), read before the rest: {identity, checksum, packedAt, length}, `packedAt` where
 * the packed snapshot begins and `length` the snapshot's (packedLength's; 0 when the
 * packed bytes are not in `head`). Throws (a plain Error) when it is not such a file.
 */
export function readSnapshotHead(head) {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (head.length >= 8 && view.getUint32(0, true) === OLDER_FILE_MAGIC) {
    throw new Error("it was kept by an older version of the site");
  }
  if (head.length < 8 || view.getUint32(0, true) !== FILE_MAGIC) {
    throw new Error("it is not a kept snapshot");
  }
  const size = view.getUint32(4, true);
  let description = null;
  try {
    if (8 + size <= head.length) description = JSON.parse(new TextDecoder().decode(head.subarray(8, 8 + size)));
  } catch {
    // reported below
  }
  if (!description || typeof description.identity !== "string" || typeof description.checksum !== "string") {
    throw new Error("its description is damaged");
  }
  const packedAt = 8 + size;
  return {
    identity: description.identity,
    checksum: description.checksum,
    packedAt,
    length: packedLength(head.subarray(packedAt)),
  };
}

// ---------------------------------------------------------------- reading the kept file

/** The name of the file in the site's private file system (OPFS) that keeps the snapshot. */
export const SNAPSHOT_FILE = "euchre-snapshot.bin";

// A file opened for reading: {size, read(at, length), close()}, through a read-only
// synchronous handle, or, when another tab holds the file open for writing (or the
// browser has no such handles), as a File read whole. close() may be called again.
async function openForReading(handle) {
  let access = null;
  try {
    access = await handle.createSyncAccessHandle({ mode: "read-only" });
  } catch {
    const whole = new Uint8Array(await (await handle.getFile()).arrayBuffer());
    return { size: whole.length, read: (at, length) => whole.subarray(at, at + length), close() {} };
  }
  let open = true;
  return {
    size: access.getSize(),
    read(at, length) {
      const bytes = new Uint8Array(length);
      if (access.read(bytes, { at }) !== length) throw new Error("the file is shorter than it says");
      return bytes;
    },
    close() {
      if (open) access.close();
      open = false;
    },
  };
}

/**
 * The snapshot kept in `directory` (the site's private file system), opened: null when
 * none is kept, else {identity, length, readPacked, close}. What it was made from and the
 * snapshot's length come from the file's head, read at once; readPacked() reads the packed
 * bytes with one synchronous read, checks their checksum and closes the file (a plain Error
 * when they cannot be read or are damaged); close() closes it unread. A plain Error when
 * the head cannot be read. (In a worker only: synchronous handles exist nowhere else.)
 */
export async function openKeptSnapshot(directory) {
  let handle;
  try {
    handle = await directory.getFileHandle(SNAPSHOT_FILE);
  } catch {
    return null; // none kept yet
  }
  const file = await openForReading(handle);
  try {
    const head = readSnapshotHead(file.read(0, Math.min(file.size, SNAPSHOT_HEAD_BYTES)));
    return {
      identity: head.identity,
      length: head.length,
      readPacked() {
        try {
          const packed = file.read(head.packedAt, file.size - head.packedAt);
          if (checksum(packed) !== head.checksum) throw new Error("it is damaged");
          return packed;
        } finally {
          file.close();
        }
      },
      close: () => file.close(),
    };
  } catch (error) {
    file.close();
    throw error;
  }
}
