"""The coach speaks the learner's words: cards as "Q♥", actions as "Order up ♥ hearts", never
the engine's codes ("order", "play Qh", "call h"), under every profile and option mix."""

from __future__ import annotations

import re

import euchre
import pytest
from euchre import Action, Deal, HandState, Phase, Rules
from euchre.players import action_words
from euchre.players.words import card_list
from euchre.trump import card_power, effective_suit, is_trump

from tests.players.helpers import RandomChooser, rule_sets, states_of_deal

CARD_CODE = re.compile(r"\b[9TJQKA78][cdhs]\b")
ACTION_CODES = [
    re.compile(r"\border alone\b"),
    re.compile(r"\bcall [cdhs]\b"),
    re.compile(r"\bcall (?:clubs|diamonds|hearts|spades|no-trump)\b"),
    re.compile(r"\bcall ace\b"),
    re.compile(r"\bcall for best [9TJQKA78]"),
    re.compile(r"\b(?:play|discard|give|swap) [9TJQKA78][cdhs]"),
    re.compile(r"Suggested: "),
    re.compile(r"^order$"),
]
RULES = rule_sets()


def _engine_codes(text: str) -> list[str]:
    found = CARD_CODE.findall(text)
    found += [p.pattern for p in ACTION_CODES if p.search(text)]
    return found


def _states(rules: Rules, deals: int, seed: int) -> list[HandState]:
    out = []
    for index in range(deals):
        choosers = [
            RandomChooser(seed + index * 7 + s) if s % 2 else euchre.computer_player("easy", s)
            for s in range(rules.players)
        ]
        deal = Deal.random(seed=seed + index, dealer=index % rules.players, rules=rules)
        out.extend(states_of_deal(deal, rules, choosers))
    return out


@pytest.mark.parametrize("name", sorted(RULES))
def test_advice_text_has_no_engine_codes(name: str) -> None:
    rules = RULES[name]
    checked = 0
    for state in _states(rules, 3, 2000):
        if state.phase is Phase.PLAY and len(state.tricks) < 2 and checked % 2:
            checked += 1
            continue  # keep the run short: half of the slow opening plays
        advice = euchre.coach(state)
        texts = [advice.words, advice.summary, *advice.reasons, *advice.details]
        assert advice.words and advice.summary and advice.details
        for text in texts:
            assert not _engine_codes(text), (name, str(state.phase), text)
        checked += 1
    assert checked > 10


def test_the_action_is_said_in_words_in_the_summary() -> None:
    state = HandState.new(Deal.random(seed=5, dealer=0), Rules())
    advice = euchre.coach(state)
    assert advice.summary.startswith(advice.words)
    assert advice.words == action_words(advice.action, state)
    data = advice.to_dict()
    assert data["words"] == advice.words and data["summary"] == advice.summary
    assert data["details"] == advice.details


def test_beginner_numbers() -> None:
    """Reasons say tricks and chances in words; the decimals stay in the details."""
    deal = Deal(
        dealer=0,
        hands=["9c Tc Qd 9s Ts", "Jh Jd Ah Kh As", "9d Td Kd Qs Ks", "Qc Kc Ac Ad Js"],
        upcard="9h",
        kitty=["Th", "Qh", "Jc"],
    )
    advice = euchre.coach(HandState.new(deal, Rules()))
    text = " ".join(advice.reasons)
    assert re.search(r"(of the|all) five tricks", text) and "euchred" in text
    assert not re.search(r"\d\.\d", text)
    assert any(re.search(r"[+-]\d\.\d\d points", line) for line in advice.details)


