// The service worker: keeps every file of the site, so that after one visit
// the game loads and plays with the network off. build.py fills in FILES (the
// site's files, relative to this script, stored when it installs), VERSION (a
// hash of their contents) and CACHES (the page contract's
// name for the site's caches): a new build is a new cache, picked up on the
// next online visit, and the old caches are removed.

const VERSION = "__VERSION__";
const FILES = __FILES__;
// Caches belong to the origin, not the scope: name them after the scope, so
// two copies of the site on one origin (/games/, /games-dev/) leave each other alone.
const PREFIX = `__CACHES__ ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Checked with the server, so a file the page has just loaded is not
      // downloaded again, and a file of the new build is never a stale copy.
      await cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // Cached responses keep their Content-Type (application/wasm matters).
      const cached = await cache.match(request, { ignoreSearch: true });
      return cached || fetch(request);
    })(),
  );
});
