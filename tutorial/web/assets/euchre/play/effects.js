// Settings of the practice pages and what they drive: animation speed, hurrying an
// animation with a tap or a key, short sounds (off by default), light/dark (Material's own
// palette switch), reduced motion (also from the system setting) and flat mode.
// Nothing here knows a rule of the game.

import { readRecord, writeRecord } from "./storage.js";

const KEY = "euchre.settings";
const VERSION = 1;
export const DEFAULTS = Object.freeze({ speed: "normal", hurry: true, sound: false, motion: "system", flat: false });
const SPEEDS = { relaxed: 1.7, normal: 1, fast: 0.45 };
const CHOICES = {
  speed: Object.keys(SPEEDS),
  motion: ["system", "reduce", "full"],
};

let current = null;
let corruptedAtLoad = false;
const listeners = new Set();

function valid(data) {
  return (
    data && typeof data === "object" &&
    CHOICES.speed.includes(data.speed) && CHOICES.motion.includes(data.motion) &&
    typeof data.hurry === "boolean" && typeof data.sound === "boolean" && typeof data.flat === "boolean"
  );
}

export function settings() {
  if (!current) {
    const { value, corrupted } = readRecord(KEY, VERSION, valid);
    corruptedAtLoad = corrupted;
    current = { ...DEFAULTS, ...(value ?? {}) };
    applyClasses();
  }
  return current;
}

/** True once when the stored settings were damaged and have been reset. */
export function settingsWereReset() {
  settings();
  const was = corruptedAtLoad;
  corruptedAtLoad = false;
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

// ---------------------------------------------------------------- pacing
let hurryAll = null;

/** Wait `ms` (scaled by the speed setting); a tap or key press ends the wait early. */
export function pause(ms) {
  const scaled = ms * (SPEEDS[settings().speed] ?? 1);
  return new Promise((resolve) => {
    const timer = setTimeout(done, scaled);
    const previous = hurryAll;
    function done() {
      clearTimeout(timer);
      if (hurryAll === done) hurryAll = previous;
      resolve();
    }
    hurryAll = done;
  });
}

/** Finish the current wait and animations at once (when the hurry setting allows it). */
export function hurry(scope) {
  if (!settings().hurry) return false;
  let did = false;
  if (scope) {
    for (const animation of scope.getAnimations({ subtree: true })) {
      animation.finish();
      did = true;
    }
  }
  while (hurryAll) {
    const fn = hurryAll;
    hurryAll = null;
    fn();
    did = true;
  }
  return did;
}

export function moveDuration() {
  return 320 * (SPEEDS[settings().speed] ?? 1);
}

// ---------------------------------------------------------------- sound
let audio = null;

/** A short beep ("play", "trick", "turn", "wrong", "win") when sound is on. */
export function beep(kind) {
  if (!settings().sound) return;
  try {
    audio ??= new (window.AudioContext || window.webkitAudioContext)();
    const tones = {
      play: [[520, 0.05]],
      trick: [[660, 0.07], [880, 0.09]],
      turn: [[440, 0.06]],
      wrong: [[196, 0.16]],
      win: [[523, 0.1], [659, 0.1], [784, 0.16]],
    }[kind] ?? [[500, 0.05]];
    let at = audio.currentTime;
    for (const [freq, length] of tones) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      osc.type = "sine";
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.12, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + length + 0.02);
      at += length + 0.02;
    }
  } catch {
    // no audio here: stay silent
  }
}

// ---------------------------------------------------------------- light and dark
function paletteInputs() {
  return [...document.querySelectorAll('[data-md-component="palette"] input[name="__palette"]')];
}

export function currentScheme() {
  return document.body?.getAttribute("data-md-color-scheme") === "slate" ? "dark" : "light";
}

/** Switch Material's palette (it remembers the choice itself). */
export function setScheme(which) {
  const wanted = which === "dark" ? "slate" : "default";
  const input = paletteInputs().find((el) => el.getAttribute("data-md-color-scheme") === wanted);
  if (input && !input.checked) input.click();
  else if (!input) document.body?.setAttribute("data-md-color-scheme", wanted);
}

// ---------------------------------------------------------------- the settings panel
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function radioGroup(name, legend, options, value, onChange, uid) {
  const fieldset = el("fieldset", { class: "eu-setting" }, el("legend", { text: legend }));
  for (const [optionValue, label] of options) {
    const id = `${uid}-${name}-${optionValue}`;
    const input = el("input", { type: "radio", name: `${uid}-${name}`, id, value: optionValue });
    input.checked = optionValue === value;
    input.dataset.setting = name;
    input.addEventListener("change", () => input.checked && onChange(optionValue));
    fieldset.append(el("span", { class: "eu-radio" }, input, el("label", { for: id, text: label })));
  }
  return fieldset;
}

function checkbox(name, label, value, onChange, uid) {
  const id = `${uid}-${name}`;
  const input = el("input", { type: "checkbox", id });
  input.checked = value;
  input.dataset.setting = name;
  input.addEventListener("change", () => onChange(input.checked));
  return el("p", { class: "eu-setting eu-check" }, input, el("label", { for: id, text: label }));
}

let panelCount = 0;

/** A "Settings" disclosure that edits the shared settings. */
export function settingsPanel() {
  const s = settings();
  const uid = `eu-settings-${++panelCount}`;
  const details = el("details", { class: "eu-settings" }, el("summary", { text: "Settings" }));
  const body = el("div", { class: "eu-settings-body" });
  body.append(
    radioGroup("speed", "Animation speed", [["relaxed", "Relaxed"], ["normal", "Normal"], ["fast", "Fast"]],
      s.speed, (speed) => updateSettings({ speed }), uid),
    radioGroup("motion", "Motion", [["system", "As my device"], ["reduce", "Reduced"], ["full", "Full"]],
      s.motion, (motion) => updateSettings({ motion }), uid),
    radioGroup("theme", "Colours", [["light", "Light"], ["dark", "Dark"]],
      currentScheme(), (scheme) => setScheme(scheme), uid),
    checkbox("hurry", "Tap the table or press a key to hurry an animation", s.hurry, (hurry) => updateSettings({ hurry }), uid),
    checkbox("sound", "Sound (short beeps)", s.sound, (sound) => updateSettings({ sound }), uid),
    checkbox("flat", "Flat mode: no shadows, no card movement", s.flat, (flat) => updateSettings({ flat }), uid),
  );
  details.append(body);
  onSettings((now) => {
    for (const input of body.querySelectorAll("input[data-setting]")) {
      const name = input.dataset.setting;
      if (name === "theme") continue;
      if (input.type === "checkbox") input.checked = now[name];
      else input.checked = input.value === now[name];
    }
  });
  return details;
}
