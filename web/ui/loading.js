// Loading: the progress bar and its words while Python's files arrive, the
// word when loading stalls or fails, and starting Python (PyScript) with
// every file it needs asked for at once.

import { $, html, el, embedded } from "./dom.js";
import { page } from "./state.js";
import { shown, stepPicture } from "./before.js";

export const loading = {
  total: Number(html.dataset.runtimeBytes) || 0,
  done: false,
  /** When loading last moved on: a file arrived, or a step began. */
  news: performance.now(),
};

export function loadingText(text) {
  $("loading-words").textContent = text;
  loading.news = performance.now();
}

export function failLoading(text) {
  if (loading.done) return;
  const box = $("loading-error");
  box.hidden = false;
  box.textContent = `The game could not start: ${text}. Reloading the page may help.`;
  if (embedded) $("loading-escape").hidden = false;
}

/** Follows the files Python needs as they arrive, on the progress bar. */
function watchDownloads() {
  if (!("PerformanceObserver" in window)) return;
  const seen = new Map();
  const observer = new PerformanceObserver((list) => {
    if (loading.done) return observer.disconnect();
    for (const entry of list.getEntries()) {
      seen.set(entry.name, entry.encodedBodySize || entry.transferSize || 0);
      loading.news = performance.now();
      if (entry.name.endsWith(".wasm")) loadingText("Starting Python…");
      else if (entry.name.endsWith(".whl")) loadingText("Setting up the table…");
    }
    const got = [...seen.values()].reduce((a, b) => a + b, 0);
    if (loading.total) {
      $("loading-bar").value = Math.min(got / loading.total, 1);
      if (!/Starting|Setting/.test($("loading-words").textContent)) {
        const mb = (n) => (n / 1e6).toFixed(1);
        loadingText(`Downloading Python and the game: ${mb(got)} of ${mb(loading.total)} MB`);
      }
    }
  });
  observer.observe({ type: "resource", buffered: true });
}

const STALLED_MS = 20_000;
/** How long loading may go without news, with the page idle, before the
 * player is told: a slow connection, or something blocking the game. */

/** Says so when loading has stopped moving: nothing arrived and nothing
 * began for STALLED_MS while the page sat idle. Time the page spent busy
 * (starting Python is seconds of work in one go without the snapshot) is
 * progress, not a stall, and so is a tab in the background. */
function watchForStalls() {
  let tick = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - tick > 1500 || document.hidden) loading.news = now;
    tick = now;
    if (loading.done) {
      clearInterval(timer);
    } else if (now - loading.news > STALLED_MS) {
      clearInterval(timer);
      loadingText("This is taking long: a slow connection, or something in the browser blocks the game.");
      if (embedded) $("loading-escape").hidden = false;
    }
  }, 1000);
}

addEventListener("error", (event) => failLoading(event.message || "a script failed"));
addEventListener("unhandledrejection", (event) => failLoading(String(event.reason)));

/** Ask for every file Python needs at once (build.py lists them): PyScript
 * would ask for each only when the one before it had arrived. The site's
 * own page has these links in its HTML already. */
function preloadRuntime() {
  const asked = new Set([...document.querySelectorAll("link[href]")].map((link) => link.getAttribute("href")));
  for (const item of (html.dataset.preload || "").split(" ").filter(Boolean)) {
    const [kind, href] = item.split(/:(.*)/s);
    if (asked.has(href)) continue;
    const link = el("link", null, { href });
    if (kind === "script") link.rel = "modulepreload";
    else Object.assign(link, { rel: "preload", as: "fetch", crossOrigin: "anonymous" });
    document.head.append(link);
  }
}

/** An IndexedDB kept in memory: as much of one as PyScript uses. */
function memoryIndexedDB() {
  const databases = new Map();
  const request = (result) => {
    const req = { result, error: null };
    setTimeout(() => req.onsuccess && req.onsuccess({ target: req }), 0);
    return req;
  };
  const store = (map) => ({
    get: (key) => request(map.get(key)),
    getKey: (key) => request(map.has(key) ? key : undefined),
    getAllKeys: () => request([...map.keys()]),
    count: () => request(map.size),
    put: (value, key) => (map.set(key, value), request(key)),
    delete: (key) => (map.delete(key), request(undefined)),
    clear: () => (map.clear(), request(undefined)),
  });
  return {
    open(name) {
      if (!databases.has(name)) databases.set(name, new Map());
      const map = databases.get(name);
      return request({ objectStoreNames: { length: 1 }, transaction: () => ({ objectStore: () => store(map) }), close() {} });
    },
  };
}

/** An event before Python is ready: a figure steps through its pictures;
 * past them, Python starts and opens the figure at that move. */
export function beforeReady(event) {
  const step = event.type === "command" && { undo: -1, redo: 1 }[event.name];
  if (!step || !shown.picture || page.pythonStarted) return;
  if (!stepPicture(step)) startPython();
}

export async function startPython() {
  if (page.pythonStarted) return;
  page.pythonStarted = true;
  html.removeAttribute("data-waiting");
  html.removeAttribute("data-still");
  if (document.activeElement === $("play-button")) $("canvas").focus(); // not lost with the button
  $("play-button").hidden = true;
  loadingText("Loading the game…");
  preloadRuntime();
  watchDownloads();
  watchForStalls();
  // PyScript opens IndexedDB at start, for caches the page does not use;
  // a frame on another site may be refused it and PyScript would then hang.
  // It gets a stand-in kept in memory instead, which also saves its time.
  Object.defineProperty(window, "indexedDB", { value: memoryIndexedDB(), configurable: true });
  try {
    // Python's snapshot: downloading and unpacking it while PyScript starts.
    import("../pyodide/boot.mjs").catch(() => {}); // (a failure is told by PyScript's own import)
    await import("../pyscript/core.js");
  } catch (error) {
    failLoading(String(error));
  }
}
