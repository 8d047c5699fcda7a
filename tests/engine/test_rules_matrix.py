"""Every sentence of the rules matrix (../shared/rules-matrix.md) as a named test."""

from __future__ import annotations

import euchre
import pytest
from euchre import Card, HandState, IllegalAction, Phase, Rules, Suit

from tests.engine.builders import HANDS, KITTY, UPCARD, make_state, play_out

C = Card.parse


# ---------------------------------------------------------------- the common core
def test_partners_sit_opposite() -> None:
    rules = Rules()
    assert [rules.team_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_first_to_act_is_left_of_the_dealer(fixed: HandState) -> None:
    assert fixed.to_act == 0
    assert make_state(HANDS, UPCARD, dealer=1, kitty=KITTY).to_act == 2


def test_five_cards_each_upcard_and_kitty() -> None:
    deal = euchre.Deal.random(seed=11, dealer=2)
    assert [len(h) for h in deal.hands] == [5, 5, 5, 5]
    assert len(deal.kitty) == 3
    assert len(set(deal.all_cards())) == 24


def test_round_one_acceptance_gives_the_dealer_the_upcard(fixed: HandState) -> None:
    state = fixed.apply("order")
    assert state.phase is Phase.DISCARD and state.to_act == 3
    assert C("9h") in state.hand(3) and len(state.hand(3)) == 6
    assert state.trump is Suit.HEARTS and state.maker == 0


def test_dealer_may_discard_the_upcard_itself(fixed: HandState) -> None:
    state = fixed.apply("order")
    assert "discard 9h" in [str(a) for a in state.legal_actions()]
    state = state.apply("discard 9h")
    assert C("9h") not in state.hand(3) and len(state.hand(3)) == 5
    assert state.phase is Phase.PLAY and state.to_act == 0


def test_pick_up_parses_as_order(fixed: HandState) -> None:
    state = play_out(fixed, "pass", "pass", "pass", "pick up")
    assert state.maker == 3 and state.phase is Phase.DISCARD


def test_round_two_cannot_name_the_turned_down_suit(fixed: HandState) -> None:
    state = play_out(fixed, "pass", "pass", "pass", "pass")
    assert state.phase is Phase.ROUND_TWO and state.to_act == 0
    reason = state.why_illegal("call hearts")
    assert reason is not None and "turned down" in reason
    with pytest.raises(IllegalAction):
        state.apply("call h")
    assert "call spades" in [str(a) for a in state.legal_actions()]


def test_trump_order_right_left_then_ace_down() -> None:
    assert [c.code for c in euchre.trump_order(Suit.SPADES)] == [
        "Js",
        "Jc",
        "As",
        "Ks",
        "Qs",
        "Ts",
        "9s",
    ]
    long = euchre.trump_order(Suit.SPADES, deck=32)
    assert [c.code for c in long][-2:] == ["8s", "7s"]


def test_side_suit_loses_its_jack_to_trump() -> None:
    assert [c.code for c in euchre.suit_order(Suit.DIAMONDS, Suit.HEARTS)] == [
        "Ad",
        "Kd",
        "Qd",
        "Td",
        "9d",
    ]
    assert [c.code for c in euchre.suit_order(Suit.CLUBS, Suit.HEARTS)] == [
        "Ac",
        "Kc",
        "Qc",
        "Jc",
        "Tc",
        "9c",
    ]


def test_left_bower_follows_trump_leads() -> None:
    hand = euchre.parse_cards("Jd Ad 9s")
    assert euchre.legal_plays(hand, C("9h"), Suit.HEARTS) == [C("Jd")]


def test_left_bower_does_not_follow_its_printed_suit() -> None:
    hand = euchre.parse_cards("Jd 9s Kc")
    assert euchre.legal_plays(hand, C("Ad"), Suit.HEARTS) == hand


def test_left_bower_led_leads_trump() -> None:
    hand = euchre.parse_cards("Ad 9h Kc")
    assert euchre.legal_plays(hand, C("Jd"), Suit.HEARTS) == [C("9h")]


def test_no_obligation_to_trump() -> None:
    hand = euchre.parse_cards("9h Kc")
    assert euchre.legal_plays(hand, C("As"), Suit.HEARTS) == hand


def test_highest_trump_wins_else_highest_of_led_suit() -> None:
    assert euchre.trick_winner(euchre.parse_cards("As 9h Ks Ah"), Suit.HEARTS) == 3
    assert euchre.trick_winner(euchre.parse_cards("Ks As Ad 9c"), Suit.HEARTS) == 1


def test_winner_leads_next_and_all_five_tricks_are_played(fixed: HandState) -> None:
    state = play_out(fixed, "order", "discard 9s")
    state = play_out(state, "play Jh", "play 9c", "play 9d", "play 9h")
    assert state.tricks[0].winner == 0 and state.to_act == 0
    while state.result is None:
        state = state.apply(state.legal_actions()[0])
    assert len(state.tricks) == 5


@pytest.mark.parametrize(
    ("tricks", "alone", "points"),
    [
        (3, False, (1, 0)),
        (4, False, (1, 0)),
        (5, False, (2, 0)),
        (3, True, (1, 0)),
        (4, True, (1, 0)),
        (5, True, (4, 0)),
        (2, False, (0, 2)),
        (0, True, (0, 2)),
    ],
)
def test_scoring_table(tricks: int, alone: bool, points: tuple[int, int]) -> None:
    assert euchre.score_hand(tricks, alone) == points


def test_only_one_side_scores_per_deal() -> None:
    for seed in range(40):
        state = HandState.new(euchre.Deal.random(seed, seed % 4), Rules())
        while state.result is None:
            state = state.apply(state.legal_actions()[seed % len(state.legal_actions())])
        assert min(state.result.points) == 0


# ---------------------------------------------------------------- where the documents differ
def test_all_pass_twice_throws_in_under_000(fixed: HandState) -> None:
    state = play_out(fixed, *["pass"] * 8)
    assert state.result is not None and state.result.makers is None
    assert state.result.points == (0, 0)


def test_stick_the_dealer_under_001_and_004() -> None:
    for name in ("midwest", "stick-the-dealer"):
        state = make_state(HANDS, UPCARD, rules=Rules.profile(name), kitty=KITTY)
        state = play_out(state, *["pass"] * 7)
        assert state.to_act == 3
        reason = state.why_illegal("pass")
        assert reason is not None and "stick the dealer" in reason
        assert "pass" not in [str(a) for a in state.legal_actions()]


def test_dealer_may_decline_under_002() -> None:
    rules = Rules.profile("long-deck")
    deal = euchre.Deal.random(seed=4, dealer=3, rules=rules)
    state = HandState.new(deal, rules).apply("order")
    state = state.apply("decline")
    assert state.trump is euchre.effective_suit(deal.upcard, None)
    assert deal.upcard not in state.hand(3) and state.hand(3) == list(deal.hands[3])
    # 002 lets any opponent of the maker defend alone: both decline, then the play starts.
    assert state.phase is Phase.DEFEND
    state = play_out(state, "pass", "pass")
    assert state.phase is Phase.PLAY
    american = HandState.new(euchre.Deal.random(seed=4, dealer=3), Rules()).apply("order")
    assert american.why_illegal("decline") is not None


def test_dealer_picks_up_for_a_lone_partner_under_000_and_004(fixed: HandState) -> None:
    # Seat 1 is the dealer's partner (dealer 3).
    state = play_out(fixed, "pass", "order alone")
    assert state.phase is Phase.DISCARD and state.to_act == 3
    # Sitting out from the moment the loner said so, the dealer's discard before play.
    assert state.sitting_out == frozenset({3})
    assert all(state.view(seat).sitting_out == frozenset({3}) for seat in range(4))
    state = state.apply("discard 9s")
    assert state.sitting_out == frozenset({3})
    assert state.phase is Phase.PLAY


def test_dealer_sits_out_without_the_upcard_under_003() -> None:
    state = make_state(HANDS, UPCARD, rules=Rules.profile("beginner"), kitty=KITTY)
    state = play_out(state, "pass", "order alone")
    assert state.phase is Phase.PLAY and state.trump is Suit.HEARTS
    assert state.sitting_out == frozenset({3})
    assert C("9h") not in state.hand(3)


def test_canadian_loner_option_of_003() -> None:
    rules = Rules.profile("beginner").replace(canadian_loner=True)
    state = play_out(make_state(HANDS, UPCARD, rules=rules, kitty=KITTY), "pass")
    reason = state.why_illegal("order")
    assert reason is not None and "Canadian loner" in reason
    assert [str(a) for a in state.legal_actions()] == ["pass", "order alone"]
    # Opponents of the dealer may still order up with a partner.
    assert make_state(HANDS, UPCARD, rules=rules, kitty=KITTY).why_illegal("order") is None


def test_only_the_maker_goes_alone_and_defenders_cannot_defend_alone_under_000(
    fixed: HandState,
) -> None:
    state = play_out(fixed, "order alone")
    assert state.phase is Phase.DISCARD and state.sitting_out == frozenset({2})
    state = state.apply("discard 9s")
    assert state.phase is Phase.PLAY
    assert state.sitting_out == frozenset({2})


def test_defending_alone_and_its_scoring_under_002() -> None:
    rules = Rules().replace(defend_alone=True)
    state = make_state(HANDS, UPCARD, rules=rules, kitty=KITTY)
    state = play_out(state, "order alone", "discard 9s")
    assert state.phase is Phase.DEFEND and state.to_act == 1
    state = state.apply("defend alone")
    assert state.sitting_out == frozenset({2, 3})
    assert state.phase is Phase.PLAY
    assert euchre.score_hand(0, alone=True, defender_alone=True) == (0, 4)
    assert euchre.score_hand(2, alone=True, defender_alone=True) == (0, 2)


@pytest.mark.parametrize(("lead", "leader"), [("left_of_dealer", 0), ("left_of_loner", 3)])
def test_who_leads_against_a_loner(lead: str, leader: int) -> None:
    # Seat 2 orders alone (its partner seat 0 sits out); dealer 3.
    rules = Rules().replace(lead_against_loner=lead)
    state = make_state(HANDS, UPCARD, rules=rules, kitty=KITTY)
    state = play_out(state, "pass", "pass", "order alone", "discard 9s")
    assert state.sitting_out == frozenset({0})
    expected = 1 if lead == "left_of_dealer" else leader
    assert state.to_act == expected


def test_first_lead_skips_a_player_sitting_out(fixed: HandState) -> None:
    # Seat 2 orders alone, so seat 0 (left of the dealer) sits out: seat 1 leads.
    state = play_out(fixed, "pass", "pass", "order alone", "discard 9s")
    assert state.to_act == 1


@pytest.mark.parametrize("game_to", [5, 7, 10, 11])
def test_game_to_is_a_rule(game_to: int) -> None:
    assert Rules().replace(game_to=game_to).game_to == game_to


def test_long_deck_has_32_cards() -> None:
    rules = Rules.profile("long-deck")
    deal = euchre.Deal.random(seed=1, dealer=0, rules=rules)
    assert len(deal.all_cards()) == 32 and len(deal.kitty) == 11


def test_joker_is_the_highest_trump_and_proposes_hearts() -> None:
    rules = Rules().replace(joker=True)
    assert euchre.trump_order(Suit.CLUBS, joker=True)[0] == euchre.JOKER
    assert euchre.trick_winner([C("Jc"), euchre.JOKER], Suit.CLUBS) == 1
    hands = ["Jh Jd Ah Kh Qh", "9c Tc Qc Kc Ac", "9d Td Qd Kd Ad", "9s Ts Qs Ks As"]
    state = make_state(hands, "Joker", rules=rules, kitty="Th Jc Js 9h")
    assert state.proposed is Suit.HEARTS
    state = play_out(state, "order", "discard 9s")
    assert state.trump is Suit.HEARTS and euchre.JOKER in state.hand(3)


def test_no_trump_call_in_round_two() -> None:
    rules = Rules().replace(no_trump=True)
    state = play_out(make_state(HANDS, UPCARD, rules=rules, kitty=KITTY), *["pass"] * 4)
    state = state.apply("call no-trump")
    assert state.trump is None and state.phase is Phase.PLAY
    assert euchre.trick_winner(euchre.parse_cards("9d Jd Ad Jh"), None) == 2
    assert (
        make_state(HANDS, UPCARD, kitty=KITTY)
        .apply("pass")
        .apply("pass")
        .apply("pass")
        .apply("pass")
        .why_illegal("call no-trump")
        is not None
    )


def test_farmers_hand_swap_of_003() -> None:
    rules = Rules().replace(farmers_hand="three_low")
    hands = ["9h Th 9c Ac Kc", "Jh Jd Ah Kh Qh", "9d Td Qd Kd Ad", "9s Ts Qs Ks As"]
    state = make_state(hands, "Qc", rules=rules, kitty="Tc Jc Js")
    assert state.phase is Phase.FARMER and state.to_act == 0
    state = state.apply("swap 9h Th 9c")
    assert sorted(c.code for c in state.hand(0)) == sorted(["Ac", "Kc", "Tc", "Jc", "Js"])
    assert state.phase is Phase.ROUND_ONE


def test_farmers_hand_redeal_of_003() -> None:
    rules = Rules().replace(farmers_hand="all_low", farmers_remedy="redeal")
    hands = ["9h Th 9c Tc 9s", "Jh Jd Ah Kh Qh", "9d Td Qd Kd Ad", "Ac Kc Qs Ks As"]
    state = make_state(hands, "Qc", rules=rules, kitty="Ts Jc Js")
    state = state.apply("redeal")
    assert state.result is not None and state.result.redeal and state.result.points == (0, 0)


def test_calling_for_best_of_002() -> None:
    rules = Rules().replace(calling_for_best=True)
    state = play_out(
        make_state(HANDS, UPCARD, rules=rules, kitty=KITTY), "order alone", "discard 9s"
    )
    assert state.phase is Phase.CALL_FOR_BEST and state.to_act == 0
    state = state.apply("call for best Qh")
    assert state.phase is Phase.GIVE_BEST and state.to_act == 2
    state = state.apply("give Ad")
    assert C("Ad") in state.hand(0) and C("Qh") not in state.hand(0)
    assert state.phase is Phase.PLAY


def test_worked_example_of_000() -> None:
    hearts = Suit.HEARTS
    assert euchre.trick_winner([C("Jd"), C("Ah")], hearts) == 0
    hand = euchre.parse_cards("Jd 9s Kc")
    assert C("Jd") in euchre.legal_plays(hand, C("Ad"), hearts)
    assert len(euchre.legal_plays(hand, C("Ad"), hearts)) == 3
    assert euchre.trick_winner(euchre.parse_cards("Jd Ah 9h Jh"), hearts) == 3
