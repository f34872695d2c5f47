// The page's fit around the table: the turn's words keep one height (what
// does not fit opens whole from a tap), no row of controls is wider than the
// screen, and a move picked from the list brings the table into view.

import { $, clear } from "./dom.js";
import { page } from "./state.js";

/** The turn's words keep one height all game (style.css, .turn-bar), so
 * the board never moves: where they do not fit, a tap on them (#turn-more)
 * opens them whole (#turn-all). */
export function fitTurn() {
  const bar = $("turn-bar");
  const news = $("news-line");
  const over = (node) => node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1;
  const cut = over(bar) || over($("game-goal")) || (!page.review && over(news));
  $("turn-more").hidden = !cut;
  if ($("turn-all").matches(":popover-open")) {
    if (cut) fillTurnAll();
    else $("turn-all").hidePopover();
  }
}

/** The words of the turn bar, whole, in the box a tap on them opens. */
function fillTurnAll() {
  const review = page.review;
  $("turn-all-goal").textContent = $("game-goal").textContent;
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
export function fitControls() {
  const row = $("controls");
  row.classList.remove("tight", "tighter", "wraps");
  for (const step of ["tight", "tighter", "wraps"]) {
    if (row.scrollWidth <= row.clientWidth + 1) return;
    row.classList.add(step);
  }
}

/** The table, brought into view where it is not (a move picked from the
 * list beside or below it), scrolling as little as that takes. */
export function showTable() {
  const box = $("canvas").getBoundingClientRect();
  if (box.top < -1 || box.bottom > innerHeight + 1) document.querySelector(".play").scrollIntoView({ block: "nearest" });
}

/** The turn's words fit again when the window changes; the box of all of
 * them opens under the turn bar, as wide. */
export function wireLayout() {
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
}
