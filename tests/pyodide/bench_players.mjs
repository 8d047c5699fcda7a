// Decision times of the strong player and the coach under Pyodide in Node.
//
//   node tests/pyodide/bench_players.mjs <engine.zip or wheel> [deals] [table]
//
// Loads the pinned node_modules/pyodide, unpacks our engine (a wheel or a zip of the
// `euchre` package) into site-packages as scripts/make_snapshot.mjs does, plays `deals`
// deals of strong self-play at `table` (a table key: "4", "3" for cutthroat, "6" for two
// teams of three; default "4") and times every decision and the coach's advice on it, both
// on the clock (wall time) and in CPU time of this process (Node's process.cpuUsage: what
// the decision costs when the machine is not shared with other work).
// Prints one JSON line: {"strong": [ms...], "strong_plays": [ms...], "coach": [ms...],
// "strong_cpu": [ms...], "strong_plays_cpu": [ms...], "coach_cpu": [ms...]}.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const [archive, dealsArg, tableArg] = process.argv.slice(2);
if (!archive) {
  console.error("usage: bench_players.mjs <engine.zip|wheel.whl> [deals] [table]");
  process.exit(2);
}
const deals = Number(dealsArg || 12);
const table = JSON.stringify(String(tableArg || "4"));
const pyodideDir = resolve(root, "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const sitePackages = pyodide.runPython(
  "import sys; [p for p in sys.path if p.endswith('site-packages')][0]",
);
const format = archive.endsWith(".whl") ? "wheel" : "zip";
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), format, { extractDir: sitePackages });
const out = pyodide.runPython(`
import importlib, json, time
importlib.invalidate_caches()
import euchre
from euchre import Deal, HandState, Phase, Rules

rules = Rules().at_table(${table})
states = []
for index in range(${deals}):
    deal = Deal.random(seed=7919 * index + 3, dealer=index % rules.players, rules=rules)
    players = [euchre.computer_player("strong", seed=seat) for seat in range(rules.players)]
    state = HandState.new(deal, rules)
    while state.result is None:
        states.append(state)
        state = state.apply(players[state.to_act].choose(state))

from js import process

def cpu_ms():
    used = process.cpuUsage()
    return (used.user + used.system) / 1000

def timed(call, items):
    wall, cpu = [], []
    for item in items:
        start, start_cpu = time.perf_counter(), cpu_ms()
        call(item)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append(cpu_ms() - start_cpu)
    return wall, cpu

strong = euchre.computer_player("strong", seed=0)
plays = [s for s in states if s.phase is Phase.PLAY]
out = {}
for key, call, items in (("strong", strong.choose, states),
                         ("strong_plays", strong.choose, plays),
                         ("coach", euchre.coach, states)):
    out[key], out[key + "_cpu"] = timed(call, items)
json.dumps(out)
`);
console.log(out);
