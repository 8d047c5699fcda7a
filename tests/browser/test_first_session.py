"""The first session never waits for the engine (issue 42): with Python blocked, the page's
default quiz run is answered to its end, every lesson is played to its end with its stars,
and a free-play game's first five decisions are answered with the computer players' moves,
all from the replies the build wrote; a teacher's link shows its own first question. When
Python arrives mid-quiz, mid-lesson and mid-game, what the learner sees goes on exactly as
if Python had answered from the start. Once Python runs, one free-play decision is one
request to the worker, and its reply carries the drawn regions, not the model, and the
progress record with the decision's verdict scheduled in it (no second message). Any console
error fails a test (but the blocked runtime's own)."""

from __future__ import annotations

import json
from typing import Any

from euchre import Action
from euchre_tutorial.lessons import default_lessons
from euchre_tutorial.lessons.validate import solution
from euchre_tutorial.quiz import check

from tests.browser.harness import (
    EngineGate,
    allow_console_errors,
    goto,
    presave,
    wait_for_my_decision,
    wait_lesson_outcome,
    wait_ready,
    wait_turn_or_review,
)
from tests.browser.test_game import hand, my_move, stored_game
from tests.browser.test_quiz import answer, current_question, next_question, stored, wrong_answer

QUIZ = "[data-widget=quiz]"
LESSON = "[data-widget=lesson]"
GAME = "[data-widget=game]"
FAST = {"speed": "fast", "hurry": True, "sound": False, "motion": "reduce", "flat": False}
CARD_KINDS = ("play", "discard", "give", "best")


def block_pyodide(page: Any) -> None:
    """Python never starts: every request for Pyodide's files fails."""
    allow_console_errors(page, r"ERR_FAILED|Failed to load resource|could not start|pyodide")
    page.context.route("**/runtime/pyodide/**", lambda route: route.abort())


def not_ready(page: Any, selector: str) -> None:
    assert page.locator(selector).get_attribute("data-ready") != "true"


# ---------------------------------------------------------------------- the quiz
def play_quiz(page: Any, questions: range, right: set[int]) -> list[str]:
    """Answer ``questions`` of the run (right where in ``right``); the verdicts' words."""
    said = []
    for n in questions:
        q = current_question(page)
        given = list(q.answer) if n in right else wrong_answer(q)
        answer(page, given)
        feedback = check(q, given)
        text = page.locator(f"{QUIZ} .eu-quiz-feedback").inner_text()
        assert feedback["verdict"] in text and feedback["reasons"][0] in text
        said.append(page.locator(f"{QUIZ} .eu-quiz").inner_html())
        if n < 9:
            next_question(page)
    return said


def end_of_quiz(page: Any) -> str:
    page.locator(f"{QUIZ} [data-action=summary]").click()
    page.wait_for_selector(f"{QUIZ} .eu-quiz-summary")
    return str(page.locator(f"{QUIZ} .eu-quiz").inner_html())


def test_the_default_quiz_run_is_answered_to_its_end_before_python(page: Any) -> None:
    block_pyodide(page)
    goto(page, "practice/quiz/", wait_until="domcontentloaded")
    page.wait_for_selector(f"{QUIZ} .eu-quiz-option:not([disabled])")
    right = {0, 2, 3, 5, 8}
    play_quiz(page, range(10), right)
    not_ready(page, QUIZ)
    assert page.locator(f"{QUIZ} .eu-quiz-score").inner_text() == f"Score {len(right)}"
    end_of_quiz(page)
    summary = page.locator(f"{QUIZ} .eu-quiz-summary")
    assert summary.locator(".eu-quiz-summary-title").inner_text() == "You scored 5 of 10"
    assert summary.locator(".eu-quiz-review-item").count() == 5
    assert summary.locator(".eu-quiz-review-given").count() == 5
    link = summary.locator(".eu-quiz-share-link").input_value()
    assert link.startswith(page.url.split("?")[0] + "?kinds=")  # made whole by the page
    run = stored(page)["run"]
    assert [a["ok"] for a in run["answers"]] == [n in right for n in range(10)]
    page.wait_for_selector(f"{QUIZ}[data-ready='failed']", timeout=90_000)


