{% autoescape off %}// Ramiscore's service worker, rendered by tournaments/views/app.py (docs/offline.md): the
// pages a phone follows at a table open with no network, as they were last loaded and marked
// with that time; a page never visited opens the site's offline page. Pages come from the
// network first, always; a kept copy only when the network fails or gives no answer within a
// few seconds. Writes (POST) and every other request never go through this cache.
"use strict";
const VERSION = "{{ version }}";
const CACHE = `ramiscore-${VERSION}`;
const OFFLINE = "{{ offline_url }}";
const STATIC = "{{ static_prefix }}";
const ASSETS = {{ assets }};
const PAGES = {{ pages }}.map((pattern) => new RegExp(pattern));
const HASHED = {{ hashed }};
const WAIT = 3000; // a page's answer, at most, before its kept copy is shown
const STORED = "x-ramiscore-stored-at";
let unreachableUntil = 0; // the server gave no answer: the static files come from here a while

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE, ...ASSETS]))
      .then(() => self.skipWaiting()),
  );
});

// A new release: the old caches go, and this worker takes the open pages at once, keeping
// a copy of each (the page that installed it was loaded before it: visited once is enough).
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("ramiscore-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
      .then(() => self.clients.matchAll({ type: "window", includeUncontrolled: true }))
      .then((windows) => Promise.all(windows.map((client) => keepCopy(new URL(client.url))))),
  );
});

// Its request says it is for a copy: the server leaves the page's messages ("Hand 1 saved.",
// from a hand saved just now) to the page the phone is loading.
async function keepCopy(url) {
  if (!kept(url)) return;
  try {
    const headers = { "{{ copy_header }}": "1" };
    const response = await fetch(url.href, { credentials: "same-origin", headers });
    if (response.ok && !response.redirected) {
      await (await caches.open(CACHE)).put(key(url), await stamped(response));
    }
  } catch {
    // No network now: the next visit keeps it.
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return; // a write always goes to the server
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request, url));
  else if (url.pathname.startsWith(STATIC)) event.respondWith(asset(request));
});

const offline = () => self.navigator.onLine === false || Date.now() < unreachableUntil;
const kept = (url) => PAGES.some((pattern) => pattern.test(url.pathname));
const key = (url) => url.origin + url.pathname; // "?mode=cards" is the same page

function within(promise, milliseconds) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no answer")), milliseconds);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

async function page(request, url) {
  const cache = await caches.open(CACHE);
  const copy = kept(url) ? await cache.match(key(url)) : undefined;
  const fallback = async () => (copy ? marked(copy) : (await cache.match(OFFLINE)) || Response.error());
  if (self.navigator.onLine === false) return fallback();
  try {
    // Only a page kept here is given up on after a few seconds: any other (a large PDF)
    // takes the time it takes.
    const response = await (copy ? within(fetch(request), WAIT) : fetch(request));
    unreachableUntil = 0;
    const landed = new URL(response.url || request.url);
    if (response.ok && response.type === "basic" && kept(landed)) {
      // Kept under its own address and, after a redirect (a table card), the one asked.
      const fresh = await stamped(response.clone());
      await cache.put(key(landed), fresh.clone());
      if (landed.pathname !== url.pathname && kept(url)) await cache.put(key(url), fresh);
    }
    return response;
  } catch {
    unreachableUntil = Date.now() + 30000;
    return fallback();
  }
}

// A page as kept: its body and headers (never a redirect, which a page cannot be served),
// with the time it was loaded.
async function stamped(response) {
  const headers = new Headers(response.headers);
  headers.set(STORED, new Date().toISOString());
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

// A kept page, said to be one: site.js shows since when, and hides its old messages.
async function marked(copy) {
  const html = await copy.text();
  const since = copy.headers.get(STORED) || "";
  const body = html.replace("<html ", `<html data-offline-copy="${since}" `);
  const headers = new Headers(copy.headers); // its security headers (CSP) with it
  for (const name of [STORED, "Content-Length", "ETag"]) headers.delete(name);
  return new Response(body, { status: 200, headers });
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  if (HASHED || offline()) {
    const found = await cache.match(request, { ignoreSearch: true });
    if (found) return found;
  }
  try {
    const response = await within(fetch(request), WAIT);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch {
    return (await cache.match(request, { ignoreSearch: true })) || Response.error();
  }
}
{% endautoescape %}
