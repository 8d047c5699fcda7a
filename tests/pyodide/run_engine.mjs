// Run our wheels under Node with the pinned Pyodide and print what they compute, as JSON.
//
//   node run_engine.mjs <pyodide dir> <probe.py> --manifest <manifest.json>
//                       [--snapshot <snapshot.bin.gz>] [--bytecode <bytecode.zip>] <wheel>...
//
// Boots Pyodide plainly (or from the site's memory snapshot, as the browser does) with the
// site's files (the trimmed standard library; the lock file's fields from the manifest,
// as worker.js passes them), unpacks the wheels into site-packages the way worker.js does
// (and beside them the wheels' bytecode, as a plain start in worker.js does),
// runs probe.py's probe_json() and the bridge's runtime.info, and prints
// {"probe": ..., "info": ...} as the last line.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { browserModule } from "../../scripts/browser_module.mjs";

const args = process.argv.slice(2);
function option(name) {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : null;
}
const snapshotPath = option("--snapshot");
const manifestPath = option("--manifest");
const bytecodePath = option("--bytecode");
const [pyodideDir, probePath, ...wheels] = args;
if (!pyodideDir || !probePath || !manifestPath || wheels.length === 0) {
  console.error("usage: run_engine.mjs <pyodide dir> <probe.py> --manifest file [--snapshot file] <wheel>...");
  process.exit(2);
}

async function main() {
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const options = {
    indexURL: resolve(pyodideDir) + "/",
    lockFileContents: manifest.pyodide.lock,
    stdout: (line) => console.error(`[python] ${line}`),
    stderr: (line) => console.error(`[python] ${line}`),
  };
  if (snapshotPath) {
    const raw = gunzipSync(readFileSync(snapshotPath));
    const header = raw.subarray(0, 128).toString("ascii");
    if (!header.startsWith("EUCHRE-SNAPSHOT/1 ")) throw new Error("not one of our snapshots");
    const snapshot = new Uint8Array(raw.buffer, raw.byteOffset + 128, raw.length - 128);
    // As worker.js restores it: through snapshot.js, which grows the memory first.
    const { restoreOptions } = await browserModule("snapshot.js");
    Object.assign(options, await restoreOptions(pathToFileURL(options.indexURL).href, snapshot));
  }
  const pyodide = await loadPyodide(options);
  const sitePackages = pyodide.runPython(
    "import sys; [p for p in sys.path if p.endswith('site-packages')][0]",
  );
  for (const wheel of wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  }
  if (bytecodePath) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(bytecodePath)), "zip", { extractDir: sitePackages });
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
