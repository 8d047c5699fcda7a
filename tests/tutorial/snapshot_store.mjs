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
  checksum,
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
const file = snapshotFile(identity, packed);
const read = readSnapshotHead(file); // the whole file: what follows the head is the packed bytes
const readPacked = file.subarray(read.packedAt);
results.file = {
  identity: read.identity === identity,
  checksum: read.checksum === checksum(packed),
  packed: readPacked.length === packed.length && readPacked.every((byte, i) => byte === packed[i]),
};
const older = file.slice();
older.set([0x45, 0x55, 0x46, 0x31]); // "EUF1": a file an older build kept
results.olderFile = error(() => readSnapshotHead(older));
results.notAFile = error(() => readSnapshotHead(new Uint8Array(16)));
const damaged = file.slice();
damaged[10] = 0x7b; // "{" inside the description's text: not JSON any more
results.damagedDescription = error(() => readSnapshotHead(damaged));

// The head alone (what a later visit reads first): what it was made from, where the packed
// bytes begin and how long the snapshot is, from the first SNAPSHOT_HEAD_BYTES.
const head = readSnapshotHead(file.subarray(0, SNAPSHOT_HEAD_BYTES));
results.head = {
  identity: head.identity === identity,
  checksum: head.checksum === checksum(packed),
  packedAt: file.length - head.packedAt === packed.length,
  length: head.length,
};
results.headNotAFile = error(() => readSnapshotHead(new Uint8Array(16)));
results.headDamaged = error(() => readSnapshotHead(damaged.subarray(0, SNAPSHOT_HEAD_BYTES)));
results.headCutShort = error(() => readSnapshotHead(file.subarray(0, 20))); // the description cut

// The checksum a kept snapshot is read back with: 16 hex digits, the same for the same
// bytes wherever they sit in memory, and different after any damage: one word changed at
// every position of a small memory, one bit anywhere, a byte cut off or added, a last
// byte (beyond the whole words) changed.
const some = memory(8, 3);
const sum = checksum(some);
const shifted = new Uint8Array(some.length + 1);
shifted.set(some, 1);
const changed = (mutate) => {
  const copy = some.slice();
  mutate(copy);
  return checksum(copy) !== sum;
};
let everyWord = true;
for (let at = 0; at + 4 <= some.length; at += 4) {
  const copy = some.slice();
  new DataView(copy.buffer).setUint32(at, new DataView(copy.buffer).getUint32(at, true) ^ 0x80000001, true);
  if (checksum(copy) === sum) everyWord = false;
}
let everyBit = true;
for (let bit = 0; bit < 8; bit += 1) {
  for (const at of [0, 1, 4095, 4096, 20000, some.length - 4, some.length - 1]) {
    if (!changed((copy) => { copy[at] ^= 1 << bit; })) everyBit = false;
  }
}
results.checksum = {
  hexDigits: /^[0-9a-f]{16}$/.test(sum),
  same: checksum(some.slice()) === sum,
  unaligned: checksum(shifted.subarray(1)) === sum,
  everyWord,
  everyBit,
  cut: checksum(some.subarray(0, some.length - 1)) !== sum,
  zeroAdded: checksum(new Uint8Array([...some, 0])) !== sum,
  wordsSwapped: changed((copy) => {
    const first = copy.slice(0, 4);
    copy.copyWithin(0, 4096, 4100);
    copy.set(first, 4096);
  }),
  empty: /^[0-9a-f]{16}$/.test(checksum(new Uint8Array(0))),
};
console.log(JSON.stringify(results));
