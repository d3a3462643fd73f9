/* PenaltyFlow's service worker. The server puts `const CONFIG = {...}` above this:
   the version it keeps, where the list of kept pages is, the offline page, the
   paths never kept, and where the static files are.

   One cache per version, filled completely before the worker can take over, and
   the old one deleted when it does: a phone never mixes two versions. Pages are
   taken from the network when there is one (so a signed-in visitor sees his own
   page) and from the copy when there is none; static files from the copy first.
   Nothing is ever added to the copy after it is made: no POST, no signed-in
   page, no quiz or classroom page can end up in it. */
"use strict";

const CACHE = "penaltyflow-" + CONFIG.version;
const PREFIX = "penaltyflow-";
const PATIENCE_MS = 4000; // a slow network: after this, the kept copy answers
const AT_ONCE = 6; // copy this many addresses at a time

// Static files a page refers to (src="/static/..." or href="/static/...").
const STATIC_REFERENCE = new RegExp(
  '(?:src|href)="(' + CONFIG.static.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + '[^"?#]+)"',
  "g",
);

async function copyAll(urls, checkVersion, cache, referenced) {
  for (let i = 0; i < urls.length; i += AT_ONCE) {
    await Promise.all(
      urls.slice(i, i + AT_ONCE).map(async (url) => {
        const response = await fetch(url, {
          credentials: "omit", // the anonymous page: nothing personal
          cache: "reload",
          headers: { "X-PenaltyFlow-Precache": "1" },
        });
        if (!response.ok) throw new Error(url + " answered " + response.status);
        if (/no-store/.test(response.headers.get("Cache-Control") || "")) return;
        const version = response.headers.get("X-PenaltyFlow-Version");
        if (checkVersion && version !== CONFIG.version) {
          throw new Error(url + " is version " + version + ", not " + CONFIG.version);
        }
        if (referenced && /html/.test(response.headers.get("Content-Type") || "")) {
          const html = await response.clone().text();
          for (const match of html.matchAll(STATIC_REFERENCE)) referenced.add(match[1]);
        }
        await cache.put(url, response);
      }),
    );
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const answer = await fetch(CONFIG.listing, { credentials: "omit", cache: "no-store" });
      const listing = await answer.json();
      if (listing.version !== CONFIG.version) {
        throw new Error("the content changed while this worker was being installed");
      }
      await caches.delete(CACHE); // a half-made copy from an earlier try
      const cache = await caches.open(CACHE);
      try {
        const files = new Set(listing.files);
        await copyAll(listing.pages, true, cache, files);
        await copyAll([...files], false, cache, null);
      } catch (error) {
        await caches.delete(CACHE); // all or nothing; the browser tries again later
        throw error;
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "reload-for-new-version") self.skipWaiting();
});

async function kept(request, options) {
  const cache = await caches.open(CACHE);
  return cache.match(request, options);
}

async function offlinePage() {
  return (await kept(CONFIG.offline)) || Response.error();
}

// Trying a card asks the server (the engine judges it): offline, the page says so.
const TRY_NEEDS_NETWORK = "try-needs-network";

async function fromCopy(request) {
  const url = new URL(request.url);
  const trying = url.searchParams.has("try") && (await kept(url.pathname, { ignoreVary: true }));
  if (trying && request.headers.get("HX-Request")) {
    // Nothing is swapped; the page shows the message (sw-register.js listens for it).
    return new Response("", {
      status: 200,
      headers: { "HX-Reswap": "none", "HX-Trigger": TRY_NEEDS_NETWORK },
    });
  }
  if (trying && request.mode === "navigate") {
    return Response.redirect(url.pathname + "#" + TRY_NEEDS_NETWORK, 303);
  }
  if (request.headers.get("HX-Request")) {
    // htmx asked for a fragment: have it load the whole page instead, from the copy.
    const page = await kept(url.pathname, { ignoreVary: true });
    return new Response("", { status: 200, headers: { "HX-Redirect": page ? url.pathname : CONFIG.offline } });
  }
  const exact = await kept(request, { ignoreVary: true });
  if (exact) return exact;
  // A step with its example's event, view or path in the query: its plain address.
  const plain = await kept(url.pathname, { ignoreVary: true });
  if (plain) return plain;
  return request.mode === "navigate" ? offlinePage() : Response.error();
}

async function networkFirst(event) {
  const network = fetch(event.request);
  const copy = fromCopy(event.request);
  const slow = new Promise((resolve) => setTimeout(resolve, PATIENCE_MS, "slow"));
  try {
    const first = await Promise.race([network, slow]);
    if (first !== "slow") return first;
    const answer = await copy;
    return answer.type === "error" ? await network : answer;
  } catch (offline) {
    return copy;
  }
}

async function staticFirst(request) {
  return (await kept(request)) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return; // the network alone, never kept
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (CONFIG.never.some((prefix) => url.pathname.startsWith(prefix))) {
    if (request.mode === "navigate") {
      event.respondWith(fetch(request).catch(offlinePage));
    }
    return;
  }
  if (url.pathname.startsWith(CONFIG.static)) {
    event.respondWith(staticFirst(request));
  } else {
    event.respondWith(networkFirst(event));
  }
});
