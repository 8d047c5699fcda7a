// The teacher's quiz builder: the form's settings go to the engine ("quiz.sheet"), which
// checks them and makes the questions and the answer key; this module draws the sheet
// (the same markup as euchre_tutorial/widgets/quiz_sheet.py's sheet_html), composes the
// share link and the embed code, and prints. Every text is set with textContent.

import { cardElement } from "../cards.js";
import { el } from "./quiz.js";

const WAIT_MS = 250;

function seat(text) {
  return el("span", "eu-quiz-seat", text);
}

function cardsList(entries, className) {
  const list = el("ol", className);
  for (const entry of entries) {
    const item = el("li");
    item.append(cardElement(entry.card));
    if (entry.seat) item.append(seat(entry.seat));
    list.append(item);
  }
  return list;
}

function itemElement(q) {
  const item = el("li", "eu-sheet-item");
  item.dataset.kind = q.kind;
  const head = el("p", "eu-sheet-q");
  const trump = el("span", `eu-sheet-trump eu-suit-${q.trump.suit}`, "Trump: ");
  const symbol = el("span", "", q.trump.symbol);
  symbol.setAttribute("aria-hidden", "true");
  trump.append(symbol, ` ${q.trump.name}`);
  head.append(el("strong", "", q.title), " ", trump);
  item.append(head);
  if (q.table.length) item.append(cardsList(q.table, "eu-sheet-cards"));
  if (q.facts.length) {
    const facts = el("ul", "eu-sheet-facts");
    for (const fact of q.facts) facts.append(el("li", "", fact));
    item.append(facts);
  }
  item.append(el("p", "eu-sheet-prompt", q.prompt));
  if (q.options.some((o) => o.card)) {
    item.append(cardsList(q.options, "eu-sheet-cards eu-sheet-options"));
  } else {
    const choices = el("ul", "eu-sheet-choices");
    for (const option of q.options) {
      const li = el("li");
      const box = el("span", "eu-sheet-box");
      box.setAttribute("aria-hidden", "true");
      li.append(box, option.label);
      choices.append(li);
    }
    item.append(choices);
  }
  return item;
}

function header(title, subtitle) {
  const head = el("header", "eu-sheet-head");
  head.append(el("h2", "eu-sheet-title", title), el("p", "eu-sheet-sub", subtitle));
  return head;
}

/** The sheet and its key, as quiz_sheet.py's sheet_html draws them. */
export function sheetElement(model) {
  const sheet = el("div", "eu-sheet");
  const questions = el("section", "eu-sheet-questions");
  const head = header(model.title, model.subtitle);
  const name = el("p", "eu-sheet-name", "Name: ");
  name.append(el("span", "eu-sheet-line"));
  head.append(name);
  const list = el("ol", "eu-sheet-list");
  for (const q of model.questions) list.append(itemElement(q));
  questions.append(head, list);

  const key = el("section", "eu-sheet-key");
  key.append(header("Answer key", `${model.title}. ${model.subtitle}`));
  const answers = el("ol", "eu-sheet-answers");
  for (const entry of model.key) {
    const li = el("li");
    li.append(el("strong", "", entry.answer), ` ${entry.reasons.join(" ")}`);
    answers.append(li);
  }
  key.append(answers);
  sheet.append(questions, key);
  return sheet;
}

function randomSeed() {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return buffer[0];
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
    embed.value =
      `<iframe src="${embedUrl.href}" title="Euchre trick quiz" width="100%" height="760" ` +
      `style="border:0;max-width:720px" loading="lazy"></iframe>`;
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
    return params.toString();
  }

  let ticket = 0;
  async function update() {
    const mine = ++ticket;
    box.setAttribute("aria-busy", "true");
    try {
      const model = await engine.call("quiz.sheet", { config, rules, query: query() });
      if (mine !== ticket) return;
      sheetSlot.replaceChildren(sheetElement(model));
      showLinks(model.spec.query);
      const kinds = new Set(model.spec.kinds);
      if (!form.querySelector("input[name=kinds]:checked")) {
        for (const check of form.querySelectorAll("input[name=kinds]")) check.checked = kinds.has(check.value);
      }
      notes.textContent = model.notes.length
        ? `Not used: ${model.notes.join(" ")}`
        : `${model.spec.count} questions ready. The link and the sheet match.`;
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
  box.querySelector(".eu-qs-reseed").addEventListener("click", () => {
    form.elements.seed.value = String(randomSeed());
    update();
  });
  box.querySelector(".eu-qs-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link.value);
      notes.textContent = "Link copied.";
    } catch {
      link.select();
      notes.textContent = "Press Ctrl+C (or ⌘C) to copy the selected link.";
    }
  });
  box.querySelector(".eu-qs-print").addEventListener("click", () => window.print());
  for (const control of controls) control.disabled = false;
  await update();
  root.dataset.ready = "true";
}
