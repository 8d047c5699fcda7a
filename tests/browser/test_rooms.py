"""Private rooms in Chromium: the site and the rooms served together on one port (what
``make serve`` runs), two people join one room by its invite link and play a deal to its
review, the computer players in the other seats; a player's own moves reach her progress
page; no console errors, axe-clean in light and dark on the lobby and the table. A static
copy of the site (no server) says on its rooms page how to start one."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import READY_TIMEOUT_MS as READY_MS
from tests.browser.harness import (
    ROOT,
    SUBPATH,
    EngineGate,
    allow_console_errors,
    axe_in_light_and_dark,
    first_held,
    goto,
    hold_requests,
    wait_ready,
)
from tests.browser.test_mastery_wiring import progress_after_queued_calls, stored_progress

ROOMS_PAGE = "practice/rooms/"
STEP_MS = 20_000
# the room widget's own error line (the class page has a second widget, with its own)
ROOM_ERROR = "[data-widget=room] [data-region=error]"


class RoomServer:
    """``python -m euchre_rooms --site``: the built test site at ``SUBPATH`` and /rooms/."""

    def __init__(self, site: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}{SUBPATH}"
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "euchre_rooms",
                "--port",
                str(port),
                "--site",
                str(site),
                "--site-path",
                SUBPATH,
                "--computer-delay",
                "0.05",
                "--continue-seconds",
                "30",
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        health = f"http://127.0.0.1:{port}/rooms/health"
        for _ in range(200):  # until it listens (a safety net, not a timing check)
            if self.process.poll() is not None:
                raise RuntimeError(
                    self.process.stderr.read().decode() if self.process.stderr else ""
                )
            try:
                with urllib.request.urlopen(health) as answer:
                    assert json.load(answer)["ok"] is True
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the room server did not start")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def rooms(site_dir: Path) -> Iterator[RoomServer]:
    server = RoomServer(site_dir)
    try:
        yield server
    finally:
        server.stop()


def enter(page: Any, name: str) -> None:
    wait_ready(page)
    page.fill('[data-form="entry"] [name="name"]', name)


def ann_makes_a_room(
    new_page: Callable[..., Any], rooms: RoomServer, *, by_keyboard: bool = False
) -> Any:
    """Ann, at a desktop browser, makes a room with easy computer players (pressing Enter
    on Create ``by_keyboard``); her page, in the lobby."""
    ann = new_page(rooms, viewport={"width": 1280, "height": 900})
    goto(ann, ROOMS_PAGE)
    enter(ann, "Ann")
    ann.select_option('[name="level"]', "easy")
    if by_keyboard:
        ann.focus('[data-action="create"]')
        ann.keyboard.press("Enter")
    else:
        ann.click('[data-action="create"]')
    ann.wait_for_selector(".eu-room-lobby", timeout=STEP_MS)
    return ann


def play_my_turn(page: Any) -> bool:
    """If it is this seat's turn, make a legal move: the first choice, else the first card
    the server accepts. True when a move was made."""
    if not page.locator(".eu-table--your-turn").count():
        return False
    before = page.get_attribute("[data-widget=room]", "data-version")
    choices = page.locator("[data-region=table] .eu-choice")
    targets = (
        [choices.first]
        if choices.count()
        else [
            page.locator("[data-region=table] .eu-hand [data-action=card]").nth(i)
            for i in range(page.locator("[data-region=table] .eu-hand [data-action=card]").count())
        ]
    )
    for target in targets:
        page.evaluate(f"() => {{ document.querySelector('{ROOM_ERROR}').textContent = ''; }}")
        target.click()
        page.wait_for_function(
            f"""(before) => {{
                const root = document.querySelector('[data-widget=room]');
                return root.dataset.version !== before
                    || document.querySelector('{ROOM_ERROR}').textContent !== '';
            }}""",
            arg=before,
            timeout=STEP_MS,
        )
        if page.get_attribute("[data-widget=room]", "data-version") != before:
            return True
    return False


def press_continue(page: Any) -> None:
    """Press the review's Continue and wait until the page has drawn what follows: until
    then the pressed review stays on the page, and a second look would press it again while
    the next state replaces it."""
    before = page.get_attribute("[data-widget=room]", "data-version")
    page.click(".eu-room-review [data-action=continue]")
    page.wait_for_function(
        "(before) => document.querySelector('[data-widget=room]').dataset.version !== before",
        arg=before,
        timeout=STEP_MS,
    )


def wait_for_someones_turn(pages: tuple[Any, ...]) -> None:
    """Wait until one of these people may move (or the deal is under review): the computer
    seats move in between, and the next turn may be anyone's."""
    turn = "() => document.querySelector('.eu-table--your-turn, .eu-room-review') !== null"
    deadline = time.monotonic() + STEP_MS / 1000
    while time.monotonic() < deadline:
        if any(page.evaluate(turn) for page in pages):
            return
        pages[0].wait_for_timeout(100)
    raise AssertionError(f"no one's turn and no review within {STEP_MS} ms")


