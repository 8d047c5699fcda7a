// Try again from here: a finished deal restarted at one of its decisions. Python draws the
// whole panel (try_again.* through the bridge) and keeps the session as JSON; this module
// inserts the markup, sends back the session with each click of a data-action button, and
// reads the page's link (?deal=<share code>&at=<k>). In teacher mode it composes a link and
// prints the sheet.

import { listening, morph } from "../dom.js";

const LINK_KEYS = ["deal", "at"];

function body(root) {
  return root.querySelector("[data-ta-body]");
}

function say(root, text) {
  const note = root.querySelector("[data-ta-note]");
  if (note) note.textContent = text;
}

function draw(root, value, { focus = true } = {}) {
  const target = body(root);
  morph(target, value.html);
  if (value.session) target.dataset.session = JSON.stringify(value.session);
  for (const link of target.querySelectorAll("a[data-link]")) link.textContent = link.href;
  if (focus) target.querySelector("[data-focus]")?.focus();
}

function session(root) {
  const text = body(root).dataset.session;
  return text ? JSON.parse(text) : null;
}

/** Drop ?deal= and ?at= from the address bar (a bad link is not kept). */
function forgetLink() {
  const url = new URL(location.href);
  for (const key of LINK_KEYS) url.searchParams.delete(key);
  history.replaceState(history.state, "", url.href);
}

function printSheet() {
  const html = document.documentElement;
  html.classList.add("eu-ta-print");
  const done = () => html.classList.remove("eu-ta-print");
  window.addEventListener("afterprint", done, { once: true });
  window.print();
  setTimeout(done, 1000);
}

export async function mount(root, runtime) {
  const config = JSON.parse(root.dataset.config || "{}");
  const rules = JSON.parse(root.dataset.rules || "{}");
  const teacher = config.mode === "teacher";
  let busy = false;

  async function ask(method, payload) {
    root.setAttribute("aria-busy", "true");
    try {
      const engine = await runtime.getRuntime();
      const value = await engine.call(method, payload);
      say(root, "");
      return value;
    } catch (error) {
      say(root, error?.message ?? String(error));
      return null;
    } finally {
      root.removeAttribute("aria-busy");
    }
  }

  function field(name) {
    return root.querySelector(`[data-field="${name}"]`)?.value ?? null;
  }

  async function handle(button) {
    const action = button.dataset.action;
    if (action === "print") return printSheet();
    if (teacher && action === "compose") {
      const at = button.dataset.value === "deal" ? null : field("at");
      const value = await ask("try_again.compose", { seed: field("seed"), at, rules });
      if (value) draw(root, value, { focus: false });
      return;
    }
    const methods = { act: "try_again.act", finish: "try_again.finish", "new-try": "try_again.new_try" };
    if (!methods[action]) return;
    const value = await ask(methods[action], { session: session(root), value: button.dataset.value ?? null });
    if (value) draw(root, value);
  }

  root.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || !root.contains(button) || busy) return;
    if (root.dataset.ready !== "true") {
      // A tap before the engine runs is answered, not silently dropped.
      if (root.dataset.ready !== "failed") say(root, "One moment: the card engine is still starting.");
      return;
    }
    busy = true;
    try {
      await handle(button);
    } finally {
      busy = false;
    }
  });
  listening(root); // a tap made while this script loaded is answered now

  try {
    await runtime.getRuntime();
  } catch {
    return; // attachStatus has said so and set data-ready="failed"
  }
  const params = new URLSearchParams(location.search);
  if (!teacher && (params.has("deal") || params.has("at"))) {
    const value = await ask("try_again.open", { deal: params.get("deal"), at: params.get("at") });
    if (value) draw(root, value, { focus: false });
    else forgetLink(); // the note says why in one sentence; the sample deal stays
  }
  if (teacher) for (const link of root.querySelectorAll("a[data-link]")) link.textContent = link.href;
  root.dataset.ready = "true";
}
