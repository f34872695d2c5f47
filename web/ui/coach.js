// The coach after a game (docs/page-play.md, "The coach"): the game-over panel's
// offer, the side panel that shows the hard bot thinking and then the moves
// that cost the person most, each a button that looks back at that position.

import { $, el, clear } from "./dom.js";
import { page } from "./state.js";
import { showReview } from "./review.js";
import { showTable } from "./layout.js";

let asked = false; // the person asked here: bring the list into view when it is first shown

/** The view's ``coach`` into the game-over panel's offer and the side panel:
 * ``thinking`` (its progress), ``refining`` (the list so far, the hard bot
 * still judging the rest: its progress under the list) or ``done``. */
export function renderCoach(coach) {
  const box = $("coach-box");
  $("over-coach-box").hidden = !coach || coach.state !== "offered";
  if (coach && coach.state === "offered") $("over-coach-text").textContent = coach.text;
  box.hidden = !coach;
  if (!coach) {
    asked = false;
    delete box.dataset.state;
    return;
  }
  box.dataset.state = coach.state;
  $("coach-text").textContent = coach.text;
  $("coach-button").hidden = coach.state !== "offered";
  const working = coach.state === "thinking" || coach.state === "refining";
  const progress = $("coach-progress");
  progress.hidden = !working;
  if (working) {
    progress.max = Math.max(1, coach.total);
    progress.value = coach.done;
  }
  const more = $("coach-more");
  more.hidden = coach.state !== "refining";
  more.textContent = coach.state === "refining" ? coach.progress : "";
  const list = $("coach-moves");
  const moves = coach.moves || [];
  const key = JSON.stringify(moves);
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    clear(list);
    for (const move of moves) list.append(coachEntry(move));
  }
  if (asked && (coach.state === "refining" || coach.state === "done")) {
    asked = false;
    box.scrollIntoView({ block: "nearest" });
  }
}

/** One move of the coach's list: a button that looks back at it. */
function coachEntry(move) {
  const button = el("button", null, { type: "button", class: "coach-move", "data-coach-move": String(move.move) });
  button.append(el("strong", `Turn ${move.turn}`), el("span", move.said), line("It cost you ", move.cost));
  const item = el("li");
  item.append(button);
  return item;
}

function line(label, text) {
  const span = el("span", label);
  span.append(el("b", text));
  return span;
}

/** The position before the person's move, looked at as they saw it, the
 * move played and the hard bot's marked on the board, both told in the status. */
function stepInto(index) {
  const coach = page.view && page.view.coach;
  const move = coach && coach.moves && coach.moves.find((m) => m.move === index);
  if (!move) return;
  // (The status is the sentence, short enough for the turn's four lines on a phone: the cost is in the list.)
  showReview(move.move, true);
  if (page.review) showTable();
}

/** The person asks for the coach: Python starts it (``send``: the bridge to Python, web/ui/bridge.js). */
function ask(send) {
  asked = true;
  if ($("over-dialog").open) $("over-dialog").close();
  send({ type: "command", name: "coach" });
  $("coach-box").scrollIntoView({ block: "nearest" });
}

export function wireCoach(send) {
  $("over-coach").addEventListener("click", () => ask(send));
  $("coach-button").addEventListener("click", () => ask(send));
  $("coach-moves").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-coach-move]");
    if (button) stepInto(Number(button.dataset.coachMove));
  });
}
