// The page's glue: shows loading progress, renders each view that Python
// sends (docs/page.md) into the DOM and the canvas, and turns clicks, taps and
// keys into events for Python. It holds no game state and knows no rules.

import { paint, targetAt, centreOf, isBlank, targetBoxes } from "./painter.js";
import { decodePicture, readPicture, startPicture } from "./picture.js";

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

/** The options of the link the page was opened with (docs/embedding.md). */
const options = new URLSearchParams(location.hash.slice(1));

// ------------------------------------------------------------------ loading

const loading = {
  total: Number(html.dataset.runtimeBytes) || 0,
  done: false,
  /** When loading last moved on: a file arrived, or a step began. */
  news: performance.now(),
};

function loadingText(text) {
  $("loading-words").textContent = text;
  loading.news = performance.now();
}

function failLoading(text) {
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

// ------------------------------------------------------------------ state of the page

let handle = null; // Python: event JSON -> view JSON
let view = null; // the last view shown
let overShown = null; // the record whose game-over panel was shown
let paintQueued = false;
const early = []; // what to do once Python is ready (asked for before it was)

function send(event) {
  if (!handle) {
    beforeReady(event);
    return;
  }
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

/** The game's name, its rules and the picker's choice, from Python's setup
 * or, before Python is ready, from a picture. */
function showGame(game, label) {
  document.title = `${label}${embedded ? (figureLink ? ": a figure" : ": a game to play") : ""} · Looney Pyramids`;
  $("game-title").textContent = label;
  $("rules-title").textContent = `How to play ${label}`;
  const rules = $("rules-text");
  clear(rules);
  rules.append(...richText(JSON.parse($("rules-data").textContent)[game] || []));
  markPicked(game);
}

/** The picker's button of ``game``, pressed. */
function markPicked(game) {
  for (const button of document.querySelectorAll("[data-game]")) {
    button.setAttribute("aria-pressed", String(button.dataset.game === game));
  }
}

/** The picker's buttons, one per game (build.py writes the same into the page). */
function renderPicker(games, chosen) {
  const list = $("game-buttons-list");
  const shown = [...list.querySelectorAll("[data-game]")].map((button) => button.dataset.game).join();
  if (shown !== games.map((game) => game.name).join()) {
    clear(list);
    for (const game of games) list.append(el("button", game.label, { type: "button", "data-game": game.name }));
  }
  markPicked(chosen);
}

/** Text blocks (iriri_core/richtext.py; build.py writes every game's rules
 * into the page) as elements, never as HTML. */
function richText(blocks) {
  const runs = (parent, parts) => {
    for (const [style, text, href] of parts) {
      if (style === "link") parent.append(el("a", text, { href, target: "_blank", rel: "noopener" }));
      else parent.append(style ? el(style, text) : text);
    }
    return parent;
  };
  const tags = { h: "h3", p: "p", note: "p" };
  return blocks.map((block) => {
    if (block.items) {
      const list = el(block.kind);
      for (const item of block.items) list.append(runs(el("li"), item));
      return list;
    }
    return runs(el(tags[block.kind], null, block.kind === "note" ? { class: "credit" } : {}), block.runs);
  });
}

/** What belongs to the game on the table: its name, rules, help texts and
 * the picker's choice (changed only when the game changes). */
function renderGame(setup) {
  renderPicker(setup.games, setup.game);
  if (html.dataset.game === setup.game) return;
  html.dataset.game = setup.game;
  showGame(setup.game, setup.label);
  $("move-help").textContent = setup.move_help;
  $("move-input").placeholder = setup.move_example;
  $("seed-label").textContent = setup.seed_help;
}

/** The game's own buttons (its presenter's controls): Confirm, Pass… */
function renderControls(controls) {
  const box = $("game-controls");
  const kept = new Map([...box.children].map((button) => [button.dataset.command, button]));
  const names = controls.map((c) => c.name).join();
  if ([...kept.keys()].join() !== names) {
    clear(box);
    for (const c of controls) {
      const button = el("button", null, { type: "button", id: `${c.name}-button`, "data-command": c.name });
      kept.set(c.name, button);
      box.append(button);
    }
  }
  for (const c of controls) {
    const button = kept.get(c.name);
    button.textContent = c.label;
    if (c.wide) button.append(el("span", c.wide, { class: "wide-only" }));
    button.hidden = !c.shown;
    button.disabled = !c.enabled;
    button.classList.toggle("primary", c.primary);
  }
}

/** The cover between two people's turns, and a round's summary. */
function renderCovers(cover, round) {
  $("cover").hidden = !cover;
  if (cover) {
    $("cover-text").textContent = cover.text;
    $("reveal-button").textContent = cover.button;
  }
  $("round").hidden = !round;
  if (round) {
    $("round-text").textContent = round.text;
    $("next-round-button").textContent = round.button;
  }
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
  renderControls(view.controls);
  for (const name of ["undo", "redo", "hint", "draw"]) $(`${name}-button`).disabled = !view.buttons[name];
  renderCovers(view.cover, view.round);
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
  renderOver(view.over, view.scores, `${view.state.length}:${view.state.cursor}`);
  renderFigure(view.figure);
  queuePaint();
  tellHost(view);
  if (!html.dataset.ready) ready();
}

/** The first view has arrived: the table is live. */
function ready() {
  loading.done = true;
  html.dataset.ready = "1";
  for (const state of ["data-picture", "data-waiting", "data-still"]) html.removeAttribute(state);
  for (const node of document.querySelectorAll("[inert]")) node.inert = false;
  performance.mark("iriri-ready");
  startServiceWorker();
  for (const act of early.splice(0)) act();
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
  const played = view.moves.map((move) => move.text).join("\n");
  let asked = null; // the state, asked of Python only when something is told
  const state = () => (asked ??= ask({ kind: "state" }));
  if (!told) post({ event: "ready", state: state() });
  else if (cursor === told.cursor + 1 && played.startsWith(told.played)) {
    const move = view.moves[cursor - 1];
    post({ event: "move", move: move.text, description: move.description, state: state() });
  } else if (played !== told.played) post({ event: "state", state: state() });
  if (over && !(told && told.over)) post({ event: "gameover", result: view.over.text, state: state() });
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
  const make = Object.hasOwn(HOST_COMMANDS, data.command) && HOST_COMMANDS[data.command];
  const command = data.command === "state" || (make && make(data));
  if (!command) {
    post({ event: "error", error: "the message is not a command this game knows (see the embedding guide)" });
    return;
  }
  const act = () => (command === true ? post({ event: "state", state: ask({ kind: "state" }) }) : send(command));
  if (view) {
    act();
  } else {
    early.push(act); // a command from the host page starts the game; it is carried out once the game is up
    startPython();
  }
}

// ------------------------------------------------------------------ sharing, files, embedding

/** The link options (docs/embedding.md) that show this game: as a figure at
 * the move on the table, or to play on. */
function linkOptions(view, figure) {
  const record = `record=${ask({ kind: "share" }).code}`;
  return figure ? `${record}&mode=figure&step=${view.state.cursor}` : record;
}

/** ``page`` of the site (relative to this one) with ``fragment`` as its fragment. */
function siteLink(page, fragment) {
  const url = new URL(page, location.href);
  url.hash = fragment;
  return url.href;
}

/** The full site, showing what the embed shows now. */
function fullSiteLink(view) {
  return siteLink("./", linkOptions(view, view.figure));
}

let exporter = null; // Python: a request of the Share menu in, its answer out (web/main.py, export)

/** Ask Python for what the view does not carry (see web/main.py, export):
 * the game as saved and shared, pictures and files. */
function ask(request) {
  return JSON.parse(exporter(JSON.stringify(request)));
}

/** :func:`ask`, once the dialog that asked has been painted (drawing pictures takes a moment). */
async function exported(request) {
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  return ask(request);
}

function download(name, data, type = "application/json") {
  const link = el("a", null, { download: name });
  link.href = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type }));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

