// Paints a scene (docs/page-scene.md, "The scene") on a canvas and finds the target
// under a point. It knows shapes, not rules: the scene comes from Python.

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

function tracePath(ctx, shape) {
  ctx.beginPath();
  switch (shape.type) {
    case "rect":
      if (shape.radius) ctx.roundRect(shape.x, shape.y, shape.w, shape.h, shape.radius);
      else ctx.rect(shape.x, shape.y, shape.w, shape.h);
      break;
    case "circle":
      ctx.arc(shape.x, shape.y, shape.r, 0, 2 * Math.PI);
      break;
    case "polygon":
    case "line":
      shape.points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      if (shape.type === "polygon") ctx.closePath();
      break;
  }
}

/** Draw one shape (a "piece" marker draws nothing), its alpha times ``fade``. */
export function drawShape(ctx, shape, fade = 1) {
  if (shape.type === "piece") return; // a marker: the shapes after it are one piece
  ctx.globalAlpha = (shape.alpha ?? 1) * fade;
  if (shape.type === "text") {
    ctx.font = `${shape.weight === "bold" ? "bold " : ""}${shape.size}px ${FONT}`;
    ctx.textAlign = shape.align || "left";
    ctx.textBaseline = "middle";
    ctx.fillStyle = shape.fill || "#000";
    ctx.fillText(shape.text, shape.x, shape.y);
    return;
  }
  tracePath(ctx, shape);
  if (shape.fill && shape.type !== "line") {
    ctx.fillStyle = shape.fill;
    ctx.fill();
  }
  if (shape.stroke) {
    ctx.strokeStyle = shape.stroke;
    ctx.lineWidth = shape.width ?? 1;
    ctx.setLineDash(shape.dash || []);
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

/** Draw `scene` on `canvas`, sharp on high-density screens (`ratio` device
 * pixels to a CSS pixel). A scene drawn for another size (a picture) is
 * scaled to fit `box` and centred in it. */
export function paint(canvas, scene, box = scene, ratio = window.devicePixelRatio || 1, motion = null, t = 1) {
  const width = Math.round(box.width * ratio);
  const height = Math.round(box.height * ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const scale = Math.min(box.width / scene.width, box.height / scene.height);
  const left = (box.width - scene.width * scale) / 2;
  const top = (box.height - scene.height * scale) / 2;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, box.width, box.height);
  ctx.setTransform(ratio * scale, 0, 0, ratio * scale, ratio * left, ratio * top);
  if (!motion || t >= 1) {
    for (const shape of scene.shapes) drawShape(ctx, shape);
  } else {
    drawMoving(ctx, scene, motion, t);
  }
  ctx.globalAlpha = 1;
}

// ------------------------------------------------------------------ motion

/** The pieces of a scene (the shapes after each "piece" marker). */
function pieces(scene) {
  const out = [];
  scene.shapes.forEach((shape, i) => {
    if (shape.type === "piece") out.push({ ...shape, start: i + 1 });
  });
  return out;
}

/** How the pieces got from ``before`` to ``after`` (two scenes of one size),
 * or null if nothing moved: pieces of a kind are paired nearest first; a
 * piece with no partner flies in from the nearest piece of its kind, or
 * fades in, and one that is gone fades out. */
export function motion(before, after) {
  if (!before || before.width !== after.width || before.height !== after.height) return null;
  const olds = pieces(before);
  const news = pieces(after);
  const pairs = [];
  news.forEach((n, j) => olds.forEach((o, i) => {
    if (o.key === n.key) pairs.push([Math.hypot(o.x - n.x, o.y - n.y) + Math.abs(o.size - n.size), i, j]);
  }));
  pairs.sort((a, b) => a[0] - b[0]);
  const from = new Map(); // new piece index -> old piece
  const used = new Set();
  for (const [, i, j] of pairs) {
    if (used.has(i) || from.has(j)) continue;
    used.add(i);
    from.set(j, olds[i]);
  }
  const moves = [];
  news.forEach((n, j) => {
    let o = from.get(j);
    if (!o) {
      const kin = olds.filter((p) => p.key === n.key);
      o = kin.sort((a, b) => Math.hypot(a.x - n.x, a.y - n.y) - Math.hypot(b.x - n.x, b.y - n.y))[0];
      if (!o) {
        moves.push({ piece: n, appear: true });
        return;
      }
    }
    if (Math.abs(o.x - n.x) > 0.5 || Math.abs(o.y - n.y) > 0.5 || Math.abs(o.size - n.size) > 0.5) {
      moves.push({ piece: n, x: o.x, y: o.y, k: o.size / (n.size || 1) });
    }
  });
  const gone = olds.filter((_, i) => !used.has(i));
  if (!moves.length && !gone.length) return null;
  return { moves, gone, before };
}

/** ``after`` part way (``t`` from 0 to 1) through ``plan``: moving pieces on top. */
function drawMoving(ctx, scene, plan, t) {
  const e = 1 - (1 - t) ** 3; // fast, then settling
  const moving = new Map(plan.moves.map((m) => [m.piece.start, m]));
  const skip = new Set();
  for (const m of plan.moves) for (let i = 0; i < m.piece.count; i++) skip.add(m.piece.start + i);
  scene.shapes.forEach((shape, i) => skip.has(i) || drawShape(ctx, shape));
  for (const g of plan.gone) {
    for (let i = 0; i < g.count; i++) drawShape(ctx, plan.before.shapes[g.start + i], 1 - e);
  }
  for (const [start, m] of moving) {
    const { piece } = m;
    ctx.save();
    if (m.appear) {
      ctx.translate(piece.x, piece.y);
      ctx.scale(0.6 + 0.4 * e, 0.6 + 0.4 * e);
      ctx.translate(-piece.x, -piece.y);
    } else {
      const k = m.k + (1 - m.k) * e;
      ctx.translate(m.x + (piece.x - m.x) * e, m.y + (piece.y - m.y) * e);
      ctx.scale(k, k);
      ctx.translate(-piece.x, -piece.y);
    }
    for (let i = 0; i < piece.count; i++) drawShape(ctx, scene.shapes[start + i], m.appear ? e : 1);
    ctx.restore();
  }
}

function inside(shape, x, y) {
  switch (shape.type) {
    case "rect":
      return x >= shape.x && x <= shape.x + shape.w && y >= shape.y && y <= shape.y + shape.h;
    case "circle":
      return (x - shape.x) ** 2 + (y - shape.y) ** 2 <= shape.r ** 2;
    case "polygon": {
      let hit = false;
      const pts = shape.points;
      for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
        const [xi, yi] = pts[i];
        const [xj, yj] = pts[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
      }
      return hit;
    }
    default:
      return false;
  }
}

/** The target id of the topmost shape with a target at scene point (x, y), or null. */
export function targetAt(scene, x, y) {
  for (let i = scene.shapes.length - 1; i >= 0; i--) {
    const shape = scene.shapes[i];
    if (shape.target && inside(shape, x, y)) return shape.target;
  }
  return null;
}

/** The label of the topmost labelled shape at scene point (x, y) (what
 * that part of the board is, in words), or null. */
export function labelAt(scene, x, y) {
  for (let i = scene.shapes.length - 1; i >= 0; i--) {
    const shape = scene.shapes[i];
    if (shape.label && inside(shape, x, y)) return shape.label;
  }
  return null;
}

/** Where a target is drawn (the centre of its topmost shape), in scene units, or null. */
export function centreOf(scene, target) {
  for (let i = scene.shapes.length - 1; i >= 0; i--) {
    const s = scene.shapes[i];
    if (s.target !== target) continue;
    if (s.type === "rect") return [s.x + s.w / 2, s.y + s.h / 2];
    if (s.type === "circle") return [s.x, s.y];
  }
  return null;
}

/** Every target's tap area, in scene units: the box of the largest shape
 * that carries it, {target: {x, y, w, h}} (for tests, which measure them). */
export function targetBoxes(scene) {
  const boxes = {};
  for (const s of scene.shapes) {
    if (!s.target) continue;
    const box = s.type === "rect" ? { x: s.x, y: s.y, w: s.w, h: s.h }
      : s.type === "circle" ? { x: s.x - s.r, y: s.y - s.r, w: 2 * s.r, h: 2 * s.r } : null;
    const kept = boxes[s.target];
    if (box && (!kept || box.w * box.h > kept.w * kept.h)) boxes[s.target] = box;
  }
  return boxes;
}

/** Whether anything but the background has been drawn: a smoke check for tests. */
export function isBlank(canvas) {
  const ctx = canvas.getContext("2d");
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const first = data.slice(0, 4).join();
  for (let i = 0; i < data.length; i += 4 * 97) {
    if (data.slice(i, i + 4).join() !== first) return false;
  }
  return true;
}
