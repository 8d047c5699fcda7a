// Pyodide's 1.2 MB module glue, loaded once through the site's service worker and
// nothing more (runtime.js starts this worker when a new service worker takes control).
// Chrome keeps V8's compiled code of a script the service worker serves from its cache
// beside it, once the script has been loaded that way: the next visit's engine then starts
// with the glue compiled instead of compiling it (about a tenth of a second of its thread,
// four tenths on a slow phone). Posts "done" or "failed".
const GLUE = new URL("../../runtime/pyodide/pyodide.asm.mjs", import.meta.url);

import(GLUE.href).then(
  () => self.postMessage("done"),
  () => self.postMessage("failed"),
);
