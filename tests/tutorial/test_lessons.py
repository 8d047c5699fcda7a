"""Lessons as data: every lesson of the path validates; a broken one is refused, naming its
id and step, by the loader, by the lesson widget's render() and by ``mkdocs build --strict``."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import euchre
import pytest
from euchre import Phase, Rules
from euchre_tutorial.lessons import DATA, LessonError, load_lesson_file, load_lessons, validate
from euchre_tutorial.lessons.model import Lesson, parse_lesson
from euchre_tutorial.lessons.runner import Rejected, replay, start_run
from euchre_tutorial.lessons.validate import solution
from euchre_tutorial.widgets import lesson as lesson_widget

FIXTURES = Path(__file__).parent / "fixtures"
BROKEN = FIXTURES / "broken_lessons"
PATH_IDS = [
    "bowers",
    "left-bower",
    "winning-tricks",
    "order-up",
    "round-two",
    "dealer",
    "alone",
    "scoring",
    "coach",
    "bid-euchre",  # Bid Euchre's bidding, after the Euchre path
]


@pytest.mark.parametrize("path", sorted(DATA.glob("*.toml")), ids=lambda p: p.stem)
def test_every_lesson_validates(path: Path) -> None:
    validate(load_lesson_file(path))


def test_the_path_covers_the_topics_in_order() -> None:
    assert [lesson.id for lesson in load_lessons()] == PATH_IDS


def test_every_step_can_be_completed() -> None:
    for lesson in load_lessons():
        for index in range(len(lesson.steps)):
            moves = solution(lesson, index)
            run = replay(lesson, index, moves)
            assert run.outcome is True, (lesson.id, index)


def test_broken_fixture_names_id_and_step() -> None:
    with pytest.raises(LessonError) as info:
        load_lessons(BROKEN)
    message = str(info.value)
    assert "'broken-demo'" in message and "step 2 ('no-such-card')" in message
    assert "Q♠" in message or "Qs" in message


def test_render_validates_and_fails_on_the_broken_fixture() -> None:
    html = lesson_widget.render({"id": "lessons"}, Rules())
    assert 'href="?lesson=bowers"' in html and "eu-table" in html
    with pytest.raises(LessonError, match=r"broken-demo.*no-such-card"):
        lesson_widget.render({"source": str(BROKEN)}, Rules())


def test_mkdocs_build_fails_naming_id_and_step(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(FIXTURES / "broken_page", project)
    page = project / "docs" / "index.md"
    page.write_text(page.read_text().replace("LESSONS", str(BROKEN)))
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "out")],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "broken-demo" in done.stderr and "no-such-card" in done.stderr


def _deal() -> dict[str, object]:
    return {
        "dealer": 0,
        "upcard": "9h",
        "hands": ["9c Tc Jc Qc Kc", "9d Td Jd Qd Kd", "9s Ts Js Qs Ks", "Th Jh Qh Kh Ah"],
    }


def _lesson(**step: object) -> dict[str, object]:
    base = {
        "id": "s",
        "narration": "n",
        "seat": 1,
        "deal": _deal(),
        "before": ["order", "discard 9c"],
        "hints": ["h"],
    }
    return {"id": "demo", "title": "Demo", "steps": [{**base, **step}]}


@pytest.mark.parametrize(
    ("step", "words"),
    [
        ({"expect": "play Ah"}, "expected action 'play Ah' is illegal"),
        ({"before": ["order", "discard 9s"], "expect": "play Kd"}, "'before' action"),
        ({"goal": "take 6 tricks"}, "unknown goal"),
        ({"goal": "win this trick", "script": ["play Ah"]}, "scripted action 'play Ah' is illegal"),
        ({"deal": {**_deal(), "upcard": "9c"}, "expect": "play Kd"}, "impossible deal"),
        (
            {"before": ["order alone", "discard 9c"], "seat": 3, "expect": "pass"},
            "never gets to act",
        ),
        ({"goal": "go alone"}, "cannot be reached"),
    ],
)
def test_validator_errors(step: dict[str, object], words: str) -> None:
    with pytest.raises(LessonError) as info:
        validate(parse_lesson(_lesson(**step)))
    assert words in str(info.value)
    assert "lesson 'demo'" in str(info.value)


def test_a_wrong_action_is_explained_by_the_engine_and_the_lesson() -> None:
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "left-bower")
    run = start_run(lesson, 0)
    refused = run.move("play Jc")
    assert refused is not None and not refused.legal
    assert "left bower" in refused.reason and "K♣" in refused.reason
    # the lesson's note adds the lesson's point, not the engine's reason again
    assert refused.note == "The J♣ counts as a spade for this whole deal. The K♣ is your only club."


def _refused_illegal_cards() -> dict[tuple[str, str], Rejected]:
    """For each goal step: the learner plays their first legal card trick after trick until
    they hold a card the rules forbid, then plays that card (what the step answered)."""
    refused = {}
    for lesson in load_lessons():
        for index, step in enumerate(lesson.steps):
            if step.goal is None:
                continue
            run = start_run(lesson, index)
            while run.outcome is None and run.state.to_act == step.seat:
                state = run.state
                cards = [f"play {card}" for card in state.hand(step.seat)]
                illegal = [text for text in cards if state.why_illegal(text)]
                if illegal and state.phase is Phase.PLAY:
                    answer = run.move(illegal[0])
                    assert answer is not None
                    refused[lesson.id, step.id] = answer
                    break
                legal = [text for text in cards if not state.why_illegal(text)]
                if not legal or run.move(legal[0]) is not None:
                    break
    return refused


def test_an_illegal_card_in_a_goal_step_gets_the_engine_s_reason_alone() -> None:
    # The step's `wrong` note is about the missed goal ("The K♠ beats the 9♠", "The makers
    # reached three tricks"): beside a card that was refused, and so not played, it is false.
    refused = _refused_illegal_cards()
    assert set(refused) >= {
        ("bowers", "left-bower"),
        ("left-bower", "follow-trump"),
        ("winning-tricks", "highest-of-suit"),
        ("dealer", "defend"),
    }
    for where, answer in refused.items():
        assert not answer.legal and "follow" in answer.reason, (where, answer.reason)
        assert answer.note == "", (where, answer.note)


def test_a_legal_card_the_step_does_not_want_still_gets_the_lesson_s_note() -> None:
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "bowers")
    refused = start_run(lesson, 1).move("play Qh")
    assert refused is not None and refused.legal
    assert refused.note.startswith("The A♥ beats the Q♥.")


def _said_times(words: str, html: str) -> int:
    return html.replace("&#x27;", "'").replace("&quot;", '"').count(words)


@pytest.mark.parametrize("lesson", load_lessons(), ids=lambda lesson: lesson.id)
def test_a_finished_trick_is_explained_once_on_screen(lesson: Lesson) -> None:
    """When a step ends with a trick on the table, the table's note under the trick
    explains it, and the step's feedback does not say it a second time (the two are both
    read out by a screen reader); a step that ends later still explains its last trick."""
    for index in range(len(lesson.steps)):
        run = replay(lesson, index, solution(lesson, index))
        model = lesson_widget.step_model(run)
        state = run.state
        if not state.tricks or run.start is None or len(state.tricks) == len(run.start.tricks):
            continue
        why = euchre.explain_trick(state.tricks[-1].cards, state.trump)
        screen = model["html"]["table"] + model["html"]["feedback"]
        assert _said_times(why, screen) == 1, (lesson.id, index, why)


@pytest.mark.parametrize("lesson", load_lessons(), ids=lambda lesson: lesson.id)
def test_a_step_without_a_goal_of_its_own_names_the_decision_not_its_answer(
    lesson: Lesson,
) -> None:
    """A step that expects one action says what kind of decision it is ("Follow suit.",
    "Make your bid."), never a blank "choose the right action", and never the answer: no
    card or suit of the expected action."""
    for index, step in enumerate(lesson.steps):
        if step.goal is not None:
            continue
        run = replay(lesson, index, [])
        goal = lesson_widget.step_model(run)["step"]["goal"]
        assert goal and "right action" not in goal, (lesson.id, step.id, goal)
        for expected in step.expect:
            action = euchre.Action.parse(expected)
            named = [c.code for c in action.cards] + ([action.suit.singular] if action.suit else [])
            assert not any(word.lower() in goal.lower() for word in named), (step.id, goal)


PLAY_GOALS = ("win-trick", "take", "euchre", "win-deal")
SURE_BY_DESIGN = {("alone", "march"), ("scoring", "euchre")}
"""Steps that show a hand which cannot lose, and say so: the five top trumps played alone
("This hand wins every trick by itself"), the three top trumps against the makers ("Your
three top trumps can win three tricks by themselves")."""


def _some_line_misses(lesson: Lesson, index: int, moves: list[str], budget: list[int]) -> bool:
    """Whether some line of the learner's legal moves from ``moves`` misses the step's goal
    (a depth-first search over at most ``budget[0]`` replays)."""
    budget[0] -= 1
    if budget[0] < 0:
        return False
    run = replay(lesson, index, moves)
    if run.outcome is not None:
        return run.outcome is False
    state = run.state
    if state.to_act != lesson.steps[index].seat:
        return False
    for action in state.legal_actions():
        run = replay(lesson, index, moves)
        if run.move(str(action)) is not None:
            continue  # refused as not what the step asks: not a line of play
        if run.outcome is False:
            return True
        if run.outcome is None and _some_line_misses(lesson, index, [*moves, str(action)], budget):
            return True
    return False


def test_every_step_with_a_goal_can_be_missed() -> None:
    """A goal the learner plays towards freely (no one expected action) that cannot be
    missed teaches nothing, and its hints and its note for a miss describe a danger that is not there (the march step once dealt the learner the
    five best trumps: every card won, whatever the order)."""
    for lesson in load_lessons():
        for index, step in enumerate(lesson.steps):
            # a goal of play (tricks to take); a step that expects one action refuses the rest
            if (
                step.goal
                and step.goal.kind in PLAY_GOALS
                and not step.expect
                and (lesson.id, step.id) not in SURE_BY_DESIGN
            ):
                assert _some_line_misses(lesson, index, [], [400]), (lesson.id, step.label)
