"""Try again from here, in a real browser: a share link opens the deal at that decision,
the learner chooses by keyboard, the computer answers, and the lines are compared (the same
cards and earlier actions, tricks and points as the engine counts them). A bad link gets one
friendly sentence and leaves the address bar; the teacher's composer makes a working link.
No console errors; axe-clean in light and dark."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import euchre
import pytest
from euchre import Rules
from euchre_tutorial.tryagain.branch import decisions, finished_deal
from euchre_tutorial.tryagain.render import side_tricks, team_points_text
from euchre_tutorial.widgets.game import finished_deals

from tests.browser.harness import (
    EngineGate,
    axe,
    first_held,
    goto,
    hold_requests,
    presave,
    wait_ready,
)
from tests.free_play import free_play_save

PAGE = "practice/try-again/"
WIDGET = "[data-widget=try-again]"


def site_rules(page: Any) -> Rules:
    return Rules.from_dict(json.loads(page.locator(WIDGET).first.get_attribute("data-rules")))


def a_card_decision(played: euchre.HandState, trick: int) -> int:
    """The first decision in trick ``trick`` (1-based) with at least two cards to choose."""
    for d in decisions(played):
        if d.action.kind == "play" and d.choices > 1 and d.where.startswith(f"Trick {trick},"):
            return d.k
    raise AssertionError("no such decision")


def session_of(page: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        page.locator(f"{WIDGET} [data-ta-body]").get_attribute("data-session")
    )
    return data


def open_link(page: Any, code: str, k: int) -> None:
    page.set_default_timeout(60_000)  # the machine is shared: give the engine time to answer
    goto(page, f"{PAGE}?deal={quote(code, safe='')}&at={k}")
    wait_ready(page, WIDGET)
    page.wait_for_function(
        "(k) => { const b = document.querySelector('[data-widget=try-again] [data-ta-body]');"
        " return b && JSON.parse(b.dataset.session).at === k; }",
        arg=k,
    )


def tab_to_another_card(page: Any, original: str) -> str:
    """Tab from the play heading to a card other than ``original``; that card's action."""
    page.locator("#eu-ta-play-h").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        focused: str = page.evaluate(
            "() => document.activeElement && document.activeElement.dataset.value || ''"
        )
        if focused.startswith("play ") and focused != original:
            return focused
    raise AssertionError("no other card could be reached with Tab")


def finish_by_keyboard(page: Any, root: Any) -> None:
    """Let the computer finish the try, pressing its Finish button by keyboard when shown."""
    page.wait_for_selector(
        f"{WIDGET} button[data-action=finish], {WIDGET} button[data-action=new-try]"
    )
    finish = root.locator("button[data-action=finish]")
    if finish.count():
        finish.focus()
        page.keyboard.press("Enter")


def test_try_again_from_trick_three_by_keyboard_and_compare(page: Any) -> None:
    page.set_default_timeout(60_000)
    goto(page, PAGE)
    wait_ready(page, WIDGET)
    rules = site_rules(page)
    played = finished_deal(8, rules)
    k = a_card_decision(played, 3)
    code = euchre.to_share_code(played)
    open_link(page, code, k)
    root = page.locator(WIDGET)
    assert "Try again from trick 3" in root.locator(".eu-ta-title").inner_text()

    # Choose a different card with the keyboard: Tab from the heading to the cards.
    original = str(played.actions[k])
    focused = tab_to_another_card(page, original)
    page.keyboard.press("Enter")
    finish_by_keyboard(page, root)
    page.wait_for_function(
        "() => JSON.parse(document.querySelector('[data-widget=try-again] [data-ta-body]')"
        ".dataset.session).tries.length === 1"
    )
    assert page.evaluate("() => document.activeElement.id") == "eu-ta-play-h"

    session = session_of(page)
    line = euchre.from_share_code(session["tries"][0])
    assert line.over and line.deal == played.deal
    assert list(line.actions[:k]) == list(played.actions[:k])
    assert str(line.actions[k]) == focused != original
    me = played.actors[k]

    table = root.locator(".eu-ta-compare table")
    heads = table.locator("thead th").all_inner_texts()
    assert heads == ["As played", "Try 1"]
    cells = {
        row.locator("th").inner_text(): row.locator("td").all_inner_texts()
        for row in table.locator("tbody tr").all()
    }
    assert cells["Tricks for your side"] == [
        str(side_tricks(played, me)),
        str(side_tricks(line, me)),
    ]
    assert cells["Points"] == [team_points_text(played, me), team_points_text(line, me)]

    # Hindsight is labelled as such; a second try can be started and kept.
    assert "Hindsight, with every card visible" in root.locator(".eu-ta-hindsight").inner_text()
    root.locator("button[data-action=new-try]").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{WIDGET} .eu-ta-hand button[data-action=act]")
    assert len(session_of(page)["tries"]) == 1


