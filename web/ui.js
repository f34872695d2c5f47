// The page's glue: shows loading progress, renders each view that Python
// sends (docs/page.md) into the DOM and the canvas, and turns clicks, taps and
// keys into events for Python. It holds no game state and knows no rules.

import { paint, targetAt, centreOf, isBlank, targetBoxes, motion, drawShape } from "./painter.js";
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
let review = null; // a move of the list being looked at: {move, scene, status}
let keyTarget = null; // the canvas target the arrow keys are on
let paintQueued = false;
let livePainted = false; // whether the live table (not a picture) has been painted
const early = []; // what to do once Python is ready (asked for before it was)

function send(event) {
  if (event.type !== "resize") endReview();
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
    fitTurn();
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
    if (!view) return;
    paintTable();
    // The live table's first frame ends the start (the bench counts long tasks from here).
    if (html.dataset.ready && !livePainted) {
      livePainted = true;
      performance.mark("iriri-live");
    }
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
    tr.append(name, ...row.cells.map((cell) => el("td", cell)));
    body.append(tr);
  }
}

function renderPreview(preview) {
  const box = $("preview");
  clear(box);
  if (!preview) return;
  // The presenter describes the line (docs/page.md, "preview"): words, a word marked ok or no, move text.
  for (const part of preview.parts) {
    if (!part.kind) box.append(part.text);
    else if (part.kind === "code") box.append(el("code", part.text, part.title ? { title: part.title } : {}));
    else box.append(el("span", part.text, { class: part.kind }));
  }
}

function renderColumns(columns) {
  // The players' table's headers after "Player", as the presenter names them (#<key>-label).
  const row = $("scores").tHead.rows[0];
  const cells = [...row.cells].slice(1);
  const same = cells.length === columns.length;
  if (same && columns.every((c, i) => cells[i].id === `${c.key}-label` && cells[i].textContent === c.label)) return;
  while (row.cells.length > 1) row.deleteCell(-1);
  for (const column of columns) row.append(el("th", column.label, { scope: "col", id: `${column.key}-label` }));
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

/** The moves, each a button that shows the table after it; undone moves
 * (which Redo plays again) struck through until others replace them. */
function renderMoves(moves, undone) {
  const list = $("moves");
  const focused = document.activeElement && document.activeElement.closest("#moves") && document.activeElement.dataset.review;
  // A run of chance's moves (a deal) is one entry: its summary, showing the table after it.
  const shown = (move) => !move.run || move.summary;
  const told = (move) => (move.summary ? { ...move, description: move.summary, text: `moves ${move.run} to ${move.number}` } : move);
  const entries = [
    ...moves.filter(shown).map((move) => ({ ...told(move), gone: false })),
    ...undone.filter(shown).map((move) => ({ ...told(move), gone: true })),
  ];
  const key = (move) => JSON.stringify([move.number, move.description, move.text, move.gone]);
  // Only the entries that changed are replaced (a move adds one): a long
  // game's list is not rebuilt after every move.
  let same = 0;
  while (same < entries.length && same < list.children.length && list.children[same].dataset.key === key(entries[same])) same++;
  while (list.children.length > same) list.lastChild.remove();
  for (const move of entries.slice(same)) {
    const li = el("li", null, { "data-key": key(move), ...(move.gone ? { class: "undone" } : {}) });
    const button = el("button", move.description, { type: "button", title: move.text, "data-review": String(move.number) });
    if (move.gone) button.setAttribute("aria-label", `${move.description} (undone)`);
    li.append(button);
    list.append(li);
  }
  markReviewed();
  if (focused) list.querySelector(`[data-review="${focused}"]`)?.focus();
  if (!review) list.scrollTop = list.scrollHeight;
}

/** The game-over panel opens when a game ends at the table (not in a figure), not when a
 * finished game is opened (a reload, a link, a file): that one says so in its status. */
function renderOver(over, scores, justEnded) {
  const dialog = $("over-dialog");
  if (!over) {
    if (dialog.open) dialog.close();
    return;
  }
  $("over-text").textContent = over.text;
  renderScores($("over-scores").tBodies[0], scores);
  if (justEnded && !dialog.open) dialog.showModal();
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
    if (button.dataset.game === game) showInPicker(button);
  }
}

/** Where the games scroll sideways (a phone), bring ``button`` into view
 * (the picker alone scrolls, never the page). */
