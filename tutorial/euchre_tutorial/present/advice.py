"""The coach's advice as the learner reads it: the suggestion in the table's own words
("Order up ♥ hearts", "Play Q♥"), numbers a beginner reads ("about three of the five
tricks"), and the statistics behind a disclosure for those who want them.

>>> import euchre
>>> from euchre import Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=3, dealer=0), Rules())
>>> html = advice_html(euchre.coach(state), state.view(state.to_act))
>>> "Suggested: Pass" in html and "<details" in html and "Suggested: pass" not in html
True
"""

from __future__ import annotations

import re
from typing import Any

from euchre import Action, Card, Rules, SeatView
from euchre.players import Advice, action_words, bid_model
from euchre.players.words import side_words, tricks_words

from euchre_tutorial.present.markup import escape
from euchre_tutorial.present.words import in_sentence

_CARD_ACTION = re.compile(r"\b(play|discard|give|best) ((?:10|[2-9TJQKA])[cdhs])\b", re.IGNORECASE)
_CODE = re.compile(r"(?<![A-Za-z0-9])((?:10|[2-9TJQKA])[cdhs])(?![A-Za-z])")
#: The choices the advice's table shows, best first.
SHOWN = 5
_STATISTIC = re.compile(r"\d\.\d|[+-]\d|\bOver \d+ deals\b|\bworth about\b")


def learner_words(text: str) -> str:
    """An engine sentence with its codes in the learner's notation: "Discard Kh is worth"
    -> "Discard K♥ is worth".

    >>> learner_words("play 9c beats Th")
    'Play 9♣ beats 10♥'
    """

    def action(match: re.Match[str]) -> str:
        verb = match.group(1)
        return f"{verb[:1].upper()}{verb[1:].lower()} {Card.parse(match.group(2))}"

    text = _CARD_ACTION.sub(action, text)
    return _CODE.sub(lambda m: str(Card.parse(m.group(1))), text)


def plain_reasons(reasons: list[str]) -> tuple[list[str], list[str]]:
    """The reasons split into plain words and statistics (numbers with decimals, signed
    values, sample counts), which go behind the disclosure.

    >>> plain_reasons(["Play 9♣.", "Over 10 deals that fit, 9♣ gives 1.1 tricks."])
    (['Play 9♣.'], ['Over 10 deals that fit, 9♣ gives 1.1 tricks.'])
    """
    plain = [r for r in reasons if not _STATISTIC.search(r)]
    stats = [r for r in reasons if _STATISTIC.search(r)]
    return plain, stats


#: The summary when the coach could not play out a single deal in time (the cards can lie
#: in too many ways at a big table): its card is the rule of thumb's, and it has no numbers.
UNWEIGHED = (
    "The cards could lie in too many ways to play them out in time, so this is the "
    "usual rule of thumb, not a worked-out estimate."
)


def points_scale(rules: Rules) -> str:
    """What a bid's "expected points" are: the coach's scale.

    >>> points_scale(Rules()).startswith("Expected points are the coach's estimate for your side:")
    True
    >>> "small plus" in points_scale(Rules().at_table("2"))
    True
    """
    if bid_model.fitted(rules) is not None:
        return (
            f"Expected points are the coach's estimate for {side_words(rules)}: what such a "
            "call, or a pass, has scored from this seat with hands like yours, in deals "
            "played out with every card known. They are averages, not a promise for this deal."
        )
    return (
        f"Expected points are the coach's estimate for {side_words(rules)}, from your own "
        "cards; it asks a little more of a riskier call and counts passing as a small "
        "plus, so these are its scale, not exact odds."
    )


#: Gaps in expected points (the suggestion's less another choice's, as shown) below which
#: the other choice scores "about as much", then "a little less"; from there on the
#: gap is said in points.
ABOUT_AS_MUCH = 0.05
A_LITTLE_LESS = 0.25


def closeness(gap: float) -> str:
    """How another choice compares with the suggestion, from the gap in expected points.

    >>> closeness(0.0), closeness(0.08)
    ('would score about as much', 'would score a little less')
    >>> closeness(0.25), closeness(1.48)
    ('would score about 0.3 points less', 'would score about 1.5 points less')
    """
    if gap < ABOUT_AS_MUCH:
        return "would score about as much"
    if gap < A_LITTLE_LESS:
        return "would score a little less"
    return f"would score about {round(gap + 1e-9, 1):.1f} points less"