def test_a_bad_link_says_so_in_one_sentence_and_leaves_the_address(page: Any) -> None:
    goto(page, f"{PAGE}?deal=e1broken&at=3")
    wait_ready(page, WIDGET)
    note = page.locator(f"{WIDGET} [data-ta-note]")
    page.wait_for_function(
        "() => document.querySelector('[data-widget=try-again] [data-ta-note]').textContent.length > 0"
    )
    text = note.inner_text()
    assert "could not be read" in text and "Traceback" not in text and text.count(". ") == 0
    assert "deal=" not in page.url and "at=" not in page.url
    # The sample deal is still there and still answers.
    page.locator(f"{WIDGET} .eu-ta-hand button[data-action=act]").first.click()
    page.wait_for_function(
        "() => JSON.parse(document.querySelector('[data-widget=try-again] [data-ta-body]')"
        ".dataset.session).current !== null && !document.querySelector('[data-widget=try-again]')"
        ".hasAttribute('aria-busy')"
    )


def test_the_teachers_link_opens_that_decision(page: Any) -> None:
    goto(page, "practice/teachers/")
    wait_ready(page, WIDGET)
    root = page.locator(WIDGET)
    root.locator("input[data-field=seed]").fill("12")
    root.locator("button[data-action=compose][data-value=deal]").click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=try-again] #eu-ta-sheet-h')"
        ".textContent.startsWith('Deal 12')"
    )
    options = root.locator("select[data-field=at] option")
    wanted = options.nth(options.count() - 1).get_attribute("value")
    root.locator("select[data-field=at]").select_option(wanted)
    root.locator("button[data-action=compose]:not([data-value])").click()
    link = root.locator("a[data-link]")
    page.wait_for_function(
        "(k) => document.querySelector('[data-widget=try-again] a[data-link]').href.endsWith('&at=' + k)",
        arg=wanted,
    )
    assert "Answer key" in root.locator(".eu-ta-sheet").inner_text()
    # the list now names the seats as the sheet does: the chosen decision is the student's
    chosen = root.locator("select[data-field=at] option:checked").inner_text()
    assert ": You: You " in chosen, chosen
    href = link.get_attribute("href")
    assert href.startswith("../try-again/?deal=e1")
    link.click()
    # Instant navigation swaps the page in place: until it has, the teacher's widget (also
    # a ready try-again widget, without a session) is still the one on screen.
    page.wait_for_url("**/practice/try-again/**")
    wait_ready(page, WIDGET)
    page.wait_for_function(
        "(k) => { const b = document.querySelector('[data-widget=try-again] [data-ta-body]');"
        " return b && b.dataset.session && JSON.parse(b.dataset.session).at === Number(k); }",
        arg=wanted,
    )
    played = finished_deal(12, site_rules(page))
    assert session_of(page)["deal"] == euchre.to_share_code(played)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_try_again_and_the_teachers_sheet_are_axe_clean(new_page: Any, scheme: str) -> None:
    page = new_page(color_scheme=scheme)
    goto(page, PAGE)
    wait_ready(page, WIDGET)
    page.locator(f"{WIDGET} .eu-ta-hand button[data-action=act]").first.click()
    page.wait_for_selector(f"{WIDGET} button[data-action=finish]")
    page.locator(f"{WIDGET} button[data-action=finish]").click()
    page.wait_for_selector(f"{WIDGET} button[data-action=new-try]")
    assert not axe(page), axe(page)
    goto(page, "practice/teachers/")
    wait_ready(page, WIDGET)
    assert not axe(page), axe(page)


