"""Free play's regions around the table: the score bar, the tools, the panel below the
table (the review of a finished deal, the end of the game), the shared-deal view and the
new-game form. Each is HTML the page morphs into its region; buttons carry
``data-action``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from euchre import Rules
from euchre.tables import Table
from euchre.variant import VARIANTS

from euchre_tutorial.present.markup import attrs, button_html, escape
from euchre_tutorial.present.review import review_html
from euchre_tutorial.present.scores import points_for, score_bar_html, side_labels, winner_html
from euchre_tutorial.present.seats import in_sentence_name
from euchre_tutorial.present.settings import settings_html
from euchre_tutorial.present.table import TableUI, render_data

LEVELS = (("easy", "Easy"), ("normal", "Normal"), ("strong", "Strong"))
TARGETS = (("", "As the rules say"), ("5", "5 (a short game)"), ("7", "7"), ("10", "10"))


def final_sides(rules: Rules, score: Sequence[int], seat: int = 0) -> list[tuple[str, int]]:
    """Each side of a finished game as the final score names it ("you", "Player 2"; "your
    team", "the other team"), ``seat``'s side first.

    >>> final_sides(Rules().at_table("3"), [3, 10, 4])
    [('you', 3), ('Player 2', 10), ('Player 3', 4)]
    >>> final_sides(Rules().at_table("6"), [2, 10])
    [('your team', 2), ('the other team', 10)]
    """
    mine = rules.team_of(seat)
    if rules.partnerships:
        return [("your team", score[mine]), ("the other team", score[1 - mine])]
    return [
        (in_sentence_name(words), points)
        for (_label, words), points in zip(side_labels(rules, seat), score, strict=True)
    ]


def score_sides(rules: Rules, score: Sequence[int], seat: int = 0) -> list[dict[str, Any]]:
    """Each scoring side as the score bar shows it (``seat``'s team first at four in two
    teams): its label, its words, its points and whether it is ``seat``'s.

    >>> [(side["label"], side["score"]) for side in score_sides(Rules(), [3, 5], seat=1)]
    [('You & North', 5), ('West & East', 3)]
    """
    mine = rules.team_of(seat)
    sides = [
        {"label": label, "words": words, "score": points, "you": team == mine}
        for team, ((label, words), points) in enumerate(
            zip(side_labels(rules, seat), score, strict=True)
        )
    ]
    if rules.players == 4 and rules.partnerships:
        sides = [sides[mine], sides[1 - mine]]
    return sides


def game_over_words(
    rules: Rules, winner: int | None, score: Sequence[int], seat: int = 0
) -> tuple[str, str]:
    """Who won (``winner``: a side of ``score``) and the final score, in words to ``seat``
    ("" and "" while the game goes on).

    >>> game_over_words(Rules(), 0, [10, 4])
    ('You and North win the game!', 'Final score: 10 to 4.')
    >>> game_over_words(Rules().at_table("3"), 1, [3, 10, 4])[1]
    'Final score: 3 for you, 10 for Player 2, 4 for Player 3.'
    """
    if winner is None:
        return "", ""
    teams = rules.partnerships
    words = side_labels(rules, seat)[winner][1]
    mine = rules.team_of(seat)
    if winner == mine:
        winner_text = f"{words} win the game!"
    else:
        winner_text = f"{words} {'win' if teams else 'wins'} the game."
    if rules.players == 4 and teams:
        final = f"{score[mine]} to {max(p for t, p in enumerate(score) if t != mine)}."
    else:
        final = points_for(final_sides(rules, score, seat)) + "."
    return winner_text, f"Final score: {final}"


def regions_html(model: Mapping[str, Any], ui: TableUI) -> dict[str, str]:
    """The regions the page draws for a free-play ``model``: the score bar, the tools, the
    table (drawn with ``ui``) and the panel below it (the review of a finished deal)."""
    return {
        "bar": bar_html(model),
        "tools": tools_html(model),
        "table": render_data(model["table"], ui),
        "panel": panel_html(model),
    }


def bar_html(model: Mapping[str, Any]) -> str:
    """The score bar."""
    return score_bar_html(model)


def tools_html(model: Mapping[str, Any] | None, *, disabled: bool = False) -> str:
    """Hint, Undo (when the game allows it), New game, Export EGN."""
    mine = bool(
        model and model["table"]["your_turn"] and not model["review"] and not model["winner"]
    )
    undo = model is not None and model["undo"]
    buttons = [
        button_html(
            "Hint",
            action="hint",
            class_="md-button eu-tool",
            data_game_hint=True,
            disabled=disabled or not mine,
        )
    ]
    if undo:
        buttons.append(
            button_html(
                "Undo",
                action="undo",
                class_="md-button eu-tool",
                data_game_undo=True,
                disabled=disabled or not (model and model["can_undo"]),
            )
        )
    buttons.append(
        button_html(
            "New game",
            action="new-game",
            class_="md-button eu-tool",
            data_game_new=True,
            disabled=disabled,
        )
    )
    no_deals = model is None or (model["deal_number"] <= 1 and not model["review"])
    buttons.append(
        button_html(
            "Export EGN",
            action="export",
            class_="md-button eu-tool",
            data_game_export=True,
            disabled=disabled or no_deals,
        )
    )
    return "".join(buttons)


def panel_html(model: Mapping[str, Any]) -> str:
    """Below the table: the review of the finished deal, or the end of the game."""
    review = model["review"]
    if review:
        label = "See the final score" if model["winner"] else "Next deal"
        html = review_html(
            review,
            f"Deal {model['deal_number']}: review",
            [(label, "continue"), ("Share this deal", "share"), ("Export EGN", "export")],
        )
        return html.replace(
            'data-action="continue"', 'data-action="continue" data-review-continue', 1
        )
    return ""


def game_over_html(model: Mapping[str, Any]) -> str:
    """The end of the game, once its last review is closed."""
    return winner_html(model)


def shared_html(review: Mapping[str, Any]) -> str:
    """A shared deal, replayed: the one thing the page shows for a share link."""
    return review_html(review, "A shared deal, replayed", [("Play your own game", "own-game")])


def _options(options: Sequence[tuple[str, str]], value: str) -> str:
    return "".join(
        f"<option{attrs({'value': v, 'selected': v == value})}>{escape(text)}</option>"
        for v, text in options
    )


def _select(label: str, name: str, options: Sequence[tuple[str, str]], value: str) -> str:
    return _labelled(label, name, _options(options, value))


def _labelled(label: str, name: str, items: str) -> str:
    return (
        f'<p class="eu-field"><label for="eu-game-{name}">{escape(label)}</label>'
        f'<select id="eu-game-{name}" name="{name}">{items}</select></p>'
    )


def rules_choices(profiles: Sequence[str], site_game: str = "euchre") -> str:
    """The options of the "Game and rules" field: the engine's profiles grouped by the game
    they play (Euchre, Bid Euchre), "This site's rules" first in the group of the game the
    site's own rules play, which is chosen.

    >>> html = rules_choices(["american", "bid-euchre"])
    >>> html.count("<optgroup"), html.index("This site") < html.index("American")
    (2, True)
    >>> '<optgroup label="Bid Euchre"><option value="bid-euchre">' in html
    True
    """
    groups: dict[str, list[tuple[str, str]]] = {}
    for name in profiles:
        rules = Rules.profile(name)
        groups.setdefault(rules.variant_spec.title, []).append((name, Rules.profile_title(name)))
    site_title = VARIANTS[site_game].title
    groups.setdefault(site_title, []).insert(0, ("site", "This site's rules"))
    return "".join(
        f'<optgroup label="{escape(title)}">{_options(options, "site")}</optgroup>'
        for title, options in groups.items()
    )


def newgame_html(
    profiles: Sequence[str],
    tables: Mapping[str, Table],
    config: Mapping[str, Any],
    table: str = "4",
    site_table: str | None = None,
    site_game: str = "euchre",
) -> str:
    """The "New game" form, ``table`` chosen (the site's own table); the page sets the
    learner's last choices on its fields. ``site_table`` names the site's own table when it
    is none of ``tables`` (then offered first, as "site"); ``site_game`` is the game the
    site's own rules play (``Rules.variant``), whose group holds "This site's rules"."""
    table_options = [(key, table.label) for key, table in tables.items()]
    if site_table is not None:
        table_options.insert(0, ("site", f"This site's table: {site_table}"))
    return (
        '<form class="eu-newgame" aria-label="New game" data-action-submit="start">'
        "<h3>New game</h3>"
        + _select("Table", "table", table_options, table)
        + _labelled("Game and rules", "profile", rules_choices(profiles, site_game))
        + _select("Points to win", "game_to", TARGETS, str(config.get("game_to", "") or ""))
        + _select("Computer players", "level", LEVELS, str(config.get("level", "normal")))
        + '<p class="eu-field eu-check"><input type="checkbox" id="eu-game-undo" name="undo" checked>'
        '<label for="eu-game-undo">Allow undo</label></p>'
        '<button type="submit" class="md-button md-button--primary" data-game-start>Start the game</button>'
        '<button type="button" class="md-button" data-action="cancel-new" data-cancel hidden>Cancel</button>'
        "</form>"
    )


def widget_html(
    model: Mapping[str, Any],
    profiles: Sequence[str],
    tables: Mapping[str, Table],
    config: Mapping[str, Any],
    table: str = "4",
    site_table: str | None = None,
    site_game: str = "euchre",
) -> str:
    """The whole widget as the build writes it (``table``: the one New game offers first;
    ``site_game``: the game of the site's own rules). The new-game form is drawn in the
    panel, where a first visit starts its game: its button can be tapped before the page's
    script listens (main.html keeps the tap), and the script keeps its markup for the next
    games. No note that the game waits for the engine: a first game starts from the build's
    pre-dealt games, and the runtime's status line says how the engine's start goes."""
    form = newgame_html(profiles, tables, config, table, site_table, site_game)
    return (
        '<div class="eu-game">'
        f'<div class="eu-game-bar" data-region="bar">{bar_html(model)}</div>'
        f'<div class="eu-game-tools" data-region="tools">{tools_html(None, disabled=True)}</div>'
        f"{settings_html('eu-game-settings')}"
        '<div class="eu-message eu-needs-script" role="status" aria-live="polite" data-region="message"></div>'
        f'<div class="eu-game-panel" data-region="panel">{form}</div>'
        '<div class="eu-play" data-region="table"></div>'
        '<a class="eu-download" hidden data-egn-download>Download the game record</a>'
        "</div>"
    )
