"""Names kept as chosen, in the browser: the teacher picks "Stick-the-dealer rules" (whose
options Midwest rules hold too) with a house rule and the 32-card deck; the link, the
printed sheet and the quiz the students open all say "Stick-the-dealer rules"."""

from __future__ import annotations

from typing import Any

from euchre import Rules

from tests.browser.harness import goto, wait_ready

QUIZ = "[data-widget=quiz]"


def test_the_teacher_s_chosen_rule_set_names_the_link_the_sheet_and_the_quiz(page: Any) -> None:
    assert Rules.profile("stick-the-dealer") == Rules.profile("midwest")
    goto(page, "practice/teachers/")
    wait_ready(page, "[data-widget=quiz-sheet]")
    page.select_option("select[name=rules]", label="Stick-the-dealer rules")
    page.fill("input[name=house]", "game_to:7")
    page.select_option("select[name=deck]", value="32")
    page.wait_for_function(
        "() => document.querySelector('.eu-qs-link').value.includes('game_to')"
        " && document.querySelector('.eu-qs-link').value.includes('deck')"
    )
    page.wait_for_function(
        "() => document.querySelector('.eu-qs-notes').textContent.includes('ready')"
    )
    link = page.locator(".eu-qs-link").input_value()
    assert "rules=stick-the-dealer," in link and "midwest" not in link, link
    sheet = page.locator(".eu-sheet-sub").first.inner_text()
    assert "Stick-the-dealer rules, with two changes" in sheet and "Midwest" not in sheet, sheet
    page.goto(link)
    wait_ready(page, QUIZ)
    page.wait_for_selector(f"{QUIZ} .eu-quiz-rules")
    said = page.locator(f"{QUIZ} .eu-quiz-rules").inner_text()
    assert said.startswith("This quiz plays by Stick-the-dealer rules, with two changes"), said
