// What the page holds between events (never game state: that is Python's),
// and the one way to Python: ``send`` an event and show the view it
// returns, ``ask`` for what the view does not carry (web/main.py, export).

import { $ } from "./dom.js";
import { render } from "./render.js";
import { endReview } from "./review.js";
import { fitTurn } from "./layout.js";
import { beforeReady } from "./loading.js";

export const page = {
  handle: null, // Python: event JSON -> view JSON
  exporter: null, // Python: a request of the Share menu in, its answer out (web/main.py, export)
  view: null, // the last view shown
  review: null, // a move of the list being looked at: {move, scene, status}
  keyTarget: null, // the canvas target the arrow keys are on
  dragging: null, // {from, x, y, drops}: a piece on its way under the pointer
  pythonStarted: false,
  early: [], // what to do once Python is ready (asked for before it was)
};

export function send(event) {
  if (event.type !== "resize") endReview();
  if (!page.handle) {
    beforeReady(event);
    return;
  }
  let json;
  try {
    json = page.handle(JSON.stringify(event));
  } catch (error) {
    // A bug, not a refused move (those come back as view.message): say so, keep the table.
    console.warn(error);
    $("message").textContent = "Something went wrong inside the game; the table is as it was. " +
      "If it keeps happening, start a new game.";
    fitTurn();
    return;
  }
  render(json);
}

export function sendCommand(name) {
  send({ type: "command", name });
}

/** Ask Python for what the view does not carry (see web/main.py, export):
 * the game as saved and shared, pictures and files. */
export function ask(request) {
  return JSON.parse(page.exporter(JSON.stringify(request)));
}

/** :func:`ask`, once the dialog that asked has been painted (drawing pictures takes a moment). */
export async function exported(request) {
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  return ask(request);
}
