// The game on the table as the page names it: its title, its rules (which
// build.py writes into the page as text blocks) and the game picker's
// choice, from Python's setup or, before Python is ready, from a picture.

import { $, html, el, clear, embedded, figureLink } from "./dom.js";

/** The game's name, its rules and the picker's choice. */
export function showGame(game, label) {
  document.title = `${label}${embedded ? (figureLink ? ": a figure" : ": a game to play") : ""} · Looney Pyramids`;
  $("game-title").textContent = label;
  $("rules-title").textContent = `How to play ${label}`;
  const rules = $("rules-text");
  clear(rules);
  rules.append(...richText(JSON.parse($("rules-data").textContent)[game] || []));
  markPicked(game);
}

/** The picker's buttons (build.py writes one per game; <html> has a
 * data-game of its own, which is no button). */
export const pickerButtons = () => $("game-buttons-list").querySelectorAll("button[data-game]");

/** The picker's button of ``game``, pressed. */
function markPicked(game) {
  for (const button of pickerButtons()) {
    button.setAttribute("aria-pressed", String(button.dataset.game === game));
    if (button.dataset.game === game) showInPicker(button);
  }
}

/** Where the games scroll sideways (a phone), bring ``button`` into view
 * (the picker alone scrolls, never the page). */
function showInPicker(button) {
  const picker = $("game-picker");
  const left = button.offsetLeft - picker.offsetLeft;
  if (left < picker.scrollLeft) picker.scrollLeft = left;
  else if (left + button.offsetWidth > picker.scrollLeft + picker.clientWidth) {
    picker.scrollLeft = left + button.offsetWidth - picker.clientWidth;
  }
}

/** Text blocks (the package's richtext.py; build.py writes every game's
 * rules into the page) as elements, never as HTML. */
function richText(blocks) {
  const runs = (parent, parts) => {
    for (const [style, text, href] of parts) {
      if (style === "link") parent.append(el("a", text, { href, target: "_blank", rel: "noopener" }));
      else parent.append(style ? el(style, text) : text);
    }
    return parent;
  };
  const tags = { h: "h3", p: "p", note: "p" };
  return blocks.map((block) => {
    if (block.items) {
      const list = el(block.kind);
      for (const item of block.items) list.append(runs(el("li"), item));
      return list;
    }
    return runs(el(tags[block.kind], null, block.kind === "note" ? { class: "credit" } : {}), block.runs);
  });
}

/** What belongs to the game on the table: its name, rules, help texts and
 * the picker's choice (changed only when the game changes). */
export function renderGame(setup) {
  markPicked(setup.game);
  if (html.dataset.game === setup.game) return;
  html.dataset.game = setup.game;
  showGame(setup.game, setup.label);
  $("move-help").textContent = setup.move_help;
  $("move-input").placeholder = setup.move_example;
  $("seed-label").textContent = setup.seed_help;
}
