"""The table's trump line, which the learner reads all through a deal: "not made yet"
while bidding, the suit once it is made, and "no suit is trump" after a no-trump call
(never "not made yet" while the cards are being played)."""

from __future__ import annotations

import re

from euchre import Deal, HandState, Rules
from euchre_tutorial.present.table import render_table

TRUMP_LINE = re.compile(r'<p class="eu-trump[^"]*">(.*?)</p>')


def trump_line(state: HandState) -> str:
    [line] = TRUMP_LINE.findall(render_table(state.view(0)))
    return re.sub(r"<[^>]+>", "", line)


def test_the_line_follows_the_bidding_to_a_suit() -> None:
    state = HandState.new(Deal.random(seed=7, dealer=0), Rules())
    assert trump_line(state) == "Trump not made yet"
    state = state.apply("pass").apply("order")
    assert state.trump is not None
    assert trump_line(state) == f"Trump: {state.upcard.suit.symbol} {state.trump.plural}"


def test_after_a_no_trump_call_the_line_says_no_suit_is_trump() -> None:
    rules = Rules().replace(no_trump=True)
    state = HandState.new(Deal.random(seed=7, dealer=0, rules=rules), rules)
    for action in ["pass"] * 4 + ["call no-trump"]:
        state = state.apply(action)
    while state.to_act is not None:
        assert trump_line(state) == "No trump: no suit is trump this deal"
        state = state.apply(state.legal_actions()[0])