const sharing = { picture: "", figure: "", files: null };

function fillShareLink() {
  const picture = $("share-picture").checked ? `&picture=${sharing.picture}` : "";
  $("share-link").value = siteLink("", linkOptions(view, false) + picture);
}

function fillEmbed() {
  const figure = document.querySelector("input[name=embed-kind]:checked").value === "figure";
  const fragment = `${linkOptions(view, figure)}&picture=${figure ? sharing.figure : sharing.picture}`;
  const title = `${view.setup.label}: ${figure ? "a figure" : "a game to play"}`.replace(/["|{}[\]<>]/g, "");
  const src = siteLink("embed.html", fragment);
  $("embed-html").value =
    `<iframe src="${src}" title="${title}" width="640" height="560" style="border:0" loading="lazy"></iframe>`;
  $("embed-wiki").value = `{{Pyramid game|title=${title}|options=${fragment}}}`;
}

/** A PNG of ``scene``, twice as sharp as the scene's own pixels. */
function png(scene) {
  const canvas = document.createElement("canvas");
  paint(canvas, scene, scene, 2);
  return canvas;
}

/** Open ``id`` (if it is not open) and run ``work``, which fills it in; its
 * controls wait until then, its note says what is being done, and then
 * what went wrong, if something did. */
async function prepared(id, doing, work) {
  const dialog = $(id);
  const note = dialog.querySelector("[aria-live]");
  const controls = [...dialog.querySelectorAll("button:not([data-close]), input:not([readonly])")];
  for (const control of controls) control.disabled = true;
  note.textContent = doing;
  if (!dialog.open) dialog.showModal();
  try {
    await work();
    if (note.textContent === doing) note.textContent = "";
  } catch (error) {
    console.warn(error);
    note.textContent = `That did not work (${error.message || error}); the game is unchanged.`;
  } finally {
    for (const control of controls) control.disabled = false;
  }
}

async function saveZip() {
  const { files, wikitext } = await exported({ kind: "files", all: true });
  const pngs = Object.fromEntries(files.map((file) => [file.name, png(file.scene).toDataURL("image/png").split(",")[1]]));
  const { zip } = await exported({ kind: "bundle", pngs });
  const bytes = Uint8Array.from(atob(zip), (c) => c.charCodeAt(0));
  download(`${files[0].name.replace(/ move 0$/, "")} pictures.zip`, new Blob([bytes], { type: "application/zip" }));
  $("pictures-gallery").value = wikitext;
  $("pictures-note").textContent = `Saved ${files.length} moves; gallery.txt in the ZIP has the wikitext too.`;
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
    $("share-link").value = "";
    prepared("share-dialog", "Drawing the picture…", async () => {
      sharing.picture = (await exported({ kind: "picture" })).code;
      fillShareLink();
    });
  });
  $("share-picture").addEventListener("change", fillShareLink);
  $("export-button").addEventListener("click", () => {
    closeMenu();
    // The game as far as the table shows it (moves undone are not part of it).
    const record = ask({ kind: "record" });
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
    $("embed-html").value = $("embed-wiki").value = "";
    prepared("embed-dialog", "Drawing the pictures…", async () => {
      sharing.picture = (await exported({ kind: "picture" })).code;
      sharing.figure = (await exported({ kind: "figure" })).code;
      fillEmbed();
    });
  });
  for (const radio of document.querySelectorAll("input[name=embed-kind]")) radio.addEventListener("change", fillEmbed);
  $("pictures-button").addEventListener("click", () => {
    closeMenu();
    $("pictures-wiki").value = $("pictures-gallery").value = "";
    prepared("pictures-dialog", "Drawing the picture…", async () => {
      sharing.files = await exported({ kind: "files" });
      $("pictures-this").textContent = sharing.files.files[0].caption;
      $("pictures-wiki").value = sharing.files.wikitext;
      $("pictures-all").textContent = `Every move of this game, 0 to ${view.state.length}:`;
    });
  });
  $("save-svg").addEventListener("click", () => {
    const [file] = sharing.files.files;
    download(`${file.name}.svg`, file.svg, "image/svg+xml");
  });
  $("save-png").addEventListener("click", () => {
    const [file] = sharing.files.files;
    png(file.scene).toBlob((blob) => download(`${file.name}.png`, blob));
  });
  $("save-zip").addEventListener("click", () => prepared("pictures-dialog", "Drawing every move…", saveZip));
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

  $("game-picker").addEventListener("click", (event) => {
    const button = event.target.closest("[data-game]");
    if (!button || !view || button.dataset.game === view.setup.game) return;
    overShown = null;
    send({ type: "game", name: button.dataset.game });
  });
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
      const box = canvasBox();
      if (!handle) paintPicture();
      else if (box.width > 0 && box.height > 0) send({ type: "resize", width: box.width, height: box.height });
    });
  }).observe(canvas.parentElement);
}

