// Free play: a whole game against computer players, at a table of two to six seats (the
// learner is always seat 0). The engine decides everything and draws everything: each
// bridge reply (game.new / act / next / undo / hint / continue / shared / egn / state)
// carries the HTML of the regions (bar, tools, table, panel), which this module morphs
// in. It paces the computer's moves one at a time, forwards clicks by data-action, and
// keeps the game in localStorage so a reload resumes it. Every tab of free play shows the
// game as it was last saved (see "one game in every tab" below).

import { delegate, morph } from "../dom.js";
import { feedMastery } from "../mastery.js";
import { beep, hurry, pause } from "../play/effects.js";
import {
  bringIntoView, disableAll, firstControl, focusInView, refuse, rovingHand, say as sayIn, sayHtml, sentences, trickNote,
} from "../play/controls.js";
import { settingsWereReset, wireSettings } from "../settings.js";
import {
  GAME_KEY, GAME_VERSION as VERSION, isGameRecord, peekRecord, readRecord, removeRecord, writeRecord,
} from "../play/storage.js";

const OPTIONS_KEY = "euchre.game.options";
const MOVE_MS = 700;
const TRICK_MS = 1400;
const OPTION_CHOICES = {
  table: ["site", "4", "2", "3", "5", "6-ace", "6"], // "site": the site's own table, when no preset is
  game_to: ["", "5", "7", "10"],
  level: ["easy", "normal", "strong"],
};

function validOptions(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return false;
  for (const [key, allowed] of Object.entries(OPTION_CHOICES)) {
    if (key in data && !allowed.includes(data[key])) return false;
  }
  if ("profile" in data && typeof data.profile !== "string") return false;
  if ("undo" in data && typeof data.undo !== "boolean") return false;
  return true;
}