def test_two_people_join_by_the_link_and_play_a_deal_to_its_review(
    new_page: Callable[..., Any], rooms: RoomServer, tmp_path: Path
) -> None:
    ann = ann_makes_a_room(new_page, rooms)
    link = ann.get_attribute(".eu-room-link", "value") or ""
    assert f"{SUBPATH}{ROOMS_PAGE}?room=" in link
    assert not axe_in_light_and_dark(ann), axe_in_light_and_dark(ann)

    bob = new_page(rooms, viewport={"width": 390, "height": 844})
    bob.goto(link)
    enter(bob, "Bob")
    assert bob.input_value('[name="room"]') == link.split("room=")[1]
    bob.click('[data-action="join"]')
    bob.wait_for_selector(".eu-room-lobby", timeout=STEP_MS)
    bob.click('[data-action="ready"]')
    ann.wait_for_selector(".eu-room-seats >> text=Bob", timeout=STEP_MS)
    ann.wait_for_function(
        "() => document.querySelector('.eu-room-seats').textContent.includes('Bob (ready')",
        timeout=STEP_MS,
    )
    ann.screenshot(path=str(tmp_path / "lobby-desktop.png"), full_page=True)
    bob.screenshot(path=str(tmp_path / "lobby-phone.png"), full_page=True)
    ann.click('[data-action="start"]')
    for page in (ann, bob):
        page.wait_for_selector("[data-region=table] .eu-table", timeout=STEP_MS)
    assert not axe_in_light_and_dark(bob), axe_in_light_and_dark(bob)
    ann.screenshot(path=str(tmp_path / "table-desktop.png"), full_page=True)
    bob.screenshot(path=str(tmp_path / "table-phone.png"), full_page=True)

    for _ in range(200):
        if all(p.locator(".eu-room-review").count() for p in (ann, bob)):
            break
        moved = play_my_turn(ann) or play_my_turn(bob)
        if not moved:
            wait_for_someones_turn((ann, bob))
    for page in (ann, bob):
        page.wait_for_selector(".eu-room-review [data-action=continue]", timeout=STEP_MS)
    assert "Deal 1 is over" in (ann.text_content(".eu-room-review") or "")
    score = bob.locator(".eu-room-review").inner_text().split("Score:")[1].splitlines()[0]
    bob.reload()  # the seat token the browser kept gives Bob his seat back, at the review
    wait_ready(bob)
    bob.wait_for_selector(".eu-room-review [data-action=continue]", timeout=STEP_MS)
    text = bob.locator(".eu-room-review").inner_text()
    assert "Deal 1 is over" in text and text.split("Score:")[1].splitlines()[0] == score
    assert bob.locator('[data-form="entry"]:visible').count() == 0
    assert not axe_in_light_and_dark(ann), axe_in_light_and_dark(ann)
    ann.screenshot(path=str(tmp_path / "review-desktop.png"), full_page=True)
    shots = ROOT / "build" / "screenshots" / "rooms"
    shots.mkdir(parents=True, exist_ok=True)
    for shot in tmp_path.glob("*.png"):
        (shots / shot.name).write_bytes(shot.read_bytes())


