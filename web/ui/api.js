// The page's two doors for scripts: the bridge web/main.py calls (connect,
// render, the games kept aside), and window[namespace] for tests and
// embedders (docs/page-saving.md, "For scripts"), the namespace from the contract.

import { centreOf, isBlank, targetBoxes } from "../painter.js";
import { $, resizeEvent } from "./dom.js";
import { NS } from "./contract.js";
import { page, ask } from "./state.js";
import { send } from "./bridge.js";
import { render } from "./render.js";
import { loadingText } from "./loading.js";
import { motionNow, reveal } from "./table.js";
import { offerDamaged, offerPrevious, forgetPrevious } from "./kept.js";
import { showCheck } from "./check.js";

/** What web/main.py calls (it finds it as window.pageUI). */
window.pageUI = {
  /** Called once by web/main.py with its event handler and the Share menu's
   * exporter; shows the first view. */
  connect(pythonHandle, pythonExport) {
    page.handle = pythonHandle;
    page.exporter = pythonExport;
    loadingText("Ready");
    send(resizeEvent({ width: 900, height: 600 }));
  },
  /** Called by web/main.py when something changed without an event (a bot moved). */
  render,
  /** Called by web/main.py while damaged saves are kept: offer them as a download. */
  offerDamaged,
  /** Called by web/main.py when a link replaced a game in progress: offer to go back to it. */
  offerPrevious,
  /** The game kept before is back on the table: nothing to go back to. */
  forgetPrevious,
  /** Check a game: what the check of a record says, once it is done (web/ui/check.js). */
  showCheck,
};

/** For tests and embedders. */
window[NS] = {
  /** The game as JSON data (docs/page-saving.md): where it stands, its moves and,
   * in a game that hides nothing, its position text, record and share code. */
  state: () => (page.view ? ask({ kind: "state" }) : null),
  /** The page coordinates of a canvas target such as "cell:0,0", or null;
   * on a table larger than its box, the box is scrolled to show it first, as a person would. */
  targetPoint(target) {
    if (!page.view) return null;
    const point = centreOf(page.view.scene, target);
    if (!point) return null;
    const area = targetBoxes(page.view.scene)[target];
    if (area) reveal([area.x, area.y, area.w, area.h]);
    const rect = $("canvas").getBoundingClientRect();
    return { x: rect.left + point[0], y: rect.top + point[1] };
  },
  /** The latest bot decisions, each with the seconds from the start of its thinking to its move. */
  timing: () => (page.view ? structuredClone(page.view.timing) : null),
  /** The canvas targets the person may drag now, and where a drag from one may end. */
  draggable: () => (page.view ? [...page.view.draggable] : []),
  drops: (from) => (page.view ? ask({ kind: "drops", from }).targets : []),
  /** The move looked back at (docs/page-play.md, "Looking back"), or null: ``{move, status, coached}``. */
  review: () =>
    page.review ? { move: page.review.move, status: page.review.status, coached: page.review.coached, marks: page.review.marks } : null,
  /** The scene of the move looked back at, or null. */
  reviewScene: () => (page.review ? structuredClone(page.review.scene) : null),
  /** The canvas target the arrow keys are on, or null. */
  keyTarget: () => page.keyTarget,
  /** How many moves the table has shown moving, whether pieces are moving now, and whether a frame is due. */
  motion: motionNow,
  /** Whether the canvas shows nothing but a blank background. */
  canvasBlank: () => isBlank($("canvas")),
  /** The scene painted on the canvas (docs/page-scene.md, "The scene"), its shapes in canvas coordinates. */
  scene: () => (page.view ? structuredClone(page.view.scene) : null),
  /** The size of the scene shown (the canvas box's, once Python has drawn for it). */
  sceneSize: () => (page.view ? { width: page.view.scene.width, height: page.view.scene.height } : null),
  /** Every canvas target's tap area in page coordinates: {target: {x, y, w, h}}. */
  targets() {
    if (!page.view) return {};
    const rect = $("canvas").getBoundingClientRect();
    const boxes = targetBoxes(page.view.scene);
    for (const box of Object.values(boxes)) Object.assign(box, { x: box.x + rect.left, y: box.y + rect.top });
    return boxes;
  },
};
