// Free play: a whole game against computer players, at a table of two to six seats (the
// learner is always seat 0). The engine decides everything and draws everything. One
// learner decision is one request: the reply carries the frames to draw (the regions each
// computer move changed, with the move in words) up to the learner's next decision, and a
// few flags; this module draws them one after another, forwards clicks by data-action, and
// keeps the game in localStorage so a reload resumes it.
//
// Before the engine runs, a new game with the form's first options is one of the build's
// pre-dealt games (prebuilt.js): the page answers its first decisions from the replies the
// engine wrote at build time, looked up by the learner's choices, and the engine takes
// the same game over when it is ready (game.adopt). A reply comes from one or the other;
// it is drawn the same way. Every tab of free play shows the game as it was last saved
// (see "one game in every tab" below).

import { answeredLater, delegate, holdTaps, listening, morph } from "../dom.js";
import { feedMastery, progressRequest } from "../mastery.js";
import { beep, hurry, pause } from "../play/effects.js";
import {
  bringIntoView, disableAll, firstControl, focusInView, refuse, rovingHand, say as sayIn, sayHtml, sentences,
} from "../play/controls.js";
import { settingsWereReset, wireSettings } from "../settings.js";
import {
  GAME_KEY, GAME_VERSION as VERSION, isGameRecord, peekRecord, readRecord, removeRecord, writeRecord,
} from "../play/storage.js";
import { loadPrebuilt, lookup } from "../prebuilt.js";

const OPTIONS_KEY = "euchre.game.options";
const MOVE_MS = 700;
const TRICK_MS = 1400;
const OPTION_CHOICES = {
  table: ["site", "4", "2", "3", "5", "6-ace", "6"], // "site": the site's own table, when no preset is
  game_to: ["", "5", "7", "10"],
  level: ["easy", "normal", "strong"],
};
const REGIONS = ["bar", "tools", "table", "panel"];
const WAITING = "One moment: the card engine is still starting. Your game goes on as soon as it is ready.";

function validOptions(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return false;
  for (const [key, allowed] of Object.entries(OPTION_CHOICES)) {
    if (key in data && !allowed.includes(data[key])) return false;
  }
  if ("profile" in data && typeof data.profile !== "string") return false;
  if ("undo" in data && typeof data.undo !== "boolean") return false;
  return true;
}

function readIsland(root) {
  try {
    const island = root.querySelector(".eu-prerendered[data-island]");
    return island ? JSON.parse(island.dataset.island) : {};
  } catch {
    return {};
  }
}

// An opening's stored record: the pre-dealt game's file and the learner's choices.
function validOpening(record) {
  return (
    typeof record.opening === "string" && /^[A-Za-z0-9._-]{1,80}$/.test(record.opening) &&
    Array.isArray(record.choices) && record.choices.length <= 60 &&
    record.choices.every((c) => typeof c === "string" && c.length <= 40)
  );
}

