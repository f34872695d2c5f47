// The browser's signing keys for games with friends (docs/distance.md):
// one ECDSA P-256 key pair per game, made by WebCrypto, kept in IndexedDB
// under the public half (hex). Python asks for nothing but signatures: it
// sends a body, it gets r‖s back. A private half leaves the browser only
// wrapped (WebCrypto's wrapKey) under a passphrase's key, in a backup
// (web/ui/backup.js): it is made extractable for that alone, and never
// exported in the clear.

import { NS } from "./contract.js";

// (Taken before Python starts: the page gives PyScript an IndexedDB kept in
// memory, web/ui/loading.js, and the keys must outlive the page.)
const storage = globalThis.indexedDB;
const DATABASE = `${NS}-keys`;
const STORE = "keys";

const ECDSA = { name: "ECDSA", namedCurve: "P-256" };
const SIGNING = { name: "ECDSA", hash: "SHA-256" };

const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
/** Bytes as base64, a slice at a time (a long book's bytes are too many for one call's arguments). */
function toBase64(bytes) {
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}
const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function database() {
  return new Promise((resolve, reject) => {
    if (!storage) {
      reject(new Error("this browser keeps no keys here (no IndexedDB)"));
      return;
    }
    const request = storage.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function inStore(mode, act) {
  return database().then(
    (db) =>
      new Promise((resolve, reject) => {
        const request = act(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      }),
  );
}

/** A new key pair, kept; its public half (WebCrypto's raw export) as ``{base64, hex}``. */
export async function makeKey() {
  const pair = await crypto.subtle.generateKey(ECDSA, true, ["sign"]); // (extractable: for wrapKey only)
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  await inStore("readwrite", (store) => store.put(pair.privateKey, hex(raw)));
  // A slow game's keys must outlast weeks between links: ask that the storage be kept (a wish; some browsers say no).
  navigator.storage?.persist?.().catch(() => {});
  return { base64: toBase64(raw), hex: hex(raw) };
}

/** The signature (r‖s, base64) of ``body`` (base64) by the key kept under ``publicHex``. */
export async function sign(publicHex, body) {
  const key = await inStore("readonly", (store) => store.get(publicHex));
  if (!key) throw new Error("this browser no longer has the key of this game");
  return toBase64(new Uint8Array(await crypto.subtle.sign(SIGNING, key, fromBase64(body))));
}

/** The private keys kept under ``publicHexes``, each wrapped by ``wrapping``
 * (AES-GCM, the public half as its additional data, so that no key can be
 * put in another's place): ``{iv, data}`` in base64, or ``{missing}`` with
 * the reason where this browser cannot give it (a key made before backups,
 * which cannot leave the browser, or a key no longer here). */
export async function wrapKeys(publicHexes, wrapping) {
  const wrapped = [];
  for (const publicHex of publicHexes) {
    const key = await inStore("readonly", (store) => store.get(publicHex));
    if (!key) {
      wrapped.push({ missing: "this browser no longer has its key" });
    } else if (!key.extractable) {
      wrapped.push({ missing: "its key was made before backups existed, and cannot leave this browser" });
    } else {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const additionalData = new TextEncoder().encode(publicHex);
      const data = await crypto.subtle.wrapKey("pkcs8", key, wrapping, { name: "AES-GCM", iv, additionalData });
      wrapped.push({ iv: toBase64(iv), data: toBase64(new Uint8Array(data)) });
    }
  }
  return wrapped;
}

/** Unwrap the keys of a backup (``wrapKeys``'s, for ``publicHexes``) with
 * ``wrapping`` and keep them; throws if one does not unwrap (a wrong
 * passphrase, a changed file) before keeping any. The number kept. */
export async function unwrapKeys(publicHexes, wrapped, wrapping) {
  const keys = [];
  for (const [index, publicHex] of publicHexes.entries()) {
    const entry = wrapped[index];
    if (!entry || entry.missing) continue;
    const additionalData = new TextEncoder().encode(publicHex);
    const params = { name: "AES-GCM", iv: fromBase64(entry.iv), additionalData };
    keys.push([publicHex, await crypto.subtle.unwrapKey("pkcs8", fromBase64(entry.data), wrapping, params, ECDSA, true, ["sign"])]);
  }
  for (const [publicHex, key] of keys) {
    // (a key this browser holds already is kept: a backup never takes its place)
    if (!(await inStore("readonly", (store) => store.get(publicHex)))) await inStore("readwrite", (store) => store.put(key, publicHex));
  }
  return keys.length;
}

export { toBase64, fromBase64 };
