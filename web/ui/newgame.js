// The dialogs: a new game (players, seats, the game's settings, a seed; with a
// friend by links, both names, the player's own kept for the next game),
// leaving a game in progress, a rematch from the game-over panel, offering
// a draw, and the rules. Seats and the seed's form follow the page contract; the game's
// settings are checked by Python (the table's own words, asked before the dialog closes).

import { $, el, clear, siteStorage } from "./dom.js";
import { contract, seatOf, WHOLE } from "./contract.js";
import { page, ask } from "./state.js";
import { send, sendCommand } from "./bridge.js";
import { inviteFriend } from "./friend.js";

/** A seat as the dialog's choice writes it: the person's kind, or "bot:" and the bot's level. */
const seatChoice = (seat) => (seat && seat.kind === contract.seats.bot ? `${seat.kind}:${seat.level}` : contract.seats.person);

/** The seat a choice of the dialog stands for. */
const chosenSeat = (value) => seatOf(value.startsWith(`${contract.seats.bot}:`) ? value.slice(contract.seats.bot.length + 1) : value);

const FRIEND = contract.seats.friend;

function seatRow(index, seat, names, levels, byLinks) {
  const row = el("div", null, { class: "seat" });
  const id = `seat-${index}`;
  row.append(el("label", `${names[index] || `Player ${index + 1}`}`, { for: id, class: "seat-name" }));
  const select = el("select", null, { id });
  select.append(el("option", "Person", { value: contract.seats.person }));
  for (const level of levels) select.append(el("option", `Bot: ${level}`, { value: seatChoice({ kind: contract.seats.bot, level }) }));
  if (byLinks) select.append(el("option", "A friend, by links", { value: FRIEND }));
  select.value = seatChoice(seat);
  row.append(select);
  return row;
}

function fillSeats(count) {
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.querySelectorAll(".seat").forEach((n) => n.remove());
  const { setup, state } = page.view;
  const added = seatOf(contract.seats.default.at(-1)); // a seat added is as a new table's last
  for (let i = 0; i < count; i++) {
    const seat = old[i] ? chosenSeat(old[i]) : state.seats[i] || added;
    box.append(seatRow(i, seat, setup.seat_names, setup.levels, setup.by_links && count === 2));
  }
  showFriendNames();
}

/** The seat given to a friend by links, or -1. */
const friendSeat = () => [...$("seats").querySelectorAll("select")].findIndex((s) => s.value === FRIEND);

/** With a friend by links: their name and the player's, and no seed (both browsers shuffle; a
 * position set up deals nothing). */
function showFriendNames() {
  const byLinks = friendSeat() >= 0;
  $("friend-names").hidden = !byLinks;
  $("seed-input").hidden = $("seed-label").hidden = byLinks || !page.view.setup.seed_help || Boolean(fromPosition);
  if (byLinks) offerNames();
}

/** Where the name the person gave themselves last for a game by links is
 * kept (the page contract's, NAME in the package's storage module), so that the next game does not ask again. */
const NAME_KEY = contract.saves.name;

/** The list of names the friend's name offers (a datalist the dialog makes once). */
const KNOWN_FRIENDS = "friend-name-known";

/** Fill in the person's own name as they gave it last (unless they typed
 * one already), and offer the friends of Your games, newest first, for the friend's. */
function offerNames() {
  const me = $("friend-me");
  if (!me.value) me.value = siteStorage()?.getItem(NAME_KEY) || "";
  const list = $(KNOWN_FRIENDS);
  clear(list);
  for (const name of new Set((page.view.friends || []).map((entry) => entry.friend))) {
    list.append(el("option", null, { value: name }));
  }
}

/** Keep the name the person gave themselves, where the browser keeps anything. */
function rememberName(name) {
  try {
    if (name.trim()) siteStorage()?.setItem(NAME_KEY, name.trim());
  } catch {
    // (the storage is full: the name is asked for again next time, nothing else is lost)
  }
}

