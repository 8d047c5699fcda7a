// The teacher's quiz builder: the form's settings go to the engine ("quiz.sheet"), which
// checks them and makes the questions, the answer key and their markup (drawn by
// euchre_tutorial.present.sheet); this module morphs the sheet in, fills in the share link
// and the embed code (whose pattern Python wrote into the page), and prints.

import { delegate, morph } from "../dom.js";

const WAIT_MS = 250;

function randomBelow(n) {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return buffer[0] % n;
}

/** Another of the seeds Python listed (their links show their first question at once), or
 * any seed when there is no other. */
function newSeed(seeds, current) {
  const others = seeds.filter((seed) => seed !== current);
  if (!others.length) return String(randomBelow(2 ** 32));
  return others[randomBelow(others.length)];
}

export async function mount(root, runtime) {
  const box = root.querySelector(".eu-qs");
  const form = box.querySelector(".eu-qs-form");
  const notes = box.querySelector(".eu-qs-notes");
  const link = box.querySelector(".eu-qs-link");
  const open = box.querySelector(".eu-qs-open");
  const embed = box.querySelector(".eu-qs-embed");
  const sheetSlot = box.querySelector(".eu-qs-sheet");
  const config = JSON.parse(root.dataset.config || "{}");
  const rules = JSON.parse(root.dataset.rules || "{}");
  const quizHref = new URL(box.dataset.quizHref, window.location.href);
  const embedHref = new URL(box.dataset.embedHref, window.location.href);
  const controls = [...box.querySelectorAll("input, select, textarea, button")];

  function showLinks(query) {
    const quizUrl = new URL(`?${query}`, quizHref);
    const embedUrl = new URL(`?${query}`, embedHref);
    link.value = quizUrl.href;
    open.href = quizUrl.href;
    embed.value = (box.dataset.embedTemplate ?? "").replace("{src}", embedUrl.href);
  }
  showLinks(new URL(link.value, window.location.href).search.slice(1));

  let engine;
  try {
    engine = await runtime.getRuntime();
  } catch {
    return; // the sheet of the default quiz stays, and the link above still works
  }

  function query() {
    const data = new FormData(form);
    const params = new URLSearchParams();
    const kinds = data.getAll("kinds");
    if (kinds.length) params.set("kinds", kinds.join(","));
    for (const name of ["seed", "count", "level", "traps"]) params.set(name, String(data.get(name) ?? ""));
    const house = String(data.get("house") ?? "").replace(/\s+/g, "");
    params.set("rules", house ? `${data.get("rules")},${house}` : String(data.get("rules")));
    // the lists of rules options (the deck, the joker...), when chosen, change those rules
    // (Python makes one rules code)
    for (const list of form.querySelectorAll("select[data-rules-option]")) {
      if (list.value) params.set(list.name, list.value);
    }
    return params.toString();
  }

  let ticket = 0;
  async function update() {
    const mine = ++ticket;
    box.setAttribute("aria-busy", "true");
    try {
      const model = await engine.call("quiz.sheet", { config, rules, query: query() });
      if (mine !== ticket) return;
      morph(sheetSlot, model.html);
      showLinks(model.spec.query);
      const kinds = new Set(model.spec.kinds);
      if (!form.querySelector("input[name=kinds]:checked")) {
        for (const check of form.querySelectorAll("input[name=kinds]")) check.checked = kinds.has(check.value);
      }
      notes.textContent = model.status;
    } catch (error) {
      if (mine === ticket) notes.textContent = `The card engine could not make this quiz: ${error?.message ?? error}`;
    } finally {
      if (mine === ticket) box.removeAttribute("aria-busy");
    }
  }

  let timer = 0;
  const later = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(update, WAIT_MS);
  };
  form.addEventListener("input", later);
  form.addEventListener("change", later);
  form.addEventListener("submit", (event) => event.preventDefault());
  delegate(box, async (action) => {
    if (action === "reseed") {
      const seeds = (box.dataset.seeds ?? "").split(",").filter(Boolean);
      form.elements.seed.value = newSeed(seeds, form.elements.seed.value);
      update();
    } else if (action === "print") {
      window.print();
    } else if (action === "copy") {
      try {
        await navigator.clipboard.writeText(link.value);
        notes.textContent = "Link copied.";
      } catch {
        link.select();
        notes.textContent = "Press Ctrl+C (or ⌘C) to copy the selected link.";
      }
    }
  });
  for (const control of controls) control.disabled = false;
  await update();
  root.dataset.ready = "true";
}
