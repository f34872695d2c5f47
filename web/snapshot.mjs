// Makes the memory snapshot the page starts Python from (docs/page-loading.md,
// "Starting Python"): Pyodide boots under Node, the game's wheel is unpacked
// where PyScript unpacks it on the page, the modules the page needs are
// imported, and the interpreter's memory is written out: its first bytes XORed
// with the runtime's own data (web/memory.mjs), then compressed with Brotli.
// Beside it, LIBRARY: the standard library without the modules the snapshot
// has imported already, its files stored (not deflated), so that Brotli packs
// them as one.
//
//   node web/snapshot.mjs PYODIDE_DIR WHEEL OUT LIBRARY LOCK_INFO_JSON PACKAGE MODULE...
//
// (PACKAGE, the first module, is the wheel's package: it must come from the wheel.)
// OUT.json gets what web/boot.mjs needs to read them: the snapshot's size
// unpacked, how many bytes are XORed, the checksum of the data they are XORed
// with, and the library's size unpacked.
//
// Run by build.py; the snapshot only fits the pyodide.asm.wasm it was made
// with, which build.py ships beside it.

import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import { checksum, memoryStart, watchInstantiation, xorInto } from "./memory.mjs";

/** Zero the memory Python has freed (it keeps what it last held, which packs
 * badly): take every free block the allocator will give without growing the
 * heap, zero it, and give it back. Nothing live is touched. */
function zeroFreeMemory(module) {
  const top = () => module.HEAPU32[module._emscripten_get_sbrk_ptr() >> 2];
  const taken = [];
  for (let size = 1 << 16; size >= 8; ) {
    const before = top();
    const block = module._malloc(size);
    if (block && top() === before) {
      module.HEAPU8.fill(0, block, block + size);
      taken.push(block);
    } else {
      if (block) module._free(block);
      size >>= 1;
    }
  }
  for (const block of taken) module._free(block);
}

/** Brotli at quality 9 with a 16 MB window (docs/page-loading.md, "Starting Python"). */
const pack = (bytes) =>
  brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });

const [pyodideDir, wheel, out, library, lockInfo, ...modules] = process.argv.slice(2);
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
  env: { PYTHONHASHSEED: "0" },
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
zeroFreeMemory(pyodide._module);
const snapshot = pyodide.makeMemorySnapshot();
xorInto(snapshot.subarray(memoryStart(snapshot)), data);
// Written after the snapshot is taken, so that the snapshot does not hold the
// work; a module imported here (none of the page's) would be in neither.
const rest = pyodide.runPython(`
import io, sys, zipfile, zipimport
archive = next(p for p in sys.path if p.endswith(".zip"))
imported = {
    file.removeprefix(archive + "/")
    for module in list(sys.modules.values())
    if isinstance(file := getattr(module, "__file__", None), str) and file.startswith(archive + "/")
}
# Read as Python reads it (zipfile would refuse one file, changed by
# Pyodide after the zip's checksums were written).
reader = zipimport.zipimporter(archive)
out = io.BytesIO()
with zipfile.ZipFile(archive) as stdlib, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as kept:
    for entry in stdlib.infolist():
        if entry.filename not in imported:
            entry.compress_type = zipfile.ZIP_STORED
            kept.writestr(entry, reader.get_data(entry.filename))
out.getvalue()
`).toJs();
const packed = pack(snapshot);
const restPacked = pack(rest);
writeFileSync(out, packed);
writeFileSync(library, restPacked);
const form = { bytes: snapshot.length, xor: data.length, check: checksum(data), library: rest.length };
writeFileSync(`${out}.json`, JSON.stringify(form));
const mb = (n) => (n / 1e6).toFixed(2);
console.log(
  `snapshot: ${mb(snapshot.length)} MB of memory, ${mb(packed.length)} MB packed, ${modules.length} modules imported; ` +
    `the rest of the standard library: ${mb(rest.length)} MB, ${mb(restPacked.length)} MB packed`,
);
