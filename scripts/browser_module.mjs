// Import one of the site's browser modules (tutorial/web/assets/euchre/*.js) under Node,
// so the build and the tests run the very code the browser runs. Those files are ES
// modules named .js, which Node 20 would read as CommonJS; a data: URL says what they are.
// Only for modules without relative imports.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ASSETS = resolve(fileURLToPath(import.meta.url), "../../tutorial/web/assets/euchre");

/** The module tutorial/web/assets/euchre/<name>, e.g. browserModule("snapshot.js"). */
export async function browserModule(name) {
  const source = readFileSync(resolve(ASSETS, name));
  return import(`data:text/javascript;base64,${source.toString("base64")}`);
}

/**
 * The arguments of the build's snapshot scripts, `<pyodide dir> <file> --lock <lock>
 * <wheel.whl>...`, as {pyodideDir, file, lockPath, wheels}; prints `usage` and exits 2
 * when one is missing.
 */
export function snapshotArguments(usage, argv = process.argv.slice(2)) {
  const args = [...argv];
  const lockAt = args.indexOf("--lock");
  const lockPath = lockAt >= 0 ? args.splice(lockAt, 2)[1] : null;
  const [pyodideDir, file, ...wheels] = args;
  if (!pyodideDir || !file || !lockPath || wheels.length === 0) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return { pyodideDir, file, lockPath, wheels };
}
