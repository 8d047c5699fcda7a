// The learner's settings (animation speed, hurrying, sound, motion, flat mode) and the
// light/dark colours, which are Material's own palette switch. Importing this module
// applies reduced motion and flat mode to the page at once, so every page with a widget
// honours them. wireSettings(panel) connects a settings panel that Python drew
// (euchre_tutorial.present.settings): it only sets the fields' values and listens.
// Nothing here knows a rule of the game.

import { peekRecord, readRecord, writeRecord } from "./play/storage.js";

const KEY = "euchre.settings";
const VERSION = 1;
export const DEFAULTS = Object.freeze({ speed: "normal", hurry: true, sound: false, motion: "system", flat: false });
export const SPEEDS = { relaxed: 1.7, normal: 1, fast: 0.45 };
const CHOICES = { speed: Object.keys(SPEEDS), motion: ["system", "reduce", "full"] };

let current = null;
let corruptedAtLoad = false;
const listeners = new Set();

function valid(data) {
  return (
    data && typeof data === "object" && !Array.isArray(data) &&
    CHOICES.speed.includes(data.speed) && CHOICES.motion.includes(data.motion) &&
    typeof data.hurry === "boolean" && typeof data.sound === "boolean" && typeof data.flat === "boolean"
  );
}

// Set when a damaged settings record was reset, until a page that shows the settings says
// so (the page that found it may have no place to: a rules page with a card widget).
const RESET_NOTE_KEY = "euchre.settings.reset";

export function settings() {
  if (!current) {
    const { value, corrupted } = readRecord(KEY, VERSION, valid);
    corruptedAtLoad = corrupted;
    if (corrupted) {
      try {
        localStorage.setItem(RESET_NOTE_KEY, "1");
      } catch {
        // storage switched off: this page's own widget still says it
      }
    }
    current = { ...DEFAULTS, ...(value ?? {}) };
    applyClasses();
  }
  return current;
}

/** True once when the stored settings were damaged and have been reset (on this page or
 * an earlier one that had no place to say so). */
export function settingsWereReset() {
  settings();
  let was = corruptedAtLoad;
  corruptedAtLoad = false;
  try {
    was ||= localStorage.getItem(RESET_NOTE_KEY) !== null;
    localStorage.removeItem(RESET_NOTE_KEY);
  } catch {
    // storage switched off: only this page's own finding
  }
  return was;
}

export function updateSettings(changes) {
  current = { ...settings(), ...changes };
  writeRecord(KEY, VERSION, current);
  applyClasses();
  for (const listener of listeners) listener(current);
}

export function onSettings(listener) {
  listeners.add(listener);
}

// Settings changed in another tab apply here too (a change here is saved whole: without
// this, it would put back what this tab read when it opened).
window.addEventListener("storage", (event) => {
  if (event.key !== KEY || current === null) return;
  current = { ...DEFAULTS, ...(peekRecord(KEY, VERSION, valid) ?? {}) };
  applyClasses();
  for (const listener of listeners) listener(current);
});

export function reducedMotion() {
  const s = settings();
  if (s.motion === "reduce") return true;
  if (s.motion === "full") return false;
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** No movement at all: reduced motion or flat mode. */
export function still() {
  return reducedMotion() || settings().flat;
}

function applyClasses() {
  const html = document.documentElement;
  html.classList.toggle("eu-reduced-motion", reducedMotion());
  html.classList.toggle("eu-flat", settings().flat);
}

// ---------------------------------------------------------------- light and dark
function paletteInputs() {
  return [...document.querySelectorAll('[data-md-component="palette"] input[name="__palette"]')];
}

export function currentScheme() {
  return document.body?.getAttribute("data-md-color-scheme") === "slate" ? "dark" : "light";
}

/** Switch Material's palette (it remembers the choice itself), so its header toggle and
 * the settings panel always agree. */
export function setScheme(which) {
  const wanted = which === "dark" ? "slate" : "default";
  const input = paletteInputs().find((el) => el.getAttribute("data-md-color-scheme") === wanted);
  if (input && !input.checked) input.click();
  else if (!input) document.body?.setAttribute("data-md-color-scheme", wanted);
}

const schemeListeners = new Set();
let schemeObserver = null;

function onScheme(listener) {
  schemeListeners.add(listener);
  if (schemeObserver || !document.body) return;
  schemeObserver = new MutationObserver(() => {
    for (const fn of schemeListeners) fn(currentScheme());
  });
  schemeObserver.observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
}

// ---------------------------------------------------------------- a panel Python drew
function showValues(panel, now) {
  for (const input of panel.querySelectorAll("input[data-setting]")) {
    const name = input.dataset.setting;
    const value = name === "theme" ? currentScheme() : now[name];
    if (input.type === "checkbox") input.checked = Boolean(value);
    else input.checked = input.value === value;
  }
}

/** Connect a settings panel: its fields show the settings, and a change updates them. */
export function wireSettings(panel) {
  if (!panel) return;
  showValues(panel, settings());
  onSettings((now) => showValues(panel, now));
  onScheme(() => showValues(panel, settings()));
  panel.addEventListener("change", (event) => {
    const input = event.target.closest?.("input[data-setting]");
    if (!input) return;
    const name = input.dataset.setting;
    if (name === "theme") {
      if (input.checked) setScheme(input.value);
    } else if (input.type === "checkbox") {
      updateSettings({ [name]: input.checked });
    } else if (input.checked) {
      updateSettings({ [name]: input.value });
    }
  });
}

settings(); // apply reduced motion and flat mode as soon as any widget loads
