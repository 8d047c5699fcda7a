"""Lessons, quizzes, the site's Markdown extensions and the browser bridge, built on ``euchre``."""

__version__ = "1.0.0"
