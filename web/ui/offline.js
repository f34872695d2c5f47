// Offline play and updates: the service worker (sw.js) is registered a few
// seconds after the game is up; a new build that takes over reloads a page
// still loading, or offers a reload with a banner.

import { $, html, embedded } from "./dom.js";

/** Offline play: the service worker stores the site a few seconds after the
 * game is up, so that it competes with neither the first load nor the first
 * moves (registered at once, its start made the first task after ready last
 * over 50 ms in half of the page loads measured). */
export const SERVICE_WORKER_DELAY_MS = 3000;

export function startServiceWorker() {
  // Not from an embed: a wiki's readers would each download the whole site.
  if (embedded || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("./sw.js").catch(() => {}); // offline play is a bonus, never a blocker
}

/** A new build installs itself on the next online visit (the browser checks
 * sw.js); when it takes over, load it now if the game is still loading, else
 * offer to (the game is saved, so a reload keeps it). */
export function watchForUpdates() {
  $("update-reload").addEventListener("click", () => location.reload());
  $("update-dismiss").addEventListener("click", () => ($("update-banner").hidden = true));
  if (!("serviceWorker" in navigator)) return;
  const updating = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!updating) return;
    if (!html.dataset.ready) location.reload();
    else $("update-banner").hidden = false;
  });
}
