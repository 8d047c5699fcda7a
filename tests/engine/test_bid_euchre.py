"""Bid Euchre (the ``bid-euchre`` profile), one test per rule, each from a sentence of the
references the engine's form follows (engine/README.md, "Bid Euchre"):

- GR: gamerules.com, "Bid Euchre" (https://gamerules.com/rules/bid-euchre/);
- WP: Wikipedia, "Bid Euchre", section "Single Deck Bid Euchre";
- PAGAT: pagat.com, "Bid Euchre", its general rules (bidding, play, scoring, winning);
- CIN: Bicycle's "Cincinnati Euchre" (bicyclecards.com): naming trump after the bidding,
  the dealer's forced bid, the moon;
- 500: Five Hundred, the game Bid Euchre's bidding comes from (pt-squash.org, "How to play
  the card game 500"): the side driven to minus the target loses.

Facts carry over, sentences do not: the sentences are quoted here as the test's reason.
"""

from __future__ import annotations

import pytest
from euchre import (
    Action,
    Deal,
    DealError,
    Game,
    HandState,
    IllegalAction,
    Phase,
    Rules,
    RulesError,
    Suit,
    explain_score,
    from_egn,
    from_share_code,
    to_egn,
    to_share_code,
)
from euchre.cards import deck_of
from euchre.rng import shuffled
from euchre.scoring import HandResult, deal_winner_at_target

BID = Rules.profile("bid-euchre")

GR_PARTNERS = "Bid Euchre is played in teams of two. Teammates sit across from each other."
GR_SIX = "The dealer gives six cards to each player by dealing one card at a time."
GR_NO_KITTY = "There is no kitty"
GR_MINIMUM = "The minimum bid possible is three."
GR_PARTNERS_OVERBID = "Partners are allowed to overbid each other."
GR_TARGET = "Be the first team to score 32 points"
WP_PACK = "A pack of 24 cards containing 9, 10, J, Q, K, and A in each suit is used."
WP_DEAL = (
    "Cards are dealt one at a time to each player, clockwise, starting with the player to the "
    "dealer's left. Each player receives six cards."
)
WP_HIGHER = "each bid must be higher than any preceding it"
WP_NO_TRUMP = "When playing with no trumps, all four suits follow the 'plain suit' ranking."
PAGAT_ONCE = (
    "Each player has just one opportunity to bid, starting with the player to the left of the "
    "dealer, going around the table clockwise, and ending with the dealer."
)
PAGAT_LEAD = "The high bidder leads to the first trick."
PAGAT_MADE = (
    "If the bidding side win at least as many tricks as they bid, each side scores one point "
    "for each trick they won."
)
PAGAT_SET = (
    "If the bidding side fail to make as many tricks as they bid they are set, and lose a "
    "number of points equal to the number of tricks they bid."
)
PAGAT_SET_DEFENDERS = "The other side still score one point for each trick they won."
PAGAT_NEGATIVE = "It is possible for a team's overall score to be negative."
PAGAT_WIN = (
    "A team wins if at the end of a hand in which they succeed in a bid, or defeat the "
    "opponents' bid, their score is equal to or above the target."
)
PAGAT_NOT_BY_ODD_TRICKS = (
    "You cannot win by reaching the target by means of odd tricks made as the opponents of a "
    "successful bid."
)
PAGAT_LONE_EXCHANGE = "Sometimes these lone bids allow you to exchange some cards with partner."
PAGAT_HOW_EXCHANGED = (
    "the bidder discards the relevant number of cards face down and the bidder's partner "
    "passes an equal number of cards face down to the bidder to replace them"
)
CIN_NAMES_TRUMP = (
    "There is only one round of bidding, and the highest bidder names the trump suit or notrump."
)
CIN_FORCE_BID = 'If no player bids (all pass), the dealer must accept a "Force bid" of three.'
CIN_MOON_ALONE = (
    "Any Moon bid won by a player is played alone. The partner of the player with the moon bid "
    "lays his hand face down, and his hand is not played."
)
CIN_MOON_POINTS = "A Moon, if successful (all tricks taken), scores 12 points."
FIVE_HUNDRED_BACK_DOOR = (
    "You win the game by earning 500 points or forcing your opponents to reach negative 500 points."
)