# Each box's heading: its distance below the top of its box, in CSS pixels.
HEADING_GAPS = """() => [...document.querySelectorAll(
  ".eu-ta-play > :is(h2, h3):first-child, .eu-ta-compare > :is(h2, h3):first-child")]
  .map((h) => h.getBoundingClientRect().top - h.parentElement.getBoundingClientRect().top)"""


def test_each_box_s_heading_sits_at_its_top(page: Any) -> None:
    # Seen on a phone: "Your try: choose again" sat under a blank band as tall as a line.
    goto(page, PAGE)
    wait_ready(page, WIDGET)
    gaps = page.evaluate(HEADING_GAPS)
    assert len(gaps) == 2 and all(gap < 16 for gap in gaps), gaps


def test_a_tap_before_the_engine_runs_is_answered(page: Any) -> None:
    """A tap on a card made while the widget's own script is still loading, and Python is
    still starting, is answered once the script listens: not silently dropped."""
    page.context.route("**/runtime/pyodide/**", lambda route: None)  # the engine never arrives
    script = hold_requests(page, "**/widgets/try-again.js")  # the widget's script waits
    goto(page, PAGE, wait_until="domcontentloaded")
    held = first_held(page, script)
    root = page.locator(WIDGET).first
    assert root.get_attribute("data-listening") is None
    root.locator("[data-ta-body] button[data-action=act]").first.click()  # one tap, too early
    held.continue_()
    page.wait_for_function(
        "(s) => document.querySelector(s).textContent.includes('still starting')",
        arg=f"{WIDGET} [data-ta-note]",
        timeout=15_000,
    )
    assert root.get_attribute("data-ready") != "true"


def test_a_choice_tapped_in_the_sample_is_not_played_in_the_link_s_deal(page: Any) -> None:
    """Arriving by a link, a learner taps a card of the sample deal shown while the engine
    starts; once it runs, the link's deal replaces the sample, and that tap is not played
    in it (the buttons there mean other cards)."""
    goto(page, PAGE)
    rules = site_rules(page)
    played = finished_deal(8, rules)
    k = a_card_decision(played, 3)
    gate = EngineGate(page)
    goto(page, f"{PAGE}?deal={quote(euchre.to_share_code(played), safe='')}&at={k}")
    root = page.locator(WIDGET).first
    page.wait_for_selector(f"{WIDGET}[data-listening=true]")
    root.locator("[data-ta-body] button[data-action=act]").first.click()
    gate.open()
    page.wait_for_function(
        "(k) => JSON.parse(document.querySelector('[data-widget=try-again] [data-ta-body]')"
        ".dataset.session).at === k",
        arg=k,
        timeout=60_000,
    )
    page.wait_for_function(
        "() => document.querySelector('[data-widget=try-again]').dataset.ready === 'true'"
    )
    opened = session_of(page)
    page.wait_for_timeout(1500)
    assert session_of(page) == opened
    assert "Try again from trick 3" in root.locator(".eu-ta-title").inner_text()


