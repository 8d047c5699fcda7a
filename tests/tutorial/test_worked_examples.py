"""The rules pages' worked examples: a ``euchre-score`` box says who took how many tricks in
plain grammar, and a ``euchre-deal`` box tells its bidding in the words the game's own log
uses for the same actions."""

from __future__ import annotations

from html import unescape

import pytest
from euchre import Deal, HandState, Rules, parse_cards
from euchre_tutorial.mdext.example_deal import check_deal, check_score
from euchre_tutorial.mdext.fields import SEATS, FieldError, Fields
from euchre_tutorial.narration import narration
from euchre_tutorial.present.table import table_data
from euchre_tutorial.present.words import describe


def _render(*lines: str) -> str:
    return check_score(Fields.parse(list(lines), first_line=1), Rules())


@pytest.mark.parametrize(
    ("lines", "setup", "score"),
    [
        (
            ("tricks: 5", "alone: yes", "points: makers 4"),
            "A lone maker takes 5 tricks.",
            "the makers score 4 points.",
        ),
        (
            ("tricks: 4", "alone: yes", "points: makers 1"),
            "A lone maker takes 4 tricks.",
            "the makers score 1 point.",
        ),
        (
            ("tricks: 1", "points: defenders 2"),
            "The makers take 1 trick.",
            "the defenders score 2 points.",
        ),
        (
            ("tricks: 3", "points: makers 1"),
            "The makers take 3 tricks.",
            "the makers score 1 point.",
        ),
    ],
)
def test_the_setup_line_reads_as_a_sentence(lines: tuple[str, ...], setup: str, score: str) -> None:
    html = _render(*lines)
    assert f'<p class="eu-example__setup">{setup}</p>' in html
    assert f"<strong>Score:</strong> {score}</p>" in html


HANDS = [
    "north: J♥ J♦ A♥ K♥ A♣",
    "east: 9♣ 10♣ Q♣ 9♠ 10♠",
    "south: A♠ K♠ Q♠ A♦ K♦",
    "west: Q♥ 10♥ K♣ J♣ Q♦",
    "dealer: West",
    "upcard: 9♥",
]


def _fence(bidding: str, discard: str) -> list[str]:
    """A whole ``euchre-deal`` fence: the bidding given, then each seat plays its first
    legal card, and the engine's score is the claim."""
    hands = [parse_cards(line.split(":", 1)[1]) for line in HANDS[:4]]
    state = HandState.new(
        Deal(dealer=3, hands=hands, upcard=parse_cards("9h")[0], kitty=parse_cards("Js 10d 9d")),
        Rules(),
    )
    for action in [*bidding.split(", "), *([f"discard {discard}"] if discard else [])]:
        state = state.apply(action)
    tricks = []
    while state.result is None:
        played = []
        done = len(state.tricks)
        while state.result is None and len(state.tricks) == done:
            action = state.legal_actions()[0]
            played.append(str(action.card))
            state = state.apply(action)
        tricks.append("trick: " + " ".join(played))
    result = state.result
    scored = [points for points in result.points if points]
    claim = (
        "none"
        if result.makers is None
        else f"makers {scored[0]}"
        if result.points[result.makers]
        else f"defenders {scored[0]}"
    )
    return [
        *HANDS,
        f"bidding: {bidding}",
        *([f"discard: {discard}"] if discard else []),
        *tricks,
        f"score: {claim}",
    ]


def _bids(html: str) -> list[str]:
    listed = html.split('<ol class="eu-example__bids">', 1)[1].split("</ol>", 1)[0]
    return [item.removeprefix("<li>") for item in listed.split("</li>") if item]


@pytest.mark.parametrize(
    ("bidding", "discard", "said"),
    [
        (
            "pass, pass, pass, order",
            "Q♦",
            [
                "North passes.",
                "East passes.",
                "South passes.",
                "West picks up the upcard: ♥ hearts are trump.",
                "West discards Q♦ face down.",
            ],
        ),
        (
            "order alone",
            "Q♦",
            ["North orders up ♥ hearts and goes alone.", "West discards Q♦ face down."],
        ),
        (
            "pass, pass, pass, pass, pass, pass, pass, call clubs",
            "",
            [
                "North passes.",
                "East passes.",
                "South passes.",
                "West passes.",
                "North passes.",
                "East passes.",
                "South passes.",
                "West calls ♣ clubs.",
            ],
        ),
    ],
)
def test_the_bidding_reads_as_the_game_log_would_say_it(
    bidding: str, discard: str, said: list[str]
) -> None:
    html = check_deal(Fields.parse(_fence(bidding, discard), first_line=1), Rules())
    assert _bids(html) == said


def test_a_narrator_and_a_seat_use_the_same_words_for_another_seat() -> None:
    """The one renderer: the example's narrator and East's log agree on North's order."""
    hands = [parse_cards(line.split(":", 1)[1]) for line in HANDS[:4]]
    deal = Deal(dealer=3, hands=hands, upcard=parse_cards("9h")[0], kitty=parse_cards("Js 10d 9d"))
    state = HandState.new(deal, Rules())
    order = state.legal_actions()[1]
    assert describe(order, 0, narration(state), SEATS) == describe(order, 0, state.view(1), SEATS)


def test_a_pass_after_trump_is_made_turns_down_defending_alone() -> None:
    """Where defenders may play alone, each is asked once trump is made: the example and
    the game's log say what a pass then means, not just "passes"."""
    rules = Rules().replace(defend_alone=True)
    html = check_deal(Fields.parse(_fence("order alone", "Q♦"), first_line=1), rules)
    assert _bids(html) == [
        "North orders up ♥ hearts and goes alone.",
        "West discards Q♦ face down.",
        "East declines to defend alone.",
        "West declines to defend alone.",
    ]
    hands = [parse_cards(line.split(":", 1)[1]) for line in HANDS[:4]]
    state = HandState.new(
        Deal(dealer=3, hands=hands, upcard=parse_cards("9h")[0], kitty=parse_cards("Js 10d 9d")),
        rules,
    )
    state = state.apply("order alone").apply("discard Qd").apply("pass")
    assert table_data(state.view(2))["log"][-1] == "East declines to defend alone."
    assert table_data(state.view(1))["log"][-1] == "You decline to defend alone."


def test_an_offer_a_house_rule_adds_is_declined_and_told() -> None:
    """One example stands at every table: East's four nines and tens are a farmer's hand
    where three low cards count, and a lone North may call for the partner's best card.
    The example does not speak to either, so the engine's questions are declined in its
    bidding, in the log's words; a bidding that starts with the farmer's choice is taken
    as written."""
    rules = Rules().replace(farmers_hand="three_low", calling_for_best=True)
    html = check_deal(Fields.parse(_fence("order alone", "Q♦"), first_line=1), rules)
    assert [unescape(item) for item in _bids(html)] == [
        "East keeps their farmer's hand.",
        "North orders up ♥ hearts and goes alone.",
        "West discards Q♦ face down.",
        "North plays without the partner's best card.",
    ]
    swapped = [line for line in _fence("order", "Q♦") if not line.startswith(("trick", "score"))]
    swapped = [line.replace("bidding: order", "bidding: swap 9c 10c 9s, order") for line in swapped]
    with pytest.raises(FieldError, match="the deal is not over"):  # the swap was taken
        check_deal(Fields.parse(swapped, first_line=1), rules)
