// Sharing: the Share menu's link to the game, the file saved and opened,
// the HTML and wikitext that embed the game, and pictures for a wiki
// (SVG, PNG and a ZIP of every move), each drawn by Python on request.

import { paint } from "../painter.js";
import { $, download, embedWikitext } from "./dom.js";
import { page, ask, exported } from "./state.js";
import { leaveGame } from "./newgame.js";

/** The link options (docs/embedding.md) that show this game: as a figure at
 * the move on the table, or to play on. */
function linkOptions(view, figure) {
  if (view.lesson) return view.lesson.link; // a lesson or a puzzle, from its start
  const record = `record=${ask({ kind: "share" }).code}`;
  // (a position being set up is drawn from its own record, which has no moves yet)
  return figure ? `${record}&mode=figure&step=${view.editor ? 0 : view.state.cursor}` : record;
}

/** ``target`` of the site (relative to this page) with ``fragment`` as its fragment. */
function siteLink(target, fragment) {
  const url = new URL(target, location.href);
  url.hash = fragment;
  return url.href;
}

/** The full site, showing what the embed shows now. */
export function fullSiteLink(view) {
  return siteLink("./", linkOptions(view, view.figure));
}

const sharing = { picture: "", figure: "", files: null };

function fillShareLink() {
  const picture = $("share-picture").checked && !page.view.lesson ? `&picture=${sharing.picture}` : "";
  $("share-link").value = siteLink("", linkOptions(page.view, false) + picture);
  // The position shown, in one line (docs/notation.md): none for a lesson, nor where pieces are hidden.
  const line = page.view.lesson ? null : ask({ kind: "share" }).line;
  $("share-position-box").hidden = !line;
  $("share-position").value = line ? siteLink("", `game=${page.view.state.game}&position=${line}`) : "";
}

