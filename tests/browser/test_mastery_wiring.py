"""The quiz feeds the mastery map, in a real browser: a wrong answer makes its item due on
the Your progress page, and a practice quiz opened with an item due starts with it. Every
page fails the test on a console error."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from euchre_tutorial import bridge, mastery
from euchre_tutorial.mastery.items import item_of_question
from euchre_tutorial.quiz import QuestionId, build

from tests.browser.harness import goto, wait_ready
from tests.browser.test_quiz import LINK, QUIZ, answer, current_question, open_quiz, wrong_answer

PROGRESS = "[data-widget=progress]"


def stored_progress(page: Any) -> Any:
    text = page.evaluate("() => localStorage.getItem('euchre.progress')")
    return None if text is None else json.loads(text)


def test_a_wrong_quiz_answer_is_due_on_the_progress_page(page: Any) -> None:
    page.set_default_timeout(60_000)
    open_quiz(page, LINK)
    question = current_question(page)
    skill_id, item = item_of_question(question)
    answer(page, wrong_answer(question))
    page.wait_for_function(
        "(item) => (localStorage.getItem('euchre.progress') || '').includes(item)", arg=item)
    entry = next(e for e in stored_progress(page)["items"] if e["item"] == item)
    assert entry["skill"] == skill_id and entry["wrong"] == 1
    goto(page, "practice/progress/")
    wait_ready(page, PROGRESS)
    page.locator(f'{PROGRESS} .eu-pg-due li[data-item="{item}"]').wait_for()


def test_a_practice_quiz_starts_with_what_is_due(page: Any) -> None:
    page.set_default_timeout(60_000)
    open_quiz(page, "practice/quiz/")
    root = page.locator(QUIZ)
    config = json.loads(root.get_attribute("data-config") or "{}")
    rules = json.loads(root.get_attribute("data-rules") or "{}")
    plain = json.loads(bridge.dispatch("quiz.new", json.dumps({"config": config, "rules": rules})))
    ids = [q["id"] for q in plain["value"]["questions"]]
    items = [item_of_question(build(QuestionId.parse(i))) for i in ids]
    target = next(it for it in items[1:] if it != items[0])
    missed = datetime.now(UTC) - timedelta(hours=2)
    record = mastery.record_answer(None, target[0], target[1], False, missed)
    page.evaluate("(text) => { localStorage.setItem('euchre.progress', text);"
                  " localStorage.removeItem('euchre.quiz.v1'); }", json.dumps(record))
    page.reload()
    wait_ready(page, QUIZ)
    assert item_of_question(current_question(page)) == target
