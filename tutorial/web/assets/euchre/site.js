// Loaded on every page (extra_javascript, type module). After every page view, also after
// Material's instant navigation, it finds the widget roots ([data-widget]), starts the one
// engine runtime, and mounts each widget once with ./widgets/<kind>.js. It also owns the
// four-colour-suits setting. Relative URLs only: the site may live in a sub-folder.

import "./settings.js"; // reduced motion, flat mode and colors on every page
import { keepLiveWidgets } from "./page/keep.js";
import { keepTopOffWidgets } from "./page/top.js";

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

// ---------------------------------------------------------------- the navigation drawer
// On a phone (or zoomed in) Material's navigation is a drawer opened by the header's menu
// icon, a <label> a keyboard cannot reach, while the closed drawer's links, off the screen,
// were each a Tab stop (euchre.css now hides the closed drawer). The icon becomes a button
// for the keyboard: Enter or Space opens the drawer, the focus on a link in it, Escape (or the focus
// leaving the drawer) closes it and brings the focus back.
function drawerToggle() {
  return document.getElementById("__drawer");
}

function openDrawer(open, { focus = false } = {}) {
  const toggle = drawerToggle();
  const button = document.querySelector(".md-header label[for=__drawer]");
  if (!toggle || !button) return;
  toggle.checked = open;
  button.setAttribute("aria-expanded", String(open));
  if (!focus) return;
  if (open) {
    // on the first link of the section Material's drawer opens on (this page's, shown over
    // the top level), else of the top level; the drawer turns visible at once (only hiding
    // waits for the slide)
    const drawer = document.querySelector(".md-sidebar--primary");
    const section = [...(drawer?.querySelectorAll("input.md-nav__toggle:checked") ?? [])]
      .filter((toggle) => toggle.id !== "__toc")
      .pop()?.parentElement.querySelector(":scope > nav.md-nav");
    const links = [...(section ?? drawer)?.querySelectorAll("a[href]") ?? []];
    links.find((link) => link.getClientRects().length > 0)?.focus();
  } else {
    button.focus();
  }
}

function keyboardDrawer() {
  const button = document.querySelector(".md-header label[for=__drawer]");
  const drawer = document.querySelector(".md-sidebar--primary");
  if (!button || !drawer) return;
  // instant navigation may draw a new drawer or header: each is wired once
  if (!drawer.dataset.euKeyboard) {
    drawer.dataset.euKeyboard = "true";
    drawer.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && drawerToggle()?.checked) {
        event.stopPropagation();
        openDrawer(false, { focus: true });
      }
    });
    drawer.addEventListener("focusout", (event) => {
      const next = event.relatedTarget;
      const menu = document.querySelector(".md-header label[for=__drawer]");
      if (drawerToggle()?.checked && next && !drawer.contains(next) && next !== menu) openDrawer(false);
    });
  }
  if (button.dataset.euKeyboard) return;
  button.dataset.euKeyboard = "true";
  button.setAttribute("role", "button");
  button.setAttribute("tabindex", "0");
  button.setAttribute("aria-label", "Site navigation");
  const expanded = () => button.setAttribute("aria-expanded", String(Boolean(drawerToggle()?.checked)));
  expanded();
  button.addEventListener("focus", expanded);
  drawerToggle()?.addEventListener("change", expanded);
  button.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    openDrawer(!drawerToggle()?.checked, { focus: true });
  });
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
  keyboardDrawer();
  keepLiveWidgets(); // the same page drawn again (an in-page link): its widgets go on as they were
  mountAll().catch((error) => console.warn("euchre: mounting widgets failed", error));
  keepTopOffWidgets();
  offlineInIdleTime();
}

/** Material's page views (the first and every instant navigation), once its bundle ran;
 * else this page's only view. */
function followPages() {
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(onPage); // Material: the first view and every instant navigation
  } else {
    onPage();
  }
}

document.documentElement.classList.toggle(FOUR_COLOUR_CLASS, readFourColour());
if (document.readyState === "loading" && !window.document$) {
  // Run early, by the async copy after a widget page's article (main.html): its widgets are
  // parsed and answer clicks now; the page's views are followed once parsing has ended.
  mountAll().catch((error) => console.warn("euchre: mounting widgets failed", error));
  document.addEventListener("DOMContentLoaded", followPages, { once: true });
} else {
  followPages();
}