export async function mount(root, runtime) {
  holdTaps(root); // a tap before listening(root) is answered then, once
  const rules = JSON.parse(root.dataset.rules || "{}");
  const game = root.querySelector(".eu-game");
  const region = (name) => game.querySelector(`[data-region="${name}"]`);
  const regions = Object.fromEntries(REGIONS.map((name) => [name, region(name)]));
  const { tools, panel, table: play } = regions;
  const message = region("message");
  // the new-game form as the page drew it (in the panel, for a first visit's game)
  const formHtml = panel.querySelector(".eu-newgame")?.outerHTML ?? "";
  const island = readIsland(root);
  wireSettings(game.querySelector("[data-settings]"));
  rovingHand(play);

  let engine = null;
  // The game shown: its save (or an opening's first save), the learner's choices since
  // when it is an opening ({name, data, choices}), the reply's flags, and the end of the
  // game drawn for later.
  let current = null; // {save, opening, flags, over}
  let busy = false;
  const say = (text, kind = "") => sayIn(message, text, kind);

  // ---- requests: a reply from the build's data, else from the engine
  function gamePayload(extra = {}) {
    const base = current.opening ? { save: current.save, choices: current.opening.choices } : { save: current.save };
    return { ...base, ...extra };
  }

  function keyOf(kind, click = null) {
    const at = current.opening.choices.join(",");
    return click === null ? `${kind}|${at}` : `${kind}|${at}|${click}`;
  }

  // True while a request waits for the engine to start: a click meanwhile is told so
  // (not that the other players are moving, which they are not).
  let startingEngine = false;

  async function engineNow() {
    if (engine) return engine;
    if (root.dataset.ready === "failed") throw new Error("The card engine could not start in this browser.");
    say(WAITING, "note");
    startingEngine = true;
    try {
      return await runtime.getRuntime();
    } finally {
      startingEngine = false;
    }
  }

  /** The reply to a request about the game shown: the build's, when it has one, else the
   * engine's; null when another tab moved the game on meanwhile (that game is shown). */
  async function ask(method, extra = {}, key = null) {
    const asked = current;
    const built = current.opening && key && !engine ? lookup(current.opening.data, key) : null;
    if (built) return built;
    const reply = await (await engineNow()).call(method, gamePayload(extra));
    if (current !== asked || movedOnElsewhere()) {
      followOtherTab();
      return null;
    }
    return reply;
  }

  // ---- one game in every tab
  // The stored record is {save, rev} (an opening's also {opening, choices}): `rev` counts
  // the saves of the game, and `rev` here is the one this tab's game was read or written
  // as. A move made in another tab reaches this one through the storage event and is
  // shown here (followOtherTab); a reply computed from a game another tab has since moved
  // on is never drawn or written back over it (ask). The computer players' moves are made
  // by the tab the learner moved in; they follow the game's seed, so whichever tab makes
  // them, the game is the same.
  let rev = 0;

  const storedGame = () => peekRecord(GAME_KEY, VERSION, isGameRecord);
  const recordOf = (shown) => (shown?.opening
    ? { save: shown.save, opening: shown.opening.name, choices: shown.opening.choices }
    : { save: shown?.save });
  const sameGame = (a, b) => Boolean(a) && Boolean(b) && a.save === b.save && (a.choices ?? []).join(",") === (b.choices ?? []).join(",");

  /** Whether another tab has saved a different game since this tab read or wrote it. */
  function movedOnElsewhere() {
    const stored = storedGame();
    return Boolean(current) && stored !== null && !sameGame(stored, recordOf(current)) && (stored.rev ?? 0) !== rev;
  }

  function persist() {
    if (!current) return;
    const stored = storedGame();
    const record = recordOf(current);
    if (sameGame(stored, record)) {
      rev = stored.rev ?? 0;
      return;
    }
    rev = Math.max(rev, stored?.rev ?? 0) + 1;
    writeRecord(GAME_KEY, VERSION, { ...record, rev });
  }

  let following = null;

  /** The game a stored record names, as it stands: a reply with one frame. */
  async function storedReply(stored) {
    const save = stored.save;
    if (stored.opening !== undefined) {
      if (!validOpening(stored)) throw new Error("not an opening");
      // a file of this build's (an older build's pre-dealt game is replayed by the engine)
      const data = openings.includes(stored.opening) ? await loadPrebuilt(stored.opening) : null;
      const built = data && data.root === save ? lookup(data, `s|${stored.choices.join(",")}`) : null;
      if (built) return { reply: built, opening: { name: stored.opening, data, choices: [...stored.choices] }, save };
      const reply = await (await engineNow()).call("game.adopt", { save, choices: stored.choices });
      return { reply, opening: null, save };
    }
    return { reply: await (await engineNow()).call("game.state", { save }), opening: null, save };
  }

  /** Show the game another tab saved, as it stands (once at a time; again while it moves). */
  function followOtherTab() {
    following ??= (async () => {
      try {
        let shownRecord = null; // the record last shown: an opening the engine adopted stays one
        for (let stored = storedGame(); stored && current && !sameGame(stored, recordOf(current)); stored = storedGame()) {
          const text = JSON.stringify(stored);
          if (text === shownRecord) break;
          shownRecord = text;
          const { reply, opening: shown, save } = await storedReply(stored);
          rev = stored.rev ?? 0;
          if (!reply.flags.winner) delete root.dataset.gameOver;
          adopt(reply, { opening: shown, save });
          drawFrame(reply.frames.at(-1), reply.flags);
          say("This game moved on in another tab: here it is as it stands now.", "note");
        }
      } catch {
        // a record this tab cannot read: its own game stays, and its next move saves it
      } finally {
        following = null;
      }
    })();
  }

  // A page left by instant navigation keeps its listeners: only a game on the page acts.
  const followsOtherTabs = () => root.isConnected && root.dataset.shared !== "true";

  function takeOver() {
    if (current?.flags.computer_turn && !busy && !following && followsOtherTabs()) {
      run(() => ask("game.next"), { lead: null });
    }
  }

  window.addEventListener("storage", (event) => {
    if (event.key === GAME_KEY && current && followsOtherTabs()) followOtherTab();
  });
  window.addEventListener("focus", takeOver);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") takeOver();
  });

  // ---- drawing
  /** The game a reply names from now on: its save, or (an opening's reply) the first
   * save and the learner's choices. */
  function adopt(reply, { opening = current?.opening ?? null, save = current?.save } = {}) {
    const next = { save: reply.save ?? save, opening: null, flags: reply.flags, over: reply.over ?? "" };
    if (reply.choices && opening) next.opening = { ...opening, choices: [...reply.choices] };
    current = next;
  }

  const drawn = {}; // each region as the game last drew it (Cancel puts the panel back)

  function drawFrame(frame, flags, { animate = false } = {}) {
    for (const [name, html] of Object.entries(frame.regions)) {
      drawn[name] = html;
      // The New game form stays open while the computer players move: the panel follows
      // the game again once the form is gone (Cancel or Start).
      if (name === "panel" && panel.querySelector(".eu-newgame")) continue;
      if (regions[name]) morph(regions[name], html, { animate: animate && name === "table" });
    }
    root.dataset.phase = flags.phase;
    root.dataset.yourTurn = String(flags.your_turn);
    root.dataset.winner = flags.winner ?? "";
    root.dataset.review = flags.review ? "open" : "";
  }

  /** Draw a reply's frames one after another, the computer moves paced and said. `lead`:
   * the sound of the first frame (the learner's own card), or null. */
  async function drawReply(reply, { lead = "play", said = "" } = {}) {
    const frames = reply.frames;
    for (const [index, frame] of frames.entries()) {
      if (index > 0) {
        await pause(frames[index - 1].trick ? TRICK_MS : MOVE_MS);
        if (!root.isConnected) return;
      }
      const last = index === frames.length - 1;
      drawFrame(frame, last ? reply.flags : { ...reply.flags, your_turn: false, review: false }, { animate: true });
      // the move in words (the page's own, or Python's); who took a trick is shown, and
      // read out, by the table's note
      const words = (index === 0 && said) || frame.said;
      if (words) say(words);
      if (index > 0) beep(frame.trick ? "trick" : "play");
      else if (lead) beep(lead);
    }
  }

  /** The learner's turn may take the focus to the hand only from where the game left it
   * (the page, the table, the review panel), never from the New game form the learner
   * opened while the computer players were moving, nor from the button Cancel gave it to. */
  function focusIsFree() {
    const here = document.activeElement;
    if (here === document.body || play.contains(here)) return true;
    return panel.contains(here) && !panel.querySelector(".eu-newgame");
  }

  function afterMoves() {
    const flags = current.flags;
    if (flags.review) {
      // The deal's points, said after the last card.
      const points = panel.querySelector(".eu-review-points")?.textContent.trim();
      if (points && !message.textContent.includes(points)) say(sentences(message.textContent, points));
      focusInView(panel.querySelector("[data-review-continue]"));
      beep(flags.winner === "us" ? "win" : "trick");
    } else if (flags.your_turn) {
      beep("turn");
      if (focusIsFree()) firstControl(play)?.focus({ preventScroll: true });
      bringIntoView(play);
    }
  }

  /** Ask for a reply (`request`), then draw it and keep the game it names. */
  async function run(request, { lead = "play", said = "", focus = true } = {}) {
    if (busy) return null;
    busy = true;
    root.dataset.busy = "true";
    try {
      await adoption; // the engine taking over the game shown: the request follows it
      const reply = await request();
      if (!reply) return null;
      if (reply.illegal) return reply;
      adopt(reply);
      persist();
      await drawReply(reply, { lead, said });
      if (focus) afterMoves();
      return reply;
    } catch (error) {
      say(`The card engine could not answer: ${error.message}`, "wrong");
      return null;
    } finally {
      busy = false;
      root.dataset.busy = "false";
      adoptLater();
    }
  }

  async function act(payload, button, click) {
    if (busy) {
      if (startingEngine) {
        say(WAITING, "note");
        return;
      }
      hurry(game);
      say("Wait a moment: the other players are still moving.", "note");
      return;
    }
    await adoption;
    const where = current.opening ? `${current.opening.name} ${current.opening.choices.join(",")}` : current.save;
    // The progress record goes along: the reply brings the answer scheduled in it, so a
    // decision is one message to the worker (a reply from the build's data has none).
    let sent = null;
    const reply = await run(() => {
      sent = progressRequest();
      return ask("game.act", { ...payload, progress: sent }, current.opening ? keyOf("a", click) : null);
    });
    if (!reply) return;
    feedMastery(reply.mastery, where, reply.progress, sent);
    if (reply.illegal) {
      beep("wrong");
      refuse(button);
      say(reply.illegal, "wrong");
      message.dataset.kind = "illegal";
    }
  }

  async function onHint() {
    try {
      await adoption;
      const advice = await ask("game.hint", {}, current.opening ? keyOf("h") : null);
      if (advice) sayHtml(message, advice.html, "advice");
    } catch (error) {
      say(error.message, "note");
    }
  }

  async function onUndo() {
    if (busy) return;
    const reply = await run(() => ask("game.undo", {}, current.opening ? keyOf("u") : null), { lead: null, focus: false });
    if (!reply) return;
    say("Your last decision was taken back.", "note");
    firstControl(play)?.focus();
  }

  function showGameOver() {
    morph(panel, current.over);
    root.dataset.review = "";
    root.dataset.gameOver = "true";
    panel.querySelector("button")?.focus();
  }

  async function onContinue() {
    if (current.flags.winner) {
      showGameOver();
      return;
    }
    await run(() => ask("game.continue"), { lead: null, said: `Deal ${current.flags.deal_number + 1}.` });
  }

  async function onShare() {
    const url = new URL(window.location.href);
    url.search = "";
    url.hash = "";
    url.searchParams.set("deal", current.flags.share);
    const link = url.toString();
    const box = panel.querySelector(".eu-share");
    const input = box.querySelector("[data-share-link]");
    box.hidden = false;
    input.value = link;
    input.select();
    try {
      await navigator.clipboard.writeText(link);
      box.querySelector(".eu-share-done").hidden = false;
    } catch {
      // no clipboard permission: the link is selected for copying by hand
    }
  }

  async function onExport() {
    try {
      const record = await (await engineNow()).call("game.egn", gamePayload());
      const blob = new Blob([record.text], { type: "application/json" });
      const a = game.querySelector("[data-egn-download]");
      a.href = URL.createObjectURL(blob);
      a.download = record.filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    } catch (error) {
      say(error.message, "note");
    }
  }

  // ---- the engine takes over an opening
  // Once Python runs, the pre-dealt game becomes a saved game like any other: Python
  // replays the same choices from the same seed and draws the same regions.
  let adoption = null;
  function adoptLater() {
    if (!engine || !current?.opening || busy || adoption) return;
    const shown = current;
    adoption = engine.call("game.adopt", gamePayload())
      .then((reply) => {
        if (current !== shown || movedOnElsewhere()) return;
        adopt(reply, { opening: null });
        drawFrame(reply.frames.at(-1), reply.flags);
        persist();
      })
      .catch((error) => console.warn("euchre: the engine could not take over the game", error))
      .finally(() => {
        adoption = null;
      });
  }

  // ---- new game
  const stored = readRecord(OPTIONS_KEY, VERSION, validOptions);
  const savedOptions = stored.value ?? {};
  // one of them at random: the one main.html's script picked (and began to fetch) while
  // the page was parsing, when it is one of them
  const openings = Array.isArray(island.openings) ? island.openings : [];
  const early = root.dataset.opening;
  const opening = openings.includes(early)
    ? early
    : openings.length ? openings[Math.floor(Math.random() * openings.length)] : null;
  const openingData = opening ? loadPrebuilt(opening) : Promise.resolve(null);

  /** Whether the learner changed this field of the page's form (before the script ran). */
  function changedByLearner(field) {
    if (field.type === "checkbox") return field.checked !== field.defaultChecked;
    if (field.options) return [...field.options].some((option) => option.selected !== option.defaultSelected);
    return field.value !== field.defaultValue;
  }

  function showNewGame(focus) {
    // the page's form, when it is still shown, keeps what the learner chose in it: the
    // saved choices fill only the fields the learner has not changed
    if (!panel.querySelector(":scope > .eu-newgame")) morph(panel, formHtml);
    const form = panel.querySelector("form");
    for (const [name, value] of Object.entries(savedOptions)) {
      const field = form.elements.namedItem(name);
      if (!field || changedByLearner(field)) continue;
      if (field.type === "checkbox") field.checked = Boolean(value);
      else if ([...field.options].some((o) => o.value === value)) field.value = value;
    }
    form.querySelector("[data-cancel]").hidden = !current;
    if (focus) form.querySelector("[data-game-start]").focus();
  }

  function formOptions(form) {
    const data = new FormData(form);
    return {
      table: data.get("table"), profile: data.get("profile"), game_to: data.get("game_to"),
      level: data.get("level"), undo: form.elements.namedItem("undo").checked,
    };
  }

  /** The build's pre-dealt game, when the options are the ones it was dealt with. */
  async function openingFor(options) {
    const data = await openingData;
    if (!data || engine) return null;
    const same = Object.entries(data.options).every(([key, value]) => options[key] === value);
    return same ? { name: opening, data, choices: [] } : null;
  }

  async function startFromForm(form) {
    if (busy) return;
    const options = formOptions(form);
    writeRecord(OPTIONS_KEY, VERSION, options);
    Object.assign(savedOptions, options);
    const dealt = await openingFor(options);
    const request = dealt
      ? () => lookup(dealt.data, "n")
      : async () => (await engineNow()).call("game.new", {
        profile: options.profile, table: options.table, rules, level: options.level, undo: options.undo,
        game_to: options.game_to ? Number(options.game_to) : null,
      });
    if (dealt) current = { save: dealt.data.root, opening: dealt, flags: {}, over: "" };
    morph(panel, "");
    delete root.dataset.gameOver;
    const reply = await run(request, { lead: null, said: "A new game: good luck!" });
    if (!reply) {
      if (!current?.flags?.phase) showNewGame(true);
    } else if (focusIsFree()) firstControl(play)?.focus({ preventScroll: true });
  }

  root.addEventListener("submit", (event) => {
    event.preventDefault();
    if (answeredLater(event)) return; // Start tapped before the game listens: answered then
    startFromForm(event.target);
  });

  delegate(game, (action, element) => {
    if (!current && !["new-game", "cancel-new"].includes(action)) return;
    if (action === "card") act({ card: element.dataset.card }, element, `card:${element.dataset.card}`);
    else if (action === "choose") act({ action: element.dataset.choice }, element, `action:${element.dataset.choice}`);
    else if (action === "hint") onHint();
    else if (action === "undo") onUndo();
    else if (action === "new-game") showNewGame(true);
    else if (action === "cancel-new") {
      morph(panel, drawn.panel ?? "");
      tools.querySelector("[data-game-new]")?.focus();
    }
    else if (action === "export") onExport();
    else if (action === "continue") onContinue();
    else if (action === "share") onShare();
    else if (action === "own-game") {
      const url = new URL(window.location.href);
      url.searchParams.delete("deal");
      history.replaceState(history.state, "", url);
      morph(panel, "");
      delete root.dataset.shared;
      start();
    }
  });

  game.addEventListener("pointerdown", (event) => {
    if (busy && !event.target.closest("button, a, input, select, summary")) hurry(game);
    else takeOver();
  });
  root.addEventListener("keydown", (event) => {
    if (busy && !event.target.closest("input, select")) hurry(game);
    else takeOver();
  });

  // ---- first view: a shared deal, the game kept in this browser, or the New game form
  const sharedCode = new URL(window.location.href).searchParams.get("deal");
  const saved = readRecord(GAME_KEY, VERSION, isGameRecord);
  const needsEngine = sharedCode !== null || (saved.value && saved.value.opening === undefined);
  const engineReady = runtime.getRuntime().then((ready) => {
    engine = ready;
    return ready;
  });
  if (needsEngine) {
    try {
      await engineReady;
    } catch {
      disableAll(game);
      listening(root);
      return;
    }
  }

  let sharedNote = "";
  if (sharedCode !== null) {
    const reply = await engine.call("game.link", { code: sharedCode }).catch((error) => ({ problem: error.message }));
    if (reply.review) {
      morph(panel, reply.review.html);
      play.hidden = true;
      root.dataset.shared = "true";
      root.dataset.ready = "true";
      say("");
      listening(root);
      return;
    }
    const url = new URL(window.location.href);
    url.searchParams.delete("deal");
    history.replaceState(history.state, "", url);
    sharedNote = reply.problem;
    root.dataset.shared = "failed";
  }
  await start(saved);
  listening(root);

  try {
    await engineReady;
  } catch {
    // Python never came: the build's replies still answer a pre-dealt game's decisions
    if (!current?.opening && !(await openingData)) disableAll(game);
    return;
  }
  root.dataset.ready = "true";
  adoptLater();

  /** The first view: the game kept in this browser (`record`, read once: a damaged one is
   * removed as it is read), or the New game form. */
  async function start(record = readRecord(GAME_KEY, VERSION, isGameRecord)) {
    play.hidden = false;
    let restored = false;
    const notes = [];
    if (record.value) {
      morph(panel, ""); // the page's new-game form is a first visit's: this game goes on
      try {
        rev = record.value.rev ?? 0;
        const { reply, opening: shown, save } = await storedReply(record.value);
        adopt(reply, { opening: shown, save });
        drawFrame(reply.frames.at(-1), reply.flags);
        persist();
        restored = true;
        notes.push("Your game was restored.");
      } catch {
        removeRecord(GAME_KEY);
        current = null;
        notes.push("Your saved game could not be restored, so it was reset.");
        root.dataset.storageReset = "true";
      }
    } else if (record.corrupted) {
      notes.push("Your saved game could not be restored, so it was reset.");
      root.dataset.storageReset = "true";
    }
    if (stored.corrupted) {
      notes.push("Your saved choices for a new game could not be read, so they were reset.");
      root.dataset.storageReset = "true";
    }
    if (settingsWereReset()) {
      notes.push("Your saved settings could not be read, so they were reset.");
      root.dataset.storageReset = "true";
    }
    if (sharedNote) notes.unshift(sharedNote);
    say(notes.join(" "), notes.length ? "note" : "");
    if (!restored) showNewGame(false);
    if (restored) takeOver();
  }
}
