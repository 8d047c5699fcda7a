"""Every generated question's stored answer equals the engine's, computed here directly
from the question's cards with the engine's public functions."""

from __future__ import annotations

import euchre
import pytest
from euchre import Card, HandResult, Rank, Rules
from euchre_tutorial.quiz import (
    KIND_TRAPS,
    KINDS,
    LEVELS,
    QuestionId,
    build,
    check,
    parse_rules_code,
    rules_code,
)
from euchre_tutorial.quiz.levels import game_kinds
from euchre_tutorial.site_rules import site_profiles
from hypothesis import given, settings
from hypothesis import strategies as st

RULES = [rules_code(Rules.profile(name)) for name in site_profiles()] + [
    rules_code(Rules().replace(deck=32, joker=True)),
    rules_code(Rules().replace(defend_alone=True)),
]


@st.composite
def question_ids(draw: st.DrawFn) -> QuestionId:
    kind = draw(st.sampled_from(game_kinds("euchre")))  # Bid Euchre's: test_quiz_bid.py
    trap = draw(st.sampled_from([None, *KIND_TRAPS[kind]]))
    return QuestionId(
        kind,
        draw(st.sampled_from(list(LEVELS))),
        trap,
        draw(st.integers(0, 2**32 - 1)),
        draw(st.sampled_from(RULES)),
    )


def engine_answer(q) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    trump = q.trump
    if q.kind == "plays":
        return tuple(c.code for c in euchre.legal_plays(list(q.hand), q.trick[0], trump))
    if q.kind == "winner":
        return (q.trick[euchre.trick_winner(list(q.trick), trump)].code,)
    if q.kind == "suit":
        return (euchre.effective_suit(q.card, trump).letter,)
    if q.kind == "order":
        r = parse_rules_code(q.id.rules)
        full = euchre.trump_order(trump, deck=r.deck, joker=r.joker)
        return tuple(c.code for c in sorted(q.hand, key=full.index))
    s = q.score
    makers, defenders = euchre.score_hand(s["maker_tricks"], s["alone"], None, s["defender_alone"])
    return (f"m{makers}",) if makers else (f"d{defenders}",)


@settings(max_examples=400, deadline=None)
@given(question_ids())
def test_stored_answer_is_the_engines(qid: QuestionId) -> None:
    q = build(qid)
    assert q.answer == engine_answer(q)
    assert check(q, list(q.answer))["correct"]


@settings(max_examples=200, deadline=None)
@given(question_ids())
def test_feedback_uses_the_engines_words(qid: QuestionId) -> None:
    q = build(qid)
    wrong = [o.value for o in q.options if o.value not in q.answer][:1]
    if q.pick == "order":
        wrong = list(reversed(q.answer))
    elif q.pick == "many":
        wrong = wrong or list(q.answer[1:])
    if not wrong:
        return
    feedback = check(q, wrong)
    assert not feedback["correct"]
    assert feedback["reasons"]
    first = feedback["reasons"][0]
    if q.kind == "winner":
        assert first == euchre.explain_trick(list(q.trick), q.trump)
    elif q.kind == "plays":
        illegal = [Card.parse(v) for v in wrong if v not in q.answer]
        if illegal:
            reason = euchre.why_card_illegal(illegal[0], list(q.hand), q.trick[0], q.trump)
            assert first.rstrip(".") == reason.rstrip(".")
    elif q.kind == "suit":
        assert first.rstrip(".").lower() == euchre.explain_suit(q.card, q.trump).lower()
    elif q.kind == "score":
        s = q.score
        result = HandResult((0, 0), 0, s["maker_tricks"], s["alone"], s["defender_alone"])
        assert first == euchre.explain_score(result)


@settings(max_examples=200, deadline=None)
@given(question_ids(), st.data())
def test_a_verdict_explains_each_card_once(qid: QuestionId, data: st.DataObject) -> None:
    # once "You must follow clubs: J♠ is a club while clubs are trump (it is the left
    # bower) …" was followed by "J♠ is a club while clubs are trump (it is the left bower),
    # so it follows clubs."
    q = build(qid)
    if q.kind != "plays":
        return
    values = [o.value for o in q.options]
    given_answer = data.draw(st.lists(st.sampled_from(values), unique=True))
    reasons = check(q, given_answer)["reasons"]
    for card in q.hand:
        said = euchre.explain_suit(card, q.trump)
        assert sum(said in reason for reason in reasons) <= 1, reasons


