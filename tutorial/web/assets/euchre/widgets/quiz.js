// The trick quiz. Python draws every state of it (euchre_tutorial.present.quiz). The build
// wrote the page's whole default run (every question, every set of picks, every answer with
// its verdict, the end of the run and the row of each miss: euchre_tutorial.prebuilt.
// quiz_run), which this module fetches and looks up by a key of the quiz's state, so the
// run is answered before the engine starts; "quiz.view", "quiz.answer", "quiz.end" and
// "quiz.row" draw the same markup for any other run, and for this one once the engine
// runs. This module keeps the reader's run and the missed questions (a small spaced
// repetition) in localStorage, morphs the markup in, and forwards clicks and keys. No rule
// of the game and no markup here. Each answer's `mastery` field (its skill and item,
// decided by Python) goes to the progress record; a practice quiz sends that record so
// Python puts the items due first. Storage is checked before use (anything odd is reset).

import { delegate, holdTaps, listening, morph } from "../dom.js";
import { feedMastery, storedRecord } from "../mastery.js";
import { focusInView } from "../play/controls.js";
import { loadPrebuilt, lookup } from "../prebuilt.js";

export const STORE_KEY = "euchre.quiz.v1";
const STORE_VERSION = 1;
const ID_FORMAT = /^[a-z]{1,10}:[a-z-]{1,12}:[a-z-]{1,16}:[0-9]{1,10}@[a-z0-9_:,-]{1,400}$/;
const SPACING = [1, 2, 4]; // quizzes to wait before a missed question returns, per box
const MAX_REVIEW = 100;

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

// Said when an answer given in another tab moved this quiz on.
const MOVED_ON_ELSEWHERE = "This quiz moved on in another tab: it goes on here from where it stands.";
const STARTING_NOTE = "One moment: the card engine is still starting. Your new quiz follows.";

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

/** The saved progress as it is stored now (another tab may have changed it), or null when
 * there is none or it cannot be read (loadStore replaces it). */