/** The game's own settings (the view's ``setup.settings``): a choice of
 * values, or a whole number between limits, each set to the value of the
 * game on the table. */
function fillSettings(settings) {
  const box = $("game-settings");
  clear(box);
  for (const setting of settings) {
    const id = `setting-${setting.name}`;
    box.append(el("label", setting.label, { for: id }));
    let field;
    if (setting.choices.length) {
      field = el("select", null, { id, "data-setting": setting.name });
      for (const choice of setting.choices) field.append(el("option", String(choice), { value: String(choice) }));
    } else {
      // (No pattern: a value the browser would refuse in words of its own goes to Python, which says why.)
      field = el("input", null, { id, "data-setting": setting.name, inputmode: "numeric" });
    }
    field.value = String(setting.value);
    if (setting.help) {
      field.setAttribute("aria-describedby", `${id}-help`);
      box.append(field, el("p", setting.help, { id: `${id}-help`, class: "help" }));
    } else box.append(field);
  }
}

/** The settings chosen in the dialog, by name, as the fields hold them:
 * Python reads them and says what is wrong with one (events.new_game_problem). */
function chosenSettings() {
  const chosen = {};
  for (const field of $("game-settings").querySelectorAll("[data-setting]")) chosen[field.dataset.setting] = field.value;
  return chosen;
}

/** The settings of the game on the table, for a rematch. */
const currentSettings = () => Object.fromEntries(page.view.setup.settings.map((s) => [s.name, s.value]));

let fromPosition = null; // the position set up (its line) that the new game starts from, or null for a deal

/** The New game dialog; from the position being set up (Play from here) when ``position``. */
function openNewGame(position = null) {
  const view = page.view;
  if (!view) return;
  fromPosition = typeof position === "string" ? position : null;
  $("new-title").textContent = fromPosition ? "New game from the position set up" : "New game";
  $("seats").querySelectorAll(".seat").forEach((n) => n.remove());
  const count = $("player-count");
  clear(count);
  // (a position is for as many players as it has)
  const [fewest, most] = fromPosition ? [view.editor.players, view.editor.players] : view.setup.players;
  for (let n = fewest; n <= most; n++) count.append(el("option", String(n), { value: String(n) }));
  count.value = String(fromPosition ? view.editor.players : view.state.seats.length);
  // A game for a fixed number of players says so, rather than offering a choice of one.
  const fixed = fewest === most;
  count.hidden = $("player-count-label").hidden = fixed;
  $("player-count-fixed").hidden = !fixed;
  $("player-count-fixed").textContent = `Players: ${fewest}`;
  // (a position deals nothing and keeps its own settings)
  $("seed-input").hidden = $("seed-label").hidden = !view.setup.seed_help || Boolean(fromPosition);
  fillSeats(Number(count.value));
  fillSettings(fromPosition ? [] : view.setup.settings);
  $("seed-input").value = "";
  $("new-error").textContent = "";
  if ($("over-dialog").open) $("over-dialog").close();
  $("new-dialog").showModal();
}

async function startNewGame(event) {
  event.preventDefault();
  const friend = friendSeat();
  if (friend >= 0) {
    // From a position set up, the invitation carries its line (Python refuses it, in words, for
    // a game whose hidden hands both browsers deal: a position would show every hand).
    const choice = {
      game: page.view.setup.game,
      seat: 1 - friend,
      me: $("friend-me").value,
      friend: $("friend-name").value,
      settings: chosenSettings(),
      start: fromPosition,
    };
    const chosen = [...$("seats").querySelectorAll("select")].map((s) => s.value);
    if (chosen.length !== 2 || !chosen.includes(contract.seats.person)) {
      $("new-error").textContent = "A game with a friend by links is for two: you, a Person, and your friend.";
      return;
    }
    const problem = await inviteFriend(choice, send);
    if (problem) {
      $("new-error").textContent = `${problem}.`;
      return;
    }
    rememberName(choice.me);
    $("new-dialog").close();
    return;
  }
  const seats = [...$("seats").querySelectorAll("select")].map((s) => chosenSeat(s.value));
  const raw = $("seed-input").value.trim();
  if (raw && !WHOLE.test(raw)) {
    $("new-error").textContent = "The seed is a whole number, or leave it empty for a random deal.";
    return;
  }
  const asked = fromPosition
    ? { type: "new", seats, seed: null, settings: {}, position: fromPosition }
    : { type: "new", seats, seed: raw ? Number(raw) : null, settings: chosenSettings() };
  // Refused in the table's words while the dialog is open: what was chosen stays, and the game too.
  const { problem } = ask({ kind: "new-problem", event: asked });
  if (problem) {
    $("new-error").textContent = `${problem}.`;
    return;
  }
  $("new-dialog").close();
  leaveGame(asked);
}

