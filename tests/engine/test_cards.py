"""Cards, suits and ranks: parsing, canonical text, names, decks."""

from __future__ import annotations

import pytest
from euchre import JOKER, Card, CardError, Rank, Suit, make_deck, parse_cards


@pytest.mark.parametrize("text", ["Jd", "J♦", "jd", "JD", "jack of diamonds", "J diamonds", " Jd "])
def test_card_parse_variants(text: str) -> None:
    assert Card.parse(text) == Card(Rank.JACK, Suit.DIAMONDS)


def test_ten_has_two_spellings() -> None:
    assert Card.parse("10d") == Card.parse("Td")
    assert Card.parse("Td").code == "Td" and str(Card.parse("Td")) == "10♦"


@pytest.mark.parametrize("text", ["", "Xz", "1d", "J", "Jx", "11h", "<script>"])
def test_bad_card_text_raises_and_quotes_it(text: str) -> None:
    with pytest.raises(ValueError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, CardError)


def test_suit_parse() -> None:
    assert (
        Suit.parse("h")
        is Suit.parse("♥")
        is Suit.parse("hearts")
        is Suit.parse("Heart")
        is Suit.HEARTS
    )
    with pytest.raises(ValueError, match="'x'"):
        Suit.parse("x")


def test_cards_are_values() -> None:
    a, b = Card.parse("Ah"), Card.parse("A♥")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.rank = Rank.KING  # type: ignore[misc]


def test_repr_pastes_back() -> None:
    card = Card.parse("Qs")
    assert eval(repr(card), {"Card": Card}) == card


def test_names_for_screen_readers() -> None:
    assert Card.parse("Jd").name == "jack of diamonds"
    assert Card.parse("10c").name == "ten of clubs"
    assert JOKER.name == "the joker" and Card.parse("Joker") is JOKER


def test_partner_suits() -> None:
    assert Suit.HEARTS.partner is Suit.DIAMONDS and Suit.CLUBS.partner is Suit.SPADES
    assert all(s.partner.partner is s for s in Suit)


def test_decks() -> None:
    assert len(make_deck()) == 24 and len(set(make_deck())) == 24
    assert len(make_deck(32)) == 32 and Card.parse("7s") in make_deck(32)
    assert JOKER in make_deck(24, joker=True)
    with pytest.raises(ValueError):
        make_deck(52)


def test_parse_cards() -> None:
    assert parse_cards("Jd, Ah 9h") == [Card.parse("Jd"), Card.parse("Ah"), Card.parse("9h")]
