// Material's "Back to top" button floats over the page, at the top of the screen, as the
// reader scrolls up. It must never cover a widget: a control under it (New game, Export
// EGN, a seat's name, a lesson's title) could not be seen or pressed. While the button's
// place overlaps a widget on screen, it is hidden (and takes no clicks); it comes back as
// soon as its place is clear.

const OFF = "eu-top--over-widget";
const MARGIN = 8; // px of room kept around the button

function overlapsWidget(button) {
  const box = button.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  return [...document.querySelectorAll("[data-widget]")].some((root) => {
    const r = root.getBoundingClientRect();
    return r.bottom > box.top - MARGIN && r.top < box.bottom + MARGIN
      && r.right > box.left - MARGIN && r.left < box.right + MARGIN;
  });
}

function update() {
  const button = document.querySelector(".md-top");
  if (button) button.classList.toggle(OFF, overlapsWidget(button));
}

let queued = false;
function soon() {
  if (queued) return;
  queued = true;
  window.requestAnimationFrame(() => {
    queued = false;
    update();
  });
}

let watching = false;
const resized = typeof ResizeObserver === "function" ? new ResizeObserver(soon) : null;

/** Keep the button off the widgets of the page shown now (call on every page view). */
export function keepTopOffWidgets() {
  if (!watching) {
    watching = true;
    window.addEventListener("scroll", update, { passive: true }); // at once: never a frame over a widget
    window.addEventListener("resize", soon);
  }
  resized?.disconnect();
  for (const root of document.querySelectorAll("[data-widget]")) resized?.observe(root);
  const button = document.querySelector(".md-top");
  if (button && resized) resized.observe(button);
  update();
}
