"""Answers written into the page at build time, for a widget to use before Python starts.

A widget's prerendered answers (markup the renderers of this package made, keyed by the
reader's possible choices) travel as one JSON island beside the widget's first state. The
page's script only looks an answer up by its key and morphs it in; it never works one out.

The JSON sits in a data attribute of an empty, hidden element: not in a ``<script>``
(Material's instant navigation runs every script it moves, whatever its type) and not as
text (the site search would index it).

>>> print(json_island({"view": {"h": "<p>A &amp; K</p>"}}))
<div class="eu-prerendered" hidden data-island="{&quot;view&quot;:{&quot;h&quot;:&quot;&lt;p&gt;A &amp;amp; K&lt;/p&gt;&quot;}}"></div>
"""

from __future__ import annotations

import json
from typing import Any

from euchre_tutorial.present.markup import escape


def json_island(data: Any, prebuilt: str = "") -> str:
    """``data`` as JSON in the ``data-island`` attribute of a hidden element; ``prebuilt``
    names the file of build-time replies the widget answers from first (the page fetches
    it while it loads: ``mkdocs_hooks`` finds ``data-prebuilt``).

    >>> print(json_island({}, "quiz.0123.json"))
    <div class="eu-prerendered" hidden data-island="{}" data-prebuilt="quiz.0123.json"></div>
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    extra = f' data-prebuilt="{escape(prebuilt)}"' if prebuilt else ""
    return f'<div class="eu-prerendered" hidden data-island="{escape(text)}"{extra}></div>'
