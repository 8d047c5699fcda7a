"""The progress page says each notice once, in its note line (not as a banner and again as a
bullet of the map), and says plainly which lesson moves it counts."""

from __future__ import annotations

from typing import Any

from euchre_tutorial.mastery.render import LESSONS

from tests.browser.harness import goto, presave, wait_ready

WIDGET = "[data-widget=progress]"


def test_a_damaged_record_s_notice_shows_once(page: Any) -> None:
    presave(page, {"euchre.progress": {"format": "euchre-progress", "version": 1, "items": [7]}})
    goto(page, "practice/progress/")
    wait_ready(page, WIDGET)
    note = page.locator(f"{WIDGET} [data-pg-note]")
    page.wait_for_function(
        "() => document.querySelector('[data-widget=progress] [data-pg-note]').textContent.length > 0"
    )
    said = note.inner_text().strip()
    assert said
    whole = page.locator(WIDGET).inner_text()
    assert whole.count(said) == 1, whole
    assert page.locator(f"{WIDGET} .eu-pg-notes").count() == 0


def test_a_reset_is_said_once(page: Any) -> None:
    goto(page, "practice/progress/")
    wait_ready(page, WIDGET)
    page.locator(f"{WIDGET} button[data-action=reset-all]").click()
    page.locator(f"{WIDGET} button[data-action=reset-all-yes]").click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=progress] [data-pg-note]').textContent.includes('was reset')"
    )
    assert page.locator(WIDGET).inner_text().count("All your progress was reset.") == 1


def test_the_map_says_plainly_what_it_counts_of_the_lessons(page: Any) -> None:
    goto(page, "practice/progress/")
    wait_ready(page, WIDGET)
    text = " ".join(page.locator(WIDGET).inner_text().split())
    assert LESSONS in text
    assert "is not counted here" in LESSONS
