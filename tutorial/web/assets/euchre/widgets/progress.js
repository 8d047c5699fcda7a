// "Your progress": the mastery map. Python draws it (progress.view and friends, through
// ../mastery.js, which keeps the record in localStorage); this module inserts the markup
// and forwards the clicks of its data-action buttons and the import file field.

import { morph } from "../dom.js";
import { callProgress } from "../mastery.js";

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
      say(root, "");
      if (value && value.html !== undefined) draw(root, value.html);
      return value;
    } catch (error) {
      say(root, error?.message ?? String(error));
      return null;
    } finally {
      root.removeAttribute("aria-busy");
    }
  }

  root.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || !root.contains(button) || root.dataset.ready !== "true") return;
    const action = button.dataset.action;
    if (action === "reset-skill") await run("progress.reset", { skill: button.dataset.skill });
    else if (action === "reset-all") await run("progress.reset", { skill: null });
    else if (action === "export") {
      const value = await run("progress.export");
      if (value) download(value.text, value.filename);
    }
  });
  root.addEventListener("change", async (event) => {
    const input = event.target.closest("input[type=file][data-action=import]");
    const file = input?.files?.[0];
    if (!file) return;
    await run("progress.import", { text: await file.text() });
  });
  document.addEventListener("euchre-progress", (event) => {
    if (!root.isConnected || event.detail?.method === "progress.view") return;
    run("progress.view");
  });

  try {
    await runtime.getRuntime();
  } catch {
    return; // attachStatus has said so and set data-ready="failed"
  }
  const first = await run("progress.view");
  root.dataset.ready = first ? "true" : "failed";
}
