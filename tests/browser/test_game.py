"""Free play in a real browser: a game played to a winner by a scripted clicker, a reload
that restores the game, undo, a hand review whose winners the engine confirms, settings that
persist, damaged storage that recovers, share links, EGN export, and no animation under
reduced motion. Any console error fails a test."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import euchre
from euchre import Card, Suit

from tests.browser.harness import (
    another_tab,
    axe_in_light_and_dark,
    goto,
    presave,
    wait_for_my_decision,
    wait_ready,
    wait_turn_or_review,
)

PAGE = "practice/play/"
GAME_KEY = "euchre.game"
GAME = "[data-widget=game]"
FAST = {"speed": "fast", "hurry": True, "sound": False, "motion": "reduce", "flat": False}


def open_game(page: Any, settings: dict[str, Any] | None = FAST, query: str = "") -> Any:
    if settings is not None:
        presave(page, {"euchre.settings": {"v": 1, "data": settings}})
    goto(page, PAGE + query)
    wait_ready(page, GAME)
    return page.locator(GAME)


def start_game(
    page: Any, root: Any, game_to: str = "5", profile: str = "midwest", undo: bool = True
) -> None:
    root.locator("#eu-game-profile").select_option(profile)
    root.locator("#eu-game-game_to").select_option(game_to)
    root.locator("#eu-game-level").select_option("easy")
    root.locator("#eu-game-undo").set_checked(undo)
    root.locator("[data-game-start]").click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=game] .eu-table') && !document.querySelector('.eu-newgame')"
    )


def attr(root: Any, name: str) -> str:
    return str(root.get_attribute(name) or "")


def hand(root: Any) -> list[str]:
    return root.locator(".eu-hand button.eu-card").evaluate_all(
        "(cs) => cs.map((c) => c.dataset.card)"
    )


def my_move(page: Any, root: Any) -> None:
    """Pass or name trump when asked (the first button), else play the first card the
    engine accepts: an illegal card stays in the hand with the reason shown."""
    choices = root.locator(".eu-choices button")
    if choices.count():
        choices.first.click()
        page.wait_for_function(
            "() => !document.querySelector('[data-widget=game] .eu-choices button') || document.querySelector('[data-widget=game]').dataset.yourTurn !== 'true'"
        )
        return
    cards = hand(root)
    refusals = []
    for code in cards:
        root.locator(f".eu-hand button[data-card='{code}']").click()
        page.wait_for_function(
            """([code, n]) => { const r = document.querySelector('[data-widget=game]');
                const m = r.querySelector('.eu-message');
                return !r.querySelector(`.eu-hand button[data-card='${code}']`)
                  || r.querySelectorAll('.eu-hand button').length !== n
                  || (m && m.dataset.kind === 'illegal' && m.textContent.length > 0); }""",
            arg=[code, len(cards)],
        )
        if root.locator(f".eu-hand button[data-card='{code}']").count() == 0:
            return
        reason = root.locator(".eu-message").inner_text().strip()
        assert reason, "an illegal card must be explained"
        refusals.append(f"{code}: {reason}")
        page.evaluate(
            "() => { const m = document.querySelector('[data-widget=game] .eu-message'); m.dataset.kind = ''; }"
        )
    raise AssertionError(
        f"no card of {cards} could be played in phase {attr(root, 'data-phase')!r} "
        f"(prompt {root.locator('.eu-prompt').inner_text()!r}): {refusals}"
    )


def check_review(root: Any) -> None:
    """The winners in the review are the ones the engine computes from the cards shown."""
    review = root.locator(".eu-review")
    facts = review.locator(".eu-review-facts").inner_text()
    found = re.search(r"made (clubs|diamonds|hearts|spades) trump", facts)
    if not found:
        assert re.search(r"[Nn]obody made trump\.|called no-trump", facts), facts
        return
    trump = Suit.parse(found.group(1))
    tricks = review.locator(".eu-review-trick").evaluate_all(
        """(items) => items.map((li) => ({winner: li.dataset.winner,
            plays: [...li.querySelectorAll('.eu-review-play')].map((p) => [p.querySelector('.eu-review-who').textContent, p.dataset.card])}))"""
    )
    for trick in tricks:
        cards = [Card.parse(code) for _, code in trick["plays"]]
        assert trick["plays"][euchre.trick_winner(cards, trump)][0] == trick["winner"]


def test_a_game_played_to_a_winner(page: Any) -> None:
    root = open_game(page)
    start_game(page, root)
    reviews = 0
    deadline = time.time() + 600
    while time.time() < deadline:
        wait_turn_or_review(page)
        if attr(root, "data-game-over") == "true":
            break
        if attr(root, "data-review") == "open":
            check_review(root)
            reviews += 1
            root.locator("[data-review-continue]").click()
            page.wait_for_function(
                "() => document.querySelector('[data-widget=game]').dataset.review !== 'open'"
            )
            continue
        my_move(page, root)
    assert attr(root, "data-game-over") == "true"
    assert attr(root, "data-winner") in ("us", "them")
    assert "win the game" in root.locator(".eu-game-over").inner_text()
    scores = [
        int(s)
        for s in root.locator(".eu-score-side").evaluate_all("(s) => s.map((x) => x.dataset.score)")
    ]
    assert max(scores) >= 5 and reviews >= 1


def test_reload_restores_the_game(page: Any) -> None:
    root = open_game(page)
    start_game(page, root)
    wait_for_my_decision(page, root)
    my_move(page, root)
    wait_turn_or_review(page)
    before = (hand(root), root.locator(".eu-prompt").inner_text(), attr(root, "data-phase"))
    page.reload()
    wait_ready(page, GAME)
    wait_turn_or_review(page)
    assert (hand(root), root.locator(".eu-prompt").inner_text(), attr(root, "data-phase")) == before
    assert "restored" in root.locator(".eu-message").inner_text()


def test_undo(page: Any) -> None:
    root = open_game(page)
    start_game(page, root, undo=True)
    for _ in range(5):
        wait_for_my_decision(page, root)
        before = (hand(root), root.locator(".eu-prompt").inner_text())
        assert root.locator("[data-game-undo]").is_disabled()
        my_move(page, root)
        wait_turn_or_review(page)
        if attr(root, "data-review") == "open":
            continue  # the deal ended before the learner's next turn: nothing to take back
        root.locator("[data-game-undo]").click()
        page.wait_for_function(
            "() => document.querySelector('[data-widget=game] .eu-message').innerText.includes('taken back')"
        )
        assert (hand(root), root.locator(".eu-prompt").inner_text()) == before
        return
    raise AssertionError("five deals in a row ended right after the learner's first decision")


def test_the_review_shares_and_exports(page: Any) -> None:
    root = open_game(page)
    start_game(page, root)
    while attr(root, "data-review") != "open":
        wait_turn_or_review(page)
        if attr(root, "data-review") != "open":
            my_move(page, root)
    check_review(root)
    # the trick winners' gold stays readable in both schemes (in the dark it was 3.7:1)
    assert not axe_in_light_and_dark(page), axe_in_light_and_dark(page)
    with page.expect_download() as info:
        root.locator(".eu-review-actions button", has_text="Export EGN").click()
    record = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert record["egn"] == 1 and len(record["deals"]) == 1
    root.locator(".eu-review-actions button", has_text="Share this deal").click()
    link = root.locator("[data-share-link]").input_value()
    assert "?deal=e1" in link
    tricks = root.locator(".eu-review .eu-review-trick").count()
    page.goto(link)
    wait_ready(page, GAME)
    assert attr(root, "data-shared") == "true"
    assert root.locator(".eu-review .eu-review-trick").count() == tricks
    check_review(root)


def test_a_bad_share_link_gets_a_friendly_note(page: Any) -> None:
    # no settings reload: the page takes the bad parameter off the address at once
    root = open_game(page, settings=None, query="?deal=e1broken")
    assert attr(root, "data-shared") == "failed"
    note = root.locator(".eu-message").inner_text().strip()
    assert "could not be opened" in note
    assert note.count(". ") == 0 and note.endswith("."), "one clear sentence"
    assert "deal=" not in page.url
    assert root.locator("[data-game-start]").count() == 1


def test_settings_persist(page: Any) -> None:
    root = open_game(page, settings=None)
    root.locator(".eu-settings summary").click()
    root.locator("input[data-setting=speed][value=relaxed]").check()
    root.locator("input[data-setting=flat]").check()
    root.locator("input[data-setting=sound]").check()
    page.reload()
    wait_ready(page, GAME)
    root.locator(".eu-settings summary").click()
    assert root.locator("input[data-setting=speed][value=relaxed]").is_checked()
    assert root.locator("input[data-setting=flat]").is_checked()
    assert root.locator("input[data-setting=sound]").is_checked()
    assert page.evaluate("() => document.documentElement.classList.contains('eu-flat')")
    stored = json.loads(page.evaluate("() => localStorage.getItem('euchre.settings')"))
    assert stored == {
        "v": 1,
        "data": {
            "speed": "relaxed",
            "hurry": True,
            "sound": True,
            "motion": "system",
            "flat": True,
        },
    }


def test_settings_changed_in_another_tab_apply_here_and_are_kept(page: Any) -> None:
    root = open_game(page, settings=None)
    other = another_tab(page)
    open_game(other, settings=None)
    other.locator(f"{GAME} .eu-settings summary").click()
    other.locator(f"{GAME} input[data-setting=flat]").check()
    page.wait_for_function("() => document.documentElement.classList.contains('eu-flat')")
    root.locator(".eu-settings summary").click()
    assert root.locator("input[data-setting=flat]").is_checked()
    root.locator("input[data-setting=sound]").check()
    stored = json.loads(page.evaluate("() => localStorage.getItem('euchre.settings')"))
    assert stored["data"]["flat"] is True and stored["data"]["sound"] is True


def test_damaged_storage_recovers(page: Any) -> None:
    goto(page, PAGE)
    wait_ready(page, GAME)
    page.evaluate("""() => {
        localStorage.setItem('euchre.game', JSON.stringify({v: 1, data: {save: 'garbage!'}}));
        localStorage.setItem('euchre.settings', '{oops');
    }""")
    page.reload()
    root = page.locator(GAME)
    wait_ready(page, GAME)
    assert attr(root, "data-storage-reset") == "true"
    assert "reset" in root.locator(".eu-message").inner_text()
    assert page.evaluate("() => localStorage.getItem('euchre.game')") is None
    start_game(page, root)
    wait_turn_or_review(page)


def test_settings_reset_on_a_page_without_a_settings_panel_are_said_on_the_next_that_has_one(
    page: Any,
) -> None:
    goto(page, "about/")
    page.evaluate("() => localStorage.setItem('euchre.settings', '{oops')")
    goto(page, "rules/cards/")  # every page applies the settings: this one has no panel to say so
    page.wait_for_function("() => localStorage.getItem('euchre.settings') === null")
    goto(page, PAGE)
    wait_ready(page, GAME)
    assert (
        "Your saved settings could not be read, so they were reset."
        in page.locator(f"{GAME} .eu-message").inner_text()
    )
    page.reload()
    wait_ready(page, GAME)
    assert "settings" not in page.locator(f"{GAME} .eu-message").inner_text()  # said once


def test_reduced_motion_runs_no_animation(new_page: Any) -> None:
    page = new_page(reduced_motion="reduce")
    root = open_game(page, settings={**FAST, "motion": "system", "speed": "normal"})
    page.evaluate("""() => { window.__euAnimations = 0;
        const count = () => { window.__euAnimations += document.getAnimations()
            .filter((a) => a.effect?.target?.closest?.('[data-widget=game]')).length;
            requestAnimationFrame(count); };
        requestAnimationFrame(count); }""")
    start_game(page, root)
    for _ in range(3):
        wait_turn_or_review(page, tapping=False)
        if attr(root, "data-review") == "open":
            break
        my_move(page, root)
    wait_turn_or_review(page, tapping=False)
    assert page.evaluate("() => window.__euAnimations") == 0
    assert page.evaluate("() => document.documentElement.classList.contains('eu-reduced-motion')")
    duration = root.locator(".eu-hand button.eu-card").first.evaluate(
        "(c) => getComputedStyle(c).transitionDuration"
    )
    assert set(duration.replace("s", "").split(", ")) <= {"0"}


def test_every_move_every_trick_and_the_deals_points_are_said_and_the_next_deal_is_in_view(
    new_page: Any,
) -> None:
    """A screen reader hears every move, the learner's own too, and the deal's points
    from the message line, and who took each trick and why from the note under the trick
    (each a live region that stays on the page); a sighted learner reads the note once,
    not again in the message; the focused "Next deal" is on the screen of a phone."""
    page = new_page(viewport={"width": 390, "height": 740}, is_mobile=True, has_touch=True)
    root = open_game(page)
    start_game(page, root)
    page.evaluate(
        """() => { window.__said = []; window.__noted = [];
            const m = document.querySelector('[data-widget=game] .eu-message');
            new MutationObserver(() => window.__said.push(m.textContent)).observe(m, {childList: true, characterData: true, subtree: true});
            const slot = document.querySelector('[data-widget=game] .eu-trick-note-slot');
            window.__slot = slot;
            new MutationObserver(() => window.__noted.push(slot.textContent.trim())).observe(slot, {childList: true, characterData: true, subtree: true}); }"""
    )
    for _ in range(40):
        wait_turn_or_review(page)
        if attr(root, "data-review") == "open":
            break
        my_move(page, root)
    assert attr(root, "data-review") == "open"
    said, noted = page.evaluate("() => [window.__said, window.__noted]")
    assert any(re.fullmatch(r"You (play|lead) \S+\.", text) for text in said), said
    assert not any("the trick" in text for text in said), said
    assert any(re.search(r"takes? the trick\. \S+ wins", text) for text in noted), noted
    slot = root.locator(".eu-trick-note-slot")
    assert slot.get_attribute("aria-live") == "polite"
    assert slot.evaluate("(slot) => slot === window.__slot")  # the same region all deal
    points = root.locator(".eu-review-points").inner_text().strip()
    assert points and points in root.locator(".eu-message").inner_text(), (points, said[-3:])
    assert page.evaluate("() => document.activeElement?.matches('[data-review-continue]')")
    box = root.locator("[data-review-continue]").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740, box


def test_cancelling_a_new_game_gives_the_focus_back(page: Any) -> None:
    root = open_game(page)
    start_game(page, root)
    root.locator("[data-game-new]").click()
    root.locator("[data-cancel]").click()
    assert page.evaluate("() => document.activeElement?.matches('[data-game-new]')")


def position(root: Any) -> tuple[list[str], str, str]:
    """What the learner sees of the game: the hand, the prompt and the phase."""
    return hand(root), root.locator(".eu-prompt").inner_text(), attr(root, "data-phase")


def stored_game(page: Any) -> dict[str, Any]:
    return dict(
        page.evaluate(f"() => JSON.parse(localStorage.getItem({json.dumps(GAME_KEY)})).data")
    )


def test_a_game_open_in_two_tabs_is_one_game(page: Any) -> None:
    root = open_game(page)
    start_game(page, root)
    wait_for_my_decision(page, root)
    other = another_tab(page)
    goto(other, PAGE)
    wait_ready(other, GAME)
    mirror = other.locator(GAME)
    wait_turn_or_review(other)
    assert position(mirror) == position(root)
    for mover, watcher in ((page, other), (other, page)):
        moving, watching = mover.locator(GAME), watcher.locator(GAME)
        mover.bring_to_front()
        wait_for_my_decision(mover, moving)
        my_move(mover, moving)
        wait_turn_or_review(mover)
        expected = position(moving)
        deadline = time.time() + 30
        while position(watching) != expected and time.time() < deadline:
            watcher.wait_for_timeout(100)
        assert position(watching) == expected
    # neither tab wrote an older game over the newer one: a reload shows the latest
    latest = position(root)
    page.reload()
    wait_ready(page, GAME)
    wait_turn_or_review(page)
    assert position(root) == latest


def test_a_reply_about_a_game_moved_on_elsewhere_is_not_kept(page: Any) -> None:
    """Another tab saved a different game while this one asked the engine about its own:
    the reply is dropped, the other tab's game is shown, and the record keeps it."""
    root = open_game(page)
    start_game(page, root)
    wait_for_my_decision(page, root)
    earlier = stored_game(page)
    earlier_position = position(root)
    my_move(page, root)
    wait_for_my_decision(page, root)
    assert position(root) != earlier_position
    moved_on = {"save": earlier["save"], "rev": stored_game(page).get("rev", 0) + 5}
    page.evaluate(
        "([key, data]) => localStorage.setItem(key, JSON.stringify({v: 1, data}))",
        [GAME_KEY, moved_on],
    )
    choices = root.locator(".eu-choices button")
    (choices if choices.count() else root.locator(".eu-hand button")).first.click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=game] .eu-message').textContent.includes('another tab')"
    )
    wait_turn_or_review(page)
    assert position(root) == earlier_position
    assert stored_game(page) == moved_on
