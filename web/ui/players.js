// The players' table beside the board (its columns as the presenter names
// them, a row for each player, the one to move marked) and the same rows in
// the game-over panel; while a move is looked back at, that position's.

import { $, el, clear } from "./dom.js";

/** A row for each player into ``body``: the players' table's, or the game-over panel's. */
export function renderScores(body, rows) {
  clear(body);
  for (const row of rows) {
    const tr = el("tr");
    if (row.to_move) tr.className = "to-move";
    const name = el("td");
    const swatch = el("span", null, { class: "swatch", "aria-hidden": "true" });
    swatch.style.background = row.swatch;
    name.append(swatch, row.name);
    tr.append(name, ...row.cells.map((cell) => el("td", cell)));
    body.append(tr);
  }
}

/** The players' table: the view's, or, while a move is looked back at, that position's (web/ui/review.js). */
export function renderPlayers(columns, scores) {
  renderColumns(columns);
  renderScores($("scores").tBodies[0], scores);
}

function renderColumns(columns) {
  // The players' table's headers after "Player", as the presenter names them (#<key>-label).
  const row = $("scores").tHead.rows[0];
  const cells = [...row.cells].slice(1);
  const same = cells.length === columns.length;
  if (same && columns.every((c, i) => cells[i].id === `${c.key}-label` && cells[i].textContent === c.label)) return;
  while (row.cells.length > 1) row.deleteCell(-1);
  for (const column of columns) row.append(el("th", column.label, { scope: "col", id: `${column.key}-label` }));
}
