// Pictures (the package's pictures.py): the table as the scene code drew it,
// packed into a code, which the page paints before Python is ready. This
// reads a code back into scenes the painter draws; it checks what it reads
// as strictly as the package's pictures.decode does, and knows no rules.

const VERSION = "1";
const MAX_CODE = 150_000;
const MAX_JSON = 8_000_000;
const MAX_STEPS = 1000;
const MAX_SHAPES = 20_000;
const PLACED = new Set(["rect", "circle", "text"]);
const KINDS = new Set([...PLACED, "polygon", "line"]);

class PictureError extends Error {}

const isNumber = (value) => typeof value === "number" && Number.isFinite(value);
const isSize = (value) => isNumber(value) && value >= 0;
const optional = (value, check) => value === undefined || check(value);

/** Whether a shape's measures are ones the painter can draw (the package's pictures.py, _unpack). */
function drawable(shape) {
  return optional(shape.fill, (v) => typeof v === "string") && optional(shape.stroke, (v) => typeof v === "string") &&
    optional(shape.width, isSize) && optional(shape.alpha, isSize) && optional(shape.radius, isSize) &&
    optional(shape.dash, (v) => Array.isArray(v) && v.every(isSize)) &&
    (shape.type !== "rect" || (isSize(shape.w) && isSize(shape.h))) &&
    (shape.type !== "circle" || isSize(shape.r)) &&
    (shape.type !== "text" || (typeof shape.text === "string" && isSize(shape.size)));
}

function base64url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function inflate(bytes) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_JSON) {
      reader.cancel();
      throw new PictureError("this picture is too big");
    }
    parts.push(value);
  }
  return new TextDecoder().decode(await new Blob(parts).arrayBuffer());
}

/** A packed scene back as the painter draws it: points from their differences. */
function unpack(scene) {
  if (!scene || !isNumber(scene.width) || !isNumber(scene.height) || !Array.isArray(scene.shapes) ||
      scene.shapes.length > MAX_SHAPES) {
    throw new PictureError("a scene of this picture is damaged");
  }
  let x = 0;
  let y = 0;
  const shapes = scene.shapes.map((shape) => {
    if (!shape || !KINDS.has(shape.type) || !drawable(shape)) throw new PictureError("a shape of this picture is damaged");
    const out = { ...shape };
    if (PLACED.has(shape.type)) {
      if (!isNumber(shape.x) || !isNumber(shape.y)) throw new PictureError("a shape of this picture is damaged");
      x += shape.x;
      y += shape.y;
      out.x = x;
      out.y = y;
    } else {
      if (!Array.isArray(shape.points) || !shape.points.every((p) => Array.isArray(p) && isNumber(p[0]) && isNumber(p[1]))) {
        throw new PictureError("a shape of this picture is damaged");
      }
      out.points = shape.points.map(([dx, dy]) => [(x += dx), (y += dy)]);
    }
    return out;
  });
  return { width: scene.width, height: scene.height, shapes };
}

/** The picture a code holds: {game, label, first, moves, steps: [{text, scene}]}.
 * Throws an Error saying what is wrong with a damaged code. */
export async function decodePicture(code) {
  const dot = code.indexOf(".");
  const version = code.slice(0, dot);
  const body = code.slice(dot + 1);
  if (dot < 1 || !/^[0-9]+$/.test(version)) throw new PictureError("this is not a picture");
  if (version !== VERSION) throw new PictureError(`this picture is version ${version}, newer than this page reads`);
  if (body.length > MAX_CODE || !/^[A-Za-z0-9_-]*$/.test(body)) throw new PictureError("this picture is damaged");
  let text;
  try {
    text = await inflate(base64url(body));
  } catch (error) {
    if (error instanceof PictureError) throw error;
    throw new PictureError("this picture is damaged: it may have been cut short when copied");
  }
  return readPicture(text);
}

/** The picture in the JSON a code holds, uncompressed (the package's pictures.pack):
 * read at once, where unzipping a code waits its turn while the page is busy. */
export function readPicture(text) {
  if (text.length > MAX_JSON) throw new PictureError("this picture is too big");
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new PictureError("this picture is damaged: it is not JSON");
  }
  const { game, label, first, moves, steps } = data || {};
  if (typeof game !== "string" || typeof label !== "string" || !Array.isArray(steps) || steps.length < 1 ||
      steps.length > MAX_STEPS || !steps.every((step) => step && typeof step.text === "string") ||
      !Number.isInteger(first) || first < 0 || !Number.isInteger(moves) || moves < first + steps.length - 1) {
    throw new PictureError("this picture is damaged");
  }
  const unpacked = steps.map((step) => ({ text: step.text, scene: unpack(step.scene) }));
  return { game, label, first, moves, steps: unpacked };
}

/** The build's picture of the start of ``game`` for ``players``, drawn for a
 * box of that shape: what every deal of it has in common (a piece the deal
 * decides is a blank), so it fits whatever seed deals the game. build.py
 * writes pictures.json. Null if there is none. */
export async function startPicture(game, players, box) {
  const shape = box.width >= box.height * 1.15 ? "wide" : "tall";
  // The page holds the picture of the game a first visit opens, unzipped;
  // pictures.json has them all, as codes.
  const inline = JSON.parse(document.getElementById("start-picture")?.textContent || "{}");
  if (inline.game === game && inline.players === players) return readPicture(inline[shape]);
  const response = await fetch(new URL("./pictures.json", document.baseURI));
  const pictures = response.ok ? await response.json() : {};
  const codes = pictures.games?.[game]?.[String(players)];
  return codes ? decodePicture(codes[shape]) : null;
}
