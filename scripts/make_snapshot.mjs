// The build's proof of the snapshot recipe (run by build_runtime.py): the browser makes its
// own memory snapshot on a first visit (worker.js), with the recipe in
// tutorial/web/assets/euchre/snapshot.js; this script makes one the same way under Node,
// so check_snapshot.mjs can prove that the recipe leaves nothing behind that Pyodide
// cannot restore, and the Pyodide tests can run from it.
//
//   node scripts/make_snapshot.mjs <pyodide dir> <out.bin> --lock <pyodide-lock.json> <wheel.whl>...
//
// Starts the pinned Pyodide with _makeSnapshot and the site's trimmed standard library,
// unpacks the wheels into site-packages (unpackArchive, not loadPackage: loadPackage
// leaves JS state behind that makeMemorySnapshot refuses), runs the recipe and writes
// makeMemorySnapshot's bytes.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { browserModule, snapshotArguments } from "./browser_module.mjs";

const { pyodideDir, file: outPath, lockPath, wheels } = snapshotArguments(
  "make_snapshot.mjs <pyodide dir> <out.bin> --lock <pyodide-lock.json> <wheel.whl>...",
);

async function main() {
  const { loadPyodide, version } = await import(
    pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href
  );
  const { makeSnapshot } = await browserModule("snapshot.js");
  const pyodide = await loadPyodide({
    indexURL: resolve(pyodideDir) + "/",
    lockFileURL: resolve(lockPath),
    _makeSnapshot: true,
    stdout: (line) => console.log(`[python] ${line}`),
    stderr: (line) => console.error(`[python] ${line}`),
  });
  const sitePackages = pyodide.runPython(
    "import sys; [p for p in sys.path if p.endswith('site-packages')][0]",
  );
  for (const wheel of wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", {
      extractDir: sitePackages,
    });
    console.log(`snapshot: unpacked ${basename(wheel)}`);
  }
  const { memory, modules } = makeSnapshot(pyodide);
  writeFileSync(outPath, memory);
  console.log(`snapshot: pyodide ${version}, imported ${modules} modules, wrote ${memory.length} bytes`);
}

// Print the Python traceback, not Node's dump of the minified source line.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error && error.message ? error.message : error);
    process.exit(1);
  },
);
