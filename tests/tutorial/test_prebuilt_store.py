"""The build data's store cuts a region's HTML before the start tags of its first levels,
so that replies share their pieces: the pieces always join back to the HTML, and the cuts
are where an HTML parser finds those start tags (the scanner replaced ``html.parser``,
which took a sixth of a site build)."""

from __future__ import annotations

import itertools
from html.parser import HTMLParser

from euchre_tutorial.prebuilt.store import DEPTH, VOID, ReplyStore, expand, pieces
from hypothesis import given
from hypothesis import strategies as st


class ParsedCuts(HTMLParser):
    """The reference: the offsets of the start tags at the first ``depth`` levels, as
    Python's HTML parser reads them."""

    def __init__(self, text: str, depth: int) -> None:
        super().__init__(convert_charrefs=False)
        self.depth, self.level, self.cuts = depth, 0, [0]
        self.lines = [0]
        for line in text.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.feed(text)
        self.close()
        self.cuts.append(len(text))

    def position(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if self.level < self.depth:
            self.cuts.append(self.position())
        if tag not in VOID:
            self.level += 1

    def handle_startendtag(self, tag: str, attrs: object) -> None:
        if self.level < self.depth:
            self.cuts.append(self.position())

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID:
            self.level = max(0, self.level - 1)


TEXT = st.sampled_from(["", "West plays", " 9♠.", "a &amp; b", "\n", "1 < 2"])
ATTRS = st.sampled_from(
    ["", ' class="eu-card"', ' title="a > b"', " data-x='1/2'", " hidden", ' aria-label="Q♥"']
)


@st.composite
def html(draw: st.DrawFn, depth: int = 0) -> str:
    """Markup of the kind the presentation layer writes: nested elements, void and
    self-closed tags, text with escapes, attributes whose quoted values hold ">" or "/"."""
    parts = []
    for _ in range(draw(st.integers(0, 3 if depth < 6 else 0))):
        kind = draw(st.sampled_from(["element", "void", "self", "text", "upper"]))
        attrs = draw(ATTRS)
        if kind == "element":
            tag = draw(st.sampled_from(["div", "p", "span", "li", "button", "svg"]))
            parts.append(f"<{tag}{attrs}>{draw(html(depth + 1))}</{tag}>")
        elif kind == "void":
            parts.append(f"<{draw(st.sampled_from(['br', 'input', 'img']))}{attrs}>")
        elif kind == "self":
            parts.append(f'<path{attrs} d="M0 0"/>')
        elif kind == "upper":
            parts.append(f"<P{attrs}>{draw(TEXT)}</P>")
        else:
            parts.append(draw(TEXT))
    return "".join(parts)


@given(html())
def test_the_pieces_join_back_to_the_html(text: str) -> None:
    assert "".join(pieces(text)) == text


@given(html(), st.integers(1, DEPTH))
def test_the_cuts_are_where_a_parser_finds_the_start_tags(text: str, depth: int) -> None:
    if "<" not in text:
        assert pieces(text, depth) == [text]
        return
    cuts = sorted(set(ParsedCuts(text, depth).cuts))
    expected = [text[a:b] for a, b in itertools.pairwise(cuts) if b > a]
    assert pieces(text, depth) == expected


def test_script_and_style_content_is_never_cut() -> None:
    text = '<div><script>const a = "<p>x</p>";</script><style>p > b {}</style><p>y</p></div>'
    assert pieces(text) == [
        "<div>",
        '<script>const a = "<p>x</p>";</script>',
        "<style>p > b {}</style>",
        "<p>y</p></div>",
    ]


def test_two_tables_that_differ_in_one_seat_share_the_other_pieces() -> None:
    store = ReplyStore("demo")
    seats = ["<li>North</li>", "<li>East</li>", "<li>South</li>"]
    store.add("a", {"html": f"<ul>{''.join(seats)}<li>West: 9♠</li></ul>"})
    store.add("b", {"html": f"<ul>{''.join(seats)}<li>West: 10♠</li></ul>"})
    data = store.data()
    assert sum(piece in seats for piece in data["f"]) == 3
    assert expand(data, "b") == {"html": f"<ul>{''.join(seats)}<li>West: 10♠</li></ul>"}