def test_a_new_quiz_asked_for_while_the_engine_starts_follows_once_it_is_ready(
    page: Any,
) -> None:
    """The build wrote the default run, not the next quiz: New quiz tapped before Python
    runs says the quiz follows, and it does, with no second tap; the note then goes."""
    gate = EngineGate(page)
    goto(page, "practice/quiz/", wait_until="domcontentloaded")
    page.wait_for_selector(f"{QUIZ} .eu-quiz-option:not([disabled])")
    play_quiz(page, range(10), set(range(10)))
    end_of_quiz(page)
    first = current_ids(page)
    page.locator(f"{QUIZ} [data-action=new]").click()
    status = page.locator(f"{QUIZ} [data-widget-status]")
    assert "the card engine is still starting" in status.inner_text()
    not_ready(page, QUIZ)
    gate.open()
    page.wait_for_selector(f"{QUIZ} .eu-quiz-option:not([disabled])", timeout=90_000)
    assert page.locator(f"{QUIZ} .eu-quiz-progress").inner_text().lower() == "question 1 of 10"
    assert current_ids(page) != first
    assert "still starting" not in status.inner_text()


def current_ids(page: Any) -> list[str]:
    return list(stored(page)["run"]["ids"])


# ---------------------------------------------------------------------- the lessons
def click_move(page: Any, move: str) -> None:
    action = Action.parse(move)
    root = page.locator(LESSON)
    if action.kind in CARD_KINDS:
        root.locator(f".eu-hand button[data-card='{action.card.code}']").click()
    else:
        root.locator(f'.eu-choices button[data-choice="{move}"]').click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=lesson]').dataset.busy === 'false'"
    )


def test_every_lesson_is_played_to_its_end_before_python(page: Any) -> None:
    block_pyodide(page)
    presave(page, {"euchre.settings": {"v": 1, "data": FAST}})
    goto(page, "practice/lessons/?lesson=bowers", wait_until="domcontentloaded")
    page.wait_for_selector(f"{LESSON}[data-listening]")
    root = page.locator(LESSON)
    lessons = default_lessons()
    for number, lesson in enumerate(lessons):
        page.wait_for_function(
            "(id) => document.querySelector('[data-widget=lesson]').dataset.lesson === id",
            arg=lesson.id,
        )
        for index in range(len(lesson.steps)):
            page.wait_for_function(
                "(i) => document.querySelector('[data-widget=lesson]').dataset.step === String(i)",
                arg=index,
            )
            if number == 0 and index == 2:  # a hint, answered from the build's replies too
                root.locator("[data-lesson-hint]").click()
                root.locator(".eu-feedback--hint").wait_for()
                assert "Hint 1:" in root.locator(".eu-feedback").inner_text()
            for move in solution(lesson, index):
                click_move(page, move)
            wait_lesson_outcome(page)
            if index + 1 == len(lesson.steps):
                feedback = root.locator(".eu-feedback").inner_text()
                stars = 2 if number == 0 else 3  # the first lesson's hint cost a star
                assert "Lesson complete" in feedback and f"{stars} of 3 stars" in feedback
                link = root.locator(f"[data-lesson-link={lesson.id}] .eu-stars")
                assert link.get_attribute("data-stars") == str(stars)
            if index + 1 < len(lesson.steps) or number + 1 < len(lessons):
                root.locator("[data-lesson-next]").click()
    not_ready(page, LESSON)
    stored_stars = json.loads(page.evaluate("() => localStorage.getItem('euchre.lessons')"))
    assert stored_stars["data"]["stars"] == {
        lesson.id: 2 if n == 0 else 3 for n, lesson in enumerate(lessons)
    }


# ---------------------------------------------------------------------- free play
def wait_my_turn(page: Any) -> None:
    page.wait_for_function(
        """() => { const r = document.querySelector('[data-widget=game]');
            r.querySelector('.eu-game').dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
            return r.dataset.yourTurn === 'true' && r.dataset.busy !== 'true'; }""",
        timeout=60_000,
    )


def start_pre_dealt(page: Any) -> Any:
    root = page.locator(GAME)
    page.wait_for_selector(f"{GAME} [data-game-start]:not([disabled])")
    root.locator("[data-game-start]").click()
    wait_my_turn(page)
    return root


