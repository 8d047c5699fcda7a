// The build's proof that the snapshot recipe restores (run by build_runtime.py on the
// snapshot make_snapshot.mjs made): a recipe that Pyodide cannot restore would otherwise
// ship, and every reader's browser would make a snapshot it can never use.
//
//   node scripts/check_snapshot.mjs <pyodide dir> <snapshot.bin.gz> --lock <pyodide-lock.json> <wheel.whl>...
//
// Reads the file (gzip, our 128-byte header), packs it the way the browser keeps it and
// restores it the way the worker does (snapshot.js, the worker's own code: unpacked into a
// zeroed array while Pyodide's module is created), installs the wheels as the worker does
// and asks the bridge for runtime.info. Exits 1 with the reason when any step fails.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { browserModule, snapshotArguments } from "./browser_module.mjs";

const HEADER_BYTES = 128;
const MAGIC = "EUCHRE-SNAPSHOT/1 ";

const { pyodideDir, file: snapshotPath, lockPath, wheels } = snapshotArguments(
  "check_snapshot.mjs <pyodide dir> <snapshot.bin.gz> --lock <pyodide-lock.json> <wheel.whl>...",
);

const CHECK = `
import json, sys
from euchre_tutorial import bridge
reply = json.loads(bridge.dispatch("runtime.info", "null"))
assert reply["ok"], reply
errors = reply["value"]["widget_errors"]
assert not errors, f"widget modules failed: {errors}"
order = json.loads(bridge.dispatch("trump_explorer.order", json.dumps({"trump": "s"})))
assert order["ok"], order
len(sys.modules)
`;

async function main() {
  const started = performance.now();
  const raw = gunzipSync(readFileSync(snapshotPath));
  if (!raw.subarray(0, HEADER_BYTES).toString("ascii").startsWith(MAGIC)) {
    throw new Error("the file is not one of our snapshots");
  }
  const snapshot = new Uint8Array(raw.buffer, raw.byteOffset + HEADER_BYTES, raw.length - HEADER_BYTES);
  const { restoreOptions, packSnapshot, unpackSnapshot } = await browserModule("snapshot.js");
  const packed = packSnapshot(snapshot);
  const target = new Uint8Array(snapshot.length);
  const filled = Promise.resolve().then(() => unpackSnapshot(packed, target));
  const indexURL = resolve(pyodideDir) + "/";
  const { loadPyodide } = await import(pathToFileURL(resolve(indexURL, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL,
    lockFileContents: { info: JSON.parse(readFileSync(lockPath, "utf8")).info, packages: {} },
    ...(await restoreOptions(pathToFileURL(indexURL).href, target, filled)),
    stdout: (line) => console.log(`[python] ${line}`),
    stderr: (line) => console.error(`[python] ${line}`),
  });
  const sitePackages = pyodide.runPython(
    "import sys; [p for p in sys.path if p.endswith('site-packages')][0]",
  );
  for (const wheel of wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  }
  const modules = pyodide.runPython(CHECK);
  const ms = Math.round(performance.now() - started);
  console.log(
    `snapshot check: restored ${snapshot.length} bytes (kept packed: ${packed.length}) under Node, ` +
      `${modules} modules, the bridge answers (${ms} ms)`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`snapshot check: ${snapshotPath} does not restore: ${error && error.message ? error.message : error}`);
    process.exit(1);
  },
);
