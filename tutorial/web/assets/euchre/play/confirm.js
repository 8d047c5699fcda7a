// Confirmations before something is lost (Python draws them: present/confirm.py puts each
// in a <template data-confirm-template="key"> beside its empty slot, data-confirm="key").
// One is shown at a time, with the focus on "No, keep it"; "No" or Escape closes it and
// the focus goes back to the button that opened it.

import { morph } from "../dom.js";

/** The confirmations inside `root`: {open(key, button), close(element, refocus)}.
 * `onCancel(key)` runs when one is turned down ("No, keep it" or Escape). */
export function confirmations(root, onCancel = () => {}) {
  let opener = null;

  /** Close the confirmation `element` is in; `cancel`: it was turned down, and the focus
   * goes back to the button that opened it. */
  function close(element, cancel = false) {
    const slot = element?.closest("[data-confirm]");
    if (slot) morph(slot, "");
    if (cancel && opener?.isConnected) opener.focus();
    opener = null;
    if (cancel && slot) onCancel(slot.dataset.confirm);
  }

  function open(key, button) {
    for (const slot of root.querySelectorAll("[data-confirm]")) morph(slot, "");
    const slot = [...root.querySelectorAll("[data-confirm]")].find((s) => s.dataset.confirm === key);
    const template = [...root.querySelectorAll("template[data-confirm-template]")]
      .find((t) => t.dataset.confirmTemplate === key);
    if (!slot || !template) return;
    opener = button;
    morph(slot, template.innerHTML);
    slot.querySelector(".eu-confirm-no")?.focus();
  }

  root.addEventListener("keydown", (event) => {
    const slot = event.key === "Escape" ? event.target.closest?.("[data-confirm]") : null;
    if (slot && slot.childElementCount) close(event.target, true);
  });
  return { open, close };
}
