"""The trick quiz in a real browser: feedback right and wrong, share links, progress and
review across a reload, corrupted storage, a keyboard-only run, hostile URL parameters, the
teacher's builder and the bare embed page. Every page fails the test on a console error."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from euchre import Rules
from euchre_tutorial.quiz import QuestionId, QuizSpec, build, check, parse_query
from euchre_tutorial.site_rules import site_profiles

from tests.browser.harness import allow_console_errors, another_tab, axe, goto, wait_ready

QUIZ = "[data-widget=quiz]"
STORE_KEY = "euchre.quiz.v1"
LINK = "practice/quiz/?kinds=suit,winner,plays&seed=77&count=3&level=learning&traps=50"


def open_quiz(page: Any, path: str = LINK) -> None:
    goto(page, path)
    wait_ready(page, QUIZ)


def current_question(page: Any) -> Any:
    qid = page.locator(f"{QUIZ} .eu-quiz-question").get_attribute("data-question")
    return build(QuestionId.parse(qid))


def option(page: Any, value: str) -> Any:
    return page.locator(f'{QUIZ} .eu-quiz-body .eu-quiz-slot[data-value="{value}"] .eu-quiz-option')


def answer(page: Any, values: list[str]) -> None:
    """Click the answers (in order) and check when the question needs a button."""
    q = current_question(page)
    for value in values:
        option(page, value).click()
    if q.pick != "one":
        page.locator(f"{QUIZ} .eu-quiz-submit").click()
    page.wait_for_selector(f"{QUIZ} .eu-quiz-verdict")


def wrong_answer(q: Any) -> list[str]:
    if q.pick == "order":
        return list(reversed(q.answer))
    others = [o.value for o in q.options if o.value not in q.answer]
    if q.pick == "many":
        return others[:1] + list(q.answer) if others else list(q.answer[:-1]) or [q.answer[0]]
    return others[:1]


def next_question(page: Any) -> None:
    """Go on, and wait until the next question is drawn (it is drawn by Python, a moment
    after the tap)."""
    before = page.locator(f"{QUIZ} .eu-quiz-question").get_attribute("data-question")
    page.locator(f"{QUIZ} .eu-quiz-actions .eu-quiz-submit").click()
    page.wait_for_function(
        "([s, q]) => { const n = document.querySelector(s); return !n || n.dataset.question !== q; }",
        arg=[f"{QUIZ} .eu-quiz-question", before],
    )


def stored(page: Any) -> Any:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem({json.dumps(STORE_KEY)}))")


# ---------------------------------------------------------------------- feedback
def test_right_and_wrong_feedback(page: Any) -> None:
    open_quiz(page)
    q = current_question(page)
    answer(page, list(q.answer))
    verdict = page.locator(f"{QUIZ} .eu-quiz-feedback")
    assert "Right." in verdict.inner_text()
    expected = check(q, list(q.answer))
    for reason in expected["reasons"]:
        assert reason in verdict.inner_text()
    assert page.locator(f"{QUIZ} .eu-quiz-slot[data-mark=right]").count() >= 1
    assert page.locator(f"{QUIZ} .eu-quiz-score").inner_text() == "Score 1"

    next_question(page)
    q = current_question(page)
    given = wrong_answer(q)
    answer(page, given)
    text = page.locator(f"{QUIZ} .eu-quiz-feedback").inner_text()
    feedback = check(q, given)
    assert not feedback["correct"]
    assert "Not quite." in text and feedback["answer_text"] in text
    assert feedback["reasons"][0] in text
    assert (
        page.locator(
            f"{QUIZ} .eu-quiz-slot[data-mark=wrong], {QUIZ} .eu-quiz-slot[data-mark=missed]"
        ).count()
        >= 1
    )
    assert page.locator(f"{QUIZ}").get_attribute("data-ready") == "true"


def test_the_first_question_is_readable_before_python(page: Any) -> None:
    goto(page, "practice/quiz/", wait_until="domcontentloaded")
    built = page.locator(f"{QUIZ} .eu-quiz-question")
    qid = built.get_attribute("data-question")
    assert qid and built.locator(".eu-card").count() >= 2
    wait_ready(page, QUIZ)
    assert page.locator(f"{QUIZ} .eu-quiz-question").get_attribute("data-question") == qid


# ---------------------------------------------------------------------- share links
def test_a_share_link_gives_the_same_questions_everywhere(new_page: Callable[..., Any]) -> None:
    runs = []
    for _ in range(2):
        page = new_page()
        open_quiz(page)
        runs.append(
            (stored(page)["run"]["ids"], page.locator(f"{QUIZ} .eu-quiz-question").inner_text())
        )
    assert runs[0] == runs[1]
    spec, notes = parse_query(LINK.split("?", 1)[1], QuizSpec())
    assert notes == [] and runs[0][0] == [str(q) for q in spec.question_ids()]


# ---------------------------------------------------------------------- progress
def test_progress_and_review_survive_a_reload(page: Any) -> None:
    open_quiz(page)
    q = current_question(page)
    answer(page, list(q.answer))
    next_question(page)
    missed = current_question(page)
    answer(page, wrong_answer(missed))
    page.reload()
    wait_ready(page, QUIZ)
    assert page.locator(f"{QUIZ} .eu-quiz-progress").inner_text().lower() == "question 3 of 3"
    assert page.locator(f"{QUIZ} .eu-quiz-score").inner_text() == "Score 1"
    q = current_question(page)
    answer(page, list(q.answer))
    next_question(page)
    page.wait_for_selector(f"{QUIZ} .eu-quiz-summary")
    assert "You scored 2 of 3" in page.locator(f"{QUIZ} .eu-quiz-summary-title").inner_text()
    review = page.locator(f"{QUIZ} .eu-quiz-review-item")
    assert review.count() == 1
    assert review.locator(".eu-quiz-question").get_attribute("data-question") == str(missed.id)
    page.reload()
    wait_ready(page, QUIZ)
    page.wait_for_selector(f"{QUIZ} .eu-quiz-summary")
    assert page.locator(f"{QUIZ} .eu-quiz-review-item").count() == 1
    store = stored(page)
    assert [item["id"] for item in store["review"]] == [str(missed.id)]
    assert store["runs"] == 1


def progress_text(page: Any) -> str:
    return str(page.locator(f"{QUIZ} .eu-quiz-progress").inner_text().lower())


def test_a_quiz_open_in_two_tabs_goes_on_from_the_latest_answer(page: Any) -> None:
    open_quiz(page)
    other = another_tab(page)
    open_quiz(other)
    assert progress_text(other) == progress_text(page) == "question 1 of 3"
    first = current_question(page)
    answer(page, wrong_answer(first))
    # the other tab goes on from the next question, and says why
    other.wait_for_function(
        "(s) => document.querySelector(s)?.textContent.toLowerCase() === 'question 2 of 3'",
        arg=f"{QUIZ} .eu-quiz-progress",
    )
    assert "another tab" in other.locator(f"{QUIZ} [data-widget-status]").inner_text()
    second = current_question(other)
    answer(other, wrong_answer(second))
    # both misses are kept for review, whichever tab wrote last
    page.wait_for_function(
        "(s) => document.querySelector(s)?.textContent.toLowerCase() === 'question 3 of 3'",
        arg=f"{QUIZ} .eu-quiz-progress",
    )
    third = current_question(page)
    answer(page, list(third.answer))
    store = stored(page)
    assert sorted(item["id"] for item in store["review"]) == sorted([str(first.id), str(second.id)])
    assert [a["ok"] for a in store["run"]["answers"]] == [False, False, True]
    assert store["runs"] == 1


def test_missed_questions_come_back_in_a_later_quiz(page: Any) -> None:
    open_quiz(page, "practice/quiz/")  # idle first: the quiz saves its run when it starts
    due = "suit:learning:plain-jack:5@american"
    page.evaluate(
        """([key, id]) => localStorage.setItem(key, JSON.stringify(
            {v: 1, runs: 3, run: null, review: [{id, box: 0, due: 3, misses: 1}]}))""",
        [STORE_KEY, due],
    )
    page.reload()
    wait_ready(page, QUIZ)
    assert due in stored(page)["run"]["ids"]


def test_corrupted_storage_is_reset_without_an_error(page: Any) -> None:
    open_quiz(page, "practice/quiz/")  # idle first: the quiz saves its run when it starts
    for bad in (
        "{not json",
        json.dumps({"v": 1, "runs": "x"}),
        json.dumps(
            {
                "v": 1,
                "runs": 0,
                "review": [],
                "run": {
                    "mode": "practice",
                    "query": "",
                    "answers": [],
                    "ids": ["suit:learning:none:1@american,deck:99"],
                },
            }
        ),
    ):
        page.evaluate("([key, value]) => localStorage.setItem(key, value)", [STORE_KEY, bad])
        page.reload()
        wait_ready(page, QUIZ)
        assert "could not be read" in page.locator(f"{QUIZ} .eu-quiz-notes").inner_text()
        store = stored(page)
        assert store["v"] == 1 and len(store["run"]["ids"]) == 10
        q = current_question(page)
        answer(page, list(q.answer))


# ---------------------------------------------------------------------- keyboard
def tab_to(page: Any, selector: str, limit: int = 80) -> None:
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_keyboard_only_run_completes_a_quiz(page: Any) -> None:
    open_quiz(page, "practice/quiz/?kinds=plays,order,suit&seed=5&count=3&traps=100")
    page.locator("body").focus()
    for _ in range(3):
        q = current_question(page)
        for value in q.answer:
            tab_to(page, f'.eu-quiz-slot[data-value="{value}"] .eu-quiz-option')
            page.keyboard.press("Enter" if q.pick != "many" else "Space")
        if q.pick != "one":
            tab_to(page, ".eu-quiz-actions .eu-quiz-submit:not([disabled])")
            page.keyboard.press("Enter")
        page.wait_for_selector(f"{QUIZ} .eu-quiz-verdict--right")
        # the focus moves to "Next question" / "See your score" by itself
        assert page.evaluate("() => document.activeElement.classList.contains('eu-quiz-submit')")
        page.keyboard.press("Enter")
    page.wait_for_selector(f"{QUIZ} .eu-quiz-summary")
    assert "You scored 3 of 3" in page.locator(f"{QUIZ} .eu-quiz-summary-title").inner_text()


def test_results_are_announced(page: Any) -> None:
    open_quiz(page)
    live = page.locator(f"{QUIZ} .eu-quiz-feedback")
    assert live.get_attribute("aria-live") == "polite" and live.get_attribute("role") == "status"
    q = current_question(page)
    answer(page, list(q.answer))
    assert "Right." in live.inner_text()


# ---------------------------------------------------------------------- hostile links
def test_hostile_url_parameters_give_a_note_and_a_default_quiz(page: Any) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    hostile = (
        "practice/quiz/?kinds=%3Cscript%3Ewindow.pwned%3D1%3C%2Fscript%3E&count=99999"
        "&level=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&rules=american,joker:%3Cb%3E"
    )
    open_quiz(page, hostile)
    notes = page.locator(f"{QUIZ} .eu-quiz-notes")
    assert notes.is_visible()
    text = notes.inner_text()
    assert "could not be used" in text and "99999" in text and "script" in text
    assert notes.locator("script, img, b").count() == 0
    assert page.evaluate("() => window.pwned === undefined")
    assert dialogs == []
    assert page.locator(f"{QUIZ} .eu-quiz-progress").inner_text().lower() == "question 1 of 10"
    q = current_question(page)
    answer(page, list(q.answer))


def test_a_link_that_sets_only_the_deck_is_a_links_quiz(page: Any) -> None:
    """Every setting a link may carry makes the page the link's quiz, the deck, the joker and
    a lone defender's choice too (the page once knew only some, so ``?deck=32`` alone gave
    the default quiz without a word)."""
    open_quiz(page, "practice/quiz/?deck=32")
    assert "32-card deck" in page.locator(QUIZ).inner_text()
    qid = page.locator(f"{QUIZ} .eu-quiz-question").get_attribute("data-question") or ""
    assert "deck:32" in QuestionId.parse(qid).rules


# ---------------------------------------------------------------------- teacher and embed
def test_teacher_builder_makes_a_matching_link_and_sheet(page: Any) -> None:
    goto(page, "practice/teachers/")
    wait_ready(page, "[data-widget=quiz-sheet]")
    page.fill("input[name=count]", "4")
    page.fill("input[name=seed]", "31")
    page.wait_for_function(
        "() => document.querySelectorAll('.eu-sheet-list > li').length === 4 "
        "&& document.querySelector('.eu-qs-link').value.includes('seed=31')"
    )
    link = page.locator(".eu-qs-link").input_value()
    assert "count=4" in link and "/practice/quiz/?" in link
    assert page.locator(".eu-sheet-answers > li").count() == 4
    assert "embed/quiz/?" in page.locator(".eu-qs-embed").input_value()
    page.goto(link)
    wait_ready(page, QUIZ)
    spec, _ = parse_query(link.split("?", 1)[1], QuizSpec())
    assert stored(page)["run"]["ids"] == [str(q) for q in spec.question_ids()]


def test_a_teacher_s_quiz_under_other_rules_names_them_for_the_class(page: Any) -> None:
    """The teacher picks the long-deck rules by name and the joker from its list (and can
    turn the rules' defending alone off): the sheet and the quiz the link opens both say so
    in the engine's words. A mistyped house rule is named, with the engine's suggestion,
    and kept out of the link."""
    goto(page, "practice/teachers/")
    wait_ready(page, "[data-widget=quiz-sheet]")
    titles = page.locator("select[name=rules] option").all_inner_texts()
    assert titles == [Rules.profile_title(name) for name in site_profiles()]
    page.select_option("select[name=rules]", label="Long-deck rules")
    page.fill("input[name=house]", "jokr:1")
    notes = page.locator(".eu-qs-notes")
    page.wait_for_function(
        "() => document.querySelector('.eu-qs-notes').textContent.includes('jokr')"
    )
    assert "did you mean joker" in notes.inner_text()
    assert "jokr" not in page.locator(".eu-qs-link").input_value()
    page.fill("input[name=house]", "")
    page.select_option("select[name=joker]", label="With the joker")
    page.wait_for_function("() => document.querySelector('.eu-qs-link').value.includes('joker')")
    link = page.locator(".eu-qs-link").input_value()
    assert "rules=long-deck,joker:1" in link and "&joker=" not in link  # one rules code
    page.wait_for_function(
        "() => document.querySelector('.eu-qs-notes').textContent.includes('ready')"
    )
    joker = dict(Rules.profile("long-deck").replace(joker=True).describe())["joker"]
    named = f"Long-deck rules, with one change: {joker}"
    assert named in page.locator(".eu-sheet-sub").first.inner_text()
    # the long-deck rules play defending alone; the form's list can turn it off, and back
    page.select_option("select[name=defend_alone]", label="Not played")
    page.wait_for_function(
        "() => document.querySelector('.eu-qs-link').value.includes('defend_alone')"
    )
    assert "rules=long-deck,joker:1,defend_alone:0" in page.locator(".eu-qs-link").input_value()
    page.select_option("select[name=defend_alone]", label="As the rules say")
    page.wait_for_function(
        "() => !document.querySelector('.eu-qs-link').value.includes('defend_alone')"
    )

    page.goto(page.locator(".eu-qs-link").input_value())
    wait_ready(page, QUIZ)
    page.wait_for_selector(f"{QUIZ} .eu-quiz-rules")
    assert page.locator(f"{QUIZ} .eu-quiz-rules").inner_text() == f"This quiz plays by {named}"


def test_the_builder_s_link_and_buttons_line_up(page: Any) -> None:
    """ "Open the quiz" is a link among buttons: it is as tall as they are and its words sit
    on the same line as theirs."""
    goto(page, "practice/teachers/")
    wait_ready(page, "[data-widget=quiz-sheet]")
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('.eu-qs-buttons .md-button')].map((b) => {
          const range = document.createRange();
          range.selectNodeContents(b);
          const words = range.getBoundingClientRect(), box = b.getBoundingClientRect();
          return { top: box.top, height: box.height, middle: (words.top + words.bottom) / 2 };
        })"""
    )
    assert len(boxes) == 3
    for box in boxes[1:]:
        assert abs(box["top"] - boxes[0]["top"]) < 1
        assert abs(box["height"] - boxes[0]["height"]) < 1
        assert abs(box["middle"] - boxes[0]["middle"]) < 1.5, boxes


