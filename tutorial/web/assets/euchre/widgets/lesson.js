// The lesson widget: a path of lessons (stars kept in this browser) and a table where each
// step is played. The engine answers and draws (bridge methods lesson.step / lesson.act /
// lesson.hint / lesson.stars reply with the HTML of each region); this module morphs that
// in and forwards clicks by data-action. Before Python is ready, the first decision of the
// first lesson is answered from the replies the build wrote (a JSON island): a lookup, no
// rule.

import { delegate, listening, morph } from "../dom.js";
import { feedMastery } from "../mastery.js";
import { beep, hurry, pause } from "../play/effects.js";
import { disableAll, firstControl, refuse, rovingHand, sentences, tone, trickNote } from "../play/controls.js";
import { settingsWereReset, wireSettings } from "../settings.js";
import { peekRecord, readRecord, removeRecord, writeRecord } from "../play/storage.js";
import { confirmations } from "../play/confirm.js";

const KEY = "euchre.lessons";
const VERSION = 1;
const FRAME_MS = 650;

const isCount = (n) => Number.isInteger(n) && n >= 0;

/** A saved record is used only if every field has the type and range it must have. */
function validProgress(data, order, steps) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return false;
  const { stars, at } = data;
  if (!stars || typeof stars !== "object" || Array.isArray(stars)) return false;
  for (const [id, n] of Object.entries(stars)) {
    if (!order.includes(id) || !Number.isInteger(n) || n < 0 || n > 3) return false;
  }
  if (at === null || at === undefined) return true;
  if (typeof at !== "object" || Array.isArray(at)) return false;
  if (!order.includes(at.lesson) || !isCount(at.step) || at.step >= steps[at.lesson]) return false;
  if (!Array.isArray(at.moves) || !at.moves.every((m) => typeof m === "string")) return false;
  return isCount(at.mistakes ?? 0) && isCount(at.hints ?? 0);
}

function starText(n) {
  return "★".repeat(n) + "☆".repeat(3 - n);
}

function readIsland(root) {
  try {
    const island = root.querySelector(".eu-prerendered[data-island]");
    return island ? JSON.parse(island.dataset.island) : null;
  } catch {
    return null;
  }
}

