// Replies the engine and the presentation layer wrote at build time (the Python package
// euchre_tutorial.prebuilt), so that a first session never waits for the runtime: a widget
// fetches its file (only on a page that has the widget) and looks a reply up by a key of
// its state, made as the Python side documents it. A stored reply is the bridge's own
// reply with its long strings cut into shared pieces ({"$": [i, j]}, joined here). No rule
// and no markup in this module: a fetch, a lookup and a join.

const files = new Map();

/** The file `name` of the site's prebuilt/ folder, parsed (null when it cannot be had).
 * Fetched once per page view, however many widgets ask. */
export function loadPrebuilt(name) {
  if (!name) return Promise.resolve(null);
  const url = new URL(`../../prebuilt/${name}`, import.meta.url).href;
  if (!files.has(url)) {
    files.set(
      url,
      fetch(url)
        .then((response) => (response.ok ? response.json() : null))
        .then((data) => (data && data.v === 1 && data.r && Array.isArray(data.f) ? data : null))
        .catch(() => null),
    );
  }
  return files.get(url);
}

function unpack(value, fragments) {
  if (Array.isArray(value)) return value.map((item) => unpack(item, fragments));
  if (value && typeof value === "object") {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === "$") return value.$.map((i) => fragments[i]).join("");
    return Object.fromEntries(keys.map((key) => [key, unpack(value[key], fragments)]));
  }
  return value;
}

/** The reply stored under `key`, as the engine gave it; null when there is none. */
export function lookup(data, key) {
  const stored = data?.r?.[key];
  return stored === undefined ? null : unpack(stored, data.f);
}
