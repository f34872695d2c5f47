// The page's glue: shows loading progress, renders each view that Python
// sends (docs/page.md) into the DOM and the canvas, and turns clicks, taps and
// keys into events for Python. It holds no game state and knows no rules.

import { paint, targetAt, centreOf, isBlank } from "./painter.js";

const $ = (id) => document.getElementById(id);
const html = document.documentElement;
const embedded = html.dataset.embed === "1";
const framed = window.parent !== window;
/** The origin of the page this one is embedded in, when it can be known. */
const hostOrigin = (() => {
  if (!embedded || !framed) return null;
  const origin = (location.ancestorOrigins && location.ancestorOrigins[0]) ||
    (document.referrer ? new URL(document.referrer).origin : null);
  return origin && origin !== "null" ? origin : null; // a sandboxed host has no origin to answer
})();

// ------------------------------------------------------------------ loading

const loading = {
  total: Number(html.dataset.runtimeBytes) || 0,
  done: false,
};

function loadingText(text) {
  $("loading-words").textContent = text;
}

function failLoading(text) {
  if (loading.done) return;
  const box = $("loading-error");
  box.hidden = false;
  box.textContent = `The game could not start: ${text}. Reloading the page may help.`;
  if (embedded) $("loading-escape").hidden = false;
}