// ------------------------------------------------------------------ Python connects here

window.IririUI = {
  /** Called once by web/main.py with its event handler and the Share menu's
   * exporter; shows the first view. */
  connect(pythonHandle, pythonExport) {
    handle = pythonHandle;
    exporter = pythonExport;
    loadingText("Ready");
    const box = canvasBox();
    send({ type: "resize", width: box.width || 900, height: box.height || 600 });
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
  /** The game as JSON data (docs/page.md): where it stands, its moves and,
   * in a game that hides nothing, its position text, record and share code. */
  state: () => (view ? ask({ kind: "state" }) : null),
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
  /** The size of the scene shown (the canvas box's, once Python has drawn for it). */
  sceneSize: () => (view ? { width: view.scene.width, height: view.scene.height } : null),
  /** Every canvas target's tap area in page coordinates: {target: {x, y, w, h}}. */
  targets() {
    if (!view) return {};
    const rect = $("canvas").getBoundingClientRect();
    const boxes = targetBoxes(view.scene);
    for (const box of Object.values(boxes)) Object.assign(box, { x: box.x + rect.left, y: box.y + rect.top });
    return boxes;
  },
};

// ------------------------------------------------------------------ start

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

// ------------------------------------------------------------------ before Python: the picture

/** The picture shown until Python is ready (web/picture.js), and its step. */
const shown = { picture: null, index: 0 };
const figureLink = options.get("mode") === "figure";
/** A frame waits for the reader to press Play, unless its link says start=now. */
const startsNow = !embedded || options.get("start") === "now";

function canvasBox() {
  const box = $("canvas").parentElement;
  return { width: box.clientWidth, height: box.clientHeight };
}

function paintPicture() {
  const { picture, index } = shown;
  if (!picture || html.dataset.ready) return;
  const step = picture.steps[index];
  const box = canvasBox();
  if (box.width > 0 && box.height > 0) paint($("canvas"), step.scene, box);
  $("canvas").setAttribute("aria-label", `A picture of the table; the game is not running yet. ${step.text}`);
  $("status").textContent = step.text;
  if (figureLink) {
    const move = picture.first + index;
    $("undo-button").disabled = move === 0;
    $("redo-button").disabled = move >= picture.moves;
  }
}

/** Where a game's match is saved (web/main.py, saved_key). */
const savedKey = (game) => (game === "iriri" ? "iriri.match" : `iriri.match.${game}`);

/** The picture to show first: the link's, else the saved game's, else the
 * build's picture of the start of the game that comes, when the page deals
 * it itself (no record, no position, a person first to move). */
async function findPicture() {
  const code = options.get("picture");
  if (code) return decodePicture(code);
  const store = embedded ? null : storage();
  const linked = Boolean(location.hash.slice(1));
  if (store && !linked && store.getItem("iriri.picture")) return readPicture(store.getItem("iriri.picture"));
  if (options.has("record") || options.has("position")) return null;
  const seats = (options.get("seats") || "human,medium").split(",");
  if (seats[0].trim().toLowerCase() !== "human") return null; // the build drew a person to move first
  const game = options.get("game") || (store && !linked && store.getItem("iriri.game")) || "iriri";
  if (store && !linked && store.getItem(savedKey(game))) return null; // the saved game comes
  const seed = options.has("seed") ? Number(options.get("seed")) : null;
  return startPicture(game, seats.length, seed, canvasBox());
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked: a private window, a frame on another site
  }
}

