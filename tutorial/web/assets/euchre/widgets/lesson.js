// The lesson widget: a path of lessons (stars kept in this browser) and a table where each
// step is played. The engine answers and draws (bridge methods lesson.step / lesson.act /
// lesson.hint / lesson.finish reply with the HTML of each region and a few flags); this
// module morphs that in and forwards clicks by data-action. Before Python is ready, every
// lesson is answered from the replies the build wrote (one file per lesson, fetched when
// the lesson is opened: euchre_tutorial.prebuilt.lesson_steps), looked up by a key of the
// step's state: a lookup, no rule.

import { delegate, holdTaps, listening, morph } from "../dom.js";
import { feedMastery } from "../mastery.js";
import { beep, hurry, pause } from "../play/effects.js";
import { disableAll, firstControl, refuse, rovingHand, tone } from "../play/controls.js";
import { settingsWereReset, wireSettings } from "../settings.js";
import { peekRecord, readRecord, removeRecord, writeRecord } from "../play/storage.js";
import { confirmations } from "../play/confirm.js";
import { loadPrebuilt, lookup } from "../prebuilt.js";

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

function readIsland(root) {
  try {
    const island = root.querySelector(".eu-prerendered[data-island]");
    return island ? JSON.parse(island.dataset.island) : {};
  } catch {
    return {};
  }
}

const REGIONS = ["head", "narration", "goal", "table", "tools"];

