"""Bid Euchre's bidding for the quiz: a seeded random bidding played through the engine
(every bid a legal action of ``HandState``), its words, and the options a bid question
offers.

>>> from euchre import Rules
>>> rules = Rules.profile("bid-euchre")
>>> [label for _value, label in bid_choices(rules)]
['Pass', 'Bid 3', 'Bid 4', 'Bid 5', 'Bid 6', 'Shoot the moon']
>>> action_value(Action.parse("bid 4")), action_value(Action.parse("bid moon"))
('b4', 'moon')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from euchre import Action, ActionKind, Deal, HandState, Phase, Rules
from euchre.rng import SeededRandom

from euchre_tutorial.quiz.common import seat_name, seat_words, sentence

DEAL_SEEDS = 1 << 32


def bid_choices(rules: Rules) -> list[tuple[str, str]]:
    """Every call a seat of this table may make in the bidding: (value, label)."""
    numbers = range(rules.minimum_bid, rules.hand_size + 1)
    return [("pass", "Pass"), *((f"b{n}", f"Bid {n}") for n in numbers), ("moon", "Shoot the moon")]


def action_value(action: Action) -> str:
    """The option value of a call of the bidding (``bid_choices``)."""
    if action.kind is ActionKind.PASS:
        return "pass"
    return "moon" if action.is_moon else f"b{action.tricks}"


def value_action(value: str) -> Action:
    """The call an option value names.

    >>> str(value_action("b5")), str(value_action("moon")), str(value_action("pass"))
    ('bid 5', 'bid moon', 'pass')
    """
    if value == "pass":
        return Action.parse("pass")
    return Action.parse("bid moon" if value == "moon" else f"bid {value[1:]}")


def random_call(rng: SeededRandom, legal: Sequence[Action]) -> Action:
    """A computer bidder's call for a question: a pass about half the time, the moon
    seldom, else a bid at random (always one of ``legal``)."""
    passes = [a for a in legal if a.kind is ActionKind.PASS]
    numbers = [a for a in legal if a.kind is ActionKind.BID and not a.is_moon]
    roll = rng.below(20)
    if passes and roll < 10:
        return passes[0]
    if numbers and roll < 19:
        return rng.choice(numbers)
    return rng.choice(list(legal))


def start(rng: SeededRandom, rules: Rules) -> tuple[dict[str, Any], HandState]:
    """A new deal at a random dealer: its recipe (``replay`` rebuilds it) and its state."""
    recipe: dict[str, Any] = {"deal": rng.below(DEAL_SEEDS), "dealer": rng.below(rules.players)}
    return recipe, replay(recipe, rules)


def replay(recipe: Mapping[str, Any], rules: Rules) -> HandState:
    """The deal of a recipe after its actions, through the engine."""
    deal = Deal.random(int(recipe["deal"]), dealer=int(recipe["dealer"]), rules=rules)
    return HandState.replay(deal, rules, list(recipe.get("actions", ())))


def bid_until(
    rng: SeededRandom, state: HandState, recipe: dict[str, Any], stop: int | None
) -> HandState | None:
    """Random legal calls until seat ``stop`` is to bid (None: to the bidding's end),
    each kept in ``recipe["actions"]``; None when the bidding ends before ``stop`` bids or
    everyone passes."""
    actions: list[str] = recipe.setdefault("actions", [])
    while state.phase is Phase.AUCTION and state.to_act != stop:
        call = random_call(rng, state.legal_actions())
        actions.append(str(call))
        state = state.apply(call)
    if state.over or (stop is not None and state.phase is not Phase.AUCTION):
        return None
    return state


def call_words(action: Action) -> str:
    """A call in a sentence, after the seat: "passed", "bid 4", "shot the moon"."""
    if action.kind is ActionKind.PASS:
        return "passed"
    return "shot the moon" if action.is_moon else f"bid {action.tricks}"


def bidding_facts(state: HandState) -> list[str]:
    """Who dealt, and each call of the bidding so far, in order."""
    players = state.players
    facts = [sentence(f"{seat_words(seat_name(state.dealer, players))} dealt")]
    for seat, action, phase in zip(state.actors, state.actions, state.phases, strict=True):
        if phase is Phase.AUCTION:
            facts.append(sentence(f"{seat_words(seat_name(seat, players))} {call_words(action)}"))
    return facts


def high_bid_words(state: HandState) -> str:
    """The high bid of the bidding so far, in a sentence ("" before any bid)."""
    if state.bidder is None:
        return ""
    who = seat_words(seat_name(state.bidder, state.players))
    if state.declared_alone:
        return sentence(f"The high bid is the moon, by {who}")
    return sentence(f"The high bid is {state.bid} tricks, by {who}")
