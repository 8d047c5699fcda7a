"""Shrinking the built site's own CSS and JavaScript, safely: comments and extra whitespace
only, never a rename or a rewrite. Runs on the built site (``generator.build_site``), so
the sources stay readable.

>>> minify_css("a  {\\n  color: red;  /* why */\\n}\\n.b :focus { x: 1 }")
'a{color: red;}.b :focus{x: 1}'
>>> strip_js_comment_lines("// a note\\nconst a = 1; // kept\\n  // indented note\\nf();\\n")
'const a = 1; // kept\\nf();\\n'
"""

from __future__ import annotations

import re
from pathlib import Path

_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_SPACE = re.compile(r"\s+")
_AROUND_BRACES = re.compile(r"\s*([{};])\s*")
_JS_COMMENT_LINE = re.compile(r"(?m)^[ \t]*//[^\n]*\n")


def minify_css(text: str) -> str:
    """CSS without comments, with whitespace runs collapsed and none around ``{ } ;``.
    Spaces elsewhere stay: in a selector a space is a descendant combinator."""
    text = _CSS_COMMENT.sub("", text)
    text = _SPACE.sub(" ", text)
    return _AROUND_BRACES.sub(r"\1", text).strip()


def strip_js_comment_lines(text: str) -> str:
    """JavaScript without the lines that hold only a ``//`` comment (our modules never
    start a line of a string or template with ``//``)."""
    return _JS_COMMENT_LINE.sub("", text)


def minify_assets(site: Path) -> int:
    """Shrink ``assets/euchre/**`` of a built site in place; returns the bytes saved."""
    saved = 0
    for path in sorted((site / "assets" / "euchre").rglob("*")):
        if path.suffix == ".css":
            shrink = minify_css
        elif path.suffix == ".js":
            shrink = strip_js_comment_lines
        else:
            continue
        text = path.read_text(encoding="utf-8")
        smaller = shrink(text)
        saved += len(text.encode()) - len(smaller.encode())
        path.write_text(smaller, encoding="utf-8")
    return saved
