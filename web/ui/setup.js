// Setting up a position by hand (docs/setup.md): the palette over the board
// (what a tap puts down), whether the position can happen and why not, and
// beside the board the parts that are not tapped (who moves, hands, scores),
// the position in one line and a link to it. Python holds the position and
// judges it (the package's setup/editor.py); this shows what the view says.

import { $, html, el, clear, embedWikitext } from "./dom.js";

/** The palette: a button for each tool, the one in hand pressed. */
function renderTools(editor) {
  const tools = $("setup-tools");
  const ids = editor.tools.map((tool) => tool.id).join(" ");
  if (tools.dataset.ids !== ids) {
    clear(tools);
    for (const tool of editor.tools) {
      const button = el("button", null, { type: "button", "data-tool": tool.id, title: tool.label, "aria-label": tool.label });
      if (tool.colour) {
        const swatch = el("span", null, { class: "swatch", "aria-hidden": "true" });
        swatch.style.setProperty("--swatch", tool.colour);
        swatch.style.setProperty("--size", String(tool.size || 2));
        button.append(swatch);
      }
      button.append(el("span", tool.short));
      tools.append(button);
    }
    tools.dataset.ids = ids;
  }
  for (const button of tools.querySelectorAll("[data-tool]")) {
    button.setAttribute("aria-pressed", String(button.dataset.tool === editor.tool));
  }
}

/** A field: a choice as a select, typed text as an input read when it changes. The
 * fields are built again only when they change; a box being typed in keeps what it holds. */
function renderFields(editor) {
  const box = $("setup-fields");
  const shape = JSON.stringify(editor.fields.map((field) => [field.id, field.label, field.choices, field.help]));
  if (box.dataset.shape !== shape) {
    clear(box);
    for (const field of editor.fields) {
      const id = `setup-field-${field.id}`;
      box.append(el("label", field.label, { for: id }));
      if (field.choices.length) {
        const select = el("select", null, { id, "data-field": field.id });
        for (const [value, words] of field.choices) select.append(el("option", words, { value }));
        box.append(select);
      } else {
        const input = el("input", null, { id, "data-field": field.id, spellcheck: "false", autocomplete: "off" });
        box.append(input);
        if (field.help) {
          input.setAttribute("aria-describedby", `${id}-help`);
          box.append(el("p", field.help, { id: `${id}-help`, class: "help" }));
        }
      }
    }
    box.dataset.shape = shape;
  }
  for (const field of editor.fields) {
    const input = $(`setup-field-${field.id}`);
    if (document.activeElement !== input || input.tagName === "SELECT") input.value = field.value;
  }
}

/** The set-up panel over the board and beside it; hidden when nothing is being set up. */
export function renderSetup(view) {
  $("setup-button").hidden = !view.setup.set_up; // (a game with no set-up of positions offers none)
  const editor = view.editor;
  const on = Boolean(editor);
  $("setup").hidden = $("setup-side").hidden = !on;
  html.toggleAttribute("data-editing", on);
  if (!on) return;
  renderTools(editor);
  $("setup-verdict").textContent = editor.problem
    ? `This position cannot happen in a game: ${editor.problem}.`
    : "This position can happen in a game.";
  $("setup-verdict").classList.toggle("bad", Boolean(editor.problem));
  $("setup-message").textContent = editor.message ? `${editor.message}.` : "";
  $("setup-play").disabled = $("setup-puzzle").disabled = Boolean(editor.problem);
  $("setup-play").title = editor.problem ? "Set up a position that can happen first" : "A new game from this position";
  renderFields(editor);
  if (document.activeElement !== $("setup-line")) $("setup-line").value = editor.line;
  const link = new URL("", location.href);
  link.hash = `game=${view.setup.game}&position=${editor.line}`;
  $("setup-link").value = editor.problem ? "" : link.href;
}

/** The puzzle being made (Make a puzzle): its answer so far, what is missing, the hard bot's word, its link. */
export function renderMaking(view) {
  const making = view.making;
  $("making").hidden = !making;
  if (!making) return;
  $("making-answer").textContent = making.answer.length
    ? `The answer: ${making.answer.join("; ")}.`
    : "The answer: no move played yet.";
  for (const [id, value] of [["making-question", making.question], ["making-credit", making.credit]]) {
    if (document.activeElement !== $(id)) $(id).value = value;
  }
  $("making-problem").textContent = making.problem ? `${making.problem}.` : "";
  $("making-check").disabled = making.checking || !making.answer.length;
  $("making-check").textContent = making.checking ? "The hard bot is thinking…" : "Ask the hard bot";
  const words = $("making-words");
  clear(words);
  for (const line of making.check || []) words.append(el("li", line));
  const link = new URL("", location.href);
  link.hash = making.options || "";
  $("making-link").value = making.options ? link.href : "";
  $("making-wiki").value = making.options ? embedWikitext(`${view.setup.label}: a puzzle`, making.options) : "";
}

/** ``send``: the bridge to Python (web/ui/bridge.js). */
export function wireSetup(send) {
  const change = (event) => send({ type: "setup", ...event });
  $("setup-button").addEventListener("click", () => {
    $("share-menu").removeAttribute("open");
    change({ do: "open", from: "table" });
  });
  $("setup-leave").addEventListener("click", () => change({ do: "close" }));
  $("setup-tools").addEventListener("click", (event) => {
    const button = event.target.closest("[data-tool]");
    if (button) change({ do: "tool", tool: button.dataset.tool });
  });
  $("setup-fields").addEventListener("change", (event) => {
    const field = event.target.closest("[data-field]");
    if (field) change({ do: "field", field: field.dataset.field, value: field.value });
  });
  $("setup-side").addEventListener("click", (event) => {
    const button = event.target.closest("[data-setup-start]");
    if (button) change({ do: "start", from: button.dataset.setupStart });
  });
  const read = () => change({ do: "line", line: $("setup-line").value });
  $("setup-read").addEventListener("click", read);
  $("setup-line").addEventListener("keydown", (event) => {
    if (event.key === "Enter") read();
  });
  $("setup-puzzle").addEventListener("click", () => send({ type: "puzzle-make", do: "open" }));
  for (const part of ["question", "credit"]) {
    $(`making-${part}`).addEventListener("change", (event) =>
      send({ type: "puzzle-make", do: part, text: event.target.value }),
    );
  }
  $("making-check").addEventListener("click", () => send({ type: "puzzle-make", do: "check" }));
  $("making-leave").addEventListener("click", () => send({ type: "puzzle-make", do: "close" }));
  $("setup-details").addEventListener("click", () => {
    $("setup-side").scrollIntoView({ block: "start" });
    const first = $("setup-fields").querySelector("[data-field]");
    if (first) first.focus();
  });
}
