"""The lessons' star rule in the browser: the rule is stated under the path; a goal missed
and tried again counts as a mistake (it once left three stars); in the coach's lesson,
hints cost nothing, and once the coach has advised on a position "Another hint" is not
offered again until the next move."""

from __future__ import annotations

import json
from typing import Any

from euchre_tutorial.lessons.stars import MEANING

from tests.browser.harness import goto, wait_lesson_outcome, wait_ready

WIDGET = "[data-widget=lesson]"


def saved(page: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(page.evaluate("() => localStorage.getItem('euchre.lessons')"))
    return data["data"]


def test_the_rule_is_stated_and_a_missed_goal_counts(page: Any) -> None:
    goto(page, "practice/lessons/?lesson=winning-tricks")
    wait_ready(page, WIDGET)
    assert MEANING in " ".join(page.locator(f"{WIDGET} .eu-path-stars").inner_text().split())
    root = page.locator(WIDGET)
    root.locator(".eu-hand button[data-card=Td]").click()  # legal, and the trick is lost
    wait_lesson_outcome(page, "missed")
    assert saved(page)["at"]["mistakes"] == 1
    root.locator("[data-lesson-retry]").click()
    wait_lesson_outcome(page, "open")
    root.locator(".eu-hand button[data-card=Ks]").click()  # refused: diamonds were led
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('euchre.lessons')).data.at.mistakes === 2"
    )


def test_the_coach_s_hints_are_free_and_never_repeated(page: Any) -> None:
    goto(page, "practice/lessons/?lesson=coach")
    wait_ready(page, WIDGET)
    root = page.locator(WIDGET)
    seen: list[str] = []
    hint = root.locator("[data-lesson-hint]")
    while not hint.is_disabled():
        before = root.locator("[data-region=feedback]").inner_text().strip()
        hint.click()
        page.wait_for_function(
            "(before) => { const f = document.querySelector("
            "'[data-widget=lesson] [data-region=feedback]').innerText.trim();"
            " return f.length > 0 && f !== before; }",
            arg=before,
        )
        text = root.locator("[data-region=feedback]").inner_text().strip()
        assert text not in seen, (text, seen)
        seen.append(text)
        assert len(seen) < 6
    assert len(seen) == 3 and "coach" in seen[-1].lower()
    assert hint.inner_text().strip() == "Hint"  # not "Another hint": nothing new to say here
    assert saved(page)["at"]["hints"] == 0
