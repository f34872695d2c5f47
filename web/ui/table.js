// The canvas: the live table (or the move looked at) painted once per frame
// asked for; pieces that moved glide to their places; the keyboard's place
// is ringed; a piece dragged (web/ui/drag.js follows the pointer) is drawn on
// top, over the place it would go.

import { paint, targetBoxes, targetAt, drawShape, motion } from "../painter.js";
import { $, html, canvasBox } from "./dom.js";
import { mark } from "./contract.js";
import { page } from "./state.js";

const MOVE_MS = 260; // how long a piece takes to move
const stillMotion = matchMedia("(prefers-reduced-motion: reduce)");
let paintQueued = false;
let livePainted = false; // whether the live table (not a picture) has been painted
let painted = null; // the live scene painted last
let moving = null; // {plan, scene, start}: pieces on their way
let animations = 0; // how many moves were animated (for tests)

export function queuePaint() {
  if (paintQueued) return;
  paintQueued = true;
  requestAnimationFrame(() => {
    paintQueued = false;
    if (!page.view) return;
    paintTable();
    // The live table's first frame ends the start (the bench counts long tasks from here).
    if (html.dataset.ready && !livePainted) {
      livePainted = true;
      mark("live");
    }
  });
}

/** The table (or the move looked at): pieces that moved glide there, a
 * dragged piece follows the pointer over the places it may go, and the
 * keyboard's place is ringed. */
function paintTable() {
  const canvas = $("canvas");
  if (page.review) {
    fitCanvas(canvas, null);
    paint(canvas, page.review.scene, canvasBox());
    painted = null;
    return;
  }
  const scene = page.view.scene;
  if (scene !== painted) follow(canvas, scene);
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
  if (page.dragging) paintDrag(canvas, scene);
  if (page.keyTarget && document.activeElement === canvas) {
    const box = targetBoxes(scene)[page.keyTarget];
    if (box) outline(canvas, box, "#1d4ed8");
  }
}

/** The canvas as large as ``scene`` where that is larger than its box (a
 * table drawn for a finger: the package's finger.py), its box scrolling it;
 * else (or with no scene: a picture) filling the box. */
function fitCanvas(canvas, scene) {
  const box = canvas.parentElement;
  const larger = scene && (scene.width > box.clientWidth + 0.5 || scene.height > box.clientHeight + 0.5);
  const width = larger ? `${scene.width}px` : "";
  const height = larger ? `${scene.height}px` : "";
  if (canvas.style.width !== width || canvas.style.height !== height) {
    canvas.style.width = width;
    canvas.style.height = height;
  }
  box.classList.toggle("scrolls", Boolean(larger));
}

/** Follow the action on a table larger than its box: scroll the box, as
 * little as will do, to show the scene's focus (the next tap a hint rings). */
function follow(canvas, scene) {
  fitCanvas(canvas, scene);
  if (scene.focus) reveal(scene.focus);
}

/** Scroll the canvas's box, if it scrolls, as little as will show the scene box ``[x, y, w, h]``. */
export function reveal([x, y, w, h]) {
  const box = $("canvas").parentElement;
  if (!box.classList.contains("scrolls")) return;
  const margin = 12;
  const into = (start, size, seen, scroll) =>
    start - margin < scroll ? start - margin : start + size + margin > scroll + seen ? start + size + margin - seen : scroll;
  box.scrollTo({
    left: Math.max(0, into(x, w, box.clientWidth, box.scrollLeft)),
    top: Math.max(0, into(y, h, box.clientHeight, box.scrollTop)),
    behavior: "instant",
  });
}

/** A piece the player asked to see at once (a tap, a key): no more gliding. */
export function settle() {
  if (moving) moving.start = -Infinity;
}

/** How many moves the table has shown moving, whether pieces are moving
 * now, and whether a frame is asked for and not yet painted (a new view
 * starts its glide at that frame). */
export const motionNow = () => ({ animations, moving: Boolean(moving), due: paintQueued });

/** A ring of ``colour`` round the scene box ``box`` (the keyboard's place, a drag's drop place). */
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
  const dragging = page.dragging;
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