export async function mount(root, runtime) {
  const stage = root.querySelector(".eu-stage");
  const region = (name) => stage.querySelector(`[data-region="${name}"]`);
  const head = region("head");
  const narration = region("narration");
  const goal = region("goal");
  const play = region("table");
  const feedback = region("feedback");
  const tools = region("tools");
  const resetAll = root.querySelector("[data-reset-all]");
  const links = [...root.querySelectorAll("[data-lesson-link]")];
  const order = links.map((a) => a.dataset.lessonLink);
  const steps = Object.fromEntries(links.map((a) => [a.dataset.lessonLink, Number(a.dataset.steps)]));
  const island = readIsland(root);

  const loaded = readRecord(KEY, VERSION, (d) => validProgress(d, order, steps));
  let progress = loaded.value ?? { stars: {}, at: null };
  const at = { lesson: order[0], step: 0, moves: [], mistakes: 0, hints: 0, hintLevel: 0 };
  let model = null;
  let engine = null;
  let busy = false;
  let early = false; // the learner answered from the build's replies before Python was ready
  // A hint or a step's button asked for before Python was ready: {action, lesson, step,
  // moves, target}, carried out once Python has drawn that same position.
  let pending = null;

  const storedProgress = () => peekRecord(KEY, VERSION, (d) => validProgress(d, order, steps));

  function save() {
    progress.at = { lesson: at.lesson, step: at.step, moves: at.moves, mistakes: at.mistakes, hints: at.hints };
    writeRecord(KEY, VERSION, progress);
  }

  // Stars earned (or reset) in another tab show here at once, so that this tab's next save
  // keeps them; where each tab is in its lessons stays its own.
  window.addEventListener("storage", (event) => {
    if (event.key !== KEY || !root.isConnected) return;
    progress = { ...progress, stars: { ...(storedProgress()?.stars ?? {}) } };
    showStars();
  });

  function showStars() {
    for (const link of links) {
      const n = progress.stars[link.dataset.lessonLink] ?? 0;
      const stars = link.querySelector(".eu-stars");
      stars.dataset.stars = String(n);
      stars.setAttribute("aria-label", n ? `${n} of 3 stars` : "not done yet");
      stars.firstElementChild.textContent = starText(n);
      const item = link.closest("li");
      item.classList.toggle("eu-path-item--done", n > 0);
      item.classList.toggle("eu-path-item--current", link.dataset.lessonLink === at.lesson);
      if (link.dataset.lessonLink === at.lesson) link.setAttribute("aria-current", "step");
      else link.removeAttribute("aria-current");
    }
    resetAll.disabled = false;
  }

  /** The page's own short sentence (plain text), e.g. while the engine starts. */
  function say(text, kind = "") {
    tone(feedback, "eu-feedback", kind);
    feedback.textContent = text;
  }

  /** Words the engine drew (a reason, a note, a hint, the lesson's verdict). */
  function show(html, kind = "") {
    tone(feedback, "eu-feedback", kind);
    morph(feedback, html);
  }

  const confirmBox = confirmations(root);

  function render(next, { animate = false } = {}) {
    model = next;
    at.moves = next.moves;
    morph(head, next.html.head);
    morph(narration, next.html.narration);
    morph(goal, next.html.goal);
    morph(play, next.html.table, { animate });
    morph(tools, next.html.tools);
    root.dataset.lesson = next.lesson.id;
    root.dataset.step = String(next.step.index);
    root.dataset.outcome = next.outcome === null ? "open" : next.outcome ? "done" : "missed";
    showStars();
  }

  async function go(lessonId, step, moves, focus, fresh = false, keepFeedback = false) {
    at.lesson = lessonId;
    if (fresh) {
      at.mistakes = 0;
      at.hints = 0;
    }
    at.step = step;
    at.hintLevel = 0;
    const url = new URL(window.location.href);
    if (url.searchParams.get("lesson") !== lessonId) {
      url.searchParams.set("lesson", lessonId);
      history.replaceState(history.state, "", url);
    }
    root.setAttribute("aria-busy", "true");
    try {
      const next = await engine.call("lesson.step", { lesson: lessonId, step, moves });
      if (!keepFeedback) say("");
      render(next);
      save();
      if (focus === "heading") showHeading();
      else if (focus) (firstControl(play) ?? tools.querySelector("button"))?.focus();
    } finally {
      root.removeAttribute("aria-busy");
    }
  }

  /** A new step or lesson: its title is focused and brought into view, so its narration
   * and goal are read and seen first (a phone shows the top of the step, not the table). */
  function showHeading() {
    const title = head.querySelector(".eu-stage-title");
    if (!title) return;
    title.focus({ preventScroll: true });
    const box = title.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight / 2) title.scrollIntoView({ block: "start" });
  }

  /** The reply to an action: from Python, or (before it is ready) from the build's replies. */
  async function answer(payload) {
    if (engine) return engine.call("lesson.act", { lesson: at.lesson, step: at.step, moves: at.moves, ...payload });
    const key = payload.card ? `card:${payload.card}` : `choose:${payload.action}`;
    const reply = islandApplies() ? island.answers[key] : null;
    if (reply) early = true;
    return reply ?? null;
  }

  function waitWords() {
    return root.dataset.ready === "failed"
      ? "The card engine could not start in this browser, so only the first step can be played here."
      : "One moment: the card engine is still starting.";
  }

  // What the learner is told will follow a request kept for Python (`pending`).
  const FOLLOWS = {
    hint: "Your hint will show as soon as it is ready.",
    retry: "The step will start again as soon as it is ready.",
    "next-step": "The next step will open as soon as it is ready.",
    "next-lesson": "The next lesson will open as soon as it is ready.",
  };

  /** Keep a request made before Python was ready, the last one only, to do once it is. */
  function keep(action, element) {
    if (root.dataset.ready === "failed" || !(action in FOLLOWS)) {
      say(waitWords(), "note");
      return;
    }
    pending = { action, lesson: at.lesson, step: at.step, moves: at.moves.length, target: element.dataset.lesson };
    say(`${waitWords()} ${FOLLOWS[action]}`, "note");
  }

  /** Do the kept request, if Python now shows the position it was made at. */
  function doPending() {
    const kept = pending;
    pending = null;
    if (!kept || kept.lesson !== at.lesson || kept.step !== at.step || kept.moves !== at.moves.length) return;
    if (kept.action === "hint") onHint();
    else if (kept.action === "retry") go(at.lesson, at.step, [], true);
    else if (kept.action === "next-step") go(at.lesson, at.step + 1, [], "heading");
    else if (kept.action === "next-lesson" && order.includes(kept.target)) go(kept.target, 0, [], "heading", true);
  }

  /** Whether the build's replies answer the step on the table now. */
  function islandApplies() {
    const wanted = new URL(window.location.href).searchParams.get("lesson");
    return Boolean(island) && (!wanted || wanted === island.lesson) && island.lesson === at.lesson
      && island.step === at.step && at.moves.length === 0 && !model;
  }

  async function act(payload, button) {
    if (busy) {
      hurry(stage);
      return;
    }
    busy = true;
    root.dataset.busy = "true";
    try {
      const reply = await answer(payload);
      if (!reply) {
        say(waitWords(), "note");
        return;
      }
      if (reply.mistake) at.mistakes += 1; // Python's star rule: a refused or goal-missing move
      if (reply.rejected) {
        feedMastery(reply.mastery, `lesson ${at.lesson} ${at.step} ${at.moves.length}`);
        save();
        beep("wrong");
        refuse(button);
        show(reply.rejected.html, "wrong");
        feedback.dataset.kind = reply.rejected.legal ? "not-asked" : "illegal";
        return;
      }
      feedMastery(reply.mastery, `lesson ${at.lesson} ${at.step} ${at.moves.length}`);
      const frames = reply.frames ?? [];
      for (const frame of frames.slice(0, -1)) {
        morph(play, frame.html, { animate: true });
        say(sentences(frame.said, trickNote(play))); // each card played, read out and shown
        beep("play");
        await pause(frame.last_trick?.just_done ? FRAME_MS * 2 : FRAME_MS);
      }
      // The lesson's verdict is asked for before anything is drawn, so the last card and the
      // verdict appear together (never a finished table under an empty feedback line).
      const done = reply.model.outcome === true && reply.model.complete
        ? await engine.call("lesson.finish", { mistakes: at.mistakes, hints: at.hints, feedback: reply.model.feedback })
        : null;
      if (done) progress.stars[at.lesson] = Math.max(done.stars, progress.stars[at.lesson] ?? 0);
      render(reply.model, { animate: true });
      if (root.dataset.ready === "failed") disableAll(stage); // nothing further can be answered
      beep(reply.model.outcome === false ? "wrong" : reply.model.outcome ? "trick" : "play");
      if (reply.model.outcome === true) {
        if (done) beep("win");
        show(done ? done.html : reply.model.html.feedback, "right");
        save();
        tools.querySelector(".md-button--primary")?.focus();
      } else if (reply.model.outcome === false) {
        save();
        show(reply.model.html.feedback, "wrong");
        tools.querySelector("[data-lesson-retry]")?.focus();
      } else {
        say(sentences(frames.at(-1)?.said, trickNote(play)));
        save();
        if (stage.contains(document.activeElement) || document.activeElement === document.body) {
          firstControl(play)?.focus({ preventScroll: true });
        }
      }
    } catch (error) {
      say(`The card engine could not answer: ${error.message}`, "wrong");
    } finally {
      busy = false;
      root.dataset.busy = "false";
    }
  }

  async function onHint() {
    if (!engine) {
      say(waitWords(), "note");
      return;
    }
    const reply = await engine.call("lesson.hint", { lesson: at.lesson, step: at.step, moves: at.moves, level: at.hintLevel });
    if (reply.counts) at.hints += 1;
    at.hintLevel += 1;
    save();
    show(reply.html, "hint");
    const hintButton = tools.querySelector("[data-lesson-hint]");
    if (hintButton) {
      hintButton.textContent = reply.more ? "Another hint" : "Hint";
      const last = !reply.more; // nothing new at this position until the next move redraws it
      // The hint is read out from the feedback line; a focus left on the disabled button
      // would fall to the page's top, so it goes to the hand.
      if (last && document.activeElement === hintButton) (firstControl(play) ?? feedback).focus();
      hintButton.disabled = last;
    }
  }

  function resetEverything() {
    progress = { stars: {}, at: null };
    removeRecord(KEY);
    showStars();
    if (engine) go(order[0], 0, [], "heading", true);
  }

  delegate(root, (action, element, event) => {
    if (action === "card") act({ card: element.dataset.card }, element);
    else if (action === "choose") act({ action: element.dataset.choice }, element);
    else if (!engine && action !== "reset-all" && action !== "reset-all-yes" && action !== "confirm-no") {
      keep(action, element);
    } else if (action === "hint") onHint();
    else if (action === "retry") go(at.lesson, at.step, [], true);
    else if (action === "next-step") go(at.lesson, at.step + 1, [], "heading");
    else if (action === "next-lesson") go(element.dataset.lesson, 0, [], "heading", true);
    else if (action === "reset-lesson") confirmBox.open("reset-lesson", element);
    else if (action === "reset-lesson-yes") {
      delete progress.stars[at.lesson];
      save();
      showStars();
      go(at.lesson, 0, [], "heading", true);
    } else if (action === "reset-all") confirmBox.open("reset-all", element);
    else if (action === "reset-all-yes") {
      confirmBox.close(element);
      resetEverything();
    } else if (action === "confirm-no") confirmBox.close(element, true);
    void event;
  });
  for (const link of links) {
    link.addEventListener("click", (event) => {
      // Before Python is ready the link simply opens the page at that lesson.
      if (!engine || event.metaKey || event.ctrlKey || event.shiftKey) return;
      // Not a page load (the site's instant navigation listens on the page body): the
      // lesson opens on this stage.
      event.preventDefault();
      event.stopPropagation();
      go(link.dataset.lessonLink, 0, [], "heading", true);
    });
  }
  rovingHand(play);
  listening(root); // clicks are answered from here on (from the build's replies until Python is ready)
  stage.addEventListener("pointerdown", () => busy && hurry(stage));
  root.addEventListener("keydown", () => busy && hurry(stage));
  wireSettings(root.querySelector("[data-settings]"));
  showStars();

  const notes = [];
  if (loaded.corrupted) notes.push("Your saved lesson progress could not be read, so it was reset.");
  if (settingsWereReset()) notes.push("Your saved settings could not be read, so they were reset.");
  if (notes.length) root.dataset.storageReset = "true";
  const wanted = new URL(window.location.href).searchParams.get("lesson"); // a link's lesson
  if (wanted !== null && !order.includes(wanted)) {
    const instead = progress.at && order.includes(progress.at.lesson) ? "where you left off" : "the first lesson";
    const name = wanted.length > 40 ? `${wanted.slice(0, 40)}…` : wanted;
    notes.push(`This link asks for a lesson called “${name}”, which this site does not have, so here is ${instead}.`);
  }
  if (notes.length) {
    say(notes.join(" "), "note");
  }

  try {
    engine = await runtime.getRuntime();
  } catch {
    root.dataset.ready = "failed";
    // Only what the build's replies can answer stays usable: the first step's cards.
    disableAll(stage);
    if (islandApplies()) {
      for (const card of play.querySelectorAll(".eu-hand button.eu-card")) card.disabled = false;
    }
    return; // attachStatus says the engine could not start; the first step stays readable
  }

  // ---- first view: what the learner already began, a link's lesson, where they left off
  const saved = progress.at;
  // The saved place: its step with its moves; moves the lesson no longer takes (it changed
  // since they were saved) start that step again, and a step it no longer has, the lesson.
  async function resume(lessonId, place) {
    try {
      await go(lessonId, place.step, place.moves ?? [], false);
      return;
    } catch {
      notes.push("Your saved place in this lesson no longer fits it (the lesson has changed), so it starts again from the step you were on.");
    }
    await go(lessonId, place.step, [], false).catch(() => go(lessonId, 0, [], false));
  }
  try {
    if (early) {
      // Python takes over the very state the build's replies drew
      await go(at.lesson, at.step, at.moves, false, false, true);
    } else if (wanted && order.includes(wanted)) {
      if (saved && saved.lesson === wanted) {
        Object.assign(at, { mistakes: saved.mistakes ?? 0, hints: saved.hints ?? 0 });
        await resume(wanted, saved);
      } else {
        await go(wanted, 0, [], false, true);
      }
    } else if (saved && order.includes(saved.lesson)) {
      Object.assign(at, { mistakes: saved.mistakes ?? 0, hints: saved.hints ?? 0 });
      await resume(saved.lesson, saved);
    } else {
      await go(order[0], 0, [], false, true);
    }
  } catch (error) {
    console.warn("euchre: lesson", error);
    root.dataset.ready = "failed";
    disableAll(stage);
    say("The lesson could not reach the card engine. The first step above is still correct.", "wrong");
    return;
  }
  if (notes.length) say(notes.join(" "), "note");
  root.dataset.ready = "true";
  doPending();
}
