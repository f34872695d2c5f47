// Runs pytest inside Pyodide under Node, against the built wheel.
//
//   node e2e/pyodide_pytest.mjs WHEEL TESTS_DIR SITE_PACKAGES [pytest args...]
//
// The wheel is unpacked into Pyodide's site-packages, exactly as the page gets
// it; the tests folder and the host's pure-Python test tools (pytest and its
// dependencies, from .venv) are mounted read-only from the host. Nothing is
// fetched: the npm pyodide package has no packages, and none are needed.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = join(root, "web", "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);

const [wheel, testsDir, sitePackages, ...pytestArgs] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const purelib = pyodide.runPython("import os, sysconfig; os.path.realpath(sysconfig.get_paths()['purelib'])");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: purelib });
pyodide.FS.mkdirTree("/host/tests");
pyodide.FS.mkdirTree("/host/site-packages");
pyodide.mountNodeFS("/host/tests", testsDir);
pyodide.mountNodeFS("/host/site-packages", sitePackages);
pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
const status = pyodide.runPython(`
import os, sys
os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
sys.path.append("/host/site-packages")
sys.dont_write_bytecode = True
os.chdir("/host/tests")
import iriri_core
print(f"iriri_core {iriri_core.__version__} from {iriri_core.__file__} on {sys.platform}, Python {sys.version.split()[0]}")
assert iriri_core.__file__.startswith(${JSON.stringify(purelib)}), "the engine must come from the wheel"
import pytest
int(pytest.main(["-p", "no:cacheprovider", "--rootdir", "/host/tests", *pytest_args]))
`);
process.exit(status);