if ("PerformanceObserver" in window) {
  const seen = new Map();
  const observer = new PerformanceObserver((list) => {
    if (loading.done) return;
    for (const entry of list.getEntries()) {
      seen.set(entry.name, entry.encodedBodySize || entry.transferSize || 0);
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
addEventListener("error", (event) => failLoading(event.message || "a script failed"));
addEventListener("unhandledrejection", (event) => failLoading(String(event.reason)));

// ------------------------------------------------------------------ state of the page

let handle = null; // Python: event JSON -> view JSON
let view = null; // the last view shown
let overShown = null; // the record whose game-over panel was shown
let paintQueued = false;

function send(event) {
  if (!handle) return;
  let json;
  try {
    json = handle(JSON.stringify(event));
  } catch (error) {
    // A bug, not a refused move (those come back as view.message): say so, keep the table.
    console.warn(error);
    $("message").textContent = "Something went wrong inside the game; the table is as it was. " +
      "If it keeps happening, start a new game.";
    return;
  }
  render(json);
}

function sendCommand(name) {
  send({ type: "command", name });
}

// ------------------------------------------------------------------ rendering

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function queuePaint() {
  if (paintQueued) return;
  paintQueued = true;
  requestAnimationFrame(() => {
    paintQueued = false;
    if (view) paint($("canvas"), view.scene);
  });
}

function renderScores(body, rows) {
  clear(body);
  for (const row of rows) {
    const tr = el("tr");
    if (row.to_move) tr.className = "to-move";
    const name = el("td");
    const swatch = el("span", null, { class: "swatch", "aria-hidden": "true" });
    swatch.style.background = row.swatch;
    name.append(swatch, row.name);
    tr.append(name, el("td", row.score), el("td", row.hand));
    body.append(tr);
  }
}

function renderPreview(preview) {
  const box = $("preview");
  clear(box);
  if (!preview) return;
  box.append("Words: ");
  if (!preview.words.length) box.append("none yet");
  preview.words.forEach((word, i) => {
    if (i) box.append(", ");
    box.append(el("span", `${word.text} ${word.valid ? "✓" : "✗"}`, { class: word.valid ? "ok" : "no" }));
  });
  box.append(preview.valid ? ` · ${preview.score} points · ` : ` · ${preview.reason} · `);
  box.append(el("code", preview.text, { title: "the move in move text" }));
}

function renderActions(actions, more) {
  const list = $("actions");
  clear(list);
  for (const action of actions) {
    const button = el("button", action.label, { type: "button" });
    button.dataset.move = action.move;
    const item = el("li");
    item.append(button);
    list.append(item);
  }
  const extra = $("more-actions");
  extra.hidden = !more;
  extra.textContent = more ? `…and ${more} more: type them in the box above.` : "";
}

function renderMoves(moves) {
  const list = $("moves");
  clear(list);
  for (const move of moves) list.append(el("li", move.description, { title: move.text }));
  list.scrollTop = list.scrollHeight;
}

function renderOver(over, scores, record) {
  const dialog = $("over-dialog");
  if (!over) {
    if (dialog.open) dialog.close();
    return;
  }
  $("over-text").textContent = over.text;
  renderScores($("over-scores").tBodies[0], scores);
  if (overShown !== record) {
    overShown = record;
    if (!dialog.open) dialog.showModal();
  }
}

/** What belongs to the game on the table: its name, rules, help texts and
 * the picker's choice (changed only when the game changes). */
function renderGame(setup) {
  if (html.dataset.game === setup.game) return;
  html.dataset.game = setup.game;
  document.title = `${setup.label} · Looney Pyramids`;
  $("game-title").textContent = setup.label;
  $("rules-title").textContent = `How to play ${setup.label}`;
  for (const section of document.querySelectorAll("[data-rules]")) section.hidden = section.dataset.rules !== setup.game;
  for (const button of document.querySelectorAll("[data-game]")) {
    button.setAttribute("aria-pressed", String(button.dataset.game === setup.game));
  }
  $("move-help").textContent = setup.move_help;
  $("move-input").placeholder = setup.move_example;
  $("seed-label").textContent = setup.seed_help;
}

function render(json) {
  const hadActionFocus = document.activeElement && document.activeElement.closest("#actions");
  view = JSON.parse(json);
  renderGame(view.setup);
  $("status").textContent = view.status;
  $("score-label").textContent = view.labels.score;
  $("hand-label").textContent = view.labels.hand;
  renderScores($("scores").tBodies[0], view.scores);
  renderPreview(view.preview);
  for (const name of ["confirm", "takeback"]) $(`${name}-button`).hidden = !(name in view.buttons);
  for (const [name, enabled] of Object.entries(view.buttons)) {
    const button = $(`${name}-button`);
    if (button) button.disabled = !enabled;
  }
  document.querySelector(".word-buttons").hidden = !view.placing;
  $("pass-button").hidden = !view.buttons.pass;
  $("draw-button").hidden = !view.buttons.draw;
  $("draw-offer").hidden = !view.draw_offer;
  $("draw-question").textContent = view.draw_offer;
  $("pass-reason").hidden = !view.pass_reason;
  $("pass-reason").textContent = view.pass_reason;
  $("message").textContent = view.message ? view.message.text : "";
  $("message").classList.toggle("news", Boolean(view.message && view.message.kind !== "error"));
  renderActions(view.actions, view.more_actions);
  if (hadActionFocus) {
    // The list was rebuilt under the focus: keep keyboard players in it.
    ($("actions").querySelector("button") || $("move-input")).focus();
  }
  renderMoves(view.moves);
  const mirror = $("mirror");
  clear(mirror);
  for (const line of view.mirror) mirror.append(el("li", line));
  if (view.announce) {
    const live = $("live");
    live.textContent = "";
    setTimeout(() => (live.textContent = view.announce), 30);
  }
  $("canvas").setAttribute("aria-label", `The table. ${view.status}`);
  renderOver(view.over, view.scores, view.state.record.moves.length + ":" + view.state.cursor);
  renderFigure(view.figure);
  if (embedded) $("full-link").href = fullSiteLink(view);
  queuePaint();
  tellHost(view);
  if (!html.dataset.ready) {
    loading.done = true;
    $("loading").hidden = true;
    $("app").hidden = false;
    html.dataset.ready = "1";
    performance.mark("iriri-ready");
    startServiceWorker();
  }
}

function renderFigure(figure) {
  html.toggleAttribute("data-figure", figure);
  $("undo-button").textContent = figure ? "Previous" : "Undo";
  $("redo-button").textContent = figure ? "Next" : "Redo";
}

// ------------------------------------------------------------------ the host page of an embed

let told = null; // what the host page was last told: {played, cursor, over}

function post(message) {
  if (!hostOrigin) return;
  try {
    window.parent.postMessage({ source: "iriri", ...message }, hostOrigin);
  } catch {
    // the host went away or changed origin: nobody to tell
  }
}

/** Tell the host page of an embed that the game is ready, a move was made
 * (one new move at the end of the game), the game changed otherwise (undo,
 * redo, a new game: "state"), or the game is over. */
function tellHost(view) {
  if (!hostOrigin) return;
  const { cursor, over } = view.state;
  const played = view.state.record.moves.slice(0, cursor).join("\n");
  if (!told) post({ event: "ready", state: view.state });
  else if (cursor === told.cursor + 1 && played.startsWith(told.played) && view.moves.length === cursor) {
    const move = view.moves[cursor - 1];
    post({ event: "move", move: move.text, description: move.description, state: view.state });
  } else if (played !== told.played) post({ event: "state", state: view.state });
  if (over && !(told && told.over)) post({ event: "gameover", result: view.over.text, state: view.state });
  told = { played, cursor, over };
}

const HOST_COMMANDS = {
  move: (data) => typeof data.text === "string" && data.text.length <= 200 && { type: "move", text: data.text },
  new: (data) =>
    Array.isArray(data.seats) && data.seats.length <= 4 &&
    data.seats.every((seat) => seat && typeof seat.kind === "string" && (seat.level === undefined || typeof seat.level === "string")) &&
    (data.seed === undefined || data.seed === null || Number.isSafeInteger(data.seed)) &&
    (data.game === undefined || typeof data.game === "string") &&
    { type: "new", seats: data.seats.map((seat) => ({ kind: seat.kind, level: seat.level })), seed: data.seed ?? null,
      ...(data.game === undefined ? {} : { game: data.game }) },
  undo: () => ({ type: "command", name: "undo" }),
  redo: () => ({ type: "command", name: "redo" }),
};

/** Commands from the host page: checked against HOST_COMMANDS, then handled like the page's own events. */
function hostMessage(event) {
  if (!hostOrigin || event.source !== window.parent || event.origin !== hostOrigin) return;
  const data = event.data;
  if (!data || typeof data !== "object" || data.target !== "iriri") return;
  if (data.command === "state") {
    if (view) post({ event: "state", state: view.state });
    return;
  }
  const make = Object.hasOwn(HOST_COMMANDS, data.command) && HOST_COMMANDS[data.command];
  const command = make && make(data);
  if (!command) {
    post({ event: "error", error: "the message is not a command this game knows (see the embedding guide)" });
    return;
  }
  send(command);
}

// ------------------------------------------------------------------ sharing, files, embedding

/** The link options (docs/embedding.md) that show this game: as a figure at
 * the move on the table, or to play on. */
function linkOptions(view, figure) {
  const record = `record=${view.state.share}`;
  return figure ? `${record}&mode=figure&step=${view.state.cursor}` : record;
}

/** ``page`` of the site (relative to this one) with ``options`` in its fragment. */
function siteLink(page, options) {
  const url = new URL(page, location.href);
  url.hash = options;
  return url.href;
}

/** The full site, showing what the embed shows now. */
function fullSiteLink(view) {
  return siteLink("./", linkOptions(view, view.figure));
}

function embedSnippet(options) {
  const src = siteLink("embed.html", options);
  const title = view.setup.label.replace(/"/g, "");
  return `<iframe src="${src}" title="${title}" width="640" height="560" style="border:0" loading="lazy"></iframe>`;
}

function download(name, text) {
  const link = el("a", null, { download: name });
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

let damaged = null; // the damaged saves, as a JSON list of texts
let previous = null; // the game a link replaced, as a saved match

async function copy(id, note) {
  const field = $(id);
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    $(note).textContent = "Copied.";
  } catch {
    $(note).textContent = "Selected: press Ctrl+C (or ⌘C) to copy.";
  }
}

function wireSharing() {
  const menu = $("share-menu");
  const closeMenu = () => menu.removeAttribute("open");
  $("share-button").addEventListener("click", () => {
    closeMenu();
    $("share-link").value = siteLink("", linkOptions(view, false));
    $("share-note").textContent = "";
    $("share-dialog").showModal();
  });
  $("export-button").addEventListener("click", () => {
    closeMenu();
    // The game as far as the table shows it (moves undone are not part of it).
    const record = { ...view.state.record, moves: view.state.record.moves.slice(0, view.state.cursor) };
    download(`${view.state.game}-${new Date().toISOString().slice(0, 10)}.json`, JSON.stringify(record, null, 1));
  });
  $("import-input").addEventListener("change", async (event) => {
    closeMenu();
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > 2_000_000) {
      $("message").textContent = "That file is too big to be a game record; your game is unchanged.";
      return;
    }
    send({ type: "import", text: await file.text() });
  });
  $("embed-button").addEventListener("click", () => {
    closeMenu();
    $("embed-figure").value = embedSnippet(linkOptions(view, true));
    $("embed-play").value = embedSnippet(linkOptions(view, false));
    $("embed-note").textContent = "";
    $("embed-dialog").showModal();
  });
  $("damaged-button").addEventListener("click", () => download("iriri-damaged-saves.json", damaged));
  $("previous-button").addEventListener("click", () => {
    closeMenu();
    send({ type: "import", text: previous });
    if (!view.message) $("previous-button").hidden = true;
  });
  $("update-reload").addEventListener("click", () => location.reload());
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-copy], [data-close]");
    if (!button) return;
    if (button.dataset.close) $(button.dataset.close).close();
    else copy(button.dataset.copy, button.closest("dialog").querySelector("[aria-live]").id);
  });
}

// ------------------------------------------------------------------ the new-game dialog

function seatRow(index, seat, names, levels) {
  const row = el("div", null, { class: "seat" });
  const id = `seat-${index}`;
  row.append(el("label", `${names[index] || `Player ${index + 1}`}`, { for: id, class: "seat-name" }));
  const select = el("select", null, { id });
  select.append(el("option", "Person", { value: "human" }));
  for (const level of levels) select.append(el("option", `Bot: ${level}`, { value: `bot:${level}` }));
  select.value = seat && seat.kind === "bot" ? `bot:${seat.level}` : "human";
  row.append(select);
  return row;
}

function fillSeats(count) {
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.querySelectorAll(".seat").forEach((n) => n.remove());
  const setup = view.setup;
  for (let i = 0; i < count; i++) {
    const seat = old[i] ? (old[i] === "human" ? { kind: "human" } : { kind: "bot", level: old[i].slice(4) })
      : view.state.seats[i] || { kind: "bot", level: "medium" };
    box.append(seatRow(i, seat, setup.seat_names, setup.levels));
  }
}

function openNewGame() {
  if (!view) return;
  const dialog = $("new-dialog");
  $("seats").querySelectorAll(".seat").forEach((n) => n.remove());
  const count = $("player-count");
  clear(count);
  const [fewest, most] = view.setup.players;
  for (let n = fewest; n <= most; n++) count.append(el("option", String(n), { value: String(n) }));
  count.value = String(view.state.seats.length);
  $("seed-input").hidden = $("seed-label").hidden = !view.setup.seed_help;
  fillSeats(view.state.seats.length);
  $("seed-input").value = "";
  $("new-error").textContent = "";
  if ($("over-dialog").open) $("over-dialog").close();
  dialog.showModal();
}

function startNewGame(event) {
  event.preventDefault();
  const seats = [...$("seats").querySelectorAll("select")].map((s) =>
    s.value === "human" ? { kind: "human" } : { kind: "bot", level: s.value.slice(4) });
  const raw = $("seed-input").value.trim();
  if (raw && !/^\d{1,15}$/.test(raw)) {
    $("new-error").textContent = "The seed is a whole number, or leave it empty for a random deal.";
    return;
  }
  $("new-dialog").close();
  overShown = null;
  send({ type: "new", seats, seed: raw ? Number(raw) : null });
}

// ------------------------------------------------------------------ input

function scenePoint(event) {
  const rect = $("canvas").getBoundingClientRect();
  return [event.clientX - rect.left, event.clientY - rect.top];
}

let pressed = null;
let quietUntil = 0; // taps are ignored until then, after a tap that played a move

const QUIET_MS = 350;

function sendTap(event) {
  const before = view.state.cursor;
  send(event);
  // A move changes the table under the pointer (the ring closes up): a second
  // tap of a double tap must not act on whatever slid there.
  if (view.state.cursor !== before) quietUntil = performance.now() + QUIET_MS;
}

function wire() {
  const canvas = $("canvas");
  canvas.addEventListener("pointerdown", (event) => {
    if (!view) return;
    pressed = targetAt(view.scene, ...scenePoint(event));
  });
  canvas.addEventListener("pointerup", (event) => {
    if (!view || performance.now() < quietUntil) return;
    const target = targetAt(view.scene, ...scenePoint(event));
    const from = pressed;
    pressed = null;
    if (from === target) {
      if (target || view.placing) sendTap({ type: "tap", target });
    } else if (from && target && view.draggable.includes(from)) {
      sendTap({ type: "drag", from, to: target });
    }
  });
  canvas.addEventListener("pointercancel", () => (pressed = null));
  // Touch: swipes scroll the page (touch-action: pan-y), except a drag that
  // starts on a piece the player may drag, which moves the piece.
  canvas.addEventListener("touchstart", (event) => {
    const touch = event.touches[0];
    if (!view || !touch) return;
    const rect = canvas.getBoundingClientRect();
    const target = targetAt(view.scene, touch.clientX - rect.left, touch.clientY - rect.top);
    if (target && view.draggable.includes(target)) event.preventDefault();
  }, { passive: false });

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.command) sendCommand(button.dataset.command);
    else if (button.dataset.move) send({ type: "move", text: button.dataset.move });
  });

  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("move-input");
    const text = input.value.trim();
    if (!text) return;
    send({ type: "move", text });
    if (!view.message) input.value = "";
  });

  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea, dialog")) return;
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && key === "z") {
      event.preventDefault();
      sendCommand(event.shiftKey ? "redo" : "undo");
    } else if ((event.ctrlKey || event.metaKey) && key === "y") {
      event.preventDefault();
      sendCommand("redo");
    }
  });

  for (const button of document.querySelectorAll("[data-game]")) {
    button.addEventListener("click", () => {
      if (!view || button.dataset.game === view.setup.game) return;
      overShown = null;
      send({ type: "game", name: button.dataset.game });
    });
  }
  $("new-button").addEventListener("click", openNewGame);
  $("over-new").addEventListener("click", openNewGame);
  $("over-close").addEventListener("click", () => $("over-dialog").close());
  $("new-cancel").addEventListener("click", () => $("new-dialog").close());
  $("new-form").addEventListener("submit", startNewGame);
  $("player-count").addEventListener("change", (e) => fillSeats(Number(e.target.value)));
  $("rules-button").addEventListener("click", () => $("rules-dialog").showModal());
  $("rules-close").addEventListener("click", () => $("rules-dialog").close());
  $("rules-close-top").addEventListener("click", () => $("rules-dialog").close());

  let resizeQueued = false;
  new ResizeObserver(() => {
    if (resizeQueued) return;
    resizeQueued = true;
    requestAnimationFrame(() => {
      resizeQueued = false;
      const box = { width: canvas.parentElement.clientWidth, height: canvas.parentElement.clientHeight };
      if (box.width > 0 && box.height > 0) send({ type: "resize", width: box.width, height: box.height });
    });
  }).observe(canvas.parentElement);
}

