"""A class in Chromium: a teacher and two students in three browser contexts, on the site
and its room server served together (what ``make serve`` runs). The teacher opens a class
of two tables; each student joins from the link by name (one at a phone's width in dark
mode) and is seated; the teacher starts the tables, watches them (every hand face down),
pauses and resumes them, sees each student's summary after a deal, downloads it, and ends
the class. No console errors; axe-clean in light and dark."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import READY_TIMEOUT_MS as READY_MS
from tests.browser.harness import (
    ROOT,
    EngineGate,
    axe_in_light_and_dark,
    first_held,
    goto,
    hold_requests,
    wait_ready,
)
from tests.browser.test_rooms import STEP_MS, RoomServer, play_my_turn, press_continue

CLASS_PAGE = "practice/class/"


@pytest.fixture(scope="module")
def rooms(site_dir: Path) -> Iterator[RoomServer]:
    server = RoomServer(site_dir)
    try:
        yield server
    finally:
        server.stop()


def open_class(new_page: Callable[..., Any], rooms: RoomServer) -> Any:
    teacher = new_page(rooms, viewport={"width": 1280, "height": 900})
    goto(teacher, CLASS_PAGE)
    wait_ready(teacher)
    teacher.wait_for_selector(
        "[data-widget=classroom] [data-region=status] >> text=Connected", timeout=STEP_MS
    )
    assert teacher.locator("[data-widget=room]").is_hidden()  # the students' part
    teacher.fill("[data-widget=classroom] [name=name]", "Ms Rivera")
    teacher.fill("[data-widget=classroom] [name=tables]", "2")
    teacher.select_option("[data-widget=classroom] [name=level]", "easy")
    teacher.click("[data-widget=classroom] [data-action=open]")
    teacher.wait_for_selector(".eu-class .eu-room-link", timeout=STEP_MS)
    return teacher


def join(
    new_page: Callable[..., Any], rooms: RoomServer, link: str, name: str, **options: Any
) -> Any:
    student = new_page(rooms, viewport={"width": 390, "height": 844}, **options)
    student.goto(link)
    wait_ready(student)
    assert student.locator("[data-widget=classroom]").is_hidden()
    student.wait_for_selector("[data-widget=room] [data-action=enroll]", timeout=STEP_MS)
    student.fill("[data-widget=room] [name=name]", name)
    student.click("[data-widget=room] [data-action=enroll]")
    student.wait_for_selector(".eu-room-lobby .eu-room-class", timeout=STEP_MS)
    return student


def play_to_a_review(students: list[Any]) -> None:
    """The students move (the computer players between them) until each has seen a deal
    end, pressing Continue as each review opens."""
    reviewed: set[int] = set()
    deadline = time.monotonic() + 6 * STEP_MS / 1000
    while len(reviewed) < len(students):
        assert time.monotonic() < deadline, "no deal ended at every student's table"
        moved = False
        for i, student in enumerate(students):
            if student.locator(".eu-room-review [data-action=continue]").count():
                reviewed.add(i)
                press_continue(student)
                moved = True
            elif play_my_turn(student):
                moved = True
        if not moved:
            students[0].wait_for_timeout(100)


def test_a_teacher_and_two_students_run_a_class(
    new_page: Callable[..., Any], rooms: RoomServer, tmp_path: Path
) -> None:
    teacher = open_class(new_page, rooms)
    link = teacher.get_attribute(".eu-class .eu-room-link", "value") or ""
    assert f"{CLASS_PAGE}?class=" in link
    assert not axe_in_light_and_dark(teacher), axe_in_light_and_dark(teacher)
    ava = join(new_page, rooms, link, "Ava")
    ben = join(new_page, rooms, link, "Ben", color_scheme="dark")
    assert "Table 1 of Ms Rivera's class" in ava.inner_text(".eu-room-lobby")
    assert "Table 2 of Ms Rivera's class" in ben.inner_text(".eu-room-lobby")
    assert ava.locator("[data-action=ready], [data-action=start]").count() == 0
    teacher.wait_for_function(
        "() => document.querySelectorAll('.eu-class-summary tbody tr').length === 2",
        timeout=STEP_MS,
    )
    ava.screenshot(path=str(tmp_path / "student-lobby-phone.png"), full_page=True)
    teacher.screenshot(path=str(tmp_path / "teacher-lobby-desktop.png"), full_page=True)

    start_and_watch(teacher, [ava, ben])
    pause_and_resume(teacher, ava, ben, tmp_path)
    play_to_a_review([ava, ben])
    teacher.wait_for_function(
        """() => [...document.querySelectorAll('.eu-class-summary tbody tr')]
                 .every((row) => Number(row.cells[2].textContent) >= 1)""",
        timeout=STEP_MS,
    )
    teacher.screenshot(path=str(tmp_path / "teacher-summary-desktop.png"), full_page=True)

    ava.reload()  # her browser keeps her seat: the class page gives it back
    wait_ready(ava)
    ava.wait_for_selector("[data-region=table] .eu-table", timeout=STEP_MS)
    assert "Table 1 of Ms Rivera's class" in ava.inner_text("[data-widget=room]")

    download_and_end(teacher, [ava, ben], tmp_path)
    shots = ROOT / "build" / "screenshots" / "class"
    shots.mkdir(parents=True, exist_ok=True)
    for shot in tmp_path.glob("*.png"):
        (shots / shot.name).write_bytes(shot.read_bytes())


def start_and_watch(teacher: Any, students: list[Any]) -> None:
    """The teacher starts the tables and watches them: every hand face down, no control
    that plays."""
    teacher.click("[data-widget=classroom] [data-action=start]")
    for student in students:
        student.wait_for_selector("[data-region=table] .eu-table", timeout=STEP_MS)
    teacher.wait_for_function(
        "() => document.querySelectorAll('.eu-class-table .eu-table').length === 2",
        timeout=STEP_MS,
    )
    tables = teacher.locator("[data-region=tables]")
    assert tables.locator(".eu-hand").count() == 0 and tables.locator(".eu-backs").count() == 8
    assert tables.locator("[data-action]").count() == 0


def pause_and_resume(teacher: Any, ava: Any, ben: Any, tmp_path: Path) -> None:
    """Every table pauses and says so, axe-clean in light and dark; then resumes."""
    teacher.click("[data-widget=classroom] [data-action=pause]")
    for student in (ava, ben):
        student.wait_for_selector(".eu-room-paused >> text=paused the class", timeout=STEP_MS)
    teacher.wait_for_selector(".eu-class >> text=Every table is paused", timeout=STEP_MS)
    # the tables stand still while paused: the pages are checked once their last moves
    # have been drawn (a card still fading in is no contrast to measure)
    teacher.wait_for_timeout(1000)
    assert not axe_in_light_and_dark(teacher), axe_in_light_and_dark(teacher)
    assert not axe_in_light_and_dark(ben), axe_in_light_and_dark(ben)
    teacher.screenshot(path=str(tmp_path / "teacher-paused-desktop.png"), full_page=True)
    ben.screenshot(path=str(tmp_path / "student-paused-phone-dark.png"), full_page=True)
    ava.screenshot(path=str(tmp_path / "student-paused-phone.png"), full_page=True)
    teacher.click("[data-widget=classroom] [data-action=resume]")
    for student in (ava, ben):
        student.wait_for_selector(".eu-room-paused", state="detached", timeout=STEP_MS)


def download_and_end(teacher: Any, students: list[Any], tmp_path: Path) -> None:
    """The summary downloads as CSV with a row per student and deal; ending the class
    tells every student."""
    with teacher.expect_download() as download:
        teacher.click("[data-widget=classroom] [data-action=download]")
    saved = Path(download.value.path()).read_text()
    assert saved.startswith("student,table,match,deal,tricks")
    assert "\nAva,1," in saved and "\nBen,2," in saved

    teacher.click(".eu-class-end summary")
    teacher.click("[data-widget=classroom] [data-action=end]")
    teacher.wait_for_selector("[data-class-state=ended]", timeout=STEP_MS)
    for student in students:
        student.wait_for_selector(
            "[data-region=status] >> text=Your teacher ended the class", timeout=STEP_MS
        )
    teacher.screenshot(path=str(tmp_path / "teacher-ended-desktop.png"), full_page=True)


def test_a_class_opened_before_the_connection_opens_opens_when_it_does(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """A teacher who opens the class before the page has reached the room server is told
    it follows, and the class opens when the connection does (it used to say "Not
    connected to the room server yet" and open nothing)."""
    teacher = new_page(rooms, viewport={"width": 1280, "height": 900})
    health = hold_requests(teacher, "**/rooms/health")
    goto(teacher, CLASS_PAGE, wait_until="domcontentloaded")
    first_held(teacher, health)
    teacher.fill("[data-widget=classroom] [name=name]", "Ms Rivera")
    teacher.click("[data-widget=classroom] [data-action=open]")
    teacher.wait_for_selector(
        "[data-widget=classroom] [data-region=status] >> text=your class opens as soon as it answers"
    )
    health.continue_()
    teacher.wait_for_selector(".eu-class .eu-room-link", timeout=STEP_MS)
    assert teacher.locator("[data-widget=classroom] [data-region=error]").inner_text() == ""


def test_a_class_opened_while_the_engine_starts_says_its_link_follows(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """Seen on a throttled phone's first visit: for 25 s after "Your class ... is open." the
    form stayed as it was, its Open button ready to open a second class, and nothing said
    the link was coming (Python draws the class, and was still starting). Now the form is
    set aside and the status says what follows, until Python draws the class."""
    teacher = new_page(rooms, viewport={"width": 390, "height": 844})
    gate = EngineGate(teacher)
    goto(teacher, CLASS_PAGE, wait_until="domcontentloaded")
    status = teacher.locator("[data-widget=classroom] [data-region=status]")
    teacher.wait_for_selector(
        "[data-widget=classroom] [data-region=status] >> text=Connected", timeout=STEP_MS
    )
    teacher.fill("[data-widget=classroom] [name=name]", "Ms Rivera")
    teacher.click("[data-widget=classroom] [data-action=open]")
    teacher.wait_for_selector(
        "[data-widget=classroom] [data-region=status] >> text=as soon as the card engine has started",
        timeout=STEP_MS,
    )
    entry = teacher.locator("[data-widget=classroom] [data-region=entry]")
    assert entry.get_attribute("inert") is not None
    assert teacher.locator(".eu-class .eu-room-link").count() == 0
    gate.open()
    teacher.wait_for_selector(".eu-class .eu-room-link", timeout=READY_MS)
    assert "card engine" not in status.inner_text()
    assert status.inner_text().startswith("Your class ")
    assert entry.is_hidden() and entry.get_attribute("inert") is None


def test_a_teacher_opens_pauses_and_resumes_the_class_by_keyboard(
    new_page: Callable[..., Any], rooms: RoomServer
) -> None:
    """Seen by keyboard: Enter on Open left the focus on the page's top as the class
    appeared (the next Tab went to the site's menu), and Pause, once drawn as Resume, did
    the same. The focus lands on the class, and stays on the button that replaced the one
    pressed."""
    teacher = new_page(rooms, viewport={"width": 1280, "height": 900})
    goto(teacher, CLASS_PAGE)
    wait_ready(teacher)
    teacher.wait_for_selector(
        "[data-widget=classroom] [data-region=status] >> text=Connected", timeout=STEP_MS
    )
    teacher.fill("[data-widget=classroom] [name=name]", "Ms Rivera")
    teacher.focus("[data-widget=classroom] [data-action=open]")
    teacher.keyboard.press("Enter")
    teacher.wait_for_function("() => document.activeElement?.matches('.eu-class')", timeout=STEP_MS)
    teacher.focus("[data-widget=classroom] [data-action=pause]")
    teacher.keyboard.press("Enter")
    teacher.wait_for_function(
        "() => document.activeElement?.matches('[data-action=resume]')", timeout=STEP_MS
    )
    teacher.keyboard.press("Enter")
    teacher.wait_for_function(
        "() => document.activeElement?.matches('[data-action=pause]')", timeout=STEP_MS
    )