def test_five_free_play_decisions_are_answered_before_python(page: Any) -> None:
    block_pyodide(page)
    presave(page, {"euchre.settings": {"v": 1, "data": FAST}})
    goto(page, "practice/play/", wait_until="domcontentloaded")
    root = start_pre_dealt(page)
    moved: list[str] = []
    for _ in range(5):
        my_move(page, root)
        wait_my_turn(page)
        moved.append(root.locator(".eu-message").inner_text())
        not_ready(page, GAME)
    record = stored_game(page)
    assert len(record["choices"]) == 5 and record["opening"].startswith("play-")
    assert any(" plays " in words for words in moved)  # the computer players' moves, said
    assert (
        root.locator(".eu-table .eu-played").count()
        + root.locator(".eu-seat .eu-seat-tricks").count()
        > 0
    )
    page.wait_for_selector(f"{GAME}[data-ready='failed']", timeout=90_000)
    wait_my_turn(page)  # the pre-dealt game is still there to play


def decide_or_wait(page: Any, root: Any) -> str | None:
    """Make the learner's decision (the first choice, else the first card accepted); when
    it waits for the engine to start (the build's data has no reply for it), the card
    played (or "choice"), else None."""
    if root.locator(".eu-choices button").count():
        controls = [("choice", root.locator(".eu-choices button").first)]
    else:
        controls = [(c, root.locator(f".eu-hand button[data-card='{c}']")) for c in hand(root)]
    for made, control in controls:
        control.click()
        page.wait_for_function(
            """() => { const r = document.querySelector('[data-widget=game]');
                const m = r.querySelector('.eu-message');
                return r.dataset.busy !== 'true' || m.textContent.includes('still starting'); }"""
        )
        message = root.locator(".eu-message")
        if "still starting" in message.inner_text():
            return made
        if message.get_attribute("data-kind") != "illegal":
            return None
    raise AssertionError("no card of the hand was accepted")


def test_a_click_while_the_engine_starts_is_told_the_engine_is_starting(page: Any) -> None:
    """Past the build's replies, a decision waits for the engine; a learner who taps again
    meanwhile is told the engine is still starting (not that the other players are moving,
    which they are not), and the decision is made once it is ready."""
    gate = EngineGate(page)
    presave(page, {"euchre.settings": {"v": 1, "data": FAST}})
    goto(page, "practice/play/", wait_until="domcontentloaded")
    root = start_pre_dealt(page)
    for _ in range(20):
        made = decide_or_wait(page, root)
        if made:
            break
        wait_my_turn(page)
    else:
        raise AssertionError("twenty decisions were answered without the engine")
    root.locator(".eu-hand button, .eu-choices button").last.click()
    message = root.locator(".eu-message").inner_text()
    assert "the card engine is still starting" in message
    assert "other players" not in message
    gate.open()
    wait_ready(page, GAME)
    page.wait_for_function(
        "() => document.querySelector('[data-widget=game]').dataset.busy !== 'true'",
        timeout=60_000,
    )
    assert "still starting" not in root.locator(".eu-message").inner_text()
    if made != "choice":  # the card that waited was played
        assert made not in hand(root) or root.get_attribute("data-review") == "open"


# ---------------------------------------------------------------------- a teacher's link
LINK = "practice/quiz/?kinds=winner,suit&seed=1871&count=5&level=first-time&traps=20"


def test_a_teachers_link_shows_its_own_first_question_at_once(page: Any) -> None:
    from euchre_tutorial.quiz import QuizSpec

    block_pyodide(page)
    goto(page, LINK, wait_until="domcontentloaded")
    spec = QuizSpec(("winner", "suit"), 1871, 5, "first-time", 20)
    first = str(spec.question_ids()[0])
    shown = page.locator(f"{QUIZ} .eu-quiz[data-state=preview] .eu-quiz-question")
    shown.wait_for()
    assert shown.get_attribute("data-question") == first
    assert "here is its first question" in page.locator(f"{QUIZ} .eu-quiz-notes").inner_text()
    # a link the build has no question for says so, and shows no question at all
    goto(page, "practice/quiz/?kinds=winner&seed=77&count=3", wait_until="domcontentloaded")
    page.wait_for_selector(f"{QUIZ} .eu-quiz[data-state=waiting]")
    page.wait_for_timeout(500)
    assert page.locator(f"{QUIZ} .eu-quiz-question").count() == 0