@pytest.mark.parametrize(
    ("text", "seat", "words"),
    [
        ("order", 1, "Order up ♥ hearts"),
        ("order alone", 1, "Order up ♥ hearts and go alone"),
        ("order", 0, "Pick up 9♥"),
        ("pass", 1, "Pass"),
        ("call spades", 1, "Call ♠ spades"),
        ("call no-trump", 1, "Call no-trump"),
        ("play Qh", 1, "Play Q♥"),
        ("play Td", 1, "Play 10♦"),
        ("discard 9s", 0, "Discard 9♠"),
        ("call ace hearts", 1, "Call for the best ♥ heart"),
        ("defend alone", 1, "Defend alone"),
    ],
)
def test_action_words(text: str, seat: int, words: str) -> None:
    deal = Deal(
        dealer=0,
        hands=["9c Tc Qd 9s Ts", "Jh Jd Ah Kh As", "9d Td Kd Qs Ks", "Qc Kc Ac Ad Js"],
        upcard="9h",
        kitty=["Th", "Qh", "Jc"],
    )
    state = HandState.new(deal, Rules())
    assert action_words(Action.parse(text), state.view(seat)) == words
    assert action_words(text, state, seat=seat) == words


def test_a_lead_low_reason_says_only_what_the_hand_shows() -> None:
    """ "Keep your trumps" only to a learner who holds one; "your shortest suit" only when
    the card led is of the shortest plain suit held (a learner once read "keep your
    trumps" with no trump left)."""
    rules = Rules()
    said = 0
    for state in _states(rules, 40, 4100):
        if state.phase is not Phase.PLAY or state.current_trick:
            continue
        advice = euchre.coach(state)
        text = " ".join([advice.summary, *advice.reasons, *advice.details])
        if "lead low" not in text:
            continue
        said += 1
        hand, trump = state.hands[state.to_act], state.trump
        trumps = [c for c in hand if is_trump(c, trump)]
        if "keep your trumps" in text:
            assert trumps, (text, hand)
        found = re.search(r"from your shortest suit, (\w+[♣♦♥♠])", text)
        if found:
            plain = [c for c in hand if not is_trump(c, trump)]
            led = next(c for c in plain if str(c) == found.group(1))
            lengths = {s: sum(1 for c in plain if effective_suit(c, trump) is s)
                       for s in {effective_suit(c, trump) for c in plain}}  # fmt: skip
            mine = lengths.pop(effective_suit(led, trump))
            assert lengths and mine < min(lengths.values()), (text, hand)
    assert said >= 5, "too few leads of a low card to check"


def test_a_discard_hint_names_what_is_kept_in_order() -> None:
    """After "Discard X", the hint names the trumps kept from the highest down, then the
    off-suit aces, and calls them what they are ("Keep your trumps: ...", never "trumps
    and aces" with no ace; a learner read K♠, A♦, Q♠ and 9♠ as one jumble)."""
    rules = Rules()
    said = 0
    for state in _states(rules, 60, 5200):
        if state.phase is not Phase.DISCARD:
            continue
        advice = euchre.coach(state)
        if (
            advice.action.kind != "discard"
            or state.to_act in state.apply(advice.action).sitting_out
        ):
            continue  # a dealer who sits out keeps nothing (the test below)
        trump = state.trump
        rest = [c for c in state.hands[state.to_act] if c != advice.action.card]
        trumps = sorted(
            (c for c in rest if is_trump(c, trump)), key=lambda c: -card_power(c, trump)
        )
        aces = [c for c in rest if not is_trump(c, trump) and c.rank.name == "ACE"]
        keep = [r for r in advice.reasons if r.startswith("Keep your")]
        if not trumps and not aces:
            assert not keep, advice.reasons
            continue
        said += 1
        (line,) = keep
        kinds = [k for k, cards in (("trump", trumps), ("ace", aces)) if cards]
        assert [w for w in ("trump", "ace") if f"your {w}" in line] == kinds, line
        assert line.endswith(card_list(trumps + aces) + "."), (line, [str(c) for c in rest])
    assert said >= 5, "too few discards to check"


