// The page's JavaScript starts here: it wires the modules of web/ui/ (each
// says at its top what it owns; docs/page-layers.md lists them and their floors),
// handing the bridge to Python (web/ui/bridge.js) to the parts of the view
// under it that send an event; waits for the picture before Python
// (web/ui/before.js, which the page runs first), and starts Python at once
// or when the reader of an embed presses Play. It holds no game state and knows no rules or games:
// what it must know of them is in the page contract (web/ui/contract.js).

import { $, html, embedded, figureLink, startsNow, fullSiteURL } from "./ui/dom.js";
import { page } from "./ui/state.js";
import { send } from "./ui/bridge.js";
import { startPython } from "./ui/loading.js";
import { renderFigure } from "./ui/render.js";
import { wireLayout } from "./ui/layout.js";
import { wireInput } from "./ui/input.js";
import { wireDrag } from "./ui/drag.js";
import { wireLabels } from "./ui/labels.js";
import { wireReview } from "./ui/review.js";
import { wireCoach } from "./ui/coach.js";
import { wireDialogs } from "./ui/newgame.js";
import { wireSharing, fullSiteLink } from "./ui/share.js";
import { wireKept } from "./ui/kept.js";
import { wireLearn } from "./ui/learn.js";
import { wireSetup } from "./ui/setup.js";
import { wireFriend } from "./ui/friend.js";
import { wireBackup } from "./ui/backup.js";
import { wireCheck } from "./ui/check.js";
import { wireEmbed } from "./ui/embed.js";
import { watchForUpdates } from "./ui/offline.js";
import { pictureShown, shown } from "./ui/before.js";
import "./ui/api.js";

async function start() {
  // Python's snapshot (web/pyodide/boot.mjs) downloads and unpacks off this
  // thread meanwhile: asked for first, as the page will start Python.
  if (startsNow) import("./pyodide/boot.mjs").catch(() => {}); // (a failure is told when PyScript imports it)
  wireDrag();
  wireLabels();
  wireInput();
  wireDialogs();
  wireReview(send);
  wireCoach(send);
  wireLayout();
  wireSharing();
  wireKept(send);
  wireLearn(send);
  wireSetup(send);
  wireFriend(send);
  wireBackup();
  wireCheck();
  watchForUpdates();
  renderFigure(figureLink);
  if (embedded) {
    $("full-link").href = $("loading-escape-link").href = fullSiteURL();
    $("full-link").hidden = false;
    // The game as the frame shows it now, worked out when the link is about to be used.
    for (const when of ["pointerenter", "pointerdown", "focus", "click"]) {
      $("full-link").addEventListener(when, () => page.view && ($("full-link").href = fullSiteLink(page.view)));
    }
    wireEmbed(send);
  }
  await pictureShown; // first, for the picture is small and starting Python keeps the page busy
  if (startsNow) {
    startPython();
  } else if (page.pythonStarted) {
    // a command from the host page came first, and started the game
  } else if (figureLink && shown.picture) {
    // A figure from its pictures: nothing to load until Next goes past them.
    // Previous and Next step through the pictures without Python, once the
    // page's buttons are wired (this module comes after the picture's).
    $("undo-button").inert = $("redo-button").inert = false;
    html.dataset.still = "1";
  } else {
    html.dataset.waiting = "1";
    $("play-button").textContent = figureLink ? "▶ Show the figure" : "▶ Play";
    $("play-button").hidden = false;
    $("loading").addEventListener("click", () => startPython());
  }
}

start();
