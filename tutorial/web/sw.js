// The site's service worker (served at the site root, so its scope is the whole site).
// Registered by assets/euchre/runtime.js as sw.js?v=<cache version> once the card engine
// has started. It keeps:
//   - the card engine (runtime/: Pyodide's core files, our wheels, the memory snapshot,
//     the manifest) in "euchre-runtime-<version>", cache first: a repeat visit downloads
//     none of it; a new build has a new version, and activation removes the old caches;
//   - pages and assets in "euchre-pages", network first with the cache as the fallback,
//     so a page visited once reloads and works offline.
const VERSION = new URL(self.location.href).searchParams.get("v") || "unversioned";
const RUNTIME_CACHE = `euchre-runtime-${VERSION}`;
const PAGES_CACHE = "euchre-pages";
const SCOPE = new URL(self.registration.scope);
const RUNTIME = new URL("runtime/", SCOPE);

async function precacheRuntime() {
  const cache = await caches.open(RUNTIME_CACHE);
  const manifestUrl = new URL("manifest.json", RUNTIME);
  const response = await fetch(manifestUrl, { cache: "no-cache" });
  if (!response.ok) return;
  const manifest = await response.clone().json();
  if (manifest.cache_version !== VERSION) return; // a newer build is already online
  await cache.put(manifestUrl, response);
  // One by one, tolerating failures: a missing snapshot must not stop the rest.
  for (const file of manifest.precache || []) {
    const url = new URL(file, RUNTIME);
    if (await cache.match(url)) continue;
    try {
      const fileResponse = await fetch(url);
      if (fileResponse.ok) await cache.put(url, fileResponse);
    } catch {
      // offline or blocked: the first use will try again
    }
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precacheRuntime().then(() => self.skipWaiting()));
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

async function cacheFirst(request) {
  const cache = await caches.open(RUNTIME_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.status === 200) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(PAGES_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.status === 200) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached =
      (await cache.match(request, { ignoreVary: true })) ||
      (await cache.match(request, { ignoreVary: true, ignoreSearch: true }));
    if (cached) return cached;
    throw error;
  }
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
  event.respondWith(networkFirst(request));
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
        try {
          const response = await fetch(url, { cache: "no-cache" });
          if (response.ok) await cache.put(url, response);
        } catch {
          // offline now: the page will be cached on its next online visit
        }
      }
    })(),
  );
});