def test_embed_page_is_bare(page: Any) -> None:
    open_quiz(page, "embed/quiz/?kinds=suit&seed=3&count=2")
    for chrome in (".md-header", ".md-sidebar--primary", ".md-footer"):
        assert not page.locator(chrome).first.is_visible()
    q = current_question(page)
    answer(page, list(q.answer))


def test_no_serious_accessibility_problems(page: Any) -> None:
    open_quiz(page)
    q = current_question(page)
    answer(page, wrong_answer(q))
    assert axe(page) == []


def test_no_serious_accessibility_problems_in_the_dark(new_page: Callable[..., Any]) -> None:
    page = new_page(color_scheme="dark")
    open_quiz(page)
    q = current_question(page)
    answer(page, wrong_answer(q))
    assert page.get_attribute("body", "data-md-color-scheme") == "slate"
    assert axe(page) == []
    next_question(page)
    answer(page, list(current_question(page).answer))
    assert axe(page) == []


# ---------------------------------------------------------------------- before Python
def block_pyodide(page: Any) -> None:
    """Python never starts: every request for Pyodide's files fails (as on a phone in its
    first seconds, or without WebAssembly)."""
    allow_console_errors(page, r"ERR_FAILED|Failed to load resource|could not start|pyodide")
    page.context.route("**/runtime/pyodide/**", lambda route: route.abort())


