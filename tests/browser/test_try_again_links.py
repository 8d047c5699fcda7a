"""Try-again links and hindsight as a beginner reads them: a link to a decision past the
deal's end opens that deal (not the sample) and says the decision does not exist; the
hindsight table names the side that scored, never a negative score, and says "the same"
where the best card would end the deal the same."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import euchre
from euchre import Rules
from euchre_tutorial.tryagain.branch import default_decision, finished_deal

from tests.browser.harness import goto, wait_ready

PAGE = "practice/try-again/"
WIDGET = "[data-widget=try-again]"


def test_a_link_past_the_last_decision_opens_its_deal_and_says_so(page: Any) -> None:
    played = finished_deal(21, Rules())
    code = euchre.to_share_code(played)
    page.set_default_timeout(60_000)
    goto(page, f"{PAGE}?deal={quote(code, safe='')}&at=999")
    wait_ready(page, WIDGET)
    page.wait_for_function(
        "(code) => { const b = document.querySelector('[data-widget=try-again] [data-ta-body]');"
        " return b && JSON.parse(b.dataset.session).deal === code; }",
        arg=code,
    )
    note = page.locator(f"{WIDGET} [data-ta-note]").inner_text()
    assert "decision 999, which this deal does not have" in note, note
    assert "Here is the deal instead" in note
    session = page.locator(f"{WIDGET} [data-ta-body]").get_attribute("data-session") or ""
    assert f'"at": {default_decision(played)}' in session.replace('"at":', '"at": ')
    assert "deal=" in page.url  # the link is kept: it names a real deal


def test_hindsight_reads_right_to_a_beginner(page: Any) -> None:
    played = finished_deal(3, Rules())
    k = default_decision(played)
    page.set_default_timeout(60_000)
    goto(page, f"{PAGE}?deal={quote(euchre.to_share_code(played), safe='')}&at={k}")
    wait_ready(page, WIDGET)
    table = page.locator(f"{WIDGET} .eu-ta-hindsight table.eu-ta-plays").first
    table.wait_for()
    text = table.inner_text()
    assert not re.search(r"(?<![\w♣♦♥♠])[-−]\s?\d", text), text
    assert re.search(r"(you and North|West and East) \+\d", text), text
    assert "the same" in text
    head = page.locator(f"{WIDGET} .eu-ta-hindsight").inner_text()
    assert "Tricks for your side" in head and "it ended" in head
