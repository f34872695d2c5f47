// Keys, buttons and taps into events for Python: the canvas from the
// keyboard, the buttons that carry a command, a move or a move to look at,
// the move typed, Undo and Redo keys, the game picker, and the canvas's
// size. A tap just after a move is not taken (the table changed under it).

import { targetBoxes } from "../painter.js";
import { $, canvasBox, resizeEvent } from "./dom.js";
import { NS } from "./contract.js";
import { page } from "./state.js";
import { send, sendCommand } from "./bridge.js";
import { fitTurn, showTable } from "./layout.js";
import { queuePaint, settle } from "./table.js";
import { showReview, stepReview, endReview } from "./review.js";
import { paintPicture } from "./before.js";

const QUIET_MS = window[`${NS}QuietMs`] || 350; // a test of quick taps lengthens it: a loaded machine's taps come slowly
let quietUntil = 0; // taps are ignored until then, after a tap that played a move

/** Whether a tap comes too soon after one that played a move. */
export const tapTooSoon = () => performance.now() < quietUntil;

export function sendTap(event) {
  const before = page.view.state.cursor;
  send(event);
  // A move changes the table under the pointer (the ring closes up): a second
  // tap of a double tap must not act on whatever slid there.
  if (page.view.state.cursor !== before) quietUntil = performance.now() + QUIET_MS;
}

/** Say why a tap or a drag did nothing (the page's own news, until the next view). */
export function tell(text) {
  const message = $("message");
  message.textContent = text;
  message.classList.add("news");
  fitTurn();
}

/** The canvas from the keyboard: the arrow keys go to the nearest target
 * that way, Enter or Space taps it, Escape lets it go. */
function canvasKey(event) {
  const view = page.view;
  if (!view || page.review) return;
  settle();
  const boxes = targetBoxes(view.scene);
  const names = Object.keys(boxes);
  if (!names.length) return;
  const centre = (name) => [boxes[name].x + boxes[name].w / 2, boxes[name].y + boxes[name].h / 2];
  const ways = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (event.key in ways) {
    event.preventDefault();
    if (!(page.keyTarget in boxes)) {
      page.keyTarget = names.find((name) => view.draggable.includes(name)) || names[0];
    } else {
      const [dx, dy] = ways[event.key];
      const [x0, y0] = centre(page.keyTarget);
      let best = null;
      let bestScore = Infinity;
      for (const name of names) {
        const [x, y] = centre(name);
        const along = (x - x0) * dx + (y - y0) * dy;
        if (along <= 1) continue;
        // The nearest that way: on a hex board, Down from c3 goes to b2 or b3, not past them to a2.
        const across = (x - x0) * dy - (y - y0) * dx;
        const score = along + (across * across) / along;
        if (score < bestScore) [best, bestScore] = [name, score];
      }
      if (best) page.keyTarget = best;
    }
    queuePaint();
  } else if ((event.key === "Enter" || event.key === " ") && page.keyTarget in boxes) {
    event.preventDefault();
    const target = page.keyTarget;
    sendTap({ type: "tap", target });
    if (!(target in targetBoxes(page.view.scene))) page.keyTarget = null;
    queuePaint();
  } else if (event.key === "Escape" && page.keyTarget) {
    page.keyTarget = null;
    queuePaint();
  }
}

/** The page's keys: looking back, the arrows step, Home and End go to the
 * start and the last move, Escape goes back; Ctrl+Z undoes, Ctrl+Y (or
 * Ctrl+Shift+Z) redoes. */
function pageKey(event) {
  if (event.target.closest("input, select, textarea, dialog, [popover]")) return;
  const review = page.review;
  if (review && !(event.ctrlKey || event.metaKey || event.altKey)) {
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
}

export function wireInput() {
  const canvas = $("canvas");
  canvas.addEventListener("keydown", canvasKey);
  canvas.addEventListener("focus", queuePaint);
  canvas.addEventListener("blur", queuePaint);

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.review) {
      showReview(Number(button.dataset.review));
      if (page.review) showTable();
    } else if (button.dataset.command) sendCommand(button.dataset.command);
    else if (button.dataset.move) send({ type: "move", text: button.dataset.move });
  });

  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("move-input");
    const text = input.value.trim();
    if (!text) return;
    send({ type: "move", text });
    if (!page.view.message) input.value = "";
  });

  document.addEventListener("keydown", pageKey);

  $("game-picker").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-game]");
    if (!button || !page.view || button.dataset.game === page.view.setup.game) return;
    send({ type: "game", name: button.dataset.game });
  });

  let resizeQueued = false;
  new ResizeObserver(() => {
    if (resizeQueued) return;
    resizeQueued = true;
    requestAnimationFrame(() => {
      resizeQueued = false;
      const box = canvasBox();
      if (!page.handle) paintPicture();
      else if (box.width > 0 && box.height > 0) send(resizeEvent());
    });
  }).observe(canvas.parentElement);
}
