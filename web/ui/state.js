// What the page holds between events (never game state: that is Python's),
// and ``ask``, which asks Python for what the view does not carry (web/main.py,
// export). The bottom of the page's modules: it imports none of them.
// Sending an event and rendering its view is the bridge's (bridge.js).

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

/** Whether ``view`` shows a move redone (one step on, but not a move played). */
export function redone(view) {
  return view.announce.startsWith("Redone");
}
