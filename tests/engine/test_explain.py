"""Explanations: trick winners and deal scores in plain words."""

from __future__ import annotations

import random

import pytest
from euchre import (
    Deal,
    HandResult,
    HandState,
    Rules,
    Suit,
    explain_score,
    explain_suit,
    explain_trick,
    parse_cards,
)


@pytest.mark.parametrize(
    ("cards", "trump", "words"),
    [
        ("Jd Ah 9h Jh", Suit.HEARTS, "J♥ wins: the right bower"),
        # The left bower wins a trick without the right bower, even after the right bower
        # won an earlier trick (a review says "not in this trick", not "was not played").
        (
            "Ah Jd 9h Kh",
            Suit.HEARTS,
            "J♦ wins: the left bower ranks just below the right bower, and the right bower is not "
            "in this trick.",
        ),
        ("As Ks 9h Qs", Suit.HEARTS, "9♥ wins: it is the only trump"),
        ("Ks As Ac 9s", Suit.HEARTS, "A♠ wins: nobody played a trump"),
        ("9d Jd Ad Jh", None, "with no trump"),
    ],
)
def test_explain_trick(cards: str, trump: Suit | None, words: str) -> None:
    assert words in explain_trick(parse_cards(cards), trump)


def test_the_card_that_could_not_win_is_the_most_tempting_one() -> None:
    # 9♦ led, no trump played: the ace of clubs, not the king, is the card a learner
    # expected to win.
    words = explain_trick(parse_cards("9d Kc Ac Qc"), Suit.SPADES)
    assert words.endswith("(A♣ is not a diamond, so it cannot win).")


def test_explain_suit() -> None:
    assert "left bower" in explain_suit(parse_cards("Jd")[0], Suit.HEARTS)
    assert "club" in explain_suit(parse_cards("Jc")[0], Suit.HEARTS)


def test_only_the_joker_is_called_the_highest_trump() -> None:
    """With a joker in the deck the right bower is the second trump: an explanation that
    cannot see the deck never calls it the highest (a joker quiz once said so of J♦)."""
    deck = parse_cards("9h Th Jh Qh Kh Ah 9d Td Jd Qd Kd Ad 9c Tc Jc Qc Kc Ac 9s Ts Js Qs Ks As")
    rng = random.Random(5)
    for trump in Suit:
        for card in deck:
            assert "highest trump" not in explain_suit(card, trump), card
        for _ in range(300):
            assert "highest trump" not in explain_trick(rng.sample(deck, 4), trump)


@pytest.mark.parametrize(
    ("result", "words"),
    [
        (HandResult((1, 0), 0, 3), "took 3 tricks and score 1 point"),
        (HandResult((2, 0), 0, 5), "a march: 2 points"),
        (
            HandResult((4, 0), 0, 5, alone=True),
            "The lone maker took all 5 tricks, a march: 4 points.",
        ),
        (HandResult((0, 2), 0, 1), "euchred"),
        (HandResult((0, 0), None, 0), "thrown in"),
    ],
)
def test_explain_score(result: HandResult, words: str) -> None:
    assert words in explain_score(result)


@pytest.mark.parametrize("seed", range(30))
def test_at_call_ace_the_account_names_the_secret_partner_whatever_the_outcome(seed: int) -> None:
    """Five-handed call-ace, any deal: the account speaks of "the maker and the secret
    partner" exactly when the maker had a partner (the engine's ace_partner, another seat),
    euchred or not."""
    rules = Rules().at_table("5")
    state = HandState.new(Deal.random(seed=seed, dealer=seed % 5, rules=rules), rules).apply(
        "order"
    )
    rng = random.Random(seed)
    while state.to_act is not None:
        state = state.apply(rng.choice(state.legal_actions()))
    partnered = state.ace_partner not in (None, state.maker)
    words = explain_score(state)
    assert words.startswith(
        "The maker and the secret partner took" if partnered else "The maker took"
    ), words