def test_the_joker_is_named_once() -> None:
    """The joker's name says what it is: never "Joker (the joker)" or "lead the joker,
    Joker", as a learner at a joker table read it."""
    said = 0
    for state in _states(RULES["joker"], 30, 6100):
        if state.phase is not Phase.PLAY:
            continue
        if not any(c.is_joker for c in state.hands[state.to_act]):
            continue
        advice = euchre.coach(state)
        text = " ".join([advice.summary, *advice.reasons])
        said += "Joker" in text
        assert "Joker (the joker)" not in text and "the joker, Joker" not in text, text
    assert said >= 3, "too few hints about the joker to check"


@pytest.mark.parametrize("table", ["2", "3"])
def test_a_lone_maker_and_a_lone_opponent_are_named_as_one(table: str) -> None:
    """Where the maker plays alone against everyone, hints say "the maker", never "the
    makers"; at a table of two the learner's one opponent is "your opponent", never "an
    opponent" or "the opponents'" (a learner at two-handed read both)."""
    rules = Rules().at_table(table)
    said = 0
    for state in _states(rules, 12, 7300):
        if state.phase is Phase.PLAY and len(state.tricks) < 3:
            continue  # keep the run short: the plays of the early tricks are the slow ones
        advice = euchre.coach(state)
        text = " ".join([advice.summary, *advice.reasons, *advice.details])
        said += "the maker" in text or "your opponent" in text
        assert "the makers" not in text, text
        if table == "2":
            assert "an opponent" not in text and "the opponents" not in text, text
    assert said >= 3, "too few hints about the maker or the opponent to check"


@pytest.mark.parametrize("name", ["defend-alone", "six-handed"])
def test_the_defending_alone_hint_fits_the_maker_and_the_suggestion(name: str) -> None:
    """Asked whether to defend alone, the hint calls a lone maker lone and a maker with a
    partner "the makers"; it names the learner's partners (two of them in two teams of
    three); and it argues for what it suggests (it once said "A lone maker is playing" of
    a maker with a partner, and argued against defending alone while suggesting it)."""
    rules = RULES[name]
    asked = 0
    for state in _states(rules, 60, 8100):
        if state.phase is not Phase.DEFEND:
            continue
        asked += 1
        advice = euchre.coach(state)
        first, second = advice.reasons[0], advice.reasons[1]
        assert first.startswith("A lone maker plays" if state.alone else "The makers play"), first
        partners = "your partners" if name == "six-handed" else "your partner"
        assert partners in second and (name == "six-handed" or "your partners" not in second)
        assert ("pays more only if" in second) == (advice.action.kind == "pass"), second
    assert asked >= 5, "too few deals reached the offer to defend alone"


def test_a_hint_to_defend_alone_argues_for_it() -> None:
    """North holds the five top clubs when East orders clubs up: the coach suggests
    defending alone, and says why it pays."""
    rules = Rules().replace(defend_alone=True)
    hands = ["Jc Js Ac Kc Qc", "9h Th 9d Td 9s", "Ah Kh Ad Kd As", "Qh Jh Qd Jd Ks"]
    state = HandState.new(Deal(3, hands, "9c", "Tc Ts Qs"), rules)
    state = state.apply("pass").apply("order").apply("discard Ks").apply("pass")
    advice = euchre.coach(state)
    assert advice.action.kind == "defend"
    assert advice.reasons[1] == (
        "Alone, taking all five tricks pays 4, against 2 for a euchre "
        "with your partner; your hand is strong enough to try."
    )


@pytest.mark.parametrize(
    ("name", "because"),
    [
        ("farmer-swap", "three unknown cards from the kitty would not improve it"),
        ("farmer-redeal", "a new deal would be no better"),
    ],
)
def test_keeping_a_farmers_hand_says_why(name: str, because: str) -> None:
    kept = 0
    for state in _states(RULES[name], 40, 5100):
        if state.phase is not Phase.FARMER:
            continue
        advice = euchre.coach(state)
        if advice.action.kind == "pass":
            kept += 1
            assert because in advice.reasons[0], advice.reasons
    assert kept, "no farmer's hand was kept"


