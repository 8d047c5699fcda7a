"""The share-link validator: hostile input gives notes and defaults, never an error, and
no note carries markup characters that could matter (the page shows them as text anyway)."""

from __future__ import annotations

import json

from euchre import Rules, RulesError
from euchre_tutorial import bridge
from euchre_tutorial.quiz import QuizSpec, parse_query
from euchre_tutorial.quiz.generate import build
from euchre_tutorial.quiz.rules_code import rules_code, rules_in_words
from euchre_tutorial.quiz.spec import MAX_COUNT, PARAMS
from euchre_tutorial.site_rules import site_profiles
from hypothesis import given, settings
from hypothesis import strategies as st

BASE = QuizSpec()
HOSTILE = [
    "kinds=<script>alert(1)</script>",
    "count=1000000000000000000000",
    "count=-3",
    "seed=1e9",
    "seed=99999999999999",
    "level=<img src=x onerror=alert(1)>",
    "traps=150",
    "rules=american,joker:<b>",
    "rules=../../etc/passwd",
    "deck=<script>alert(1)</script>",
    "joker=%00%ff&deck=-1",
    "kinds=plays&kinds=winner",
    "%00%ff%fe",
    "kinds=" + "plays," * 5000,
]


def test_good_link() -> None:
    spec, notes = parse_query(
        "?kinds=suit&seed=7&count=3&level=tournament&traps=100&rules=midwest", BASE
    )
    assert notes == []
    assert (spec.kinds, spec.seed, spec.count, spec.level, spec.traps, spec.rules) == (
        ("suit",),
        7,
        3,
        "tournament",
        100,
        "midwest",
    )
    again, _ = parse_query(spec.to_query(), BASE)
    assert again == spec


def test_house_rules_in_a_link() -> None:
    spec, notes = parse_query("rules=american,deck:32,joker:1", BASE)
    assert notes == [] and spec.rules == "american,deck:32,joker:1"


def test_rules_no_profile_has_are_named_with_the_names_a_link_may_use() -> None:
    _spec, notes = parse_query("rules=texas", BASE)
    assert notes == [
        "The rules “texas” were not used (no rule set has that name; a link may "
        "name american, midwest, long-deck, beginner, stick-the-dealer or bid-euchre)."
    ]


def test_a_wrong_house_rule_loses_only_itself() -> None:
    """A teacher picks Midwest rules and types two house rules, one misspelt: the quiz
    keeps Midwest and the good rule, and names the bad one as typed. (The whole rules
    were once dropped for the site's, with a note quoting the link's code.)"""
    spec, notes = parse_query("rules=midwest,stick_the_dealr:1,game_to:7", BASE)
    assert spec.rules == "midwest,game_to:7"
    assert notes == [
        "The house rule “stick_the_dealr:1” was not used (unknown rule "
        "stick_the_dealr: did you mean stick_the_dealer?)."
    ]


def test_house_rules_that_need_each_other_are_kept_together() -> None:
    spec, notes = parse_query("rules=american,players:3,partnerships:0,game_to:x", BASE)
    assert spec.rules == "american,players:3,partnerships:0"
    assert notes == ["The house rule “game_to:x” was not used (game_to must be a whole number)."]


def test_house_rules_after_an_unknown_rule_set_are_kept_over_the_sites() -> None:
    spec, notes = parse_query("rules=texas,deck:32", BASE)
    assert spec.rules == "american,deck:32"
    assert len(notes) == 1 and notes[0].startswith("The rules “texas” were not used")


def test_a_deck_or_joker_the_rules_cannot_take_is_named_with_what_they_can() -> None:
    _spec, notes = parse_query("deck=40&joker=7", BASE)
    assert notes == [
        "The deck “40” was not used (deck must be 24 or 32, not 40).",
        "The joker “7” was not used (joker must be 1 or 0: on or off).",
    ]


def test_hostile_values_are_dropped_with_a_note() -> None:
    for query in HOSTILE:
        spec, notes = parse_query(query, BASE)
        assert isinstance(spec, QuizSpec)
        assert 1 <= spec.count <= MAX_COUNT
        for note in notes:
            assert "<script>alert(1)</script>" not in note
            assert len(note) < 400


def test_unknown_kind_keeps_the_good_ones() -> None:
    spec, notes = parse_query("kinds=plays,bogus", BASE)
    assert spec.kinds == ("plays",)
    assert len(notes) == 1 and "bogus" in notes[0]


def test_huge_count_falls_back_to_the_default() -> None:
    spec, notes = parse_query("count=100000", BASE)
    assert spec.count == BASE.count and "100000" in notes[0]


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from([*PARAMS, "x"]), st.text(max_size=60)))
def test_any_query_gives_a_valid_spec(params: dict[str, str]) -> None:
    spec, notes = parse_query(params, BASE)
    assert isinstance(spec, QuizSpec)
    assert isinstance(notes, list)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_raw_query_gives_a_valid_spec(text: str) -> None:
    spec, _notes = parse_query(text, BASE)
    assert isinstance(spec, QuizSpec)


def call(method: str, payload: object) -> dict[str, object]:
    reply: dict[str, object] = json.loads(bridge.dispatch(method, json.dumps(payload)))
    return reply


