"""Markdown extension: page text that adapts to the active rules.

The syntax is in :mod:`euchre_tutorial.mdext.template` (``{{ rules.game_to }}``,
``{% if stick_the_dealer %}`` ... ``{% else %}`` ... ``{% endif %}``). The generated
blocks, each alone on its line, are:

| block | what it draws |
|---|---|
| ``{{ ranking_table(hearts) }}`` | the four suits in order when that suit is trump |
| ``{{ ranking_tabs }}`` | content tabs with the ranking for each trump suit |
| ``{{ score_table }}`` | what every way a deal can end scores, under the active rules |
| ``{{ table_note }}`` | on a rules page, a note when the site plays at another table than four in two teams |
| ``{{ profiles_table }}`` | every house-rules key under each named profile and this site |
| ``{{ profile_details }}`` | each profile's rules in sentences (collapsible) |
| ``{{ options_table }}`` | the active rules: key, value and meaning |
| ``{{ house_rules_card }}`` | the printable one-page summary of the active rules |
| ``{{ four_six(7) }}`` / ``{{ four_six_all }}`` | the score kept with a 4 and a 6, drawn |

and the inline names ``{{ rules_name }}`` (the profile or house-rules file in use, as its
key or file name), ``{{ rules_title }}`` (the same as a reader names it: "American rules"),
``{{ table_name }}`` (the table in words: "three-handed cutthroat"), ``{{ table_description }}``
(how that table plays, in the engine's sentence), ``{{ seating }}`` (who the reader plays
with and against at that table, by the names the table shows them),
``{{ deck_size }}`` (the cards dealt from, a joker included), ``{{ kitty_size }}`` (the
cards left face down after the deal and the upcard) and ``{{ trump_count }}`` (how many
cards the trump suit has, bowers and joker included, in words): the engine counts them.
``{{ march_wins_at }}`` is the score from which a march (all five tricks, not alone: the
engine's ``score_hand``) wins the game.
An unknown key or name stops the build, naming it and its line.

>>> import markdown
>>> md = markdown.Markdown(extensions=[RulesTextExtension(rules="midwest")])
>>> md.convert("{% if stick_the_dealer %}The dealer must call.{% endif %} Game: {{ rules.game_to }}.")
'<p>The dealer must call. Game: 10.</p>'
>>> md.convert("{{ trump_count }} trumps in {{ deck_size }} cards, {{ kitty_size }} in the kitty")
'<p>seven trumps in 24 cards, 3 in the kitty</p>'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from euchre import Deal, Rules, Suit, score_hand, trump_order
from euchre.players.words import number_words
from euchre.scoring import TRICKS
from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from euchre_tutorial import fourandsix
from euchre_tutorial.mdext import tables
from euchre_tutorial.mdext.active import label_for, page_game, rules_for, title_for
from euchre_tutorial.mdext.template import BlockFn, Template
from euchre_tutorial.present.seats import seating_words


def _cards(n: int) -> str:
    """A count of cards in words: "1 card", "11 cards".

    >>> _cards(1), _cards(11)
    ('1 card', '11 cards')
    """
    return f"{n} card{'' if n == 1 else 's'}"


class RulesTextPreprocessor(Preprocessor):  # type: ignore[misc]
    """Renders the template tags; keeps each output line's source line in ``origins`` for
    the example fences' error messages (:func:`source_lines`)."""

    def __init__(self, md: Markdown, spec: str) -> None:
        super().__init__(md)
        self.spec = spec
        self.origins: list[int] = []
        self.game = "euchre"

    @property
    def rules(self) -> Rules:
        """The rules of the page being converted: its game's, as this build plays it."""
        return rules_for(self.spec, self.game)

    def run(self, lines: list[str]) -> list[str]:
        self.game, lines = page_game(lines)
        rules = self.rules
        template = Template(
            rules.to_dict(),
            self._blocks(),
            {
                "rules_name": lambda: self.label,
                "rules_title": lambda: title_for(self.spec, self.game),
                "table_name": lambda: rules.table_name,
                "table_description": lambda: tables.table_description(rules),
                "seating": lambda: seating_words(rules),
                "deck_size": lambda: str(rules.deck_size),
                "kitty_size": lambda: str(len(Deal.random(seed=0, rules=rules).kitty)),
                "kitty_cards": lambda: _cards(len(Deal.random(seed=0, rules=rules).kitty)),
                "march_wins_at": lambda: str(
                    max(0, rules.game_to - score_hand(TRICKS, False, rules)[0])
                ),
                "trump_count": lambda: number_words(
                    len(trump_order(Suit.HEARTS, rules.deck, rules.joker))
                ),
            },
        )
        out, self.origins = template.render(lines)
        return out

    @property
    def label(self) -> str:
        """The name of the rules in use."""
        return label_for(self.spec)

    def _stash(self, html: str) -> list[str]:
        return ["", self.md.htmlStash.store(html), ""]

    def _blocks(self) -> dict[str, BlockFn]:
        rules = self.rules

        def plain(fn: Callable[[], list[str]]) -> BlockFn:
            def block(arg: str | None) -> list[str]:
                if arg is not None:
                    raise ValueError("this block takes no argument")
                return ["", *fn(), ""]

            return block

        def four_six(arg: str | None) -> list[str]:
            if arg is None or not arg.isdigit():
                raise ValueError("four_six takes a score from 1 to 10, e.g. four_six(7)")
            return self._stash(fourandsix.figure_html(int(arg)))

        def ranking(arg: str | None) -> list[str]:
            return ["", *tables.ranking_lines(tables.parse_suit(arg), rules), ""]

        return {
            "ranking_table": ranking,
            "ranking_tabs": plain(lambda: tables.ranking_tab_lines(rules)),
            "score_table": plain(lambda: tables.score_lines(rules)),
            "table_note": plain(lambda: tables.table_note_lines(rules)),
            "profiles_table": plain(lambda: tables.profiles_lines(rules)),
            "profile_details": plain(lambda: tables.profile_details_lines(rules)),
            "options_table": plain(lambda: tables.options_lines(rules)),
            "house_rules_card": plain(lambda: tables.house_card_lines(rules, title_for(self.spec))),
            "four_six": four_six,
            "four_six_all": plain(lambda: self._stash(fourandsix.all_scores_html())),
        }


