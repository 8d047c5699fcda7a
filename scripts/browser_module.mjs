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
