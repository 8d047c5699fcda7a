"""The default quiz run, answered at build time: every question of the page's quiz, every
set of picks and every answer with its verdict, the end of the run and the row of every
miss, as the bridge's ``quiz.*`` handlers answer them.

The page looks a reply up by a key of the quiz's state (``quiz.js`` makes the same keys):

``q|<n>|<score>|<picks>``   ``quiz.view``: question ``n`` (0-based) with the picks so far
``a|<n>|<score>|<picks>``   ``quiz.answer``: those picks checked
``e|<score>``               ``quiz.end``: the end of the run, without its rows
``r|<n>|<given>``           ``quiz.row``: the row of answer ``given`` to question ``n``

(picks and answers are option values joined by commas). What a question shows depends on
the run only through how many questions were answered and how many right: the tests check
it over random runs. A question with more than ``MAX_STATES`` picks and answers (an order
of six cards) is left out: the page waits for Python there.

>>> from euchre import Rules
>>> from euchre_tutorial.widgets.quiz import check_config
>>> store = default_run(check_config({"count": "2"}, Rules()), Rules())
>>> sorted({key.split("|")[0] for key in store.replies})
['a', 'e', 'q', 'r']
>>> store.extra["ids"] == [str(q) for q in __import__("euchre_tutorial.quiz", fromlist=["x"]).base_spec(check_config({"count": "2"}, Rules()), Rules()).question_ids()]
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from euchre import Rules

from euchre_tutorial import bridge
from euchre_tutorial.prebuilt.store import ReplyStore
from euchre_tutorial.present.quiz import MAX_STATES, answers_of, pick_states
from euchre_tutorial.quiz import QuestionId, build, check
from euchre_tutorial.widgets.quiz import first_state

KIND = "quiz"


def ask(method: str, payload: Mapping[str, Any]) -> Any:
    """The bridge's value for a request (the build stops on a refusal: a bug, not data)."""
    reply = json.loads(bridge.dispatch(method, json.dumps(payload)))
    if not reply["ok"]:
        raise RuntimeError(f"{method} refused a build-time request: {reply['error']}")
    return reply["value"]


def joined(values: Sequence[str]) -> str:
    """Picks or an answer as a key part.

    >>> joined(["Jd", "Ah"]), joined([])
    ('Jd,Ah', '')
    """
    return ",".join(values)


def view_payload(
    page: Mapping[str, Any], answers: Sequence[Mapping[str, Any]], **state: Any
) -> dict[str, Any]:
    """The request ``quiz.js`` sends for the default run (``viewPayload``), ``answers`` so far."""
    run = {"ids": page["ids"], "answers": list(answers), "query": page["query"]}
    return {
        "run": run,
        "phase": "question",
        "picked": [],
        "review": [],
        "reset": False,
        "link_notes": [],
        "pending_link": False,
        "config": page["config"],
        "rules": page["rules"],
        **state,
    }


def right_and_wrong(qid: str) -> tuple[list[str], list[str]]:
    """A right and a wrong answer to a question (as ``check`` normalizes them)."""
    question = build(QuestionId.parse(qid))
    right = list(question.answer)
    for given in answers_of(question.to_public()):
        if not check(question, list(given))["correct"]:
            return right, list(given)
    raise RuntimeError(f"question {qid} has no wrong answer")


def history(ids: Sequence[str], count: int, score: int) -> list[dict[str, Any]]:
    """Answers to the first ``count`` questions, ``score`` of them right (the first ones)."""
    out = []
    for n, qid in enumerate(ids[:count]):
        right, wrong = right_and_wrong(qid)
        given = right if n < score else wrong
        out.append({"id": qid, "given": given, "ok": n < score})
    return out


def _question(store: ReplyStore, page: Mapping[str, Any], n: int, score: int) -> None:
    ids = page["ids"]
    public = build(QuestionId.parse(ids[n])).to_public()
    if len(list(pick_states(public))) + len(list(answers_of(public))) > MAX_STATES:
        return  # too many ways to answer it (an order of six): the page waits for Python
    answers = history(ids, n, score)
    for picks in pick_states(public):
        payload = view_payload(page, answers, picked=list(picks))
        store.add(f"q|{n}|{score}|{joined(picks)}", ask("quiz.view", payload))
    for given in answers_of(public):
        payload = view_payload(page, answers, picked=list(given))
        store.add(f"a|{n}|{score}|{joined(given)}", ask("quiz.answer", payload))


def rows(page: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The row of every answer to every question (keys and requests)."""
    for n, qid in enumerate(page["ids"]):
        public = build(QuestionId.parse(qid)).to_public()
        for given in answers_of(public):
            yield (
                f"r|{n}|{joined(given)}",
                {"id": qid, "index": n, "given": list(given), "review": False},
            )


def page_of(config: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """What the page's quiz starts from: its question ids and share query, its settings."""
    state = first_state(config, rules)
    return {
        "ids": list(state.ids),
        "query": state.query,
        "config": dict(config),
        "rules": rules.to_dict(),
    }


def default_run(config: Mapping[str, Any], rules: Rules) -> ReplyStore:
    """Every reply of the page's default quiz run (``config``: the widget's checked
    settings with its ``id``)."""
    page = page_of(config, rules)
    ids = page["ids"]
    store = ReplyStore(KIND, ids=ids, query=page["query"])
    for n in range(len(ids)):
        for score in range(n + 1):
            _question(store, page, n, score)
    for score in range(len(ids) + 1):
        payload = view_payload(page, history(ids, len(ids), score), phase="summary")
        store.add(f"e|{score}", ask("quiz.end", payload))
    for key, payload in rows(page):
        store.add(key, ask("quiz.row", payload))
    return store
