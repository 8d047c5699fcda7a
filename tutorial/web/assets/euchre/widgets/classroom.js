// A teacher's class: the teacher's WebSocket to the room server (see PROTOCOL.md). It opens a
// class (or takes it back after a reload: the class's code and the teacher's token are kept
// in localStorage), forwards the teacher's clicks as protocol commands, keeps the class and
// every table's public state as the server sends them, and morphs in the HTML that Python
// renders from them (the worker's "classroom.render"). It draws nothing itself. The
// summary's CSV comes from Python too ("classroom.summary"); this file only saves it. A
// student's page (opened with ?class=CODE) leaves this widget hidden: the page's room
// widget seats the student.

import { delegate, morph } from "../dom.js";
import { readRecord, removeRecord, writeRecord } from "../play/storage.js";
import { keepConnected, serverAnswers, serverBase } from "../rooms-socket.js";

const CLASS_KEY = "euchre.class";
const VERSION = 1;
const REGIONS = ["entry", "class", "students", "tables"];
const SWAPS = { pause: "resume", resume: "pause" }; // a button drawn as the other once pressed
const ENGINE_NOTE =
  "Its link and tables appear here as soon as the card engine has started (on a first visit, that can take half a minute).";

function validClass(data) {
  return Boolean(data) && typeof data === "object" && typeof data.code === "string" && typeof data.token === "string";
}

