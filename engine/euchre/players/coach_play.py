"""The coach in the card play: the strong player's card (sampled deals, each solved), the
rule of thumb beside it, and what the numbers say, in the learner's words.

>>> from euchre import Deal, HandState, Rules
>>> state = HandState.replay(Deal.random(seed=0, dealer=0), Rules(), ["pass", "order alone", "discard Ks"])
>>> advice = play_advice(state.view(state.to_act), StrongPlayer(0), [a.card for a in state.legal_actions()])
>>> advice.unit, advice.action in state.legal_actions()
('tricks', True)
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.actions import Action
from euchre.cards import Card
from euchre.players import conventions
from euchre.players.advice import Advice
from euchre.players.knowledge import Knowledge
from euchre.players.levels import StrongPlayer
from euchre.players.search import GLANCE, CardStats, best
from euchre.players.words import (
    action_words,
    card_list,
    chance_words,
    makers_words,
    number_words,
    side_takes,
    side_words,
    tricks_words,
)
from euchre.rules import Rules
from euchre.trump import is_trump, role
from euchre.view import SeatView


def play_advice(view: SeatView, player: StrongPlayer, legal: list[Card]) -> Advice:
    """Advice for a card: ``player``'s choice among ``legal``, with its reasons."""
    know = Knowledge.of(view)
    stats = player.card_stats(view, legal, GLANCE if len(legal) == 1 else None)
    prefer, _why = conventions.play(know, legal, defenders_allied=True)
    top = best(stats, prefer) if len(legal) > 1 else stats[0]
    order = sorted(stats, key=lambda s: (s is not top, -s.points, -s.tricks))
    alternatives = [(Action("play", cards=(s.card,)), round(s.mean_tricks, 2)) for s in order]
    action = Action("play", cards=(top.card,))
    makers = know.maker_side_known()
    words = action_words(action, view)
    if top.samples:
        summary = (
            f"{words}: {side_words(view.rules, not makers)} can expect "
            f"{tricks_words(top.mean_tricks)}."
        )
    else:
        summary = f"{words}: the usual rule of thumb."
    return Advice(
        view.seat,
        action,
        play_reasons(know, top, order, legal, makers),
        alternatives,
        "tricks",
        samples=top.samples,
        words=words,
        summary=summary,
        details=_play_details(view, order),
        stats={"samples": top.samples, "cards": [_card_stats(s) for s in order]},
    )


def _card_stats(s: CardStats) -> dict[str, object]:
    return {
        "card": s.card.code,
        "tricks": round(s.mean_tricks, 2),
        "points": round(s.mean_points, 2),
        "euchre": round(s.euchre_chance, 2),
    }


def _euchre_words(chance: float, makers: bool, rules: Rules) -> str:
    if makers:
        return f"{chance_words(chance)} of being euchred"
    if rules.call_ace:  # the called card may be yours, or in the kitty: no side is sure yet
        return f"{chance_words(chance)} that {makers_words(rules)} are euchred"
    return f"{chance_words(chance)} of euchring {makers_words(rules)}"


def play_reasons(
    know: Knowledge,
    top: CardStats,
    order: Sequence[CardStats],
    legal: Sequence[Card],
    makers: bool,
) -> list[str]:
    """Why ``top``: the card and the rule of thumb, what the sampled deals say, where the
    rule of thumb differs, and the trumps still out."""
    card = top.card
    if len(legal) == 1:
        return [f"Play {card}: it is your only legal card."]
    rule_card, rule_why = conventions.play(know, legal, defenders_allied=True)
    out = [_first_reason(know, card, rule_card, rule_why)]
    others = [s for s in order if s.card != card]
    if others and top.samples:
        out.append(_sampled_reason(know, top, others[0], makers))
    if rule_card != card and top.samples:
        out.append(_rule_differs(top, order, rule_card, rule_why))
    count = _trump_count(know)
    return [*out, count] if count else out


def _first_reason(know: Knowledge, card: Card, rule_card: Card, rule_why: str) -> str:
    """ "Play J♥ (the right bower): <the rule of thumb's reason>." """
    what = role(card, know.trump)
    # "Play J♥ (the right bower)", unless the reason says so itself ("lead the right bower")
    said = (rule_card == card and what in rule_why) or card.is_joker  # "Joker" says it
    named = f"{card} ({what})" if what != "a plain card" and not said else str(card)
    return f"Play {named}: {rule_why}." if rule_card == card else f"Play {named}."


def _sampled_reason(know: Knowledge, top: CardStats, nxt: CardStats, makers: bool) -> str:
    """What the sampled deals give ``top``, and how the next best card compares."""
    rules = know.view.rules
    line = (
        f"In the deals that fit what you have seen, {side_takes(rules, 'then', not makers)} "
        f"{tricks_words(top.mean_tricks)}, with {_euchre_words(top.euchre_chance, makers, rules)}"
    )
    # Cards are ranked by points, then tricks (search.best): one with fewer points can
    # still take more tricks on average, and the numbers shown are tricks. The rule of
    # thumb's card is kept unless another scores clearly more.
    if (nxt.points, nxt.tricks) == (top.points, top.tricks):
        return line + f"; {nxt.card} would do just as well."
    if (nxt.points, nxt.tricks) > (top.points, top.tricks):
        return line + (
            f"; {nxt.card} did a little better in these deals, but not by enough to be sure: "
            "the usual play is kept."
        )
    if nxt.tricks > top.tricks:
        return line + (
            f"; {nxt.card} would take a little more in tricks on average but scores "
            "less: a march or a euchre counts for more than one trick."
        )
    return line + f"; {nxt.card}, the next best, does less well."


def _rule_differs(top: CardStats, order: Sequence[CardStats], rule_card: Card, why: str) -> str:
    ruled = next((s for s in order if s.card == rule_card), None)
    how = (
        "scores more on average, though it takes a little less in tricks"
        if ruled is not None and ruled.tricks > top.tricks
        else "does better on average"
    )
    return f"The usual rule of thumb would play {rule_card} ({why}), but here {top.card} {how}."


def _trump_count(know: Knowledge) -> str:
    """ "Trump count: you hold two trumps (J♥ and A♥); three other trumps are still out." """
    trump = know.trump
    if trump is None:
        return ""
    out_trumps = know.outstanding(trump)
    mine = [c for c in know.view.hand if is_trump(c, trump)]
    if not mine and not out_trumps:
        return ""
    count = len(out_trumps)
    return (
        f"Trump count: you hold {number_words(len(mine))} trump{'s' if len(mine) != 1 else ''}"
        + (f" ({card_list(mine)})" if mine else "")
        + f"; {number_words(count)} other trump{'s are' if count != 1 else ' is'} still out."
    )


def _play_details(view: SeatView, order: Sequence[CardStats]) -> list[str]:
    if not order or not order[0].samples:
        return [
            "Too many ways the cards could lie to compare them in time: the rule of thumb chose."
        ]
    out = [
        f"{order[0].samples} deals that fit what you have seen, each played out with every "
        f"card known; averages for "
        f"{side_words(view.rules, view.maker is not None and view.maker != view.seat)}:"
    ]
    for s in order:
        out.append(
            f"{action_words(Action('play', cards=(s.card,)), view)}: {s.mean_tricks:.1f} "
            f"tricks, {s.mean_points:+.2f} points, {makers_words(view.rules)} euchred in "
            f"{round(100 * s.euchre_chance)}% of the deals."
        )
    return out


__all__ = ["play_advice", "play_reasons"]