/** Whether a game that has begun (a seat has moved: a deal alone is no
 * game begun) and is not over is on the table. */
function inProgress() {
  const view = page.view;
  return view && view.state.begun && !view.state.over && !view.figure;
}

let leaving = null; // the event that leaves a game in progress, once the player says so

/** Send ``event`` (a new game, or a game opened from a record: a file, the
 * game kept before), asking first if it leaves a game in progress; that game
 * is kept (web/main.py), and the banner offers it back. */
export function leaveGame(event) {
  if (!inProgress()) {
    send(event);
    return;
  }
  leaving = event;
  $("leave-ok").textContent = event.type === "new" ? "Start the new game" : "Open the other game";
  $("leave-dialog").showModal();
}

/** A rematch: the same game, settings and seats, the seats in another order
 * (the second seat's player opens). */
function rematch() {
  $("over-dialog").close();
  const seats = page.view.state.seats;
  send({ type: "new", seats: [...seats.slice(1), seats[0]], seed: null, settings: currentSettings() });
}

export function wireDialogs() {
  $("friend-name").after(el("datalist", null, { id: KNOWN_FRIENDS }));
  $("friend-name").setAttribute("list", KNOWN_FRIENDS);
  $("new-button").addEventListener("click", () => openNewGame());
  $("setup-play").addEventListener("click", () => page.view.editor && openNewGame(page.view.editor.line));
  $("new-menu-button").addEventListener("click", () => {
    $("share-menu").removeAttribute("open");
    openNewGame();
  });
  $("over-new").addEventListener("click", () => openNewGame());
  $("over-rematch").addEventListener("click", rematch);
  $("over-close").addEventListener("click", () => $("over-dialog").close());
  $("leave-ok").addEventListener("click", () => {
    $("leave-dialog").close();
    if (leaving) send(leaving);
    leaving = null;
  });
  $("leave-cancel").addEventListener("click", () => {
    leaving = null;
    $("leave-dialog").close();
  });
  $("draw-button").addEventListener("click", () => {
    // A draw ends the game (a bot may accept at once): asked first, and Keep playing keeps everything.
    const view = page.view;
    if (!view || !view.draw_question) return;
    $("draw-title").textContent = view.draw_question.title;
    $("draw-text").textContent = view.draw_question.text;
    $("draw-dialog").showModal();
    $("draw-cancel").focus(); // Keep playing first: a stray Enter keeps playing
  });
  $("draw-ok").addEventListener("click", () => {
    $("draw-dialog").close();
    sendCommand("draw");
  });
  $("draw-cancel").addEventListener("click", () => $("draw-dialog").close());
  $("new-cancel").addEventListener("click", () => $("new-dialog").close());
  $("new-form").addEventListener("submit", startNewGame);
  $("player-count").addEventListener("change", (e) => fillSeats(Number(e.target.value)));
  $("seats").addEventListener("change", showFriendNames);
  $("rules-button").addEventListener("click", () => $("rules-dialog").showModal());
  $("rules-close").addEventListener("click", () => $("rules-dialog").close());
  $("rules-close-top").addEventListener("click", () => $("rules-dialog").close());
}
