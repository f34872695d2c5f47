// Games with a friend elsewhere, by links (docs/distance.md): the friend's
// box beside the table (what to do now, the link to send again), the Send
// button under the table, the dialog that hands a link over (share or
// copy), the invitation opened (join or not now), and Your games. Python
// decides everything; this module signs with the browser's keys (keys.js)
// what Python asks it to, and hands links to the person.

import { $, el, clear, embedded } from "./dom.js";
import { page, ask } from "./state.js";
import { makeKey, sign } from "./keys.js";
import { NS } from "./contract.js";

let shownLink = null; // the link in the link dialog

/** Tell the person why a step with the keys failed (the game is unchanged). */
function failed(error) {
  $("message").textContent = `The link could not be made: ${error.message || error}. The game is unchanged.`;
}

/** Start a game with a friend from the New game dialog's choices, sent by
 * ``send`` (the bridge to Python, web/ui/bridge.js); the dialog's words if
 * Python refuses them (the dialog stays open). */
export async function inviteFriend(choice, send) {
  let key;
  try {
    key = await makeKey();
  } catch (error) {
    return `This browser cannot make the key a game by links needs (${error.message || error})`;
  }
  const asked = ask({ kind: "friend-draft", ...choice, key: key.base64 });
  if (asked.problem) return asked.problem;
  try {
    send({ type: "friend-invite", signature: await sign(key.hex, asked.body) });
  } catch (error) {
    return `This browser could not sign the invitation (${error.message || error})`;
  }
  return "";
}

async function sendLink(send) {
  const start = performance.now();
  const button = $("friend-send-button");
  const asked = ask({ kind: "friend-block" });
  if (asked.problem) {
    $("message").textContent = `${asked.problem}.`;
    return;
  }
  button.disabled = true; // (one press, one link: a second press while signing would make none)
  try {
    send({ type: "friend-send", signature: await sign(asked.key, asked.body) });
    performance.measure(`${NS}-send`, { start }); // (the bench's figure: Send pressed to the link shown)
  } catch (error) {
    failed(error);
  } finally {
    button.disabled = false;
  }
}

async function join(send) {
  $("invite-dialog").close();
  try {
    const key = await makeKey();
    send({ type: "friend-join", key: key.base64 });
  } catch (error) {
    failed(error);
  }
}

/** The dialog that hands a link over: shown with the link, Share where the browser shares. */
function offerLink(friend) {
  const view = page.view;
  if (!view || !friend || !friend.link) return;
  shownLink = friend.link;
  $("link-title").textContent = `Send this link to ${friend.friend}`;
  $("link-text").textContent = friend.link_text;
  $("link-url").value = friend.link;
  $("link-share").hidden = !navigator.share;
  $("link-copied").textContent = "";
  if (!$("link-dialog").open) $("link-dialog").showModal();
  $("link-url").select();
}

/** One game of Your games: the game and the friend, whose turn, the last
 * turn in the table's words, how long it has waited, and its buttons. */
function gameItem(entry) {
  const item = el("li", null, { "data-game-id": entry.id, class: entry.mine ? "friends-yours" : "" });
  item.append(el("p", `${entry.game} with ${entry.friend}`, { class: "friends-game" }));
  item.append(el("p", entry.turn, { class: "friends-turn" }));
  if (entry.last) item.append(el("p", `Last: ${entry.last}.`, { class: "help friends-last" }));
  const waited = entry.waited === "just now" ? "Changed just now." : `Changed ${entry.waited} ago.`;
  item.append(el("p", waited, { class: "help friends-waited" }));
  const buttons = el("div", null, { class: "row-buttons" });
  buttons.append(el("button", "Open", { type: "button", "data-friend-open": entry.id }));
  if (entry.link && !entry.aside) buttons.append(el("button", "Send my last link again", { type: "button", "data-friend-link": entry.id }));
  buttons.append(el("button", entry.aside ? "Bring back" : "Set aside", { type: "button", "data-friend-aside": entry.id, "data-aside": entry.aside ? "" : "1" }));
  item.append(buttons);
  return item;
}