def test_the_first_question_is_answered_before_python(page: Any) -> None:
    block_pyodide(page)
    goto(page, "practice/quiz/", wait_until="domcontentloaded")
    page.wait_for_selector(f"{QUIZ} .eu-quiz-option:not([disabled])")
    assert page.locator(QUIZ).get_attribute("data-ready") != "true"
    q = current_question(page)
    assert q.id == build(q.id).id and q.pick == "many"  # the page's default first question
    given = wrong_answer(q)
    answer(page, given)
    feedback = check(q, given)
    text = page.locator(f"{QUIZ} .eu-quiz-feedback").inner_text()
    assert "Not quite." in text and feedback["answer_text"] in text
    for reason in feedback["reasons"]:
        assert reason in text
    assert page.locator(f"{QUIZ} .eu-quiz-slot[data-mark]").count() >= 1
    assert page.locator(f"{QUIZ} .eu-quiz-score").inner_text() == "Score 0"
    assert stored(page)["run"]["answers"] == [
        {"id": str(q.id), "given": feedback["given"], "ok": False}
    ]
    # the focus is on "Next question", which waits for the engine
    assert page.evaluate("() => document.activeElement.dataset.action") == "next"
    # Python never started: the verdict came from the page
    page.wait_for_selector(f"{QUIZ}[data-ready='failed']", timeout=60_000)


