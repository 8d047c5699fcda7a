"""The coach: for the seat to act, the strong player's choice, its reasons in plain words
(naming the cards), and how the other legal actions compare. Advice, never a rule.

The card play's advice is ``coach_play``'s, the rest ``coach_bid``'s; ``Advice`` holds it.

>>> from euchre import Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=5, dealer=0), Rules())
>>> advice = coach(state)
>>> advice.action in state.legal_actions(), advice.unit
(True, 'points')
>>> advice.words, advice.summary
('Pass', 'Pass: your hand is not strong enough to make trump.')
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.actions import Action
from euchre.phase import Phase
from euchre.players import auction_bids, auction_coach, bid_strategy
from euchre.players.advice import LABEL, Advice
from euchre.players.coach_bid import bid_advice
from euchre.players.coach_play import play_advice
from euchre.players.levels import StrongPlayer, _best_valued
from euchre.players.words import action_words
from euchre.state import HandState
from euchre.view import SeatView


def coach(state: HandState, seed: int = 0) -> Advice:
    """Advice for ``state.to_act``, from that seat's view only. ``advice.action`` is what
    ``computer_player("strong", seed=seed)`` chooses."""
    if state.to_act is None:
        raise ValueError("nobody is to act: the deal is over")
    view = state.view(state.to_act)
    player = StrongPlayer(seed)
    legal = list(view.legal) or state.legal_actions()
    if auction_bids.decides(view):  # Bid Euchre's bidding: auction_coach's words
        return auction_coach.advice(view)
    if view.phase is Phase.PLAY:
        return play_advice(view, player, [a.card for a in legal])
    values = bid_strategy.decision_values(view, player.style)
    action = legal[0] if len(legal) == 1 else _best_valued(values)
    if view.phase is Phase.DISCARD and _sits_out_after(view):
        return _idle_discard(view, action, [a for a, _ in values])
    return bid_advice(view, action, _rank(values, action))


def _sits_out_after(view: SeatView) -> bool:
    """Whether this dealer discards only to sit the deal out: the partner plays alone."""
    maker = view.maker
    return (
        view.alone
        and maker is not None
        and maker != view.seat
        and view.rules.partnerships
        and view.rules.team_of(maker) == view.rules.team_of(view.seat)
    )


def _idle_discard(view: SeatView, action: Action, legal: list[Action]) -> Advice:
    """A dealer's discard before sitting out (the partner plays alone): no card changes the
    deal, so every choice is worth the same and none is weighed against another."""
    words = action_words(action, view)
    reason = (
        "Your partner plays alone: after this discard you sit out the deal, so whichever "
        "card you put down, the deal goes the same way."
    )
    ranked = [(action, 0.0)] + [(a, 0.0) for a in legal if a != action]
    return Advice(
        view.seat,
        action,
        [reason],
        ranked,
        "points",
        words=words,
        summary=f"{words}: any card will do, as you sit out this deal.",
        details=["Every discard is worth the same: your hand is out of this deal."],
    )


def _rank(values: Sequence[tuple[Action, float]], top: Action) -> list[tuple[Action, float]]:
    first = [(a, round(v, 2)) for a, v in values if a == top]
    rest = sorted(((a, round(v, 2)) for a, v in values if a != top), key=lambda x: -x[1])
    return first + rest


__all__ = ["LABEL", "Advice", "coach"]
