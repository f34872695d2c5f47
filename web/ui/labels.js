// The words that say what the table is: the game's goal, in the line above
// the status, and what a part of the board is (a shape's label, docs/page-scene.md
// "The scene"), shown over the canvas while the mouse rests on it or a
// finger presses it long. A long press shows the words and taps nothing.

import { labelAt } from "../painter.js";
import { $ } from "./dom.js";
import { page } from "./state.js";

/** How long a finger rests on the board before its words show. */
export const LONG_PRESS_MS = 500;
/** How long the mouse rests on a part of the board before its words show. */
export const HOVER_MS = 400;
/** How far a finger may wander (CSS px) and still be resting. */
const STILL_PX = 10;

let resting = 0; // the mouse's timer
let press = null; // a finger resting: {x, y, timer}
let pressShown = false; // the last press showed words: its release taps nothing

/** The game's goal above the status line ("" leaves the line empty, its
 * height kept: no "Goal:" with nothing after it). */
export function renderGoal(goal) {
  $("game-goal-text").textContent = goal || "";
  $("game-goal").title = goal || "";
  $("game-goal").classList.toggle("empty", !goal);
}

function point(event) {
  const rect = $("canvas").getBoundingClientRect();
  return [event.clientX - rect.left, event.clientY - rect.top];
}

/** Show ``words`` over the canvas near (x, y), above the point (a finger
 * hides what is under it), inside the canvas's box. */
function showTip(words, x, y) {
  const tip = $("canvas-tip");
  if (tip.textContent !== words) tip.textContent = words;
  tip.hidden = false;
  const box = $("canvas").parentElement;
  const width = tip.offsetWidth;
  const height = tip.offsetHeight;
  const left = Math.min(Math.max(4, x - width / 2), box.clientWidth - width - 4);
  const above = y - height - 14;
  const top = above >= 4 ? above : Math.min(y + 24, box.clientHeight - height - 4);
  Object.assign(tip.style, { left: `${Math.max(4, left)}px`, top: `${Math.max(4, top)}px` });
}

export function hideTip() {
  $("canvas-tip").hidden = true;
}

/** Whether the press just released showed words (then it is not a tap);
 * asked once per release (web/ui/drag.js). */
export function tookPress() {
  const took = pressShown;
  pressShown = false;
  return took;
}

function labelUnder(x, y) {
  return page.view && !page.review ? labelAt(page.view.scene, x, y) : null;
}

function endPress() {
  if (press) clearTimeout(press.timer);
  press = null;
}

export function wireLabels() {
  const canvas = $("canvas");
  canvas.addEventListener("pointermove", (event) => {
    if (event.pointerType === "mouse") {
      // The words come once the mouse rests, as a title's do, and go when it moves off them.
      const [x, y] = point(event);
      const words = event.buttons ? null : labelUnder(x, y);
      clearTimeout(resting);
      if (words !== $("canvas-tip").textContent) hideTip();
      if (words) resting = setTimeout(() => showTip(words, x, y), HOVER_MS);
    } else if (press) {
      const [x, y] = point(event);
      if (Math.hypot(x - press.x, y - press.y) > STILL_PX) endPress();
    }
  });
  canvas.addEventListener("pointerleave", (event) => {
    if (event.pointerType !== "mouse") return;
    clearTimeout(resting);
    hideTip();
  });
  canvas.addEventListener("pointerdown", (event) => {
    clearTimeout(resting);
    hideTip();
    endPress();
    pressShown = false;
    if (event.pointerType === "mouse") return;
    const [x, y] = point(event);
    const words = labelUnder(x, y);
    if (!words) return;
    press = {
      x, y, timer: setTimeout(() => {
        press = null;
        pressShown = true;
        showTip(words, x, y);
      }, LONG_PRESS_MS),
    };
  });
  canvas.addEventListener("pointerup", endPress);
  canvas.addEventListener("pointercancel", endPress);
  // A long press shows the words, not the browser's menu.
  canvas.addEventListener("contextmenu", (event) => {
    if (pressShown || press) event.preventDefault();
  });
  // The words of a long press stay until the next touch anywhere.
  document.addEventListener("pointerdown", (event) => {
    if (event.target !== canvas) hideTip();
  });
}
