// Pyodide's wasm module compiled off the engine's thread, on a repeat visit. worker.js
// starts this module worker the moment it finds the runtime cache, and posts it that
// cache's name; it compiles the cached pyodide.asm.wasm and hands the module over
// (a WebAssembly.Module is shared between workers, not copied). Streaming the 9.6 MB into
// V8's compiler took the engine's own thread 60 to 100 ms of a repeat visit's start, right
// when it is busy with Pyodide's JavaScript; here it runs beside it.
//
// It takes one message, {cache}: the runtime cache's name. It posts one:
//   {module}          the compiled module, or
//   {module: null}    the cache has no wasm, or it does not compile (the engine then lets
//                     Pyodide fetch and compile it itself, as on a first visit).
const WASM = new URL("../../runtime/pyodide/pyodide.asm.wasm", import.meta.url);

async function compile(cacheName) {
  const cached = await (await caches.open(cacheName)).match(WASM.href);
  return cached ? WebAssembly.compileStreaming(cached) : null;
}

self.onmessage = ({ data }) => {
  compile(String(data && data.cache))
    .catch(() => null)
    .then((module) => self.postMessage({ module }))
    .finally(() => self.close());
};