# ---------------------------------------------------------------------- Python takes over
def quiz_run(page: Any, gate: EngineGate | None) -> tuple[list[str], str, Any]:
    goto(page, "practice/quiz/", wait_until="domcontentloaded")
    page.wait_for_selector(f"{QUIZ} .eu-quiz-option:not([disabled])")
    right = {1, 2, 6, 9}
    if gate is None:
        wait_ready(page, QUIZ)
        said = play_quiz(page, range(10), right)
    else:
        said = play_quiz(page, range(4), right)  # from the build's replies
        not_ready(page, QUIZ)
        drawn = page.locator(f"{QUIZ} .eu-quiz").inner_html()
        gate.open()
        wait_ready(page, QUIZ)  # Python drew the same fifth question again
        assert page.locator(f"{QUIZ} .eu-quiz").inner_html() == drawn
        assert page.locator(f"{QUIZ} .eu-quiz-progress").inner_text().lower() == "question 5 of 10"
        said += play_quiz(page, range(4, 10), right)
    return said, end_of_quiz(page), stored(page)["run"]


def lesson_run(page: Any, gate: EngineGate | None) -> tuple[str, dict[str, str], Any]:
    presave(page, {"euchre.settings": {"v": 1, "data": FAST}})
    goto(page, "practice/lessons/?lesson=bowers", wait_until="domcontentloaded")
    page.wait_for_selector(f"{LESSON}[data-listening]")
    root = page.locator(LESSON)
    if gate is None:
        wait_ready(page, LESSON)
    click_move(page, "play Ac")  # not what the step asks: a mistake
    click_move(page, "play Jh")
    wait_lesson_outcome(page)
    root.locator("[data-lesson-next]").click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=lesson]').dataset.step === '1'"
    )
    if gate is not None:
        not_ready(page, LESSON)
        gate.open()
        wait_ready(page, LESSON)
    click_move(page, "play Jd")
    wait_lesson_outcome(page)
    root.locator("[data-lesson-next]").click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=lesson]').dataset.step === '2'"
    )
    root.locator("[data-lesson-hint]").click()
    root.locator(".eu-feedback--hint").wait_for()
    click_move(page, "play 9h")
    wait_lesson_outcome(page)
    regions = {
        name: root.locator(f"[data-region={name}]").inner_html()
        for name in ("head", "narration", "goal", "table", "tools", "feedback")
    }
    record = json.loads(page.evaluate("() => localStorage.getItem('euchre.lessons')"))
    return root.locator(".eu-feedback").inner_text(), regions, record


def game_moves(page: Any, count: int) -> None:
    root = page.locator(GAME)
    for _ in range(count):
        my_move(page, root)
        wait_my_turn(page)


def game_seen(page: Any) -> tuple[dict[str, str], str, str]:
    root = page.locator(GAME)
    regions = {
        name: root.locator(f"[data-region={name}]").inner_html() for name in ("bar", "table")
    }
    return regions, root.locator(".eu-message").inner_text(), stored_game(page)["save"]


def test_python_takes_over_mid_quiz_mid_lesson_and_mid_game(new_page: Any) -> None:
    """Each widget played twice the same way: once with Python arriving in the middle
    (the first part answered from the build's replies), once with Python from the start.
    What the learner sees and what is stored are the same."""
    early, late = new_page(), new_page()
    said, end, run = quiz_run(early, EngineGate(early))
    assert (said, end, run) == quiz_run(late, None)

    early, late = new_page(), new_page()
    assert lesson_run(early, EngineGate(early)) == lesson_run(late, None)

    # free play: the same pre-dealt game, two decisions from the build's replies then two
    # from Python, against all four from Python
    early, late = new_page(), new_page()
    gate = EngineGate(early)
    presave(early, {"euchre.settings": {"v": 1, "data": FAST}})
    goto(early, "practice/play/", wait_until="domcontentloaded")
    start_pre_dealt(early)
    dealt = stored_game(early)
    game_moves(early, 2)
    assert len(stored_game(early)["choices"]) == 2
    gate.open()
    wait_ready(early, GAME)
    early.wait_for_function(
        "() => !('opening' in JSON.parse(localStorage.getItem('euchre.game')).data)"
    )
    game_moves(early, 2)
    presave(
        late, {"euchre.settings": {"v": 1, "data": FAST}, "euchre.game": {"v": 1, "data": dealt}}
    )
    goto(late, "practice/play/")
    wait_ready(late, GAME)
    late.wait_for_function(
        "() => !('opening' in JSON.parse(localStorage.getItem('euchre.game')).data)"
    )
    wait_my_turn(late)
    game_moves(late, 4)
    assert game_seen(early) == game_seen(late)


