// Try again from here: a finished deal restarted at one of its decisions. Python draws the
// whole panel (try_again.* through the bridge) and keeps the session as JSON; this module
// inserts the markup, sends back the session with each click of a data-action button, and
// reads the page's link (?deal=<share code>&at=<k>). Without a link it shows the sample deal
// and asks Python to list the learner's own deals from the free-play game this browser
// keeps. In teacher mode it composes a link and prints the sheet.

import { listening, morph } from "../dom.js";
import { GAME_KEY, GAME_VERSION, isGameRecord, peekRecord } from "../play/storage.js";

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
  // A button tapped before the engine ran, and the deal it was tapped in ({button, drawn}):
  // answered once the engine runs, if that deal is still the one drawn.
  let early = null;

  /** Ask Python; a refusal is said in the note line. `keep`: the note already there (a bad
   * link's) stays when this answer comes back fine. */
  async function ask(method, payload, keep = false) {
    root.setAttribute("aria-busy", "true");
    try {
      const engine = await runtime.getRuntime();
      const value = await engine.call(method, payload);
      if (!keep) say(root, "");
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
      // A tap before the engine runs is answered once it does (the last one), not dropped.
      if (root.dataset.ready === "failed") return;
      early = { button, drawn: body(root)?.dataset.session ?? null };
      say(root, "One moment: the card engine is still starting. Your choice will be answered as soon as it is ready.");
      return;
    }
    busy = true;
    try {
      await handle(button);
    } finally {
      busy = false;
    }
  });
  // A "Try again from here" link to another decision of this page (the learner's own
  // deals, a costly play in hindsight) is opened in place: no page load, and Material's
  // instant navigation, which ignores a link to the page it is on, never sees it.
  root.addEventListener("click", (event) => {
    const link = event.target.closest("a.eu-try-again");
    if (teacher || !link || !root.contains(link) || event.button !== 0) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname) return;
    event.preventDefault();
    event.stopPropagation();
    history.pushState(history.state, "", url.href);
    if (root.dataset.ready === "true") {
      showLocation({ focus: true });
    } else if (root.dataset.ready !== "failed") {
      // mount opens the address once the engine is ready
      say(root, "One moment: the card engine is still starting.");
    }
  });
  const pagePath = location.pathname;
  const onPopState = () => {
    // a widget instant navigation has taken away stops listening (widgets have no unmount)
    if (!root.isConnected) {
      window.removeEventListener("popstate", onPopState);
      return;
    }
    // Back or Forward between this page's own addresses (another page is Material's)
    if (location.pathname === pagePath && root.dataset.ready === "true") showLocation({ focus: false });
  };
  window.addEventListener("popstate", onPopState);
  listening(root); // a tap made while this script loaded is answered now

  const own = root.querySelector("[data-ta-own]");
  const sample = { html: body(root).innerHTML, session: body(root).dataset.session ?? null };
  let showingSample = true;
  let ownListed = false; // Python has listed the learner's own deals (once per visit)

  /** Draw what the address asks for: a link's deal, else the sample beside the learner's
   * own deals from free play. */
  async function showLocation({ focus }) {
    const params = new URLSearchParams(location.search);
    let refused = false; // a link's deal could not be opened: its note stays
    if (params.has("deal") || params.has("at")) {
      // the link's deal opens whenever it can be read; a decision it lacks gets a note
      const value = await ask("try_again.open_address", { deal: params.get("deal"), at: params.get("at") });
      if (value) {
        draw(root, value, { focus });
        if (value.note) say(root, value.note);
        showingSample = false;
        if (own) own.hidden = true;
        return;
      }
      forgetLink(); // the note says why in one sentence; the sample deal stays
      refused = true;
    }
    if (!showingSample && sample.session) {
      draw(root, { html: sample.html, session: JSON.parse(sample.session) }, { focus });
      showingSample = true;
    }
    if (!own) return;
    own.hidden = false;
    if (ownListed) return; // the free-play game does not change while this page is open
    const game = peekRecord(GAME_KEY, GAME_VERSION, isGameRecord);
    if (game) {
      const value = await ask("try_again.own_deals", { save: game.save }, refused);
      if (!value) return; // the note says why; asked again the next time
      morph(own, value.html);
    }
    ownListed = true;
  }

  try {
    await runtime.getRuntime();
  } catch {
    return; // attachStatus has said so and set data-ready="failed"
  }
  if (!teacher) await showLocation({ focus: false });
  if (teacher) for (const link of root.querySelectorAll("a[data-link]")) link.textContent = link.href;
  root.dataset.ready = "true";
  // still the deal it was tapped in (a link's deal, drawn meanwhile, replaces it)
  const tapped = early;
  early = null;
  if (tapped && tapped.button.isConnected && (body(root)?.dataset.session ?? null) === tapped.drawn && !busy) {
    busy = true;
    try {
      await handle(tapped.button);
    } finally {
      busy = false;
    }
  }
}
