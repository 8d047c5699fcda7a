// Behaviour shared by the lesson, free-play and room tables (no markup: Python draws the table):
// arrow keys move between the hand's cards, a refused card shakes, and the first control
// to press on the learner's turn, scrolled into view.

import { morph } from "../dom.js";
import { still } from "../settings.js";

/** Arrow keys, Home and End move between the cards of the hand (one Tab stop). */
export function rovingHand(region) {
  region.addEventListener("keydown", (event) => {
    const list = event.target.closest?.(".eu-hand");
    if (!list) return;
    const all = [...list.querySelectorAll("button.eu-card:not(:disabled)")];
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
  region.addEventListener("focusin", (event) => {
    const target = event.target.closest?.(".eu-hand button.eu-card");
    if (!target) return;
    for (const button of target.closest(".eu-hand").querySelectorAll("button.eu-card")) {
      button.tabIndex = button === target ? 0 : -1;
    }
  });
}

/** The first thing to press: a choice button, else the hand's focusable card. */
export function firstControl(container) {
  return (
    container.querySelector(".eu-choices button:not(:disabled)") ??
    container.querySelector(".eu-hand button.eu-card[tabindex='0']:not(:disabled)") ??
    container.querySelector(".eu-hand button.eu-card:not(:disabled)")
  );
}

/** Sentences joined with a space, the empty ones left out. */
export function sentences(...parts) {
  return parts.filter(Boolean).join(" ");
}

/** Focus `control` and scroll it just into view when it is not (block "nearest"), leaving
 * the page still when it is: a focused control the reader cannot see is lost to them. */
export function focusInView(control) {
  if (!control) return;
  control.focus({ preventScroll: true });
  const box = control.getBoundingClientRect();
  if (box.bottom > window.innerHeight || box.top < 0) control.scrollIntoView({ block: "nearest" });
}

/** On a small screen, scroll so the learner's choices (drawn after the hand and the
 * prompt) are in view. */
export function bringIntoView(container) {
  const mine = container.querySelector(".eu-choices");
  if (!mine) return;
  const box = mine.getBoundingClientRect();
  if (box.bottom > window.innerHeight || box.top < 0) mine.scrollIntoView({ block: "end", behavior: "auto" });
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

/** Every control inside root drawn disabled (the engine could not start). */
export function disableAll(root) {
  for (const control of root.querySelectorAll("button, select, input, textarea")) {
    if (control.closest(".eu-settings")) continue;
    control.disabled = true;
  }
}

/** Set a message region's tone: a state class on the region Python drew. */
export function tone(region, base, kind = "") {
  for (const name of [...region.classList]) {
    if (name.startsWith(`${base}--`)) region.classList.remove(name);
  }
  if (kind) region.classList.add(`${base}--${kind}`);
  delete region.dataset.kind;
}

/** Put the page's own short sentence (plain text) into a message region. */
export function say(region, text, kind = "") {
  tone(region, "eu-message", kind);
  region.textContent = text;
}

/** Put markup Python rendered into a message region, with its tone. */
export function sayHtml(region, html, kind = "", base = "eu-message") {
  tone(region, base, kind);
  morph(region, html);
}
