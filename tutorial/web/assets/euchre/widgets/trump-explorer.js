// The trump explorer: the reader picks a trump suit; the engine (in Pyodide, through the
// bridge method "trump_explorer.order") answers with every suit's cards in order, and this
// module draws that answer. It never works out an order itself.
// The markup drawn here is the same as euchre_tutorial/widgets/trump_explorer.py's.

import { cardElement } from "../cards.js";

const METHOD = "trump_explorer.order";
const MOVE_MS = 480;

function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One suit's row, as euchre_tutorial.widgets.trump_explorer._row_html draws it. */
function rowElement(row) {
  const item = el("li", row.trump ? "eu-te-row eu-te-row--trump" : "eu-te-row");
  item.dataset.suit = row.suit;

  const head = el("p", "eu-te-head");
  const name = el("span", `eu-te-suit eu-suit-${row.suit}`);
  const symbol = el("span", "eu-te-symbol", row.symbol);
  symbol.setAttribute("aria-hidden", "true");
  name.append(symbol, ` ${row.name}`);
  head.append(name);
  if (row.trump) head.append(el("span", "eu-te-tag", "trump"));
  head.append(el("span", "eu-te-count", row.count));

  const list = el("ol", "eu-cards eu-te-cards");
  list.setAttribute("aria-label", `${row.name}, highest first`);
  const slots = row.cards.map((entry) => {
    const slot = el("li", entry.role ? `eu-te-slot eu-te-slot--${entry.role}` : "eu-te-slot");
    slot.append(cardElement(entry.code, { note: entry.note ?? "" }));
    if (entry.badge) slot.append(el("span", "eu-te-badge", entry.badge));
    return slot;
  });
  if (row.gap) {
    const gap = el("li", "eu-te-slot eu-te-gap");
    gap.setAttribute("aria-hidden", "true");
    gap.dataset.gap = row.gap.code;
    gap.append(el("span", "eu-te-gap-card", row.gap.text));
    slots.splice(row.gap.at, 0, gap);
  }
  list.append(...slots);
  item.append(head, list);
  if (row.note) item.append(el("p", "eu-te-note", row.note));
  return item;
}

function positions(container) {
  const out = new Map();
  for (const card of container.querySelectorAll(".eu-card[data-card]")) {
    out.set(card.dataset.card, card.getBoundingClientRect());
  }
  return out;
}

/** Slide every card from where it was to where it is now; the left bower takes the eye. */
function animateMoves(container, before) {
  for (const card of container.querySelectorAll(".eu-card[data-card]")) {
    const old = before.get(card.dataset.card);
    if (!old) continue;
    const now = card.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    const slot = card.closest(".eu-te-slot");
    const isBower = slot?.classList.contains("eu-te-slot--left");
    card.animate(
      [
        { transform: `translate(${dx}px, ${dy}px)`, zIndex: 2 },
        { transform: "translate(0, 0)", zIndex: 2 },
      ],
      { duration: isBower ? MOVE_MS * 1.4 : MOVE_MS, easing: "cubic-bezier(.2,.7,.2,1)" },
    );
    if (isBower) slot.classList.add("eu-te-slot--arrived");
  }
}

export function draw(root, model, { animate = false } = {}) {
  const rows = root.querySelector(".eu-te-rows");
  const summary = root.querySelector(".eu-te-summary");
  const before = animate && !reducedMotion() ? positions(rows) : null;
  rows.replaceChildren(...model.rows.map(rowElement));
  if (summary.textContent !== model.summary) summary.textContent = model.summary;
  root.dataset.trump = model.trump;
  if (before) animateMoves(rows, before);
}

export async function mount(root, runtime) {
  const rules = JSON.parse(root.dataset.rules || "{}");
  const radios = [...root.querySelectorAll(".eu-te-chooser input[type=radio]")];
  const status = root.querySelector("[data-widget-status]");
  let ticket = 0;

  async function show(trump, animate) {
    const mine = ++ticket;
    root.setAttribute("aria-busy", "true");
    try {
      const engine = await runtime.getRuntime();
      const model = await engine.call(METHOD, { trump, rules });
      if (mine !== ticket) return false;
      draw(root, model, { animate });
      if (status?.classList.contains("eu-te-error")) {
        status.textContent = "";
        status.classList.remove("eu-te-error");
      }
      return true;
    } catch (error) {
      if (mine === ticket && root.dataset.ready === "true" && status) {
        status.textContent = `The card engine could not answer: ${error?.message ?? error}`;
        status.classList.add("eu-te-error");
      }
      throw error;
    } finally {
      if (mine === ticket) root.removeAttribute("aria-busy");
    }
  }

  for (const radio of radios) {
    radio.disabled = false;
    radio.addEventListener("change", () => {
      if (radio.checked) show(radio.value, true).catch(() => {});
    });
  }

  try {
    await runtime.getRuntime();
  } catch {
    // The runtime could not start: attachStatus has said so and set data-ready="failed".
    for (const radio of radios) radio.disabled = true;
    return;
  }
  // The engine's first answer redraws the build-time state (the same picture, now live).
  const chosen = radios.find((radio) => radio.checked)?.value ?? "h";
  try {
    await show(chosen, false);
  } catch (error) {
    if (ticket > 1) return; // a later click superseded the first answer
    root.dataset.ready = "failed";
    for (const radio of radios) radio.disabled = true;
    if (status) status.textContent = "The trump explorer could not reach the card engine. The order shown is still correct.";
    console.warn("euchre: trump explorer", error);
    return;
  }
  root.dataset.ready = "true";
}
