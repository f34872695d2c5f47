// PyScript's interpreter module (pyscript.json, "interpreter"): Pyodide, but
// started from a memory snapshot of Python with the game already imported,
// which build.py makes; if the snapshot cannot be used, Python starts the
// usual way. docs/page-loading.md ("Starting Python") has the figures and the risks.

import { loadPyodide as load, version } from "./pyodide.mjs";
import { checksum, memoryStart, watchInstantiation, xorInto } from "./memory.mjs";

export { version };

/** The runtime's lock file without its packages (the page loads none), so
 * that it is not fetched; build.py fills in its "info". */
const LOCK = { info: __LOCK_INFO__, packages: {} };

/** The snapshot's form (web/snapshot.mjs): its size unpacked, how many of
 * its first bytes are XORed with the runtime's data, that data's checksum,
 * and the size of the rest of the standard library unpacked; build.py fills
 * it in. */
const FORM = __SNAPSHOT_FORM__;

const SNAPSHOT = new URL("./snapshot.br.bin", import.meta.url);

/** The standard library: Python starts from the snapshot with an empty zip
 * in its place, and gets the library, fetched once the snapshot has arrived
 * (not competing with it for the line), before the page's Python runs: the
 * snapshot holds every module the page imports by name, but the standard
 * library imports more of itself where it is used (importlib.resources
 * does, on a first visit), and such an import must never fail. It is the
 * library less the modules the snapshot holds already, packed like it. */
const LIBRARY = new URL("./library.br.bin", import.meta.url);
const EMPTY = new URL("./empty.zip", import.meta.url);

let library = null;
let libraryArrived = () => {};
/** Resolves with Python once its whole standard library is in place (for
 * scripts, and the test that imports from it). */
export const stdlib = new Promise((resolve) => {
  libraryArrived = resolve;
});

/** Fetch a file packed with Brotli and unpack it in `worker` as it downloads;
 * gives its bytes. */
async function unpacked(worker, url, size) {
  const what = url.pathname.split("/").pop();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what} could not be fetched (HTTP ${response.status})`);
  const result = await new Promise((resolve) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.onerror = (event) => resolve(event.message || "the worker that unpacks it failed");
    worker.postMessage({ body: response.body, size }, [response.body]);
  });
  if (typeof result === "string") throw new Error(`${what} could not be unpacked: ${result}`);
  return new Uint8Array(result);
}

/** The snapshot, unpacked by a worker while it downloads; then, by the same
 * worker, the rest of the standard library. */
async function snapshot() {
  const worker = new Worker(new URL("./unpack.js", import.meta.url), { type: "module" });
  try {
    const image = await unpacked(worker, SNAPSHOT, FORM.bytes);
    library = unpacked(worker, LIBRARY, FORM.library).finally(() => worker.terminate());
    library.catch(() => {}); // said when it is put in place
    return image;
  } catch (error) {
    worker.terminate();
    throw error;
  }
}

/** Put the runtime's own data back into the snapshot's first bytes, from the
 * memory WebAssembly has just made (before Pyodide copies the snapshot over
 * it). Data that is not the build's spoils the snapshot's header instead, so
 * that Pyodide refuses it and Python starts the usual way. */
function restore(memory, image) {
  const data = new Uint8Array(memory.buffer, 0, FORM.xor);
  if (checksum(data) !== FORM.check) {
    image[0] ^= 0xff;
    return;
  }
  xorInto(image.subarray(memoryStart(image)), data);
}

/** Put the standard library where Python looks for it, over the empty zip. */
async function placeLibrary(pyodide) {
  try {
    const zip = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('.zip'))");
    pyodide.FS.writeFile(zip, await library);
    pyodide.runPython(`
import importlib, sys, zipimport
sys.path_importer_cache.pop(${JSON.stringify(zip)}, None)
zipimport._zip_directory_cache.pop(${JSON.stringify(zip)}, None)
importlib.invalidate_caches()
`);
  } catch (error) {
    throw new Error(`the standard library could not be put in place: ${error}`);
  }
  libraryArrived(pyodide);
}

/** Free the snapshot once Python has started: its 31 MB are copied already.
 * Moving its memory to an empty buffer frees it now, not at the next garbage
 * collection, which Pyodide's reference to the snapshot would put off anyway. */
function release(image) {
  try {
    image.buffer.transfer(0);
  } catch {
    // (a browser without ArrayBuffer.transfer keeps it until the page goes)
  }
}

// Asked for as soon as this module is imported (web/ui.js imports it as the
// page starts, when it will start Python at once; web/ui/loading.js when a
// frame's reader presses Play), so that it downloads and unpacks while the
// page is wired up and PyScript starts.
let image = null;
const memory = snapshot().then((bytes) => (image = bytes));
memory.catch(() => {}); // a failure is Pyodide's to report, when it asks for the snapshot

/** Start Pyodide without WebAssembly stack switching (JSPI): it decides
 * whether to use it from what `WebAssembly` offers as it starts, so the names
 * it looks for are hidden until it has. With it, Chromium 156's renderer died
 * now and then as the page loaded (9 tests of 1,773 in one run), a
 * segmentation fault where the garbage collector, scanning the stack Python
 * ran on, read past its end (docs/page-loading.md, "Starting Python"). The page never
 * needs it: no code of the page or of PyScript calls `run_sync`, and the
 * snapshot was made without it. */
async function loadWithoutStackSwitching(settings) {
  const hidden = ["Suspending", "Suspender", "promising"]
    .map((name) => [name, Object.getOwnPropertyDescriptor(WebAssembly, name)])
    .filter(([, property]) => property);
  for (const [name] of hidden) delete WebAssembly[name];
  try {
    return await load(settings);
  } finally {
    for (const [name, property] of hidden) Object.defineProperty(WebAssembly, name, property);
  }
}

export async function loadPyodide(options) {
  const settings = { ...options, lockFileContents: LOCK };
  // Pyodide instantiates WebAssembly only once it has the snapshot.
  const stop = watchInstantiation((made) => image && restore(made, image));
  try {
    const fromSnapshot = { ...settings, stdLibURL: EMPTY.href, _loadSnapshot: memory };
    const pyodide = await loadWithoutStackSwitching(fromSnapshot);
    // The snapshot holds the state of Python's random numbers as the build
    // left it: without a new seed, every page would deal the same games.
    pyodide.runPython("import random; random.seed()");
    await placeLibrary(pyodide);
    document.documentElement.dataset.python = "snapshot";
    return pyodide;
  } catch (error) {
    stop();
    console.warn("Python starts without its snapshot:", error);
    document.documentElement.dataset.python = "plain";
    const pyodide = await loadWithoutStackSwitching(settings);
    libraryArrived(pyodide);
    return pyodide;
  } finally {
    stop();
    if (image) release(image);
  }
}