// ------------------------------------------------------------------ Python connects here

window.IririUI = {
  /** Called once by web/main.py with its event handler; shows the first view. */
  connect(pythonHandle) {
    handle = pythonHandle;
    loadingText("Ready");
    $("app").hidden = false; // measure the canvas box before the first view
    const box = $("canvas").parentElement;
    send({ type: "resize", width: box.clientWidth || 900, height: box.clientHeight || 600 });
  },
  /** Called by web/main.py when something changed without an event (a bot moved). */
  render,
  /** Called by web/main.py while damaged saves are kept: offer them as a download. */
  offerDamaged(text) {
    damaged = text;
    $("damaged-button").hidden = false;
  },
  /** Called by web/main.py when a link replaced a game in progress: offer to go back to it. */
  offerPrevious(text) {
    previous = text;
    $("previous-button").hidden = false;
  },
};

/** For tests and embedders. */
window.iriri = {
  /** The match as JSON data: game, position text, record, cursor, whether it is over. */
  state: () => (view ? structuredClone(view.state) : null),
  /** The page coordinates of a canvas target such as "cell:0,0", or null. */
  targetPoint(target) {
    if (!view) return null;
    const point = centreOf(view.scene, target);
    if (!point) return null;
    const rect = $("canvas").getBoundingClientRect();
    return { x: rect.left + point[0], y: rect.top + point[1] };
  },
  /** The latest bot decisions, each with the seconds from the start of its thinking to its move. */
  timing: () => (view ? structuredClone(view.timing) : null),
  /** Whether the canvas shows nothing but a blank background. */
  canvasBlank: () => isBlank($("canvas")),
};

