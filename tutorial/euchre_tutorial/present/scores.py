"""The score bar of free play: one box per scoring side with its points, in numbers and as
the 4-and-6 drawing, and the game's facts in words.

>>> print(four_six_html(0))
<span class="eu-four-six-mini" aria-hidden="true"></span>
>>> "Score 10" in four_six_html(12)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from euchre import Rules
from euchre.game import score_after_deal
from euchre.players.words import word_list
from euchre.seats import clockwise_from

from euchre_tutorial.present.fourandsix import figure_html, score_svg
from euchre_tutorial.present.markup import attrs, escape
from euchre_tutorial.present.seats import in_sentence_name, seat_names


def points_for(sides: Iterable[tuple[str, int]]) -> str:
    """Each side's points in words, the number first, so that a name that ends in a number
    ("Computer 3") never runs into its points. The names are given as they read inside a
    sentence ("you", not "You"); a team listed with commas has its points set apart by
    semicolons.

    >>> points_for([("you", 1), ("Bob", 2), ("Computer 3", 11)])
    '1 for you, 2 for Bob, 11 for Computer 3'
    >>> points_for([("you, Player 3 and Player 5", 4), ("Player 2, Player 4 and Player 6", 0)])
    '4 for you, Player 3 and Player 5; 0 for Player 2, Player 4 and Player 6'
    """
    pairs = list(sides)
    separator = "; " if any("," in name for name, _ in pairs) else ", "
    return separator.join(f"{points} for {name}" for name, points in pairs)


def _team_words(seats: list[int], names: list[str]) -> str:
    return word_list([names[s] for s in seats])


def side_labels(rules: Rules, seat: int = 0) -> list[tuple[str, str]]:
    """(short label, full words) of each scoring side, in the order of ``Game.score``.

    >>> side_labels(Rules())
    [('You & North', 'You and North'), ('West & East', 'West and East')]
    >>> side_labels(Rules().replace(players=6, deck=32))[1]
    ('Other team', 'Player 2, Player 4 and Player 6')
    """
    names = seat_names(seat, rules.players)
    if not rules.partnerships:
        return [(names[s], names[s]) for s in range(rules.players)]
    clockwise = clockwise_from(seat, rules.players)
    teams = [[s for s in clockwise if rules.team_of(s) == t] for t in range(2)]
    if rules.players == 4:
        labels = [
            " & ".join(sorted((names[s] for s in team), key=lambda n: n != "You")) for team in teams
        ]
        return [(label, label.replace(" & ", " and ")) for label in labels]
    mine = rules.team_of(seat)
    return [
        ("Your team" if t == mine else "Other team", _team_words(team, names))
        for t, team in enumerate(teams)
    ]


def scored_text(rules: Rules, points: Sequence[int], seat: int = 0) -> str:
    """The sides a deal's points went to, as the review says them, never a negative score:
    "West and East +1" (``points`` per team, as ``HandResult.points``; the seats named as
    ``seat`` calls them, inside a sentence).

    >>> scored_text(Rules(), (0, 1)), scored_text(Rules(), (2, 0), seat=1)
    ('West and East +1', 'West and East +2')
    >>> scored_text(Rules().replace(players=3, partnerships=False), (0, 2, 2))
    'Player 2 +2, Player 3 +2'
    >>> scored_text(Rules(), (0, 0))
    'no points'
    """
    labels = side_labels(rules, seat)
    scored = [
        f"{in_sentence_name(words)} +{p}"
        for (_label, words), p in zip(labels, points, strict=True)
        if p
    ]
    return ", ".join(scored) if scored else "no points"


def points_text(rules: Rules, points: tuple[int, ...] | list[int], seat: int = 0) -> str:
    """Who gained what in a deal, e.g. "You and North +1, West and East +0.".

    >>> points_text(Rules().replace(players=3, partnerships=False), (0, 2, 2))
    'Player 2 +2, Player 3 +2.'
    """
    labels = side_labels(rules, seat)
    if rules.players == 4 and rules.partnerships:
        parts = [f"{words} +{p}" for (_label, words), p in zip(labels, points, strict=True)]
        mine = rules.team_of(seat)
        return f"{parts[mine]}, {parts[1 - mine]}."
    if rules.partnerships:
        return (
            ", ".join(f"{label} +{p}" for (label, _w), p in zip(labels, points, strict=True)) + "."
        )
    scored = [f"{label} +{p}" for (label, _w), p in zip(labels, points, strict=True) if p]
    return (", ".join(scored) + ".") if scored else "Nobody scores."


def game_point_text(
    game_to: int, before: Sequence[int], points: Sequence[int], sides: Sequence[str]
) -> str:
    """What the rule for several players reaching game point in one deal did to the score
    (``before`` the deal, ``points`` scored in it, each side named by ``sides`` as inside a
    sentence), in words; "" when it did nothing.

    >>> names = ["you", "Player 2", "Player 3", "Player 4", "Player 5"]
    >>> game_point_text(7, (3, 6, 5, 4, 6), (2, 0, 2, 0, 2), names)
    'In this deal Player 3 (7) and Player 5 (8) both reached 7 points, so every score drops by 2, never below 0: the leader has 6, one short of game, and play goes on.'
    >>> game_point_text(7, (5, 4, 4, 5, 4), (2, 0, 0, 2, 2), names)[-71:]
    'never below 0: the leaders have 6, one short of game, and play goes on.'
    >>> game_point_text(7, (6, 4, 5, 4, 5), (2, 0, 0, 0, 0), names)
    ''
    """
    settled = score_after_deal(before, points, game_to)
    raw = [b + p for b, p in zip(before, points, strict=True)]  # what the deal alone gave
    if list(settled) == raw:
        return ""
    reached = [f"{sides[t]} ({s})" for t, s in enumerate(raw) if s >= game_to]
    together = "both" if len(reached) == 2 else "all"
    top = max(settled)
    leaders = "the leader has" if settled.count(top) == 1 else "the leaders have"
    return (
        f"In this deal {word_list(reached)} {together} reached {game_to} points, so every "
        f"score drops by {max(raw) - top}, never below 0: {leaders} {top}, one short of "
        "game, and play goes on."
    )


def four_six_html(points: int) -> str:
    """The small 4-and-6 drawing of a score (a score past 10 is drawn as 10, all pips in
    view: the cards cannot show more)."""
    svg = score_svg(min(points, 10)) if points >= 1 else ""
    return f'<span class="eu-four-six-mini" aria-hidden="true">{svg}</span>'


FOUR_SIX_SIDES = 4
"""The most scoring sides that keep score with a 4 and a 6: a pack of cards holds four 4s
and four 6s, one pair for each side (two teams, cutthroat's three players, four players
who each score alone)."""


def keeps_four_six(sides: int) -> bool:
    """Whether a table of ``sides`` scoring sides shows its scores as a 4 and a 6.

    >>> keeps_four_six(2), keeps_four_six(3), keeps_four_six(5)
    (True, True, False)
    """
    return sides <= FOUR_SIX_SIDES


def draws_four_six(model: Mapping[str, Any]) -> bool:
    """Whether a game model's scores are drawn as a 4 and a 6: Euchre's, at a table of at
    most four scoring sides (Bid Euchre's scores run to 32 and below zero: numbers only).

    >>> draws_four_six({"sides": [1, 2], "rules": {"variant": "bid"}})
    False
    """
    variant = model.get("rules", {}).get("variant", "euchre")
    return keeps_four_six(len(model["sides"])) and variant == "euchre"


def score_bar_html(model: Mapping[str, Any]) -> str:
    """The scores and the facts line of a game model (``widgets.game.game_model``)."""
    sides = model["sides"]
    pairs = draws_four_six(model)
    parts = points_for((in_sentence_name(s["words"]), s["score"]) for s in sides)
    boxes = []
    for index, side in enumerate(sides):
        classes = f"eu-score-side {'eu-score-us' if side['you'] else 'eu-score-them'}"
        title = side["words"] if side["words"] != side["label"] else None
        drawing = four_six_html(side["score"] if pairs else 0)
        boxes.append(
            f"<div{attrs({'class': classes, 'data_side': str(index), 'data_score': str(side['score'])})}>"
            f"<span{attrs({'class': 'eu-score-label', 'title': title})}>{escape(side['label'])}</span>"
            f'<span class="eu-score-number">{side["score"]}</span>{drawing}</div>'
        )
    two_teams = model["players"] == 4 and model["partnerships"]
    score_class = "eu-score" if two_teams else "eu-score eu-score--sides"
    label = f"Score: {parts}; game to {model['game_to']}"
    name = model["table_name"]
    facts = (
        f"{name[:1].upper()}{name[1:]} · game to {model['game_to']} · deal "
        f"{model['deal_number']} · {model['rules']['title']} · {model['level']} computer players"
    )
    return (
        f'<div class="{score_class}" role="group" aria-label="{escape(label)}">{"".join(boxes)}</div>'
        f'<p class="eu-game-facts">{escape(facts)}</p>'
    )


def winner_html(model: Mapping[str, Any]) -> str:
    """The end of the game: who won, the final score, the winner's 4 and 6, a new game."""
    drawing = ""
    if draws_four_six(model) and model.get("winner_score"):
        drawing = figure_html(min(int(model["winner_score"]), 10))
    return (
        f'<section class="eu-game-over"><h3>{escape(model["winner_text"])}</h3>'
        f"<p>{escape(model['final_text'])}</p>{drawing}"
        '<button type="button" class="md-button md-button--primary" data-action="new-game" '
        "data-autofocus>New game</button></section>"
    )