function fillEmbed() {
  const view = page.view;
  const figure = document.querySelector("input[name=embed-kind]:checked").value === "figure";
  const picture = view.lesson ? "" : `&picture=${figure ? sharing.figure : sharing.picture}`;
  const fragment = `${linkOptions(view, figure)}${picture}`;
  const kind = view.lesson ? `a lesson, ${view.lesson.title}` : figure ? "a figure" : "a game to play";
  const title = `${view.setup.label}: ${kind}`.replace(/["|{}[\]<>]/g, "");
  const src = siteLink("embed.html", fragment);
  $("embed-html").value =
    `<iframe src="${src}" title="${title}" width="640" height="560" style="border:0" loading="lazy"></iframe>`;
  $("embed-wiki").value = embedWikitext(title, fragment);
  // IFrameTag keeps only src, width, height, style (and sandbox, allowfullscreen) of an iframe:
  // the frame's accessible name goes on a named group around it.
  $("embed-iframetag").value = `<div role="group" aria-label="${title}">` +
    `<iframe src="${src}" width="640" height="560" style="border:0"></iframe></div>`;
}

/** A PNG of ``scene``, twice as sharp as the scene's own pixels. */
function png(scene) {
  const canvas = document.createElement("canvas");
  paint(canvas, scene, scene, 2);
  return canvas;
}

/** Open ``id`` (if it is not open) and run ``work``, which fills it in; its
 * controls wait until then, its note says what is being done, and then
 * what went wrong, if something did. */
async function prepared(id, doing, work) {
  const dialog = $(id);
  const note = dialog.querySelector("[aria-live]");
  const controls = [...dialog.querySelectorAll("button:not([data-close]), input:not([readonly])")];
  for (const control of controls) control.disabled = true;
  note.textContent = doing;
  if (!dialog.open) dialog.showModal();
  try {
    await work();
    if (note.textContent === doing) note.textContent = "";
  } catch (error) {
    console.warn(error);
    note.textContent = `That did not work (${error.message || error}); the game is unchanged.`;
  } finally {
    for (const control of controls) control.disabled = false;
  }
}

async function saveZip() {
  const { files, wikitext } = await exported({ kind: "files", all: true });
  const pngs = Object.fromEntries(files.map((file) => [file.name, png(file.scene).toDataURL("image/png").split(",")[1]]));
  const { zip } = await exported({ kind: "bundle", pngs });
  const bytes = Uint8Array.from(atob(zip), (c) => c.charCodeAt(0));
  download(`${files[0].name.replace(/ move 0$/, "")} pictures.zip`, new Blob([bytes], { type: "application/zip" }));
  $("pictures-gallery").value = wikitext.png;
  $("pictures-note").textContent = `Saved ${files.length} moves; gallery.txt in the ZIP has the wikitext too.`;
}

async function copy(id, note) {
  const field = $(id);
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    $(note).textContent = "Copied.";
  } catch {
    $(note).textContent = "Selected: press Ctrl+C (or ⌘C) to copy.";
  }
}

const closeMenu = () => $("share-menu").removeAttribute("open");

export function wireSharing() {
  $("share-button").addEventListener("click", () => {
    closeMenu();
    $("share-hidden").hidden = !page.view.state.hidden;
    $("share-link").value = "";
    prepared("share-dialog", "Drawing the picture…", async () => {
      sharing.picture = (await exported({ kind: "picture" })).code;
      fillShareLink();
    });
  });
  $("share-picture").addEventListener("change", fillShareLink);
  $("export-button").addEventListener("click", () => {
    closeMenu();
    // The game as far as the table shows it (moves undone are not part of it).
    const record = ask({ kind: "record" });
    download(`${page.view.state.game}-${new Date().toISOString().slice(0, 10)}.json`, JSON.stringify(record, null, 1));
  });
  $("import-button").addEventListener("click", () => $("import-input").click());
  $("import-input").addEventListener("change", async (event) => {
    closeMenu();
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > 2_000_000) {
      $("message").textContent = "That file is too big to be a game record; your game is unchanged.";
      return;
    }
    leaveGame({ type: "import", text: await file.text() });
  });
  $("embed-button").addEventListener("click", () => {
    closeMenu();
    $("embed-html").value = $("embed-wiki").value = $("embed-iframetag").value = "";
    prepared("embed-dialog", "Drawing the pictures…", async () => {
      sharing.picture = (await exported({ kind: "picture" })).code;
      sharing.figure = (await exported({ kind: "figure" })).code;
      fillEmbed();
    });
  });
  for (const radio of document.querySelectorAll("input[name=embed-kind]")) radio.addEventListener("change", fillEmbed);
  $("pictures-button").addEventListener("click", () => {
    closeMenu();
    $("pictures-wiki").value = $("pictures-wiki-svg").value = $("pictures-gallery").value = "";
    prepared("pictures-dialog", "Drawing the picture…", async () => {
      sharing.files = await exported({ kind: "files" });
      $("pictures-this").textContent = sharing.files.files[0].caption;
      $("pictures-wiki").value = sharing.files.wikitext.png;
      $("pictures-wiki-svg").value = sharing.files.wikitext.svg;
      $("pictures-all").textContent = `Every move of this game, 0 to ${page.view.editor ? 0 : page.view.state.length}:`;
    });
  });
  $("save-svg").addEventListener("click", () => {
    const [file] = sharing.files.files;
    download(`${file.name}.svg`, file.svg, "image/svg+xml");
  });
  $("save-png").addEventListener("click", () => {
    const [file] = sharing.files.files;
    png(file.scene).toBlob((blob) => download(`${file.name}.png`, blob));
  });
  $("save-zip").addEventListener("click", () => prepared("pictures-dialog", "Drawing every move…", saveZip));
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-copy], [data-close]");
    if (!button) return;
    if (button.dataset.close) $(button.dataset.close).close();
    else copy(button.dataset.copy, button.closest("dialog, [data-copies]").querySelector("[aria-live]").id);
  });
}
