// The widgets the reader is using survive Material drawing the same page again. The first
// in-page link of a visit (a heading's ¶, the table of contents) makes Material's instant
// navigation fetch the page it is on and put its content in anew: every widget would start
// over, and a half-made choice (cards picked in a quiz question) would be lost. When the
// page drawn is the one shown before (the same path and query), the live widget roots are
// put back in place of their fresh copies, as they were.

let shown = null; // {place, roots: Map<key, root element>} of the last page view

const keyOf = (root, index) => `${root.dataset.widget}#${root.id || index}`;
const placeOf = () => `${window.location.pathname}${window.location.search}`;

/** Put back the live widgets of the page shown before, if this page view is that page
 * drawn again; then remember this view's widgets. Returns true when any was put back. */
export function keepLiveWidgets() {
  const place = placeOf();
  const fresh = [...document.querySelectorAll("[data-widget]")];
  let kept = false;
  if (shown && shown.place === place) {
    fresh.forEach((root, index) => {
      const live = shown.roots.get(keyOf(root, index));
      if (live && live !== root && !live.isConnected) {
        root.replaceWith(live);
        kept = true;
      }
    });
  }
  const now = [...document.querySelectorAll("[data-widget]")];
  shown = { place, roots: new Map(now.map((root, index) => [keyOf(root, index), root])) };
  if (kept && window.location.hash) {
    // the page was scrolled to its anchor before the live widgets (of another height than
    // their first state) came back: scroll to it again
    const id = decodeURIComponent(window.location.hash.slice(1));
    document.getElementById(id)?.scrollIntoView();
  }
  return kept;
}
