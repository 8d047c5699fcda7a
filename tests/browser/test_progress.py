"""Your progress, in a real browser: an item missed (recorded through mastery.js, as the
quiz will) shows as due today and survives a reload; a damaged stored record recovers with
a note; export then import restores the same progress; a skill can be reset. Nothing is
sent anywhere. No console errors; axe-clean in light and dark."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import another_tab, axe, goto, site_url, wait_ready

PAGE = "practice/progress/"
WIDGET = "[data-widget=progress]"
ITEM = "left bower follows hearts"


def record_answer(page: Any, skill: str, item: str, correct: bool) -> Any:
    return page.evaluate(
        """async ([url, skill, item, correct]) => {
            const mastery = await import(url);
            return mastery.recordAnswer(skill, item, correct);
        }""",
        [site_url(page, "assets/euchre/mastery.js"), skill, item, correct],
    )


def due_item(page: Any, item: str) -> Any:
    return page.locator(f'{WIDGET} .eu-pg-due li[data-item="{item}"]')


def open_progress(page: Any) -> None:
    page.set_default_timeout(60_000)  # the machine is shared: give the engine time to answer
    goto(page, PAGE)
    wait_ready(page, WIDGET)


def test_a_missed_item_is_due_today_and_stays_after_a_reload(page: Any) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.method))
    open_progress(page)
    assert "Nothing is due today" in page.locator(WIDGET).inner_text()
    record_answer(page, "left-bower", ITEM, False)
    due_item(page, ITEM).wait_for()
    skill = page.locator(f'{WIDGET} .eu-pg-skill[data-skill="left-bower"]')
    assert skill.get_attribute("data-level") == "1"
    assert "1 due today" in skill.inner_text()
    review = page.locator(f"{WIDGET} .eu-pg-review a")
    assert review.inner_text() == "take the trick quiz"
    assert page.evaluate("(a) => a.href", review.element_handle()) == site_url(
        page, "practice/quiz/"
    )
    page.reload()
    wait_ready(page, WIDGET)
    due_item(page, ITEM).wait_for()
    due = page.evaluate(
        "async (url) => (await import(url)).dueItems('left-bower')",
        site_url(page, "assets/euchre/mastery.js"),
    )
    assert [d["item"] for d in due] == [ITEM]
    assert set(requests) == {"GET"}  # nothing is posted anywhere


def test_an_answer_recorded_in_another_tab_shows_here(page: Any) -> None:
    open_progress(page)
    assert "Nothing is due today" in page.locator(WIDGET).inner_text()
    other = another_tab(page)
    goto(other, "about/")
    record_answer(other, "left-bower", ITEM, False)
    due_item(page, ITEM).wait_for()


def test_a_damaged_record_recovers_with_a_note(page: Any) -> None:
    open_progress(page)
    page.evaluate("() => localStorage.setItem('euchre.progress', '{\"format\": 3')")
    page.reload()
    wait_ready(page, WIDGET)
    text = page.locator(WIDGET).inner_text()
    assert "could not be read, so it has been started again" in text
    record_answer(page, "scoring", "a march scores two", False)
    due_item(page, "a march scores two").wait_for()
    stored = json.loads(page.evaluate("() => localStorage.getItem('euchre.progress')"))
    assert [e["item"] for e in stored["items"]] == ["a march scores two"]


def test_a_record_damaged_while_another_page_records_is_kept_aside_and_said_later(
    page: Any,
) -> None:
    """The quiz (or any page) repairs a damaged record as it records an answer: the damaged
    text is kept aside, nothing is lost, and the progress page says what happened next time
    (it once wiped the record with no word)."""
    goto(page, "rules/cards/")
    damaged = '{"version": 2, "items": [1, 2, 3, 4]}'
    page.evaluate("(text) => localStorage.setItem('euchre.progress', text)", damaged)
    record_answer(page, "left-bower", ITEM, False)
    assert page.evaluate("() => localStorage.getItem('euchre.progress.set-aside')") == damaged
    open_progress(page)
    note = page.locator(f"{WIDGET} [data-pg-note]").inner_text()
    assert "could not be read, so it has been started again" in note, note
    due_item(page, ITEM).wait_for()
    page.reload()
    wait_ready(page, WIDGET)
    assert page.locator(f"{WIDGET} [data-pg-note]").inner_text() == ""  # said once


def test_export_then_import_restores_the_same_progress(page: Any, tmp_path: Path) -> None:
    open_progress(page)
    record_answer(page, "left-bower", ITEM, False)
    record_answer(page, "trick-winner", "trump beats the suit led", True)
    due_item(page, ITEM).wait_for()
    before = page.evaluate("() => localStorage.getItem('euchre.progress')")
    with page.expect_download() as info:
        page.locator(f"{WIDGET} button[data-action=export]").click()
    saved = tmp_path / info.value.suggested_filename
    info.value.save_as(saved)
    assert saved.name.startswith("euchre-progress-") and saved.suffix == ".json"

    page.locator(f"{WIDGET} button[data-action=reset-all]").click()
    page.locator(f"{WIDGET} button[data-action=reset-all-yes]").click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=progress]').innerText.includes('Nothing is due today')"
    )
    assert json.loads(page.evaluate("() => localStorage.getItem('euchre.progress')"))["items"] == []

    page.locator(f"{WIDGET} input[type=file][data-action=import]").set_input_files(str(saved))
    page.locator(f"{WIDGET} button[data-action=import-yes]").click()  # it replaces: asked first
    due_item(page, ITEM).wait_for()
    after = page.evaluate("() => localStorage.getItem('euchre.progress')")
    assert json.loads(after) == json.loads(before)

    # A file that is not progress is refused in one sentence; nothing changes.
    junk = tmp_path / "notes.json"
    junk.write_text("[1, 2, 3]")
    page.locator(f"{WIDGET} input[type=file][data-action=import]").set_input_files(str(junk))
    page.locator(f"{WIDGET} button[data-action=import-yes]").click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=progress] [data-pg-note]').textContent.includes('not a progress file')"
    )
    assert page.evaluate("() => localStorage.getItem('euchre.progress')") == after


def test_an_import_asks_first_and_no_keeps_the_progress(page: Any, tmp_path: Path) -> None:
    """An import replaces what this browser holds (it does not merge): choosing a file asks
    first, and "No, keep it" changes nothing (an older file once wiped newer work)."""
    open_progress(page)
    record_answer(page, "left-bower", ITEM, False)
    due_item(page, ITEM).wait_for()
    before = page.evaluate("() => localStorage.getItem('euchre.progress')")
    saved = tmp_path / "saved.json"
    with page.expect_download() as info:
        page.locator(f"{WIDGET} button[data-action=reset-all]").click()  # not yet: asks
        page.locator(f"{WIDGET} .eu-confirm-no").click()
        page.locator(f"{WIDGET} button[data-action=export]").click()
    info.value.save_as(saved)
    page.locator(f"{WIDGET} input[type=file][data-action=import]").set_input_files(str(saved))
    confirm = page.locator(f"{WIDGET} .eu-confirm")
    assert "Replace the progress kept in this browser" in confirm.inner_text()
    confirm.locator(".eu-confirm-no").click()
    assert page.locator(f"{WIDGET} .eu-confirm").count() == 0
    assert page.evaluate("() => localStorage.getItem('euchre.progress')") == before
    assert (
        page.evaluate(
            "() => document.querySelector('[data-widget=progress] input[type=file]').value"
        )
        == ""
    )
    # Escape turns it down the same way.
    page.locator(f"{WIDGET} input[type=file][data-action=import]").set_input_files(str(saved))
    page.locator(f"{WIDGET} .eu-confirm-no").press("Escape")
    assert page.locator(f"{WIDGET} .eu-confirm").count() == 0
    assert (
        page.evaluate(
            "() => document.querySelector('[data-widget=progress] input[type=file]').value"
        )
        == ""
    )
    assert page.evaluate("() => localStorage.getItem('euchre.progress')") == before


def test_reset_one_skill(page: Any) -> None:
    open_progress(page)
    record_answer(page, "left-bower", ITEM, False)
    record_answer(page, "leading", "lead trump with two bowers", False)
    due_item(page, ITEM).wait_for()
    reset = page.locator(f'{WIDGET} button[data-action=reset-skill][data-skill="left-bower"]')
    reset.click()  # a reset asks first: "No, keep it" changes nothing and gives the focus back
    page.locator(f"{WIDGET} .eu-confirm-no").click()
    assert page.evaluate("() => document.activeElement?.dataset.skill") == "left-bower"
    due_item(page, ITEM).wait_for()
    reset.click()
    confirm = page.locator(f"{WIDGET} .eu-confirm")
    assert "Forget what you have answered in" in confirm.inner_text()
    confirm.locator("button[data-action=reset-skill-yes]").click()
    page.wait_for_function(
        "() => !document.querySelector('[data-widget=progress] .eu-pg-due li[data-skill=\"left-bower\"]')"
    )
    due_item(page, "lead trump with two bowers").wait_for()
    # The note is said from the page's own live line, and the focus stays in the map.
    note = page.locator(f"{WIDGET} [data-pg-note]").inner_text()
    assert note.endswith("was reset."), note
    assert page.evaluate(
        "() => document.querySelector('[data-widget=progress]').contains(document.activeElement)"
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_progress_page_is_axe_clean(new_page: Any, scheme: str) -> None:
    page = new_page(color_scheme=scheme)
    open_progress(page)
    record_answer(page, "left-bower", ITEM, False)
    due_item(page, ITEM).wait_for()
    assert not axe(page), axe(page)
