// The host page of an embed (docs/embedding.md, "Messages"): what the game
// tells it (ready, a move, the state, game over) and the commands it may
// send, checked before they are handled like the page's own events.

import { embedded, framed } from "./dom.js";
import { contract } from "./contract.js";
import { page, ask, redone } from "./state.js";
import { startPython } from "./loading.js";

/** The origin of the page this one is embedded in, when it can be known. */
const hostOrigin = (() => {
  if (!embedded || !framed) return null;
  const origin = (location.ancestorOrigins && location.ancestorOrigins[0]) ||
    (document.referrer ? new URL(document.referrer).origin : null);
  return origin && origin !== "null" ? origin : null; // a sandboxed host has no origin to answer
})();

let told = null; // what the host page was last told: {played, cursor, over}

function post(message) {
  if (!hostOrigin) return;
  try {
    window.parent.postMessage({ source: contract.messages.source, ...message }, hostOrigin);
  } catch {
    // the host went away or changed origin: nobody to tell
  }
}

/** Tell the host page of an embed that the game is ready, a move was made
 * (one new move at the end of the game), the game changed otherwise (undo,
 * redo, a new game: "state"), or the game is over. */
export function tellHost(view) {
  if (!hostOrigin) return;
  const { cursor, over } = view.state;
  const played = view.moves.map((move) => move.text).join("\n");
  let asked = null; // the state, asked of Python only when something is told
  const state = () => (asked ??= ask({ kind: "state" }));
  if (!told) post({ event: "ready", state: state() });
  else if (cursor === told.cursor + 1 && played.startsWith(told.played) && !redone(view)) {
    const move = view.moves[cursor - 1];
    post({ event: "move", move: move.text, description: move.description, state: state() });
  } else if (played !== told.played) post({ event: "state", state: state() });
  if (over && !(told && told.over)) post({ event: "gameover", result: view.over.text, state: state() });
  told = { played, cursor, over };
}

const HOST_COMMANDS = {
  move: (data) => typeof data.text === "string" && data.text.length <= 200 && { type: "move", text: data.text },
  new: (data) =>
    Array.isArray(data.seats) && data.seats.length <= contract.seats.most &&
    data.seats.every((seat) => seat && typeof seat.kind === "string" && (seat.level === undefined || typeof seat.level === "string")) &&
    (data.seed === undefined || data.seed === null || Number.isSafeInteger(data.seed)) &&
    (data.game === undefined || typeof data.game === "string") &&
    (data.settings === undefined || (data.settings !== null && typeof data.settings === "object" &&
      !Array.isArray(data.settings) && Object.values(data.settings).every(Number.isSafeInteger))) &&
    { type: "new", seats: data.seats.map((seat) => ({ kind: seat.kind, level: seat.level })), seed: data.seed ?? null,
      ...(data.game === undefined ? {} : { game: data.game }),
      ...(data.settings === undefined ? {} : { settings: Object.fromEntries(Object.entries(data.settings)) }) },
  undo: () => ({ type: "command", name: "undo" }),
  redo: () => ({ type: "command", name: "redo" }),
};

/** Commands from the host page: checked against HOST_COMMANDS, then handled
 * like the page's own events (``send``: the bridge to Python, web/ui/bridge.js). */
function hostMessage(event, send) {
  if (!hostOrigin || event.source !== window.parent || event.origin !== hostOrigin) return;
  const data = event.data;
  if (!data || typeof data !== "object" || data.target !== contract.messages.target) return;
  const make = Object.hasOwn(HOST_COMMANDS, data.command) && HOST_COMMANDS[data.command];
  const command = data.command === "state" || (make && make(data));
  if (!command) {
    post({ event: "error", error: "the message is not a command this game knows (see the embedding guide)" });
    return;
  }
  const act = () => (command === true ? post({ event: "state", state: ask({ kind: "state" }) }) : send(command));
  if (page.view) {
    act();
  } else {
    page.early.push(act); // a command from the host page starts the game; it is carried out once the game is up
    startPython();
  }
}

/** Listen to the host page (an embed only), its commands sent to Python by ``send`` (web/ui/bridge.js). */
export function wireEmbed(send) {
  if (embedded) addEventListener("message", (event) => hostMessage(event, send));
}
