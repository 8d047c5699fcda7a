// The lesson widget: a path of lessons (stars kept in this browser) and a table where each
// step is played. Every answer comes from the engine through the bridge methods
// lesson.step / lesson.act / lesson.hint / lesson.stars; this module draws and forwards.

import { beep, hurry, pause, settingsPanel, settingsWereReset } from "../play/effects.js";
import { readRecord, removeRecord, writeRecord } from "../play/storage.js";
import { drawTable, el, firstControl, refuse } from "../play/table.js";

const KEY = "euchre.lessons";
const VERSION = 1;
const FRAME_MS = 650;

function loadProgress() {
  const { value, corrupted } = readRecord(KEY, VERSION, (d) => d && typeof d.stars === "object");
  return { progress: value ?? { stars: {}, at: null }, corrupted };
}

function starText(n) {
  return "★".repeat(n) + "☆".repeat(3 - n);
}

export async function mount(root, runtime) {
  const stage = root.querySelector(".eu-stage");
  const title = root.querySelector(".eu-stage-title");
  const count = root.querySelector(".eu-stage-count");
  const narration = root.querySelector(".eu-narration");
  const goal = root.querySelector(".eu-goal");
  const play = root.querySelector(".eu-play");
  const feedback = root.querySelector(".eu-feedback");
  const tools = root.querySelector(".eu-stage-tools");
  const resetAll = root.querySelector("[data-reset-all]");
  const links = [...root.querySelectorAll("[data-lesson-link]")];
  const order = links.map((a) => a.dataset.lessonLink);

  let { progress, corrupted } = loadProgress();
  let engine;
  try {
    engine = await runtime.getRuntime();
  } catch {
    return; // attachStatus says the engine could not start; the first step stays readable
  }

  const at = { lesson: order[0], step: 0, moves: [], mistakes: 0, hints: 0, hintLevel: 0 };
  let model = null;
  let busy = false;
  let interacted = false;

  function save() {
    progress.at = { lesson: at.lesson, step: at.step, moves: at.moves, mistakes: at.mistakes, hints: at.hints };
    writeRecord(KEY, VERSION, progress);
  }

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

  function say(text, kind = "") {
    feedback.replaceChildren();
    feedback.className = `eu-feedback${kind ? ` eu-feedback--${kind}` : ""}`;
    if (text) feedback.append(el("p", null, text));
  }

  function button(label, onClick, className = "md-button") {
    const b = el("button", className, label);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function confirmInline(container, question, onYes) {
    const box = el("div", "eu-confirm");
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", question);
    const yes = button("Yes, reset", () => { box.remove(); onYes(); }, "md-button md-button--primary eu-confirm-yes");
    const no = button("No, keep it", () => box.remove(), "md-button eu-confirm-no");
    box.append(el("p", null, question), yes, no);
    container.querySelector(".eu-confirm")?.remove();
    container.append(box);
    no.focus();
  }

  function drawTools() {
    tools.replaceChildren();
    const outcome = model.outcome;
    if (outcome === null) {
      const hint = button(at.hintLevel ? "Another hint" : "Hint", onHint, "md-button eu-hint-button");
      hint.dataset.lessonHint = "";
      tools.append(hint);
    } else if (outcome === false) {
      const retry = button("Try again", () => go(at.lesson, at.step, [], true), "md-button md-button--primary");
      retry.dataset.lessonRetry = "";
      tools.append(retry);
    } else if (model.complete) {
      const index = order.indexOf(at.lesson);
      if (index + 1 < order.length) {
        const next = button("Next lesson", () => go(order[index + 1], 0, [], true, true), "md-button md-button--primary");
        next.dataset.lessonNext = "";
        tools.append(next);
      }
    } else {
      const next = button("Next step", () => go(at.lesson, at.step + 1, [], true), "md-button md-button--primary");
      next.dataset.lessonNext = "";
      tools.append(next);
    }
    const reset = button("Reset this lesson", () =>
      confirmInline(tools, "Forget your stars for this lesson and start it again?", () => {
        delete progress.stars[at.lesson];
        save();
        showStars();
        go(at.lesson, 0, [], true, true);
      }), "eu-link-button");
    reset.dataset.resetLesson = "";
    tools.append(reset);
  }

  const handlers = {
    onCard: (code, b) => act({ card: code }, b),
    onChoice: (action, b) => act({ action }, b),
  };

  function render(next, previous = null) {
    model = next;
    at.moves = next.moves;
    title.textContent = next.lesson.title;
    count.textContent = `Step ${next.step.number} of ${next.lesson.steps}`;
    narration.textContent = next.step.narration;
    goal.replaceChildren(el("strong", null, "Goal:"), ` ${next.step.goal}`);
    drawTable(play, next.table, handlers, previous);
    root.dataset.lesson = next.lesson.id;
    root.dataset.step = String(next.step.index);
    root.dataset.outcome = next.outcome === null ? "open" : next.outcome ? "done" : "missed";
    drawTools();
    showStars();
  }

  async function go(lessonId, step, moves, focus, fresh = false) {
    interacted ||= focus;
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
      say("");
      render(next);
      save();
      if (focus) (firstControl(play) ?? tools.querySelector("button"))?.focus();
    } finally {
      root.removeAttribute("aria-busy");
    }
  }

  async function act(payload, b) {
    interacted = true;
    if (busy) {
      hurry(stage);
      return;
    }
    busy = true;
    try {
      const reply = await engine.call("lesson.act", { lesson: at.lesson, step: at.step, moves: at.moves, ...payload });
      if (reply.rejected) {
        at.mistakes += 1;
        save();
        beep("wrong");
        refuse(b);
        say(reply.rejected.reason, "wrong");
        if (reply.rejected.note) feedback.append(el("p", "eu-feedback-note", reply.rejected.note));
        feedback.dataset.kind = reply.rejected.legal ? "not-asked" : "illegal";
        return;
      }
      let previous = model.table;
      for (const frame of reply.frames.slice(0, -1)) {
        drawTable(play, frame, handlers, previous);
        beep("play");
        previous = frame;
        await pause(frame.last_trick?.just_done ? FRAME_MS * 2 : FRAME_MS);
      }
      render(reply.model, previous);
      beep(reply.model.outcome === false ? "wrong" : reply.model.outcome ? "trick" : "play");
      if (reply.model.outcome === true) {
        let text = reply.model.feedback;
        if (reply.model.complete) {
          const stars = await engine.call("lesson.stars", { mistakes: at.mistakes, hints: at.hints });
          progress.stars[at.lesson] = Math.max(stars, progress.stars[at.lesson] ?? 0);
          showStars();
          text = `${text} Lesson complete: ${starText(stars)} (${stars} of 3 stars).`;
          beep("win");
        }
        say(text, "right");
        save();
        tools.querySelector(".md-button--primary")?.focus();
      } else if (reply.model.outcome === false) {
        say(reply.model.feedback, "wrong");
        tools.querySelector("[data-lesson-retry]")?.focus();
      } else {
        say("");
        save();
      }
    } catch (error) {
      say(`The card engine could not answer: ${error.message}`, "wrong");
    } finally {
      busy = false;
    }
  }

  async function onHint() {
    interacted = true;
    const reply = await engine.call("lesson.hint", { lesson: at.lesson, step: at.step, moves: at.moves, level: at.hintLevel });
    at.hints += 1;
    at.hintLevel += 1;
    save();
    feedback.replaceChildren();
    feedback.className = "eu-feedback eu-feedback--hint";
    if (reply.coach) {
      const advice = el("div", "eu-advice");
      advice.append(el("p", "eu-advice-label", "Coach's advice (a suggestion, not a rule)"));
      advice.append(el("p", "eu-advice-action", `Suggested: ${reply.coach.action}`));
      const list = el("ul");
      for (const reason of reply.coach.reasons) list.append(el("li", null, reason));
      advice.append(list);
      feedback.append(advice);
    } else {
      feedback.append(el("p", null, `Hint ${reply.level + 1}: ${reply.text}`));
    }
    const hintButton = tools.querySelector("[data-lesson-hint]");
    if (hintButton) {
      hintButton.textContent = reply.more ? "Another hint" : "Hint";
      hintButton.disabled = !reply.more && !reply.coach;
    }
  }

  // ---- wiring
  for (const link of links) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      go(link.dataset.lessonLink, 0, [], true, true);
      stage.scrollIntoView({ block: "start", behavior: "smooth" });
    });
  }
  resetAll.addEventListener("click", () =>
    confirmInline(resetAll.parentElement, "Forget the stars of every lesson?", () => {
      progress = { stars: {}, at: null };
      removeRecord(KEY);
      showStars();
      go(order[0], 0, [], true, true);
    }),
  );
  stage.addEventListener("pointerdown", () => busy && hurry(stage));
  root.addEventListener("keydown", () => busy && hurry(stage));
  stage.before(settingsPanel());

  // ---- first view: a link's lesson, else where the learner left off, else the first
  const wanted = new URL(window.location.href).searchParams.get("lesson");
  const saved = progress.at;
  try {
    if (wanted && order.includes(wanted)) {
      if (saved && saved.lesson === wanted) {
        Object.assign(at, { mistakes: saved.mistakes ?? 0, hints: saved.hints ?? 0 });
        await go(wanted, saved.step, saved.moves ?? [], false).catch(() => go(wanted, 0, [], false));
      } else {
        await go(wanted, 0, [], false, true);
      }
    } else if (saved && order.includes(saved.lesson)) {
      Object.assign(at, { mistakes: saved.mistakes ?? 0, hints: saved.hints ?? 0 });
      await go(saved.lesson, saved.step, saved.moves ?? [], false).catch(() => go(saved.lesson, 0, [], false));
    } else {
      await go(order[0], 0, [], false, true);
    }
  } catch (error) {
    console.warn("euchre: lesson", error);
    root.dataset.ready = "failed";
    say("The lesson could not reach the card engine. The first step above is still correct.", "wrong");
    return;
  }
  if (corrupted || settingsWereReset()) {
    say("Your saved lesson progress could not be read, so it was reset.", "note");
  }
  root.dataset.ready = "true";
  void interacted;
}