export async function mount(root, runtime) {
  holdTaps(root); // a tap before listening(root) is answered then, once
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
  let flags = null; // the flags of the step shown (outcome, complete)
  let lastHint = null; // the last hint's reply on this step (the Hint button follows it)
  let engine = null;
  let busy = false;
  let early = false; // the learner played from the build's replies before Python was ready
  const files = island.files ?? {};
  const lessonData = {}; // lesson id -> its file of build-time replies (or null)
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
      const drawn = island.stars?.[n]; // Python's drawing of n stars (present/lesson.stars_html)
      if (drawn) morph(link.querySelector("[data-stars-place]"), drawn);
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

  /** Draw a reply's last frame (the step as it now stands) and keep its flags. */
  function render(reply, { animate = false } = {}) {
    flags = reply.flags;
    at.moves = [...flags.moves];
    const drawn = reply.frames.at(-1).regions;
    for (const name of REGIONS) {
      if (name in drawn) morph(region(name), drawn[name], { animate: animate && name === "table" });
    }
    root.dataset.lesson = flags.lesson;
    root.dataset.step = String(flags.step);
    root.dataset.outcome = flags.outcome === null ? "open" : flags.outcome ? "done" : "missed";
    showStars();
  }

  // ---- replies: from the build's file of the lesson until the engine runs, then the engine
  /** The lesson's file of build-time replies (fetched once; null when there is none). */
  async function dataOf(lessonId) {
    if (!(lessonId in lessonData)) lessonData[lessonId] = await loadPrebuilt(files[lessonId]);
    return lessonData[lessonId];
  }

  const at_ = () => `${at.step}|${at.moves.join(",")}`;
  const base = () => ({ lesson: at.lesson, step: at.step, moves: at.moves });

  /** The build's reply under `key` for the lesson on the stage, before the engine runs. */
  function built(key, lessonId = at.lesson) {
    return engine ? null : lookup(lessonData[lessonId], key);
  }

  /** A reply: the build's, else the engine's (null while the engine is not ready). */
  async function ask(method, key, payload, lessonId = at.lesson) {
    if (!engine) await dataOf(lessonId);
    const found = built(key, lessonId);
    if (found) {
      early = true;
      return found;
    }
    return engine ? engine.call(method, payload) : null;
  }

  /** Show step `step` of `lessonId` after the learner's `moves` (the place is changed only
   * once it is drawn). */
  async function go(lessonId, step, moves, focus, fresh = false, takeover = false) {
    root.setAttribute("aria-busy", "true");
    try {
      const key = `s|${step}|${moves.join(",")}`;
      const next = await ask("lesson.step", key, { lesson: lessonId, step, moves }, lessonId);
      if (!next) throw new Error("The card engine is not ready.");
      at.lesson = lessonId;
      if (fresh) {
        at.mistakes = 0;
        at.hints = 0;
      }
      at.step = step;
      if (!takeover) {
        at.hintLevel = 0;
        lastHint = null;
      }
      const url = new URL(window.location.href);
      if (url.searchParams.get("lesson") !== lessonId) {
        url.searchParams.set("lesson", lessonId);
        history.replaceState(history.state, "", url);
      }
      if (!takeover) say("");
      render(next);
      if (takeover && lastHint) markHintButton(lastHint); // as the build's hint left it
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

  /** The reply to an action: the build's (before Python is ready), or Python's. */
  async function answer(payload) {
    const click = payload.card ? `card:${payload.card}` : `action:${payload.action}`;
    return ask("lesson.act", `a|${at_()}|${click}`, { ...base(), ...payload });
  }

  function waitWords() {
    return root.dataset.ready === "failed"
      ? "The card engine could not start in this browser, so this cannot be answered here."
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

  // One thing at a time on the stage: a move and Python's taking over the position it
  // was made at run in turn, so neither draws over the other (a tap kept from before the
  // script listened can land while Python arrives).
  let turn = Promise.resolve();
  function inTurn(task) {
    const run = turn.then(task);
    turn = run.catch(() => {});
    return run;
  }

  /** One learner request at a time (a move or a hint): a tap while one is answered or
   * animated hurries it instead, so a double tap never plays twice or counts two hints. */
  async function oneAtATime(task) {
    if (busy) {
      hurry(stage);
      return;
    }
    busy = true;
    root.dataset.busy = "true";
    try {
      await inTurn(task);
    } finally {
      busy = false;
      root.dataset.busy = "false";
    }
  }

  const act = (payload, button) => oneAtATime(() => move(payload, button));

  /** Answer one move of the learner's and draw the answer. */
  async function move(payload, button) {
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
      const frames = reply.frames;
      for (const frame of frames.slice(0, -1)) {
        morph(play, frame.regions.table, { animate: true });
        say(frame.said); // each card played, shown and read out (who took a trick: the table's note)
        beep("play");
        await pause(frame.trick ? FRAME_MS * 2 : FRAME_MS);
      }
      const outcome = reply.flags.outcome;
      // The lesson's verdict is asked for before anything is drawn, so the last card and the
      // verdict appear together (never a finished table under an empty feedback line).
      const moves = reply.flags.moves;
      const done = outcome === true && reply.flags.complete
        ? await ask("lesson.finish", `f|${at.step}|${moves.join(",")}|${at.mistakes}|${at.hints}`, {
          ...base(), moves, mistakes: at.mistakes, hints: at.hints,
        })
        : null;
      if (done) progress.stars[at.lesson] = Math.max(done.stars, progress.stars[at.lesson] ?? 0);
      render(reply, { animate: true });
      beep(outcome === false ? "wrong" : outcome ? "trick" : "play");
      const feedbackHtml = frames.at(-1).regions.feedback;
      if (outcome === true) {
        if (done) beep("win");
        show(done ? done.html : feedbackHtml, "right");
        save();
        tools.querySelector(".md-button--primary")?.focus();
        const next = order[order.indexOf(at.lesson) + 1];
        if (next && !engine) dataOf(next); // the next lesson's replies, while this one is read
      } else if (outcome === false) {
        save();
        show(feedbackHtml, "wrong");
        tools.querySelector("[data-lesson-retry]")?.focus();
      } else {
        say(frames.at(-1)?.said ?? "");
        save();
        if (stage.contains(document.activeElement) || document.activeElement === document.body) {
          firstControl(play)?.focus({ preventScroll: true });
        }
      }
    } catch (error) {
      say(`The card engine could not answer: ${error.message}`, "wrong");
    }
  }

  async function onHint(element = null) {
    const level = at.hintLevel;
    const reply = await ask("lesson.hint", `h|${at_()}|${level}`, { ...base(), level });
    if (!reply) {
      keep("hint", element ?? tools);
      return;
    }
    if (reply.counts) at.hints += 1;
    at.hintLevel += 1;
    save();
    show(reply.html, "hint");
    lastHint = reply;
    markHintButton(reply);
  }

  /** The Hint button after a hint: "Another hint" while there are more, disabled after
   * the last one (the coach's advice can always be asked again). */
  function markHintButton(reply) {
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

  /** Open a step (Try again, Next step, Next lesson, a link of the path): from the build's
   * replies or Python; kept for Python when neither can answer yet. */
  async function open(action, element, lessonId, step, focus, fresh = false) {
    if (!engine) {
      await dataOf(lessonId);
      if (!built(`s|${step}|`, lessonId)) {
        keep(action, element);
        return;
      }
    }
    await go(lessonId, step, [], focus, fresh);
  }

  function resetEverything() {
    progress = { stars: {}, at: null };
    removeRecord(KEY);
    showStars();
    open("next-lesson", { dataset: { lesson: order[0] } }, order[0], 0, "heading", true);
  }

  delegate(root, (action, element, event) => {
    if (action === "card") act({ card: element.dataset.card }, element);
    else if (action === "choose") act({ action: element.dataset.choice }, element);
    else if (action === "hint") oneAtATime(() => onHint(element));
    else if (action === "retry") open(action, element, at.lesson, at.step, true);
    else if (action === "next-step") open(action, element, at.lesson, at.step + 1, "heading");
    else if (action === "next-lesson") open(action, element, element.dataset.lesson, 0, "heading", true);
    else if (action === "reset-lesson") confirmBox.open("reset-lesson", element);
    else if (action === "reset-lesson-yes") {
      delete progress.stars[at.lesson];
      save();
      showStars();
      open("retry", element, at.lesson, 0, "heading", true);
    } else if (action === "reset-all") confirmBox.open("reset-all", element);
    else if (action === "reset-all-yes") {
      confirmBox.close(element);
      resetEverything();
    } else if (action === "confirm-no") confirmBox.close(element, true);
    void event;
  });
  for (const link of links) {
    link.addEventListener("click", (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey) return;
      // Without the engine or the lesson's replies the link simply opens the page at that
      // lesson. Otherwise not a page load (the site's instant navigation listens on the
      // page body): the lesson opens on this stage.
      if (!engine && !files[link.dataset.lessonLink]) return;
      event.preventDefault();
      event.stopPropagation();
      open("next-lesson", link, link.dataset.lessonLink, 0, "heading", true);
    });
  }
  rovingHand(play);
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

  // ---- first view: a link's lesson, where the learner left off, or the first lesson
  const saved = progress.at;
  // The saved place: its step with its moves; moves the lesson no longer takes (it changed
  // since they were saved) start that step again, and a step it no longer has, the lesson.
  async function resume(lessonId, place) {
    try {
      await go(lessonId, place.step, place.moves ?? [], false);
      return;
    } catch {
      if (!engine) throw new Error("not in the build's replies");
      notes.push("Your saved place in this lesson no longer fits it (the lesson has changed), so it starts again from the step you were on.");
    }
    await go(lessonId, place.step, [], false).catch(() => go(lessonId, 0, [], false));
  }
  async function firstView() {
    if (wanted && order.includes(wanted)) {
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
  }

  // Before Python: the first view from the build's replies, when they have it (else the
  // page's first step waits for Python, as the build drew it).
  const firstLesson = wanted && order.includes(wanted) ? wanted : saved && order.includes(saved.lesson) ? saved.lesson : order[0];
  let drawnEarly = false;
  if (await dataOf(firstLesson)) {
    try {
      await firstView();
      drawnEarly = true;
    } catch {
      drawnEarly = false;
    }
  }
  listening(root); // clicks are answered from here on (from the build's replies until Python is ready)
  if (notes.length) say(notes.join(" "), "note");

  try {
    engine = await runtime.getRuntime();
  } catch {
    root.dataset.ready = "failed";
    // Without the build's replies nothing can be answered here.
    if (!drawnEarly) disableAll(stage);
    return; // attachStatus says the engine could not start; the step shown stays readable
  }

  try {
    // Python takes over the very state the build's replies drew (after a move still being
    // answered), else draws the first view itself.
    await inTurn(() => (drawnEarly ? go(at.lesson, at.step, at.moves, false, false, true) : firstView()));
  } catch (error) {
    console.warn("euchre: lesson", error);
    root.dataset.ready = "failed";
    disableAll(stage);
    say("The lesson could not reach the card engine. The step above is still correct.", "wrong");
    return;
  }
  if (notes.length && !early && !drawnEarly) say(notes.join(" "), "note");
  root.dataset.ready = "true";
  doPending();
}
