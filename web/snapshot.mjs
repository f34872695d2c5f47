// Makes the memory snapshot the page starts Python from (docs/page.md,
// "Starting Python"): Pyodide boots under Node, the game's wheel is unpacked
// where PyScript unpacks it on the page, the modules the page needs are
// imported, and the interpreter's memory is written out, gzipped.
//
//   node web/snapshot.mjs PYODIDE_DIR WHEEL OUT LOCK_INFO_JSON PACKAGE MODULE...
//
// (PACKAGE, the first module, is the wheel's package: it must come from the wheel.)
//
// Run by build.py; the snapshot only fits the pyodide.asm.wasm it was made
// with, which build.py ships beside it.

import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, wheel, out, lockInfo, ...modules] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({
  indexURL: `${pyodideDir}/`,
  lockFileContents: { info: JSON.parse(lockInfo), packages: {} },
  _makeSnapshot: true,
});
// PyScript's "files" unpacks the wheel into Python's working directory.
const home = pyodide.runPython("import os; os.getcwd()");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: home });
pyodide.runPython(`
import importlib, sys
for name in ${JSON.stringify(modules)}:
    importlib.import_module(name)
assert sys.modules[${JSON.stringify(modules[0])}].__file__.startswith(${JSON.stringify(home)}), "the game must come from the wheel"
`);
const memory = pyodide.makeMemorySnapshot();
writeFileSync(out, gzipSync(memory, { level: 9 }));
console.log(`snapshot: ${(memory.length / 1e6).toFixed(1)} MB of memory, ${modules.length} modules imported`);
