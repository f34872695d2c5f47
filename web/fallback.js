// A classic script, where the page's others are modules: it runs where they
// cannot. A frame sandboxed without allow-same-origin has no origin, and the
// browser refuses it module scripts from anywhere (they load like a fetch);
// a browser too old for modules has none either. Deferred, it runs after
// ui.js would have: if ui.js did not run, nothing else can say so, and the
// table would show "Loading the game…" for ever. It says what is wrong and,
// in a frame, offers the game in a new tab, as any stuck load does.
(function () {
  "use strict";
  var contract = document.getElementById("page-contract"); // (docs/page-events.md, "The page contract")
  if (contract && window[JSON.parse(contract.textContent).namespace]) return; // ui.js runs, and looks after loading
  var $ = function (id) {
    return document.getElementById(id);
  };
  var framed = window.parent !== window;
  var sandboxed = window.origin === "null";
  $("loading-text").hidden = true;
  $("loading-bar").hidden = true;
  var error = $("loading-error");
  error.textContent = sandboxed
    ? "The game cannot run in this frame: the page around it sandboxes the frame " +
      "(sandbox without allow-same-origin), and the browser then refuses the game's scripts."
    : "The game could not start: this browser did not run its scripts. A recent browser runs it.";
  error.hidden = false;
  if (framed) {
    var link = $("loading-escape-link");
    var full = new URL("./", location.href);
    full.hash = location.hash;
    link.href = full.href;
    $("loading-escape").hidden = false;
    // Such a frame may not open tabs either: if the browser refuses, say how else.
    var hint = document.createElement("p");
    hint.id = "loading-escape-hint";
    hint.hidden = true;
    hint.textContent = "This frame may not open a tab: right-click the link (or press and hold it) " +
      "and open it in a new tab.";
    $("loading-escape").after(hint);
    link.addEventListener("click", function (event) {
      event.preventDefault();
      var opened = window.open(link.href, "_blank");
      if (opened) opened.opener = null;
      else hint.hidden = false;
    });
  }
  document.documentElement.setAttribute("data-stuck", "scripts");
})();