def page_game_of(md: Markdown, lines: list[str]) -> str:
    """The game of the page ``md`` converts: the one the rules text found on its first
    line, or the one ``lines`` name when no rules text ran (see :func:`page_game`).

    >>> import markdown
    >>> page_game_of(markdown.Markdown(), ["{% game bid %}"])
    'bid'
    """
    for source in md.preprocessors:
        if isinstance(source, RulesTextPreprocessor):
            return source.game
    return page_game(lines)[0]


def source_lines(md: Markdown, lines: list[str]) -> list[int]:
    """The source line of each of ``lines``, the page as the rules text left it: where
    the template put it, or its own place when no rules text ran on this page.

    >>> import markdown
    >>> source_lines(markdown.Markdown(), ["a", "b"])
    [1, 2]
    """
    for source in md.preprocessors:
        if isinstance(source, RulesTextPreprocessor) and len(source.origins) == len(lines):
            return list(source.origins)
    return list(range(1, len(lines) + 1))


class RulesTextExtension(Extension):  # type: ignore[misc]
    """Registers the rules-text preprocessor (after whitespace normalising, before the
    example fences and the fenced-code preprocessors)."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {"rules": ["", "the active rules: a profile name or a house-rules path"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        md.registerExtension(self)
        spec = str(self.getConfig("rules") or "")
        md.preprocessors.register(RulesTextPreprocessor(md, spec), "euchre_rulestext", 29)


def makeExtension(**kwargs: Any) -> RulesTextExtension:
    """The entry point Python-Markdown calls."""
    return RulesTextExtension(**kwargs)