def comparison(values: list[tuple[Action, float]], view: SeatView) -> str:
    """The suggestion (first of ``values``) against every other choice shown, each said
    from its own gap: "Compared with this, pass would score about 1.5 points less."
    """
    best = round(float(values[0][1]), 2)
    clauses = [
        f"{in_sentence(action_words(str(action), view))} "
        f"{closeness(round(best - round(float(value), 2), 2))}"
        for action, value in values[1:SHOWN]
    ]
    return f"Compared with this, {'; '.join(clauses)}."


def _weighed(advice: Advice) -> bool:
    """False for a card suggested without a single deal played out: it has no numbers."""
    return bool(advice.unit != "tricks" or advice.samples)


def summary(advice: Advice, view: SeatView) -> str:
    """One sentence with the expected outcome of the suggestion, in words (``UNWEIGHED``
    when no deal was played out)."""
    values = list(advice.alternatives)
    if not values:
        return ""
    best = values[0][1]
    tricks = len(view.hand) + len(view.tricks)
    if not _weighed(advice):
        return UNWEIGHED if len(values) > 1 else ""
    if advice.unit == "tricks" and tricks:
        # the same words as the coach's own reasons give the same number
        defending = view.maker is not None and view.maker != view.seat
        return (
            f"With this card {side_words(view.rules, defending)} can expect {tricks_words(best, tricks)} "
            "of this deal."
        )
    if len({v for _, v in values}) == 1:  # every choice alike: the coach says why
        return str(advice.summary)
    if len(values) > 1:
        return comparison(values, view)
    return ""


def advice_data(advice: Advice, view: SeatView) -> dict[str, Any]:
    """The advice as plain data in the learner's words (no engine codes)."""
    plain, stats = plain_reasons([learner_words(str(r)) for r in advice.reasons])
    return {
        "action": str(advice.action),
        "words": action_words(str(advice.action), view),
        "summary": summary(advice, view),
        "reasons": plain,
        "statistics": stats,
        "alternatives": []
        if not _weighed(advice)
        else [
            {"words": action_words(str(a), view), "value": round(float(v), 2)}
            for a, v in list(advice.alternatives)[:SHOWN]
        ],
        "unit": advice.unit,
    }


def advice_html(advice: Advice, view: SeatView) -> str:
    """The advice box: label, suggestion, reasons; statistics in a ``<details>``."""
    data = advice_data(advice, view)
    reasons = "".join(f"<li>{escape(r)}</li>" for r in data["reasons"])
    summary_html = (
        f'<p class="eu-advice-summary">{escape(data["summary"])}</p>' if data["summary"] else ""
    )
    unit = "expected tricks" if data["unit"] == "tricks" else "expected points"
    # Points can be lost (a sign says which way); tricks are a count.
    number = "{:+.2f}" if data["unit"] != "tricks" else "{:.2f}"
    values = {a["value"] for a in data["alternatives"]}
    rows = (
        ""
        if len(values) < 2
        else "".join(  # all alike: nothing to weigh
            f"<tr><td>{escape(a['words'])}</td><td>{number.format(a['value'])}</td></tr>"
            for a in data["alternatives"]
        )
    )
    stats = "".join(f"<li>{escape(s)}</li>" for s in data["statistics"])
    scale = (
        f'<p class="eu-advice-scale">{escape(points_scale(view.rules))}</p>'
        if rows and data["unit"] != "tricks"
        else ""
    )
    details = (
        (
            '<details class="eu-advice-stats"><summary>The numbers behind this advice</summary>'
            f"{f'<ul>{stats}</ul>' if stats else ''}"
            f'<table class="eu-advice-table"><thead><tr><th scope="col">Choice</th>'
            f'<th scope="col">{unit}</th></tr></thead><tbody>{rows}</tbody></table>{scale}</details>'
        )
        if rows or stats
        else ""
    )
    return (
        '<div class="eu-advice" role="note">'
        '<p class="eu-advice-label">Coach’s advice (a suggestion, not a rule)</p>'
        f'<p class="eu-advice-action">Suggested: {escape(data["words"])}</p>'
        f"{summary_html}{f'<ul>{reasons}</ul>' if reasons else ''}{details}</div>"
    )
