// The site's service worker (served at the site root, so its scope is the whole site).
// Registered by assets/euchre/runtime.js as sw.js?v=<cache version> once the card engine
// has started and stored what it downloaded. It keeps:
//   - the card engine (runtime/: Pyodide's files, our wheels and their bytecode, the
//     manifest) in "euchre-runtime-<version>", cache first: a repeat visit downloads none
//     of it; a new build has a new version, and activation removes the old caches. The engine's worker
//     reads and fills the same cache (the memory snapshot it makes, which no server has,
//     it keeps in the site's private file system), so installing only fetches what it
//     did not;
//   - the engine's own scripts (the worker and the two modules it starts with: the
//     manifest's `engine_scripts`, ENGINE_SCRIPTS below) in the same versioned cache, cache
//     first, each kept only when it is the build's (its SHA-256 is the manifest's): a
//     repeat visit starts the engine without asking the host (on a host that revalidates
//     every file, each script would otherwise cost a round trip before the engine starts),
//     and the worker that runs is the one built with the wheels it loads;
//   - every page and asset of the site in "euchre-pages", network first with the cache as
//     the fallback, fetched in idle time after the engine files from the build's list
//     (offline.json, or the sitemap's pages when the list is missing), so after one visit
//     every page opens without a network. A network that answers nothing for a few seconds
//     (a phone on a weak signal) counts as none: the kept copy is shown, and for a while
//     after that kept copies come first, each refreshed from the network behind it.
// It also answers sitemap.xml with its addresses moved to where the site is served, so
// Material's instant navigation works even on a site built for another address.
const VERSION = new URL(self.location.href).searchParams.get("v") || "unversioned";
const RUNTIME_CACHE = `euchre-runtime-${VERSION}`;
const PAGES_CACHE = "euchre-pages";
const SCOPE = new URL(self.registration.scope);
const RUNTIME = new URL("runtime/", SCOPE);
const SITEMAP = new URL("sitemap.xml", SCOPE);
// build_runtime.py's ENGINE_SCRIPTS (a test holds the two lists equal).
const ENGINE_SCRIPTS = new Set(
  ["worker.js", "snapshot.js", "kept-snapshot.js"].map((name) => new URL(`assets/euchre/${name}`, SCOPE).href),
);

async function store(cache, url, options = {}) {
  try {
    const response = await fetch(url, options);
    if (response.status === 200) await cache.put(url, response);
  } catch {
    // offline or blocked: the first use will try again
  }
}

async function precacheRuntime() {
  const cache = await caches.open(RUNTIME_CACHE);
  const manifestUrl = new URL("manifest.json", RUNTIME);
  let manifest = null;
  const cachedManifest = await cache.match(manifestUrl);
  if (cachedManifest) {
    manifest = await cachedManifest.json();
  } else {
    const response = await fetch(manifestUrl, { cache: "no-cache" });
    if (!response.ok) return;
    manifest = await response.clone().json();
    if (manifest.cache_version !== VERSION) return; // a newer build is already online
    await cache.put(manifestUrl, response);
  }
  // One by one, tolerating failures: one missing file must not stop the rest. The
  // browser's HTTP cache still holds the files imported as modules (pyodide.mjs, ...).
  for (const file of manifest.precache || []) {
    const url = new URL(file, RUNTIME);
    if (!(await cache.match(url))) await store(cache, url);
  }
  for (const { file, sha256 } of manifest.engine_scripts || []) {
    const url = new URL(file, RUNTIME);
    if (!(await cache.match(url))) await keepEngineScript(cache, url, sha256);
  }
}

async function sha256Hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Keep one of the engine's scripts in the runtime cache when its copy is the one this
// cache's build made: the browser's copy, else (an older one in its HTTP cache) the host's.
// A host that already has a newer build keeps it out: the page then asks the host for it
// (engineScript), as it does for any asset.
async function keepEngineScript(cache, url, sha256) {
  for (const mode of ["default", "no-cache"]) {
    try {
      const response = await fetch(url, { cache: mode });
      if (response.status !== 200) return;
      const bytes = await response.clone().arrayBuffer();
      if ((await sha256Hex(bytes)) === sha256) {
        await cache.put(url, response);
        return;
      }
    } catch {
      return; // offline or blocked: the page asks the host for it (engineScript)
    }
  }
}

// Every page and asset of the site, relative to the scope.
async function siteFiles() {
  try {
    const response = await fetch(new URL("offline.json", SCOPE), { cache: "no-cache" });
    if (response.ok) {
      const list = await response.json();
      if (Array.isArray(list.files)) return list.files;
    }
  } catch {
    // no list: the sitemap's pages
  }
  try {
    const text = await (await fetch(SITEMAP)).text();
    return [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => relativeToSite(m[1], text));
  } catch {
    return [];
  }
}

