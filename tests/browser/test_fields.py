"""A field to type in (a name, a room code, the number of tables, a link to copy) shows
where it is: its edge has a contrast of 3:1 or more against the panel around it, in light
and in dark mode (WCAG 1.4.11), as the selects beside it do.

Found on a phone: the room page's name and room-code fields were white boxes on the
near-white panel with no edge at all, and dark grey ones in dark mode."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.harness import allow_console_errors, goto

PAGES = ["practice/rooms/", "practice/class/", "practice/teachers/"]

# Every shown field to type in inside a widget: its edge's width and its contrast against
# what is drawn behind it (the colours composited as the browser paints them).
FIELD_EDGES = """() => {
  const rgba = (text) => {
    const parts = (text.match(/rgba?\\(([^)]+)\\)/) || [null, ""])[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
    return parts.length < 3 ? null : { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  };
  const over = (top, under) => ({ r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a), b: top.b * top.a + under.b * (1 - top.a), a: 1 });
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const colour = rgba(getComputedStyle(e).backgroundColor);
      if (colour && colour.a > 0) { layers.push(colour); if (colour.a >= 1) break; }
    }
    return layers.reverse().reduce((under, top) => over(top, under), { r: 255, g: 255, b: 255, a: 1 });
  };
  const luminance = ({ r, g, b }) => [r, g, b].map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const fields = document.querySelectorAll(
    "[data-widget] :is(input[type=text], input[type=number], input[type=url], input:not([type]), textarea)");
  return [...fields].filter((el) => el.getClientRects().length > 0).map((el) => {
    const style = getComputedStyle(el);
    const panel = behind(el.parentElement);
    const edge = over(rgba(style.borderTopColor) || { r: 0, g: 0, b: 0, a: 0 }, panel);
    return { field: el.outerHTML.slice(0, 90), width: parseFloat(style.borderTopWidth),
             style: style.borderTopStyle, contrast: Math.round(contrast(edge, panel) * 100) / 100 };
  });
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_field_to_type_in_shows_its_edge(new_page: Any, scheme: str) -> None:
    page = new_page(color_scheme=scheme, viewport={"width": 390, "height": 844})
    allow_console_errors(page, r"/rooms/health")  # this static server has no room server
    seen = 0
    for path in PAGES:
        goto(page, path)
        page.wait_for_selector("[data-widget][data-ready]", state="attached")
        for field in page.evaluate(FIELD_EDGES):
            seen += 1
            assert field["width"] >= 1 and field["style"] != "none", (path, field)
            assert field["contrast"] >= 3, (path, scheme, field)
    assert seen >= 4  # the room's name and code, the class's name and tables at least
