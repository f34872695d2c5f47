// A backup of the games with friends (docs/page-by-links.md, "Backing up your
// games"): one file holding every game by links, with the key that signs
// this browser's moves in each, locked with a passphrase the person
// chooses, and the same file opened in another browser (or this one after
// its data was cleared), which then plays on as if it had played them.
// Python gives the games and takes them back; this module does the
// cryptography with WebCrypto: PBKDF2 turns the passphrase into an AES-GCM
// key, which encrypts the games and wraps each signing key (keys.js).

import { $, download } from "./dom.js";
import { ask } from "./state.js";
import { send } from "./bridge.js";
import { wrapKeys, unwrapKeys, toBase64, fromBase64 } from "./keys.js";

const FORMAT = "looney pyramids games backup";
const VERSION = 1;
const ITERATIONS = 600000; // PBKDF2 with SHA-256: the count OWASP advises in 2023
const MIN_PASSPHRASE = 8;

async function passKey(passphrase, salt, iterations) {
  const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(passphrase), "PBKDF2", false, ["deriveKey"]);
  const params = { name: "PBKDF2", hash: "SHA-256", salt, iterations };
  return crypto.subtle.deriveKey(params, base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt", "wrapKey", "unwrapKey"]);
}

/** The backup file's text for the games Python gives, locked by ``passphrase``; and what it could not carry. */
export async function makeBackup(passphrase) {
  const games = ask({ kind: "friend-backup" }); // {book: text, keys: [public hex], titles: [..]}
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await passKey(passphrase, salt, ITERATIONS);
  const wrapped = await wrapKeys(games.keys, key);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  // (which keys are wrapped, and how many, sealed with the games: no entry can be taken out unseen)
  const sealedKeys = wrapped.map((entry) => (entry.missing ? null : entry.data));
  const plain = new TextEncoder().encode(JSON.stringify({ book: games.book, keys: games.keys, wrapped: sealedKeys }));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, plain));
  const file = {
    format: FORMAT,
    version: VERSION,
    saved: new Date().toISOString(),
    kdf: { name: "PBKDF2", hash: "SHA-256", iterations: ITERATIONS, salt: toBase64(salt) },
    games: { iv: toBase64(iv), data: toBase64(sealed) },
    keys: wrapped,
  };
  const missing = wrapped.flatMap((entry, index) => (entry.missing ? [`${games.titles[index]}: ${entry.missing}`] : []));
  return { text: JSON.stringify(file), count: games.keys.length, missing };
}

/** Open a backup file's ``text`` with ``passphrase``: its keys kept, its
 * games given to Python (which says what came); throws an Error whose
 * message is for the person, changing nothing, where it cannot. */
export async function openBackup(text, passphrase) {
  let file;
  try {
    file = JSON.parse(text);
  } catch {
    throw new Error("This file is not a backup of games with friends (it is not even JSON): nothing was changed.");
  }
  if (!file || file.format !== FORMAT || !file.games || !file.kdf || !Array.isArray(file.keys)) {
    throw new Error("This file is not a backup of games with friends: nothing was changed.");
  }
  if (file.version !== VERSION) {
    throw new Error(`This backup is of version ${file.version}, which this page does not read: nothing was changed.`);
  }
  if (file.kdf.name !== "PBKDF2" || file.kdf.hash !== "SHA-256" || file.kdf.iterations !== ITERATIONS) {
    throw new Error("This backup was not locked the way this page locks one: nothing was changed.");
  }
  let key, plain;
  try {
    key = await passKey(passphrase, fromBase64(file.kdf.salt), file.kdf.iterations);
    const params = { name: "AES-GCM", iv: fromBase64(file.games.iv) };
    plain = JSON.parse(new TextDecoder().decode(await crypto.subtle.decrypt(params, key, fromBase64(file.games.data))));
  } catch {
    throw new Error("This passphrase does not open this backup (or the file was changed since it was saved): nothing was changed.");
  }
  const sealedKeys = plain.wrapped || [];
  const intact = file.keys.length === plain.keys.length && file.keys.every((entry, index) => (entry.missing ? null : entry.data) === sealedKeys[index]);
  if (!intact) throw new Error("The keys in this backup were changed since it was saved: nothing was changed.");
  try {
    await unwrapKeys(plain.keys, file.keys, key);
  } catch {
    throw new Error("A key in this backup does not open: the file was changed since it was saved. Nothing was changed.");
  }
  send({ type: "friend-restore", book: plain.book });
}

function problem(text) {
  $("backup-problem").textContent = text;
}

function openDialog(opening) {
  $("backup-form").dataset.opening = opening ? "1" : "";
  $("backup-title").textContent = opening ? "Open a backup of your games" : "Save a backup of your games";
  $("backup-help").textContent = opening
    ? "Choose the backup file and type the passphrase it was saved with. Its games join yours here; a game this browser has too keeps whichever has gone further. Then play each game here only, not in the browser it came from: a game played on in two places can show your friend your hand."
    : "Choose a passphrase of at least 8 characters: the file cannot be opened without it, and nobody can recover it for you. Whoever has the file and the passphrase can play your moves. Open it in one browser only, and play on there: a game played on in two places can show your friend your hand.";
  $("backup-file-row").hidden = !opening;
  $("backup-again-row").hidden = opening;
  $("backup-ok").textContent = opening ? "Open the backup" : "Save the file";
  $("backup-pass").value = $("backup-again").value = "";
  $("backup-pass").autocomplete = opening ? "current-password" : "new-password";
  $("backup-file").value = "";
  problem("");
  $("friends-dialog").close();
  $("backup-dialog").showModal();
}

async function submit(event) {
  event.preventDefault();
  const opening = $("backup-form").dataset.opening === "1";
  const passphrase = $("backup-pass").value;
  $("backup-ok").disabled = true;
  try {
    if (opening) {
      const file = $("backup-file").files[0];
      if (!file) return problem("Choose the backup file first.");
      problem("Opening…");
      await openBackup(await file.text(), passphrase);
    } else {
      if (passphrase.length < MIN_PASSPHRASE) return problem(`The passphrase needs at least ${MIN_PASSPHRASE} characters.`);
      if (passphrase !== $("backup-again").value) return problem("The two passphrases are not the same.");
      problem("Saving…");
      const made = await makeBackup(passphrase);
      download(`pyramid-games-backup-${new Date().toISOString().slice(0, 10)}.json`, made.text);
      $("message").textContent =
        `Backup saved: ${made.count} game${made.count === 1 ? "" : "s"} with friends.` +
        (made.missing.length ? ` In the file, but with no key to play on with elsewhere: ${made.missing.join("; ")}.` : "");
    }
    $("backup-dialog").close();
  } catch (error) {
    problem(error.message || String(error));
  } finally {
    $("backup-ok").disabled = false;
  }
}

export function wireBackup() {
  $("backup-save").addEventListener("click", () => openDialog(false));
  $("backup-open").addEventListener("click", () => openDialog(true));
  $("backup-form").addEventListener("submit", submit);
  $("backup-cancel").addEventListener("click", () => $("backup-dialog").close());
}
