// The picture before Python (docs/page-loading.md, "Loading"): the table the page
// opens with, painted from a link's picture, the saved game's or the
// build's start of the game, until Python is ready; a figure steps through
// its pictures with Previous and Next. The page's HTML loads this module on
// its own, ahead of ui.js: the picture waits only for the few modules here.

import { paint } from "../painter.js";
import { decodePicture, readPicture, startPicture } from "../picture.js";
import { $, html, options, embedded, figureLink, canvasBox, fullSiteURL, siteStorage } from "./dom.js";
import { contract, savedKey, mark } from "./contract.js";
import { showGame } from "./game.js";

/** The picture shown until Python is ready (web/picture.js), and its step. */
export const shown = { picture: null, index: 0 };

export function paintPicture() {
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

/** The picture to show first: the link's, else the saved game's, else the
 * build's picture of the start of the game that comes, when the page deals
 * it itself (no record, no position, a person first to move). */
async function findPicture() {
  const code = options.get("picture");
  if (code) return decodePicture(code);
  const store = siteStorage(); // (where the saved game and its picture are)
  const linked = Boolean(location.hash.slice(1));
  const saved = (key) => (store && !linked ? store.getItem(key) : null);
  if (saved(contract.saves.picture)) return readPicture(saved(contract.saves.picture));
  if (options.has("record") || options.has("position")) return null;
  // A game's own setting (a target score) starts a game other than the one the build drew.
  if ([...options.keys()].some((key) => !contract.link_options.includes(key))) return null;
  const seats = (options.get("seats") || contract.seats.default.join(",")).split(",");
  if (seats[0].trim().toLowerCase() !== contract.seats.person) return null; // the build drew a person to move first
  const game = options.get("game") || saved(contract.saves.game) || contract.first_game;
  if (savedKey(game) && saved(savedKey(game))) return null; // the saved game comes
  return startPicture(game, seats.length, canvasBox());
}

/** Paint the picture that shows what the page opens with, if there is one. */
export async function showPicture() {
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
  mark("picture");
}

/** A figure's Previous or Next (``step``, -1 or 1) before Python is ready:
 * the picture before or after; false past them, where Python must start
 * and open the figure at that move. */
export function stepPicture(step) {
  const index = shown.index + step;
  updateStep(shown.picture.first + index);
  if (index >= 0 && index < shown.picture.steps.length) {
    shown.index = index;
    paintPicture();
    return true;
  }
  $("undo-button").inert = $("redo-button").inert = true; // until the game is up
  return false;
}

/** Keep the link's step at ``move``, for Python to open the figure there and
 * for "Open in a new tab". */
function updateStep(move) {
  options.set("step", String(move));
  history.replaceState(null, "", `#${options}`);
  if (embedded) $("full-link").href = $("loading-escape-link").href = fullSiteURL();
}

/** The picture, painted as soon as this module has run (ui.js waits for it before starting Python). */
export const pictureShown = showPicture();
