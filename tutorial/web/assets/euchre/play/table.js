// The card table of the lessons and of free play. It draws the model the engine sends
// (euchre_tutorial/lessons/table.py) with the same markup as lessons/markup.py draws at
// build time, and forwards clicks. It decides nothing about the rules: a click on a card
// is sent as it is, and the engine answers whether it may be played.

import { cardElement } from "../cards.js";
import { moveDuration, still } from "./effects.js";

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function backs(count) {
  const wrap = el("span", "eu-backs");
  wrap.setAttribute("role", "img");
  wrap.setAttribute("aria-label", `${count} ${count === 1 ? "card" : "cards"}`);
  for (let i = 0; i < count; i += 1) {
    const back = el("span", "eu-back");
    back.setAttribute("aria-hidden", "true");
    wrap.append(back);
  }
  return wrap;
}

function badge(kind, text) {
  const node = el("span", `eu-badge eu-badge--${kind}`, text);
  return node;
}

/** Arrow keys move between the cards of the hand; Enter or Space plays the focused one. */
function rovingFocus(list) {
  const buttons = () => [...list.querySelectorAll("button.eu-card")];
  list.addEventListener("keydown", (event) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (at + 1) % all.length;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (at - 1 + all.length) % all.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = all.length - 1;
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    for (const button of all) button.tabIndex = -1;
    all[next].tabIndex = 0;
    all[next].focus();
  });
  list.addEventListener("focusin", (event) => {
    const target = event.target.closest("button.eu-card");
    if (!target) return;
    for (const button of buttons()) button.tabIndex = button === target ? 0 : -1;
  });
}

function seatElement(seat, model, handlers) {
  const section = el("section", `eu-seat${seat.to_act ? " eu-seat--turn" : ""}`);
  section.dataset.place = seat.place;
  section.dataset.seat = String(seat.seat);
  const head = el("p", "eu-seat-head");
  head.append(el("span", "eu-seat-name", seat.name + (seat.partner ? " · partner" : "")));
  if (seat.dealer) head.append(badge("dealer", "Dealer"));
  if (seat.maker) head.append(badge("maker", "Maker"));
  if (seat.out) head.append(badge("out", "Sits out"));
  head.append(el("span", "eu-seat-tricks", `${seat.tricks} ${seat.tricks === 1 ? "trick" : "tricks"}`));
  section.append(head);
  const bid = el("p", "eu-bid", seat.bid || "");
  bid.hidden = !seat.bid;
  section.append(bid);
  if (seat.place === "bottom") {
    const list = el("ul", "eu-hand");
    list.setAttribute("aria-label", model.your_turn ? `Your hand: ${model.prompt}` : "Your hand");
    (seat.hand || []).forEach((code, index) => {
      const item = el("li");
      const button = cardElement(code, { button: true });
      button.tabIndex = index === 0 ? 0 : -1;
      button.addEventListener("click", () => handlers.onCard?.(code, button));
      item.append(button);
      list.append(item);
    });
    rovingFocus(list);
    section.append(list);
  } else if (seat.hand) {
    const list = el("ul", "eu-cards eu-open-hand");
    for (const code of seat.hand) {
      const item = el("li");
      item.append(cardElement(code));
      list.append(item);
    }
    section.append(list);
  } else {
    section.append(backs(seat.cards));
  }
  return section;
}

function centerElement(model) {
  const center = el("div", "eu-center");
  const places = Object.fromEntries(model.seats.map((s) => [s.seat, s.place]));
  const trump = el("p", model.trump ? `eu-trump eu-suit-${model.trump.letter}` : "eu-trump");
  if (model.trump) {
    trump.append("Trump: ");
    const symbol = el("span", null, model.trump.symbol);
    symbol.setAttribute("aria-hidden", "true");
    trump.append(symbol, ` ${model.trump.name}`);
  } else {
    trump.textContent = "Trump not made yet";
  }
  center.append(trump);
  if (model.upcard_state === "offered" || model.upcard_state === "turned-down") {
    const up = el("p", `eu-upcard eu-upcard--${model.upcard_state}`);
    up.append(cardElement(model.upcard), el("span", null, model.upcard_state === "offered" ? "Upcard" : "Turned down"));
    center.append(up);
  }
  const trick = el("div", "eu-trick");
  trick.setAttribute("role", "group");
  trick.setAttribute("aria-label", "Cards played to this trick");
  let cards = model.trick;
  let done = false;
  if (cards.length === 0 && model.last_trick?.just_done) {
    cards = model.last_trick.cards;
    done = true;
  }
  for (const played of cards) {
    const spot = el("span", "eu-played");
    spot.dataset.place = places[played.seat];
    spot.dataset.card = played.card;
    const card = cardElement(played.card, { note: `played by ${model.names[played.seat]}` });
    if (done && played.seat === model.last_trick.winner) spot.classList.add("eu-played--winner");
    spot.append(card);
    trick.append(spot);
  }
  center.append(trick);
  if (done) {
    const note = el("p", "eu-trick-note", `${model.last_trick.winner_name} ${model.last_trick.winner_name === "You" ? "take" : "takes"} the trick. ${model.last_trick.why}`);
    note.setAttribute("role", "status");
    center.append(note);
  }
  return center;
}

