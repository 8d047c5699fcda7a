// The mastery map's API for every widget. Progress is kept in this browser's localStorage
// only (nothing leaves the device); Python schedules it (FSRS, through runtime.call) and
// repairs a damaged record, this module only stores what Python answers.
//
//   import { recordAnswer, dueItems } from "../mastery.js";
//   await recordAnswer("left-bower", "left bower follows hearts", false);
//   const due = await dueItems("left-bower");   // [{skill, item, due}], most overdue first
//
// Every change dispatches a document event "euchre-progress" so a progress map on the same
// page redraws.

import { getRuntime } from "./runtime.js";

export const STORAGE_KEY = "euchre.progress";

/** The stored record as its text (Python reads and repairs it), or null when none. */
export function storedRecord() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage switched off: progress lasts for this page only
  }
}

function store(record) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(record));
  } catch {
    // private browsing or a full quota: nothing to do but carry on
  }
}

/** Now and the end of the learner's day, as the times Python schedules with. */
function times() {
  const now = new Date();
  const dayEnd = new Date(now);
  dayEnd.setHours(23, 59, 59, 999);
  return { now: now.toISOString(), day_end: dayEnd.toISOString() };
}

// One progress call at a time: each reads the record the one before it stored, so answers
// given at once (a room's verdict on a bid arriving beside a refused card) are all kept.
let queue = Promise.resolve();

/** Ask a "progress.*" method with the stored record; store the record it gives back. Calls
 * run one after another, in the order they were made. */
export function callProgress(method, payload = {}) {
  const turn = queue.then(() => askProgress(method, payload));
  queue = turn.catch(() => {});
  return turn;
}

// A record Python had to repair (damaged, or from a newer build) is kept aside, never
// lost, and its note waits for the progress page (another page may have no place to say it).
export const SET_ASIDE_KEY = "euchre.progress.set-aside";
export const NOTES_KEY = "euchre.progress.notes";

function setAside(text, notes) {
  try {
    if (text !== null) localStorage.setItem(SET_ASIDE_KEY, text);
    const waiting = JSON.parse(localStorage.getItem(NOTES_KEY) || "[]");
    const all = [...(Array.isArray(waiting) ? waiting : []), ...notes];
    localStorage.setItem(NOTES_KEY, JSON.stringify([...new Set(all)].slice(-5)));
  } catch {
    // storage switched off or full: the note is still logged
  }
  console.info("euchre progress:", notes.join(" "));
}

/** Notes about a repaired record that no page has shown yet (and forget them). */
export function takeWaitingNotes() {
  try {
    const waiting = JSON.parse(localStorage.getItem(NOTES_KEY) || "[]");
    localStorage.removeItem(NOTES_KEY);
    return Array.isArray(waiting) ? waiting.filter((n) => typeof n === "string") : [];
  } catch {
    return [];
  }
}

async function askProgress(method, payload) {
  const runtime = await getRuntime();
  const sent = storedRecord();
  return keep(method, sent, await runtime.call(method, { record: sent, ...times(), ...payload }));
}

/** Store the record Python answered (`value.record`) to a call that sent `sent`. */
function keep(method, sent, value) {
  if (value && value.record) {
    const before = storedRecord();
    if (Array.isArray(value.notes) && value.notes.length && method !== "progress.view") {
      setAside(sent, value.notes); // the progress page shows its own notes
    }
    store(value.record);
    if (before !== storedRecord()) {
      document.dispatchEvent(new CustomEvent("euchre-progress", { detail: { method } }));
    }
  }
  return value;
}

/**
 * What a request that may record an answer sends along (`progress` in free play's
 * game.act): the stored record and the times, so Python schedules the answer in the same
 * reply and the decision costs one message to the worker. Give the reply's `progress`
 * and this to feedMastery.
 */
export function progressRequest() {
  return { record: storedRecord(), ...times() };
}

/** Record one answer: with the record Python already scheduled it in (`scheduled`, from
 * the request `sent`), when nothing was stored since that request; else by asking. */
function recordOnce(field, scheduled, sent) {
  const answer = { skill: field.skill, item: field.item, correct: field.correct === true };
  const ready = scheduled && typeof scheduled === "object" && scheduled.record && sent;
  const turn = queue.then(() => (ready && storedRecord() === sent.record
    ? keep("progress.record_answer", sent.record, scheduled)
    : askProgress("progress.record_answer", answer)));
  queue = turn.catch(() => {});
  return turn;
}

/** Schedule one answer: `skill` is a skill id, `item` the concrete thing answered. */
export async function recordAnswer(skill, item, correct) {
  const value = await callProgress("progress.record_answer", { skill, item, correct: Boolean(correct) });
  return value.record;
}

/** The items due today (of one skill, or all), most overdue first. */
export async function dueItems(skill = null) {
  const value = await callProgress("progress.due", { skill });
  return value.items;
}

// The verdicts fed on this page, as "decision, skill, item, right or wrong": the same
// verdict at the same decision is recorded once. A second wrong tap at a decision (another
// card that does not follow suit, in the same trick) is the same lapse, and a decision
// taken back (Undo) and made again the same way is the same answer, not a new one.
const fed = new Set();
const FED_AT_MOST = 500;

/**
 * Forward a reply's `mastery` field ({skill, item, correct}, decided by Python) to the
 * progress record. `decision` names the point of play it was given at (a saved game, a
 * room's version): a verdict already fed at the same decision is not recorded again.
 * `scheduled` and `sent`: the reply's `progress` (the answer already scheduled by Python)
 * and the progressRequest() its request sent, when it has them (then no call is made).
 * Fire and forget: a failure is logged and never breaks the widget.
 */
export function feedMastery(field, decision = null, scheduled = null, sent = null) {
  const valid = field && typeof field === "object" && typeof field.skill === "string" && typeof field.item === "string";
  if (!valid) return;
  if (decision !== null) { // a verdict with no decision (a room's verdict on an earlier move) is always new
    const key = `${decision}\n${field.skill}\n${field.item}\n${field.correct === true}`;
    if (fed.has(key)) return;
    if (fed.size >= FED_AT_MOST) fed.delete(fed.values().next().value);
    fed.add(key);
  }
  try {
    recordOnce(field, scheduled, sent).catch((error) => {
      console.info("progress not recorded:", error?.message ?? error);
    });
  } catch (error) {
    console.info("progress not recorded:", error?.message ?? error);
  }
}
