// A private room: the WebSocket client of the room server (see PROTOCOL.md). It connects,
// joins or resumes a seat (the seat token, the room and the last event's seq are kept in
// localStorage), reconnects with backoff, forwards clicks (data-action) as protocol
// commands with the version it last saw, and morphs in the HTML that Python renders from
// each state the server sends (the worker's "room.render"). It draws nothing itself. On
// this seat's turn the bid or the hand takes the focus; arrow keys move along the hand.
// A spectator ("Watch without playing", or an invite link with watch=1) sends `watch` and
// is sent only the public table; Stop watching sends `leave`. Nothing of a watch is stored
// but the page's address (room and watch=1), so a reload watches again. The server's
// verdicts on this seat's own moves (a refused card or bid; a bid, discard or lead the coach
// weighed) feed the progress page, as free play's do. In class mode (the class page, opened
// from a teacher's link with ?class=CODE) the way in is a name and Join the class (`enroll`);
// the seat is then a room's like any other. A seat opened in another tab closes this one
// (`replaced`): it says so and stops reconnecting.

import { delegate, morph } from "../dom.js";
import { feedMastery } from "../mastery.js";
import { bringIntoView, firstControl, focusInView, rovingHand } from "../play/controls.js";
import { readRecord, removeRecord, writeRecord } from "../play/storage.js";
import { findServer, keepConnected, serverBase } from "../rooms-socket.js";

const SEAT_KEY = "euchre.room";
const VERSION = 1;
const REGIONS = ["entry", "lobby", "review", "table", "seats", "reactions"];
const CODE_RE = /^[23456789A-HJKMNP-Z -]{10,16}$/i;
// What follows a way in kept while the connection opens (send's `keep`).
const ENTRY_FOLLOWS = {
  create: "your room is created",
  join: "you join the room",
  watch: "you watch the room",
  enroll: "you join the class",
};
const ENGINE_NOTE =
  "The room appears here as soon as the card engine has started (on a first visit, that can take half a minute).";
const RECHECK_MS = 15000; // offline while the browser believes it is online: look again after this

/** A saved seat as remember() writes it: every field optional, each of its own type. */
function validSeat(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return false;
  const types = { room: "string", token: "string", name: "string", seat: "number", seq: "number", klass: "string" };
  return Object.entries(types).every(([key, type]) => !(key in data) || typeof data[key] === type);
}

