"""The teacher's composer: the decision list, the link and the printed sheet name the
seats alike, from the seat the students play (the one that made the chosen decision)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from euchre import Rules
from euchre_tutorial.tryagain.branch import finished_deal
from euchre_tutorial.tryagain.sheet import choosable, composer_html

OPTION = re.compile(r'<option value="(\d+)"( selected)?>([^<]*)</option>')
HAPPENED = re.compile(r'<ol class="eu-ta-happened">(.*?)</ol>')


@pytest.mark.parametrize("seed", [5, 14])
def test_the_list_and_the_sheet_name_the_seats_from_the_students_seat(seed: int) -> None:
    """Deal 14 once listed "Trick 1, card 1: East: East plays K♣." (named from the free
    player's seat) above a sheet for that decision that said "The dealer was East" and
    "You call ♥ hearts" (named from the student's seat): East was two players."""
    rules = Rules()
    state = finished_deal(seed, rules)
    for k in choosable(state):
        html = composer_html(seed, k, rules)
        options = [
            (int(value), bool(chosen), unescape(text))
            for value, chosen, text in OPTION.findall(html)
        ]
        [(_, _, picked)] = [o for o in options if o[1]]
        assert re.search(r": You: You [a-z]", picked), picked
        found = HAPPENED.search(html)
        happened = [unescape(t) for t in re.findall(r"<li>([^<]*)</li>", found[1])] if found else []
        for value, _, text in options:
            if value < k:
                words = text.split(": ", 2)[2]
                other = re.fullmatch(r"(West|North|East) discards .* face down\.", words)
                if other:  # the teacher sees the card; the student's sheet keeps it hidden
                    words = f"{other[1]} discards a card face down."
                assert words in happened, (k, text, happened)