@pytest.mark.parametrize(
    ("device", "tallest_finger"),
    [
        ({"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}, 44),
        ({"viewport": {"width": 1280, "height": 900}}, 24),
    ],
    ids=["phone", "desktop"],
)
def test_try_again_links_are_easy_to_tap(
    new_page: Any, device: dict[str, Any], tallest_finger: int
) -> None:
    """The learner's own deals' links are at least 44 px tall on a touch screen and 24 px
    with a mouse (they are small text beside a deal's summary)."""
    page = new_page(**device)
    presave(page, {"euchre.game": {"v": 1, "data": {"save": free_play_save(2)}}})
    goto(page, PAGE)
    wait_ready(page, WIDGET)
    links = page.locator(f"{WIDGET} [data-ta-own] a.eu-try-again")
    links.first.wait_for()
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        assert box is not None and box["height"] >= tallest_finger, box
        assert box["width"] >= 24, box


def test_a_choice_made_while_the_engine_starts_is_answered_once_it_runs(page: Any) -> None:
    """A learner who chooses a card of the sample deal in the first seconds is told the
    choice will be answered, and it is, with no second tap."""
    gate = EngineGate(page)
    goto(page, PAGE)
    root = page.locator(WIDGET).first
    page.wait_for_selector(f"{WIDGET}[data-listening=true]")
    sample = root.locator("[data-ta-body]").get_attribute("data-session")
    before = session_of(page)
    root.locator("[data-ta-body] button[data-action=act]").first.click()
    note = root.locator("[data-ta-note]")
    assert "Your choice will be answered as soon as it is ready." in note.inner_text()
    gate.open()
    page.wait_for_function(
        "([s, old]) => document.querySelector(s).dataset.session !== old",
        arg=[f"{WIDGET} [data-ta-body]", sample],
        timeout=60_000,
    )
    assert root.get_attribute("data-ready") == "true"
    assert session_of(page) != before
    assert "still starting" not in note.inner_text()


def test_your_own_free_play_deals_open_in_place_and_back_returns_to_the_sample(page: Any) -> None:
    """Reached through the site's navigation (Material's instant navigation), the page says
    its deal is a sample and lists the free-play game's deals, the latest first; a link opens
    that deal in place (instant navigation once swallowed a link to the page it is on), and
    Back shows the sample again."""
    page.set_default_timeout(60_000)
    save = free_play_save(3)
    deals = finished_deals(save)
    presave(page, {"euchre.game": {"v": 1, "data": {"save": save}}})
    goto(page, "practice/progress/")
    page.locator(".md-nav__link[href$='try-again/']").first.click()
    wait_ready(page, WIDGET)
    own = page.locator(f"{WIDGET} [data-ta-own]")
    page.wait_for_selector(f"{WIDGET} .eu-ta-own-list")
    assert "This is a sample deal" in own.inner_text()
    assert own.locator("li strong").all_inner_texts() == ["Deal 3:", "Deal 2:", "Deal 1:"]
    sample = session_of(page)
    link = own.locator("a.eu-try-again").first
    at = int((link.get_attribute("href") or "").rsplit("at=", 1)[1])
    link.click()
    page.wait_for_function(
        "(k) => JSON.parse(document.querySelector('[data-widget=try-again] [data-ta-body]').dataset.session).at === k"
        " && document.querySelector('[data-ta-own]').hidden",
        arg=at,
    )
    assert session_of(page)["deal"] == euchre.to_share_code(deals[2])
    assert "deal=" in page.url and f"at={at}" in page.url
    page.go_back()
    page.wait_for_function("() => !document.querySelector('[data-ta-own]').hidden")
    assert session_of(page)["deal"] == sample["deal"]
    assert "deal=" not in page.url


def test_a_bad_link_s_note_stays_beside_the_learner_s_own_deals(page: Any) -> None:
    """With a saved free-play game, the list of its deals came back after the bad link's
    note and erased it: the learner saw the sample with no word about their link."""
    page.set_default_timeout(60_000)
    presave(page, {"euchre.game": {"v": 1, "data": {"save": free_play_save(2)}}})
    goto(page, f"{PAGE}?deal=e1broken&at=3")
    wait_ready(page, WIDGET)
    page.wait_for_selector(f"{WIDGET} .eu-ta-own-list")
    assert "could not be read" in page.locator(f"{WIDGET} [data-ta-note]").inner_text()
