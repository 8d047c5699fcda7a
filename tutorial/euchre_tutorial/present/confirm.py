"""A confirmation asked before something is lost ("Forget …? Yes, reset / No, keep it"):
kept in a template until the page's script (``confirm.js``) shows it in its slot.

>>> html = confirm_html("Forget every star?", "reset-all")
>>> 'data-confirm-template="reset-all"' in html, 'data-confirm="reset-all"' in html
(True, True)
>>> 'data-action="reset-all-yes"' in html, 'data-action="confirm-no"' in html
(True, True)
>>> 'data-skill="bowers"' in confirm_html("Reset?", "reset-bowers", "reset-skill-yes", skill="bowers")
True
"""

from __future__ import annotations

from euchre_tutorial.present.markup import button_html, escape


def confirm_html(
    question: str,
    key: str,
    yes_action: str | None = None,
    *,
    skill: str | None = None,
    yes: str = "Yes, reset",
) -> str:
    """The confirmation ``question`` for ``key`` (its template, and the slot it appears in).
    ``yes`` ("Yes, reset") asks for ``yes_action`` (``key``-yes unless given), with
    ``data-skill`` when ``skill`` is given; "No, keep it" asks for ``confirm-no``."""
    extra = {} if skill is None else {"data_skill": skill}
    box = (
        f'<div class="eu-confirm" role="group" aria-label="{escape(question)}">'
        f"<p>{escape(question)}</p>"
        + button_html(
            yes,
            action=yes_action or f"{key}-yes",
            class_="md-button md-button--primary eu-confirm-yes",
            **extra,
        )
        + button_html("No, keep it", action="confirm-no", class_="md-button eu-confirm-no")
        + "</div>"
    )
    return (
        f'<template data-confirm-template="{escape(key)}">{box}</template>'
        f'<div class="eu-confirm-slot" data-confirm="{escape(key)}"></div>'
    )


__all__ = ["confirm_html"]
