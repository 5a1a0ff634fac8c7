// The dashboard works offline once loaded (README.md, "The dashboard"). Network first, so that a new build is
// picked up whenever the network is there; every same-origin GET that succeeds is kept, and
// served from the cache when the network is not there. Nothing is sent anywhere: the files
// a user opens never leave the page.
const CACHE = "memento-dashboard";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit ?? Response.error())),
  );
});
