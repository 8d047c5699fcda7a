// The kept memory snapshot, read off the engine's thread. worker.js starts this module
// worker the moment it starts itself; it opens the file an earlier visit kept in the site's
// private file system, says what the snapshot was made from and how long it is, then reads
// the packed bytes, checks them and hands them over (transferred, not copied). Reading and
// checking 15 MB took the engine's own thread about 90 ms of a repeat visit's start, time
// in which it can now compile Pyodide instead.
//
// It takes no message. It posts, in order:
//   {none: true}                     no snapshot is kept (and stops), or
//   {identity, length}               the file's head, then
//   {packed}                         the packed bytes (snapshot.js's packSnapshot form);
//   {refusal: "why"}                 in place of either, when the file cannot be read or
//                                    is damaged (and stops).
import { openKeptSnapshot } from "./snapshot.js";

async function read() {
  let kept;
  try {
    kept = await openKeptSnapshot(await self.navigator.storage.getDirectory());
  } catch (error) {
    self.postMessage({ refusal: error.message || String(error) });
    return;
  }
  if (!kept) {
    self.postMessage({ none: true });
    return;
  }
  self.postMessage({ identity: kept.identity, length: kept.length });
  let packed;
  try {
    packed = kept.readPacked();
  } catch (error) {
    self.postMessage({ refusal: error.message || String(error) });
    return;
  }
  self.postMessage({ packed }, [packed.buffer]);
}

read().finally(() => self.close());
