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
  const cut = cutShort(bar) || cutShort($("game-goal")) || (!page.review && cutShort(news));
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

/** Whether ``node``'s words do not all fit in its box. */
export const cutShort = (node) => node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1;

/** ``popover`` (the words of ``anchor`` whole) opens over ``anchor``, as
 * wide, filled by ``fill`` first, and raised as far as the screen needs. */
export function opensOver(popover, anchor, fill) {
  popover.addEventListener("beforetoggle", (event) => {
    if (event.newState !== "open") return;
    fill();
    const box = anchor.getBoundingClientRect();
    Object.assign(popover.style, { top: `${Math.max(4, box.top)}px`, left: `${box.left}px`, width: `${box.width}px` });
  });
  popover.addEventListener("toggle", (event) => {
    const over = popover.getBoundingClientRect().bottom - (innerHeight - 4);
    if (event.newState === "open" && over > 0) popover.style.top = `${Math.max(4, popover.offsetTop - over)}px`;
  });
}

/** The turn's words fit again when the window changes; the box of all of
 * them opens over the turn bar, as wide. */
export function wireLayout() {
  opensOver($("turn-all"), $("turn-bar"), fillTurnAll);
  addEventListener("resize", () => {
    fitTurn();
    fitControls();
  });
}