@pytest.mark.parametrize(("table", "declines"), [("decline", True), ("american", False)])
def test_the_order_up_hint_says_the_dealer_may_decline_where_they_may(
    table: str, declines: bool
) -> None:
    """At a table where the dealer may decline an ordered upcard, ordering up does not
    surely hand it to the dealer: the round-one hint says so, for an opponent dealer and a
    partner dealer alike."""
    rules = rule_sets()[table]
    said: dict[str, list[str]] = {"opponent": [], "partner": []}
    for seed in range(12):
        state = HandState.new(Deal.random(seed=seed, dealer=seed % 4, rules=rules), rules)
        for _ in range(2):  # the dealer's left (an opponent), then the dealer's partner
            reasons = " ".join(euchre.coach(state).reasons)
            for who, start in (
                ("opponent", "Ordering up hands the dealer"),
                ("partner", "Your partner is the dealer"),
            ):
                said[who] += [r for r in re.split(r"(?<=\.) ", reasons) if r.startswith(start)]
            state = state.apply("pass")
    assert said["opponent"] and said["partner"]
    for sentence in said["opponent"]:
        assert sentence.endswith(", unless they decline it." if declines else "."), sentence
        assert declines or "decline" not in sentence
    for sentence in said["partner"]:
        assert sentence.endswith(" or decline it." if declines else "."), sentence
        assert declines or "decline" not in sentence


def test_the_order_up_hint_at_call_ace_does_not_name_the_dealers_side() -> None:
    """At call-ace nobody has a side until the maker calls a card: the dealer who would pick
    up the upcard is neither "an opponent" nor "your partner" yet."""
    rules = Rules().at_table("5")
    said = []
    for seed in range(8):
        state = HandState.new(Deal.random(seed=seed, dealer=seed % 5, rules=rules), rules)
        for _ in range(3):
            reasons = " ".join(euchre.coach(state).reasons)
            said += [r for r in re.split(r"(?<=\.) ", reasons) if "dealer" in r]
            state = state.apply("pass")
    assert said
    for sentence in said:
        assert "opponent" not in sentence and "partner is the dealer" not in sentence, sentence
    assert any(
        s.endswith("the dealer plays with you only if they hold the card you call.") for s in said
    ), said


def test_going_alone_where_the_dealer_stays_out_never_says_the_partner_picks_up() -> None:
    """Beginner's rules: a dealer whose partner goes alone does not take the upcard (the
    engine leaves it out). A hint to order up alone once said "Your partner is the dealer
    and would pick up A♠". Seat 1 holds the five top spades; its partner, seat 3, deals."""
    rules = Rules.profile("beginner")
    deal = Deal(
        3,
        [
            ["9h", "Th", "Qh", "Kh", "Ah"],
            ["Js", "Jc", "As", "Ks", "Qs"],
            ["9c", "Tc", "Qc", "Kc", "Ac"],
            ["9d", "Td", "Qd", "Kd", "Ad"],
        ],
        "Ts",
        ["9s", "Jh", "Jd"],
    )
    state = HandState.new(deal, rules).apply("pass")
    advice = euchre.coach(state)
    assert str(advice.action) == "order alone"
    reasons = " ".join(advice.reasons)
    assert "would pick up" not in reasons, reasons
    assert (
        "Your partner is the dealer: going alone, you play without them, and 10♠ stays out of play."
        in reasons
    )
    assert state.upcard not in state.apply("order alone").hand(3)  # the engine agrees
    # Where the dealer does take it, the hint still says so.
    usual = HandState.new(deal, Rules()).apply("pass")
    assert "Your partner is the dealer and would pick up 10♠." in " ".join(
        euchre.coach(usual).reasons
    )


def test_a_joker_turned_up_is_the_joker() -> None:
    """'The upcard is Joker, so ♥ hearts would be trump' read wrongly: it is "the joker"."""
    rules = RULES["joker"]
    said = 0
    for seed in range(600):
        state = HandState.new(Deal.random(seed=seed, dealer=seed % 4, rules=rules), rules)
        if not state.upcard.is_joker:
            continue
        for _ in range(3):
            text = " ".join(euchre.coach(state).reasons)
            said += "the joker" in text
            assert "upcard is Joker" not in text and "upcard Joker" not in text, text
            assert "pick up Joker" not in text, text
            state = state.apply("pass")
    assert said >= 3