# A deal (dealer 3, so seat 0 bids first) where seat 0 holds every top heart but the nine.
HEARTS = ["Jh Jd Ah Kh Qh Th", "9h As Ks Qs Js Ts", "Ac Kc Qc Jc Tc 9c", "Ad Kd Qd Td 9d 9s"]


def state_of(hands: list[str] = HEARTS, dealer: int = 3, rules: Rules = BID) -> HandState:
    return HandState.new(Deal(dealer, hands), rules)


def played(state: HandState, *actions: str) -> HandState:
    for action in actions:
        state = state.apply(action)
    return state


def play_first_cards(state: HandState) -> HandState:
    """The deal played to its end, each seat playing its first legal card."""
    while state.result is None:
        state = state.apply(state.legal_actions()[0])
    return state


# ---------------------------------------------------------------------- the deal
def test_four_partners_six_cards_each_one_at_a_time_no_upcard_no_kitty() -> None:
    # GR_PARTNERS, GR_SIX, GR_NO_KITTY, WP_PACK, WP_DEAL
    assert (BID.players, BID.partnerships, BID.deck, BID.hand_size) == (4, True, 24, 6)
    assert BID.team_of(0) == BID.team_of(2) != BID.team_of(1) == BID.team_of(3)
    for dealer in range(4):
        deal = Deal.random(seed=99, dealer=dealer, rules=BID)
        assert deal.upcard is None and deal.kitty == ()
        assert [len(hand) for hand in deal.hands] == [6, 6, 6, 6]
        pack = shuffled(99, deck_of(24))
        for index, card in enumerate(pack):  # one at a time, from the dealer's left
            assert card in deal.hands[(dealer + 1 + index) % 4]
    with pytest.raises(DealError, match="Bid Euchre deals every card and turns none up"):
        HandState.new(Deal(3, HEARTS, "7h"), BID)  # a card turned up besides
    with pytest.raises(DealError, match="everyone is dealt 6"):
        HandState.new(Deal.random(seed=1, dealer=0, rules=Rules()), BID)


# ---------------------------------------------------------------------- the bidding
def test_each_player_bids_once_from_the_dealers_left_to_the_dealer() -> None:
    # PAGAT_ONCE
    state = state_of(dealer=1)
    seats = []
    while state.phase is Phase.AUCTION:
        seats.append(state.to_act)
        state = state.apply("pass" if "pass" in map(str, state.legal_actions()) else "bid 3")
    assert seats == [2, 3, 0, 1]
    assert state.phase is Phase.NAME_TRUMP and state.to_act == 1  # the stuck dealer's bid


def test_the_lowest_bid_is_three_unless_the_table_says_otherwise() -> None:
    # GR_MINIMUM
    state = state_of()
    assert [str(a) for a in state.legal_actions()] == [
        "pass",
        "bid 3",
        "bid 4",
        "bid 5",
        "bid 6",
        "bid moon",
    ]
    assert state.why_illegal("bid 2") == "the lowest bid at this table is 3 tricks"
    with pytest.raises(IllegalAction, match="lowest bid"):
        state.apply("bid 2")
    lower = BID.replace(minimum_bid=1)
    assert "bid 1" in [str(a) for a in state_of(rules=lower).legal_actions()]


def test_each_bid_is_higher_and_partners_may_overbid_each_other() -> None:
    # WP_HIGHER, GR_PARTNERS_OVERBID
    state = played(state_of(), "bid 4")  # seat 0
    assert state.why_illegal("bid 4") == "the bid is already 4: bid more than 4 tricks, or pass"
    assert state.why_illegal("bid 3") is not None
    state = played(state, "pass", "bid 5")  # seat 2, seat 0's partner, outbids it
    assert state.bid == 5 and state.bidder == 2
    assert state.why_illegal("bid 7") is not None  # a deal has six tricks
    assert "6 tricks" in (state.why_illegal("bid 7") or "")


def test_the_moon_outbids_every_number_and_ends_the_bidding() -> None:
    # CIN_MOON_ALONE: the moon is a bid to take every trick alone; nothing outbids it.
    state = played(state_of(), "bid 6", "bid moon")
    assert state.phase is Phase.NAME_TRUMP and state.to_act == 1
    assert state.bidder == 1 and state.bid == 6 and state.alone


