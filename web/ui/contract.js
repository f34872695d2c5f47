// The page contract (docs/page-events.md, "The page contract"): the facts the page
// shares with the Python package (the games, link options, seats, save
// keys, the site's namespace), which build.py writes into the page as JSON
// from the package. This module reads them; no module of web/ names a game
// or repeats one of these lists.

const element = document.getElementById("page-contract");

/** The contract as build.py wrote it (an unbuilt page has none: it cannot run). */
export const contract = JSON.parse(element ? element.textContent : "null");

/** The site's name where scripts meet it: window[NS], the performance marks, an embed's messages. */
export const NS = contract.namespace;

/** A whole number as the package reads one (a seed, a setting). */
export const WHOLE = new RegExp(`^${contract.whole_number}$`);

/** The seat ``text`` stands for (a link's "human" or a bot's level), as the view writes seats. */
export function seatOf(text) {
  return text === contract.seats.person ? { kind: text } : { kind: contract.seats.bot, level: text };
}

/** Where a game's match is saved (the package's saves.py, saved_key). */
export const savedKey = (game) => contract.saves.matches[game];

/** A mark in the browser's performance timeline, named for the site ("ready", "picture", "live"). */
export const mark = (name) => performance.mark(`${NS}-${name}`);
