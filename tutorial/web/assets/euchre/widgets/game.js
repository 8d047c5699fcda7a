// Free play: a whole game against computer players, at a table of two to six seats (the
// learner is always seat 0; four players in two teams unless the "New game" chooser says
// otherwise). The engine (bridge methods
// game.new / act / next / undo / hint / review / continue / shared / egn / state) decides
// everything; this module draws, paces the computer's moves one at a time so each can be
// seen, and keeps the game in localStorage so a reload resumes it.

import { cardElement } from "../cards.js";
import { beep, hurry, pause, settingsPanel, settingsWereReset } from "../play/effects.js";
import { readRecord, removeRecord, writeRecord } from "../play/storage.js";
import { drawTable, el, firstControl, refuse } from "../play/table.js";

const GAME_KEY = "euchre.game";
const OPTIONS_KEY = "euchre.game.options";
const VERSION = 1;
const MOVE_MS = 700;
const TRICK_MS = 1400;

function button(label, onClick, className = "md-button") {
  const b = el("button", className, label);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

function select(label, name, options, value) {
  const id = `eu-game-${name}`;
  const wrap = el("p", "eu-field");
  const lab = el("label", null, label);
  lab.htmlFor = id;
  const sel = el("select");
  sel.id = id;
  sel.name = name;
  for (const [v, text] of options) {
    const option = el("option", null, text);
    option.value = v;
    option.selected = v === value;
    sel.append(option);
  }
  wrap.append(lab, sel);
  return wrap;
}

function cardsLine(cards) {
  const list = el("ul", "eu-cards eu-review-cards");
  for (const code of cards) {
    const item = el("li");
    item.append(cardElement(code));
    list.append(item);
  }
  return list;
}

/** The hand review: every trick with who won it and why, then the points. */
export function reviewElement(review, { heading, actions = [] }) {
  const box = el("section", "eu-review");
  box.setAttribute("aria-label", heading);
  box.append(el("h3", "eu-review-title", heading));
  box.append(el("p", "eu-review-facts", review.facts));
  const hands = el("div", "eu-review-hands");
  for (const hand of review.hands) {
    const row = el("div", "eu-review-hand");
    row.append(el("span", "eu-review-name", hand.name), cardsLine(hand.cards));
    hands.append(row);
  }
  const up = el("div", "eu-review-hand");
  up.append(el("span", "eu-review-name", "Upcard"), cardsLine([review.upcard]));
  hands.append(up);
  const handsBox = el("details", "eu-review-deal");
  handsBox.append(el("summary", null, "The deal and the bidding"), hands);
  const bids = el("ol", "eu-review-bids");
  for (const line of review.bidding) bids.append(el("li", null, line));
  handsBox.append(bids);
  box.append(handsBox);

  const tricks = el("ol", "eu-review-tricks");
  for (const trick of review.tricks) {
    const item = el("li", `eu-review-trick${trick.our_side ? " eu-review-trick--ours" : ""}`);
    item.dataset.winner = trick.winner_name;
    const head = el("p", "eu-review-trick-head");
    head.append(el("strong", null, `Trick ${trick.number}`), ` · led by ${trick.leader} · `,
      el("span", "eu-review-winner", `${trick.winner_name} ${trick.winner_name === "You" ? "win" : "wins"}`));
    const plays = el("ul", "eu-review-plays");
    for (const play of trick.cards) {
      const li = el("li", play.card === trick.winner_card ? "eu-review-play eu-review-play--winner" : "eu-review-play");
      li.append(el("span", "eu-review-who", play.name), cardElement(play.card));
      li.dataset.card = play.card;
      plays.append(li);
    }
    item.append(head, plays, el("p", "eu-review-why", trick.why));
    tricks.append(item);
  }
  box.append(tricks);
  if (review.score_text) {
    const points = el("p", "eu-review-points");
    points.append(el("strong", null, "Points: "), review.score_text,
      review.points_text ? ` ${review.points_text}` : ` You and North +${review.points.us}, West and East +${review.points.them}.`);
    box.append(points);
  }
  const bar = el("div", "eu-review-actions");
  bar.append(...actions);
  box.append(bar);
  return box;
}

function winnerText(model) {
  if (model.winner_text) return model.winner_text;
  return model.winner === "us" ? "You and North win the game!" : "West and East win the game.";
}

function finalText(model) {
  return model.final_text || `Final score: ${model.score.us} to ${model.score.them}.`;
}

// The tables of the "New game" chooser (the engine's widgets/game.py TABLES has the rules).
const TABLES = [
  ["4", "Four players, two teams"],
  ["2", "Two-handed"],
  ["3", "Three-handed cutthroat"],
  ["5", "Five players, call-ace"],
  ["6-ace", "Six players, call-ace"],
  ["6", "Six players, two teams of three"],
];

export async function mount(root, runtime) {
  const rules = JSON.parse(root.dataset.rules || "{}");
  const config = JSON.parse(root.dataset.config || "{}");
  const game = root.querySelector(".eu-game");
  const bar = game.querySelector(".eu-game-bar");
  const play = game.querySelector(".eu-play");
  const note = game.querySelector(".eu-game-note");

  const tools = el("div", "eu-game-tools");
  const message = el("div", "eu-message");
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");
  const panel = el("div", "eu-game-panel");
  note.replaceWith(message);
  bar.after(tools);
  tools.after(settingsPanel());
  play.before(panel);

  let engine;
  try {
    engine = await runtime.getRuntime();
  } catch {
    return;
  }

  let model = null;
  let busy = false;
  let running = false;
  const handlers = {
    onCard: (code, b) => act({ card: code }, b),
    onChoice: (action, b) => act({ action }, b),
  };

  function say(text, kind = "") {
    message.replaceChildren();
    message.className = `eu-message${kind ? ` eu-message--${kind}` : ""}`;
    if (text) message.append(el("p", null, text));
  }

  function persist() {
    if (model) writeRecord(GAME_KEY, VERSION, { save: model.save });
  }

  /** The score of a table other than four players in two teams: one box per side. */
  function drawSides() {
    const score = el("div", "eu-score eu-score--sides");
    const parts = model.sides.map((side) => `${side.words} ${side.score}`).join(", ");
    score.setAttribute("aria-label", `Score: ${parts}; game to ${model.game_to}`);
    model.sides.forEach((side, index) => {
      const box = el("div", `eu-score-side ${side.you ? "eu-score-us" : "eu-score-them"}`);
      box.dataset.side = String(index);
      const pips = el("span", "eu-four-six-mini");
      pips.setAttribute("aria-hidden", "true");
      if (side.four_six) pips.innerHTML = side.four_six; // SVG made by the engine's site code
      const label = el("span", "eu-score-label", side.label);
      if (side.words !== side.label) label.title = side.words;
      box.append(label, el("span", "eu-score-number", String(side.score)), pips);
      box.dataset.score = String(side.score);
      score.append(box);
    });
    return score;
  }

  function drawBar() {
    bar.replaceChildren();
    if (model.sides && !(model.players === 4 && model.partnerships)) {
      const facts = el("p", "eu-game-facts", `${model.table_name[0].toUpperCase()}${model.table_name.slice(1)} · game to ${model.game_to} · deal ${model.deal_number} · ${model.level} computer players`);
      bar.append(drawSides(), facts);
      return;
    }
    const score = el("div", "eu-score");
    score.setAttribute("aria-label", `Score: you and North ${model.score.us}, West and East ${model.score.them}; game to ${model.game_to}`);
    for (const [side, label] of [["us", "You & North"], ["them", "West & East"]]) {
      const box = el("div", `eu-score-side eu-score-${side}`);
      const pips = el("span", "eu-four-six-mini");
      pips.setAttribute("aria-hidden", "true");
      if (model.four_six[side]) pips.innerHTML = model.four_six[side]; // SVG made by the engine's site code
      box.append(el("span", "eu-score-label", label), el("span", "eu-score-number", String(model.score[side])), pips);
      box.dataset.score = String(model.score[side]);
      score.append(box);
    }
    const facts = el("p", "eu-game-facts", `Game to ${model.game_to} · deal ${model.deal_number} · ${model.rules.name} rules · ${model.level} computer players`);
    bar.append(score, facts);
  }

  function drawTools() {
    tools.replaceChildren();
    const mine = model.table.your_turn && !model.review && !model.winner;
    const hint = button("Hint", onHint, "md-button eu-tool");
    hint.dataset.gameHint = "";
    hint.disabled = !mine;
    tools.append(hint);
    if (model.undo) {
      const undo = button("Undo", onUndo, "md-button eu-tool");
      undo.dataset.gameUndo = "";
      undo.disabled = !model.can_undo;
      tools.append(undo);
    }
    const fresh = button("New game", () => showNewGame(true), "md-button eu-tool");
    fresh.dataset.gameNew = "";
    const egn = button("Export EGN", onExport, "md-button eu-tool");
    egn.dataset.gameExport = "";
    egn.disabled = model.deal_number <= 1 && !model.review;
    tools.append(fresh, egn);
  }

  function show(next, previous = null) {
    const before = model?.table ?? null;
    model = next;
    persist();
    drawBar();
    drawTools();
    drawTable(play, next.table, handlers, previous ?? before);
    root.dataset.phase = next.table.phase;
    root.dataset.yourTurn = String(next.table.your_turn && !next.review);
    root.dataset.winner = next.winner ?? "";
    panel.replaceChildren();
    if (next.review) {
      const label = next.winner ? "See the final score" : "Next deal";
      const go = button(label, onContinue, "md-button md-button--primary");
      go.dataset.reviewContinue = "";
      panel.append(reviewElement(next.review, {
        heading: `Deal ${next.deal_number}: review`,
        actions: [go, button("Share this deal", () => onShare(next.review.share), "md-button"),
          button("Export EGN", onExport, "md-button")],
      }));
      root.dataset.review = "open";
    } else {
      root.dataset.review = "";
      if (next.winner) {
        const over = el("section", "eu-game-over");
        over.append(el("h3", null, winnerText(next)), el("p", null, finalText(next)),
          button("New game", () => showNewGame(true), "md-button md-button--primary"));
        panel.append(over);
      }
    }
  }

  let again = false;

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
          const reply = await engine.call("game.next", { save: model.save });
          const previous = model.table;
          show(reply.model, previous);
          if (reply.moved) say(reply.moved);
          beep(reply.model.table.last_trick?.just_done ? "trick" : "play");
        }
      } while (again);
      if (model.review) {
        panel.querySelector("[data-review-continue]")?.focus({ preventScroll: true });
        beep(model.winner === "us" ? "win" : "trick");
      } else if (model.table.your_turn) {
        beep("turn");
        if (root.contains(document.activeElement) || document.activeElement === document.body) {
          firstControl(play)?.focus({ preventScroll: true });
        }
      }
    } catch (error) {
      say(`The card engine could not answer: ${error.message}`, "wrong");
    } finally {
      busy = false;
      running = false;
    }
  }

  async function act(payload, b) {
    if (busy) {
      hurry(game);
      say("Wait a moment: the other players are still moving.", "note");
      return;
    }
    busy = true;
    let ok = false;
    try {
      const reply = await engine.call("game.act", { save: model.save, ...payload });
      if (reply.illegal) {
        beep("wrong");
        refuse(b);
        say(reply.illegal, "wrong");
        message.dataset.kind = "illegal";
        return;
      }
      say("");
      show(reply.model);
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
      const box = el("div", "eu-advice");
      box.append(el("p", "eu-advice-label", "Coach's advice (a suggestion, not a rule)"),
        el("p", "eu-advice-action", `Suggested: ${advice.action}`));
      const list = el("ul");
      for (const reason of advice.reasons) list.append(el("li", null, reason));
      box.append(list);
      message.replaceChildren(box);
      message.className = "eu-message eu-message--advice";
    } catch (error) {
      say(error.message, "note");
    }
  }

  async function onUndo() {
    if (busy) return;
    try {
      show(await engine.call("game.undo", { save: model.save }));
      say("Your last decision was taken back.", "note");
      firstControl(play)?.focus();
    } catch (error) {
      say(error.message, "note");
    }
  }

  async function onContinue() {
    if (model.winner) {
      panel.replaceChildren();
      const over = el("section", "eu-game-over");
      over.append(el("h3", null, winnerText(model)), el("p", null, finalText(model)),
        button("New game", () => showNewGame(true), "md-button md-button--primary"));
      panel.append(over);
      root.dataset.review = "";
      root.dataset.gameOver = "true";
      over.querySelector("button").focus();
      return;
    }
    show(await engine.call("game.continue", { save: model.save }));
    say(`Deal ${model.deal_number}.`);
    advance();
    firstControl(play)?.focus({ preventScroll: true });
  }

  async function onShare(code) {
    const url = new URL(window.location.href);
    url.search = "";
    url.hash = "";
    url.searchParams.set("deal", code);
    const link = url.toString();
    const box = el("p", "eu-share");
    const input = el("input");
    input.type = "text";
    input.readOnly = true;
    input.value = link;
    input.setAttribute("aria-label", "Link to this deal");
    input.dataset.shareLink = "";
    box.append(el("span", null, "Link to this deal: "), input);
    message.replaceChildren(box);
    message.className = "eu-message";
    input.select();
    try {
      await navigator.clipboard.writeText(link);
      box.append(el("span", "eu-share-done", " Copied."));
    } catch {
      // no clipboard permission: the link is selected for copying by hand
    }
  }

  async function onExport() {
    try {
      const record = await engine.call("game.egn", { save: model.save });
      const blob = new Blob([record.text], { type: "application/json" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = record.filename;
      a.dataset.egnDownload = "";
      document.body.append(a);
      a.click();
      setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    } catch (error) {
      say(error.message, "note");
    }
  }

  // ---- new game
  let profiles = [];
  try {
    profiles = (await engine.call("runtime.info", {})).rules_profiles ?? [];
  } catch {
    profiles = [];
  }
  const savedOptions = readRecord(OPTIONS_KEY, VERSION, (d) => d && typeof d === "object").value ?? {};

  function showNewGame(focus) {
    const form = el("form", "eu-newgame");
    form.setAttribute("aria-label", "New game");
    form.append(el("h3", null, "New game"));
    form.append(
      select("Table", "table", TABLES, savedOptions.table ?? "4"),
      select("Rules", "profile", [["site", "This site's rules"], ...profiles.map((p) => [p, `${p} profile`])], savedOptions.profile ?? "site"),
      select("Points to win", "game_to", [["", "As the rules say"], ["5", "5 (a short game)"], ["7", "7"], ["10", "10"]], savedOptions.game_to ?? String(config.game_to ?? "")),
      select("Computer players", "level", [["easy", "Easy"], ["normal", "Normal"], ["strong", "Strong"]], savedOptions.level ?? config.level ?? "normal"),
    );
    const undoWrap = el("p", "eu-field eu-check");
    const undo = el("input");
    undo.type = "checkbox";
    undo.id = "eu-game-undo";
    undo.name = "undo";
    undo.checked = savedOptions.undo ?? true;
    const undoLabel = el("label", null, "Allow undo");
    undoLabel.htmlFor = "eu-game-undo";
    undoWrap.append(undo, undoLabel);
    const start = el("button", "md-button md-button--primary", "Start the game");
    start.type = "submit";
    start.dataset.gameStart = "";
    form.append(undoWrap, start);
    if (model) form.append(button("Cancel", () => show(model), "md-button"));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const options = { table: data.get("table"), profile: data.get("profile"), game_to: data.get("game_to"), level: data.get("level"), undo: undo.checked };
      writeRecord(OPTIONS_KEY, VERSION, options);
      Object.assign(savedOptions, options);
      try {
        const next = await engine.call("game.new", {
          profile: options.profile, table: options.table, rules, level: options.level, undo: options.undo,
          game_to: options.game_to ? Number(options.game_to) : null,
        });
        panel.replaceChildren();
        delete root.dataset.gameOver;
        say("A new game: good luck!");
        show(next, null);
        advance();
        firstControl(play)?.focus({ preventScroll: true });
      } catch (error) {
        say(error.message, "wrong");
      }
    });
    panel.replaceChildren(form);
    if (focus) start.focus();
  }

  game.addEventListener("pointerdown", (event) => {
    if (busy && !event.target.closest("button, a, input, select, summary")) hurry(game);
  });
  root.addEventListener("keydown", (event) => {
    if (busy && !event.target.closest("input, select")) hurry(game);
  });

  // ---- a shared deal?
  const params = new URL(window.location.href).searchParams;
  const shared = params.get("deal");
  if (shared !== null) {
    try {
      const review = await engine.call("game.shared", { code: shared });
      const back = button("Play your own game", () => {
        const url = new URL(window.location.href);
        url.searchParams.delete("deal");
        history.replaceState(history.state, "", url);
        panel.replaceChildren();
        start();
      }, "md-button md-button--primary");
      panel.replaceChildren(reviewElement(review, { heading: "A shared deal, replayed", actions: [back] }));
      root.dataset.shared = "true";
      root.dataset.ready = "true";
      return;
    } catch (error) {
      say(`This share link could not be opened: ${error.message} Here is a game of your own instead.`, "note");
      root.dataset.shared = "failed";
    }
  }
  await start();

  async function start() {
    const stored = readRecord(GAME_KEY, VERSION, (d) => d && typeof d.save === "string");
    let restored = false;
    if (stored.value) {
      try {
        show(await engine.call("game.state", { save: stored.value.save }));
        restored = true;
        say("Your game was restored.", "note");
      } catch {
        removeRecord(GAME_KEY);
        say("Your saved game could not be restored, so it was reset.", "note");
        root.dataset.storageReset = "true";
      }
    } else if (stored.corrupted) {
      say("Your saved game could not be restored, so it was reset.", "note");
      root.dataset.storageReset = "true";
    }
    if (settingsWereReset()) {
      say("Your saved settings could not be read, so they were reset.", "note");
      root.dataset.storageReset = "true";
    }
    if (!restored) showNewGame(false);
    root.dataset.ready = "true";
    if (restored) advance();
  }
}
