// Games kept aside by the storage rules (the package's saves, through web/main.py): the game a
// link or a file replaced (offered back by a banner and the Share menu), saves that
// could not be read (offered as a download), and the line that offers the two ways out
// when another tab saved this game (its game, or this tab's). Python says when and
// what; this shows it and sends the choice.

import { $, download } from "./dom.js";
import { contract } from "./contract.js";

let damaged = null; // the damaged saves, as a JSON list of texts
let previous = null; // the game a link replaced, as a saved match
let bannerGame = null; // the game whose table the line offering it back stands over

/** Damaged saves are kept: offer them as a download. */
export function offerDamaged(text) {
  damaged = text;
  $("damaged-button").hidden = false;
}

/** A link replaced a game in progress: offer to go back to it (with
 * ``banner``, in a line over the table of that game too). */
export function offerPrevious(text, banner = false) {
  previous = text;
  $("previous-button").hidden = false;
  if (!banner) return;
  try {
    bannerGame = JSON.parse(text).record.game;
  } catch {
    bannerGame = null;
  }
  $("previous-banner").hidden = false;
}

/** The line offering the game kept back stands over the table of that
 * game while it is being played: another game picked, or this one over,
 * puts it away (Share ▸ Back to the game I had still offers it). */
export function renderPrevious(view) {
  if (!$("previous-banner").hidden && (view.setup.game !== bannerGame || view.state.over)) {
    $("previous-banner").hidden = true;
  }
}

/** The game kept before is back on the table: nothing to go back to. */
export function forgetPrevious() {
  previous = null;
  $("previous-button").hidden = $("previous-banner").hidden = true;
}

/** Another tab saved this game since this one did: the line with Python's
 * ``words`` (the view's ``other_tab``) and a button for each way out, or,
 * with none, no line. */
export function renderOtherTab(words) {
  $("other-tab-text").textContent = words || "";
  $("other-tab-banner").hidden = !words;
}

/** The choices' buttons, sent to Python by ``send`` (the bridge, web/ui/bridge.js). */
export function wireKept(send) {
  // Either choice keeps the game not taken (Python's saves.py, Shelf.settle), so neither asks first.
  $("other-tab-theirs").addEventListener("click", () => send({ type: "other-tab", keep: "theirs" }));
  $("other-tab-mine").addEventListener("click", () => send({ type: "other-tab", keep: "mine" }));
  $("damaged-button").addEventListener("click", () => download(contract.saves.damaged_file, damaged));
  $("previous-button").addEventListener("click", () => {
    $("share-menu").removeAttribute("open");
    // Not asked first: a game in progress that it replaces is kept in turn, and offered back.
    send({ type: "import", text: previous }); // once it is back, Python forgets it (forgetPrevious)
  });
  $("previous-back").addEventListener("click", () => $("previous-button").click());
  $("previous-dismiss").addEventListener("click", () => ($("previous-banner").hidden = true));
}
