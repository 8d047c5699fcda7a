// Which standard-library files the browser's Python reads (run by build_runtime.py).
//
//   node scripts/stdlib_census.mjs <pyodide dir> <out.json> <wheel.whl>...
//
// Starts the pinned Pyodide under Node with its full standard library, unpacks the wheels
// the way the worker does, imports every module of every wheel (both packages, and the
// third-party ones they import on first use, such as fsrs for the review scheduler),
// answers the bridge's runtime.info, and writes the standard-library files (paths inside
// python_stdlib.zip) of every module in sys.modules, Pyodide's own start included.
// build_runtime.py keeps those, plus a small margin for error paths, in the trimmed
// python_stdlib.zip.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, outPath, ...wheels] = process.argv.slice(2);
if (!pyodideDir || !outPath || wheels.length === 0) {
  console.error("usage: stdlib_census.mjs <pyodide dir> <out.json> <wheel.whl>...");
  process.exit(2);
}

const CENSUS = `
import importlib, json, os, pkgutil, sys
importlib.invalidate_caches()
site_packages = [p for p in sys.path if p.endswith("site-packages")][0]
tops = sorted(
    name.removesuffix(".py")
    for name in os.listdir(site_packages)
    if not name.endswith((".dist-info", ".data", "__pycache__"))
    and (name.endswith(".py") or os.path.exists(f"{site_packages}/{name}/__init__.py"))
)
assert {"euchre", "euchre_tutorial", "fsrs", "typing_extensions"} <= set(tops), tops
for top in tops:
    module = importlib.import_module(top)
    for info in pkgutil.walk_packages(getattr(module, "__path__", []), top + "."):
        importlib.import_module(info.name)
from euchre_tutorial import bridge
assert json.loads(bridge.dispatch("runtime.info", "null"))["ok"]
marker = ".zip/"
files = set()
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    if marker in path:
        files.add(path.split(marker, 1)[1])
json.dumps(sorted(files))
`;

async function main() {
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: resolve(pyodideDir) + "/",
    stderr: (line) => console.error(`[python] ${line}`),
  });
  const sitePackages = pyodide.runPython(
    "import sys; [p for p in sys.path if p.endswith('site-packages')][0]",
  );
  for (const wheel of wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  }
  const files = JSON.parse(pyodide.runPython(CENSUS));
  writeFileSync(outPath, JSON.stringify(files, null, 1) + "\n");
  console.log(`census: the engine, the tutorial and Pyodide's start read ${files.length} stdlib files`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error && error.message ? error.message : error);
    process.exit(1);
  },
);
