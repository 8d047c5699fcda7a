// Restoring Pyodide from one of our memory snapshots, in the browser's worker (worker.js)
// and under Node (the build's restore check, the Pyodide tests): one implementation.
//
//   const options = await restoreOptions(indexURL, snapshotBytesPromise);
//   const pyodide = await loadPyodide({ indexURL, ...options });
//
// Why this exists: Pyodide's wasm module defines its own memory (480 pages, 31.5 MB) and
// its restoreSnapshot() copies the saved memory into it without growing it first (the
// INITIAL_MEMORY setting it passes is ignored, since the memory is not imported). A
// snapshot of a heap that grew beyond 31.5 MB therefore failed with "RangeError: offset is
// out of bounds". So the module is created through createPyodideModule, and the memory
// is grown to the snapshot's size before Pyodide copies the snapshot into it.

/** The number of memory bytes a Pyodide snapshot holds (its length minus its header). */
export function snapshotMemoryBytes(snapshot) {
  const view = new DataView(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength);
  return snapshot.byteLength - view.getUint32(4, true);
}

/**
 * loadPyodide options that restore `snapshot` (a Uint8Array, or a promise of one):
 * `_loadSnapshot`, and `createPyodideModule` that grows the new module's memory to the
 * snapshot's size. Rejects (at loadPyodide) when the memory cannot grow.
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
