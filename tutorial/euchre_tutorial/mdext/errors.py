"""The error a page raises when the build must stop: a wrong worked example, an unknown
rules key, a bad house-rules file.

Python-Markdown lets an exception raised by a preprocessor propagate, and MkDocs logs
``Error reading page '<file>':`` before it. When MkDocs is installed the error is also a
MkDocs ``BuildError``, so ``mkdocs build`` stops with our message and no traceback; without
MkDocs (another Python-Markdown host) it is a plain ``ValueError``.

>>> err = PageError("euchre-trick", 12, "J♦ wins, not A♥")
>>> str(err)
'line 12: euchre-trick: J♦ wins, not A♥'
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    _Base = ValueError
else:
    try:
        from mkdocs.exceptions import BuildError

        class _Base(BuildError, ValueError):
            """MkDocs stops the build on it and prints our message, without a traceback."""

    except ImportError:  # pragma: no cover - another Markdown host
        _Base = ValueError


class PageError(_Base):
    """A page that cannot be built: ``line`` is 1-based in the page's Markdown source
    (counted after any front matter), ``what`` names the fence or template tag."""

    def __init__(self, what: str, line: int | None, reason: str) -> None:
        self.what = what
        self.line = line
        self.reason = reason
        where = f"line {line}: " if line else ""
        super().__init__(f"{where}{what}: {reason}")

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        return f"{where}{self.what}: {self.reason}"
