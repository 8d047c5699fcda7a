"""The tables of Try again, drawn. In hindsight a play that cost a trick has its mark and
the coach's words in a row of their own, across the whole table (as a fifth column a phone
gave them two words a line, and the table outgrew the screen), and a play's place never
breaks between a word and its number. The lines side by side give each trick a row, its
cards in the order played under their players' names (a trick on one line made two lines
wider than a desktop's column, and the try was off to the right)."""

from __future__ import annotations

import functools
import re

import euchre
from euchre import Rules
from euchre_tutorial.present.seats import seat_names
from euchre_tutorial.tryagain.branch import decisions, finished_deal
from euchre_tutorial.tryagain.hindsight import PlayReview, review_plays
from euchre_tutorial.tryagain.render import compare_html, play_html, plays_html
from euchre_tutorial.tryagain.session import Session, act, finish, open_session
from euchre_tutorial.tryagain.sheet import answer_key_html

ROW = re.compile(r"<tr class=\"([^\"]*)\">(.*?)</tr>", re.S)


@functools.cache
def marked_reviews() -> tuple[PlayReview, ...]:
    """The learner's plays in the first deals that hold a play costing a trick."""
    for seed in range(60):
        reviews = review_plays(finished_deal(seed, Rules()), 0)
        if any(r.cost > 0 for r in reviews) and any(r.cost == 0 for r in reviews):
            return tuple(reviews)
    raise AssertionError("no deal in sixty with both a costly and a fine play")


def test_the_mark_and_the_coach_s_words_take_a_row_across_the_table_under_the_costly_play() -> None:
    reviews = marked_reviews()
    drawn = plays_html(reviews, share="e1abc", at=-1)
    assert drawn.count('<th scope="col">') == 4
    rows = ROW.findall(drawn)
    plays = [(css, body) for css, body in rows if "eu-ta-why" not in css]
    assert len(plays) == len(reviews)
    for review in reviews:
        at = next(i for i, (_, body) in enumerate(rows) if f">{review.played.card}<" in body)
        css, body = rows[at]
        assert ("eu-ta-cost" in css) == (review.cost > 0)
        assert body.count("<td>") == 3 and "Cost a" not in body
        if review.cost > 0:
            why_css, why = rows[at + 1]
            assert "eu-ta-why" in why_css and why.startswith('<td colspan="4">')
            assert "Cost a trick" in why or f"Cost {review.cost} tricks" in why
            for reason in review.reasons:
                assert reason.split()[0] in why
        else:
            assert at + 1 == len(rows) or "eu-ta-why" not in rows[at + 1][0]


def test_a_play_s_place_breaks_only_after_its_comma() -> None:
    reviews = marked_reviews()
    headers = re.findall(r'<th scope="row">([^<]*)</th>', plays_html(reviews))
    assert len(headers) == len(reviews)
    for header, review in zip(headers, reviews, strict=True):
        assert header == review.where.replace(" ", "&nbsp;").replace(",&nbsp;", ", ")
        assert re.fullmatch(r"Trick&nbsp;\d, card&nbsp;\d", header)


TRICK_ROW = re.compile(r'<tr><th scope="row">Trick (\d)</th>(.*?)</tr>', re.S)
CELL = re.compile(r"<td>(.*?)</td>", re.S)
PLAYED = re.compile(
    r'<li( class="eu-ta-won")?><span class="eu-ta-seat">(\w+)</span>'
    r'<span class="eu-card[^"]*" data-card="(\w+)"'
)


def test_the_lines_side_by_side_give_each_trick_a_row_as_the_engine_played_it() -> None:
    played = finished_deal(8, Rules())
    code = euchre.to_share_code(played)
    k = next(
        d.k
        for d in decisions(played)
        if d.action.kind == "play" and d.choices > 1 and d.where.startswith("Trick 2,")
    )
    session = open_session(code, k)
    me = session.learner
    other = next(a for a in session.start.legal_actions() if a != played.actions[k])
    session = finish(act(session, str(other)))
    lines = [session.original, *session.tries]
    assert len(lines) == 2
    drawn = compare_html(session)
    rows = TRICK_ROW.findall(drawn)
    assert [int(n) for n, _ in rows] == list(range(1, 6))
    names = seat_names(me, played.players)
    for number, cells in rows:
        for line, cell in zip(lines, CELL.findall(cells), strict=True):
            trick = line.tricks[int(number) - 1]
            seen = PLAYED.findall(cell)
            assert [(name, card) for _, name, card in seen] == [
                (names[s], c.code) for s, c in zip(trick.seats, trick.cards, strict=True)
            ]
            assert [name for won, name, _ in seen if won] == [names[trick.winner]]
            assert f"Won by {'you' if trick.winner == me else names[trick.winner]}" in cell