/** Paint the picture that shows what the page opens with, if there is one. */
async function showPicture() {
  let picture = null;
  try {
    picture = await findPicture();
  } catch (error) {
    // The game explains a link's damaged picture once it is up; a damaged saved one is just not shown.
    if (options.has("picture")) $("message").textContent = `The picture in this link could not be shown: ${error.message}.`;
  }
  if (!picture || html.dataset.ready) return;
  const index = figureLink ? (Number(options.get("step")) || 0) - picture.first : 0;
  if (index < 0 || index >= picture.steps.length) return; // the link starts at a move the picture does not show
  Object.assign(shown, { picture, index });
  try {
    paintPicture();
  } catch (error) {
    console.warn("The picture could not be painted:", error);
    shown.picture = null;
    return;
  }
  html.dataset.picture = "1";
  showGame(picture.game, picture.label);
  performance.mark("iriri-picture");
  if (figureLink) {
    // Previous and Next step through the pictures without Python.
    $("undo-button").inert = $("redo-button").inert = false;
  }
}

/** An event before Python is ready: a figure steps through its pictures;
 * past them, Python starts and opens the figure at that move. */
function beforeReady(event) {
  const step = event.type === "command" && { undo: -1, redo: 1 }[event.name];
  if (!step || !shown.picture || pythonStarted) return;
  const index = shown.index + step;
  updateStep(shown.picture.first + index);
  if (index >= 0 && index < shown.picture.steps.length) {
    shown.index = index;
    paintPicture();
  } else {
    $("undo-button").inert = $("redo-button").inert = true; // until the game is up
    startPython();
  }
}