def test_all_passing_sticks_the_dealer_who_must_bid() -> None:
    # CIN_FORCE_BID
    state = played(state_of(), "pass", "pass", "pass")
    assert state.to_act == 3 and "pass" not in [str(a) for a in state.legal_actions()]
    assert "you, the dealer, must bid" in (state.why_illegal("pass") or "")
    assert played(state, "bid 3").maker == 3


def test_without_the_stuck_dealer_all_passing_throws_the_cards_in() -> None:
    # reference.com, "How Do You Play Bid Euchre?": "If no bid is made and the players pass,
    # the hand is forfeited. The next player in line now makes the next deal."
    rules = BID.replace(stick_the_dealer=False)
    state = played(state_of(rules=rules), "pass", "pass", "pass", "pass")
    assert state.result is not None and state.result.thrown_in and state.result.points == (0, 0)
    assert "passed" in explain_score(state)
    game = Game.new(rules, seed=5)
    dealer = game.dealer
    while game.history == ():
        game = game.apply("pass")
    assert game.dealer == (dealer + 1) % 4


# ---------------------------------------------------------------------- trump and the lead
def test_the_high_bidder_names_trump_or_no_trump() -> None:
    # CIN_NAMES_TRUMP
    state = played(state_of(), "pass", "bid 4", "pass", "pass")
    assert state.phase is Phase.NAME_TRUMP and state.to_act == 1 and state.maker == 1
    assert [str(a) for a in state.legal_actions()] == [
        "trump clubs",
        "trump diamonds",
        "trump hearts",
        "trump spades",
        "trump no-trump",
    ]
    assert "name trump with 'trump hearts'" in (state.why_illegal("call hearts") or "")
    assert played(state, "trump spades").trump is Suit.SPADES
    assert played(state, "trump no-trump").trump is None
    plain = played(state_of(rules=BID.replace(no_trump=False)), "pass", "bid 4", "pass", "pass")
    assert plain.why_illegal("trump no-trump") == "this table does not play no-trump: name a suit"


def test_in_no_trump_the_jacks_are_plain_cards() -> None:
    # WP_NO_TRUMP: the jack of diamonds is a diamond, and the ace outranks it.
    state = played(state_of(), "bid 3", "pass", "pass", "pass", "trump no-trump")
    state = played(state, "play Jd", "play 9h", "play 9c")  # seats 1 and 2 hold no diamond
    assert all(a.card.suit is Suit.DIAMONDS for a in state.legal_actions())  # seat 3 follows
    state = played(state, "play Ad")
    assert state.tricks[0].winner == 3
    hearts = played(state_of(), "bid 3", "pass", "pass", "pass", "trump hearts", "play Jd")
    assert [str(a) for a in hearts.legal_actions()] == ["play 9h"]  # there, a heart is led


def test_the_high_bidder_leads_the_first_trick() -> None:
    # PAGAT_LEAD: seat 2 bids high; the dealer's left (seat 0) does not lead.
    state = played(state_of(), "pass", "pass", "bid 3", "pass", "trump clubs")
    assert state.phase is Phase.PLAY and state.to_act == 2 == state.leader


# ---------------------------------------------------------------------- the moon
def test_the_moon_is_played_alone_with_the_partners_best_card() -> None:
    # CIN_MOON_ALONE, PAGAT_LONE_EXCHANGE, PAGAT_HOW_EXCHANGED
    state = played(state_of(), "bid moon", "trump hearts")
    assert state.sitting_out == frozenset({2}) and state.declared_alone
    assert state.phase is Phase.CALL_FOR_BEST and state.to_act == 0
    state = played(state, "call for best Th")  # the shooter discards first, face down
    assert state.phase is Phase.GIVE_BEST and state.to_act == 2
    assert "Th" not in [c.code for c in state.hand(0)]
    state = played(state, "give Ac")  # the partner passes one card, face down
    assert "Ac" in [c.code for c in state.hand(0)] and state.to_act == 0
    assert state.phase is Phase.PLAY
    final = play_first_cards(state)
    assert all(len(trick.cards) == 3 for trick in final.tricks)  # the partner never plays
    assert all(2 not in trick.seats for trick in final.tricks)


