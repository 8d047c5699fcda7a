// Run our wheels under Node with the pinned Pyodide and print what they compute, as JSON.
//
//   node run_engine.mjs <pyodide dir> <probe.py> [--snapshot <snapshot.bin.gz>] <wheel>...
//
// Boots Pyodide plainly (or from the site's memory snapshot, as the browser does), unpacks
// the wheels into site-packages the way worker.js does, runs probe.py's probe_json() and
// the bridge's runtime.info, and prints {"probe": ..., "info": ...} as the last line.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const args = process.argv.slice(2);
let snapshotPath = null;
const snapshotAt = args.indexOf("--snapshot");
if (snapshotAt >= 0) [snapshotPath] = args.splice(snapshotAt, 2).slice(1);
const [pyodideDir, probePath, ...wheels] = args;
if (!pyodideDir || !probePath || wheels.length === 0) {
  console.error("usage: run_engine.mjs <pyodide dir> <probe.py> [--snapshot file] <wheel>...");
  process.exit(2);
}

async function main() {
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const options = {
    indexURL: resolve(pyodideDir) + "/",
    stdout: (line) => console.error(`[python] ${line}`),
    stderr: (line) => console.error(`[python] ${line}`),
  };
  if (snapshotPath) {
    const raw = gunzipSync(readFileSync(snapshotPath));
    const header = raw.subarray(0, 128).toString("ascii");
    if (!header.startsWith("EUCHRE-SNAPSHOT/1 ")) throw new Error("not one of our snapshots");
    options._loadSnapshot = new Uint8Array(raw.buffer, raw.byteOffset + 128, raw.length - 128);
  }
  const pyodide = await loadPyodide(options);
  const sitePackages = pyodide.runPython(
    "import sys; [p for p in sys.path if p.endswith('site-packages')][0]",
  );
  for (const wheel of wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(readFileSync(probePath, "utf8"), { globals: namespace });
  const probe = namespace.get("probe_json")();
  const info = pyodide.runPython(
    "from euchre_tutorial import bridge\nbridge.dispatch('runtime.info', 'null')",
  );
  const line = JSON.stringify({ probe: JSON.parse(probe), info: JSON.parse(info) }) + "\n";
  // Wait for the pipe to take it all before process.exit().
  await new Promise((done) => process.stdout.write(line, done));
}

// Print the Python traceback, not Node's dump of the minified source line.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error && error.message ? error.message : error);
    process.exit(1);
  },
);
