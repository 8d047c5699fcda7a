"""What a lesson says about its cards is checked by the engine: every kind of claim is held
true and false against real states, a false one stops the lesson naming lesson, step and
claim, and a text may neither name a card the learner cannot see nor offer an illegal pass."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from euchre import Card, Deal, HandState, Rules
from euchre_tutorial.lessons import DATA, LessonError, load_lesson_file, load_lessons, validate
from euchre_tutorial.lessons.claims import KINDS, ClaimError, check, parse_claim
from euchre_tutorial.lessons.model import parse_lesson

LYING = Path(__file__).parent / "fixtures" / "lying_lessons"
HANDS = ["Jh Jd Ah Kc 9s", "Ac Qc Tc 9d Td", "As Ks Qs Kd Qd", "Th Qh Kh Js Ad"]
RULES = Rules()


def _state(dealer: int, actions: list[str]) -> HandState:
    deal = Deal.from_dict({"dealer": dealer, "upcard": "9h", "hands": HANDS})
    return HandState.replay(deal, RULES, actions)


# You (seat 0), West, North, East. West deals; North orders up the 9♥; West picks it up and
# discards the 10♦; North leads the A♠, East follows with the J♠: you are to play.
TRICK = _state(1, ["order", "discard Td", "play As", "play Js"])
ROUND_TWO = _state(1, ["pass", "pass", "pass", "pass", "call spades"])
YOUR_LEAD = _state(3, ["order", "discard Ad"])

CASES: list[tuple[str, HandState, dict[str, Any], dict[str, Any]]] = [
    # kind, state, a true claim, a false one
    ("trump", TRICK, {"suit": "hearts"}, {"suit": "spades"}),
    ("dealt", TRICK, {"seat": "West", "card": "9h"}, {"seat": "East", "card": "9h"}),
    ("ordered", TRICK, {"seat": "North", "card": "9h"}, {"seat": "West", "card": "9h"}),
    ("picked_up", TRICK, {"seat": "West", "card": "9h"}, {"seat": "North", "card": "9h"}),
    ("called", ROUND_TWO, {"seat": "North", "suit": "spades"}, {"seat": "North", "suit": "clubs"}),
    ("all_passed", ROUND_TWO, {}, None),
    ("led", TRICK, {"seat": "North", "card": "As"}, {"seat": "East", "card": "Js"}),
    ("played", TRICK, {"seat": "East", "card": "Js"}, {"seat": "West", "card": "Td"}),
    ("holds", TRICK, {"cards": ["Jh", "Ah"]}, {"cards": ["Jh", "Qh"]}),
    ("holds_none", TRICK, {"suit": "diamonds"}, {"suit": "diamonds", "trump": "spades"}),
    ("count", TRICK, {"suit": "hearts", "n": 3}, {"suit": "hearts", "n": 2}),
    # the left bower is a heart while hearts are trump: J♥ and A♥ alone are not all of them
    ("only", TRICK, {"suit": "clubs", "cards": ["Kc"]}, {"suit": "hearts", "cards": ["Jh", "Ah"]}),
    ("best", TRICK, {"suit": "hearts", "n": 3}, {"suit": "hearts", "n": 4}),
    ("bower", TRICK, {"card": "Jd", "which": "left"}, {"card": "Jh", "which": "left"}),
    ("counts_as", TRICK, {"card": "Jd", "suit": "hearts"}, {"card": "Jc", "suit": "hearts"}),
    # after North's A♠: the J♥ (trump) beats the A♠ and the 9♠ does not; nobody has led a
    # trick yet in YOUR_LEAD, so the K♣ is led there and a 9♣ cannot beat it
    ("beats", TRICK, {"card": "Jh", "other": "As"}, {"card": "9s", "other": "Ks"}),
    ("highest", TRICK, {"card": "Ks"}, {"card": "9s"}),
    ("not_allowed", TRICK, {"action": "play Kc"}, {"action": "play 9s"}),
    ("your_lead", YOUR_LEAD, {}, None),
]


def test_every_kind_is_tested() -> None:
    assert sorted(kind for kind, *_ in CASES) == sorted(KINDS)


@pytest.mark.parametrize(("kind", "state", "true", "false"), CASES, ids=[c[0] for c in CASES])
def test_a_claim_is_checked_true_and_false(
    kind: str, state: HandState, true: dict[str, Any], false: dict[str, Any] | None
) -> None:
    claim = parse_claim({"kind": kind, **true}, 1, RULES)
    assert check(claim, state, 0) is None, claim.words
    wrong = parse_claim({"kind": kind, **false}, 1, RULES) if false else claim
    other = state if false else TRICK  # a claim without parameters is false elsewhere
    reason = check(wrong, other, 0)
    assert reason, wrong.words


def test_the_words_come_from_the_claim() -> None:
    said = {kind: parse_claim({"kind": kind, **true}, 1, RULES).words for kind, _, true, _ in CASES}
    assert said["led"] == "North leads the A♠."
    assert said["holds_none"] == "You hold no diamonds."
    assert said["count"] == "You hold three hearts."
    assert said["only"] == "The K♣ is your only club."
    assert (
        parse_claim(
            {"kind": "only", "suit": "hearts", "cards": ["Jh", "Jd", "Ah"], "seat": "West"},
            1,
            RULES,
        ).words
        == "The J♥, the J♦ and the A♥ are West's only hearts."
    )
    assert said["best"] == "You hold both bowers and the A♥."
    assert said["bower"] == "The J♦ is the left bower."
    assert said["counts_as"] == "The J♦ counts as a heart for this whole deal."
    assert said["beats"] == "The J♥ beats the A♠."
    assert said["not_allowed"] == "You may not play the K♣ now."
    assert parse_claim(
        {"kind": "count", "suit": "spades", "trump": "spades", "n": 4}, 1, RULES
    ).words == ("With spades as trump you would hold four trumps.")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"kind": "trumps"}, "unknown kind 'trumps'"),
        ({"kind": "led", "seat": "West"}, "missing 'card'"),
        ({"kind": "led", "seat": "Left", "card": "Ah"}, "a seat is one of You, West, North, East"),
        ({"kind": "trump", "suit": "hearts", "n": 2}, "unknown parameter 'n'"),
        ({"kind": "holds", "cards": ["Zz"]}, "'Zz' is not a card"),
        ({"kind": "bower", "card": "Jd", "which": "middle"}, "'which' is left or right"),
        ("trump", "a table with a 'kind'"),
    ],
)
def test_a_badly_written_claim_is_refused(data: Any, words: str) -> None:
    with pytest.raises(ClaimError, match=words):
        parse_claim(data, 1, RULES)


def test_the_old_round_two_claim_fails_naming_lesson_step_and_claim() -> None:
    with pytest.raises(LessonError) as info:
        load_lessons(LYING)
    message = str(info.value)
    assert "lesson 'lying-round-two'" in message
    assert "step 1 ('pass-round-one')" in message
    assert "claim 1 (holds_none: “With clubs as trump you hold no clubs.”) is false" in message
    assert "J♠, J♣" in message


def _demo(**step: Any) -> dict[str, Any]:
    base = {
        "id": "s",
        "narration": "Play.",
        "seat": 0,
        "hints": ["h"],
        "deal": {"dealer": 1, "upcard": "9h", "hands": HANDS},
        "before": ["order", "discard Td"],
        "script": ["play As", "play Js"],
        "expect": "play 9s",
    }
    return {"id": "demo", "title": "Demo", "steps": [{**base, **step}]}


@pytest.mark.parametrize(
    ("step", "words"),
    [
        ({"narration": "{1}"}, "{1} is not a claim of this step (it has 0)"),
        (
            {"claims": [{"kind": "your_lead"}]},
            "claim 1 (your_lead: “You lead.”) is not said in any text",
        ),
        ({"narration": "{one}", "claims": [{"kind": "your_lead"}]}, "{one} is not a claim"),
        ({"claims": "trump"}, "'claims' must be a list"),
        ({"claims": [{"kind": "led"}], "narration": "{1}"}, "claim 1 (led): missing"),
    ],
)
def test_claims_are_placed_in_the_texts(step: dict[str, Any], words: str) -> None:
    with pytest.raises(LessonError, match="lesson 'demo', step 1") as info:
        parse_lesson(_demo(**step))
    assert words in str(info.value)


def test_a_placed_claim_says_its_words_in_every_text() -> None:
    lesson = parse_lesson(
        _demo(
            narration="{1} Follow suit.",
            hints=["{1}", "Play the 9♠."],
            claims=[{"kind": "led", "seat": "North", "card": "As"}],
        )
    )
    step = lesson.steps[0]
    assert step.narration == "North leads the A♠. Follow suit."
    assert step.hints == ("North leads the A♠.", "Play the 9♠.")
    validate(lesson)


def test_a_false_claim_in_a_hint_fails() -> None:
    lesson = parse_lesson(
        _demo(hints=["{1}"], claims=[{"kind": "led", "seat": "East", "card": "Js"}])
    )
    with pytest.raises(
        LessonError, match=r"step 1 \('s'\): claim 1 \(led: “East leads the J♠.”\) is false"
    ):
        validate(lesson)


def test_a_text_may_not_name_a_card_the_learner_cannot_see() -> None:
    lesson = parse_lesson(_demo(wrong="North still holds the K♦."))
    with pytest.raises(LessonError, match="the wrong names the K♦, a card the learner cannot see"):
        validate(lesson)
    told = parse_lesson(
        _demo(wrong="{1}", claims=[{"kind": "holds", "seat": "North", "cards": ["Kd"]}])
    )
    validate(told)  # a checked claim may tell it


def test_a_text_may_not_offer_a_pass_the_rules_forbid() -> None:
    stuck = {"rules": {"profile": "stick-the-dealer"}}
    step = {
        "before": ["pass"] * 7,
        "script": [],
        "expect": None,
        "goal": "make trump",
        "deal": {"dealer": 0, "upcard": "9h", "hands": HANDS},
        "narration": "Name a suit, or pass.",
    }
    lesson = parse_lesson({**_demo(**step), **stuck})
    with pytest.raises(LessonError, match="the narration offers to pass"):
        validate(lesson)
    fine = parse_lesson(
        {
            **_demo(
                **{
                    **step,
                    "narration": "{1} Name a suit.",
                    "claims": [{"kind": "not_allowed", "action": "pass"}],
                }
            ),
            **stuck,
        }
    )
    validate(fine)
    assert fine.steps[0].narration == "You may not pass now. Name a suit."


@pytest.mark.parametrize("path", sorted(DATA.glob("*.toml")), ids=lambda p: p.stem)
def test_every_lesson_backs_its_card_facts_with_claims(path: Path) -> None:
    lesson = load_lesson_file(path)
    assert any(step.claims for step in lesson.steps), lesson.id
    validate(lesson)


BIDDING = HandState.new(Deal.from_dict({"dealer": 1, "upcard": "9h", "hands": HANDS}), RULES)


@pytest.mark.parametrize(
    ("state", "card", "other", "why"),
    [
        # North led the A♠ and East played the J♠: a card of another side suit wins nothing
        (TRICK, "Kc", "Js", "neither wins after the A♠: it takes the trick"),
        (TRICK, "Js", "As", "the A♠ beats the J♠ with hearts as trump"),
        # the left bower is a heart: it beats the ace of hearts, not the other way round
        (TRICK, "Ah", "Jd", "the J♦ beats the A♥ with hearts as trump"),
        # nobody has led: the card named first is led, and the other follows
        (YOUR_LEAD, "9c", "Jd", "the J♦ beats the 9♣ with hearts as trump"),
        (BIDDING, "Jh", "9s", "trump is not made, so no card is ranked yet"),
    ],
    ids=["off-suit", "led-suit", "left-bower", "leading", "bidding"],
)
def test_a_beats_claim_follows_the_engine_s_ranking(
    state: HandState, card: str, other: str, why: str
) -> None:
    claim = parse_claim({"kind": "beats", "card": card, "other": other}, 1, RULES)
    assert check(claim, state, 0) == why
    if why.startswith(f"the {Card.parse(other)} beats"):
        turned = parse_claim({"kind": "beats", "card": other, "other": card}, 1, RULES)
        assert check(turned, state, 0) is None