function showInPicker(button) {
  const picker = $("game-picker");
  const left = button.offsetLeft - picker.offsetLeft;
  if (left < picker.scrollLeft) picker.scrollLeft = left;
  else if (left + button.offsetWidth > picker.scrollLeft + picker.clientWidth) {
    picker.scrollLeft = left + button.offsetWidth - picker.clientWidth;
  }
}

/** The picker's buttons, one per game (build.py writes the same into the page). */
function renderPicker(games, chosen) {
  const list = $("game-buttons-list");
  const shown = [...list.querySelectorAll("[data-game]")].map((button) => button.dataset.game).join();
  if (shown !== games.map((game) => game.name).join()) {
    clear(list);
    for (const game of games) {
      // "Name (Designer)": the designer where there is room (as build.py writes it).
      const [short, credit] = game.label.split(/ \((.*)/);
      const button = el("button", short, { type: "button", "data-game": game.name });
      if (credit) button.append(el("span", ` (${credit}`, { class: "wide-only" }));
      list.append(button);
    }
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

/** The game's own buttons (its presenter's controls): Confirm, Pass…; the
 * one a hint says to press now (``hinted``) is outlined. */
function renderControls(controls, hinted) {
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
    button.classList.toggle("hinted", c.name === hinted);
    if (c.name === "pass") button.setAttribute("aria-describedby", "pass-reason");
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

/** The turn's words keep one height all game (style.css, .turn-bar), so
 * the board never moves: where they do not fit, a tap on them (#turn-more)
 * opens them whole (#turn-all). */
function fitTurn() {
  const bar = $("turn-bar");
  const news = $("news-line");
  const over = (node) => node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1;
  const cut = over(bar) || (!review && over(news));
  $("turn-more").hidden = !cut;
  if ($("turn-all").matches(":popover-open")) {
    if (cut) fillTurnAll();
    else $("turn-all").hidePopover();
  }
}

/** The words of the turn bar, whole, in the box a tap on them opens. */
function fillTurnAll() {
  $("turn-all-status").textContent = $("status").textContent;
  $("turn-all-message").textContent = review ? "" : $("message").textContent;
  $("turn-all-message").className = $("message").className;
  const preview = $("turn-all-preview");
  clear(preview);
  if (!review) preview.append(...[...$("preview").childNodes].map((node) => node.cloneNode(true)));
  $("turn-all-last").textContent = review ? "" : $("last-move").textContent;
}

/** No row of controls is wider than the screen: a row that would be takes
 * smaller words, then smaller still, then wraps (style.css). */
function fitControls() {
  const row = $("controls");
  row.classList.remove("tight", "tighter", "wraps");
  for (const step of ["tight", "tighter", "wraps"]) {
    if (row.scrollWidth <= row.clientWidth + 1) return;
    row.classList.add(step);
  }
}

function render(json) {
  const hadActionFocus = document.activeElement && document.activeElement.closest("#actions");
  const before = view;
  view = JSON.parse(json);
  const sameGame = before && before.state.opened === view.state.opened; // (not another game put on the table)
  if (!before || before.state.cursor !== view.state.cursor || !sameGame) keyTarget = null;
  if (!sameGame || view.state.length < before.state.length) endReview(); // (moves looked at may be gone)
  renderGame(view.setup);
  html.toggleAttribute("data-previews", view.setup.previews);
  $("status").textContent = review ? review.status : view.status;
  $("last-move").textContent = view.last;
  renderColumns(view.columns);
  renderScores($("scores").tBodies[0], view.scores);
  renderPreview(view.preview);
  renderControls(view.controls, view.hint && view.hint.control);
  for (const name of ["undo", "redo", "hint", "draw"]) $(`${name}-button`).disabled = !view.buttons[name];
  $("play-hint-button").hidden = !view.buttons["play-hint"];
  renderCovers(view.cover, view.round);
  $("draw-button").hidden = !view.buttons.draw;
  if (!view.draw_question && $("draw-dialog").open) $("draw-dialog").close();
  $("draw-offer").hidden = !view.draw_offer;
  $("draw-question").textContent = view.draw_offer;
  $("pass-reason").textContent = view.pass_reason; // (the Pass button's description; the status says it too)
  $("message").textContent = view.message ? view.message.text : "";
  $("message").classList.toggle("news", Boolean(view.message && view.message.kind !== "error"));
  renderActions(view.actions, view.more_actions);
  if (hadActionFocus) {
    // The list was rebuilt under the focus: keep keyboard players at the
    // list itself, where Enter plays nothing they did not choose.
    $("actions").focus();
  }
  renderMoves(view.moves, view.undone);
  const mirror = $("mirror");
  clear(mirror);
  for (const line of view.mirror) mirror.append(el("li", line));
  if (view.announce) {
    const live = $("live");
    const words = view.announce; // (not the view of 30 ms later, which may tell nothing)
    live.textContent = "";
    setTimeout(() => (live.textContent = words), 30);
  }
  $("canvas").setAttribute("aria-label", `The table. ${view.status}`);
  // A move just played (not redone, not a game opened): one step on.
  const played = sameGame && view.state.cursor === before.state.cursor + 1 && !redone(view);
  renderOver(view.over, view.scores, Boolean(played && !before.over && !view.figure));
  // (The line offering the game left back stays while this game is played: the board must not move.)
  renderFigure(view.figure);
  fitTurn();
  fitControls();
  queuePaint();
  tellHost(view);
  if (!html.dataset.ready) ready();
}

/** Whether ``view`` shows a move redone (one step on, but not a move played). */
function redone(view) {
  return view.announce.startsWith("Redone");
}

/** The first view has arrived: the table is live. */
function ready() {
  loading.done = true;
  html.dataset.ready = "1";
  for (const state of ["data-picture", "data-waiting", "data-still"]) html.removeAttribute(state);
  for (const node of document.querySelectorAll("[inert]")) node.inert = false;
  performance.mark("iriri-ready");
  setTimeout(startServiceWorker, SERVICE_WORKER_DELAY_MS);
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
  else if (cursor === told.cursor + 1 && played.startsWith(told.played) && !redone(view)) {
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
    (data.settings === undefined || (data.settings !== null && typeof data.settings === "object" &&
      !Array.isArray(data.settings) && Object.values(data.settings).every(Number.isSafeInteger))) &&
    { type: "new", seats: data.seats.map((seat) => ({ kind: seat.kind, level: seat.level })), seed: data.seed ?? null,
      ...(data.game === undefined ? {} : { game: data.game }),
      ...(data.settings === undefined ? {} : { settings: Object.fromEntries(Object.entries(data.settings)) }) },
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
  // IFrameTag keeps only src, width, height, style (and sandbox, allowfullscreen) of an iframe:
  // the frame's accessible name goes on a named group around it.
  $("embed-iframetag").value = `<div role="group" aria-label="${title}">` +
    `<iframe src="${src}" width="640" height="560" style="border:0"></iframe></div>`;
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
    leaveGame({ type: "import", text: await file.text() });
  });
  $("embed-button").addEventListener("click", () => {
    closeMenu();
    $("embed-html").value = $("embed-wiki").value = $("embed-iframetag").value = "";
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
    // Not asked first: a game in progress that it replaces is kept in turn, and offered back.
    send({ type: "import", text: previous }); // once it is back, Python forgets it (forgetPrevious)
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

/** The game's own settings (the view's ``setup.settings``): a choice of
 * values, or a whole number between limits, each set to the value of the
 * game on the table. */
function fillSettings(settings) {
  const box = $("game-settings");
  clear(box);
  for (const setting of settings) {
    const id = `setting-${setting.name}`;
    box.append(el("label", setting.label, { for: id }));
    let field;
    if (setting.choices.length) {
      field = el("select", null, { id, "data-setting": setting.name });
      for (const choice of setting.choices) field.append(el("option", String(choice), { value: String(choice) }));
    } else {
      field = el("input", null, { id, "data-setting": setting.name, inputmode: "numeric", pattern: "[0-9]*" });
    }
    field.value = String(setting.value);
    if (setting.help) {
      field.setAttribute("aria-describedby", `${id}-help`);
      box.append(field, el("p", setting.help, { id: `${id}-help`, class: "help" }));
    } else box.append(field);
  }
}

/** The settings chosen in the dialog, by name; a string says what is wrong. */
function chosenSettings() {
  const chosen = {};
  for (const field of $("game-settings").querySelectorAll("[data-setting]")) {
    const setting = view.setup.settings.find((s) => s.name === field.dataset.setting);
    const raw = field.value.trim();
    const value = Number(raw);
    if (!/^\d{1,15}$/.test(raw) || (!setting.choices.length && (value < setting.min || value > setting.max))) {
      return `${setting.label}: a whole number from ${setting.min} to ${setting.max}.`;
    }
    chosen[setting.name] = value;
  }
  return chosen;
}

/** The settings of the game on the table, for a rematch. */
const currentSettings = () => Object.fromEntries(view.setup.settings.map((s) => [s.name, s.value]));

function openNewGame() {
  if (!view) return;
  const dialog = $("new-dialog");
  $("seats").querySelectorAll(".seat").forEach((n) => n.remove());
  const count = $("player-count");
  clear(count);
  const [fewest, most] = view.setup.players;
  for (let n = fewest; n <= most; n++) count.append(el("option", String(n), { value: String(n) }));
  count.value = String(view.state.seats.length);
  // A game for a fixed number of players says so, rather than offering a choice of one.
  const fixed = fewest === most;
  count.hidden = $("player-count-label").hidden = fixed;
  $("player-count-fixed").hidden = !fixed;
  $("player-count-fixed").textContent = `Players: ${fewest}`;
  $("seed-input").hidden = $("seed-label").hidden = !view.setup.seed_help;
  fillSeats(view.state.seats.length);
  fillSettings(view.setup.settings);
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
  const settings = chosenSettings();
  if (typeof settings === "string") {
    $("new-error").textContent = settings;
    return;
  }
  $("new-dialog").close();
  leaveGame({ type: "new", seats, seed: raw ? Number(raw) : null, settings });
}

/** Whether a game that has begun (a seat has moved: a deal alone is no
 * game begun) and is not over is on the table. */
function inProgress() {
  return view && view.state.begun && !view.state.over && !view.figure;
}

let leaving = null; // the event that leaves a game in progress, once the player says so

/** Send ``event`` (a new game, or a game opened from a record: a file, the
 * game kept before), asking first if it leaves a game in progress; that game
 * is kept (web/main.py), and the banner offers it back. */
function leaveGame(event) {
  if (!inProgress()) {
    send(event);
    return;
  }
  leaving = event;
  $("leave-ok").textContent = event.type === "new" ? "Start the new game" : "Open the other game";
  $("leave-dialog").showModal();
}

/** A rematch: the same game, settings and seats, the seats in another order
 * (the second seat's player opens). */
function rematch() {
  $("over-dialog").close();
  const seats = view.state.seats;
  send({ type: "new", seats: [...seats.slice(1), seats[0]], seed: null, settings: currentSettings() });
}

// ------------------------------------------------------------------ review

/** Show the table after ``move`` moves, read-only, until Back to the game. */
function showReview(move) {
  if (!view || move < 0 || move > view.state.length) return;
  if (move === view.state.cursor) {
    endReview();
    return;
  }
  const answer = ask({ kind: "review", move });
  if (answer.error) return;
  review = { move, ...answer };
  html.dataset.review = "1";
  $("review-bar").hidden = false;
  $("review-first").disabled = $("review-previous").disabled = move === 0;
  $("review-next").disabled = $("review-last").disabled = move >= view.state.length;
  $("status").textContent = review.status;
  markReviewed();
  fitTurn();
  fitControls();
  queuePaint();
}

/** Step through the moves while looking back: ``to`` is a move number, or
 * "first", "last"; past the move on the table, back to the game. */
function stepReview(to) {
  if (!review || !view) return;
  const move = to === "first" ? 0 : to === "last" ? view.state.length : to;
  showReview(Math.max(0, Math.min(move, view.state.length)));
  // Keyboard players follow the move looked at in the list.
  const list = $("moves");
  if (review && list.contains(document.activeElement)) list.querySelector(`[data-review="${review.move}"]`)?.focus();
}

/** The table, brought into view where it is not (a move picked from the
 * list beside or below it), scrolling as little as that takes. */
function showTable() {
  const box = $("canvas").getBoundingClientRect();
  if (box.top < -1 || box.bottom > innerHeight + 1) document.querySelector(".play").scrollIntoView({ block: "nearest" });
}

function endReview() {
  if (!review) return;
  review = null;
  delete html.dataset.review;
  $("review-bar").hidden = true;
  if (view) $("status").textContent = view.status;
  markReviewed();
  fitTurn();
  fitControls();
  queuePaint();
}

/** The move looked at, marked in the list. */
function markReviewed() {
  for (const button of $("moves").querySelectorAll("[data-review]")) {
    const here = review && Number(button.dataset.review) === review.move;
    if (here) button.parentElement.setAttribute("aria-current", "step");
    else button.parentElement.removeAttribute("aria-current");
  }
}

// ------------------------------------------------------------------ input

function scenePoint(event) {
  const rect = $("canvas").getBoundingClientRect();
  return [event.clientX - rect.left, event.clientY - rect.top];
}

let pressed = null;
let pressedAt = [0, 0];
let quietUntil = 0; // taps are ignored until then, after a tap that played a move

const QUIET_MS = window.iririQuietMs || 350; // a test of quick taps lengthens it: a loaded machine's taps come slowly

function sendTap(event) {
  const before = view.state.cursor;
  send(event);
  // A move changes the table under the pointer (the ring closes up): a second
  // tap of a double tap must not act on whatever slid there.
  if (view.state.cursor !== before) quietUntil = performance.now() + QUIET_MS;
}

/** Say why a tap or a drag did nothing (the page's own news, until the next view). */
function tell(text) {
  const message = $("message");
  message.textContent = text;
  message.classList.add("news");
  fitTurn();
}

/** The canvas from the keyboard: the arrow keys go to the nearest target
 * that way, Enter or Space taps it, Escape lets it go. */
function canvasKey(event) {
  if (!view || review) return;
  settle();
  const boxes = targetBoxes(view.scene);
  const names = Object.keys(boxes);
  if (!names.length) return;
  const centre = (name) => [boxes[name].x + boxes[name].w / 2, boxes[name].y + boxes[name].h / 2];
  const ways = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (event.key in ways) {
    event.preventDefault();
    if (!(keyTarget in boxes)) {
      keyTarget = names.find((name) => view.draggable.includes(name)) || names[0];
    } else {
      const [dx, dy] = ways[event.key];
      const [x0, y0] = centre(keyTarget);
      let best = null;
      let bestScore = Infinity;
      for (const name of names) {
        const [x, y] = centre(name);
        const along = (x - x0) * dx + (y - y0) * dy;
        if (along <= 1) continue;
        const score = along + 2 * Math.abs((x - x0) * dy - (y - y0) * dx);
        if (score < bestScore) [best, bestScore] = [name, score];
      }
      if (best) keyTarget = best;
    }
    queuePaint();
  } else if ((event.key === "Enter" || event.key === " ") && keyTarget in boxes) {
    event.preventDefault();
    const target = keyTarget;
    sendTap({ type: "tap", target });
    if (!(target in targetBoxes(view.scene))) keyTarget = null;
    queuePaint();
  } else if (event.key === "Escape" && keyTarget) {
    keyTarget = null;
    queuePaint();
  }
}

const MOVE_MS = 260; // how long a piece takes to move
const stillMotion = matchMedia("(prefers-reduced-motion: reduce)");
let painted = null; // the live scene painted last
let moving = null; // {plan, scene, start}: pieces on their way
let animations = 0; // how many moves were animated (for tests)
let dragging = null; // {from, x, y, drops}: a piece on its way under the pointer

/** The table (or the move looked at): pieces that moved glide there, a
 * dragged piece follows the pointer over the places it may go, and the
 * keyboard's place is ringed. */
function paintTable() {
  const canvas = $("canvas");
  if (review) {
    paint(canvas, review.scene, canvasBox());
    painted = null;
    return;
  }
  const scene = view.scene;
  if (painted && painted !== scene && !stillMotion.matches) {
    const plan = motion(painted, scene);
    moving = plan ? { plan, scene, start: performance.now() } : null;
    if (plan) animations += 1;
  }
  painted = scene;
  const t = moving && moving.scene === scene ? (performance.now() - moving.start) / MOVE_MS : 1;
  paint(canvas, scene, scene, undefined, moving && moving.plan, t);
  if (t < 1) queuePaint();
  else moving = null;
  if (dragging) paintDrag(canvas, scene);
  if (keyTarget && document.activeElement === canvas) {
    const box = targetBoxes(scene)[keyTarget];
    if (box) outline(canvas, box, "#1d4ed8");
  }
}

/** A piece the player asked to see at once (a tap, a key): no more gliding. */
function settle() {
  if (moving) moving.start = -Infinity;
}

function outline(canvas, box, colour) {
  const ctx = canvas.getContext("2d");
  const ratio = window.devicePixelRatio || 1;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.globalAlpha = 1;
  ctx.lineWidth = 3;
  ctx.strokeStyle = colour;
  ctx.strokeRect(box.x - 2, box.y - 2, box.w + 4, box.h + 4);
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 1;
  ctx.strokeRect(box.x + 0.5, box.y + 0.5, box.w - 1, box.h - 1);
}

/** The dragged piece under the pointer, and the place it would go lit up. */
function paintDrag(canvas, scene) {
  const boxes = targetBoxes(scene);
  const over = targetAt(scene, dragging.x, dragging.y);
  if (over && dragging.drops.has(over)) outline(canvas, boxes[over], "#1f7a3a");
  const source = boxes[dragging.from];
  if (!source) return;
  const inside = (p) => p.x >= source.x && p.x <= source.x + source.w && p.y >= source.y && p.y <= source.y + source.h;
  const index = scene.shapes.findIndex((s) => s.type === "piece" && inside(s));
  if (index < 0) return;
  const piece = scene.shapes[index];
  const ctx = canvas.getContext("2d");
  const ratio = window.devicePixelRatio || 1;
  ctx.save();
  ctx.setTransform(ratio, 0, 0, ratio, ratio * (dragging.x - piece.x), ratio * (dragging.y - piece.y));
  for (const shape of scene.shapes.slice(index + 1, index + 1 + piece.count)) drawShape(ctx, shape, 0.85);
  ctx.restore();
}


function wire() {
  const canvas = $("canvas");
  canvas.addEventListener("pointerdown", (event) => {
    if (!view) return;
    settle();
    canvas.setPointerCapture(event.pointerId);
    pressed = targetAt(view.scene, ...scenePoint(event));
    dragging = null;
    pressedAt = scenePoint(event);
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!(event.buttons & 1) && dragging) {
      pressed = dragging = null; // released where the canvas did not hear it
      queuePaint();
    }
    if (!view || review || !pressed || !view.draggable.includes(pressed)) return;
    const [x, y] = scenePoint(event);
    if (!dragging) {
      if (Math.hypot(x - pressedAt[0], y - pressedAt[1]) < 6) return;
      dragging = { from: pressed, drops: new Set(ask({ kind: "drops", from: pressed }).targets) };
    }
    Object.assign(dragging, { x, y });
    queuePaint();
  });
  canvas.addEventListener("pointerup", (event) => {
    const from = pressed;
    const dragged = Boolean(dragging);
    pressed = null;
    if (dragging) {
      dragging = null;
      queuePaint();
    }
    if (!view || review) return;
    const target = targetAt(view.scene, ...scenePoint(event));
    if (performance.now() < quietUntil) {
      // A tap that came too soon after a move is not taken, and the player is told.
      tell("That tap came just as the table changed, so it was not taken: tap again.");
      return;
    }
    if (from === target) {
      if (target || view.placing) sendTap({ type: "tap", target });
    } else if (from && view.draggable.includes(from)) {
      if (target) sendTap({ type: "drag", from, to: target });
      else if (dragged) tell("Nothing can go there: drop it on a lit place.");
    }
  });
  canvas.addEventListener("pointercancel", () => {
    pressed = dragging = null;
    queuePaint();
  });
  // Touch: swipes scroll the page (touch-action: pan-y), except a drag that
  // starts on a piece the player may drag, which moves the piece.
  canvas.addEventListener("touchstart", (event) => {
    const touch = event.touches[0];
    if (!view || !touch) return;
    const rect = canvas.getBoundingClientRect();
    const target = targetAt(view.scene, touch.clientX - rect.left, touch.clientY - rect.top);
    if (target && view.draggable.includes(target)) event.preventDefault();
  }, { passive: false });

  canvas.addEventListener("keydown", canvasKey);
  canvas.addEventListener("focus", queuePaint);
  canvas.addEventListener("blur", queuePaint);

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.review) {
      showReview(Number(button.dataset.review));
      if (review) showTable();
    } else if (button.dataset.command) sendCommand(button.dataset.command);
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
    if (event.target.closest("input, select, textarea, dialog, [popover]")) return;
    if (review && !(event.ctrlKey || event.metaKey || event.altKey)) {
      // Looking back: the arrows step, Home and End go to the start and the last move, Escape goes back.
      const to = { ArrowLeft: review.move - 1, ArrowRight: review.move + 1, Home: "first", End: "last" }[event.key];
      if (to !== undefined || event.key === "Escape") {
        event.preventDefault();
        if (to === undefined) endReview();
        else stepReview(to);
        return;
      }
    }
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
    send({ type: "game", name: button.dataset.game });
  });
  $("new-button").addEventListener("click", openNewGame);
  $("new-menu-button").addEventListener("click", () => {
    $("share-menu").removeAttribute("open");
    openNewGame();
  });
  $("over-new").addEventListener("click", openNewGame);
  $("over-rematch").addEventListener("click", rematch);
  $("leave-ok").addEventListener("click", () => {
    $("leave-dialog").close();
    if (leaving) send(leaving);
    leaving = null;
  });
  $("leave-cancel").addEventListener("click", () => {
    leaving = null;
    $("leave-dialog").close();
  });
  $("previous-back").addEventListener("click", () => $("previous-button").click());
  $("previous-dismiss").addEventListener("click", () => ($("previous-banner").hidden = true));
  $("review-back").addEventListener("click", endReview);
  $("review-first").addEventListener("click", () => stepReview("first"));
  $("review-previous").addEventListener("click", () => review && stepReview(review.move - 1));
  $("review-next").addEventListener("click", () => review && stepReview(review.move + 1));
  $("review-last").addEventListener("click", () => stepReview("last"));
  $("draw-button").addEventListener("click", () => {
    // A draw ends the game (a bot may accept at once): asked first, and Keep playing keeps everything.
    if (!view || !view.draw_question) return;
    $("draw-title").textContent = view.draw_question.title;
    $("draw-text").textContent = view.draw_question.text;
    $("draw-dialog").showModal();
    $("draw-cancel").focus(); // Keep playing first: a stray Enter keeps playing
  });
  $("draw-ok").addEventListener("click", () => {
    $("draw-dialog").close();
    sendCommand("draw");
  });
  $("draw-cancel").addEventListener("click", () => $("draw-dialog").close());
  $("update-dismiss").addEventListener("click", () => ($("update-banner").hidden = true));
  $("turn-all").addEventListener("beforetoggle", (event) => {
    if (event.newState !== "open") return;
    fillTurnAll();
    const bar = $("turn-bar").getBoundingClientRect();
    Object.assign($("turn-all").style, {
      top: `${Math.max(4, bar.top)}px`, left: `${bar.left}px`, width: `${bar.width}px`,
    });
  });
  addEventListener("resize", () => {
    fitTurn();
    fitControls();
  });
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
  offerPrevious(text, banner = false) {
    previous = text;
    $("previous-button").hidden = false;
    if (banner) $("previous-banner").hidden = false;
  },
  /** The game kept before is back on the table: nothing to go back to. */
  forgetPrevious() {
    previous = null;
    $("previous-button").hidden = $("previous-banner").hidden = true;
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
  /** The canvas targets the person may drag now, and where a drag from one may end. */
  draggable: () => (view ? [...view.draggable] : []),
  drops: (from) => (view ? ask({ kind: "drops", from }).targets : []),
  /** The canvas target the arrow keys are on, or null. */
  keyTarget: () => keyTarget,
  /** How many moves the table has shown moving, and whether pieces are moving now. */
  motion: () => ({ animations, moving: Boolean(moving) }),
  /** Whether the canvas shows nothing but a blank background. */
  canvasBlank: () => isBlank($("canvas")),
  /** The scene painted on the canvas (docs/page.md, "The scene"), its shapes in canvas coordinates. */
  scene: () => (view ? structuredClone(view.scene) : null),
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

/** Offline play: the service worker stores the site a few seconds after the
 * game is up, so that it competes with neither the first load nor the first
 * moves (registered at once, its start made the first task after ready last
 * over 50 ms in half of the page loads measured). */
const SERVICE_WORKER_DELAY_MS = 3000;

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

/** The link options every game has (links.KNOWN); any other is a game's own setting. */
const LINK_OPTIONS = ["game", "seats", "seed", "record", "position", "mode", "step", "picture", "start"];

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
  // A game's own setting (a target score) starts a game other than the one the build drew.
  if ([...options.keys()].some((key) => !LINK_OPTIONS.includes(key))) return null;
  const seats = (options.get("seats") || "human,medium").split(",");
  if (seats[0].trim().toLowerCase() !== "human") return null; // the build drew a person to move first
  const game = options.get("game") || (store && !linked && store.getItem("iriri.game")) || "iriri";
  if (store && !linked && store.getItem(savedKey(game))) return null; // the saved game comes
  return startPicture(game, seats.length, canvasBox());
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
