// Build-time memory snapshot of Pyodide with our wheels imported (run by build_runtime.py).
//
//   node scripts/make_snapshot.mjs <pyodide dir> <out.bin> <wheel.whl>...
//
// Starts the pinned Pyodide under Node with _makeSnapshot, unpacks the wheels into
// site-packages (unpackArchive, not loadPackage: loadPackage leaves JS state behind that
// makeMemorySnapshot refuses), imports everything the widgets use, and writes the raw
// snapshot. The browser's worker restores it with loadPyodide({_loadSnapshot}).
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, outPath, ...wheels] = process.argv.slice(2);
if (!pyodideDir || !outPath || wheels.length === 0) {
  console.error("usage: make_snapshot.mjs <pyodide dir> <out.bin> <wheel.whl>...");
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

async function main() {
  const { loadPyodide, version } = await import(
    pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href
  );
  const pyodide = await loadPyodide({
    indexURL: resolve(pyodideDir) + "/",
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