def test_the_moons_pass_is_known_to_the_two_partners_only() -> None:
    # PAGAT_HOW_EXCHANGED: both cards go face down.
    state = played(state_of(), "bid moon", "trump hearts", "call for best Th", "give Ac")
    texts = {seat: [str(a) for a in state.view(seat).actions] for seat in range(4)}
    assert "give Ac" in texts[0] and "give Ac" in texts[2]
    assert "give" in texts[1] and "give Ac" not in texts[1] and "give Ac" not in texts[3]
    assert "call for best Th" in texts[0]
    assert all("call for best Th" not in texts[seat] for seat in (1, 2, 3))
    assert all("Th" not in str(state.view(seat).to_dict()) for seat in (1, 2, 3))


def test_a_moon_without_the_pass_plays_the_cards_dealt() -> None:
    rules = BID.replace(calling_for_best=False)
    state = played(state_of(rules=rules), "bid moon", "trump hearts")
    assert state.phase is Phase.PLAY and state.to_act == 0 and state.sitting_out == {2}


def test_a_moon_made_scores_twelve() -> None:
    # CIN_MOON_POINTS: seat 0 holds the six top hearts but the nine.
    state = played(state_of(), "bid moon", "trump hearts", "pass")
    final = play_first_cards(state)
    assert final.result is not None and final.result.march
    assert final.result.points == (12, 0) and final.result.alone
    assert explain_score(final) == (
        "The moon: the shooter took all 6 tricks alone and scores 12 points."
    )


# ---------------------------------------------------------------------- scoring
def _points_by_the_sentences(state: HandState) -> tuple[int, int]:
    """PAGAT_MADE, PAGAT_SET, PAGAT_SET_DEFENDERS and CIN_MOON_POINTS, from the tricks."""
    assert state.maker is not None and state.bid is not None
    bidders = state.maker % 2
    taken = sum(1 for t in state.tricks if t.winner % 2 == bidders)
    points = [0, 0]
    if state.alone:  # the moon: every trick, for 12
        points[bidders] = 12 if taken == 6 else -12
    else:
        points[bidders] = taken if taken >= state.bid else -state.bid
    points[1 - bidders] = 6 - taken
    return (points[0], points[1])


@pytest.mark.parametrize("seed", range(40))
def test_a_deal_scores_by_its_bid(seed: int) -> None:
    # PAGAT_MADE, PAGAT_SET, PAGAT_SET_DEFENDERS
    state = HandState.new(Deal.random(seed=seed, dealer=seed % 4, rules=BID), BID)
    state = played(state, *["pass"] * (seed % 4))
    bid = 3 + seed % 4
    state = played(state, f"bid {bid}")
    while state.phase is Phase.AUCTION:
        state = state.apply("pass")
    state = state.apply(f"trump {['clubs', 'diamonds', 'hearts', 'spades', 'no-trump'][seed % 5]}")
    final = play_first_cards(state)
    assert final.result is not None and final.result.bid == bid
    assert final.result.points == _points_by_the_sentences(final)
    assert final.result.euchred == (final.result.maker_tricks < bid)


def test_set_bidders_lose_their_bid_and_the_defenders_still_score() -> None:
    # PAGAT_SET, PAGAT_SET_DEFENDERS: seat 1 bids six in spades and cannot take them all.
    state = played(state_of(), "pass", "bid 6", "pass", "pass", "trump spades")
    final = play_first_cards(state)
    assert final.result is not None and final.result.euchred
    taken = final.result.maker_tricks
    assert final.result.points == (6 - taken, -6)
    assert explain_score(final).startswith(f"The bidders bid 6 but took {taken}")
    quiet = BID.replace(defenders_score=False)
    state = played(state_of(rules=quiet), "pass", "bid 6", "pass", "pass", "trump spades")
    assert play_first_cards(state).result == HandResult((0, -6), 1, taken, bid=6, tricks=6)


# ---------------------------------------------------------------------- the game
def test_the_game_is_to_32_and_a_score_may_go_below_zero() -> None:
    # GR_TARGET, PAGAT_NEGATIVE
    assert BID.game_to == 32
    game = Game.new(BID, seed=1, start_score=(-5, 0))
    assert game.score == (-5, 0) and game.winner is None
    assert from_egn(to_egn(game)).score == (-5, 0)


def test_a_side_wins_at_the_target_only_on_a_deal_it_wins() -> None:
    # PAGAT_WIN, PAGAT_NOT_BY_ODD_TRICKS
    made = HandResult((4, 2), 0, 4, bid=4, tricks=6)  # side 0 made its bid of 4
    assert deal_winner_at_target((34, 33), BID, made) == 0
    assert deal_winner_at_target((30, 33), BID, made) is None  # side 1's odd tricks
    set_back = HandResult((-4, 3), 0, 3, bid=4, tricks=6)  # side 1 set the bidders
    assert deal_winner_at_target((28, 32), BID, set_back) == 1
    assert deal_winner_at_target((28, 31), BID, set_back) is None