export async function mount(root, runtime) {
  if (new URLSearchParams(window.location.search).get("class")) {
    root.hidden = true; // a student's page: the room widget below does the joining
    root.dataset.ready = "true";
    return;
  }
  const config = JSON.parse(root.dataset.config || "{}");
  const siteRules = JSON.parse(root.dataset.rules || "{}");
  const region = (name) => root.querySelector(`[data-region="${name}"]`);
  const status = region("status");
  const errorLine = region("error");
  const base = serverBase(config);
  const saved = readRecord(CLASS_KEY, VERSION, validClass);
  let kept = saved.value; // {code, token} of the class this browser teaches
  let klass = null; // the class as the server last sent it
  let ended = null; // the reason, once the class has ended
  const tables = {}; // each table's spectator state, by room code
  let connection = null;
  let nextId = 0;
  let keptOpen = null; // open_class asked for before the connection opened (send's `keep`)
  let drawing = Promise.resolve();
  let engine = null;

  const say = (text) => {
    status.textContent = text;
  };
  const sentence = (text) =>
    text ? text[0].toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".") : "";
  const fail = (text) => {
    errorLine.textContent = sentence(text);
  };

  async function python() {
    engine ??= await runtime.getRuntime();
    return engine;
  }

  /** Ask Python for the page's regions and morph them in, in order. */
  function draw(payload) {
    drawing = drawing.then(async () => {
      try {
        const reply = await (await python()).call("classroom.render", payload());
        const focusWasHere = root.contains(document.activeElement);
        const focusedAction = document.activeElement?.dataset?.action;
        for (const name of REGIONS) {
          if (name in reply.html) morph(region(name), reply.html[name], { animate: true });
        }
        region("entry").hidden = reply.html.entry === "";
        region("entry").removeAttribute("inert");
        if (status.textContent.includes(ENGINE_NOTE)) say(status.textContent.replace(ENGINE_NOTE, "").trim());
        root.dataset.paused = reply.paused ? "true" : "false";
        if (focusWasHere) keepFocus(focusedAction);
      } catch (error) {
        fail(`The page could not draw the class: ${error.message}`);
      }
    });
    return drawing;
  }

  /** A drawing took away what had the focus (the form's Open as the class appears, Pause
   * drawn as Resume): the focus goes to the button that took its place, else to the
   * class, never to the page's top. */
  function keepFocus(action) {
    const at = document.activeElement;
    const entry = region("entry");
    if (root.contains(at) && !(entry.hidden && entry.contains(at))) return;
    const swapped = action && root.querySelector(`[data-action="${SWAPS[action] ?? action}"]`);
    const shown = swapped && swapped.getClientRects().length > 0;
    (shown ? swapped : root.querySelector("[data-room-landing]"))?.focus({ preventScroll: true });
  }

  const drawClass = () => draw(() => ({ class: klass, tables, page: window.location.href, ended }));
  const drawForm = () => draw(() => ({ entry: { rules: siteRules } }));

  /** Send `message`; false when not connected. Opening the class (`keep`) before the
   * connection opened is kept and sent when it opens. */
  function send(message, { keep = false } = {}) {
    nextId += 1;
    if (connection?.send({ ...message, id: nextId })) return true;
    if (keep) {
      keptOpen = message;
      say("Connecting to the room server: your class opens as soon as it answers.");
    } else {
      fail("Not connected to the room server yet: wait a moment and try again.");
    }
    return false;
  }

  function onMessage(message) {
    const type = message.type;
    if (type === "class_welcome") {
      kept = { code: message.code, token: message.token };
      writeRecord(CLASS_KEY, VERSION, kept);
      ended = null;
      fail("");
      say(`Your class ${message.code} is open.`);
      if (!engine) {
        // Everything the class shows is drawn by Python, still starting: the form is set
        // aside (a second Open would open a second class) and the status says what follows.
        region("entry").setAttribute("inert", "");
        say(`${status.textContent} ${ENGINE_NOTE}`);
      }
      root.querySelector("[data-room-landing]")?.focus();
    } else if (type === "class") {
      klass = message.state;
      drawClass();
    } else if (type === "watching" || type === "update") {
      tables[message.state.room.code] = message.state;
      if (klass) drawClass();
    } else if (type === "class_ended") {
      removeRecord(CLASS_KEY);
      kept = null;
      ended = message.reason;
      say(sentence(message.reason));
      if (klass) drawClass();
    } else if (type === "replaced") {
      connection?.stop(); // the class is taught from another tab now
      fail(message.reason);
      root.dataset.replaced = "true";
    } else if (type === "error") {
      fail(message.error);
      if (!klass && kept && /token|class/i.test(message.error || "")) {
        removeRecord(CLASS_KEY); // the class is gone: open another
        kept = null;
        drawForm();
      }
    }
  }

  function opened() {
    say("Connected to the room server.");
    if (keptOpen) {
      const message = keptOpen; // the class the teacher opened while connecting
      keptOpen = null;
      send(message);
    } else if (kept && !ended) {
      send({ type: "resume_class", class: kept.code, token: kept.token });
    }
  }

  function formValue(name) {
    const field = root.querySelector(`[data-form="entry"] [name="${name}"]`);
    return field ? field.value.trim() : "";
  }

  async function download() {
    try {
      const reply = await (await python()).call("classroom.summary", { class: klass });
      const link = root.querySelector("[data-download]"); // drawn by Python, hidden
      link.href = URL.createObjectURL(new Blob([reply.csv], { type: "text/csv" }));
      link.download = reply.filename;
      link.click();
      window.setTimeout(() => URL.revokeObjectURL(link.href), 1000);
      say(`The summary is saved as ${reply.filename}.`);
    } catch (error) {
      fail(`The summary could not be made: ${error.message}`);
    }
  }

  async function copy(link) {
    try {
      await navigator.clipboard.writeText(link);
      say("The students' link is copied.");
    } catch {
      root.querySelector(".eu-room-link")?.select();
      say("Select the link and copy it.");
    }
  }

  delegate(root, (action, element, event) => {
    event?.preventDefault?.();
    fail("");
    if (action === "open") {
      const name = formValue("name");
      if (!name) {
        fail("Type your name first: your students see it.");
        root.querySelector('[data-form="entry"] [name="name"]')?.focus();
        return;
      }
      const chosen = formValue("rules");
      let rules = chosen === "site" ? siteRules : chosen;
      let table = formValue("table");
      if (table === "site") {
        // the site's own table, no preset: the rules each choice plays there, as Python
        // wrote them on the field (present/room.py)
        const field = root.querySelector('[data-form="entry"] [name="table"]');
        rules = JSON.parse(field?.dataset.siteRules || "{}")[chosen] ?? rules;
        table = "";
      }
      const count = Number(formValue("tables")) || 1;
      send({ type: "open_class", name, tables: count, rules, ...(table ? { table } : {}), level: formValue("level") }, { keep: true });
    } else if (action === "start") {
      send({ type: "start_tables" });
    } else if (action === "pause" || action === "resume") {
      send({ type: "pause", paused: action === "pause" });
    } else if (action === "end") {
      send({ type: "end_class" });
    } else if (action === "download") {
      download();
    } else if (action === "copy") {
      copy(element.dataset.link);
    } else if (action === "again") {
      klass = null;
      ended = null;
      for (const code of Object.keys(tables)) delete tables[code];
      drawForm();
    }
  });

  // The countdowns Python drew (a held seat, a review's timer) count down here.
  window.setInterval(() => {
    for (const counter of root.querySelectorAll("[data-countdown]")) {
      const left = Math.max(0, Number(counter.dataset.countdown) - 1);
      counter.dataset.countdown = String(left);
      counter.textContent = String(left);
    }
  }, 1000);

  window.addEventListener("pagehide", () => connection?.stop());

  if (!config.server && !(await serverAnswers(base))) {
    region("offline").hidden = false;
    say("No room server answers at this address.");
    root.querySelector('[data-form="entry"]')?.setAttribute("inert", "");
    root.dataset.ready = "true";
    return;
  }
  if (saved.corrupted) fail("Your saved class could not be read, so open the class again.");
  connection = keepConnected(base, {
    onOpen: opened,
    onMessage,
    onDrop: () => say("The connection dropped: reconnecting…"),
  });
  try {
    await python(); // everything the class shows is drawn by Python
  } catch {
    fail("The card engine could not start in this browser, so the class cannot be drawn.");
  }
  await drawing;
  root.dataset.ready = "true";
}
