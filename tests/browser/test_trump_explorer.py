"""The trump explorer in a real browser: it becomes interactive, every suit's order is the
one the engine gives in CPython, it works from the keyboard, it animates the left bower
only when motion is welcome, and the four-colour setting survives a reload. Also: the
browser's card component builds exactly the markup of ``html.card_html``."""

from __future__ import annotations

import json
from typing import Any

import euchre
import pytest
from euchre import Card, Rules, Suit

from tests.browser.harness import allow_console_errors, axe, goto, wait_ready

PAGE = "rules/cards/"
EXPLORER = "[data-widget=trump-explorer]"

READ_ROWS = """(root) => [...root.querySelectorAll('.eu-te-row')].map((row) => [
    row.dataset.suit,
    [...row.querySelectorAll('.eu-card[data-card]')].map((card) => card.dataset.card),
])"""


def open_explorer(page: Any) -> Any:
    goto(page, PAGE)
    wait_ready(page, EXPLORER)
    return page.locator(EXPLORER).first


def site_rules(explorer: Any) -> Rules:
    return Rules.from_dict(json.loads(explorer.get_attribute("data-rules")))


def expected_rows(trump: Suit, rules: Rules) -> list[list[Any]]:
    return [
        [suit.letter, [card.code for card in cards]]
        for suit, cards in euchre.ranking(trump, deck=rules.deck, joker=rules.joker)
    ]


def wait_drawn(page: Any, explorer: Any, trump: str) -> None:
    explorer.evaluate("(root) => root.id")  # the widget is still there
    page.wait_for_function(
        """([selector, trump]) => {
            const root = document.querySelector(selector);
            return root.dataset.trump === trump && !root.hasAttribute('aria-busy');
        }""",
        arg=[EXPLORER, trump],
    )


def test_each_suit_gives_the_engine_order(page: Any) -> None:
    explorer = open_explorer(page)
    rules = site_rules(explorer)
    for suit in [Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS]:
        explorer.locator(f"label.eu-te-option.eu-suit-{suit.letter}").click()
        wait_drawn(page, explorer, suit.letter)
        assert explorer.evaluate(READ_ROWS) == expected_rows(suit, rules), suit
        assert explorer.locator(f"input[value={suit.letter}]").is_checked()
        left = euchre.left_bower(suit)
        bower = explorer.locator(".eu-te-row--trump .eu-te-slot--left")
        assert bower.locator(".eu-card").get_attribute("data-card") == left.code
        assert bower.locator(".eu-te-badge").inner_text() == (
            f"left bower — counts as a {suit.singular}"
        )
        gap = explorer.locator(f".eu-te-row[data-suit={suit.partner.letter}] .eu-te-gap")
        assert gap.get_attribute("data-gap") == left.code
        summary = explorer.locator(".eu-te-summary").inner_text()
        assert summary.startswith(f"{suit.plural.capitalize()} are trump")


def test_live_drawing_equals_the_build_time_markup(page: Any) -> None:
    explorer = open_explorer(page)
    built = page.evaluate(
        """async (selector) => {
            const html = await (await fetch(location.href)).text();
            const doc = new DOMParser().parseFromString(html, 'text/html');
            return doc.querySelector(selector + ' .eu-te-rows').innerHTML;
        }""",
        EXPLORER,
    )
    assert explorer.locator(".eu-te-rows").evaluate("(el) => el.innerHTML") == built


def test_keyboard_chooses_the_trump(page: Any) -> None:
    explorer = open_explorer(page)
    rules = site_rules(explorer)
    checked = explorer.locator("input[type=radio]:checked")
    start = checked.get_attribute("value")
    checked.focus()
    page.keyboard.press("ArrowRight")
    values = explorer.evaluate(
        "(root) => [...root.querySelectorAll('input[type=radio]')].map((r) => r.value)"
    )
    following = values[(values.index(start) + 1) % len(values)]
    wait_drawn(page, explorer, following)
    assert explorer.evaluate(READ_ROWS) == expected_rows(Suit.parse(following), rules)
    # The focused option shows a focus ring.
    ring = explorer.locator(f"label.eu-te-option.eu-suit-{following}").evaluate(
        "(label) => getComputedStyle(label).outlineStyle"
    )
    assert ring == "solid"
    # Tab moves on from the radio group; Shift+Tab comes back to the chosen suit.
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.value") == following


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_left_bower_moves_only_when_motion_is_welcome(new_page: Any, motion: str) -> None:
    page = new_page(reduced_motion=motion)
    explorer = open_explorer(page)
    # Run the page's animations at a hundredth of their speed (DevTools' own control, the
    # page is not changed): a 260 ms slide still runs when a busy machine gets to look.
    devtools = page.context.new_cdp_session(page)
    devtools.send("Animation.enable")
    devtools.send("Animation.setPlaybackRate", {"playbackRate": 0.01})
    current = explorer.get_attribute("data-trump")
    target = "s" if current != "s" else "c"
    explorer.locator(f"label.eu-te-option.eu-suit-{target}").click()
    wait_drawn(page, explorer, target)
    moving = page.evaluate(
        "() => document.getAnimations().filter((a) => a.effect?.target?.closest?.('.eu-te-rows'))"
        ".length"
    )
    if motion == "reduce":
        assert moving == 0
    else:
        assert moving > 0
        assert explorer.locator(".eu-te-slot--arrived").count() == 1


