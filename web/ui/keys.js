// The browser's signing keys for games with friends (docs/distance.md):
// one ECDSA P-256 key pair per game, made by WebCrypto, the private half
// never extractable, kept in IndexedDB under the public half (hex). Python
// asks for nothing but signatures: it sends a body, it gets r‖s back.

import { NS } from "./contract.js";

// (Taken before Python starts: the page gives PyScript an IndexedDB kept in
// memory, web/ui/loading.js, and the keys must outlive the page.)
const storage = globalThis.indexedDB;
const DATABASE = `${NS}-keys`;
const STORE = "keys";

const ECDSA = { name: "ECDSA", namedCurve: "P-256" };
const SIGNING = { name: "ECDSA", hash: "SHA-256" };

const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
const toBase64 = (bytes) => btoa(String.fromCharCode(...bytes));
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
  const pair = await crypto.subtle.generateKey(ECDSA, false, ["sign"]);
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