# ---------------------------------------------------------------------- one request
COUNT_CALLS = """() => {
    const s = window.__euchreRuntime;
    window.__calls = [];
    window.__replies = [];
    const post = s.worker.postMessage.bind(s.worker);
    s.worker.postMessage = (message) => { window.__calls.push(message); return post(message); };
    s.worker.addEventListener("message", (event) => {
        const asked = window.__calls.find((m) => m.id === event.data.id);
        if (asked && asked.method.startsWith("game.")) {
            window.__replies.push({method: asked.method, size: JSON.stringify(event.data).length,
                keys: event.data.ok ? Object.keys(event.data.value) : [],
                mastery: event.data.ok ? event.data.value.mastery ?? null : null});
        }
    });
}"""


def test_a_free_play_decision_is_one_request_whose_reply_is_the_drawn_regions(page: Any) -> None:
    presave(page, {"euchre.settings": {"v": 1, "data": FAST}})
    goto(page, "practice/play/")
    wait_ready(page, GAME)
    root = start_pre_dealt(page)  # Python is ready: a new game of its own
    assert "opening" not in stored_game(page)
    page.evaluate(COUNT_CALLS)
    sizes = []
    for _ in range(6):
        wait_for_my_decision(page, root)  # a finished deal's review is closed first
        page.evaluate("() => { window.__calls = []; window.__replies = []; }")
        my_move(page, root)
        wait_turn_or_review(page)
        calls = page.evaluate("() => window.__calls")
        game = [c["method"] for c in calls if c["method"].startswith("game.")]
        replies = page.evaluate("() => window.__replies")
        refused = sum(1 for r in replies if "illegal" in r["keys"])
        assert game == ["game.act"] * (1 + refused), game  # one request, and one per refused card
        taken = [r for r in replies if "frames" in r["keys"]]
        assert len(taken) == 1 and "model" not in taken[0]["keys"]
        assert set(taken[0]["keys"]) <= {"frames", "flags", "save", "mastery", "progress", "over"}
        sizes.append(taken[0]["size"])
    assert max(sizes) < 40_000


def wait_recorded(page: Any, items: list[str]) -> None:
    """Wait until the stored progress record holds every one of ``items``."""
    page.wait_for_function(
        """(items) => { const text = localStorage.getItem('euchre.progress') || '';
            return items.every((item) => text.includes(JSON.stringify(item))); }""",
        arg=items,
    )


def test_a_free_play_decision_and_its_progress_are_one_message_to_the_worker(
    page: Any,
) -> None:
    """The verdict a decision earns (a refused card, a bid the coach rates) reaches the
    progress record through the decision's own reply: nothing else is posted to the
    worker, before or after the learner's turn comes back."""
    presave(page, {"euchre.settings": {"v": 1, "data": FAST}})
    goto(page, "practice/play/")
    wait_ready(page, GAME)
    root = start_pre_dealt(page)
    page.evaluate(COUNT_CALLS)
    fed: list[str] = []
    for _ in range(8):
        wait_for_my_decision(page, root)
        page.evaluate("() => { window.__calls = []; window.__replies = []; }")
        my_move(page, root)
        wait_turn_or_review(page)
        replies = page.evaluate("() => window.__replies")
        verdicts = [r["mastery"] for r in replies if r["mastery"] is not None]
        assert all("progress" in r["keys"] for r in replies if r["mastery"] is not None)
        fed += [v["item"] for v in verdicts]
        wait_recorded(page, fed)  # stored from the replies: no call of its own
        methods = [c["method"] for c in page.evaluate("() => window.__calls")]
        refused = sum(1 for r in replies if "illegal" in r["keys"])
        assert methods == ["game.act"] * (1 + refused), methods
    assert fed, "the decisions played must have fed the progress record"