def test_four_colour_option_persists_across_reload(page: Any) -> None:
    open_explorer(page)
    toggle = page.locator("[data-eu-four-colour]")
    assert toggle.get_attribute("aria-pressed") == "false"
    colour = "(el) => getComputedStyle(el).color"
    club = page.locator(f"{EXPLORER} .eu-card[data-card=Ac]")
    diamond = page.locator(f"{EXPLORER} .eu-card[data-card=Ad]")
    black, red = club.evaluate(colour), diamond.evaluate(colour)
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => document.documentElement.classList.contains('eu-four-colour')")
    green, blue = club.evaluate(colour), diamond.evaluate(colour)
    assert green != black and blue != red
    page.reload()
    wait_ready(page, EXPLORER)
    assert page.evaluate("() => document.documentElement.classList.contains('eu-four-colour')")
    assert page.locator("[data-eu-four-colour]").get_attribute("aria-pressed") == "true"
    assert page.locator(f"{EXPLORER} .eu-card[data-card=Ac]").evaluate(colour) == green
    page.locator("[data-eu-four-colour]").press("Enter")  # keyboard operable too
    assert page.locator("[data-eu-four-colour]").get_attribute("aria-pressed") == "false"
    assert page.locator(f"{EXPLORER} .eu-card[data-card=Ac]").evaluate(colour) == black


def test_instant_navigation_mounts_once(page: Any) -> None:
    explorer = open_explorer(page)
    page.locator(".md-nav__link[href$='deal/']").first.click()
    page.wait_for_function("() => location.pathname.endsWith('/rules/deal/')")
    page.locator(".md-nav__link[href$='cards/']").first.click()
    page.wait_for_function("() => location.pathname.endsWith('/rules/cards/')")
    wait_ready(page, EXPLORER)
    explorer = page.locator(EXPLORER).first
    assert explorer.locator(".eu-runtime-status").count() == 1
    explorer.locator("label.eu-te-option.eu-suit-c").click()
    wait_drawn(page, explorer, "c")
    assert explorer.evaluate(READ_ROWS) == expected_rows(Suit.CLUBS, site_rules(explorer))


def all_cards() -> list[Card]:
    return euchre.make_deck(32, joker=True)


def test_the_explorer_answers_before_python(page: Any) -> None:
    """With Pyodide blocked, the explorer still follows a change of trump and explains a card:
    every answer was written into the page by the engine at build time."""
    allow_console_errors(page, r"ERR_FAILED|Failed to load resource|could not start|pyodide")
    page.context.route("**/runtime/pyodide/**", lambda route: route.abort())
    goto(page, PAGE, wait_until="domcontentloaded")
    explorer = page.locator(EXPLORER).first
    rules = site_rules(explorer)
    page.wait_for_selector(f"{EXPLORER} input[value=s]:not([disabled])")
    explorer.locator("label.eu-te-option.eu-suit-s").click()
    wait_drawn(page, explorer, "s")
    assert explorer.evaluate(READ_ROWS) == expected_rows(Suit.SPADES, rules)
    explorer.locator(".eu-te-rows .eu-card[data-card=Jc]").click()
    panel = explorer.locator(".eu-te-panel")
    page.wait_for_function(
        "(s) => document.querySelector(s + ' .eu-te-facts') !== null", arg=EXPLORER
    )
    rows = panel.locator("tbody tr")
    facts = {
        row.locator("th").inner_text(): row.locator("td").all_inner_texts() for row in rows.all()
    }
    assert facts["Spades"] == ["trump (the left bower)", "2nd of 7 trumps"]
    assert facts["Clubs"] == ["trump (the right bower)", "1st of 7 trumps"]
    assert facts["Hearts"] == ["clubs", "4th of 6 clubs"]
    assert "J♣" in panel.locator("caption").inner_text()
    # Python never started: the engine's answers came from the page
    page.wait_for_selector(f"{EXPLORER}[data-ready='failed']", timeout=60_000)


def test_choosing_a_card_shows_it_under_every_trump(page: Any) -> None:
    explorer = open_explorer(page)
    explorer.locator(".eu-te-rows .eu-card[data-card=Jd]").click()
    page.wait_for_function(
        "(s) => document.querySelector(s + ' .eu-te-facts') !== null", arg=EXPLORER
    )
    texts = explorer.locator(".eu-te-facts tbody tr").all_inner_texts()
    assert len(texts) == 4 and any("left bower" in t for t in texts)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_card_panel_is_accessible(new_page: Any, scheme: str) -> None:
    page = new_page(color_scheme=scheme)
    explorer = open_explorer(page)
    explorer.locator("label.eu-te-option.eu-suit-d").click()
    wait_drawn(page, explorer, "d")
    explorer.locator(".eu-te-rows .eu-card[data-card=Jh]").click()
    page.wait_for_function(
        "(s) => document.querySelector(s + ' .eu-te-facts') !== null", arg=EXPLORER
    )
    assert axe(page) == []
