// Brotli for the site's precompressed siblings, with Node's own zlib (run by
// scripts/precompress.py; no package to install).
//
//   node scripts/brotli.mjs compress <jobs.json>    each [source, target]: target = brotli(source)
//   node scripts/brotli.mjs check <jobs.json>       each [source, target]: does target decode
//                                                   to source's bytes? prints the ones that do not
//
// Quality 11 (the densest: a sibling is made once and sent on every visit), the window as
// large as the file needs up to the 16 MB browsers accept. Compresses two files at a time
// (zlib's thread pool), writing each through a temporary file so that a reader never finds
// half a sibling. Prints one JSON line: {"done": n} or {"differ": [targets]}.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import zlib from "node:zlib";

const compress = promisify(zlib.brotliCompress);
const AT_ONCE = 2;
const WINDOW_BITS = { min: zlib.constants.BROTLI_MIN_WINDOW_BITS, max: 24 };

function options(size) {
  const bits = Math.ceil(Math.log2(Math.max(size, 1) + 16));
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(WINDOW_BITS.max, Math.max(WINDOW_BITS.min, bits)),
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

async function compressAll(jobs) {
  let next = 0;
  const one = async () => {
    while (next < jobs.length) {
      const [source, target] = jobs[next++];
      const data = readFileSync(source);
      const packed = await compress(data, options(data.length));
      const partial = `${target}.partial-${process.pid}`;
      writeFileSync(partial, packed);
      renameSync(partial, target);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, one));
  return { done: jobs.length };
}

function checkAll(jobs) {
  const differ = jobs
    .filter(([source, target]) => {
      try {
        return !zlib.brotliDecompressSync(readFileSync(target)).equals(readFileSync(source));
      } catch {
        return true; // not brotli at all
      }
    })
    .map(([, target]) => target);
  return { differ };
}

const [command, list] = process.argv.slice(2);
if (!["compress", "check"].includes(command) || !list) {
  console.error("usage: brotli.mjs compress|check <jobs.json>");
  process.exit(2);
}
const jobs = JSON.parse(readFileSync(list, "utf8"));
const result = command === "compress" ? await compressAll(jobs) : checkAll(jobs);
console.log(JSON.stringify(result));
process.exit(result.differ && result.differ.length ? 1 : 0);
