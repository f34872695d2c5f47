// Makes the memory snapshot the page starts Python from (docs/page.md,
// "Starting Python"): Pyodide boots under Node, the game's wheel is unpacked
// where PyScript unpacks it on the page, the modules the page needs are
// imported, and the interpreter's memory is written out: its first bytes XORed
// with the runtime's own data (web/memory.mjs), then compressed with Brotli.
//
//   node web/snapshot.mjs PYODIDE_DIR WHEEL OUT LOCK_INFO_JSON PACKAGE MODULE...
//
// (PACKAGE, the first module, is the wheel's package: it must come from the wheel.)
// OUT.json gets what web/boot.mjs needs to read it: its size unpacked, how
// many bytes are XORed, and the checksum of the data they are XORed with.
//
// Run by build.py; the snapshot only fits the pyodide.asm.wasm it was made
// with, which build.py ships beside it.

import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import { checksum, memoryStart, watchInstantiation, xorInto } from "./memory.mjs";

const [pyodideDir, wheel, out, lockInfo, ...modules] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
let data = null;
watchInstantiation((memory) => {
  const bytes = new Uint8Array(memory.buffer);
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  data = bytes.slice(0, Math.ceil(end / 4) * 4);
});
const pyodide = await loadPyodide({
  indexURL: `${pyodideDir}/`,
  lockFileContents: { info: JSON.parse(lockInfo), packages: {} },
  _makeSnapshot: true,
});
if (data === null) throw new Error("the runtime's memory was not seen as it started");
// PyScript's "files" unpacks the wheel into Python's working directory.
const home = pyodide.runPython("import os; os.getcwd()");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: home });
pyodide.runPython(`
import importlib, sys
for name in ${JSON.stringify(modules)}:
    importlib.import_module(name)
assert sys.modules[${JSON.stringify(modules[0])}].__file__.startswith(${JSON.stringify(home)}), "the game must come from the wheel"
`);
const snapshot = pyodide.makeMemorySnapshot();
xorInto(snapshot.subarray(memoryStart(snapshot)), data);
const packed = brotliCompressSync(snapshot, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 9,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: snapshot.length,
  },
});
writeFileSync(out, packed);
writeFileSync(`${out}.json`, JSON.stringify({ bytes: snapshot.length, xor: data.length, check: checksum(data) }));
console.log(
  `snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB of memory, ${(packed.length / 1e6).toFixed(2)} MB packed, ` +
    `${modules.length} modules imported`,
);
