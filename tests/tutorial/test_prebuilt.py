"""The build's replies (``euchre_tutorial.prebuilt``): every reply in the files a site build
writes equals what the bridge's handler answers for the same request, whatever the history
behind the key; the default quiz run, every lesson and each pre-dealt game are answered as
far as the page needs; a teacher's link of the teacher's page's seeds shows its own first
question; and a pre-dealt game's file names no card the learner may not see.

The files are made as ``make site`` makes them (the widgets drawn while gathering), from
the build's cache in ``build/prebuilt-cache/`` when it holds them."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from euchre import Card, Rules, make_deck
from euchre_tutorial import bridge
from euchre_tutorial.lessons import lesson_by_id
from euchre_tutorial.lessons.runner import replay
from euchre_tutorial.prebuilt import publish
from euchre_tutorial.prebuilt.lesson_steps import MAX_SLIPS, nodes
from euchre_tutorial.prebuilt.links import link_key
from euchre_tutorial.prebuilt.openings import MIN_DECISIONS, seen_by_others
from euchre_tutorial.prebuilt.quiz_run import right_and_wrong, view_payload
from euchre_tutorial.prebuilt.store import expand
from euchre_tutorial.present.quiz import answers_of
from euchre_tutorial.quiz import QuestionId, base_spec, build, parse_query
from euchre_tutorial.quiz.spec import LINK_SEEDS
from euchre_tutorial.widgets import game as game_widget
from euchre_tutorial.widgets import lesson as lesson_widget
from euchre_tutorial.widgets import quiz as quiz_widget
from euchre_tutorial.widgets.game import SEAT, Save, opening_game

from tests.tutorial.test_seat_secrets import named

ROOT = Path(__file__).resolve().parents[2]
RULES = Rules()


@pytest.fixture(scope="module")
def files() -> dict[str, dict[str, Any]]:
    """The files of replies a site build of the default rules writes, by kind."""
    os.environ.setdefault(publish.CACHE_ENV, str(ROOT / "build" / "prebuilt-cache"))
    publish.collect()
    try:
        quiz_widget.render({"id": "trick-quiz", **quiz_widget.check_config({}, RULES)}, RULES)
        lesson_widget.render({"id": "lessons"}, RULES)
        game_widget.render({"id": "free-play", **game_widget.check_config({}, RULES)}, RULES)
    finally:
        made = publish.forget()
    return {name.split(".")[0]: json.loads(content) for name, content in made.items()}


def ask(method: str, payload: dict[str, Any]) -> Any:
    reply = json.loads(bridge.dispatch(method, json.dumps(payload)))
    assert reply["ok"], (method, payload, reply)
    return reply["value"]


def split(part: str) -> list[str]:
    return [v for v in part.split(",") if v]


# ---------------------------------------------------------------------- the quiz
def other_history(ids: list[str], count: int, score: int, rng: random.Random) -> list[Any]:
    """Answers to the first ``count`` questions with ``score`` right, the right ones in
    random places and each wrong one a random wrong answer (not the build's history)."""
    right = set(rng.sample(range(count), score))
    out = []
    for n, qid in enumerate(ids[:count]):
        good, _bad = right_and_wrong(qid)
        question = build(QuestionId.parse(qid))
        wrong = [
            list(a)
            for a in answers_of(question.to_public())
            if sorted(a) != sorted(good) or (question.pick != "many" and list(a) != good)
        ]
        given = good if n in right else rng.choice(wrong)
        out.append({"id": qid, "given": given, "ok": n in right})
    return out


def quiz_request(
    data: dict[str, Any], key: str, rng: random.Random, rules: Rules = RULES
) -> tuple[str, Any]:
    page = {
        "ids": data["ids"],
        "query": data["query"],
        "config": quiz_widget.check_config({}, rules),
        "rules": rules.to_dict(),
    }
    kind, *rest = key.split("|")
    if kind == "r":
        n, given = int(rest[0]), split(rest[1])
        return "quiz.row", {"id": data["ids"][n], "index": n, "given": given, "review": False}
    if kind == "e":
        history = other_history(data["ids"], len(data["ids"]), int(rest[0]), rng)
        return "quiz.end", view_payload(page, history, phase="summary")
    n, score, picks = int(rest[0]), int(rest[1]), split(rest[2])
    history = other_history(data["ids"], n, score, rng)
    method = "quiz.view" if kind == "q" else "quiz.answer"
    return method, view_payload(page, history, picked=picks)


def test_every_reply_of_the_default_quiz_run_is_the_engines(files: dict[str, Any]) -> None:
    """Each stored reply equals the handler's for the same state reached by another
    history (the same number of questions answered, as many right, in other places)."""
    data = files["quiz"]
    rng = random.Random(7)
    for key in data["r"]:
        method, payload = quiz_request(data, key, rng)
        assert expand(data, key) == ask(method, payload), key


def test_the_default_quiz_run_is_answered_to_its_end(files: dict[str, Any]) -> None:
    data = files["quiz"]
    ids = data["ids"]
    assert len(ids) == 10
    for n, qid in enumerate(ids):
        answers = [",".join(a) for a in answers_of(build(QuestionId.parse(qid)).to_public())]
        for score in range(n + 1):
            assert f"q|{n}|{score}|" in data["r"]
            assert all(f"a|{n}|{score}|{a}" in data["r"] for a in answers), (n, score)
        assert all(f"r|{n}|{a}" in data["r"] for a in answers)
    assert all(f"e|{score}" in data["r"] for score in range(len(ids) + 1))


# ---------------------------------------------------------------------- the lessons
def lesson_request(lesson: str, key: str) -> tuple[str, Any]:
    kind, step, moves, *rest = key.split("|")
    base = {"lesson": lesson, "step": int(step), "moves": split(moves)}
    if kind == "s":
        return "lesson.step", base
    if kind == "h":
        return "lesson.hint", {**base, "level": int(rest[0])}
    if kind == "f":
        return "lesson.finish", {**base, "mistakes": int(rest[0]), "hints": int(rest[1])}
    field, _, value = rest[0].partition(":")
    return "lesson.act", {**base, field: value}


def lesson_files(files: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for kind, data in sorted(files.items()):
        if kind.startswith("lesson-"):
            yield data["lesson"], data


def test_every_reply_of_every_lesson_is_the_engines(files: dict[str, Any]) -> None:
    lessons = dict(lesson_files(files))
    assert list(lessons)[:3] == ["alone", "bid-euchre", "bowers"] and len(lessons) == 10
    for lesson, data in lessons.items():
        for key in data["r"]:
            method, payload = lesson_request(lesson, key)
            assert expand(data, key) == ask(method, payload), (lesson, key)


def test_every_lesson_is_answered_to_its_end(files: dict[str, Any]) -> None:
    """Every point of every step where the learner acts: the step drawn, every card and
    choice, every hint; every way to finish the last step, with its stars."""
    for lesson_id, data in lesson_files(files):
        lesson = lesson_by_id(lesson_id)
        for index, step in enumerate(lesson.steps):
            for moves in nodes(lesson, index):
                at = f"{index}|{','.join(moves)}"
                run = replay(lesson, index, moves)
                view = run.state.view(step.seat)
                assert f"s|{at}" in data["r"], (lesson_id, at)
                assert all(f"a|{at}|card:{c.code}" in data["r"] for c in view.hand), at
                assert all(f"h|{at}|{n}" in data["r"] for n in range(len(step.hints))), at
        done = [k for k in data["r"] if k.startswith("f|") and k.endswith(f"|{MAX_SLIPS}|0")]
        assert done, lesson_id  # the lesson's end, with its stars


# ---------------------------------------------------------------------- free play
def openings(files: dict[str, Any]) -> Iterator[dict[str, Any]]:
    found = [data for kind, data in sorted(files.items()) if kind.startswith("play-")]
    assert len(found) >= 3
    yield from found


def opening_request(data: dict[str, Any], key: str) -> tuple[str, Any]:
    kind, *rest = key.split("|")
    base = {"save": data["root"], "choices": split(rest[0]) if rest else []}
    methods = {"n": "game.next", "s": "game.state", "h": "game.hint", "u": "game.undo"}
    if kind in methods:
        return methods[kind], base
    field, _, value = rest[1].partition(":")
    return "game.act", {**base, field: value}


def test_every_reply_of_every_pre_dealt_game_is_the_engines(files: dict[str, Any]) -> None:
    for data in openings(files):
        for key in data["r"]:
            method, payload = opening_request(data, key)
            assert expand(data, key) == ask(method, payload), key


SEAT_NAMES = {1: "West", 2: "North", 3: "East"}


def test_a_pre_dealt_game_says_each_computer_move_before_the_learners_first(
    files: dict[str, Any],
) -> None:
    """The first reply plays the deal from its start, as a new game does: each move the
    computer seats make before the learner's first decision is a frame of its own, said
    ("West passes."), so a learner who hears the page hears the bidding so far."""
    for data in openings(files):
        first = expand(data, "n")
        root = Save.unpack(data["root"])
        actors = opening_game(root, ()).state.actors
        assert len(first["frames"]) == 1 + len(actors), data["game"]
        said = [frame["said"] for frame in first["frames"][1:]]
        assert [words.split(" ")[0] for words in said] == [SEAT_NAMES[a] for a in actors]
        assert (
            first["frames"][-1]["regions"]["table"]
            == expand(data, "s|")["frames"][0]["regions"]["table"]
        )


def lines(data: dict[str, Any]) -> Iterator[list[str]]:
    """Every line of the learner's choices a pre-dealt game's file answers to its end."""
    taken: dict[str, list[str]] = {}
    for key in data["r"]:
        if key.startswith("a|"):
            reply = expand(data, key)
            if "choices" in reply:
                taken.setdefault(key.split("|")[1], []).append(",".join(reply["choices"]))
    stack = [""]
    while stack:
        at = stack.pop()
        if at not in taken:
            yield split(at)
        stack.extend(taken.get(at, []))


def test_each_pre_dealt_game_answers_five_decisions_on_every_line(files: dict[str, Any]) -> None:
    for data in openings(files):
        ends = list(lines(data))
        assert ends and all(len(line) >= MIN_DECISIONS for line in ends), data["game"]
        assert data["options"] == game_widget.form_options({"level": "normal"}, RULES)


def shown_on_a_line(data: dict[str, Any]) -> set[Card]:
    """The cards the learner's seat is shown on the game's answered lines: its own hand,
    the upcard, and every card another seat played on one of them (Undo shows each line)."""
    root = Save.unpack(data["root"])
    state = opening_game(root, ()).state
    seen = set(state.hand(SEAT)) | {state.upcard}
    for line in lines(data):
        for count in range(len(line) + 1):
            played = opening_game(root, tuple(line[:count])).state
            seen |= {card for _seat, card in played.current_trick}
            seen |= {card for trick in played.tricks for card in trick.cards}
            seen |= set(played.hand(SEAT))
    return seen


def test_a_pre_dealt_game_names_no_card_the_learner_may_not_see(files: dict[str, Any]) -> None:
    """Every line of the learner's choices the file answers shows the same cards of the
    other hands by its end, so the file tells a reader nothing the learner does not see
    whatever they play; and nothing in it, keys or replies, names another card (the rest
    of a hand, the kitty, a discard). No reply shows a review (every hand)."""
    for data in openings(files):
        root = Save.unpack(data["root"])
        assert len({seen_by_others(root, tuple(line)) for line in lines(data)}) == 1
        shown = shown_on_a_line(data)
        texts = [*data["f"], *data["r"]]
        for card in set(make_deck(RULES.deck, RULES.joker)) - shown:
            leaks = [t[:80] for t in texts if named(card, t)]
            assert not leaks, (data["game"], card.code, leaks[:3])
        assert not [t for t in data["f"] if "eu-review" in t]
        assert not [
            t for t in data["f"] if re.search(r"(West|North|East) discards (?!a card face down)", t)
        ]
        assert "save" not in json.dumps(data["r"])  # replies name the game by its choices


# ---------------------------------------------------------------------- a teacher's link
def link_files(files: dict[str, Any]) -> Iterator[dict[str, Any]]:
    found = [data for kind, data in sorted(files.items()) if kind.startswith("quiz-links-")]
    assert {data["seed"] for data in found} == set(LINK_SEEDS)
    yield from found


def test_every_link_of_the_teachers_seeds_shows_its_own_first_question(
    files: dict[str, Any],
) -> None:
    """Each stored first question is the one the link's quiz asks first, whatever its
    count (which the key leaves out), as ``quiz.preview`` draws it."""
    rng = random.Random(3)
    base = quiz_widget.check_config({}, RULES)
    for data in link_files(files):
        assert len(data["r"]) == 31 * 4 * 7  # every set of kinds, difficulty and trap rate
        for key in data["r"]:
            parts = key.split("&")
            query = "&".join([*parts[:2], f"count={rng.randint(1, 50)}", *parts[2:]])
            spec, notes = parse_query(query, base_spec(base, RULES))
            assert not notes and link_key(spec.to_query()) == key
            stored = expand(data, key)
            assert stored == ask("quiz.preview", {"config": base, "rules": {}, "query": query})
            first = str(spec.question_ids()[0])
            assert f'data-question="{first}"' in stored["html"]


def test_a_deal_the_learner_sits_out_is_never_pre_dealt() -> None:
    """Under a partner's Canadian loner the learner's seat may never act in the first deal
    (seed 24 of the sample house rules): such a deal is passed over, and the build finds
    other deals (it stopped with "it was not your turn")."""
    from euchre_tutorial.prebuilt.openings import opening_seeds

    rules = Rules.from_file(Path(__file__).parents[1] / "site" / "fixtures" / "house-rules.toml")
    options = game_widget.form_options({}, rules)

    def root(seed: int) -> Save:
        return game_widget.opening_root(options, rules, seed)

    assert opening_game(root(24), ()).state.to_act != SEAT
    seeds = opening_seeds(root)
    assert seeds and 24 not in seeds
    assert all(opening_game(root(seed), ()).state.to_act == SEAT for seed in seeds)
