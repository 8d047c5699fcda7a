// The trick quiz. Python (in Pyodide) makes every question and checks every answer
// ("quiz.new", "quiz.questions", "quiz.check"); this module draws the questions, forwards
// clicks and keys, shows the engine's feedback, and keeps the reader's progress and the
// missed questions (a small spaced repetition) in localStorage. No rule of the game here.
// Nothing read from the URL or from storage is ever inserted as HTML: text goes through
// textContent, and storage is checked before use (anything odd is reset).
// The question markup is the same as euchre_tutorial/widgets/quiz.py's question_html.

import { cardElement } from "../cards.js";

export const STORE_KEY = "euchre.quiz.v1";
const STORE_VERSION = 1;
const QUIZ_PARAMS = new Set(["kinds", "kind", "seed", "count", "n", "level", "difficulty", "traps", "trap", "rules"]);
const ID_FORMAT = /^[a-z]{1,10}:[a-z-]{1,12}:[a-z-]{1,16}:[0-9]{1,10}@[a-z0-9_:,-]{1,400}$/;
const SPACING = [1, 2, 4]; // quizzes to wait before a missed question returns, per box
const MAX_REVIEW = 100;
const HINTS = {
  many: "Select every card you may play, then check.",
  order: "Pick the cards from the highest to the lowest, then check.",
  one: "Pick one answer.",
};
const GROUPS = { many: "Your hand", order: "Trumps to order", one: "Answers" };
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];

// ---------------------------------------------------------------- small DOM helpers
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function seatLabel(text) {
  return text ? el("span", "eu-quiz-seat", text) : null;
}

function button(className, text) {
  const b = el("button", className, text);
  b.type = "button";
  return b;
}

// ---------------------------------------------------------------- storage
function emptyStore() {
  return { v: STORE_VERSION, runs: 0, run: null, review: [] };
}

const isInt = (x, low = 0, high = 1e9) => Number.isInteger(x) && x >= low && x <= high;
const isId = (x) => typeof x === "string" && ID_FORMAT.test(x);

function validRun(run) {
  if (run === null) return true;
  if (typeof run !== "object" || Array.isArray(run)) return false;
  if (run.mode !== "practice" && run.mode !== "link") return false;
  if (typeof run.query !== "string" || run.query.length > 2000) return false;
  if (!Array.isArray(run.ids) || run.ids.length < 1 || run.ids.length > 60 || !run.ids.every(isId)) return false;
  if (!Array.isArray(run.answers) || run.answers.length > run.ids.length) return false;
  return run.answers.every(
    (a, i) =>
      a && typeof a === "object" && a.id === run.ids[i] && typeof a.ok === "boolean" &&
      Array.isArray(a.given) && a.given.length <= 12 &&
      a.given.every((g) => typeof g === "string" && g.length <= 10),
  );
}

function validStore(data) {
  return (
    data && typeof data === "object" && !Array.isArray(data) &&
    data.v === STORE_VERSION && isInt(data.runs) && validRun(data.run) &&
    Array.isArray(data.review) && data.review.length <= MAX_REVIEW &&
    data.review.every(
      (r) => r && typeof r === "object" && isId(r.id) && isInt(r.box, 0, SPACING.length) &&
        isInt(r.due) && isInt(r.misses, 1),
    )
  );
}

/** Read the saved progress: {store, reset}. Unreadable or odd data is replaced, quietly. */
export function loadStore() {
  let raw = null;
  try {
    raw = localStorage.getItem(STORE_KEY);
  } catch {
    return { store: emptyStore(), reset: false };
  }
  if (raw === null) return { store: emptyStore(), reset: false };
  let data = null;
  try {
    data = JSON.parse(raw);
  } catch {
    data = null;
  }
  if (validStore(data)) return { store: data, reset: false };
  const store = emptyStore();
  saveStore(store);
  return { store, reset: true };
}

function saveStore(store) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(store));
  } catch {
    // storage full or blocked: the quiz still works, it just will not remember
  }
}

function dueReview(store, count) {
  return store.review
    .filter((item) => item.due <= store.runs)
    .sort((a, b) => a.due - b.due || b.misses - a.misses)
    .slice(0, Math.floor(count / 3))
    .map((item) => item.id);
}