export async function mount(root, runtime) {
  const config = JSON.parse(root.dataset.config || "{}");
  // This site's rules as the build wrote them: sent as they are when the host picks them.
  const siteRules = JSON.parse(root.dataset.rules || "{}");
  const region = (name) => root.querySelector(`[data-region="${name}"]`);
  const status = region("status");
  const errorLine = region("error");
  const offline = region("offline");
  const noNetwork = region("no-network");
  const base = serverBase(config);
  const params = new URLSearchParams(window.location.search);
  const invited = (params.get("room") || "").trim();
  const classMode = config.mode === "class";
  const classCode = classMode ? (params.get("class") || "").trim() : "";
  let watching = invited && params.get("watch") === "1" ? invited : null;

  // The link's room code is in the form from the first moment; Python redraws the form
  // with it once the connection is open.
  const roomField = root.querySelector('[data-form="entry"] [name="room"]');
  if (invited && roomField && !roomField.value) roomField.value = invited;

  rovingHand(region("table"));

  const saved = readRecord(SEAT_KEY, VERSION, validSeat);
  let seat = saved.value;
  let connection = null;
  let state = null;
  let reactions = [];
  let nextId = 0;
  let movedAt = null; // the table version a move was sent at (sendMove)
  let keptEntry = null; // a way in asked for before the connection opened (send's `keep`)
  let drawing = Promise.resolve();
  let engine = null;
  let myTurn = false; // whether the last table drawn was waiting for this seat
  const edited = new Set(); // the entry fields typed in since the form was last drawn

  const say = (text) => {
    status.textContent = text;
  };
  // The server words its refusals as clauses ("this room is full"); shown alone, each
  // reads as a sentence.
  const sentence = (text) =>
    text ? text[0].toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".") : "";
  const fail = (text) => {
    errorLine.textContent = sentence(text);
  };

  function remember(changes) {
    seat = { ...(seat || {}), ...changes };
    writeRecord(SEAT_KEY, VERSION, seat);
  }

  function forget() {
    seat = null;
    removeRecord(SEAT_KEY);
  }

  function setAddress(room, watch) {
    const url = new URL(window.location.href);
    if (room) url.searchParams.set("room", room);
    else url.searchParams.delete("room");
    if (watch) url.searchParams.set("watch", "1");
    else url.searchParams.delete("watch");
    window.history.replaceState(window.history.state, "", url);
  }

  /** Show the way in, or the room. A reader who was in the way in (its Create, Join or
   * Watch button, or a field where Enter was pressed) lands on the lobby or the watching
   * banner rather than on the page itself, which would send the next Tab back to the top. */
  function showRegions(inRoom) {
    const entry = region("entry");
    const wasHere = inRoom && !entry.hidden && entry.contains(document.activeElement);
    entry.hidden = inRoom;
    if (wasHere) root.querySelector("[data-room-landing]")?.focus();
  }

  async function python() {
    engine ??= await runtime.getRuntime();
    return engine;
  }

  /** A room came before Python can draw it, and the room server could not draw it either
   * (a first visit, its engine still starting): the way in is set aside (a second Create
   * would open a second room) and the status line says the room follows. Undone once the
   * room is drawn. */
  function roomBeforeEngine() {
    if (engine) return;
    region("entry").setAttribute("inert", "");
    if (!status.textContent.includes(ENGINE_NOTE)) say(`${status.textContent} ${ENGINE_NOTE}`.trim());
  }

  function roomDrawn() {
    region("entry").removeAttribute("inert");
    if (status.textContent.includes(ENGINE_NOTE)) say(status.textContent.replace(ENGINE_NOTE, "").trim());
  }

  /** The room server's drawing of a state (/rooms/render: the same Python renderer, run
   * there), or null when it cannot give one (an older server, too many asked for). */
  async function drawnByServer(payload) {
    try {
      const answer = await fetch(`${base}/rooms/render`, { method: "POST", body: JSON.stringify(payload) });
      return answer.ok ? await answer.json() : null;
    } catch {
      return null;
    }
  }

  /** The regions of a state: drawn by this page's Python once it runs; until then (half a
   * minute on a phone's first visit) by the room server, else by Python once it is ready. */
  async function rendered(payload) {
    if (!engine) {
      const drawn = await drawnByServer(payload);
      if (drawn) return drawn;
      roomBeforeEngine();
    }
    return (await python()).call("room.render", payload);
  }

  /** Draw the latest state: its regions morphed in, in order. */
  function draw() {
    const current = state;
    drawing = drawing.then(async () => {
      if (!current || current !== state) return; // a newer state is on its way: it is drawn
      try {
        const reply = await rendered({ state: current, page: window.location.href, reactions });
        if (current !== state) return; // a newer state came meanwhile
        const focusWasHere = root.contains(document.activeElement);
        for (const name of REGIONS) {
          if (name in reply.html) morph(region(name), reply.html[name], { animate: true });
        }
        root.dataset.phase = reply.phase;
        root.dataset.version = String(reply.version);
        root.dataset.cardAction = reply.card_action || "";
        root.dataset.watching = reply.watching ? "true" : "false";
        showRegions(true);
        roomDrawn();
        if (reply.your_turn && !myTurn) focusMyTurn();
        const fell = focusWasHere && !root.contains(document.activeElement);
        if (fell || document.activeElement === region("table")) keepFocusHere(); // a control may be back
        myTurn = Boolean(reply.your_turn);
      } catch (error) {
        fail(`The page could not draw the room: ${error.message}`);
      }
    });
    return drawing;
  }

  /** This seat is to act: the bid or the hand takes the focus (and comes into view on a
   * phone), unless the reader is busy elsewhere on the page (a reaction, the invite link). */
  function focusMyTurn() {
    const table = region("table");
    const at = document.activeElement;
    if (at && at !== document.body && !table.contains(at)) return;
    firstControl(table)?.focus({ preventScroll: true });
    bringIntoView(table);
  }

  /** The drawing removed what had the focus (the last card of the hand, played): it goes
   * to the review's first button (Continue) once there is one, else the table's first
   * control, else the room's landing, else the table itself until a control comes back;
   * never to the page's top. */
  function keepFocusHere() {
    const table = region("table");
    const control = region("review").querySelector("button") ?? firstControl(table) ?? root.querySelector("[data-room-landing]");
    if (control) {
      focusInView(control);
    } else if (document.activeElement !== table) {
      table.tabIndex = -1; // focusable by script only, never a Tab stop
      table.focus({ preventScroll: true });
    }
  }

  /** Draw the way in (name, room code) again; a field the reader has typed in since the
   * last draw keeps what they typed (Python's form would clear it). On the draw chain, so
   * it never interleaves with a table being drawn. */
  function drawEntry(room = "") {
    const wasInRoom = region("entry").hidden && root.contains(document.activeElement);
    showRegions(false);
    for (const name of REGIONS) if (name !== "entry") morph(region(name), "");
    if (wasInRoom && !root.contains(document.activeElement)) {
      // Left the room by keyboard (its Leave is gone): the status line that says so has
      // the focus, one Tab before the way in, rather than the page's top.
      status.tabIndex = -1;
      status.focus({ preventScroll: true });
    }
    drawing = drawing.then(async () => {
      try {
        const entry = classCode
          ? { class: classCode, name: seat?.name || "" }
          : { room, name: seat?.name || "", rules: siteRules };
        const reply = await (await python()).call("room.render", { entry });
        const typed = [...edited].map((name) => [name, formValue(name)]);
        morph(region("entry"), reply.html.entry);
        for (const [name, value] of typed) {
          const field = root.querySelector(`[data-form="entry"] [name="${name}"]`);
          if (field) field.value = value; // an emptied field stays empty, too
        }
      } catch {
        /* the build's form is still there */
      }
      edited.clear();
      root.dataset.entry = "drawn";
    });
    return drawing;
  }

  /** Send `message`; false when not connected. A way in (`keep`: create, join, watch,
   * enroll) asked for before the connection opened is kept and sent when it opens: a
   * phone's first tap often comes before its socket. */
  function send(message, { keep = false } = {}) {
    nextId += 1;
    if (connection?.send({ ...message, id: nextId })) return true;
    if (keep) {
      keptEntry = message;
      fail("");
      say(`Connecting to the room server: ${ENTRY_FOLLOWS[message.type]} as soon as it answers.`);
    } else {
      fail("Not connected to the room server yet: wait a moment and try again.");
    }
    return false;
  }

  function onMessage(message) {
    const type = message.type;
    if (type === "welcome") {
      remember({ room: message.room, token: message.token, seat: message.seat, klass: classCode });
      watching = null;
      setAddress(message.room, false);
      fail("");
      say(classCode ? `You joined the class ${classCode}.` : `You are in room ${message.room}.`);
    } else if (type === "watching") {
      watching = message.room;
      setAddress(message.room, true);
      fail("");
      say(""); // the banner drawn with the table says it (and is announced: role=status)
      state = message.state;
      draw();
    } else if (type === "update" || type === "resume") {
      if (typeof message.seq === "number" && !watching) remember({ seq: message.seq });
      state = message.state;
      draw();
    } else if (type === "refused") {
      movedAt = null; // the move was not made: the next tap is a new try
      feedMastery(message.mastery, `room ${message.state?.room?.code} ${message.state?.version}`);
      fail(message.reason);
      state = message.state;
      draw();
    } else if (type === "mastery") {
      feedMastery(message); // the server's verdict on this seat's own move
    } else if (type === "error") {
      movedAt = null;
      fail(message.error);
      if (!state && watching) {
        watching = null; // the room cannot be watched: the way in again
        setAddress(invited, false);
        drawEntry(invited);
      } else if (!state && seat?.token && /token|seat|room/i.test(message.error || "")) {
        forget(); // the seat cannot be resumed: join again
        drawEntry(invited);
      }
    } else if (type === "reaction") {
      reactions = [...reactions, { seat: message.seat, emoji: message.emoji }].slice(-5);
      draw();
    } else if (type === "left" && watching) {
      const room = watching;
      watching = null;
      state = null;
      reactions = [];
      setAddress(room, false);
      say(`You stopped watching room ${room}.`);
      drawEntry(room);
    } else if (type === "left" || type === "removed") {
      forget();
      state = null;
      reactions = [];
      if (type === "removed" || message.reason) say(sentence(message.reason));
      else say(classMode ? "You left the class." : "You left the room.");
      drawEntry("");
    } else if (type === "replaced") {
      connection?.stop(); // another tab has the seat: this one does not take it back
      fail(message.reason);
      root.dataset.replaced = "true";
    }
  }

  function opened() {
    movedAt = null; // a move sent on a lost connection may never have arrived
    offline.hidden = true;
    say("Connected to the room server.");
    if (keptEntry) {
      const message = keptEntry; // the way in the reader asked for while connecting
      keptEntry = null;
      send(message);
      return;
    }
    const code = invited || seat?.room;
    if (watching) {
      send({ type: "watch", room: watching });
    } else if (seat?.token && seat.room && (!invited || sameCode(invited, seat.room)) && (!classCode || sameCode(classCode, seat.klass || ""))) {
      send({ type: "resume", room: seat.room, token: seat.token, last_seq: seat.seq || 0 });
    } else if ((code || classCode) && !state) {
      drawEntry(code);
    }
  }

  function dropped(attempts) {
    if (attempts > 3 && !state) {
      offline.hidden = false;
      say("No room server answers.");
    } else {
      say("The connection dropped: reconnecting…");
    }
  }

  /** Offline (or the page's own address unreachable): say so, keep the way in disabled,
   * and resolve once the browser is back online (or, when it believes it is online, after
   * a while, to look again). Nothing is asked of the network meanwhile. */
  function untilOnline() {
    offline.hidden = true;
    noNetwork.hidden = false;
    say("Offline: a room waits for a connection.");
    const form = root.querySelector('[data-form="entry"]');
    form?.setAttribute("inert", "");
    for (const control of form?.querySelectorAll("button") ?? []) control.disabled = true;
    root.dataset.ready = "true"; // settled: the page says all it can until the network is back
    return new Promise((resolve) => {
      let done = false;
      const back = () => {
        if (done) return;
        done = true;
        window.removeEventListener("online", back);
        noNetwork.hidden = true;
        form?.removeAttribute("inert");
        for (const control of form?.querySelectorAll("button") ?? []) control.disabled = false;
        resolve();
      };
      window.addEventListener("online", back);
      if (navigator.onLine) window.setTimeout(back, RECHECK_MS);
    });
  }

  function connect() {
    if (!navigator.onLine) {
      untilOnline().then(connect); // no socket tried (and failed) while there is no network
      return;
    }
    noNetwork.hidden = true;
    say("Connecting to the room server…");
    connection = keepConnected(base, { onOpen: opened, onMessage, onDrop: dropped });
  }

  function sameCode(a, b) {
    const clean = (s) => s.replace(/[\s-]/g, "").toUpperCase();
    return clean(a) === clean(b);
  }

  function formValue(name) {
    const field = root.querySelector(`[data-form="entry"] [name="${name}"]`);
    return field ? field.value.trim() : "";
  }

  /** The version of the table the reader sees and taps: the one drawn last. (A newer state
   * may have come and not be drawn yet: Python draws it in the worker. A tap on the table
   * still shown, such as the second tap of a double tap once the first one's move came
   * back, answers that table, not the newer one.) */
  function version() {
    const drawn = root.dataset.version;
    if (drawn) return Number(drawn);
    return state ? state.version : 0;
  }

  // A move (or Continue) is sent once per table version: a second tap before the table
  // moves on (a double tap on a phone) is the same move again, which the server would
  // refuse as made on an old table. A refusal, an error or a new connection lets the next
  // tap through.
  function sendMove(message) {
    if (movedAt === message.version) return;
    if (send(message)) movedAt = message.version;
  }

  async function copy(link) {
    try {
      await navigator.clipboard.writeText(link);
      say("The invite link is copied.");
    } catch {
      root.querySelector(".eu-room-link")?.select();
      say("Select the link and copy it.");
    }
  }

  /** Mark the entry field `name` as the one to fix, and put the focus in it. */
  function fixField(name, text) {
    fail(text);
    const field = root.querySelector(`[data-form="entry"] [name="${name}"]`);
    if (!field) return;
    field.setAttribute("aria-invalid", "true");
    field.addEventListener("input", () => field.removeAttribute("aria-invalid"), { once: true });
    field.focus();
  }

  // The way in has no submit button (three ways to go): Enter in the room code, or in
  // the name once a code is typed, joins that room.
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.isComposing) return;
    const field = event.target.closest?.('[data-form="entry"] input[name="room"], [data-form="entry"] input[name="name"]');
    if (!field) return;
    if (classCode) {
      event.preventDefault();
      onAction("enroll", field, event);
      return;
    }
    if (field.name === "name" && !formValue("room")) return;
    event.preventDefault();
    onAction("join", field, event);
  });

  delegate(root, onAction);

  function onAction(action, element, event) {
    event?.preventDefault?.();
    fail("");
    const name = formValue("name");
    if (action === "watch") {
      const room = formValue("room");
      if (!CODE_RE.test(room)) {
        fixField("room", "Type the room code you were given, like K7QXM-3PART.");
        return;
      }
      send({ type: "watch", room }, { keep: true });
    } else if (action === "enroll") {
      if (!name) {
        fixField("name", "Type your name first.");
        return;
      }
      remember({ name });
      send({ type: "enroll", class: classCode, name }, { keep: true });
    } else if (action === "create" || action === "join") {
      if (!name) {
        fixField("name", "Type a display name first.");
        return;
      }
      remember({ name });
      if (action === "create") {
        const chosen = formValue("rules");
        let rules = chosen === "site" ? siteRules : chosen;
        let table = formValue("table");
        if (table === "site") {
          // The site's own table, no preset: the rules each choice plays there, as Python
          // wrote them on the field (present/room.py).
          const field = root.querySelector('[data-form="entry"] [name="table"]');
          rules = JSON.parse(field?.dataset.siteRules || "{}")[chosen] ?? rules;
          table = null;
        }
        send({ type: "create", name, rules, ...(table ? { table } : {}), level: formValue("level") }, { keep: true });
      } else {
        const room = formValue("room");
        if (!CODE_RE.test(room)) {
          fixField("room", "Type the room code you were given, like K7QXM-3PART.");
          return;
        }
        send({ type: "join", room, name }, { keep: true });
      }
    } else if (action === "ready") {
      send({ type: "ready", ready: element.dataset.ready === "true" });
    } else if (action === "start" || action === "leave") {
      send({ type: action });
    } else if (action === "remove") {
      send({ type: "remove", seat: Number(element.dataset.seat) });
    } else if (action === "react") {
      send({ type: "react", emoji: element.dataset.emoji });
    } else if (action === "continue") {
      sendMove({ type: "continue", version: version() });
    } else if (action === "choose") {
      sendMove({ type: "act", action: element.dataset.choice, version: version() });
    } else if (action === "card") {
      const kind = root.dataset.cardAction;
      if (kind) sendMove({ type: "act", action: `${kind} ${element.dataset.card}`, version: version() });
    } else if (action === "copy") {
      copy(element.dataset.link);
    }
  }

  root.addEventListener("input", (event) => {
    if (event.target.closest?.('[data-form="entry"]') && event.target.name) edited.add(event.target.name);
  });

  // The countdowns Python drew (a held seat, the review's timer) count down here.
  window.setInterval(() => {
    for (const counter of root.querySelectorAll("[data-countdown]")) {
      const left = Math.max(0, Number(counter.dataset.countdown) - 1);
      counter.dataset.countdown = String(left);
      counter.textContent = String(left);
    }
  }, 1000);

  window.addEventListener("pagehide", () => {
    connection?.stop();
  });

  if (classMode && !classCode && !seat?.token) {
    // the class page opened without a class's link: this part is for students
    root.hidden = true;
    root.dataset.ready = "true";
    return;
  }
  // Is there a room server here? Offline, nothing is asked until the browser is back
  // online; an address that cannot be reached at all means the learner is offline.
  while (!config.server) {
    if (!navigator.onLine) await untilOnline();
    const found = await findServer(base);
    if (found === "server") break;
    if (found === "unreachable") {
      await untilOnline();
      continue;
    }
    offline.hidden = false;
    say("No room server answers at this address.");
    root.querySelector('[data-form="entry"]')?.setAttribute("inert", "");
    root.dataset.ready = "true";
    return;
  }
  if (saved.corrupted) fail("Your saved seat could not be read, so join the room again.");
  connect();
  try {
    await python(); // everything the room shows is drawn by Python
  } catch {
    fail("The card engine could not start in this browser, so the room cannot be drawn.");
  }
  await drawing; // a redraw already under way (the connection opened first) lands before "ready"
  root.dataset.ready = "true";
}
