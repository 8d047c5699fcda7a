// The trump explorer. Python draws everything (euchre_tutorial.present.explorer): the build
// wrote each trump's rows and each card's panel into the page (a JSON island), so a choice
// is answered the moment the page is drawn; once the engine runs, "trump_explorer.view"
// renders the same markup. This module only looks answers up, morphs them in and forwards
// the reader's choices. It never works out an order itself.

import { delegate, morph } from "../dom.js";

const METHOD = "trump_explorer.view";

function readIsland(root) {
  const island = root.querySelector(".eu-prerendered[data-island]");
  if (!island) return { view: {}, panel: {} };
  try {
    return JSON.parse(island.dataset.island);
  } catch {
    return { view: {}, panel: {} };
  }
}

export async function mount(root, runtime) {
  const rules = JSON.parse(root.dataset.rules || "{}");
  const explorer = root.querySelector(".eu-te");
  const regions = {
    view: explorer.querySelector("[data-region=view]"),
    panel: explorer.querySelector("[data-region=panel]"),
  };
  const status = root.querySelector("[data-widget-status]");
  const built = readIsland(root);
  const radios = [...explorer.querySelectorAll(".eu-te-chooser input[type=radio]")];
  let engine = null;
  let ticket = 0;
  let trump = radios.find((radio) => radio.checked)?.value ?? "h";
  let card = null;
  root.dataset.trump = trump;

  async function answer(wanted) {
    // Python's answer once it runs; before that, the one the build wrote.
    if (engine) return (await engine.call(METHOD, { ...wanted, rules })).html;
    const html = { view: built.view[wanted.trump] };
    if (wanted.card) html.panel = built.panel[wanted.card];
    if (!html.view || (wanted.card && !html.panel)) {
      const ready = await runtime.getRuntime();
      return (await ready.call(METHOD, { ...wanted, rules })).html;
    }
    return html;
  }

  async function show(change, animate) {
    const mine = ++ticket;
    root.setAttribute("aria-busy", "true");
    try {
      const html = await answer({ trump, card, ...change });
      if (mine !== ticket) return;
      if (change.trump) {
        trump = change.trump;
        morph(regions.view, html.view, { animate });
        root.dataset.trump = trump;
      }
      if (change.card && html.panel) {
        card = change.card;
        morph(regions.panel, html.panel);
        regions.panel.scrollIntoView?.({ block: "nearest" });
      }
      if (status?.classList.contains("eu-te-error")) {
        status.textContent = "";
        status.classList.remove("eu-te-error");
      }
    } catch (error) {
      if (mine === ticket && status) {
        status.textContent = `The card engine could not answer: ${error?.message ?? error}`;
        status.classList.add("eu-te-error");
      }
    } finally {
      if (mine === ticket) root.removeAttribute("aria-busy");
    }
  }

  explorer.addEventListener("change", (event) => {
    const radio = event.target.closest?.("input[type=radio][data-action=trump]");
    if (radio?.checked) show({ trump: radio.value }, true);
  });
  delegate(explorer, (action, element) => {
    if (action === "card") show({ card: element.dataset.card }, false);
  });
  for (const radio of radios) radio.disabled = false;
  // Ready at once: every answer is in the page. (When the engine has already failed, the
  // status line says so and keeps data-ready="failed"; the explorer still works.)
  if (root.dataset.ready !== "failed") root.dataset.ready = "true";

  try {
    engine = await runtime.getRuntime();
  } catch {
    // The engine cannot start here: every answer the build wrote still works.
  }
}