function recordReview(store, id, ok) {
  const index = store.review.findIndex((item) => item.id === id);
  if (!ok) {
    const item = index >= 0 ? store.review[index] : { id, box: 0, due: 0, misses: 0 };
    item.box = 0;
    item.due = store.runs + SPACING[0];
    item.misses = Math.min(item.misses + 1, 1e6);
    if (index < 0) store.review.push(item);
    if (store.review.length > MAX_REVIEW) store.review.splice(0, store.review.length - MAX_REVIEW);
  } else if (index >= 0 && store.review[index].due <= store.runs) {
    const item = store.review[index];
    item.box += 1;
    if (item.box >= SPACING.length) store.review.splice(index, 1);
    else item.due = store.runs + SPACING[item.box];
  }
}

// ---------------------------------------------------------------- drawing a question
/** One question, as euchre_tutorial.widgets.quiz.question_html draws it. */
export function questionElement(q, { interactive = true } = {}) {
  const section = el("section", "eu-quiz-question");
  section.dataset.kind = q.kind;
  section.dataset.pick = q.pick;
  section.dataset.question = q.id;
  if (q.review) section.dataset.review = "true";
  const title = el("h3", "eu-quiz-title", q.title);
  if (q.review) title.append(el("span", "eu-quiz-again", "Again"));
  section.append(title);

  const trump = el("p", "eu-quiz-trump");
  const suit = el("span", `eu-quiz-trump-suit eu-suit-${q.trump.suit}`);
  const symbol = el("span", "eu-quiz-trump-symbol", q.trump.symbol);
  symbol.setAttribute("aria-hidden", "true");
  suit.append(symbol, ` ${q.trump.name}`);
  trump.append(el("span", "eu-quiz-trump-label", "Trump"), " ", suit);
  section.append(trump);

  if (q.table.length) {
    const table = el("ol", "eu-quiz-table");
    table.setAttribute("aria-label", "Cards on the table");
    for (const played of q.table) {
      const item = el("li", "eu-quiz-played");
      item.dataset.note = played.note;
      item.append(cardElement(played.card));
      const seat = seatLabel(played.seat);
      if (seat) item.append(seat);
      table.append(item);
    }
    section.append(table);
  }
  if (q.facts.length) {
    const facts = el("ul", "eu-quiz-facts");
    for (const fact of q.facts) facts.append(el("li", "", fact));
    section.append(facts);
  }
  section.append(el("p", "eu-quiz-prompt", q.prompt));

  const withCards = q.options.some((o) => o.card);
  const list = el("ul", `eu-quiz-options eu-quiz-options--${withCards ? "cards" : "choices"}`);
  list.setAttribute("aria-label", q.kind === "winner" ? "The trick, in the order played" : GROUPS[q.pick]);
  for (const option of q.options) {
    const slot = el("li", "eu-quiz-slot");
    slot.dataset.value = option.value;
    let control;
    if (option.card) {
      const selected = q.pick === "one" ? null : false;
      control = cardElement(option.card, { button: true, selected, extraClass: "eu-quiz-option" });
      slot.append(control);
      if (q.pick === "order") {
        const badge = el("span", "eu-quiz-badge");
        badge.setAttribute("aria-hidden", "true");
        slot.append(badge);
      }
      const seat = seatLabel(option.seat);
      if (seat) slot.append(seat);
    } else {
      control = button("eu-quiz-choice eu-quiz-option");
      control.dataset.value = option.value;
      if (option.symbol) {
        const mark = el("span", `eu-quiz-choice-symbol eu-suit-${option.value}`, option.symbol);
        mark.setAttribute("aria-hidden", "true");
        control.append(mark);
      }
      control.append(el("span", "eu-quiz-choice-label", option.label));
      slot.append(control);
    }
    control.disabled = !interactive;
    list.append(slot);
  }
  section.append(list);
  section.append(el("p", "eu-quiz-hint", HINTS[q.pick]));
  return section;
}

function optionLabel(q, value) {
  return q.options.find((o) => o.value === value)?.label ?? value;
}

