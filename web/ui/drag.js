// The pointer on the canvas: a press and release on one target is a tap; a
// press on a piece the person may drag, moved, drags it over the places it
// may go (lit up) and drops it; on touch, only such a drag keeps the swipe
// from scrolling the page.

import { targetAt } from "../painter.js";
import { $ } from "./dom.js";
import { page, ask } from "./state.js";
import { queuePaint, settle } from "./table.js";
import { sendTap, tell, tapTooSoon } from "./input.js";
import { tookPress } from "./labels.js";

let pressed = null;
let pressedAt = [0, 0];

function scenePoint(event) {
  const rect = $("canvas").getBoundingClientRect();
  return [event.clientX - rect.left, event.clientY - rect.top];
}

export function wireDrag() {
  const canvas = $("canvas");
  canvas.addEventListener("pointerdown", (event) => {
    if (!page.view) return;
    settle();
    canvas.setPointerCapture(event.pointerId);
    pressed = targetAt(page.view.scene, ...scenePoint(event));
    page.dragging = null;
    pressedAt = scenePoint(event);
  });
  canvas.addEventListener("pointermove", (event) => {
    const view = page.view;
    if (!(event.buttons & 1) && page.dragging) {
      pressed = page.dragging = null; // released where the canvas did not hear it
      queuePaint();
    }
    if (!view || page.review || !pressed || !view.draggable.includes(pressed)) return;
    const [x, y] = scenePoint(event);
    if (!page.dragging) {
      if (Math.hypot(x - pressedAt[0], y - pressedAt[1]) < 6) return;
      page.dragging = { from: pressed, drops: new Set(ask({ kind: "drops", from: pressed }).targets) };
    }
    Object.assign(page.dragging, { x, y });
    queuePaint();
  });
  canvas.addEventListener("pointerup", (event) => {
    const from = pressed;
    const dragged = Boolean(page.dragging);
    pressed = null;
    if (page.dragging) {
      page.dragging = null;
      queuePaint();
    }
    const view = page.view;
    if (!view || page.review || tookPress()) return; // (a long press shows what is there: web/ui/labels.js)
    const target = targetAt(view.scene, ...scenePoint(event));
    if (tapTooSoon()) {
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
    pressed = page.dragging = null;
    queuePaint();
  });
  // Touch: swipes scroll the page (touch-action: pan-y), except a drag that
  // starts on a piece the player may drag, which moves the piece.
  canvas.addEventListener("touchstart", (event) => {
    const touch = event.touches[0];
    if (!page.view || !touch) return;
    const rect = canvas.getBoundingClientRect();
    const target = targetAt(page.view.scene, touch.clientX - rect.left, touch.clientY - rect.top);
    if (target && page.view.draggable.includes(target)) event.preventDefault();
  }, { passive: false });
}
