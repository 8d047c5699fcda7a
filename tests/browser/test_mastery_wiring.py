"""The quiz and free play feed the mastery map, in a real browser: a wrong answer makes its
item due on the Your progress page, a practice quiz opened with an item due starts with it,
and a bid the coach rates clearly worse is due too. Two wrong cards at one decision are one
miss, and answers recorded at the same moment are all kept. Every page fails the test on a
console error."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import euchre
from euchre import Action, HandState
from euchre_tutorial import bridge, mastery
from euchre_tutorial.mastery.items import Item, item_of_question
from euchre_tutorial.mastery.judge import judge
from euchre_tutorial.quiz import QuestionId, build

from tests.browser.harness import goto, presave, wait_for_my_decision, wait_ready
from tests.browser.test_quiz import LINK, QUIZ, answer, current_question, open_quiz, wrong_answer
from tests.refusals import illegal_plays

PROGRESS = "[data-widget=progress]"


def judged_item(state: HandState, action: Action) -> Item:
    judged = judge(state, state.to_act or 0, action)
    assert judged is not None and judged[1] is False
    return judged[0]


def stored_progress(page: Any) -> Any:
    text = page.evaluate("() => localStorage.getItem('euchre.progress')")
    return None if text is None else json.loads(text)


def assert_missed_and_due(page: Any, skill_id: str, item: str) -> None:
    """The item is stored as missed once, and the progress page lists it as due."""
    page.wait_for_function(
        "(item) => (localStorage.getItem('euchre.progress') || '').includes(item)", arg=item
    )
    entry = next(e for e in stored_progress(page)["items"] if e["item"] == item)
    assert entry["skill"] == skill_id and entry["wrong"] == 1
    goto(page, "practice/progress/")
    wait_ready(page, PROGRESS)
    page.locator(f'{PROGRESS} .eu-pg-due li[data-item="{item}"]').wait_for()


def test_a_wrong_quiz_answer_is_due_on_the_progress_page(page: Any) -> None:
    page.set_default_timeout(60_000)
    open_quiz(page, LINK)
    question = current_question(page)
    skill_id, item = item_of_question(question)
    answer(page, wrong_answer(question))
    assert_missed_and_due(page, skill_id, item)


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
    page.evaluate(
        "(text) => { localStorage.setItem('euchre.progress', text);"
        " localStorage.removeItem('euchre.quiz.v1'); }",
        json.dumps(record),
    )
    page.reload()
    wait_ready(page, QUIZ)
    assert item_of_question(current_question(page)) == target


def test_a_bid_in_free_play_feeds_the_progress_page(page: Any) -> None:
    """A bid the coach rates clearly worse than its best (in a game saved at that very
    decision) is recorded as a miss for its decision of play, and shows as due."""
    from euchre_tutorial.widgets.game import Save, _game

    from tests.browser.test_game import FAST
    from tests.tutorial.test_mastery_judge import game_at_a_clear_bid

    page.set_default_timeout(60_000)
    model = game_at_a_clear_bid()
    state = _game(Save.unpack(model["save"])).state
    worst = euchre.coach(state).alternatives[-1][0]
    skill_id, item = judged_item(state, worst)
    presave(
        page,
        {
            "euchre.settings": {"v": 1, "data": FAST},
            "euchre.game": {"v": 1, "data": {"save": model["save"]}},
        },
    )
    goto(page, "practice/play/")
    wait_ready(page, "[data-widget=game]")
    wait_for_my_decision(page, page.locator("[data-widget=game]"))
    page.locator(f'[data-widget=game] .eu-choices button[data-choice="{worst}"]').click()
    assert_missed_and_due(page, skill_id, item)


def _must_follow_with_two_wrong_cards(state: HandState) -> bool:
    return state.to_act == 0 and len(illegal_plays(state)) >= 2


def progress_after_queued_calls(page: Any) -> Any:
    """The stored record once every progress call made so far has stored its answer (they
    run one after another: this asks for the due items behind them)."""
    page.evaluate(
        "async (url) => (await import(url)).dueItems()",
        page.evaluate("() => new URL('../../assets/euchre/mastery.js', location.href).href"),
    )
    return stored_progress(page)


def test_two_wrong_cards_at_one_decision_count_as_one_miss(page: Any) -> None:
    """Tapping two cards that do not follow suit, one after the other in the same trick, is
    one lapse: the item is stored as missed once, not twice (a second miss seconds later
    would count as forgetting it again)."""
    from euchre_tutorial.mastery.items import item_of_mistake
    from euchre_tutorial.widgets.game import Save, _game

    from tests.browser.test_game import FAST
    from tests.tutorial.test_mastery_judge import free_play_until

    page.set_default_timeout(60_000)
    model = free_play_until(_must_follow_with_two_wrong_cards, 3)
    state = _game(Save.unpack(model["save"])).state
    first, second = illegal_plays(state)[:2]
    item = item_of_mistake(state, 0, first)
    assert item is not None and item == item_of_mistake(state, 0, second)
    presave(
        page,
        {
            "euchre.settings": {"v": 1, "data": FAST},
            "euchre.game": {"v": 1, "data": {"save": model["save"]}},
        },
    )
    goto(page, "practice/play/")
    game = page.locator("[data-widget=game]")
    wait_ready(page, "[data-widget=game]")
    wait_for_my_decision(page, game)
    message = game.locator("[data-region=message]")
    for play in (first, second):
        game.locator(f'.eu-hand [data-card="{play.removeprefix("play ")}"]').click()
        page.wait_for_function(
            "(el) => el.dataset.kind === 'illegal'", arg=message.element_handle()
        )
        message.evaluate("(el) => { delete el.dataset.kind; }")
    entries = [e for e in progress_after_queued_calls(page)["items"] if e["item"] == item[1]]
    assert [(e["skill"], e["wrong"]) for e in entries] == [(item[0], 1)]


def test_answers_given_at_once_are_all_kept(page: Any) -> None:
    """Three answers recorded at the same moment (a room's verdict can arrive beside a
    refused card) are all in the record: each call reads the record the one before stored."""
    goto(page, "practice/progress/")
    wait_ready(page, PROGRESS)
    page.evaluate("""async () => {
        const { recordAnswer } = await import(new URL('../../assets/euchre/mastery.js', location.href).href);
        await Promise.all([recordAnswer('discard', 'one', false), recordAnswer('leading', 'two', true),
                           recordAnswer('left-bower', 'three', false)]);
    }""")
    stored = {(e["skill"], e["item"]) for e in stored_progress(page)["items"]}
    assert stored == {("discard", "one"), ("leading", "two"), ("left-bower", "three")}


def test_a_decision_taken_back_and_made_again_counts_once(page: Any) -> None:
    """Free play's Undo lets the learner make the same decision again: the same right answer
    at the same decision was counted each time (four in twenty seconds made an item
    "Strong"). A different verdict at that decision, or the same one elsewhere, counts."""
    goto(page, "practice/progress/")
    wait_ready(page, "[data-widget=progress]")
    feed = """async ([url, field, decision]) => (await import(url)).feedMastery(field, decision)"""
    url = page.evaluate("() => new URL('../../assets/euchre/mastery.js', location.href).href")
    right = {"skill": "ordering-up", "item": "ordering up when an opponent deals", "correct": True}
    wrong = {**right, "correct": False}
    for field, decision in [
        (right, "save-A"),
        (right, "save-A"),
        (right, "save-A"),
        (wrong, "save-A"),
        (right, "save-B"),
    ]:
        page.evaluate(feed, [url, field, decision])
    entries = [e for e in progress_after_queued_calls(page)["items"] if e["item"] == right["item"]]
    assert [(e["right"], e["wrong"]) for e in entries] == [(2, 1)], entries
