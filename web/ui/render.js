// Rendering: each view Python sends (docs/page-events.md, "The view") into the
// page's words, lists, buttons and covers; the canvas is table.js's, the
// game's name and rules game.js's. The first view makes the page ready.

import { renderFriend } from "./friend.js";
import { $, html, el, clear } from "./dom.js";
import { mark } from "./contract.js";
import { page, redone } from "./state.js";
import { renderPlayers, renderScores } from "./players.js";
import { loading } from "./loading.js";
import { renderGame } from "./game.js";
import { fitTurn, fitControls } from "./layout.js";
import { renderLearning } from "./learn.js";
import { renderSetup, renderMaking } from "./setup.js";
import { queuePaint } from "./table.js";
import { endReview, markReviewed } from "./review.js";
import { renderCoach } from "./coach.js";
import { tellHost } from "./embed.js";
import { renderGoal } from "./labels.js";
import { renderOtherTab, renderPrevious } from "./kept.js";
import { startServiceWorker, SERVICE_WORKER_DELAY_MS } from "./offline.js";

function renderPreview(preview) {
  const box = $("preview");
  clear(box);
  if (!preview) return;
  // The presenter describes the line (docs/page-events.md, "preview"): words, a word marked ok or no, move text.
  for (const part of preview.parts) {
    if (!part.kind) box.append(part.text);
    else if (part.kind === "code") box.append(el("code", part.text, part.title ? { title: part.title } : {}));
    else box.append(el("span", part.text, { class: part.kind }));
  }
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
  if (!page.review) list.scrollTop = list.scrollHeight;
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
    if (c.name === "pass") button.setAttribute("aria-describedby", "status"); // (the status says why)
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
    $("next-round-button").textContent = round.button || "";
    $("next-round-button").hidden = !round.button; // (none after a lesson's last move)
  }
}

export function render(json) {
  const hadActionFocus = document.activeElement && document.activeElement.closest("#actions");
  const before = page.view;
  const view = (page.view = JSON.parse(json));
  const sameGame = before && before.state.opened === view.state.opened; // (not another game put on the table)
  if (!before || before.state.cursor !== view.state.cursor || !sameGame) page.keyTarget = null;
  if (!sameGame || view.state.length < before.state.length) endReview(); // (moves looked at may be gone)
  renderGame(view.setup);
  html.toggleAttribute("data-previews", view.setup.previews);
  $("status").textContent = page.review ? page.review.status : view.status;
  renderGoal(view.goal);
  $("last-move").textContent = view.last;
  const players = page.review || view; // (a move looked at keeps its own players' table)
  renderPlayers(players.columns, players.scores);
  renderPreview(view.preview);
  renderControls(view.controls, view.hint && view.hint.control);
  for (const name of ["undo", "redo", "hint", "draw"]) $(`${name}-button`).disabled = !view.buttons[name];
  $("play-hint-button").hidden = !view.buttons["play-hint"];
  renderCovers(view.cover, view.round);
  renderLearning(view);
  renderSetup(view);
  renderMaking(view);
  $("draw-button").hidden = !view.buttons.draw;
  if (!view.draw_question && $("draw-dialog").open) $("draw-dialog").close();
  $("draw-offer").hidden = !view.draw_offer;
  $("draw-question").textContent = view.draw_offer;
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
  // (A lesson's last move may end the game: the lesson says what it showed.)
  // (A game with a friend by links ends with a link to send, not a panel over the Send button.)
  const byLinks = Boolean(view.friend && view.friend.on_table);
  // (Nor over a puzzle being made, whose panel says what comes next, nor over a position being set up.)
  renderOver(
    view.over,
    view.scores,
    Boolean(played && !before.over && !view.figure && !view.lesson && !byLinks && !view.making && !view.editor),
  );
  renderCoach(view.coach);
  renderOtherTab(view.other_tab);
  renderPrevious(view);
  renderFriend(view);
  // A game that hides pieces: its record holds them, and the Share menu says so before handing it over.
  $("export-button").textContent = view.state.hidden ? "Save as a file (it holds every hand)" : "Save as a file";
  // (The line offering the game left back stays while this game is played: the board must not move.)
  renderFigure(view.figure);
  fitTurn();
  fitControls();
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
  mark("ready");
  setTimeout(startServiceWorker, SERVICE_WORKER_DELAY_MS);
  for (const act of page.early.splice(0)) act();
}

/** A figure's Undo and Redo are Previous and Next. */
export function renderFigure(figure) {
  html.toggleAttribute("data-figure", figure);
  $("undo-button").textContent = figure ? "Previous" : "Undo";
  $("redo-button").textContent = figure ? "Next" : "Redo";
}