function renderGames(entries) {
  const [list, aside] = [$("friends-list"), $("friends-aside")];
  clear(list);
  clear(aside);
  for (const entry of entries) (entry.aside ? aside : list).append(gameItem(entry));
  const setAside = entries.filter((entry) => entry.aside).length;
  $("friends-none").hidden = entries.length > 0;
  $("friends-aside-box").hidden = setAside === 0;
  $("friends-aside-title").textContent = `Set aside (${setAside})`;
}

/** The friend's box, the Send button, the invitation and Your games, from the view. */
export function renderFriend(view) {
  const friend = view.friend;
  $("friend-box").hidden = !friend;
  $("friend-box").setAttribute("aria-busy", friend && friend.working ? "true" : "false");
  $("friend-send-button").hidden = !(friend && friend.due);
  if (friend) {
    $("friend-title").textContent = friend.title;
    $("friend-text").textContent = friend.text;
    $("friend-send-button").textContent = `Send to ${friend.friend}`;
    $("friend-again").hidden = !friend.link || friend.due;
    $("friend-resign").hidden = !friend.resign;
    if (friend.share) offerLink(friend);
  }
  $("friends-button").hidden = embedded; // (also where there are none yet: a backup is opened there)
  renderGames(view.friends || []);
  const invite = view.invite;
  if (invite && !$("invite-dialog").open) {
    $("invite-title").textContent = invite.title;
    $("invite-text").textContent = invite.text;
    $("invite-dialog").showModal();
  } else if (!invite && $("invite-dialog").open) $("invite-dialog").close();
}

/** The buttons of the friend's box, Your games and the dialogs; ``send``: the bridge to Python (web/ui/bridge.js). */
export function wireFriend(send) {
  $("friend-send-button").addEventListener("click", () => sendLink(send));
  $("friend-again").addEventListener("click", () => offerLink(page.view && page.view.friend));
  $("friend-games").addEventListener("click", () => $("friends-dialog").showModal());
  $("friends-button").addEventListener("click", () => {
    $("share-menu").removeAttribute("open");
    $("friends-dialog").showModal();
  });
  $("friends-close").addEventListener("click", () => $("friends-dialog").close());
  $("friend-resign").addEventListener("click", () => {
    const friend = page.view && page.view.friend;
    if (!friend) return;
    $("resign-text").textContent = `${friend.friend} wins. The page makes a link that tells them: send it as any other. Until you send it, Undo takes the resignation back.`;
    $("resign-dialog").showModal();
  });
  $("resign-ok").addEventListener("click", () => {
    $("resign-dialog").close();
    send({ type: "friend-resign" });
  });
  $("resign-cancel").addEventListener("click", () => $("resign-dialog").close());
  $("friends-dialog").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.friendAside) {
      send({ type: "friend-aside", id: button.dataset.friendAside, aside: button.dataset.aside === "1" });
    } else if (button.dataset.friendOpen) {
      $("friends-dialog").close();
      send({ type: "friend-open", id: button.dataset.friendOpen });
    } else if (button.dataset.friendLink) {
      const entry = (page.view.friends || []).find((e) => e.id === button.dataset.friendLink);
      if (entry) offerLink({ friend: entry.friend, link: entry.link, link_text: "It is your last link in this game, sent again." });
    }
  });
  $("invite-join").addEventListener("click", () => join(send));
  $("invite-later").addEventListener("click", () => send({ type: "friend-decline" }));
  $("invite-dialog").addEventListener("cancel", () => send({ type: "friend-decline" })); // (Escape)
  $("link-share").addEventListener("click", () => {
    navigator.share({ url: shownLink }).catch(() => {}); // (cancelled: the link is still here to copy)
  });
  $("link-copy").addEventListener("click", async () => {
    $("link-url").select();
    try {
      await navigator.clipboard.writeText(shownLink);
      $("link-copied").textContent = "Copied: paste it into a message to your friend.";
    } catch {
      $("link-copied").textContent = "Select the link above and copy it.";
    }
  });
  $("link-done").addEventListener("click", () => $("link-dialog").close());
}