def test_python_takes_over_the_build_s_answer_with_the_same_words(page: Any) -> None:
    goto(page, "practice/quiz/", wait_until="domcontentloaded")
    page.wait_for_selector(f"{QUIZ} .eu-quiz-option:not([disabled])")
    q = current_question(page)
    answer(page, list(q.answer))
    built = page.locator(f"{QUIZ} .eu-quiz").inner_html()
    wait_ready(page, QUIZ)
    assert page.locator(f"{QUIZ} .eu-quiz").inner_html() == built
    next_question(page)
    page.wait_for_function(
        "(qid) => document.querySelector('.eu-quiz-question')?.dataset.question !== qid",
        arg=str(q.id),
    )
    assert page.locator(f"{QUIZ} .eu-quiz-progress").inner_text().lower() == "question 2 of 10"
    assert page.locator(f"{QUIZ} .eu-quiz-score").inner_text() == "Score 1"


# ---------------------------------------------------------------------- focus and Tab order
def test_next_question_puts_the_focus_on_the_new_question(page: Any) -> None:
    open_quiz(page)
    q = current_question(page)
    answer(page, list(q.answer))
    page.keyboard.press("Enter")  # the focus is on "Next question"
    page.wait_for_function(
        "(qid) => document.querySelector('.eu-quiz-question')?.dataset.question !== qid",
        arg=str(q.id),
    )
    assert page.evaluate("() => document.activeElement.closest('.eu-quiz-question') !== null")
    assert page.evaluate("() => document.activeElement.classList.contains('eu-quiz-title')")