@settings(max_examples=200, deadline=None)
@given(question_ids(), st.data())
def test_a_wrong_suit_for_a_card_that_keeps_its_suit_names_the_cards_that_move(
    qid: QuestionId, data: st.DataObject
) -> None:
    # "Clubs" for Q♠ under clubs once got only "Q♠ is a spade.", never which card it is
    # that turns into a club.
    q = build(QuestionId("suit", qid.level, None, qid.seed, qid.rules))
    card, trump = q.card, q.trump
    wrong = data.draw(st.sampled_from([o.value for o in q.options if o.value not in q.answer]))
    reasons = check(q, [wrong])["reasons"]
    r = parse_rules_code(q.id.rules)
    moved = [
        c
        for c in euchre.make_deck(r.deck, r.joker)
        if euchre.effective_suit(c, trump) is not c.suit
    ]
    if card.rank is Rank.JACK or card.is_joker or card in moved:
        assert not any("change suit this deal" in reason for reason in reasons)
        return
    last = reasons[-1]
    assert "change suit this deal" in last or "changes suit this deal" in last
    for other in moved:
        assert ("the joker" if other.is_joker else str(other)) in last
    assert str(card) not in last
    assert check(q, list(q.answer))["reasons"] == reasons[:-1]


@settings(max_examples=200, deadline=None)
@given(question_ids(), st.data())
def test_any_card_is_allowed_only_after_saying_what_was_led(
    qid: QuestionId, data: st.DataObject
) -> None:
    # "You hold no heart, so you may play any card." once came alone when the A♥ was led,
    # while the left bower led said which suit it had made the trick
    q = build(QuestionId("plays", qid.level, None, qid.seed, qid.rules))
    led, trump = q.trick[0], q.trump
    if euchre.legal_plays(list(q.hand), led, trump) != list(q.hand):
        return
    given_answer = data.draw(st.lists(st.sampled_from([o.value for o in q.options]), unique=True))
    reasons = check(q, given_answer)["reasons"]
    suit = euchre.effective_suit(led, trump)
    said = reasons.index(f"You hold no {suit.singular}, so you may play any card.")
    assert said == 1 and reasons[0].startswith(f"{led} was led")


@pytest.mark.parametrize("kind", KINDS)
def test_every_trap_can_be_built_for_every_level(kind: str) -> None:
    rules = "american" if kind in game_kinds("euchre") else "bid-euchre"
    for level in LEVELS:
        for trap in [None, *KIND_TRAPS[kind]]:
            for seed in range(5):
                build(QuestionId(kind, level, trap, seed, rules))


def test_questions_carry_no_answer_to_the_page() -> None:
    q = build(QuestionId("plays", "learning", "left-led", 1, "american"))
    public = q.to_public()
    assert "answer" not in public
    assert public["id"] == str(q.id)


_SEAT_WORDS = {
    "you": 0,
    "your left-hand opponent": 1,
    "your partner": 2,
    "your right-hand opponent": 3,
}


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_lone_defender_is_named_and_sits_against_the_lone_maker(seed: int) -> None:
    # The facts once read "a defender went alone too": a learner who was that defender
    # was not told so.
    q = build(
        QuestionId(
            "score", "tournament", None, seed, rules_code(Rules().replace(defend_alone=True))
        )
    )
    s = q.score
    said = [f for f in q.facts if "defended alone" in f]
    assert bool(said) == bool(s["defender_alone"])
    if said:
        defender = said[0].split(", and ")[1].removesuffix(" defended alone.")
        assert (_SEAT_WORDS[defender] - s["maker"]) % 2 == 1


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_at_six_in_teams_a_maker_may_go_alone_and_the_score_is_the_engines(seed: int) -> None:
    # The score questions once let nobody go alone except at four.
    rules = Rules().at_table("6").replace(defend_alone=True)
    q = build(QuestionId("score", "tournament", None, seed, rules_code(rules)))
    s = q.score
    ours = rules.team_of(s["maker"]) == rules.team_of(0)
    assert (
        ("The makers are you and your partners." in q.facts[0])
        if ours
        else ("The makers are your opponents." in q.facts[0])
    ), q.facts
    assert any("went alone" in f for f in q.facts) == s["alone"]
    makers, defenders = euchre.score_hand(s["maker_tricks"], s["alone"], rules, s["defender_alone"])
    assert q.answer == ((f"m{makers}",) if makers else (f"d{defenders}",))


def test_at_six_in_teams_some_score_questions_have_a_lone_maker() -> None:
    rules = rules_code(Rules().at_table("6"))
    assert any(
        build(QuestionId("score", "tournament", None, seed, rules)).score["alone"]
        for seed in range(20)
    )