export async function mount(root, runtime) {
  const rules = JSON.parse(root.dataset.rules || "{}");
  const game = root.querySelector(".eu-game");
  const region = (name) => game.querySelector(`[data-region="${name}"]`);
  const bar = region("bar");
  const tools = region("tools");
  const message = region("message");
  const panel = region("panel");
  const play = region("table");
  const formTemplate = game.querySelector('template[data-template="newgame"]');
  wireSettings(game.querySelector("[data-settings]"));
  rovingHand(play);

  let engine;
  try {
    engine = await runtime.getRuntime();
  } catch {
    disableAll(game);
    return;
  }

  let model = null;
  let busy = false;
  let running = false;
  let again = false;
  const say = (text, kind = "") => sayIn(message, text, kind);

  // ---- one game in every tab
  // The stored record is {save, rev}: `rev` counts the saves of the game, and `rev` here
  // is the one this tab's game was read or written as. A move made in another tab reaches
  // this one through the storage event and is shown here (followOtherTab); a reply the
  // engine computed from a game another tab has since moved on is never drawn or written
  // back over it (ask). The computer players' moves are made by the tab the learner moved
  // in, and the others follow; a tab takes them up itself when the learner comes to it with
  // the computers still to move (the other tab was closed mid-deal: takeOver). They follow
  // the game's seed, so whichever tab makes them, the game is the same.
  let rev = 0;

  function storedGame() {
    return peekRecord(GAME_KEY, VERSION, isGameRecord);
  }

  /** Whether another tab has saved a different game since this tab read or wrote it. */
  function movedOnElsewhere() {
    const stored = storedGame();
    return Boolean(model) && stored !== null && stored.save !== model.save && (stored.rev ?? 0) !== rev;
  }

  function persist() {
    if (!model) return;
    const stored = storedGame();
    if (stored?.save === model.save) {
      rev = stored.rev ?? 0;
      return;
    }
    rev = Math.max(rev, stored?.rev ?? 0) + 1;
    writeRecord(GAME_KEY, VERSION, { save: model.save, rev });
  }

  /** An engine call about the game as shown: its reply, or null when the game moved on in
   * another tab meanwhile (that game is then shown instead). */
  async function ask(method, payload) {
    const asked = model.save;
    const reply = await engine.call(method, payload);
    if (model.save !== asked || movedOnElsewhere()) {
      followOtherTab();
      return null;
    }
    return reply;
  }

  let following = null;

  /** Show the game another tab saved, as it stands (once at a time; again while it moves). */
  function followOtherTab() {
    following ??= (async () => {
      try {
        for (let stored = storedGame(); stored && model && stored.save !== model.save; stored = storedGame()) {
          const next = await engine.call("game.state", { save: stored.save });
          rev = stored.rev ?? 0;
          if (!next.winner) delete root.dataset.gameOver;
          draw(next);
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
    if (model?.computer_turn && !running && !following && followsOtherTabs()) advance();
  }

  window.addEventListener("storage", (event) => {
    if (event.key === GAME_KEY && model && followsOtherTabs()) followOtherTab();
  });
  window.addEventListener("focus", takeOver);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") takeOver();
  });

  function show(next, { animate = false } = {}) {
    draw(next, { animate });
    persist();
  }

  function draw(next, { animate = false } = {}) {
    model = next;
    morph(bar, next.html.bar);
    morph(tools, next.html.tools);
    morph(play, next.html.table, { animate });
    // The New game form stays open while the computer players move: the panel follows the
    // game again once the form is gone (Cancel or Start).
    if (!panel.querySelector(".eu-newgame")) morph(panel, next.html.panel);
    root.dataset.phase = next.table.phase;
    root.dataset.yourTurn = String(next.table.your_turn && !next.review);
    root.dataset.winner = next.winner ?? "";
    root.dataset.review = next.review ? "open" : "";
  }

  /** Let the computer seats move, one request and one redraw per action. */
  async function advance() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    busy = true;
    try {
      do {
        again = false;
        while (model.computer_turn) {
          await pause(model.table.last_trick?.just_done ? TRICK_MS : MOVE_MS);
          const reply = await ask("game.next", { save: model.save });
          if (!reply) break;
          show(reply.model, { animate: true });
          const words = sentences(reply.moved, trickNote(play));
          if (words) say(words);
          beep(reply.model.table.last_trick?.just_done ? "trick" : "play");
        }
      } while (again);
      if (model.review) {
        // The deal's points, said after the last card (and its trick's note, if any).
        const points = panel.querySelector(".eu-review-points")?.textContent.trim();
        if (points && !message.textContent.includes(points)) say(sentences(message.textContent, points));
        focusInView(panel.querySelector("[data-review-continue]"));
        beep(model.winner === "us" ? "win" : "trick");
      } else if (model.table.your_turn) {
        beep("turn");
        if (root.contains(document.activeElement) || document.activeElement === document.body) {
          firstControl(play)?.focus({ preventScroll: true });
        }
        bringIntoView(play);
      }
    } catch (error) {
      say(`The card engine could not answer: ${error.message}`, "wrong");
    } finally {
      busy = false;
      running = false;
    }
  }

  async function act(payload, button) {
    if (busy) {
      hurry(game);
      say("Wait a moment: the other players are still moving.", "note");
      return;
    }
    busy = true;
    let ok = false;
    try {
      const reply = await ask("game.act", { save: model.save, ...payload });
      if (!reply) return;
      if (reply.illegal) {
        feedMastery(reply.mastery, model.save);
        beep("wrong");
        refuse(button);
        say(reply.illegal, "wrong");
        message.dataset.kind = "illegal";
        return;
      }
      feedMastery(reply.mastery, model.save);
      show(reply.model, { animate: true });
      say(trickNote(play)); // the learner's card may have finished a trick
      beep("play");
      ok = true;
    } catch (error) {
      say(`The card engine could not answer: ${error.message}`, "wrong");
    } finally {
      busy = false;
    }
    if (ok) advance();
  }

  async function onHint() {
    try {
      const advice = await engine.call("game.hint", { save: model.save });
      sayHtml(message, advice.html, "advice");
    } catch (error) {
      say(error.message, "note");
    }
  }

  async function onUndo() {
    if (busy) return;
    try {
      const reply = await ask("game.undo", { save: model.save });
      if (!reply) return;
      show(reply);
      say("Your last decision was taken back.", "note");
      firstControl(play)?.focus();
    } catch (error) {
      say(error.message, "note");
    }
  }

  function showGameOver() {
    morph(panel, model.html.over);
    root.dataset.review = "";
    root.dataset.gameOver = "true";
    panel.querySelector("button")?.focus();
  }

  async function onContinue() {
    if (model.winner) {
      showGameOver();
      return;
    }
    const reply = await ask("game.continue", { save: model.save });
    if (!reply) return;
    show(reply);
    say(`Deal ${model.deal_number}.`);
    advance();
    firstControl(play)?.focus({ preventScroll: true });
  }

  async function onShare() {
    const url = new URL(window.location.href);
    url.search = "";
    url.hash = "";
    url.searchParams.set("deal", model.review.share);
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
      const record = await engine.call("game.egn", { save: model.save });
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

  // ---- new game
  const stored = readRecord(OPTIONS_KEY, VERSION, validOptions);
  const savedOptions = stored.value ?? {};

  function showNewGame(focus) {
    morph(panel, formTemplate.innerHTML);
    const form = panel.querySelector("form");
    for (const [name, value] of Object.entries(savedOptions)) {
      const field = form.elements.namedItem(name);
      if (!field) continue;
      if (field.type === "checkbox") field.checked = Boolean(value);
      else if ([...field.options].some((o) => o.value === value)) field.value = value;
    }
    form.querySelector("[data-cancel]").hidden = !model;
    if (focus) form.querySelector("[data-game-start]").focus();
  }

  async function startFromForm(form) {
    const data = new FormData(form);
    const options = {
      table: data.get("table"), profile: data.get("profile"), game_to: data.get("game_to"),
      level: data.get("level"), undo: form.elements.namedItem("undo").checked,
    };
    writeRecord(OPTIONS_KEY, VERSION, options);
    Object.assign(savedOptions, options);
    try {
      const next = await engine.call("game.new", {
        profile: options.profile, table: options.table, rules, level: options.level, undo: options.undo,
        game_to: options.game_to ? Number(options.game_to) : null,
      });
      morph(panel, "");
      delete root.dataset.gameOver;
      say("A new game: good luck!");
      show(next);
      advance();
      firstControl(play)?.focus({ preventScroll: true });
    } catch (error) {
      say(error.message, "wrong");
    }
  }

  root.addEventListener("submit", (event) => {
    event.preventDefault();
    startFromForm(event.target);
  });

  delegate(game, (action, element) => {
    if (action === "card") act({ card: element.dataset.card }, element);
    else if (action === "choose") act({ action: element.dataset.choice }, element);
    else if (action === "hint") onHint();
    else if (action === "undo") onUndo();
    else if (action === "new-game") showNewGame(true);
    else if (action === "cancel-new") {
      morph(panel, "");
      show(model);
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

  // ---- a shared deal? Then that deal only: no table of a game under it.
  const url = new URL(window.location.href);
  const shared = url.searchParams.get("deal");
  let sharedNote = "";
  if (shared !== null) {
    const reply = await engine.call("game.link", { code: shared }).catch((error) => ({ problem: error.message }));
    if (reply.review) {
      morph(panel, reply.review.html);
      play.hidden = true;
      root.dataset.shared = "true";
      root.dataset.ready = "true";
      say("");
      return;
    }
    url.searchParams.delete("deal");
    history.replaceState(history.state, "", url);
    sharedNote = reply.problem;
    root.dataset.shared = "failed";
  }
  await start();

  async function start() {
    play.hidden = false;
    const saved = readRecord(GAME_KEY, VERSION, isGameRecord);
    let restored = false;
    const notes = [];
    if (saved.value) {
      try {
        rev = saved.value.rev ?? 0;
        show(await engine.call("game.state", { save: saved.value.save }));
        restored = true;
        notes.push("Your game was restored.");
      } catch {
        removeRecord(GAME_KEY);
        notes.push("Your saved game could not be restored, so it was reset.");
        root.dataset.storageReset = "true";
      }
    } else if (saved.corrupted) {
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
    root.dataset.ready = "true";
    if (restored) advance();
  }
}
