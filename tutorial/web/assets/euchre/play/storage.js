// Versioned localStorage records for the practice pages: settings, a game in progress,
// lesson progress. A record that cannot be read (corrupted, another version) is removed
// and reported as `corrupted`, so the page can start afresh and say so.

// The free-play game in progress (its opaque save), read by free play and by Try again.
export const GAME_KEY = "euchre.game";
export const GAME_VERSION = 1;

export function isGameRecord(data) {
  return Boolean(data) && typeof data === "object" && typeof data.save === "string";
}

/** The stored record's data, or null; unlike readRecord it never removes a damaged one
 * (the page that owns the record reports and resets it). */
export function peekRecord(key, version, check = () => true) {
  try {
    const record = JSON.parse(localStorage.getItem(key));
    return record && record.v === version && "data" in record && check(record.data) ? record.data : null;
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
    const record = JSON.parse(text);
    if (!record || record.v !== version || !("data" in record) || !check(record.data)) {
      throw new Error("unexpected record");
    }
    return { value: record.data, corrupted: false };
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
