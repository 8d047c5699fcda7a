// Loaded on every page (extra_javascript, type module). After every page view, also after
// Material's instant navigation, it finds the widget roots ([data-widget]), starts the one
// engine runtime, and mounts each widget once with ./widgets/<kind>.js. It also owns the
// four-colour-suits setting. Relative URLs only: the site may live in a sub-folder.

import "./settings.js"; // reduced motion, flat mode and colours on every page

const KIND = /^[a-z][a-z0-9-]*$/;
const FOUR_COLOUR_KEY = "euchre.fourColourSuits";
const FOUR_COLOUR_CLASS = "eu-four-colour";

const mounted = new WeakSet();
let runtimePromise = null;

function loadRuntime() {
  runtimePromise ??= import(new URL("./runtime.js", import.meta.url).href);
  return runtimePromise;
}

function failNote(root, text) {
  root.dataset.ready = "failed";
  const slot = root.querySelector("[data-widget-status]");
  if (slot && !slot.textContent) {
    slot.textContent = text;
    slot.classList.add("eu-widget-status--failed");
  }
}

async function mountWidget(root, runtime) {
  const kind = root.dataset.widget || "";
  if (!KIND.test(kind)) {
    failNote(root, "This widget has an unknown kind; the text above is still correct.");
    return;
  }
  try {
    const module = await import(new URL(`./widgets/${kind}.js`, import.meta.url).href);
    await module.mount(root, runtime);
  } catch (error) {
    console.warn(`euchre: the ${kind} widget could not start`, error);
    failNote(root, "This widget could not start. What you see is still correct, but it will not answer clicks.");
  }
}

/** Mount every widget of the current page that is not mounted yet. */
export async function mountAll(scope = document) {
  const roots = [...scope.querySelectorAll("[data-widget]")].filter((root) => !mounted.has(root));
  if (roots.length === 0) return;
  for (const root of roots) mounted.add(root);
  let runtime;
  try {
    runtime = await loadRuntime();
  } catch (error) {
    console.warn("euchre: the runtime module could not load", error);
    for (const root of roots) failNote(root, "The card engine could not load here. The page text is complete without it.");
    return;
  }
  runtime.getRuntime().catch(() => {}); // start now; each widget's status slot reports failures
  await Promise.all(
    roots.map((root) => {
      runtime.attachStatus(root);
      return mountWidget(root, runtime);
    }),
  );
}

// ---------------------------------------------------------------- four-colour suits
function readFourColour() {
  try {
    return localStorage.getItem(FOUR_COLOUR_KEY) === "on";
  } catch {
    return false;
  }
}

function writeFourColour(on) {
  try {
    localStorage.setItem(FOUR_COLOUR_KEY, on ? "on" : "off");
  } catch {
    // private browsing: the choice lasts for this page only
  }
}

export function setFourColour(on) {
  document.documentElement.classList.toggle(FOUR_COLOUR_CLASS, on);
  writeFourColour(on);
  for (const button of document.querySelectorAll("[data-eu-four-colour]")) {
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }
}

/** The header switch for four-colour suits (clubs green, diamonds blue): main.html draws it
 * in a <template>; this puts it in Material's header, beside the colour toggle. */
function installFourColourToggle() {
  if (document.querySelector(".md-header [data-eu-four-colour]")) return;
  const header = document.querySelector(".md-header__inner");
  const template = document.getElementById("eu-four-colour-toggle");
  const drawn = template?.content?.firstElementChild;
  if (!header || !drawn) return;
  const button = drawn.cloneNode(true);
  button.setAttribute("aria-pressed", readFourColour() ? "true" : "false");
  button.addEventListener("click", () => {
    setFourColour(button.getAttribute("aria-pressed") !== "true");
  });
  const anchor = header.querySelector("[data-md-component=palette]")
    ?? header.querySelector("label[for=__search]");
  if (anchor) anchor.before(button);
  else header.append(button);
}

// ---------------------------------------------------------------- theme details
/** Material's search panel is a dialog without a name: give it one (axe: aria-dialog-name). */
function nameSearchDialog() {
  const dialog = document.querySelector(".md-search[role=dialog]:not([aria-label])");
  dialog?.setAttribute("aria-label", "Search this site");
}

// ---------------------------------------------------------------- offline
/** On a page without widgets, register the service worker in idle time (a widget page
 * does it once the engine has started), so one visit to any page makes the whole site,
 * the engine included, work offline. */
function offlineInIdleTime() {
  if (document.querySelector("[data-widget]")) return;
  const start = () =>
    loadRuntime()
      .then((runtime) => runtime.registerServiceWorker())
      .catch((error) => console.info("euchre: no offline copy", error));
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 2000);
}

// ---------------------------------------------------------------- start
function onPage() {
  nameSearchDialog();
  installFourColourToggle();
  mountAll().catch((error) => console.warn("euchre: mounting widgets failed", error));
  offlineInIdleTime();
}

document.documentElement.classList.toggle(FOUR_COLOUR_CLASS, readFourColour());
if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(onPage); // Material: the first view and every instant navigation
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", onPage, { once: true });
} else {
  onPage();
}
