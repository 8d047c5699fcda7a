// Compile Python sources to bytecode with the pinned Pyodide's own Python (run by
// build_runtime.py), so the browser's Python reads .pyc files instead of compiling every
// module it imports on a first visit.
//
//   node scripts/compile_bytecode.mjs <pyodide dir> stdlib <sources.zip> <out.zip>
//   node scripts/compile_bytecode.mjs <pyodide dir> wheels <out.zip> <wheel.whl>...
//
// stdlib: the trimmed standard library with each module's source replaced by its
//   bytecode (unchecked-hash .pyc: the zip holds no source to check it against; zipimport
//   reads foo.pyc for module foo), compiled without docstrings (as `python -OO` leaves
//   them out, but keeping `assert`s: the browser needs the code, not its documentation,
//   and they were a sixth of the bytes). Directories and other files are kept as they are.
// wheels: one zip of __pycache__/<module>.<cache tag>.pyc files for every module of the
//   wheels, at the paths they take in site-packages (the worker writes them beside the
//   unpacked wheels). Checked-hash .pyc: Python compares each with its source's hash, so
//   bytecode that does not match the source it sits beside is never run.
// Both are written reproducibly: sorted members, 1980 dates, and stored, not deflated: a
// host compresses the whole archive far better than zip compresses each member on its own
// (brotli finds what the modules share), the browser's Python reads a member without
// inflating it, and the worker copies the bytecode's members as they are. The
// <pyodide dir> needs py_compile (Pyodide's full standard library has it).
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const COMPILE = `
import ast, importlib.util, os, py_compile, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

FIXED = (1980, 1, 1, 0, 0, 0)

def add(out, name, data):
    info = zipfile.ZipInfo(name, date_time=FIXED)
    is_dir = name.endswith("/")
    info.external_attr = (0o40755 if is_dir else 0o100644) << 16
    info.compress_type = zipfile.ZIP_STORED
    out.writestr(info, data)

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)

def without_docstrings(tree):
    # Every docstring out, each line where it was (a traceback's line numbers stay right).
    for node in ast.walk(tree):
        if not isinstance(node, DOCUMENTED) or not node.body:
            continue
        first = node.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            if len(node.body) > 1:
                node.body.pop(0)
            else:
                node.body[0] = ast.copy_location(ast.Pass(), first)
    return tree

def stdlib_bytecode(source, shown_as):
    tree = without_docstrings(ast.parse(source, shown_as))
    code = compile(tree, shown_as, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

def bytecode(source, shown_as, mode):
    os.makedirs("/tmp/compile", exist_ok=True)
    with open("/tmp/compile/module.py", "wb") as file:
        file.write(source)
    py_compile.compile("/tmp/compile/module.py", cfile="/tmp/compile/module.pyc",
                       dfile=shown_as, doraise=True, invalidation_mode=mode)
    with open("/tmp/compile/module.pyc", "rb") as file:
        return file.read()

def compile_stdlib(source_zip, out_zip):
    # zipimport names a module's file <the zip's path>/<member>
    archive = next(path for path in sys.path if path.endswith(".zip"))
    compiled = 0
    with zipfile.ZipFile(source_zip) as sources, zipfile.ZipFile(out_zip, "w") as out:
        for name in sorted(sources.namelist()):
            data = sources.read(name)
            if name.endswith(".py"):
                add(out, name + "c", stdlib_bytecode(data, f"{archive}/{name}"))
                compiled += 1
            else:
                add(out, name, data)
    return compiled

def compile_wheels(wheels, out_zip):
    site_packages = next(path for path in sys.path if path.endswith("site-packages"))
    mode = py_compile.PycInvalidationMode.CHECKED_HASH
    members = {}
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                top = name.split("/", 1)[0]
                if not name.endswith(".py") or top.endswith((".dist-info", ".data")):
                    continue
                cached = importlib.util.cache_from_source(name)
                members[cached] = bytecode(archive.read(name), f"{site_packages}/{name}", mode)
    with zipfile.ZipFile(out_zip, "w") as out:
        for name in sorted(members):
            add(out, name, members[name])
    return len(members)
`;

async function main() {
  const [pyodideDir, kind, ...rest] = process.argv.slice(2);
  const usage = "usage: compile_bytecode.mjs <pyodide dir> stdlib <sources.zip> <out.zip>\n" +
    "       compile_bytecode.mjs <pyodide dir> wheels <out.zip> <wheel.whl>...";
  if (!pyodideDir || !["stdlib", "wheels"].includes(kind) || rest.length < 2) {
    console.error(usage);
    process.exit(2);
  }
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: resolve(pyodideDir) + "/",
    stderr: (line) => console.error(`[python] ${line}`),
  });
  pyodide.runPython(COMPILE);
  pyodide.FS.mkdirTree("/tmp/in");
  const copyIn = (path) => {
    const inside = `/tmp/in/${basename(path)}`;
    pyodide.FS.writeFile(inside, new Uint8Array(readFileSync(path)));
    return inside;
  };
  let outPath;
  let count;
  if (kind === "stdlib") {
    const [sources, out] = rest;
    outPath = out;
    count = pyodide.globals.get("compile_stdlib")(copyIn(sources), "/tmp/out.zip");
  } else {
    const [out, ...wheels] = rest;
    outPath = out;
    const inside = pyodide.toPy(wheels.map(copyIn));
    count = pyodide.globals.get("compile_wheels")(inside, "/tmp/out.zip");
    inside.destroy();
  }
  writeFileSync(outPath, pyodide.FS.readFile("/tmp/out.zip"));
  console.log(`bytecode: ${count} modules compiled into ${basename(outPath)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error && error.message ? error.message : error);
    process.exit(1);
  },
);
