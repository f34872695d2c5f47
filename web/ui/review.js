// Looking back: the table after a move picked from the list, read-only,
// stepped through with the review bar or the keys, until Back to the game.

import { $, html } from "./dom.js";
import { page, ask } from "./state.js";
import { fitTurn, fitControls } from "./layout.js";
import { queuePaint } from "./table.js";
import { renderPlayers } from "./players.js";

/** Show the table after ``move`` moves, read-only, until Back to the game,
 * the players' table as it was then; ``coached``: a move of the coach's
 * list (web/ui/coach.js), seen as the person saw it, the move played and
 * the hard bot's marked, which may be played on from (Play from here). */
export function showReview(move, coached = false) {
  const view = page.view;
  if (!view || move < 0 || move > view.state.length) return;
  if (move === view.state.cursor) {
    endReview();
    return;
  }
  const answer = ask({ kind: "review", move, coached });
  if (answer.error) return;
  page.review = { move, ...answer, coached: Boolean(answer.marks) };
  html.dataset.review = "1";
  $("review-bar").hidden = false;
  $("review-try").hidden = !page.review.coached;
  $("review-first").disabled = $("review-previous").disabled = move === 0;
  $("review-next").disabled = $("review-last").disabled = move >= view.state.length;
  $("status").textContent = page.review.status;
  renderPlayers(answer.columns, answer.scores);
  markReviewed();
  fitTurn();
  fitControls();
  queuePaint();
}

/** Step through the moves while looking back: ``to`` is a move number, or
 * "first", "last"; past the move on the table, back to the game. */
export function stepReview(to) {
  const view = page.view;
  if (!page.review || !view) return;
  const move = to === "first" ? 0 : to === "last" ? view.state.length : to;
  showReview(Math.max(0, Math.min(move, view.state.length)));
  // Keyboard players follow the move looked at in the list.
  const list = $("moves");
  if (page.review && list.contains(document.activeElement)) {
    list.querySelector(`[data-review="${page.review.move}"]`)?.focus();
  }
}

export function endReview() {
  if (!page.review) return;
  page.review = null;
  delete html.dataset.review;
  $("review-bar").hidden = true;
  if (page.view) {
    $("status").textContent = page.view.status;
    renderPlayers(page.view.columns, page.view.scores);
  }
  markReviewed();
  fitTurn();
  fitControls();
  queuePaint();
}

/** The move looked at, marked in the list. */
export function markReviewed() {
  for (const button of $("moves").querySelectorAll("[data-review]")) {
    const here = page.review && Number(button.dataset.review) === page.review.move;
    if (here) button.parentElement.setAttribute("aria-current", "step");
    else button.parentElement.removeAttribute("aria-current");
  }
}

/** The review bar's buttons; ``send``, the bridge to Python (web/ui/bridge.js). */
export function wireReview(send) {
  $("review-back").addEventListener("click", endReview);
  $("review-first").addEventListener("click", () => stepReview("first"));
  $("review-previous").addEventListener("click", () => page.review && stepReview(page.review.move - 1));
  $("review-next").addEventListener("click", () => page.review && stepReview(page.review.move + 1));
  $("review-last").addEventListener("click", () => stepReview("last"));
  // A new game from the coached position (the game coached is kept: Share ▸ Back to the game I had).
  $("review-try").addEventListener("click", () => page.review && send({ type: "coach-try", move: page.review.move }));
}