def test_a_dealer_who_will_sit_out_is_not_told_a_discard_matters() -> None:
    """American rules: the dealer's partner orders up alone, so the dealer takes the upcard,
    discards and sits out. The hint once said "Discard 10♣: it leaves you void in clubs,
    so you can trump that suit", with a 0.6-point gap between discards that never play."""
    deal = Deal(
        3,
        [
            ["9h", "Th", "Qh", "Kh", "Ah"],
            ["Js", "Jc", "As", "Ks", "Qs"],
            ["9c", "Tc", "Qc", "Kc", "Ac"],
            ["9d", "Td", "Qd", "Kd", "Ad"],
        ],
        "Ts",
        ["9s", "Jh", "Jd"],
    )
    state = HandState.new(deal, Rules()).apply("pass").apply("order alone")
    assert state.phase is Phase.DISCARD and state.to_act == 3
    advice = euchre.coach(state)
    text = " ".join([advice.summary, *advice.reasons])
    assert "void" not in text and "Keep your trumps" not in text, text
    assert "you sit out" in text
    assert len({v for _, v in advice.alternatives}) == 1
    for action in state.legal_actions():  # the engine agrees: the dealer sits out after any
        assert 3 in state.apply(action).sitting_out


@pytest.mark.parametrize("name", ["american", "3", "5"])
def test_a_play_hint_s_comparisons_agree_with_its_numbers(name: str) -> None:
    """The numbers shown with a play hint are expected tricks, while cards are ranked by
    points: "K♥, the next best, does less well" once sat beside K♥ +3.95 and K♠ +3.80."""
    rules = RULES.get(name) or Rules().at_table(name)
    checked = 0
    for state in _states(rules, 12, 7300):
        if state.phase is not Phase.PLAY or len(state.legal_actions()) < 2:
            continue
        advice = euchre.coach(state)
        if not advice.samples:
            continue
        tricks = {str(a.card): v for a, v in advice.alternatives}
        mine = tricks[str(advice.action.card)]
        text = " ".join(advice.reasons)
        for card in re.findall(r"; (\S+), the next best, does less well", text):
            assert tricks[card] <= mine, (text, tricks)
            checked += 1
        if re.search(r"but here \S+ does better on average", text):
            rule = re.search(r"would play (\S+) \(", text)
            assert rule and tricks[rule.group(1)] <= mine, (text, tricks)
    assert checked >= 5


def test_a_cutthroat_defender_hears_the_two_defenders_tricks_as_theirs_together() -> None:
    """At cutthroat the search counts the defenders' tricks together: "you can expect all
    five tricks" was said to a defender after the maker had taken one."""
    rules = Rules().at_table("3")
    said = 0
    for state in _states(rules, 20, 8100):
        if state.phase is not Phase.PLAY or state.to_act == state.maker:
            continue
        advice = euchre.coach(state)
        if not advice.samples:
            continue
        said += 1
        assert advice.summary.split(": ", 1)[1].startswith(
            "you and the other defender can expect"
        ), advice.summary
    assert said >= 5


def test_call_ace_s_secret_partner_hears_the_makers_side_as_theirs() -> None:
    """The holder of the called suit's highest card plays for the maker: the hint once told
    them a euchre of the makers was good news ("with a near certainty of euchring the
    makers"). A seat holding the top card knows it; one holding a lower card cannot know
    whether the top one lies in the kitty, so the hint takes no side."""
    rules = Rules().at_table("5")
    checked = 0
    for state in _states(rules, 40, 8200):
        if state.phase is not Phase.PLAY or state.ace_partner is None:
            continue
        if state.to_act != state.ace_partner or state.to_act == state.maker:
            continue
        advice = euchre.coach(state)
        text = " ".join(advice.reasons)
        assert "euchring the makers" not in text and "euchring the maker" not in text, text
        checked += 1
    assert checked >= 3


