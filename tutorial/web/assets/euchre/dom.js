// The only DOM code the widgets share: Python renders every piece of markup (the
// euchre_tutorial.present package, at build time and in the worker); this module puts it on
// the page and forwards what the reader does. It holds no template of anything drawn.
//
//   morph(target, html, { animate })  make target's children those of html, keeping the
//                                     elements whose keys match (focus, scroll, listeners)
//   delegate(root, handler)           one listener per widget root: a click (or Enter/Space
//                                     on a non-button) on an element with data-action calls
//                                     handler(action, element, event)
//
// An element's key is its data-card (a card's code), data-key or id; elements without a
// key are matched with the unkeyed element of the same tag at the same position.

const KEY_ATTRIBUTES = ["data-card", "data-key", "id"];

function keyOf(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  for (const name of KEY_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value !== null && value !== "") return `${node.tagName}:${name}=${value}`;
  }
  return null;
}

function sameKind(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return true;
  return a.tagName === b.tagName && keyOf(a) === keyOf(b);
}

function syncAttributes(from, to) {
  for (const { name } of [...from.attributes]) {
    // a disclosure the reader opened stays open
    if (name === "open" && from instanceof HTMLDetailsElement) continue;
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
  for (const { name, value } of [...to.attributes]) {
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  // Live form state follows the markup (the attribute alone does not reset it).
  if (from instanceof HTMLInputElement) {
    if (from.type === "checkbox" || from.type === "radio") from.checked = to.hasAttribute("checked");
    else if (from.value !== (to.getAttribute("value") ?? "")) from.value = to.getAttribute("value") ?? "";
  }
}

function syncNode(from, to) {
  if (from.nodeType === Node.ELEMENT_NODE) {
    syncAttributes(from, to);
    syncChildren(from, to);
  } else if (from.nodeValue !== to.nodeValue) {
    from.nodeValue = to.nodeValue;
  }
}

function syncChildren(parent, model) {
  const keyed = new Map();
  for (const child of parent.childNodes) {
    const key = keyOf(child);
    if (key !== null) keyed.set(key, child);
  }
  let cursor = parent.firstChild;
  for (const wanted of [...model.childNodes]) {
    const key = keyOf(wanted);
    let match = null;
    if (key !== null) {
      match = keyed.get(key) ?? null;
      if (match) keyed.delete(key);
    } else if (cursor && keyOf(cursor) === null && sameKind(cursor, wanted)) {
      match = cursor;
    }
    if (match) {
      if (match !== cursor) parent.insertBefore(match, cursor);
      else cursor = cursor.nextSibling;
      syncNode(match, wanted);
    } else {
      parent.insertBefore(wanted, cursor);
    }
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
  for (const stale of keyed.values()) stale.remove();
}

function reducedMotion() {
  const html = document.documentElement.classList;
  return html.contains("eu-reduced-motion") || html.contains("eu-flat")
    || Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

// What a card is laid out in: its hand or the trick.
const CARD_HOME = ".eu-hand, .eu-trick";

function cardPlaces(root) {
  const places = new Map();
  for (const card of root.querySelectorAll("[data-card]")) {
    const home = card.closest(CARD_HOME);
    places.set(card.dataset.card, {
      rect: card.getBoundingClientRect(), home, homeRect: home?.getBoundingClientRect(),
    });
  }
  return places;
}

// Whether a card that stayed in its hand (or the trick) kept its place in it: then only the
// whole hand moved (a bid's bubble or a longer message above it pushed it down), and the
// card is not sent sliding across what just appeared.
function keptItsPlace(card, was, now) {
  const home = card.closest(CARD_HOME);
  if (!home || home !== was.home) return false;
  const moved = home.getBoundingClientRect();
  const dx = (was.rect.left - now.left) - (was.homeRect.left - moved.left);
  const dy = (was.rect.top - now.top) - (was.homeRect.top - moved.top);
  return Math.abs(dx) + Math.abs(dy) < 1;
}

/** Make target's children those of html (markup rendered by Python). With animate, a card
 * (data-card) that moved slides from where it was, unless only its hand moved. Returns
 * target. */
export function morph(target, html, { animate = false } = {}) {
  const before = animate && !reducedMotion() ? cardPlaces(target) : null;
  const template = document.createElement("template");
  template.innerHTML = html;
  const focused = target.contains(document.activeElement) ? document.activeElement : null;
  syncChildren(target, template.content);
  if (focused && !focused.isConnected) {
    // the focused control is gone: keep the focus inside the widget, not on the page body
    target.querySelector("[data-autofocus]")?.focus({ preventScroll: true });
  }
  if (before && typeof Element.prototype.animate === "function") {
    for (const card of target.querySelectorAll("[data-card]")) {
      const was = before.get(card.dataset.card);
      if (!was) continue;
      const now = card.getBoundingClientRect();
      const dx = was.rect.left - now.left;
      const dy = was.rect.top - now.top;
      if (Math.abs(dx) + Math.abs(dy) < 1 || keptItsPlace(card, was, now)) continue;
      card.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: 260, easing: "ease-out" });
    }
  }
  return target;
}

// The widget roots whose kept taps wait for listening(root) (holdTaps).
const holding = new WeakSet();

/** Say that `root` (a [data-widget]) answers the taps kept before it listens only when it
 * calls listening(root): until then its handlers (delegate, and any that ask
 * answeredLater) leave those taps alone. A widget that starts handling clicks while it
 * still loads what it answers from (the build's replies) would otherwise answer such a tap
 * twice, at once and at the replay: a card picked, then unpicked. */
export function holdTaps(root) {
  if (root.dataset.listening !== "true") holding.add(root);
}

/** True when `event` (a click, or a form's submit) is one the page keeps for its widget
 * to answer when it listens (main.html's script keeps the same ones): the widget holds
 * its taps, is not listening yet, and the event comes from one of its enabled buttons. */
export function answeredLater(event) {
  const button = event.submitter ?? event.target?.closest?.("[data-widget] button");
  const root = button?.closest?.("[data-widget]");
  return Boolean(root && holding.has(root) && !button.disabled && window.__euchreEarlyTaps);
}

/** Mark `root` as answering taps from now on (data-listening), and answer the taps the
 * reader made on its buttons before it did: main.html's scripts keep them, every one in
 * order. They are replayed one a task, once the caller's setup is done, each as the same
 * click made now: only if its button is still there and enabled, and still shows the same
 * question (a button of the question drawn first is not one of another question the widget
 * drew instead, such as where a saved run left off). */
export function listening(root) {
  root.dataset.listening = "true";
  holding.delete(root);
  const early = window.__euchreEarlyTaps;
  const taps = early?.get(root);
  if (!Array.isArray(taps)) return;
  early.delete(root);
  const replay = ([tap, ...later]) => setTimeout(() => {
    if (stillThere(root, tap)) tap.button.click();
    if (later.length) replay(later);
  }, 0);
  if (taps.length) replay(taps);
}

function stillThere(root, { button, question }) {
  const shown = button.closest("[data-question]")?.dataset.question ?? null;
  return button.isConnected && root.contains(button) && !button.disabled && shown === question;
}

const NATIVE = "button, a, input, select, textarea, summary";

/** Forward what the reader does inside root: handler(action, element, event) for a click,
 * or Enter/Space on an element with data-action that is not a native control (buttons fire
 * a click for those keys themselves). Disabled elements never act. */
export function delegate(root, handler) {
  function target(event) {
    const element = event.target.closest?.("[data-action]");
    if (!element || !root.contains(element)) return null;
    if (element.matches(":disabled") || element.getAttribute("aria-disabled") === "true") return null;
    return element;
  }
  root.addEventListener("click", (event) => {
    const element = target(event);
    if (element && !answeredLater(event)) handler(element.dataset.action, element, event);
  });
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const element = target(event);
    if (!element || element.matches(NATIVE)) return;
    event.preventDefault();
    handler(element.dataset.action, element, event);
  });
}
