// "Your progress": the mastery map. Python draws it (progress.view and friends, through
// ../mastery.js, which keeps the record in localStorage); this module inserts the markup
// and forwards the clicks of its data-action buttons and the import file field.

import { morph } from "../dom.js";
import { STORAGE_KEY, callProgress, takeWaitingNotes } from "../mastery.js";
import { confirmations } from "../play/confirm.js";

function draw(root, html) {
  morph(root.querySelector("[data-pg-body]"), html);
}

function say(root, text) {
  const note = root.querySelector("[data-pg-note]");
  if (note) note.textContent = text;
}

function download(text, filename) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function mount(root, runtime) {
  async function run(method, payload = {}) {
    root.setAttribute("aria-busy", "true");
    try {
      const value = await callProgress(method, payload);
      // The map comes with its note line, which says what the engine notes ("All your
      // progress was reset."), once.
      if (value && value.html !== undefined) draw(root, value.html);
      return value;
    } catch (error) {
      say(root, error?.message ?? String(error));
      return null;
    } finally {
      root.removeAttribute("aria-busy");
    }
  }

  // An import replaces the record (it does not merge): the file is read, then the page
  // asks; turned down, the file is forgotten (and the same file can be chosen again).
  let pendingImport = null;
  const confirmBox = confirmations(root, (key) => {
    if (key !== "import") return;
    pendingImport = null;
    const field = root.querySelector("input[type=file][data-action=import]");
    if (field) field.value = "";
  });
  // After a reset the focus would fall to the page's top with the button it was on.
  const landing = () => root.querySelector("#eu-pg-skills-h, [data-pg-body] h3");

  root.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || !root.contains(button) || root.dataset.ready !== "true") return;
    const action = button.dataset.action;
    if (action === "reset-skill") confirmBox.open(`reset-skill-${button.dataset.skill}`, button);
    else if (action === "reset-all") confirmBox.open("reset-all", button);
    else if (action === "confirm-no") confirmBox.close(button, true);
    else if (action === "import-yes") {
      confirmBox.close(button);
      const text = pendingImport;
      pendingImport = null;
      if (text !== null) await run("progress.import", { text });
    }
    else if (action === "reset-skill-yes" || action === "reset-all-yes") {
      confirmBox.close(button);
      await run("progress.reset", { skill: action === "reset-all-yes" ? null : button.dataset.skill });
      const heading = landing();
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
    }
    else if (action === "export") {
      const value = await run("progress.export");
      if (value) download(value.text, value.filename);
    }
  });
  root.addEventListener("change", async (event) => {
    const input = event.target.closest("input[type=file][data-action=import]");
    const file = input?.files?.[0];
    if (!file) return;
    pendingImport = await file.text();
    confirmBox.open("import", input);
  });
  // Another widget on this page changed the record: redraw. Not after this map's own
  // reset or import, whose reply is the map already, with its note (a redraw would wipe it).
  const OWN = new Set(["progress.view", "progress.reset", "progress.import", "progress.export"]);
  document.addEventListener("euchre-progress", (event) => {
    if (!root.isConnected || OWN.has(event.detail?.method)) return;
    run("progress.view");
  });
  // Another tab recorded an answer (or reset, or imported): redraw from the stored record.
  window.addEventListener("storage", (event) => {
    if (root.isConnected && root.dataset.ready === "true" && (event.key === STORAGE_KEY || event.key === null)) {
      run("progress.view");
    }
  });

  try {
    await runtime.getRuntime();
  } catch {
    return; // attachStatus has said so and set data-ready="failed"
  }
  const first = await run("progress.view");
  root.dataset.ready = first ? "true" : "failed";
  // Another page repaired the record since the last visit: say so here, once.
  const waiting = takeWaitingNotes();
  if (waiting.length) say(root, [root.querySelector("[data-pg-note]")?.textContent, ...waiting].filter(Boolean).join(" "));
}
