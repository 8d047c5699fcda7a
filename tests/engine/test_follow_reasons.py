"""Why a card may not be played: the engine's words name every card of the hand that
follows, and say why each card that follows under another printed suit (a left bower, the
joker) does, once."""

from __future__ import annotations

import re

from euchre import Card, Suit, effective_suit, explain_suit, legal_plays, why_card_illegal
from euchre.cards import make_deck, parse_cards
from hypothesis import example, given
from hypothesis import strategies as st

DECKS = [make_deck(24), make_deck(32, joker=True)]


@st.composite
def refused_plays(draw: st.DrawFn) -> tuple[Card, list[Card], Card, Suit | None]:
    """A card refused from a hand to a trick: the card, the hand, the led card, trump."""
    deck = draw(st.sampled_from(DECKS))
    cards = draw(st.lists(st.sampled_from(deck), min_size=3, max_size=7, unique=True))
    trump = draw(st.sampled_from([*Suit, None]))
    if trump is None:  # the joker is played only where there is trump
        cards = [c for c in cards if not c.is_joker]
    led, hand = cards[0], cards[1:]
    illegal = [c for c in hand if c not in legal_plays(hand, led, trump)]
    card = draw(st.sampled_from(illegal)) if illegal else hand[0]
    return card, hand, led, trump


@given(refused_plays())
# the left bower and the joker as the only trumps: the refusal once named the bower alone
@example((Card.parse("7c"), parse_cards("Jc Joker 7c"), Card.parse("7s"), Suit.SPADES))
def test_a_refusal_names_every_card_that_follows_and_why_each_hidden_one_does(
    play: tuple[Card, list[Card], Card, Suit | None],
) -> None:
    card, hand, led, trump = play
    reason = why_card_illegal(card, hand, led, trump)
    if card in legal_plays(hand, led, trump):
        assert reason is None
        return
    assert reason is not None
    suit = effective_suit(led, trump)
    followers = [c for c in hand if effective_suit(c, trump) is suit]
    plain = [c for c in followers if c.suit is suit]
    hidden = [c for c in followers if c.suit is not suit]
    if plain or card.suit is suit:
        for follower in followers:
            assert str(follower).lower() in reason.lower(), (reason, follower)
    assert any(str(c).lower() in reason.lower() for c in followers), reason
    for follower in hidden:
        if trump is not None:
            said = explain_suit(follower, trump)
            assert reason.lower().count(said.lower()) == 1, reason
    assert not re.search(r"(^|\. )[a-z]", reason), reason  # each sentence begins with a capital


def test_a_hand_with_plain_cards_of_the_suit_and_its_left_bower_hears_of_all_of_them() -> None:
    """Clubs trump and led: a hand of J♠, A♣, K♣ and K♦ must follow with any of the
    three clubs. The refusal of K♦ once named only J♠ ("J♠ is a club … so you hold a
    club"), as if the left bower were the learner's only club."""
    reason = why_card_illegal(
        Card.parse("Kd"), parse_cards("Js Ac Kc Kd"), Card.parse("Qc"), Suit.CLUBS
    )
    assert reason == (
        "Q♣ was led, so the suit to follow is clubs. You hold clubs (J♠, A♣, K♣): you must "
        "follow suit. J♠ is a club while clubs are trump (it is the left bower)."
    )


def test_a_hand_whose_only_card_of_the_suit_is_the_left_bower_is_told_so() -> None:
    reason = why_card_illegal(Card.parse("9s"), parse_cards("Jd 9s"), Card.parse("9h"), Suit.HEARTS)
    assert reason == (
        "You must follow hearts: J♦ is a heart while hearts are trump (it is the "
        "left bower), so you hold a heart."
    )
