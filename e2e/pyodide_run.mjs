// Runs Python code inside Pyodide under Node, against the built wheel.
//
//   node e2e/pyodide_run.mjs WHEEL CODE [HOST_DIR=GUEST_DIR ...]
//
// The wheel is unpacked into Pyodide's site-packages, exactly as the page gets
// it; each HOST_DIR is mounted from the host at GUEST_DIR (for tests, and for
// the host's pure-Python test tools). CODE runs last; the value of its last
// expression, an int, is the exit status. Nothing is fetched: the npm pyodide
// package has no packages, and none are needed.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = join(root, "web", "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);

const [wheel, code, ...mounts] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const purelib = pyodide.runPython("import os, sysconfig; os.path.realpath(sysconfig.get_paths()['purelib'])");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: purelib });
for (const mount of mounts) {
  const [host, guest] = mount.split("=");
  pyodide.FS.mkdirTree(guest);
  pyodide.mountNodeFS(guest, host);
}
pyodide.runPython(`
import sys
import iriri_core
print(f"iriri_core {iriri_core.__version__} from {iriri_core.__file__} on {sys.platform}, Python {sys.version.split()[0]}", file=sys.stderr)
assert iriri_core.__file__.startswith(${JSON.stringify(purelib)}), "the engine must come from the wheel"
`);
const status = pyodide.runPython(code);
process.exit(typeof status === "number" ? status : 0);
