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
 * loadPyodide options that restore `snapshot` (makeMemorySnapshot's bytes: a Uint8Array,
 * or a promise of one): `_loadSnapshot`, and `createPyodideModule` that grows
 * the new module's memory to the snapshot's size. Rejects (at loadPyodide) when the memory
 * cannot grow. Why: Pyodide's wasm module defines its own memory (31.5 MB) and its
 * restoreSnapshot() copies the saved memory in without growing it first, so a snapshot of
 * a heap that grew past that size failed with "RangeError: offset is out of bounds".
 */
export async function restoreOptions(indexURL, snapshot) {
  const { default: createModule } = await import(new URL("pyodide.asm.mjs", indexURL).href);
  const bytes = Promise.resolve(snapshot);
  return {
    _loadSnapshot: bytes,
    async createPyodideModule(settings) {
      const module = await createModule(settings);
      const needed = snapshotMemoryBytes(await bytes);
      if (module.HEAPU8.length < needed) module.growMemory(needed);
      if (module.HEAPU8.length < needed) {
        throw new Error(`the memory could not grow to the snapshot's ${needed} bytes`);
      }
      return module;
    },
  };
}
