// Check a game played by links (docs/distance.md, "Checking a game"): the
// dialog takes a game record saved from a game with a friend, Python checks
// it whole (every signature, roll, ring, deal and move) and this module
// shows what it says: "verified", with what was checked, or what is wrong
// and where.

import { $, el, clear } from "./dom.js";
import { ask } from "./state.js";

function show(result) {
  $("check-result").textContent = result.summary;
  $("check-result").className = result.verified ? "" : "error";
  clear($("check-details"));
  for (const line of result.details || []) $("check-details").append(el("li", line));
}

/** What Python's check says (web/main.py calls it through window.pageUI once the check is done). */
export function showCheck(json) {
  show(JSON.parse(json));
  $("check-dialog").removeAttribute("aria-busy");
}

async function checkFile() {
  const file = $("check-file").files[0];
  if (!file) return;
  show({ verified: true, summary: "Checking… (a long match takes a few seconds)", details: [] });
  $("check-dialog").setAttribute("aria-busy", "true");
  ask({ kind: "check", text: await file.text() }); // (Python checks it in slices, then calls showCheck)
}

export function wireCheck() {
  $("check-open").addEventListener("click", () => {
    $("check-file").value = "";
    show({ verified: true, summary: "", details: [] });
    $("friends-dialog").close();
    $("check-dialog").showModal();
  });
  $("check-file").addEventListener("change", checkFile);
  $("check-close").addEventListener("click", () => $("check-dialog").close());
}
