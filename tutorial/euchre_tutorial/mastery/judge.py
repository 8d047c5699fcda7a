"""The decisions of play as the mastery map's items: ordering up, calling in round two,
going alone, the discard and leading, each judged by the coach when the learner makes it.

These skills have no rule to break (every button offers a legal choice), so a refused action
never trains them. Instead, each of the learner's decisions in free play is weighed by the
coach's own numbers: a choice the coach rates clearly worse than its best counts as a miss,
the best choice (or one as good) where a worse one was there to make counts as right, and
a close call counts as neither. The lessons say right or wrong themselves, against what a
step asks for (see ``widgets/lesson.py``), and name the item with :func:`weighed_item`.

>>> from euchre import Deal, HandState, Rules
>>> st = HandState.new(Deal.random(seed=1, dealer=0, rules=Rules()), Rules())
>>> decision_item(st, 1, Action.parse("order"))
('ordering-up', 'ordering up when an opponent deals')
>>> judge(st, 1, Action.parse("order alone"))
(('ordering-up', 'ordering up when an opponent deals'), False)
"""

from __future__ import annotations

import euchre
from euchre import Action, ActionKind, HandState, Phase

from euchre_tutorial.mastery.items import Item

CLEAR = 0.5
"""A choice this much worse than the coach's best (points for a bid or the discard, your
side's tricks for a lead) is a miss; one this much apart is a real choice to make."""

NEAR = 0.25
"""A choice within this much of the best is as good as the best: the coach calls such
choices close."""

SAMPLES = 8
"""A lead is judged only when the coach looked at this many deals or more: fewer give
numbers too rough to call a lead a mistake."""

GOING_ALONE: Item = ("going-alone", "going alone")


def _dealer_words(state: HandState, seat: int) -> str:
    """Who deals, seen from ``seat`` (not the dealer): "when your partner deals" ...

    >>> from euchre import Deal, Rules
    >>> two = Rules().at_table("2")
    >>> _dealer_words(HandState.new(Deal.random(seed=1, dealer=1, rules=two), two), 0)
    'when your opponent deals'
    >>> six = Rules().at_table("6")
    >>> _dealer_words(HandState.new(Deal.random(seed=1, dealer=2, rules=six), six), 0)
    'when a partner deals'
    """
    rules, dealer = state.rules, state.dealer
    if rules.partnerships:
        if rules.team_of(dealer) != rules.team_of(seat):
            return "when an opponent deals"
        return "when your partner deals" if rules.players == 4 else "when a partner deals"
    return "when your opponent deals" if rules.players == 2 else "when another player deals"


def decision_item(state: HandState, seat: int, action: Action) -> Item | None:
    """The skill and item ``seat``'s decision ``action`` trains, from the state it is made
    in; None for a decision the map has no skill for (following to a trick, the farmer's
    swap, defending alone ...).

    >>> from euchre import Deal, HandState, Rules
    >>> st = HandState.new(Deal.random(seed=1, dealer=3, rules=Rules()), Rules())
    >>> decision_item(st, 0, Action.parse("order alone"))
    ('going-alone', 'going alone')
    >>> decision_item(st, 0, Action.parse("pass"))
    ('ordering-up', 'ordering up when an opponent deals')
    """
    if action.alone and action.kind in (ActionKind.ORDER, ActionKind.CALL):
        return GOING_ALONE
    phase = state.phase
    if phase is Phase.ROUND_ONE and action.kind in (ActionKind.ORDER, ActionKind.PASS):
        if seat == state.dealer:
            return "ordering-up", "picking up the upcard when you deal"
        return "ordering-up", f"ordering up {_dealer_words(state, seat)}"
    if phase is Phase.ROUND_TWO and action.kind in (ActionKind.CALL, ActionKind.PASS):
        if all(a.kind is not ActionKind.PASS for a in state.legal_actions()):
            return "round-two", "calling as the stuck dealer"  # the engine offers no pass
        return "round-two", "calling in round two"
    if phase is Phase.DISCARD and action.kind is ActionKind.DISCARD:
        return "discard", "the dealer's discard"
    if phase is Phase.PLAY and action.kind is ActionKind.PLAY and not state.current_trick:
        first = not state.tricks
        return "leading", "the first lead of a deal" if first else "leading a later trick"
    return None


def judge(state: HandState, seat: int, action: Action) -> tuple[Item, bool] | None:
    """The item ``seat``'s legal decision ``action`` trains and whether the coach rates it
    right, or None: no item, no real choice, a close call, or a lead the coach has too
    few deals to weigh. When the bid is the coach's own and only going alone (or not) is
    in question, the decision trains going alone; otherwise the bid's own skill."""
    if state.to_act != seat or decision_item(state, seat, action) is None:
        return None
    advice = euchre.coach(state)
    values = dict(advice.alternatives)
    if action not in values or len(values) < 2:
        return None
    if advice.unit == "tricks" and advice.samples < SAMPLES:
        return None
    best_action, best = advice.alternatives[0]
    if best - min(values.values()) < CLEAR:
        return None  # every choice was about as good: nothing to learn from this one
    item = weighed_item(state, seat, action, best_action)
    assert item is not None
    loss = best - values[action]
    if loss >= CLEAR:
        return item, False
    if loss <= NEAR:
        return item, True
    return None


def weighed_item(state: HandState, seat: int, chosen: Action, wanted: Action) -> Item | None:
    """The item a decision trains when ``chosen`` is weighed against ``wanted`` (the coach's
    best, or what a lesson asks for): going alone when the two differ in that alone, else
    the chosen bid's own skill (going alone only when the bid itself was right).

    >>> from euchre import Deal, HandState, Rules
    >>> st = HandState.new(Deal.random(seed=1, dealer=3, rules=Rules()), Rules())
    >>> order, alone, bid = (Action.parse(t) for t in ("order", "order alone", "pass"))
    >>> weighed_item(st, 0, order, alone), weighed_item(st, 0, alone, bid)[0]
    (('going-alone', 'going alone'), 'ordering-up')
    """
    if chosen.alone != wanted.alone and not_alone(chosen) == not_alone(wanted):
        return GOING_ALONE
    return decision_item(state, seat, chosen if chosen == wanted else not_alone(chosen))


def not_alone(action: Action) -> Action:
    """The same decision without going alone ("order alone" -> "order").

    >>> str(not_alone(Action.parse("call hearts alone")))
    'call hearts'
    """
    return Action(action.kind, action.suit, action.cards) if action.alone else action


__all__ = [
    "CLEAR",
    "GOING_ALONE",
    "NEAR",
    "SAMPLES",
    "decision_item",
    "judge",
    "not_alone",
    "weighed_item",
]
