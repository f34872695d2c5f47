// The page's elements and the link it was opened with: finding and making
// elements (and a file handed to the person), and what the page is (the
// site's own page, or a frame). Every other module reads these; none of them changes.

export const $ = (id) => document.getElementById(id);
export const html = document.documentElement;
export const embedded = html.dataset.embed === "1";
export const framed = window.parent !== window;

/** The options of the link the page was opened with (docs/embedding.md). */
export const options = new URLSearchParams(location.hash.slice(1));
export const figureLink = options.get("mode") === "figure";
/** A frame waits for the reader to press Play, unless its link says start=now. */
export const startsNow = !embedded || options.get("start") === "now";

/** The browser's storage, where the site keeps what it keeps (the package's storage.py); null
 * in a frame (it keeps nothing there) and where the browser blocks it (a private window). */
export function siteStorage() {
  if (embedded) return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

export function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

/** The size of the box the canvas fills. */
export function canvasBox() {
  const box = $("canvas").parentElement;
  return { width: box.clientWidth, height: box.clientHeight };
}

/** A finger, not a mouse: the table's tap targets must be a finger's width. */
const FINGER = matchMedia("(pointer: coarse)");

/** The event that tells Python the canvas's box, and, on a touch screen
 * (not in an embed, which its wiki page sizes), that tap targets must be 44
 * px or more: the table is then drawn larger than the box where need be, and scrolls in it. */
export function resizeEvent(fallback = null) {
  const box = canvasBox();
  const least = FINGER.matches && !embedded ? 44 : 0;
  return { type: "resize", width: box.width || fallback?.width, height: box.height || fallback?.height, least };
}

/** The full site, at the link this frame was opened with (or has stepped to). */
export function fullSiteURL() {
  const full = new URL("./", location.href);
  full.hash = location.hash;
  return full.href;
}

/** Hand the person ``data`` as a file named ``name`` (a download). */
export function download(name, data, type = "application/json") {
  const link = el("a", null, { download: name });
  link.href = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type }));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** The wikitext that embeds the site's ``embed.html`` with the link options
 * ``fragment`` on a wiki page, through the template docs/embedding.md gives;
 * ``title`` is the frame's name (what a template cannot carry is left out). */
export function embedWikitext(title, fragment) {
  return `{{Pyramid game|title=${title.replace(/["|{}[\]<>]/g, "")}|options=${fragment}}}`;
}