const OFFSETS = {
  bottom: [0, 1], top: [0, -1], left: [-1, 0], right: [1, 0], "top-left": [-0.7, -0.7], "top-right": [0.7, -0.7],
};

/** Slide the newly played cards in from their seat's side (never with reduced motion). */
function animateArrivals(table, previous) {
  if (still()) return;
  const before = new Set((previous?.trick ?? []).map((p) => p.card));
  for (const spot of table.querySelectorAll(".eu-played")) {
    if (before.has(spot.dataset.card)) continue;
    const [dx, dy] = OFFSETS[spot.dataset.place] ?? [0, 0];
    spot.animate(
      [
        { transform: `translate(${dx * 60}px, ${dy * 60}px)`, opacity: 0.2 },
        { transform: "translate(0, 0)", opacity: 1 },
      ],
      { duration: moveDuration(), easing: "cubic-bezier(.2,.7,.2,1)" },
    );
  }
}

/**
 * Draw `model` into `container` (which gets .eu-table, .eu-prompt and .eu-choices).
 * handlers: onCard(code, button), onChoice(action, button).
 */
export function drawTable(container, model, handlers = {}, previous = null) {
  const focused = document.activeElement;
  const hadFocus = container.contains(focused);
  const focusCard = hadFocus ? focused.closest("button.eu-card")?.dataset.card : null;
  const focusAction = hadFocus ? focused.dataset?.action : null;

  const table = el("div", "eu-table");
  table.dataset.phase = model.phase;
  if (model.seats.length !== 4) table.dataset.players = String(model.seats.length);
  if (model.your_turn) table.classList.add("eu-table--your-turn");
  for (const seat of model.seats) table.append(seatElement(seat, model, handlers));
  table.append(centerElement(model));

  const prompt = el("p", "eu-prompt", model.prompt);
  prompt.setAttribute("aria-live", "polite");
  const choices = el("div", "eu-choices");
  for (const choice of model.choices) {
    const button = el("button", "md-button eu-choice", choice.label);
    button.type = "button";
    button.dataset.action = choice.action;
    if (choice.action === "pass") button.classList.add("eu-choice--pass");
    button.addEventListener("click", () => handlers.onChoice?.(choice.action, button));
    choices.append(button);
  }
  container.replaceChildren(table, prompt, choices);
  animateArrivals(table, previous);

  if (hadFocus) {
    const again =
      (focusCard && table.querySelector(`.eu-hand button[data-card="${focusCard}"]`)) ||
      (focusAction && choices.querySelector(`button[data-action="${CSS.escape(focusAction)}"]`)) ||
      firstControl(container);
    again?.focus();
  }
}

/** The first thing to press: a choice button, else the hand's focusable card. */
export function firstControl(container) {
  return (
    container.querySelector(".eu-choices button") ??
    container.querySelector(".eu-hand button.eu-card[tabindex='0']") ??
    container.querySelector(".eu-hand button.eu-card")
  );
}

/** Shake a card that may not be played (no movement with reduced motion). */
export function refuse(button) {
  if (!button) return;
  button.classList.add("eu-refused");
  setTimeout(() => button.classList.remove("eu-refused"), 700);
  if (still()) return;
  button.animate(
    [{ transform: "translateX(0)" }, { transform: "translateX(-5px)" }, { transform: "translateX(5px)" }, { transform: "translateX(0)" }],
    { duration: 260 },
  );
}
