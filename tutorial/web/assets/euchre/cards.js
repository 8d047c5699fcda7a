// The card component in the browser. It builds exactly the markup of
// euchre_tutorial/html.py's card_html (a browser test compares the two for every card):
// text first (rank and suit symbol in the markup), an aria-label such as
// "jack of diamonds", and a real <button> for a card the reader may pick (its label then
// starts with the visible rank, "J, jack of diamonds", for voice control).
// This is notation only (what a code means in words); no rule of the game lives here.

const RANKS = {
  7: ["7", "seven"],
  8: ["8", "eight"],
  9: ["9", "nine"],
  T: ["10", "ten"],
  J: ["J", "jack"],
  Q: ["Q", "queen"],
  K: ["K", "king"],
  A: ["A", "ace"],
};
const SUITS = {
  c: ["♣", "clubs"],
  d: ["♦", "diamonds"],
  h: ["♥", "hearts"],
  s: ["♠", "spades"],
};
export const JOKER = "Joker";

/** Read a card code ("Jd", "Th", "Joker") into its parts; a bad code throws. */
export function parseCode(code) {
  if (code === JOKER) {
    return { code, suit: "joker", label: "Joker", symbol: "★", name: "the joker" };
  }
  const rank = RANKS[String(code).slice(0, -1)];
  const suitLetter = String(code).slice(-1);
  const suit = SUITS[suitLetter];
  if (!rank || !suit || String(code).length !== 2) {
    throw new Error(`not a card code: ${JSON.stringify(code)}`);
  }
  return { code, suit: suitLetter, label: rank[0], symbol: suit[0], name: `${rank[1]} of ${suit[1]}` };
}

/** A card in words, for screen readers: "jack of diamonds". */
export function cardName(code) {
  return parseCode(code).name;
}

function span(className, text, hidden = false) {
  const el = document.createElement("span");
  el.className = className;
  if (hidden) el.setAttribute("aria-hidden", "true");
  el.textContent = text;
  return el;
}

/**
 * One card element.
 *   button:   a <button type="button"> (keyboard operable) instead of a labelled <span role="img">
 *   selected: true/false adds aria-pressed (buttons only); null leaves it out
 *   note:     appended to the label ("jack of diamonds, the left bower")
 *   extraClass: more CSS classes
 */
export function cardElement(code, { button = false, selected = null, note = "", extraClass = "" } = {}) {
  const card = parseCode(code);
  const el = document.createElement(button ? "button" : "span");
  if (button) el.setAttribute("type", "button");
  el.setAttribute("class", `eu-card eu-suit-${card.suit} ${extraClass}`.trim());
  el.setAttribute("data-card", card.code);
  if (!button) el.setAttribute("role", "img");
  // A button's name starts with its visible rank ("label in name", WCAG 2.5.3).
  const label = note ? `${card.name}, ${note}` : card.name;
  el.setAttribute("aria-label", button && card.suit !== "joker" ? `${card.label}, ${label}` : label);
  if (button && selected !== null && selected !== undefined) {
    el.setAttribute("aria-pressed", selected ? "true" : "false");
  }
  el.append(span("eu-rank", card.label), span("eu-pip", card.symbol, true));
  return el;
}

/** Mark a card button as selected or not (aria-pressed drives its look). */
export function setSelected(el, selected) {
  el.setAttribute("aria-pressed", selected ? "true" : "false");
}

/** Several cards in a row, as a list (the markup of html.py's cards_html). */
export function cardList(codes, options = {}) {
  const list = document.createElement("ul");
  list.className = "eu-cards";
  for (const code of codes) {
    const item = document.createElement("li");
    item.append(cardElement(code, options));
    list.append(item);
  }
  return list;
}