// ---------------------------------------------------------------- the widget
export async function mount(root, runtime) {
  const quiz = root.querySelector(".eu-quiz");
  if (!quiz) throw new Error("the quiz markup is missing");
  const parts = {
    progress: quiz.querySelector(".eu-quiz-progress"),
    score: quiz.querySelector(".eu-quiz-score"),
    fill: quiz.querySelector(".eu-quiz-bar-fill"),
    notes: quiz.querySelector(".eu-quiz-notes"),
    body: quiz.querySelector(".eu-quiz-body"),
    feedback: quiz.querySelector(".eu-quiz-feedback"),
    actions: quiz.querySelector(".eu-quiz-actions"),
  };
  const config = JSON.parse(root.dataset.config || "{}");
  const rules = JSON.parse(root.dataset.rules || "{}");
  const search = new URLSearchParams(window.location.search);
  const fromLink = [...search.keys()].some((key) => QUIZ_PARAMS.has(key.trim().toLowerCase()));
  const query = fromLink ? window.location.search.slice(0, 4000) : "";

  let { store, reset } = loadStore();
  let engine = null;
  let questions = [];
  let run = null;
  let current = null; // {q, picked: [], checked: feedback | null}
  let busy = false;

  const notes = [];
  if (fromLink) {
    showNotes(["This link opens a quiz of its own. It appears as soon as the card engine is ready; until then you see a sample question."]);
  }

  function showNotes(lines, intro = "") {
    parts.notes.replaceChildren();
    if (!lines.length) {
      parts.notes.hidden = true;
      return;
    }
    if (intro) parts.notes.append(el("p", "eu-quiz-notes-intro", intro));
    const list = el("ul");
    for (const line of lines) list.append(el("li", "", line));
    parts.notes.append(list);
    parts.notes.hidden = false;
  }

  function save() {
    store.run = run;
    saveStore(store);
  }

  function score() {
    return run.answers.filter((a) => a.ok).length;
  }

  function updateHead() {
    const total = run.ids.length;
    const done = run.answers.length;
    parts.progress.textContent = current ? `Question ${current.index + 1} of ${total}` : `Finished: ${total} questions`;
    parts.score.textContent = `Score ${score()}`;
    parts.fill.style.width = `${Math.round((100 * done) / total)}%`;
    parts.fill.dataset.fraction = String(done / total);
  }

  function setAction(label, handler, { primary = true, disabled = false } = {}) {
    const b = button(`md-button${primary ? " md-button--primary" : ""} eu-quiz-submit`, label);
    b.disabled = disabled;
    b.addEventListener("click", handler);
    parts.actions.replaceChildren(b);
    return b;
  }

  // ------------------------------------------------------------ one question
  function showQuestion(index) {
    const q = questions[index];
    current = { q, index, picked: [], checked: null };
    parts.feedback.replaceChildren();
    delete quiz.dataset.result;
    quiz.dataset.state = "question";
    const section = questionElement(q);
    parts.body.replaceChildren(section);
    for (const control of section.querySelectorAll(".eu-quiz-option")) {
      control.addEventListener("click", () => pick(control.closest(".eu-quiz-slot").dataset.value));
    }
    if (q.pick === "one") {
      parts.actions.replaceChildren();
    } else {
      setAction("Check", () => submit(), { disabled: true });
    }
    updateHead();
  }

  function refreshPicks() {
    const { q, picked } = current;
    for (const slot of parts.body.querySelectorAll(".eu-quiz-slot")) {
      const control = slot.querySelector(".eu-quiz-option");
      const at = picked.indexOf(slot.dataset.value);
      if (q.pick === "many") {
        control.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
      } else if (q.pick === "order") {
        control.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
        slot.querySelector(".eu-quiz-badge").textContent = at >= 0 ? String(at + 1) : "";
        const name = control.getAttribute("aria-label").split(", placed")[0];
        control.setAttribute("aria-label", at >= 0 ? `${name}, placed ${ORDINALS[at] ?? at + 1}` : name);
      }
    }
    const submitButton = parts.actions.querySelector(".eu-quiz-submit");
    if (submitButton) {
      submitButton.disabled = q.pick === "order" ? picked.length !== q.options.length : picked.length === 0;
    }
  }

  function pick(value) {
    if (!current || current.checked || busy) return;
    const { q, picked } = current;
    if (q.pick === "one") {
      current.picked = [value];
      submit();
      return;
    }
    const at = picked.indexOf(value);
    if (at >= 0) picked.splice(at, 1);
    else picked.push(value);
    refreshPicks();
  }

  async function submit() {
    if (!current || current.checked || busy) return;
    busy = true;
    const { q } = current;
    let feedback;
    try {
      feedback = await engine.call("quiz.check", { id: q.id, answer: current.picked });
    } catch (error) {
      busy = false;
      parts.feedback.replaceChildren(el("p", "eu-quiz-error", `The card engine could not check this answer: ${error?.message ?? error}`));
      return;
    }
    busy = false;
    current.checked = feedback;
    run.answers.push({ id: q.id, given: feedback.given, ok: feedback.correct });
    recordReview(store, q.id, feedback.correct);
    const finished = run.answers.length >= run.ids.length;
    if (finished && !run.done) {
      run.done = true;
      store.runs += 1;
    }
    save();
    showFeedback(feedback);
    updateHead();
    const next = setAction(finished ? "See your score" : "Next question", () => {
      if (finished) showSummary();
      else showQuestion(run.answers.length);
    });
    next.focus({ preventScroll: true });
  }

  function markCards(container, feedback) {
    for (const slot of container.querySelectorAll(".eu-quiz-slot")) {
      const mark = feedback.marks[slot.dataset.value];
      if (mark) slot.dataset.mark = mark;
      const control = slot.querySelector(".eu-quiz-option");
      if (control) {
        control.disabled = true;
        if (mark) {
          const words = { right: "right answer", wrong: "not right", missed: "you missed this one" }[mark];
          const name = control.getAttribute("aria-label");
          if (name && words) control.setAttribute("aria-label", `${name.split(", placed")[0]}, ${words}`);
        }
      }
    }
    for (const card of container.querySelectorAll("[data-card]")) {
      const what = feedback.cards[card.dataset.card];
      if (what) card.dataset.highlight = what;
    }
  }

  function feedbackElement(feedback) {
    const box = el("div", `eu-quiz-verdict eu-quiz-verdict--${feedback.correct ? "right" : "wrong"}`);
    const head = el("p", "eu-quiz-verdict-head");
    const icon = el("span", "eu-quiz-verdict-icon", feedback.correct ? "✓" : "✗");
    icon.setAttribute("aria-hidden", "true");
    head.append(icon, el("strong", "", feedback.verdict));
    if (!feedback.correct) head.append(" ", el("span", "eu-quiz-answer", `The answer: ${feedback.answer_text}`));
    box.append(head);
    const why = el("div", "eu-quiz-why");
    for (const reason of feedback.reasons) why.append(el("p", "", reason));
    box.append(why);
    return box;
  }

  function showFeedback(feedback) {
    quiz.dataset.state = "answered";
    quiz.dataset.result = feedback.correct ? "right" : "wrong";
    markCards(parts.body, feedback);
    parts.feedback.replaceChildren(feedbackElement(feedback));
  }

  // ------------------------------------------------------------ the end of a quiz
  async function showSummary() {
    current = null;
    quiz.dataset.state = "summary";
    delete quiz.dataset.result;
    parts.feedback.replaceChildren();
    const total = run.ids.length;
    const right = score();
    updateHead();
    const summary = el("section", "eu-quiz-summary");
    summary.append(el("h3", "eu-quiz-summary-title", `You scored ${right} of ${total}`));
    const message =
      right === total ? "Every answer right. Try a harder level, or raise the trap rate."
        : right >= total * 0.7 ? "Well played. The questions you missed are below, with the reasons."
          : "Keep going: read the reasons below, and the missed questions will come back in a later quiz.";
    summary.append(el("p", "eu-quiz-summary-text", message));

    const misses = run.answers.map((a, i) => ({ ...a, index: i })).filter((a) => !a.ok);
    if (misses.length) {
      summary.append(el("h4", "eu-quiz-review-title", "Review your misses"));
      const list = el("ol", "eu-quiz-review");
      for (const miss of misses) {
        const q = questions[miss.index];
        const item = el("li", "eu-quiz-review-item");
        item.append(el("p", "eu-quiz-review-number", `Question ${miss.index + 1}`));
        const section = questionElement(q, { interactive: false });
        section.querySelector(".eu-quiz-hint")?.remove();
        item.append(section);
        try {
          const feedback = await engine.call("quiz.check", { id: q.id, answer: miss.given });
          markCards(section, feedback);
          const given = miss.given.map((v) => optionLabel(q, v)).join(q.pick === "order" ? ", then " : ", ");
          item.append(el("p", "eu-quiz-review-given", `Your answer: ${given || "none"}.`));
          item.append(feedbackElement(feedback));
        } catch {
          item.append(el("p", "eu-quiz-error", "The card engine could not explain this one."));
        }
        list.append(item);
      }
      summary.append(list);
    }

    const share = el("div", "eu-quiz-share");
    if (run.query) {
      const label = el("label", "eu-quiz-share-label", "Link to this quiz ");
      const input = el("input", "eu-quiz-share-link");
      input.type = "text";
      input.readOnly = true;
      const url = new URL(window.location.href);
      url.search = `?${run.query}`;
      url.hash = "";
      input.value = url.href;
      label.append(input);
      share.append(label);
      summary.append(share);
    }
    parts.body.replaceChildren(summary);

    const buttons = [];
    if (misses.length) {
      const again = button("md-button md-button--primary eu-quiz-again-button", "Practise your misses");
      again.addEventListener("click", () => startPractice({ ids: misses.map((m) => m.id) }));
      buttons.push(again);
    }
    const fresh = button(`md-button${misses.length ? "" : " md-button--primary"} eu-quiz-new`, "New quiz");
    fresh.addEventListener("click", () => startPractice({}));
    buttons.push(fresh);
    parts.actions.replaceChildren(...buttons);
    summary.querySelector(".eu-quiz-summary-title").setAttribute("tabindex", "-1");
    summary.querySelector(".eu-quiz-summary-title").focus({ preventScroll: false });
    parts.feedback.replaceChildren(el("p", "eu-visually-hidden", `Quiz finished. You scored ${right} of ${total}.`));
  }

  // ------------------------------------------------------------ starting a quiz
  function randomSeed() {
    const buffer = new Uint32Array(1);
    crypto.getRandomValues(buffer);
    return buffer[0];
  }

  function begin(mode, runQuery, list) {
    questions = list;
    run = { mode, query: runQuery, ids: list.map((q) => q.id), answers: [], done: false };
    save();
    showQuestion(0);
  }

  async function startPractice({ ids = null }) {
    if (busy) return;
    busy = true;
    try {
      if (fromLink && window.location.search) {
        const url = new URL(window.location.href);
        url.search = "";
        window.history.replaceState(window.history.state, "", url.href);
      }
      if (ids) {
        const reply = await engine.call("quiz.questions", { ids });
        begin("practice", "", reply.questions.map((q) => ({ ...q, review: true })));
      } else {
        const reply = await engine.call("quiz.new", {
          config, rules, seed: randomSeed(), review: dueReview(store, config.count ?? 10),
        });
        begin("practice", reply.spec.query, reply.questions);
      }
      showNotes([]);
      parts.body.querySelector(".eu-quiz-option")?.focus({ preventScroll: true });
    } catch (error) {
      parts.feedback.replaceChildren(el("p", "eu-quiz-error", `The card engine could not start a new quiz: ${error?.message ?? error}`));
    } finally {
      busy = false;
    }
  }

  async function resume(saved) {
    const reply = await engine.call("quiz.questions", { ids: saved.ids });
    if (reply.dropped.length || reply.questions.length !== saved.ids.length) return false;
    questions = reply.questions;
    run = saved;
    if (run.answers.length >= run.ids.length) {
      await showSummary();
    } else {
      showQuestion(run.answers.length);
    }
    return true;
  }

  // Keys: 1 to 9 pick an answer while the focus is in the quiz.
  quiz.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !current || current.checked) return;
    if (event.target.closest("input, textarea, select")) return;
    const n = Number.parseInt(event.key, 10);
    if (Number.isInteger(n) && n >= 1 && n <= current.q.options.length) {
      event.preventDefault();
      const slot = parts.body.querySelectorAll(".eu-quiz-slot")[n - 1];
      slot?.querySelector(".eu-quiz-option")?.focus();
      pick(current.q.options[n - 1].value);
    }
  });

  try {
    engine = await runtime.getRuntime();
  } catch {
    return; // attachStatus says why; the build-time question stays readable
  }

  const mode = fromLink ? "link" : "practice";
  const reply = await engine.call("quiz.new", {
    config, rules, query, review: fromLink ? [] : dueReview(store, config.count ?? 10),
  });
  if (reset) notes.push("Your saved quiz progress could not be read, so it was cleared.");
  let resumed = false;
  const saved = store.run;
  if (saved && saved.mode === mode && (mode === "practice" || saved.query === reply.spec.query)) {
    try {
      resumed = await resume(saved);
    } catch {
      resumed = false;
    }
    if (!resumed) {
      store = { ...store, run: null, review: store.review.filter((r) => !saved.ids.includes(r.id)) };
      notes.push("Your saved quiz progress could not be read, so it was cleared.");
    }
  }
  if (!resumed) begin(mode, reply.spec.query, reply.questions);
  const linkNotes = reply.notes.length ? reply.notes : [];
  if (linkNotes.length) {
    showNotes([...linkNotes, ...notes], "Some settings in this link could not be used, so the quiz uses its defaults for them:");
  } else {
    showNotes(notes);
  }
  root.dataset.ready = "true";
}