TAB_ORDER = """(root) => {
    const focusable = [...root.querySelectorAll('button:not([disabled]), input, a[href]')];
    const drawn = [...focusable].sort((a, b) => {
        const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
        const rowA = Math.round(ra.top / 12), rowB = Math.round(rb.top / 12);
        return rowA - rowB || ra.left - rb.left;
    });
    return {dom: focusable.map((e) => e.outerHTML.slice(0, 60)), drawn: drawn.map((e) => e.outerHTML.slice(0, 60))};
}"""


def test_tab_order_is_the_drawn_order(new_page: Callable[..., Any]) -> None:
    for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 900}):
        page = new_page(viewport=size)
        open_quiz(page, "practice/quiz/?kinds=plays&seed=5&count=2&level=learning")
        root = page.locator(f"{QUIZ} .eu-quiz")
        option(page, current_question(page).options[0].value).click()  # the Check button wakes
        orders = root.evaluate(TAB_ORDER)
        assert orders["dom"] == orders["drawn"], size
        first = root.locator(".eu-quiz-option").first
        first.focus()
        seen = []
        for _ in orders["dom"]:
            seen.append(page.evaluate("() => document.activeElement.outerHTML.slice(0, 60)"))
            page.keyboard.press("Tab")
        assert seen == orders["dom"], size
