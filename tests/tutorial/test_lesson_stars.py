"""The lessons' one star rule, played through the lesson widget's handlers as the page plays
them (it adds up each reply's ``mistake`` and each hint's ``counts``, then asks
``lesson.finish``): every lesson earns three stars played cleanly, fewer after a refused
card or bid, and fewer after a missed goal tried again; the coach's lesson lets the learner
ask for hints for free; "Another hint" never says the same thing twice."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from euchre_tutorial.lessons import Lesson, default_lessons, lesson_by_id
from euchre_tutorial.lessons.runner import replay
from euchre_tutorial.lessons.stars import MEANING, stars
from euchre_tutorial.lessons.validate import solution
from euchre_tutorial.present.lesson import path_html
from euchre_tutorial.widgets import lesson as widget

LESSONS = [lesson.id for lesson in default_lessons()]


@dataclass
class Learner:
    """What the lesson page keeps: the step, the accepted moves, and the counts for stars."""

    lesson: Lesson
    step: int = 0
    moves: list[str] = field(default_factory=list)
    mistakes: int = 0
    hints: int = 0
    hint_level: int = 0
    last: dict[str, Any] = field(default_factory=dict)

    def payload(self) -> dict[str, Any]:
        return {"lesson": self.lesson.id, "step": self.step, "moves": list(self.moves)}

    def act(self, action: str) -> dict[str, Any]:
        reply = widget.act({**self.payload(), "action": action})
        self.mistakes += bool(reply["mistake"])
        if "flags" in reply:
            self.moves = reply["flags"]["moves"]
        self.last = reply
        return reply

    def hint(self) -> dict[str, Any]:
        reply = widget.hint({**self.payload(), "level": self.hint_level})
        self.hints += bool(reply["counts"])
        self.hint_level += 1
        return reply

    def retry(self) -> None:
        self.moves, self.hint_level = [], 0

    def next_step(self) -> None:
        self.step, self.moves, self.hint_level = self.step + 1, [], 0

    def play_step(self) -> None:
        """The step's winning line, from its start."""
        self.retry()
        for move in solution(self.lesson, self.step):
            reply = self.act(move)
            assert "rejected" not in reply, (self.lesson.id, self.step, move, reply)
        assert self.last["flags"]["outcome"] is True

    def finish(self) -> int:
        assert self.last["flags"]["complete"] is True
        done = widget.finish({**self.payload(), "mistakes": self.mistakes, "hints": self.hints})
        assert f"({done['stars']} of 3 stars)" in done["html"]
        return int(done["stars"])


def play_rest(learner: Learner) -> int:
    """Finish the lesson cleanly from the learner's step; its stars."""
    while True:
        learner.play_step()
        if learner.step + 1 == len(learner.lesson.steps):
            return learner.finish()
        learner.next_step()


def refused_action(lesson: Lesson, index: int, moves: list[str]) -> str | None:
    """A card or bid the step refuses after ``moves`` (against the rules, or not what the
    step asks for), if it has one."""
    run = replay(lesson, index, moves)
    state = run.state
    texts = [f"play {card.code}" for card in state.hand(run.step.seat)]
    texts += [str(a) for a in state.legal_actions()]
    for text in texts:
        if replay(lesson, index, moves).move(text) is not None:
            return text
    return None


def first_refusal(lesson: Lesson) -> tuple[int, list[str], str] | None:
    """The first place on the lesson's winning line where a card or bid is refused: the
    step, the moves before it, and that card or bid."""
    for index in range(len(lesson.steps)):
        line = solution(lesson, index)
        for n in range(len(line)):
            text = refused_action(lesson, index, line[:n])
            if text is not None:
                return index, line[:n], text
    return None


def missed_line(lesson: Lesson, index: int) -> list[str] | None:
    """Moves that miss the step's goal (the first such line), if any."""

    def search(moves: list[str], budget: list[int]) -> list[str] | None:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        run = replay(lesson, index, moves)
        for action in run.state.legal_actions():
            branch = replay(lesson, index, moves)
            if branch.move(str(action)) is not None:
                continue
            line = [*moves, str(action)]
            if branch.outcome is False:
                return line
            if branch.outcome is None:
                found = search(line, budget)
                if found is not None:
                    return found
        return None

    if lesson.steps[index].goal is None:
        return None
    return search([], [300])


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_a_lesson_played_cleanly_earns_three_stars(lesson_id: str) -> None:
    learner = Learner(lesson_by_id(lesson_id))
    assert play_rest(learner) == 3
    assert (learner.mistakes, learner.hints) == (0, 0)


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_a_refused_card_or_bid_costs_a_star_in_every_lesson(lesson_id: str) -> None:
    lesson = lesson_by_id(lesson_id)
    found = first_refusal(lesson)
    assert found is not None, f"{lesson_id}: nothing is ever refused on its winning line"
    at, before, text = found
    learner = Learner(lesson)
    for _ in range(at):
        learner.play_step()
        learner.next_step()
    for move in before:
        learner.act(move)
    reply = learner.act(text)
    assert "rejected" in reply and reply["mistake"] is True
    for move in solution(lesson, at)[len(before) :]:
        learner.act(move)
    if learner.step + 1 < len(lesson.steps):
        learner.next_step()
        assert play_rest(learner) == 2
    else:
        assert learner.finish() == 2
    # the same card sent three times counts three times: each is a try the step refused
    again = Learner(lesson, step=at, moves=list(before))
    for _ in range(3):
        again.act(text)
    assert again.mistakes == 3 and play_rest(again) == 1


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_a_missed_goal_tried_again_costs_a_star_in_every_lesson_with_one(lesson_id: str) -> None:
    """ "Winning tricks" once gave three stars after two missed tricks, each tried again."""
    lesson = lesson_by_id(lesson_id)
    found = next(
        ((i, line) for i in range(len(lesson.steps)) if (line := missed_line(lesson, i))), None
    )
    if found is None:
        pytest.skip(f"{lesson_id}: no step's goal can be missed")
    at, line = found
    learner = Learner(lesson, step=at)
    for move in line:
        learner.act(move)
    assert learner.last["flags"]["outcome"] is False and learner.last["mistake"] is True
    # the missed step's table: a card sent now is not a new try and counts nothing
    assert learner.act(line[-1])["mistake"] is False
    assert play_rest(learner) == 2