// A sitemap address made relative to the site's root (the shortest address in it).
function relativeToSite(loc, sitemap) {
  const root = siteRootOf(sitemap);
  return root && loc.startsWith(root) ? loc.slice(root.length) : loc;
}

function siteRootOf(sitemap) {
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  if (locs.length === 0) return null;
  const shortest = locs.reduce((a, b) => (b.length < a.length ? b : a));
  return shortest.endsWith("/") ? shortest : shortest.slice(0, shortest.lastIndexOf("/") + 1);
}

async function precachePages() {
  const cache = await caches.open(PAGES_CACHE);
  for (const file of await siteFiles()) {
    const url = new URL(file, SCOPE);
    if (!url.href.startsWith(SCOPE.href) || url.href.startsWith(RUNTIME.href)) continue;
    if (!(await cache.match(url))) await store(cache, url);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await precacheRuntime();
      await precachePages();
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("euchre-runtime-") && name !== RUNTIME_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// One of the engine's scripts: the runtime cache's copy (the build's), else as any asset.
async function engineScript(event) {
  const kept = await (await caches.open(RUNTIME_CACHE)).match(event.request, { ignoreVary: true });
  return kept || networkFirst(event);
}

async function cacheFirst(request) {
  const cache = await caches.open(RUNTIME_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.status === 200) await cache.put(request, response.clone());
  return response;
}

// How long a page or asset waits for the network before its kept copy is shown, and how
// long after such a wait kept copies come first.
const PATIENCE_MS = 3000;
const SLOW_SPELL_MS = 30000;
let slowUntil = 0;

async function keptCopy(cache, request) {
  return (
    (await cache.match(request, { ignoreVary: true })) ||
    (await cache.match(request, { ignoreVary: true, ignoreSearch: true }))
  );
}

// The network's answer goes to the page, and a copy is kept for offline use. When the
// network fails, or has not answered within PATIENCE_MS, the kept copy goes instead (the
// network's answer, if it comes, still refreshes it), and during a slow spell (until the
// network answers in time again) the kept copy goes at once. The fetch event waits for
// the network either way.
async function networkFirst(event) {
  const { request } = event;
  const cachePromise = caches.open(PAGES_CACHE);
  const started = Date.now();
  const network = fetch(request);
  // Registered first, so it copies the answer before the page starts reading it.
  const kept = network
    .then(async (response) => {
      if (Date.now() - started < PATIENCE_MS) slowUntil = 0; // the network is back
      if (!response.ok || response.status !== 200) return;
      const copy = response.clone();
      await (await cachePromise).put(request, copy);
    })
    .catch(() => {});
  event.waitUntil(kept);
  const cache = await cachePromise;
  if (Date.now() < slowUntil) {
    const cached = await keptCopy(cache, request);
    if (cached) return cached;
  }
  let timer;
  const patience = new Promise((resolve) => {
    timer = setTimeout(resolve, PATIENCE_MS, "slow");
  });
  const first = await Promise.race([network, patience]).catch(() => "failed");
  clearTimeout(timer);
  if (first instanceof Response) return first;
  if (first === "slow") slowUntil = Date.now() + SLOW_SPELL_MS;
  const cached = await keptCopy(cache, request);
  if (cached) return cached;
  try {
    return await network; // nothing kept: the network, however slow
  } catch (error) {
    if (request.mode === "navigate") {
      // Offline, at an address the site does not have: its own 404 page.
      const missing = await cache.match(new URL("404.html", SCOPE));
      if (missing) return new Response(missing.body, { status: 404, headers: missing.headers });
    }
    throw error;
  }
}

// The sitemap with its site root replaced by this scope (Material resolves only the
// protocol and host name of the sitemap's addresses, not their port and path).
async function sitemapHere(event) {
  const response = await networkFirst(event);
  const text = await response.text();
  const root = siteRootOf(text);
  const body = root ? text.split(`<loc>${root}`).join(`<loc>${SCOPE.href}`) : text;
  return new Response(body, { status: response.status, headers: { "Content-Type": "application/xml" } });
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.href.startsWith(SCOPE.href)) return;
  if (url.href.startsWith(RUNTIME.href)) {
    if (url.search) return; // a deliberate look past the cache (runtime.js's version check)
    event.respondWith(cacheFirst(request));
    return;
  }
  if (request.headers.has("range")) return;
  if (ENGINE_SCRIPTS.has(url.href)) {
    event.respondWith(engineScript(event));
    return;
  }
  if (url.href === SITEMAP.href) {
    event.respondWith(sitemapHere(event));
    return;
  }
  event.respondWith(networkFirst(event));
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "cache-pages" || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGES_CACHE);
      for (const href of data.urls) {
        const url = new URL(href, SCOPE);
        if (!url.href.startsWith(SCOPE.href) || url.href.startsWith(RUNTIME.href)) continue;
        if (!(await cache.match(url))) await store(cache, url);
      }
    })(),
  );
});
