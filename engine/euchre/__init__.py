"""The ``euchre`` engine: cards, rules, deals, games, notation and explanations.

Everything the site shows and every answer its widgets give comes from here. The public
names are a contract (the engine reference lists them); everything else is internal.

>>> import euchre
>>> from euchre import Card, Suit
>>> euchre.effective_suit(Card.parse("Jd"), Suit.HEARTS)
Suit.HEARTS
"""

from euchre.actions import Action, ActionError, ActionKind
from euchre.cards import JOKER, Card, CardError, Rank, Suit, make_deck, parse_cards
from euchre.core import DealCore, PhaseRules
from euchre.deal import Deal, DealError
from euchre.explain import explain_score, explain_trick
from euchre.game import Game
from euchre.match import Match, Rubber, RubberResult, rubber_points_for_game
from euchre.phase import Phase
from euchre.play import Trick, explain_suit, why_card_illegal
from euchre.players import coach, computer_player
from euchre.records import RecordError, from_egn, from_share_code, to_egn, to_share_code
from euchre.rules import Rules, RulesError
from euchre.rules_file import RulesProblem
from euchre.scoring import HandResult, score_hand
from euchre.state import HandState, IllegalAction
from euchre.tables import ProfileInfo, Table
from euchre.trump import (
    card_power,
    effective_suit,
    is_trump,
    left_bower,
    legal_plays,
    ranking,
    right_bower,
    role,
    suit_order,
    trick_winner,
    trump_order,
)
from euchre.variant import VARIANTS, Variant
from euchre.view import SeatView

__version__ = "1.0.0"

__all__ = [
    "JOKER",
    "VARIANTS",
    "Action",
    "ActionError",
    "ActionKind",
    "Card",
    "CardError",
    "Deal",
    "DealCore",
    "DealError",
    "Game",
    "HandResult",
    "HandState",
    "IllegalAction",
    "Match",
    "Phase",
    "PhaseRules",
    "ProfileInfo",
    "Rank",
    "RecordError",
    "Rubber",
    "RubberResult",
    "Rules",
    "RulesError",
    "RulesProblem",
    "SeatView",
    "Suit",
    "Table",
    "Trick",
    "Variant",
    "card_power",
    "coach",
    "computer_player",
    "effective_suit",
    "explain_score",
    "explain_suit",
    "explain_trick",
    "from_egn",
    "from_share_code",
    "is_trump",
    "left_bower",
    "legal_plays",
    "make_deck",
    "parse_cards",
    "ranking",
    "right_bower",
    "role",
    "rubber_points_for_game",
    "score_hand",
    "suit_order",
    "to_egn",
    "to_share_code",
    "trick_winner",
    "trump_order",
    "why_card_illegal",
]