def test_calling_a_card_you_hold_says_you_play_alone() -> None:
    """Call-ace: a maker who calls for a card in their own hand plays alone against four (the
    engine makes no partner). The hint once promised "whoever holds the highest club becomes
    your partner" while the learner held A♣."""
    from euchre.trump import suit_order

    rules = Rules().at_table("5")
    said = {"own": 0, "partner": 0}
    for seed in range(600):
        state = HandState.new(Deal.random(seed=seed, dealer=seed % 5, rules=rules), rules)
        while state.phase in (Phase.ROUND_ONE, Phase.ROUND_TWO, Phase.DISCARD):
            state = state.apply(euchre.coach(state).action)
        if state.phase is not Phase.CALL_ACE:
            continue
        advice = euchre.coach(state)
        text = " ".join(advice.reasons)
        top = suit_order(advice.action.suit, state.trump, rules.deck, rules.joker)[0]
        if top in state.hand(state.to_act):
            assert "yourself, so you play alone" in text and "becomes your partner" not in text, (
                text
            )
            assert state.apply(advice.action).alone  # the engine agrees
            said["own"] += 1
        else:
            assert "becomes your partner" in text, text
            said["partner"] += 1
    assert said["own"] >= 1 and said["partner"] >= 3, said


def test_defending_alone_is_weighed_as_the_engine_scores_it() -> None:
    """Against a maker with a partner the makers can win at most 2 points, and a lone
    defender who takes all five scores 4 (the engine's score_hand). The coach once weighed
    every defence as against a lone maker (a march worth 4): "Defend alone -2.42" where the
    worst possible is -2, and it never suggested defending alone with the five top trumps."""
    from euchre.players.bid_strategy import STRONG

    rules = Rules.profile("long-deck")
    assert euchre.score_hand(5, False, rules) == (2, 0) and euchre.score_hand(
        0, False, rules, True
    ) == (0, 4)
    seen = 0
    for seed in range(200):
        state = HandState.new(Deal.random(seed=seed, dealer=seed % 4, rules=rules), rules)
        while state.phase in (Phase.ROUND_ONE, Phase.ROUND_TWO, Phase.DISCARD, Phase.DEFEND):
            advice = euchre.coach(state)
            view = state.view(state.to_act)
            if state.phase is Phase.DEFEND and not view.alone:
                worst = -euchre.score_hand(5, False, rules)[0] - STRONG.defend_alone_margin
                assert min(v for _, v in advice.alternatives) >= worst - 1e-9, advice.alternatives
                seen += 1
            state = state.apply(advice.action)
    assert seen >= 5


def test_calling_for_best_gives_the_best_card_and_says_no_false_weakest() -> None:
    """The partner asked for their best card gives it (ties in the rounded estimate once
    gave J♠ while holding J♣, "it is your best card"); the lone player's card set aside is
    "the card your hand needs least" (it was called "your weakest" when it was not)."""
    from euchre.trump import card_power

    rules = Rules().replace(calling_for_best=True)
    gave = 0
    for seed in range(300):
        state = HandState.new(Deal.random(seed=seed, dealer=seed % 4, rules=rules), rules)
        while not state.over and state.phase is not Phase.PLAY:
            advice = euchre.coach(state)
            text = " ".join(advice.reasons)
            assert "your weakest card" not in text, text
            if state.phase is Phase.GIVE_BEST and advice.action.kind == "give":
                hand, trump = state.hand(state.to_act), state.trump
                trumps = [c for c in hand if is_trump(c, trump)]
                if trumps:  # the highest trump is the best card
                    assert advice.action.card == max(trumps, key=lambda c: card_power(c, trump)), (
                        text
                    )
                gave += 1
            state = state.apply(advice.action)
    assert gave >= 3
