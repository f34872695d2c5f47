// PyScript's interpreter module (pyscript.json, "interpreter"): Pyodide, but
// started from a memory snapshot of Python with the game already imported,
// which build.py makes; if the snapshot cannot be used, Python starts the
// usual way. docs/page.md ("Starting Python") has the figures and the risks.

import { loadPyodide as load, version } from "./pyodide.mjs";

export { version };

/** The runtime's lock file without its packages (the page loads none), so
 * that it is not fetched; build.py fills in its "info". */
const LOCK = { info: __LOCK_INFO__, packages: {} };

const SNAPSHOT = new URL("./snapshot.bin.gz", import.meta.url);

/** The snapshot, unzipped by a worker (it takes a fifth of a second or more,
 * which the page's own thread spends starting Pyodide instead). */
async function snapshot() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`the snapshot could not be fetched (HTTP ${response.status})`);
  const zipped = await response.arrayBuffer();
  const worker = new Worker(new URL("./gunzip.js", import.meta.url));
  const unzipped = await new Promise((resolve) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.onerror = (event) => resolve(event.message || "the worker that unzips it failed");
    worker.postMessage(zipped, [zipped]);
  });
  worker.terminate();
  if (typeof unzipped === "string") throw new Error(`the snapshot could not be unzipped: ${unzipped}`);
  return new Uint8Array(unzipped);
}

export async function loadPyodide(options) {
  const settings = { ...options, lockFileContents: LOCK };
  const memory = snapshot();
  memory.catch(() => {}); // a failure is Pyodide's to report, when it asks for the snapshot
  try {
    const pyodide = await load({ ...settings, _loadSnapshot: memory });
    // The snapshot holds the state of Python's random numbers as the build
    // left it: without a new seed, every page would deal the same games.
    pyodide.runPython("import random; random.seed()");
    document.documentElement.dataset.python = "snapshot";
    return pyodide;
  } catch (error) {
    console.warn("Python starts without its snapshot:", error);
    document.documentElement.dataset.python = "plain";
    return load(settings);
  }
}
