// The packed form in which a browser keeps its memory snapshot (snapshot.js): run by
// test_snapshot_store.py, which reads what this prints (one JSON object) and checks it.
//
//   node tests/tutorial/snapshot_store.mjs
import { browserModule } from "../../scripts/browser_module.mjs";

const {
  packSnapshot,
  unpackSnapshot,
  packedLength,
  snapshotFile,
  readSnapshotHead,
  SNAPSHOT_HEAD_BYTES,
} = await browserModule("snapshot.js");

const PAGE = 4096;

// A memory of `pages` pages and `tail` bytes more, every third page all zeros, the others
// with a byte set at their start and end.
function memory(pages, tail) {
  const bytes = new Uint8Array(pages * PAGE + tail);
  for (let page = 0; page * PAGE < bytes.length; page += 1) {
    if (page % 3 === 1) continue;
    bytes[page * PAGE] = (page % 250) + 1;
    bytes[Math.min(bytes.length, (page + 1) * PAGE) - 1] = 7;
  }
  return bytes;
}

function roundTrip(snapshot) {
  const packed = packSnapshot(snapshot);
  const target = new Uint8Array(packedLength(packed));
  unpackSnapshot(packed, target);
  const same = target.length === snapshot.length && target.every((byte, i) => byte === snapshot[i]);
  return { same, packed: packed.length, length: snapshot.length };
}

function error(run) {
  try {
    run();
    return null;
  } catch (caught) {
    return caught.message;
  }
}

const results = {};
results.pages = roundTrip(memory(30, 0));
results.tail = roundTrip(memory(30, 1001)); // a last page cut short, a length not a multiple of 4
const unaligned = new Uint8Array(30 * PAGE + 3);
unaligned.set(memory(30, 2), 1);
results.unaligned = roundTrip(unaligned.subarray(1)); // a view that starts at an odd byte
results.zeros = roundTrip(new Uint8Array(10 * PAGE));
results.empty = roundTrip(new Uint8Array(0));

const packed = packSnapshot(memory(30, 5));
results.wrongLength = error(() => unpackSnapshot(packed, new Uint8Array(30 * PAGE)));
results.cutShort = error(() => unpackSnapshot(packed.subarray(0, packed.length - 1), new Uint8Array(30 * PAGE + 5)));
results.extra = error(() => {
  const longer = new Uint8Array(packed.length + 1);
  longer.set(packed);
  unpackSnapshot(longer, new Uint8Array(30 * PAGE + 5));
});
results.notPacked = error(() => unpackSnapshot(new Uint8Array(64), new Uint8Array(64)));
results.notPackedLength = packedLength(new Uint8Array(64));

const identity = "ab".repeat(32);
const file = snapshotFile(identity, "cd".repeat(32), packed);
const read = readSnapshotHead(file); // the whole file: what follows the head is the packed bytes
const readPacked = file.subarray(read.packedAt);
results.file = {
  identity: read.identity === identity,
  sha256: read.sha256 === "cd".repeat(32),
  packed: readPacked.length === packed.length && readPacked.every((byte, i) => byte === packed[i]),
};
results.notAFile = error(() => readSnapshotHead(new Uint8Array(16)));
const damaged = file.slice();
damaged[10] = 0x7b; // "{" inside the description's text: not JSON any more
results.damagedDescription = error(() => readSnapshotHead(damaged));

// The head alone (what a later visit reads first): what it was made from, where the packed
// bytes begin and how long the snapshot is, from the first SNAPSHOT_HEAD_BYTES.
const head = readSnapshotHead(file.subarray(0, SNAPSHOT_HEAD_BYTES));
results.head = {
  identity: head.identity === identity,
  sha256: head.sha256 === "cd".repeat(32),
  packedAt: file.length - head.packedAt === packed.length,
  length: head.length,
};
results.headNotAFile = error(() => readSnapshotHead(new Uint8Array(16)));
results.headDamaged = error(() => readSnapshotHead(damaged.subarray(0, SNAPSHOT_HEAD_BYTES)));
results.headCutShort = error(() => readSnapshotHead(file.subarray(0, 20))); // the description cut

console.log(JSON.stringify(results));