def test_a_name_typed_while_the_page_starts_survives_the_forms_redraw(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """The built form can be typed in at once. Once the connection is open Python redraws
    it (data-entry="drawn"); a name typed after the connection opened, while Python was
    still starting (a cold start takes seconds), is still there, ready to join."""
    ann = ann_makes_a_room(new_page, rooms)
    link = ann.get_attribute(".eu-room-link", "value") or ""
    cleo = new_page(rooms, viewport={"width": 390, "height": 844})
    cleo.goto(link)
    cleo.wait_for_selector(
        "[data-region=status] >> text=Connected to the room server", timeout=STEP_MS
    )
    cleo.fill('[data-form="entry"] [name="name"]', "Cleo")
    cleo.wait_for_selector(
        '[data-widget=room][data-entry="drawn"]', state="attached", timeout=READY_MS
    )
    wait_ready(cleo)
    assert cleo.input_value('[name="name"]') == "Cleo"
    assert cleo.input_value('[name="room"]') == link.split("room=")[1]
    cleo.click('[data-action="join"]')
    cleo.wait_for_selector(".eu-room-lobby", timeout=STEP_MS)
    ann.wait_for_selector(".eu-room-seats >> text=Cleo", timeout=STEP_MS)


def test_enter_in_the_room_code_joins_and_a_missing_name_is_marked(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """The way in has no submit button: Enter in the room code joins that room, and a
    missing name is said and marked, with the focus put in the name field."""
    ann = ann_makes_a_room(new_page, rooms)
    link = ann.get_attribute(".eu-room-link", "value") or ""
    cleo = new_page(rooms)
    cleo.goto(link)
    cleo.wait_for_selector(
        '[data-widget=room][data-entry="drawn"]', state="attached", timeout=READY_MS
    )
    wait_ready(cleo)
    cleo.focus('[data-form="entry"] [name="room"]')
    cleo.keyboard.press("Enter")
    assert cleo.inner_text("[data-region=error]") == "Type a display name first."
    assert cleo.evaluate("() => document.activeElement?.name") == "name"
    assert cleo.get_attribute('[data-form="entry"] [name="name"]', "aria-invalid") == "true"
    cleo.keyboard.type("Cleo")
    assert cleo.get_attribute('[data-form="entry"] [name="name"]', "aria-invalid") is None
    cleo.focus('[data-form="entry"] [name="room"]')
    cleo.keyboard.press("Enter")
    cleo.wait_for_selector(".eu-room-lobby", timeout=STEP_MS)
    ann.wait_for_selector(".eu-room-seats >> text=Cleo", timeout=STEP_MS)


def test_a_name_someone_at_the_table_has_is_refused_in_a_sentence(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """A friend who types the host's name is told why, in a sentence, and keeps the form as
    typed; another name then joins."""
    ann = ann_makes_a_room(new_page, rooms)
    link = ann.get_attribute(".eu-room-link", "value") or ""
    bob = new_page(rooms, viewport={"width": 390, "height": 844})
    bob.goto(link)
    enter(bob, "ann")
    bob.click('[data-action="join"]')
    bob.wait_for_selector("[data-region=error] >> text=already called", timeout=STEP_MS)
    assert bob.inner_text("[data-region=error]").strip() == (
        'Someone at this table is already called "ann": choose another name.'
    )
    assert bob.input_value('[name="name"]') == "ann"
    assert bob.input_value('[name="room"]') == link.split("room=")[1]
    bob.fill('[data-form="entry"] [name="name"]', "Bob")
    bob.click('[data-action="join"]')
    bob.wait_for_selector(".eu-room-lobby", timeout=STEP_MS)
    ann.wait_for_selector(".eu-room-seats >> text=Bob", timeout=STEP_MS)


def test_a_room_at_another_table_is_made_from_the_form(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """Friends who play cutthroat pick that table by name: the room has three seats and
    its lobby says so. (The form once offered "3 players", which every profile refused.)"""
    ann = new_page(rooms, viewport={"width": 390, "height": 844})
    goto(ann, ROOMS_PAGE)
    enter(ann, "Ann")
    ann.wait_for_selector(
        "[data-region=status] >> text=Connected to the room server", timeout=STEP_MS
    )
    assert ann.input_value('[name="rules"]') == "site" and ann.input_value('[name="table"]') == "4"
    ann.select_option('[name="table"]', "3")
    ann.click('[data-action="create"]')
    ann.wait_for_selector(".eu-room-lobby", timeout=STEP_MS)
    assert "American rules, three-handed cutthroat" in ann.inner_text(".eu-room-lobby")
    assert ann.locator(".eu-room-seats li").count() == 3
    assert ann.inner_text("[data-region=error]").strip() == ""


def test_a_static_copy_says_how_to_start_a_room_server(page: Any) -> None:
    allow_console_errors(page, r"rooms/health")
    goto(page, ROOMS_PAGE)
    wait_ready(page)
    note = page.locator("[data-region=offline]")
    note.wait_for(state="visible")
    text = note.text_content() or ""
    assert "make serve" in text and "python -m euchre_rooms" in text and "ROOMS_URL" in text
    assert not axe_in_light_and_dark(page), axe_in_light_and_dark(page)


def assert_a_spectators_table(eve: Any) -> None:
    """What a spectator's table shows: every hand face down and counted, no card but the
    upcard and the trick's, and no control but Leave."""
    # read at one instant: the computer players keep moving between two reads
    hands, backs, cards, public = eve.locator("[data-region=table]").evaluate(
        """(t) => [t.querySelectorAll('.eu-hand').length, t.querySelectorAll('.eu-backs').length,
                   t.querySelectorAll('[data-card]').length,
                   t.querySelectorAll('.eu-center [data-card]').length]"""
    )
    assert hands == 0  # no face-up hand
    assert backs == 4  # every hand face down, counted
    assert cards == public  # the only cards shown are the upcard and the trick's
    controls = eve.locator("[data-widget=room] [data-action]:not([data-action=leave]):visible")
    assert controls.count() == 0


def test_a_second_browser_watches_a_room_by_its_link_and_sees_no_hand(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    ann = ann_makes_a_room(new_page, rooms)
    link = ann.get_attribute(".eu-room-watch-link", "value") or ""
    assert link.endswith("&watch=1") and "?room=" in link
    # the two links are drawn alike (the watch link was once a small unstyled field)
    looks = ann.evaluate("""() => ['.eu-room-link', '.eu-room-watch-link'].map((s) => {
        const c = getComputedStyle(document.querySelector(s));
        return [c.fontSize, c.width, c.padding]; })""")
    assert looks[0] == looks[1], looks

    eve = new_page(rooms, viewport={"width": 390, "height": 844})
    eve.goto(link)
    wait_ready(eve)
    eve.wait_for_selector(".eu-room-watching >> text=You are watching", timeout=STEP_MS)
    assert (
        eve.locator('[data-region=lobby] [data-action="start"], [data-action="ready"]').count() == 0
    )
    ann.click('[data-action="start"]')
    eve.wait_for_selector("[data-region=table] .eu-table[data-watching]", timeout=STEP_MS)
    assert not axe_in_light_and_dark(eve), axe_in_light_and_dark(eve)

    seen = set()
    for _ in range(30):
        seen.add(eve.get_attribute("[data-widget=room]", "data-version"))
        if len(seen) >= 3:
            break
        before = eve.get_attribute("[data-widget=room]", "data-version")
        if not play_my_turn(ann):
            if ann.locator(".eu-room-review [data-action=continue]").count():
                # the deal ended with no move left for Ann (her partner went alone, say):
                # she goes on to the next deal, as a player would
                ann.click(".eu-room-review [data-action=continue]")
                ann.wait_for_selector(".eu-room-review", state="detached", timeout=STEP_MS)
            else:
                wait_for_someones_turn((ann,))
            continue
        eve.wait_for_function(
            "(before) => document.querySelector('[data-widget=room]').dataset.version !== before",
            arg=before,
            timeout=STEP_MS,
        )
        assert_a_spectators_table(eve)
    assert len(seen) >= 3, "the spectator's table did not follow the play"

    eve.click('[data-action="leave"]')
    eve.wait_for_selector('[data-form="entry"] [data-action="watch"]', timeout=STEP_MS)
    assert "watch=1" not in eve.url


FOCUS_IN_TABLE = "() => !!document.activeElement?.closest('[data-region=table]')"


def arrows_reach_every_card(page: Any) -> bool:
    """From the focused card, ArrowRight once per card held reaches every card held."""
    held = set(
        page.locator("[data-region=table] .eu-hand [data-card]").evaluate_all(
            "(cs) => cs.map((c) => c.dataset.card)"
        )
    )
    reached = set()
    for _ in range(len(held)):
        reached.add(page.evaluate("() => document.activeElement.dataset.card"))
        page.keyboard.press("ArrowRight")
    return reached == held


def test_a_keyboard_player_plays_a_deal_with_enter_and_the_arrow_keys(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """Ann makes a room and plays with three computer players, by keyboard alone. Her
    Create lands her in the lobby, whose next control is the invite link; on each of her
    turns the focus waits on her bid or her hand (she never Tabs down from the top of the
    page), the arrow keys reach every card she holds, a card the server refuses keeps
    the focus, and when a deal she played in ends, the focus waits on the review's
    Continue (it used to fall to the page's top with her last card)."""
    ann = ann_makes_a_room(new_page, rooms, by_keyboard=True)
    assert ann.evaluate("() => document.activeElement.matches('.eu-room-lobby')")
    ann.keyboard.press("Tab")
    assert ann.evaluate("() => document.activeElement.matches('.eu-room-link')")
    ann.focus('[data-action="start"]')
    ann.keyboard.press("Enter")
    ann.wait_for_selector("[data-region=table] .eu-table", timeout=STEP_MS)
    toured = False
    cards_played = 0
    for _deal in range(3):  # a deal Ann sits out (her partner alone) has no card to play
        played_this_deal = False
        for _ in range(60):
            ann.wait_for_selector(".eu-table--your-turn, .eu-room-review", timeout=STEP_MS)
            if ann.locator(".eu-room-review").count():
                break
            assert ann.evaluate(FOCUS_IN_TABLE), "on Ann's turn the focus is not on her bid or hand"
            on_card = ann.evaluate("() => document.activeElement.dataset.card ?? null")
            if on_card and not toured:
                assert arrows_reach_every_card(ann)
                toured = True
            before = ann.get_attribute("[data-widget=room]", "data-version")
            ann.evaluate(
                "() => { document.querySelector('[data-region=error]').textContent = ''; }"
            )
            ann.keyboard.press("Enter")
            ann.wait_for_function(
                """(before) => document.querySelector('[data-widget=room]').dataset.version !== before
                    || document.querySelector('[data-region=error]').textContent !== ''""",
                arg=before,
                timeout=STEP_MS,
            )
            if ann.get_attribute("[data-widget=room]", "data-version") == before:  # refused
                assert ann.evaluate("() => document.activeElement.dataset.card") == on_card
                ann.keyboard.press("ArrowRight")
            elif on_card:
                cards_played += 1
                played_this_deal = True
        ann.wait_for_selector(".eu-room-review", timeout=STEP_MS)
        if played_this_deal:
            ann.wait_for_function(
                "() => document.activeElement?.matches('.eu-room-review [data-action=continue]')",
                timeout=STEP_MS,
            )
        if toured and cards_played >= 1:
            break
        ann.click(".eu-room-review [data-action=continue]")
        ann.wait_for_selector(".eu-room-review", state="detached", timeout=STEP_MS)
    assert toured and cards_played >= 1


DECISIONS = {"ordering-up", "round-two", "going-alone", "discard", "leading"}


def cards_off_the_led_suit_first(page: Any) -> list[Any]:
    """This seat's cards, those whose printed suit is not the suit of the trick's first
    card first: the taps most likely to be refused (a guess from the cards shown; the
    server decides)."""
    led = page.locator("[data-region=table] .eu-trick [data-card]")
    suit = (led.first.get_attribute("data-card") or "")[-1:] if led.count() else ""
    cards = page.locator("[data-region=table] .eu-hand [data-action=card]").all()
    return sorted(cards, key=lambda c: (c.get_attribute("data-card") or "").endswith(suit or "?"))


def test_a_players_own_moves_in_a_room_reach_her_progress_page(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """Ann plays with three computer players. She taps her cards (those off the suit led
    first) until one is taken, and orders up alone whenever she may until a bid of hers is
    weighed (with most hands a clear loss, so the coach has a verdict; after that she bids
    the first choice, since a lone hand that takes every trick leads every card and is
    refused none). Each turn in which the server refused a card of hers is stored as
    missed in her progress, once per item, as in free play, and her bid the coach weighed
    is stored too; the progress page lists the missed ones as due."""
    ann = ann_makes_a_room(new_page, rooms)
    ann.click('[data-action="start"]')
    refused = refused_turns = 0

    def weighed() -> bool:
        record = stored_progress(ann)
        return bool(record and {e["skill"] for e in record["items"]} & DECISIONS)

    for _deal in range(10):
        while True:
            wait_for_someones_turn((ann,))
            if ann.locator(".eu-room-review").count():
                break
            before = ann.get_attribute("[data-widget=room]", "data-version")
            choices = ann.locator("[data-region=table] .eu-choice")
            alone = ann.locator('[data-region=table] .eu-choice[data-choice="order alone"]')
            bid = alone if alone.count() and not weighed() else choices.first
            taps = 0
            for target in [bid] if choices.count() else cards_off_the_led_suit_first(ann):
                ann.evaluate(
                    "() => { document.querySelector('[data-region=error]').textContent = ''; }"
                )
                target.click()
                ann.wait_for_function(
                    """(before) => document.querySelector('[data-widget=room]').dataset.version !== before
                        || document.querySelector('[data-region=error]').textContent !== ''""",
                    arg=before,
                    timeout=STEP_MS,
                )
                if ann.get_attribute("[data-widget=room]", "data-version") != before:
                    break
                taps += 1
            refused += taps
            refused_turns += taps > 0
        if refused and weighed():
            break
        ann.click(".eu-room-review [data-action=continue]")
        ann.wait_for_selector(".eu-room-review", state="detached", timeout=STEP_MS)
    assert refused > 0, "no card of Ann's was refused in ten deals"
    items = progress_after_queued_calls(ann)["items"]
    rules_missed = sum(e["wrong"] for e in items if e["skill"] not in DECISIONS)
    # a second wrong card in the same trick is the same lapse: one miss per item and turn
    assert refused_turns <= rules_missed <= refused
    assert {e["skill"] for e in items} & DECISIONS, items
    missed = [e["item"] for e in items if e["wrong"]]
    goto(ann, "practice/progress/")
    wait_ready(ann, "[data-widget=progress]")
    for item in missed:
        ann.locator(f'[data-widget=progress] .eu-pg-due li[data-item="{item}"]').wait_for()


def test_a_double_tap_makes_one_move_and_no_error(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """A double tap on a bid or Continue (common on a phone) sends the move once: the
    second tap, made before the table moved on, is the same move again. Once it was sent
    too, and the server rightly refused it as made on an old table: a red error after every
    double tap. And the second tap may come after the first one's move has come back but
    before the new table is drawn (Python draws it in the worker): it answers the table
    still shown, so it is the same move again too (it was sent as a move on the new table,
    and refused: "There is no hand review open", once in a CI run). The test taps a second
    time in that very moment: when the move's update has come, before it is drawn."""
    ann = ann_makes_a_room(new_page, rooms)
    sent: list[dict[str, Any]] = []
    ann.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(json.loads(frame))))
    ann.add_init_script(KEEP_SOCKETS)
    ann.reload()  # the seat comes back on a socket this test listens to
    wait_ready(ann)
    ann.wait_for_selector(".eu-room-lobby [data-action=start]", timeout=STEP_MS)
    ann.click('[data-action="start"]')
    for _ in range(100):  # to Ann's first bid (or, if others bid first, the review's Continue)
        wait_for_someones_turn((ann,))
        target = ann.locator(
            "[data-region=table] .eu-table--your-turn .eu-choice, "
            ".eu-room-review [data-action=continue]"
        )
        if target.count():
            break
        play_my_turn(ann)
    before = ann.get_attribute("[data-widget=room]", "data-version")
    target.first.evaluate(TAP_TWICE)
    ann.wait_for_function("() => window.__tappedAgain === true", timeout=STEP_MS)
    ann.wait_for_function(
        "(v) => document.querySelector('[data-widget=room]').dataset.version !== v",
        arg=before,
        timeout=STEP_MS,
    )
    ann.wait_for_timeout(500)  # time for a second answer, had a second move been sent
    moves = [m for m in sent if m["type"] in ("act", "continue")]
    assert [m["version"] for m in moves[-1:]] == [int(before or 0)], sent
    assert sum(m["version"] == int(before or 0) for m in moves) == 1, sent
    assert (ann.text_content("[data-region=error]") or "").strip() == ""


KEEP_SOCKETS = """(() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Real {
    constructor(...args) { super(...args); window.__sockets.push(this); }
  };
})()"""
"""The page's WebSockets, kept where a test can listen to them as the page does."""

TAP_TWICE = """(target) => {
  const socket = window.__sockets.at(-1);
  socket.addEventListener("message", function again(event) {
    if (JSON.parse(event.data).type !== "update") return;
    socket.removeEventListener("message", again);
    target.click();  // (the page has read the update; the new table is not drawn yet)
    window.__tappedAgain = true;
  });
  target.click();
}"""
"""Tap ``target``, and tap it again the moment the move's update comes (after the page's
own listener has read it, before Python has drawn the new table)."""


def test_a_player_can_leave_a_match_and_a_computer_takes_the_seat(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """Once a match has started, Leave is behind "Leave the match" (a stray tap does not
    leave); leaving takes the player back to the start of the page, and the browser no
    longer puts her back in her old seat (the server's side, a computer in her seat, is
    tests/rooms/test_lobby.py's). Left by keyboard, the focus is on the status line that
    says so (it used to fall to the page's top with the Leave button)."""
    ann = ann_makes_a_room(new_page, rooms)
    code = ann.get_attribute(".eu-room-link", "value").split("room=")[1]
    ann.click('[data-action="start"]')
    ann.wait_for_selector("[data-region=table] .eu-table", timeout=STEP_MS)
    assert not ann.locator(".eu-room-leave [data-action=leave]").is_visible()
    ann.click(".eu-room-leave summary")
    ann.focus(".eu-room-leave [data-action=leave]")
    ann.keyboard.press("Enter")
    ann.wait_for_selector('[data-form="entry"]', timeout=STEP_MS)
    assert "You left the room." in (ann.text_content("[data-widget=room]") or "")
    assert ann.evaluate("() => document.activeElement.matches('[data-region=status]')")
    ann.reload()
    wait_ready(ann)
    ann.wait_for_selector('[data-form="entry"]', timeout=STEP_MS)
    assert ann.locator("[data-region=table] .eu-table").count() == 0
    assert ann.input_value('[data-form="entry"] [name="room"]') in ("", code)


def test_a_room_made_while_the_engine_starts_is_drawn_by_the_room_server(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """On a phone's first visit the page's Python takes about half a minute to start
    (seen on a throttled phone), and everything a room shows is drawn by Python: until it
    runs, the room server draws each state with the same renderer (``/rooms/render``). So
    a room is opened, started and played before the page's engine has started."""
    dana = new_page(rooms, viewport={"width": 390, "height": 844})
    EngineGate(dana)  # never opened: the page's Python does not start in this test
    goto(dana, ROOMS_PAGE, wait_until="domcontentloaded")
    dana.wait_for_selector(
        "[data-region=status] >> text=Connected to the room server", timeout=STEP_MS
    )
    dana.fill('[data-form="entry"] [name="name"]', "Dana")
    dana.click('[data-action="create"]')
    dana.wait_for_selector(".eu-room-lobby", timeout=STEP_MS)
    assert "card engine" not in dana.locator("[data-region=status]").inner_text()
    dana.click('[data-action="start"]')
    for _ in range(40):
        if play_my_turn(dana):
            break
        dana.wait_for_timeout(250)
    else:
        raise AssertionError("the seat was never to act before Python")
    assert dana.locator("[data-widget=room]").get_attribute("data-ready") != "true"


def test_create_tapped_before_the_connection_opens_makes_the_room_when_it_opens(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """Seen on a throttled phone's first visit: a name typed and Create tapped in the
    first seconds, before the page had reached the room server, said "Not connected to
    the room server yet" and stayed so after the connection opened (and nothing was
    made). Now the way in is kept, said to follow, and sent when the connection opens."""
    dana = new_page(rooms, viewport={"width": 390, "height": 844})
    health = hold_requests(dana, "**/rooms/health")
    goto(dana, ROOMS_PAGE, wait_until="domcontentloaded")
    first_held(dana, health)
    dana.fill('[data-form="entry"] [name="name"]', "Dana")
    dana.click('[data-action="create"]')
    status = dana.locator("[data-region=status]")
    dana.wait_for_selector(
        "[data-region=status] >> text=your room is created as soon as it answers"
    )
    assert dana.locator("[data-region=error]").inner_text() == ""
    health.continue_()
    dana.wait_for_selector(".eu-room-lobby", timeout=STEP_MS)
    assert "You are in room" in status.inner_text()
    assert dana.locator("[data-region=error]").inner_text() == ""


def test_a_room_the_server_cannot_draw_follows_once_the_engine_starts(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """When the room server does not draw (an older server, or too many asked for), the
    room waits for the page's Python: the status line says the room follows, and the way
    in cannot be used again meanwhile (a second Create would open a second room). Once the
    engine is ready, the lobby is drawn and the note goes."""
    dana = new_page(rooms, viewport={"width": 390, "height": 844})
    gate = EngineGate(dana)
    dana.context.route("**/rooms/render", lambda route: route.fulfill(status=404, body=""))
    allow_console_errors(dana, "404")
    goto(dana, ROOMS_PAGE, wait_until="domcontentloaded")
    status = dana.locator("[data-widget=room] [data-region=status]")
    dana.wait_for_selector(
        "[data-region=status] >> text=Connected to the room server", timeout=STEP_MS
    )
    dana.fill('[data-form="entry"] [name="name"]', "Dana")
    dana.click('[data-action="create"]')
    dana.wait_for_selector(
        "[data-region=status] >> text=as soon as the card engine has started", timeout=STEP_MS
    )
    assert status.inner_text().startswith("You are in room ")
    entry = dana.locator("[data-widget=room] [data-region=entry]")
    assert entry.get_attribute("inert") is not None
    assert dana.locator(".eu-room-lobby").count() == 0
    gate.open()
    dana.wait_for_selector(".eu-room-lobby", timeout=READY_MS)
    assert status.inner_text().startswith("You are in room ")
    assert "card engine" not in status.inner_text()
    assert entry.get_attribute("inert") is None and entry.is_hidden()