def test_bridge_new_with_hostile_query() -> None:
    reply = call(
        "quiz.new",
        {"config": {}, "rules": Rules().to_dict(), "query": "?kinds=<script>x</script>&count=9999"},
    )
    assert reply["ok"] is True
    value = reply["value"]
    assert isinstance(value, dict)
    assert len(value["questions"]) == 10 and len(value["notes"]) == 2


def test_bridge_rejects_bad_ids_and_answers_in_words() -> None:
    assert call("quiz.check", {"id": "<script>", "answer": []})["ok"] is False
    reply = call("quiz.questions", {"ids": ["nope", "plays:learning:none:1@american"]})
    value = reply["value"]
    assert isinstance(value, dict)
    assert value["dropped"] == ["nope"] and len(value["questions"]) == 1
    qid = value["questions"][0]["id"]
    bad = call("quiz.check", {"id": qid, "answer": ["Xx"]})
    assert bad["ok"] is False and "option" in str(bad["error"])


def test_bridge_review_items_are_spread_in() -> None:
    review = ["suit:learning:plain-jack:5@american", "winner:learning:none:9@american"]
    reply = call("quiz.new", {"config": {}, "rules": {}, "review": review})
    questions = reply["value"]["questions"]  # type: ignore[index]
    assert [q["id"] for q in questions if q.get("review")] == review
    assert questions[0].get("review") is None


def test_a_link_s_rules_are_named_in_the_engine_s_words() -> None:
    """Every profile by its title; an option changed from it by the engine's own sentence for
    it, or, for one the engine describes only when on, as not played."""
    for name in site_profiles():
        profile = Rules.profile(name)
        assert rules_in_words(profile) == Rules.profile_title(name)
        for key, option in Rules.OPTIONS.items():
            value = getattr(profile, key)
            if not isinstance(value, bool):
                continue
            try:
                changed = profile.replace(**{key: not value})
            except RulesError:
                continue  # an option that needs another one first
            if rules_code(changed).split(",")[0] != name:
                continue  # closer to another profile, which the words then name
            sentence = dict(changed.describe()).get(key) or f"{option.label}: not played."
            assert (
                rules_in_words(changed)
                == f"{Rules.profile_title(name)}, with one change: {sentence}"
            )


def test_the_deck_and_the_joker_of_the_teacher_s_form_join_the_rules_code() -> None:
    """The form's deck and joker lists change the rules the link names; the link it makes
    says them in its rules code alone. A value the engine refuses is a note, in its words."""
    spec, notes = parse_query("rules=long-deck&deck=24&joker=1", BASE)
    assert notes == [] and spec.rules == "long-deck,deck:24,joker:1"
    assert "deck=" not in spec.to_query() and "rules=long-deck,deck:24,joker:1" in spec.to_query()
    spec, notes = parse_query("deck=&joker=", BASE)
    assert (spec, notes) == (BASE, [])
    spec, notes = parse_query("deck=28&joker=<b>", BASE)
    assert spec.rules == BASE.rules and len(notes) == 2
    assert "24 or 32" in notes[0] and "<b>" in notes[1] and "joker" in notes[1]


def test_defending_alone_joins_the_rules_code_and_changes_the_score_answers() -> None:
    """A lone defender's points are the one house rule besides the deck and the joker that
    changes a quiz's answers: the teacher's form has a list for it, and its link setting
    joins the rules code like theirs."""
    spec, notes = parse_query("rules=american&defend_alone=1", BASE)
    assert notes == [] and spec.rules == "american,defend_alone:1"
    spec, notes = parse_query("rules=long-deck&defend_alone=0", BASE)
    assert notes == [] and spec.rules == "long-deck,defend_alone:0"
    _spec, notes = parse_query("defend_alone=maybe", BASE)
    assert notes == [
        "The defending-alone choice “maybe” was not used (defend_alone must be 1 or 0: on or off)."
    ]

    def facts(query: str) -> str:
        spec, _ = parse_query(f"kinds=score&count=40&level=tournament&{query}", BASE)
        return " ".join(f for qid in spec.question_ids() for f in build(qid).facts)

    assert "defended alone" in facts("defend_alone=1")
    assert "defended alone" not in facts("defend_alone=0")


def test_a_note_on_an_unusable_house_rule_is_whole() -> None:
    """The engine's reason is quoted whole: the teacher sees every known key and the whole
    fix (it was cut at 140 characters, mid-word)."""
    _spec, notes = parse_query("seed=1&rules=american,bogus:1", QuizSpec())
    assert "…" not in notes[0] and all(key in notes[0] for key in Rules().to_dict())
    _spec, notes = parse_query("seed=1&rules=american,players:3", QuizSpec())
    assert "add partnerships = false for every player to score alone" in notes[0]


def test_a_table_setting_given_twice_differently_gets_a_note() -> None:
    """The teachers' form sets the deck, the joker and a lone defender's choice on their
    own; the same key typed differently among the house rules is overruled, and the note
    says so (the typed rule was dropped without a word)."""
    spec, notes = parse_query("seed=1&rules=american,deck:24&deck=32", QuizSpec())
    assert "deck:32" in spec.rules
    assert notes == [
        "The deck is given twice, in the house rules and as its own setting: this quiz uses “32”."
    ]
    assert parse_query("seed=1&rules=american,deck:32&deck=32", QuizSpec())[1] == []