def first_try(played: euchre.HandState) -> tuple[int, Session, Session]:
    """The first card play with a choice, tried another way: (its index, the try one
    card in, the try finished)."""
    k = next(d.k for d in decisions(played) if d.action.kind == "play" and d.choices > 1)
    session = open_session(euchre.to_share_code(played), k)
    other = next(a for a in session.start.legal_actions() if a != played.actions[k])
    going = act(session, str(other))
    return k, going, finish(going)


def test_a_table_where_each_plays_alone_counts_tricks_for_you_not_a_side() -> None:
    """Cutthroat (three players, each for themselves): the try, the comparison and the
    teacher's answer key count the learner's own tricks, and say so without a "side"."""
    played = finished_deal(4, Rules(players=3, partnerships=False))
    k, going, done = first_try(played)
    drawn = " ".join([play_html(going), compare_html(done), answer_key_html(played, k)])
    text = re.sub(r"<[^>]+>", " ", drawn)
    assert "Tricks so far: you " in text and "Tricks for you" in text and " for you " in text
    assert not re.search(r"\b(your|other) side\b|partner", text, re.I), text
    _k, _going, four = first_try(finished_deal(4, Rules()))
    assert "Tricks for your side" in compare_html(four)


def test_a_try_in_a_no_trump_deal_says_no_suit_is_trump() -> None:
    # Once someone has called no-trump the try's status line says so, as it names the
    # trump suit in any other deal.
    rules = Rules().replace(no_trump=True)
    played = euchre.HandState.new(euchre.Deal.random(seed=7, dealer=0, rules=rules), rules)
    for action in ["pass"] * 4 + ["call no-trump"]:
        played = played.apply(action)
    while played.to_act is not None:
        played = played.apply(played.legal_actions()[0])
    _k, going, _done = first_try(played)
    text = re.sub(r"<[^>]+>", " ", play_html(going))
    assert "No suit is trump. Tricks so far:" in text and "are trump" not in text
    _k, suited, _done = first_try(finished_deal(4, Rules()))
    assert re.search(
        r"(Clubs|Diamonds|Hearts|Spades) are trump\. Tricks so far:",
        re.sub(r"<[^>]+>", " ", play_html(suited)),
    )


def test_a_choice_that_is_not_a_card_is_offered_beside_the_cards() -> None:
    """A dealer who may decline the ordered upcard chooses a discard (a card) or the
    decline (a button). The try drew only the hand, so the decline its prompt offered
    could not be chosen."""
    rules = Rules().replace(dealer_may_decline=True)
    played = euchre.HandState.new(euchre.Deal.random(seed=0, dealer=0, rules=rules), rules)
    played = played.apply("order")  # the player on the learner's left orders up; the learner deals
    at = len(played.actions)
    while played.to_act is not None:
        played = played.apply(played.legal_actions()[0])
    drawn = play_html(open_session(euchre.to_share_code(played), at))
    assert "or decline it and keep your hand" in drawn
    assert 'data-value="decline"' in drawn and "Decline " in drawn
    assert drawn.count('data-action="act"') == 7  # six discards and the decline


def test_a_try_from_the_bidding_counts_no_tricks_yet() -> None:
    """Before the first card the try's line says where it stands and nothing of tricks
    ("Making trump. Tricks so far: your side 0, the others 0." said nothing)."""
    played = finished_deal(4, Rules())
    bid = next(d.k for d in decisions(played) if d.action.kind != "play")
    text = re.sub(r"<[^>]+>", " ", play_html(open_session(euchre.to_share_code(played), bid)))
    assert "Making trump." in text and "Tricks so far" not in text


def test_the_intro_tells_the_deal_as_played_and_no_page_counts_four_hands_at_three() -> None:
    """ "In the deal as played: You play K♦." read as a slip of tense; the hindsight label and
    the teacher's key said "four hands" at every table size."""
    from euchre_tutorial.tryagain.render import HINDSIGHT_LABEL, intro_html
    from euchre_tutorial.tryagain.sheet import sheet_html

    played = finished_deal(4, Rules(players=3, partnerships=False))
    k, going, _done = first_try(played)
    intro = re.sub(r"<[^>]+>", " ", intro_html(going))
    assert "At this point in the deal as played, you " in intro, intro
    assert "four" not in HINDSIGHT_LABEL
    assert "four hands" not in sheet_html(played, k, 4).lower()