/** Keep the link's step at ``move``, for Python to open the figure there and
 * for "Open in a new tab". */
function updateStep(move) {
  options.set("step", String(move));
  history.replaceState(null, "", `#${options}`);
  if (embedded) $("full-link").href = $("loading-escape-link").href = fullSiteURL();
}

function fullSiteURL() {
  const full = new URL("./", location.href);
  full.hash = location.hash;
  return full.href;
}

// ------------------------------------------------------------------ starting Python

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

let pythonStarted = false;

async function startPython() {
  if (pythonStarted) return;
  pythonStarted = true;
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
    await import("./pyscript/core.js");
  } catch (error) {
    failLoading(String(error));
  }
}

async function start() {
  wire();
  wireSharing();
  watchForUpdates();
  renderFigure(figureLink);
  if (embedded) {
    $("full-link").href = $("loading-escape-link").href = fullSiteURL();
    $("full-link").hidden = false;
    // The game as the frame shows it now, worked out when the link is about to be used.
    for (const when of ["pointerenter", "pointerdown", "focus", "click"]) {
      $("full-link").addEventListener(when, () => view && ($("full-link").href = fullSiteLink(view)));
    }
    addEventListener("message", hostMessage);
  }
  await showPicture(); // first, for the picture is small and starting Python keeps the page busy
  if (startsNow) {
    startPython();
  } else if (pythonStarted) {
    // a command from the host page came first, and started the game
  } else if (figureLink && shown.picture) {
    html.dataset.still = "1"; // a figure from its pictures: nothing to load until Next goes past them
  } else {
    html.dataset.waiting = "1";
    $("play-button").textContent = figureLink ? "▶ Show the figure" : "▶ Play";
    $("play-button").hidden = false;
    $("loading").addEventListener("click", () => startPython());
  }
}

start();