function latestStore() {
  try {
    const data = JSON.parse(localStorage.getItem(STORE_KEY));
    return validStore(data) ? data : null;
  } catch {
    return null;
  }
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

// ---------------------------------------------------------------- the widget
function readIsland(root) {
  const island = root.querySelector(".eu-prerendered[data-island]");
  const empty = { waiting: null, params: [], links: {}, prebuilt: "" };
  if (!island) return empty;
  try {
    return { ...JSON.parse(island.dataset.island), prebuilt: island.dataset.prebuilt ?? "" };
  } catch {
    return empty;
  }
}

const joined = (values) => values.join(",");
const scoreOf = (run) => run.answers.filter((a) => a.ok).length;

export async function mount(root, runtime) {
  holdTaps(root); // a tap before listening(root) is answered then, once
  const frame = root.querySelector(".eu-quiz-frame");
  if (!frame) throw new Error("the quiz markup is missing");
  const status = root.querySelector("[data-widget-status]");
  const built = readIsland(root);
  const config = JSON.parse(root.dataset.config || "{}");
  const rules = JSON.parse(root.dataset.rules || "{}");
  const search = new URLSearchParams(window.location.search);
  // a link's quiz when the address sets any of what a link may (quiz.spec's PARAMS)
  const linkParams = new Set(built.params || []);
  const fromLink = [...search.keys()].some((key) => linkParams.has(key.trim().toLowerCase()));
  const query = fromLink ? window.location.search.slice(0, 4000) : "";

  let { store, reset } = loadStore();
  let engine = null;
  let data = null; // the build's replies for the page's default run
  let run = null; // {mode, query, ids, answers: [{id, given, ok}], done}
  let phase = "question";
  let picked = [];
  let review = new Set(); // ids shown as "Again"
  let linkNotes = [];
  let pendingLink = fromLink;
  let touched = false; // the reader answered from the build's data, before Python ran
  let busy = false;

  const quiz = () => frame.querySelector(".eu-quiz");

  function save() {
    store.run = run;
    saveStore(store);
  }

  function say(text) {
    if (status) status.textContent = text;
  }

  function viewPayload(extra = {}) {
    return {
      run: { ids: run.ids, answers: run.answers, query: run.query },
      phase, picked, review: [...review], reset, link_notes: linkNotes, pending_link: pendingLink,
      config, rules, ...extra,
    };
  }

  /** Whether the build's replies answer the quiz as it stands: the page's default run,
   * with nothing of its own to say (no notes, no questions marked "Again"). */
  function builtRun() {
    return Boolean(data) && !fromLink && Boolean(run) && run.mode === "practice" && !reset &&
      !pendingLink && linkNotes.length === 0 && review.size === 0 && joined(run.ids) === joined(data.ids);
  }

  /** The reply to a request: before the engine runs, the build's (looked up by `key`)
   * when it answers this run; else the engine's. */
  async function reply(method, key, extra = {}) {
    const found = !engine && builtRun() ? lookup(data, key) : null;
    if (found) return found;
    const ready = engine ?? (await runtime.getRuntime());
    return ready.call(method, viewPayload(extra));
  }

  const at = () => `${run.answers.length}|${scoreOf(run)}`;

  /** Draw the quiz Python drew (`html`); `rows`: the end of a run's rows of misses, put
   * into the list Python marked for them. */
  function show(html, { focus = false, rows = null } = {}) {
    morph(frame, html);
    const list = rows && frame.querySelector("[data-rows]");
    if (list) morph(list, rows.join(""));
    // The same button may keep the focus (Check becomes Next question) and be pushed below
    // the screen by the explanation: it is scrolled into view all the same.
    if (focus) focusInView(frame.querySelector("[data-focus]"));
    for (const input of frame.querySelectorAll(".eu-quiz-share-link")) {
      // Python writes the share link relative to the page ("?kinds=..."): made whole here
      input.value = new URL(input.getAttribute("value"), window.location.href.split("#")[0]).href;
    }
  }

  /** The end of the run: its summary (one reply) and the row of each miss (one each). */
  async function endOfRun() {
    const end = await reply("quiz.end", `e|${scoreOf(run)}`, { phase: "summary" });
    const rows = await Promise.all(
      run.answers.map((a, n) => (a.ok ? "" : reply("quiz.row", `r|${n}|${joined(a.given)}`, {
        id: a.id, index: n, given: a.given, review: review.has(a.id),
      }).then((row) => row.html))),
    );
    return { ...end, rows };
  }

  // The state after "Next question" (or "See your score"), asked for as soon as an answer
  // is shown, so that the next question appears at once.
  let upcoming = null;

  function stateReply(wanted) {
    if (wanted === "summary") return endOfRun();
    return reply("quiz.view", `q|${at()}|`, { phase: wanted, picked: [] });
  }

  function prefetch() {
    upcoming = null;
    if (phase !== "answered" || (!engine && !builtRun())) return;
    const wanted = run.answers.length >= run.ids.length ? "summary" : "question";
    const promise = stateReply(wanted);
    promise.catch(() => {});
    upcoming = { phase: wanted, run, answers: run.answers.length, promise };
  }

  async function advance(wanted) {
    const ready = upcoming && upcoming.phase === wanted && upcoming.run === run && upcoming.answers === run.answers.length
      ? upcoming.promise : null;
    upcoming = null;
    phase = wanted;
    picked = [];
    const next = await (ready ?? stateReply(wanted));
    phase = next.phase;
    show(next.html, { focus: true, rows: next.rows });
  }

  async function draw({ focus = false } = {}) {
    const next = phase === "summary" ? await endOfRun() : await reply("quiz.view", `q|${at()}|${joined(picked)}`);
    phase = next.phase;
    show(next.html, { focus, rows: next.rows });
  }

  function record(answer) {
    // the questions to review and the runs counted are the stored ones: another tab may
    // have added to them since this page read them
    store = { ...(latestStore() ?? store), run };
    run.answers.push(answer);
    recordReview(store, answer.id, answer.ok);
    if (run.answers.length >= run.ids.length && !run.done) {
      run.done = true;
      store.runs += 1;
    }
    save();
  }

  async function submit() {
    if (busy || phase !== "question") return;
    busy = true;
    touched = true;
    if (status?.textContent === MOVED_ON_ELSEWHERE) say("");
    try {
      const { answer, html, mastery } = await reply("quiz.answer", `a|${at()}|${joined(picked)}`);
      record(answer);
      feedMastery(mastery);
      phase = "answered";
      picked = [];
      show(html, { focus: true });
      prefetch();
    } catch (error) {
      say(`The card engine could not check this answer: ${error?.message ?? error}`);
    } finally {
      busy = false;
    }
  }

  function pick(value) {
    if (busy || phase !== "question") return;
    touched = true;
    const q = quiz()?.querySelector(".eu-quiz-question");
    const kind = q?.dataset.pick;
    if (kind === "one") {
      picked = [value];
      submit();
      return;
    }
    if (kind === "many") {
      // keep the picks in the options' order: every order of a set looks the same
      const chosen = new Set(picked);
      if (chosen.has(value)) chosen.delete(value);
      else chosen.add(value);
      const values = [...q.querySelectorAll(".eu-quiz-slot")].map((slot) => slot.dataset.value);
      picked = values.filter((v) => chosen.has(v));
    } else {
      picked = picked.includes(value) ? picked.filter((v) => v !== value) : [...picked, value];
    }
    draw().catch((error) => say(`The card engine could not answer: ${error?.message ?? error}`));
  }

  async function go(next, failure = "The card engine could not start a new quiz") {
    if (busy) return;
    busy = true;
    try {
      await next();
    } catch (error) {
      say(`${failure}: ${error?.message ?? error}`);
    } finally {
      busy = false;
    }
  }

  function randomSeed() {
    const buffer = new Uint32Array(1);
    crypto.getRandomValues(buffer);
    return buffer[0];
  }

  function begin(mode, runQuery, list) {
    run = { mode, query: runQuery, ids: list.map((q) => q.id), answers: [], done: false };
    review = new Set(list.filter((q) => q.review).map((q) => q.id));
    phase = "question";
    picked = [];
    save();
  }

  async function startPractice(ids) {
    // the same line as the runtime's status: "Ready" replaces this note once the engine is
    if (!engine) say(STARTING_NOTE);
    const ready = engine ?? (await runtime.getRuntime());
    if (fromLink && window.location.search) {
      const url = new URL(window.location.href);
      url.search = "";
      window.history.replaceState(window.history.state, "", url.href);
    }
    if (ids) {
      const answer = await ready.call("quiz.questions", { ids });
      begin("practice", "", answer.questions.map((q) => ({ ...q, review: true })));
    } else {
      const answer = await ready.call("quiz.new", {
        config, rules, seed: randomSeed(), review: dueReview(store, config.count ?? 10),
        progress: storedRecord(), now: new Date().toISOString(),
      });
      begin("practice", answer.spec.query, answer.questions);
    }
    linkNotes = [];
    reset = false;
    pendingLink = false;
    await draw({ focus: true });
  }

  delegate(frame, (action, element) => {
    if (action === "pick") pick(element.closest(".eu-quiz-slot")?.dataset.value);
    else if (action === "check") submit();
    else if (action === "next") go(() => advance("question"), "The card engine is needed for the next question");
    else if (action === "summary") go(() => advance("summary"), "The card engine is needed for your score");
    else if (action === "misses") {
      const misses = run.answers.filter((a) => !a.ok).map((a) => a.id);
      go(() => startPractice(misses));
    } else if (action === "new") go(() => startPractice(null));
  });

  // Keys: 1 to 9 pick an answer while the focus is in the quiz.
  frame.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || phase !== "question") return;
    if (event.target.closest("input, textarea, select")) return;
    const n = Number.parseInt(event.key, 10);
    const slots = frame.querySelectorAll(".eu-quiz-body .eu-quiz-slot");
    if (Number.isInteger(n) && n >= 1 && n <= slots.length) {
      event.preventDefault();
      slots[n - 1].querySelector(".eu-quiz-option")?.focus();
      pick(slots[n - 1].dataset.value);
    }
  });

  // ------------------------------------------------------------ another tab
  // The same quiz open in two tabs goes on from wherever it was last answered: an answer
  // given in one tab moves the run on in the other (a run of another kind, such as a
  // teacher's link beside practice, is left as it is).
  window.addEventListener("storage", (event) => {
    if (event.key !== STORE_KEY || !run || !root.isConnected) return;
    if (root.dataset.ready !== "true" && !builtRun()) return;
    const latest = latestStore();
    if (!latest) return;
    const theirs = latest.run;
    const sameKind = theirs && run && theirs.mode === run.mode && (run.mode === "practice" || theirs.query === run.query);
    store = { ...latest, run: sameKind ? theirs : run };
    if (!sameKind || busy || JSON.stringify(theirs) === JSON.stringify(run)) return;
    run = theirs;
    phase = run.answers.length >= run.ids.length ? "summary" : "question";
    picked = [];
    review = new Set();
    upcoming = null;
    go(async () => {
      await draw();
      say(MOVED_ON_ELSEWHERE);
    }, "The card engine could not show the quiz");
  });

  // ------------------------------------------------------------ before Python
  // A teacher's link: a note, never another quiz's question, then the link's own first
  // question when the build wrote it (a link of one of the teacher's page's seeds). The
  // page's default run: answered from the build's replies, where this browser left it (a
  // run of the same questions) or from its first question.
  if (fromLink) {
    if (built.waiting) morph(frame, built.waiting);
    const file = built.links?.[search.get("seed") ?? ""];
    const links = file ? await loadPrebuilt(file) : null;
    if (links && !engine) {
      const key = window.location.search.slice(1).split("&").filter((part) => !part.startsWith(`${links.ignore}=`)).join("&");
      const preview = lookup(links, key);
      if (preview && !engine) morph(frame, preview.html);
    }
  } else {
    data = await loadPrebuilt(built.prebuilt);
    if (data) {
      const saved = store.run;
      const same = saved && saved.mode === "practice" && joined(saved.ids) === joined(data.ids);
      run = same ? saved : { mode: "practice", query: data.query, ids: data.ids, answers: [], done: false };
      phase = run.answers.length >= run.ids.length ? "summary" : "question";
      try {
        await draw();
      } catch {
        run = null; // the engine draws it once it runs
      }
    }
  }
  listening(root);

  // ------------------------------------------------------------ Python
  try {
    engine = await runtime.getRuntime();
  } catch {
    return; // attachStatus says why; the build's replies still answer the default run
  }
  if (touched || (run && picked.length && !fromLink)) {
    // the reader is already at work on the build's run: Python goes on with it
    pendingLink = false;
    await draw();
    prefetch();
    root.dataset.ready = "true";
    return;
  }
  const mode = fromLink ? "link" : "practice";
  const fresh = await engine.call("quiz.new", {
    config, rules, query, review: fromLink ? [] : dueReview(store, config.count ?? 10),
    progress: fromLink ? null : storedRecord(), now: new Date().toISOString(),
  });
  pendingLink = false;
  let resumed = false;
  const saved = store.run;
  // A practice run that reads well is taken up again on a page whose quiz has its rules
  // (its questions' ids end with the rules code): the Bid Euchre page starts its own run
  // rather than take up Euchre's. A run that cannot be read is reset, with a note.
  const sameRules = saved && saved.ids.some((id) => String(id).endsWith(`@${fresh.spec.rules}`));
  let otherGame = false;
  if (saved && saved.mode === mode && (mode === "practice" || saved.query === fresh.spec.query)) {
    try {
      const again = await engine.call("quiz.questions", { ids: saved.ids });
      if (!again.dropped.length && again.questions.length === saved.ids.length) {
        otherGame = mode === "practice" && !sameRules;
        if (!otherGame) {
          run = saved;
          phase = run.answers.length >= run.ids.length ? "summary" : "question";
          picked = [];
          review = new Set();
          await draw();
          resumed = true;
        }
      }
    } catch {
      resumed = false;
    }
    if (!resumed && !otherGame) {
      store = { ...store, run: null, review: store.review.filter((r) => !saved.ids.includes(r.id)) };
      reset = true;
    }
  }
  linkNotes = fresh.notes;
  if (!resumed) {
    begin(mode, fresh.spec.query, fresh.questions);
    await draw();
  } else if (linkNotes.length || reset) {
    await draw();
  }
  root.dataset.ready = "true";
}
