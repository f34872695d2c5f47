// The bridge to Python: ``send`` an event to Python and render the view it
// returns. It sits above what it calls (render.js and the parts of the view
// under it); the modules above it import it, and the parts of the view that
// send an event (their own buttons) are handed it by ui.js when it wires them.

import { $ } from "./dom.js";
import { page } from "./state.js";
import { render } from "./render.js";
import { endReview } from "./review.js";
import { fitTurn } from "./layout.js";
import { beforeReady } from "./loading.js";

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