def test_winning_tricks_missed_twice_is_not_three_stars() -> None:
    lesson = lesson_by_id("winning-tricks")
    learner = Learner(lesson)
    for _ in range(2):
        learner.retry()
        assert learner.act("play Td")["flags"]["outcome"] is False
    assert play_rest(learner) == 2 and learner.mistakes == 2


def test_round_two_counts_an_unwanted_bid_as_the_rule_says() -> None:
    """The same rule as a refused card: a bid the step does not ask for is a mistake."""
    learner = Learner(lesson_by_id("round-two"))
    reply = learner.act("order")
    assert reply["rejected"]["legal"] is True and reply["mistake"] is True
    assert play_rest(learner) == 2


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_a_lesson_hint_costs_a_star_except_in_the_coach_lesson(lesson_id: str) -> None:
    lesson = lesson_by_id(lesson_id)
    learner = Learner(lesson)
    learner.hint()
    expected = 3 if lesson.steps[0].coach else 2
    assert play_rest(learner) == expected


def test_asking_the_coach_in_the_whole_hand_costs_no_stars() -> None:
    lesson = lesson_by_id("coach")
    assert all(step.coach for step in lesson.steps)
    learner = Learner(lesson)
    asked = 0
    for move in solution(lesson, 0):
        reply = learner.hint()
        while reply["more"]:
            reply = learner.hint()
        asked += learner.hint_level
        learner.hint_level = len(lesson.steps[0].hints)  # the page keeps counting per step
        learner.act(move)
    assert asked > len(solution(lesson, 0))
    assert learner.hints == 0 and learner.finish() == 3


def _hints_at(learner: Learner) -> list[str]:
    """Every hint the page offers at the position on the table: the first, then "Another
    hint" while the reply says there is more."""
    said = [learner.hint()]
    while said[-1]["more"]:
        said.append(learner.hint())
        assert len(said) < 10
    return [reply["html"] for reply in said]


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_another_hint_never_repeats_advice_word_for_word(lesson_id: str) -> None:
    lesson = lesson_by_id(lesson_id)
    for index in range(len(lesson.steps)):
        learner = Learner(lesson, step=index)
        for move in [None, *solution(lesson, index)]:
            if move is not None:
                learner.act(move)
                if learner.last["flags"]["outcome"] is not None:
                    break
            said = _hints_at(learner)
            assert len(said) == len(set(said)), (lesson_id, index, said)


def test_every_decision_of_the_coach_lesson_gets_its_own_advice_once() -> None:
    lesson = lesson_by_id("coach")
    learner = Learner(lesson)
    first = _hints_at(learner)
    assert len(first) == len(lesson.steps[0].hints) + 1 and "coach" in first[-1].lower()
    for move in solution(lesson, 0)[:3]:
        learner.act(move)
        said = _hints_at(learner)
        assert len(said) == 1 and said[0] not in first, said


def test_a_hint_past_the_last_says_so_and_is_free() -> None:
    learner = Learner(lesson_by_id("winning-tricks"), step=2)
    said = _hints_at(learner)
    again = learner.hint()
    assert again["counts"] is False and again["more"] is False
    assert "no more hints" in again["html"] and said[-1].split(": ", 1)[1] in again["html"]
    assert learner.hints == len(said)


def test_the_rule_is_stated_under_the_lesson_path_and_matches_the_counts() -> None:
    html = path_html(widget.path_model())
    assert MEANING in html.replace("&#x27;", "'").replace("&#39;", "'")
    assert "no mistake and no hint" in MEANING and "one or two" in MEANING
    assert [stars(0, 0), stars(1, 0), stars(0, 2), stars(2, 1)] == [3, 2, 2, 1]


def test_a_stars_request_with_bad_counts_is_refused_plainly() -> None:
    from euchre_tutorial.bridge import BridgeError

    with pytest.raises(BridgeError, match="whole number"):
        widget.lesson_stars({"mistakes": "many", "hints": 0})
    with pytest.raises(BridgeError, match="whole number"):
        widget.lesson_stars({"mistakes": -1, "hints": 0})