def test_a_side_driven_to_minus_the_target_loses() -> None:
    # FIVE_HUNDRED_BACK_DOOR, as Bid Euchre's option lose_at_minus_target (on)
    moon_set = HandResult((-12, 4), 0, 2, True, bid=6, tricks=6)
    assert deal_winner_at_target((-32, 20), BID, moon_set) == 1
    off = BID.replace(lose_at_minus_target=False)
    assert deal_winner_at_target((-40, 20), off, moon_set) is None


def test_random_games_end_as_the_rules_say() -> None:
    for seed in range(12):
        game = Game.new(BID, seed=seed)
        steps = 0
        while game.winner is None:
            game = game.apply(game.legal_actions()[steps * 7 % len(game.legal_actions())])
            steps += 1
            assert steps < 20_000
        last = game.history[-1].result
        assert last is not None
        low = [side for side, points in enumerate(game.score) if points <= -32]
        if low:
            assert game.winner == 1 - low[0]
        else:
            assert game.winner == last.winners and game.score[game.winner] >= 32


# ---------------------------------------------------------------------- records and texts
def test_a_game_of_bid_euchre_round_trips_through_egn_and_a_deal_through_a_share_code() -> None:
    game = Game.new(BID, seed=4)
    for _ in range(40):
        game = game.apply(game.legal_actions()[-1])
    again = from_egn(to_egn(game))
    assert again.score == game.score and again.state == game.state
    assert from_share_code(to_share_code(game.state)) == game.state
    assert HandState.from_json(game.state.to_json()) == game.state
    assert '"upcard": null' in to_egn(game)


def test_the_bids_and_trump_are_read_forgivingly() -> None:
    state = state_of()
    for text in ("bid 4", "bid four", "4", "4 tricks", " BID  4 "):
        assert str(Action.parse(text)) == "bid 4"
    for text in ("bid moon", "moon", "shoot the moon"):
        assert Action.parse(text) is Action.parse("bid moon")
    assert state.apply("shoot the moon").bid == 6
    after = played(state, "bid 3", "pass", "pass", "pass")
    for text in ("trump hearts", "trump h", "trump ♥", "hearts are trump", "hearts trump"):
        assert after.apply(text).trump is Suit.HEARTS
    assert after.apply("trump no trump").trump is None
    with pytest.raises(IllegalAction, match="a bid to play alone is 'bid moon'"):
        state.apply("bid 4 alone")


def test_the_house_rules_file_names_a_bad_key_and_its_line() -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_toml('profile = "bid-euchre"\nminimum_bid = 9\n')
    assert (info.value.key, info.value.line) == ("minimum_bid", 2)
    with pytest.raises(RulesError) as info:
        Rules.from_toml('profile = "bid-euchre"\nmoon_points = "lots"\n')
    assert (info.value.key, info.value.line) == ("moon_points", 2)
    with pytest.raises(RulesError, match=r"minimum_bid.*it is an option of Bid Euchre"):
        Rules.from_toml("minimum_bid = 4\n")
    with pytest.raises(RulesError, match="Bid Euchre has no 'canadian_loner'"):
        Rules.from_toml('variant = "bid"\ncanadian_loner = true\n')
    rules = Rules.from_toml('profile = "bid-euchre"\nminimum_bid = 4\nmoon_points = 24\n')
    assert (rules.minimum_bid, rules.moon_points, rules.title) == (4, 24, "House rules")
    assert Rules.from_toml(rules.to_toml()) == rules


def test_the_rules_describe_bid_euchre_in_its_own_words() -> None:
    said = dict(BID.describe())
    assert said["variant"].startswith("Bid Euchre: six cards each and no upcard")
    assert (
        said["stick_the_dealer"]
        == "Stick the dealer: if the other three pass, the dealer must bid."
    )
    assert "lead_against_loner" not in said and "dealer_may_decline" not in said
    assert "minimum_bid" not in dict(Rules().describe())
    assert Rules.profile_title("bid-euchre") == "Bid Euchre" == BID.title