// ------------------------------------------------------------------ start

/** Whether IndexedDB answers here. A frame on another site is denied storage
 * when the browser blocks third-party storage; PyScript opens IndexedDB at
 * start and would hang there, so it gets a stand-in kept in memory. */
function indexedDBWorks() {
  return new Promise((resolve) => {
    setTimeout(() => resolve(false), 1500);
    try {
      const request = indexedDB.open("iriri-probe");
      request.onsuccess = () => {
        request.result.close();
        resolve(true);
      };
      request.onerror = () => resolve(false);
    } catch {
      resolve(false);
    }
  });
}

/** A new build installs itself on the next online visit (the browser checks
 * sw.js); when it takes over, load it now if the game is still loading, else
 * offer to (the game is saved, so a reload keeps it). */
function watchForUpdates() {
  if (!("serviceWorker" in navigator)) return;
  const updating = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!updating) return;
    if (!html.dataset.ready) location.reload();
    else $("update-banner").hidden = false;
  });
}

/** Offline play: the service worker stores the site once the game is up, so
 * that it does not compete with the first load. */
function startServiceWorker() {
  // Not from an embed: a wiki's readers would each download the whole site.
  if (embedded || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("./sw.js").catch(() => {}); // offline play is a bonus, never a blocker
}

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

async function start() {
  wire();
  wireSharing();
  watchForUpdates();
  if (embedded) {
    const full = new URL("./", location.href);
    full.hash = location.hash;
    $("full-link").href = full.href;
    $("full-link").hidden = false;
    $("loading-escape-link").href = full.href;
    addEventListener("message", hostMessage);
  }
  setTimeout(() => {
    if (!html.dataset.ready) {
      loadingText("This is taking long: a slow connection, or something in the browser blocks the game.");
      if (embedded) $("loading-escape").hidden = false;
    }
  }, 25_000);
  if (!(await indexedDBWorks())) {
    Object.defineProperty(window, "indexedDB", { value: memoryIndexedDB(), configurable: true });
  }
  try {
    await import("./pyscript/core.js");
  } catch (error) {
    failLoading(String(error));
  }
}

start();
