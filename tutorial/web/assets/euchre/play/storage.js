// Versioned localStorage records for the practice pages: settings, a game in progress,
// lesson progress. A record that cannot be read (corrupted, another version) is removed
// and reported as `corrupted`, so the page can start afresh and say so.

// The free-play game in progress (its opaque save), read by free play and by Try again.
export const GAME_KEY = "euchre.game";
export const GAME_VERSION = 1;

// Its data is {save, rev}: `rev` counts the game's saves, so that a tab can tell when
// another tab has moved the game on (a record from before `rev` has none).
export function isGameRecord(data) {
  return (
    Boolean(data) && typeof data === "object" && typeof data.save === "string" &&
    (data.rev === undefined || (Number.isInteger(data.rev) && data.rev >= 0))
  );
}

/** A stored record's data, when `text` is a record of `version` whose data passes `check`;
 * throws otherwise. */
function recordData(text, version, check) {
  const record = JSON.parse(text);
  if (!record || record.v !== version || !("data" in record) || !check(record.data)) {
    throw new Error("unexpected record");
  }
  return record.data;
}

/** The stored record's data, or null; unlike readRecord it never removes a damaged one
 * (the page that owns the record reports and resets it). */
export function peekRecord(key, version, check = () => true) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : recordData(text, version, check);
  } catch {
    return null;
  }
}

export function readRecord(key, version, check = () => true) {
  let text = null;
  try {
    text = localStorage.getItem(key);
  } catch {
    return { value: null, corrupted: false };
  }
  if (text === null) return { value: null, corrupted: false };
  try {
    return { value: recordData(text, version, check), corrupted: false };
  } catch {
    removeRecord(key);
    return { value: null, corrupted: true };
  }
}

export function writeRecord(key, version, data) {
  try {
    localStorage.setItem(key, JSON.stringify({ v: version, data }));
    return true;
  } catch {
    return false; // private browsing or full storage: the page still works for this visit
  }
}

export function removeRecord(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to do
  }
}
