// Build-time memory snapshot of Pyodide with our wheels imported (run by build_runtime.py).
//
//   node scripts/make_snapshot.mjs <pyodide dir> <out.bin> --lock <pyodide-lock.json> <wheel.whl>...
//
// Starts the pinned Pyodide under Node with _makeSnapshot and the site's trimmed standard
// library (the snapshot holds that zip's directory, so it must be the one served), unpacks
// the wheels into site-packages (unpackArchive, not loadPackage: loadPackage leaves JS
// state behind that makeMemorySnapshot refuses), imports everything the widgets use,
// zeroes the heap's free memory (freed objects would otherwise be saved as noise that
// gzip cannot shrink), and writes the raw snapshot. The browser's worker restores it
// through assets/euchre/snapshot.js; build_runtime.py publishes it only once
// check_snapshot.mjs has restored it under Node.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const lockAt = args.indexOf("--lock");
const [lockPath] = lockAt >= 0 ? args.splice(lockAt, 2).slice(1) : [null];
const [pyodideDir, outPath, ...wheels] = args;
if (!pyodideDir || !outPath || !lockPath || wheels.length === 0) {
  console.error("usage: make_snapshot.mjs <pyodide dir> <out.bin> --lock <pyodide-lock.json> <wheel.whl>...");
  process.exit(2);
}

const IMPORT_EVERYTHING = `
import importlib, json, pkgutil, sys
importlib.invalidate_caches()
import euchre, euchre_tutorial
names = []
for package in (euchre, euchre_tutorial):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if info.name.startswith("euchre_tutorial.mdext") or ".tests" in info.name:
            continue
        try:
            importlib.import_module(info.name)
        except ImportError as exc:
            print(f"snapshot: not imported {info.name}: {exc}", file=sys.stderr)
        else:
            names.append(info.name)
from euchre_tutorial import bridge
reply = json.loads(bridge.dispatch("runtime.info", "null"))
assert reply["ok"], reply
if reply["value"]["widget_errors"]:
    raise SystemExit(f"widget modules failed to import: {reply['value']['widget_errors']}")
json.dumps(sorted(names))
`;

// Fill the allocator's free memory with zeros, then free it again: calloc'd bytearrays
// reuse freed blocks and clear them. Since the runtime grew, these 4 MB also grow the heap
// past Pyodide's initial 31.5 MB (to 37.7 MB, zeros that gzip to nothing): restoring it
// needs the memory grown first, which snapshot.js does, and check_snapshot.mjs proves.
const ZERO_FREE_MEMORY = `
import gc
gc.collect()
blocks = [bytearray(1 << 16) for _ in range(64)]
del blocks
gc.collect()
`;

async function main() {
  const { loadPyodide, version } = await import(
    pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href
  );
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
  // Import every module the browser may need, so a restored snapshot never has to read a
  // module file. The Markdown extensions run only at build time (they need `markdown`).
  const imported = pyodide.runPython(IMPORT_EVERYTHING);
  console.log(`snapshot: pyodide ${version}, imported ${JSON.parse(imported).length} modules`);
  pyodide.runPython(ZERO_FREE_MEMORY);
  const snapshot = pyodide.makeMemorySnapshot();
  writeFileSync(outPath, snapshot);
  console.log(`snapshot: wrote ${snapshot.length} bytes`);
}

// Print the Python traceback, not Node's dump of the minified source line.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error && error.message ? error.message : error);
    process.exit(1);
  },
);
