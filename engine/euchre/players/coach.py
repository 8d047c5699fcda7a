"""The coach: for the seat to act, the strong player's choice, its reasons in plain words
(naming the cards), and how the other legal actions compare. Advice, never a rule.

>>> from euchre import Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=5, dealer=0), Rules())
>>> advice = coach(state)
>>> advice.action in state.legal_actions(), advice.unit
(True, 'points')
>>> advice.words, advice.summary
('Pass', 'Pass: your hand is not strong enough to make trump.')
>>> advice.details[1]
'Pass: +0.05 points.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from euchre.actions import Action
from euchre.bidding import decline_refusal
from euchre.cards import Card, Rank, Suit
from euchre.phase import Phase
from euchre.players import auction_bids, auction_coach, bid_strategy, conventions
from euchre.players.estimate import best_discard, euchre_chance, hand_tricks
from euchre.players.knowledge import Knowledge, proposed, upcard
from euchre.players.levels import StrongPlayer, _best_valued
from euchre.players.search import GLANCE, CardStats, best
from euchre.players.words import (
    action_words,
    card_list,
    chance_words,
    makers_words,
    number_words,
    opponents_words,
    partner_words,
    side_takes,
    side_words,
    suit_words,
    tricks_words,
)
from euchre.rules import Rules
from euchre.scoring import score_hand
from euchre.state import HandState
from euchre.trump import card_power, effective_suit, is_trump, role
from euchre.view import SeatView, called_card

LABEL = "Advice, not a rule: any legal choice is allowed. This is what a strong player would do."


@dataclass(frozen=True)
class Advice:
    """The coach's advice for ``seat``: ``action`` (the recommendation), ``reasons`` in plain
    words, and ``alternatives``: every legal action with its expected value, best first,
    in ``unit`` ("points" for bidding decisions, "tricks" for card plays: your side's
    expected tricks this deal).

    Everything meant for reading is in the learner's words (cards as "Q♥", actions as
    "Order up ♥ hearts", numbers as "about three of the five tricks"): ``words`` says the
    action, ``summary`` is one plain sentence, ``reasons`` the why; ``details`` holds the
    statistics behind it as plain lines (for a disclosure), and ``stats`` the same numbers
    as data."""

    seat: int
    action: Action
    reasons: list[str]
    alternatives: list[tuple[Action, float]]
    unit: str
    label: str = LABEL
    samples: int = 0
    words: str = ""
    summary: str = ""
    details: list[str] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the browser."""
        return {
            "seat": self.seat,
            "action": str(self.action),
            "words": self.words,
            "summary": self.summary,
            "reasons": list(self.reasons),
            "details": list(self.details),
            "alternatives": [[str(a), v] for a, v in self.alternatives],
            "unit": self.unit,
            "label": self.label,
            "samples": self.samples,
            "stats": self.stats,
        }


def coach(state: HandState, seed: int = 0) -> Advice:
    """Advice for ``state.to_act``, from that seat's view only. ``advice.action`` is what
    ``computer_player("strong", seed=seed)`` chooses."""
    if state.to_act is None:
        raise ValueError("nobody is to act: the deal is over")
    view = state.view(state.to_act)
    player = StrongPlayer(seed)
    legal = list(view.legal) or state.legal_actions()
    if auction_bids.decides(view):  # Bid Euchre's bidding: auction_coach's words
        told = auction_coach.tell(view)
        return Advice(
            view.seat,
            told.action,
            told.reasons,
            told.alternatives,
            "points",
            words=told.words,
            summary=told.summary,
            details=told.details,
        )
    if view.phase is Phase.PLAY:
        return _play_advice(view, player, [a.card for a in legal])
    values = bid_strategy.decision_values(view, player.style)
    action = legal[0] if len(legal) == 1 else _best_valued(values)
    if view.phase is Phase.DISCARD and _sits_out_after(view):
        return _idle_discard(view, action, [a for a, _ in values])
    ranked = _rank(values, action)
    return _bid_advice(view, player, action, ranked)


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


def _cards(cards: Sequence[Card]) -> str:
    return card_list(cards)


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:]


# ---------------------------------------------------------------------- card play
def _play_advice(view: SeatView, player: StrongPlayer, legal: list[Card]) -> Advice:
    know = Knowledge.of(view)
    stats = player.card_stats(view, legal, GLANCE if len(legal) == 1 else None)
    prefer, _why = conventions.play(know, legal)
    top = best(stats, prefer) if len(legal) > 1 else stats[0]
    order = sorted(stats, key=lambda s: (s is not top, -s.points, -s.tricks))
    alternatives = [(Action("play", cards=(s.card,)), round(s.mean_tricks, 2)) for s in order]
    action = Action("play", cards=(top.card,))
    makers = know.maker_side_known()
    reasons = _play_reasons(know, top, order, legal, makers)
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
        reasons,
        alternatives,
        "tricks",
        samples=top.samples,
        words=words,
        summary=summary,
        details=_play_details(view, order),
        stats={
            "samples": top.samples,
            "cards": [
                {
                    "card": s.card.code,
                    "tricks": round(s.mean_tricks, 2),
                    "points": round(s.mean_points, 2),
                    "euchre": round(s.euchre_chance, 2),
                }
                for s in order
            ],
        },
    )


def _euchre_words(chance: float, makers: bool, rules: Rules) -> str:
    if makers:
        return f"{chance_words(chance)} of being euchred"
    if rules.call_ace:  # the called card may be yours, or in the kitty: no side is sure yet
        return f"{chance_words(chance)} that {makers_words(rules)} are euchred"
    return f"{chance_words(chance)} of euchring {makers_words(rules)}"


def _play_reasons(
    know: Knowledge,
    top: CardStats,
    order: Sequence[CardStats],
    legal: Sequence[Card],
    makers: bool,
) -> list[str]:
    card = top.card
    trump = know.trump
    out: list[str] = []
    if len(legal) == 1:
        return [f"Play {card}: it is your only legal card."]
    rule_card, rule_why = conventions.play(know, legal)
    what = role(card, trump)
    # "Play J♥ (the right bower)", unless the reason says so itself ("lead the right bower")
    said = (rule_card == card and what in rule_why) or card.is_joker  # "Joker" says it
    named = f"{card} ({what})" if what != "a plain card" and not said else str(card)
    if rule_card == card:
        out.append(f"Play {named}: {rule_why}.")
    else:
        out.append(f"Play {named}.")
    others = [s for s in order if s.card != card]
    if others and top.samples:
        nxt = others[0]
        line = (
            f"In the deals that fit what you have seen, {side_takes(know.view.rules, 'then', not makers)} "
            f"{tricks_words(top.mean_tricks)}, with {_euchre_words(top.euchre_chance, makers, know.view.rules)}"
        )
        # Cards are ranked by points, then tricks (search.best): one with fewer points can
        # still take more tricks on average, and the numbers shown are tricks.
        if (nxt.points, nxt.tricks) == (top.points, top.tricks):
            line += f"; {nxt.card} would do just as well."
        elif nxt.tricks > top.tricks:
            line += (
                f"; {nxt.card} would take a little more in tricks on average but scores "
                "less: a march or a euchre counts for more than one trick."
            )
        else:
            line += f"; {nxt.card}, the next best, does less well."
        out.append(line)
    if rule_card != card and top.samples:
        ruled = next((s for s in order if s.card == rule_card), None)
        how = (
            "scores more on average, though it takes a little less in tricks"
            if ruled is not None and ruled.tricks > top.tricks
            else "does better on average"
        )
        out.append(
            f"The usual rule of thumb would play {rule_card} ({rule_why}), but here {card} {how}."
        )
    if trump is not None:
        out_trumps = know.outstanding(trump)
        mine = [c for c in know.view.hand if is_trump(c, trump)]
        if mine or out_trumps:
            count = len(out_trumps)
            out.append(
                f"Trump count: you hold {number_words(len(mine))} "
                f"trump{'s' if len(mine) != 1 else ''}"
                + (f" ({_cards(mine)})" if mine else "")
                + f"; {number_words(count)} other trump{'s are' if count != 1 else ' is'} "
                "still out."
            )
    return out


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


# ---------------------------------------------------------------------- bidding
def _keep_words(rest: Sequence[Card], trump: Suit) -> str:
    """What a discard keeps worth keeping: the trumps from the highest down, then the
    off-suit aces, named as what they are ("" when there is neither).

    >>> from euchre.cards import parse_cards
    >>> _keep_words(parse_cards("Ks Ad Qs 9s"), Suit.SPADES)
    'Keep your trumps and your ace: K♠, Q♠, 9♠ and A♦.'
    >>> _keep_words(parse_cards("9s Jc Kh"), Suit.SPADES)
    'Keep your trumps: J♣ and 9♠.'
    >>> _keep_words(parse_cards("Ah Ac Kd"), Suit.SPADES)
    'Keep your aces: A♥ and A♣.'
    >>> _keep_words(parse_cards("Kh Qd"), Suit.SPADES)
    ''
    """
    trumps = sorted((c for c in rest if is_trump(c, trump)), key=lambda c: -card_power(c, trump))
    aces = [c for c in rest if not is_trump(c, trump) and c.rank is Rank.ACE]
    kinds = []
    if trumps:
        kinds.append("trumps" if len(trumps) > 1 else "trump")
    if aces:
        kinds.append("aces" if len(aces) > 1 else "ace")
    if not kinds:
        return ""
    return f"Keep your {' and your '.join(kinds)}: {_cards(trumps + aces)}."


def _trumps_text(hand: Sequence[Card], trump: Suit) -> str:
    trumps = sorted((c for c in hand if is_trump(c, trump)), key=lambda c: -card_power(c, trump))
    if not trumps:
        return f"you hold no {trump.plural}"
    n = len(trumps)
    return (
        f"you hold {_cards(trumps)} in {trump.plural}: {number_words(n)} "
        f"trump{'s' if n != 1 else ''}"
    )


def _aces_text(hand: Sequence[Card], trump: Suit | None) -> str:
    aces = [c for c in hand if c.rank.name == "ACE" and not (trump and is_trump(c, trump))]
    return f" and the off-suit ace{'s' if len(aces) > 1 else ''} {_cards(aces)}" if aces else ""


def _bid_reasons(view: SeatView, action: Action) -> list[str]:
    phase = view.phase
    hand = list(view.hand)
    rules = view.rules
    out: list[str] = []
    if phase is Phase.ROUND_ONE:
        trump = proposed(view)
        up = upcard(view)
        up_text = "the joker" if up.is_joker else str(up)  # "the upcard is the joker"
        the_up = "the joker" if up.is_joker else f"the upcard {up}"
        if view.seat == view.dealer:
            six = [*hand, up]
            drop = best_discard(six, trump, rules)
            kept = [c for c in six if c != drop]
            out.append(
                f"You are the dealer: ordering takes {the_up} into your hand and you "
                f"would discard {drop}; then {_trumps_text(kept, trump)}."
            )
            est = hand_tricks(kept, trump, rules)
        else:
            out.append(
                f"The upcard is {up_text}, so {suit_words(trump)} would be trump; {_trumps_text(hand, trump)}{_aces_text(hand, trump)}."
            )
            est = hand_tricks(hand, trump, rules)
            may_decline = decline_refusal(rules, view.dealer, view.seat) is None
            unless = ", unless they decline it" if may_decline else ""
            if rules.call_ace:  # no sides yet: the maker's call makes the partner
                out.append(
                    f"Ordering up hands the dealer {the_up}{unless}; the "
                    "dealer plays with you only if they hold the card you call."
                )
            elif view.dealer != view.seat and rules.team_of(view.dealer) == rules.team_of(
                view.seat
            ):
                if action.alone and not rules.dealer_picks_up_when_partner_alone:
                    out.append(
                        f"Your partner is the dealer: going alone, you play without "
                        f"them, and {up_text} stays out of play."
                    )
                else:
                    out.append(
                        f"Your partner is the dealer and would pick up {up_text}"
                        + (" or decline it." if may_decline else ".")
                    )
            else:
                out.append(
                    f"Ordering up hands the dealer, {opponents_words(rules, 'one')}, "
                    f"{the_up}{unless}."
                )
        out.append(
            f"On its own your hand should take {tricks_words(est)} with {suit_words(trump)} "
            "as trump."
        )
    elif phase is Phase.ROUND_TWO:
        turned = proposed(view)
        out.append(f"{view.upcard} was turned down, so {turned.plural} cannot be named.")
        suits = [s for s in Suit if s is not turned]
        best_suit = max(suits, key=lambda s: hand_tricks(hand, s, rules))
        target = action.suit if action.kind == "call" and action.suit is not None else best_suit
        out.append(
            f"Your best suit is {target.plural}: {_trumps_text(hand, target)}{_aces_text(hand, target)}; "
            f"on its own, {tricks_words(hand_tricks(hand, target, rules))}."
        )
        if action.kind == "call" and action.suit is None:
            out.append(
                f"With no trump, your high cards ({_cards([c for c in hand if c.rank.name in ('ACE', 'KING')])}) count."
            )
        if rules.stick_the_dealer and view.seat == view.dealer:
            out.append("Stick the dealer: as the dealer you must name a suit now.")
    elif phase is Phase.DISCARD:
        made = view.trump
        assert made is not None
        if action.kind == "decline":
            out.append(f"Decline {view.upcard}: your hand is better without it.")
        else:
            card = action.card
            rest = [c for c in hand if c != card]
            suit = effective_suit(card, made)
            void = not any(effective_suit(c, made) is suit for c in rest)
            why = (
                f"it leaves you void in {suit.plural}, so you can trump that suit"
                if void and not is_trump(card, made)
                else "it is your least useful card"
            )
            out.append(f"Discard {card}: {why}.")
            keep = _keep_words(rest, made)
            if keep:
                out.append(keep)
    elif phase is Phase.DEFEND:
        made = view.trump
        assert made is not None
        who = (
            "A lone maker plays" if view.alone else f"{makers_words(view.rules).capitalize()} play"
        )
        out.append(
            f"{who} with {made.plural} as trump; {_trumps_text(hand, made)}{_aces_text(hand, made)}."
        )
        partners, theirs = partner_words(view.rules), partner_words(view.rules, possessive=True)
        if action.kind == "defend":
            # the engine's scores for the maker held to no trick, a lone defender or not
            lone = score_hand(0, view.alone, view.rules, defender_alone=True)[1]
            together = score_hand(0, view.alone, view.rules)[1]
            out.append(
                f"Alone, taking all five tricks pays {lone}, against {together} for a euchre "
                f"with {partners}; your hand is strong enough to try."
            )
        else:
            out.append(
                "Defending alone pays more only if you take all five tricks; "
                f"{theirs} cards usually help more."
            )
    elif phase is Phase.CALL_FOR_BEST:
        if action.kind == "best":
            out.append(
                f"Give up {action.card}, the card your hand needs least, for your "
                "partner's best card."
            )
        else:
            out.append(f"Your hand ({_cards(hand)}) is strong enough without your partner's card.")
    elif phase is Phase.GIVE_BEST:
        out.append(f"Give {action.card}: it is your best card for your partner's lone hand.")
    elif phase is Phase.CALL_ACE:
        assert action.suit is not None
        top = called_card(action.suit, view.trump, rules) if view.trump else None
        if top is not None and top in hand:
            out.append(
                f"Call for the best {action.suit.symbol} {action.suit.singular}: you hold {top} "
                f"yourself, so you play alone against everyone else; your hand is {_cards(hand)}."
            )
        else:
            out.append(
                f"Call for the best {action.suit.symbol} {action.suit.singular}: whoever holds the highest {action.suit.singular} becomes your partner; your hand is {_cards(hand)}."
            )
    elif phase is Phase.FARMER:
        if action.kind == "swap":
            out.append(
                f"Swap {_cards(list(action.cards))} for the kitty: three unknown cards are worth more than these three."
            )
        elif action.kind == "redeal":
            out.append(f"Your hand ({_cards(hand)}) is weak: ask for a new deal.")
        elif view.rules.farmers_remedy == "redeal":
            out.append(
                f"Keep your hand ({_cards(hand)}): on average a new deal would be no better."
            )
        else:
            out.append(
                f"Keep your hand ({_cards(hand)}): on average three unknown cards from the kitty "
                "would not improve it."
            )
    return out


def _bid_advice(
    view: SeatView, player: StrongPlayer, action: Action, ranked: list[tuple[Action, float]]
) -> Advice:
    """Advice before the play: the reasons from the hand, then what the call promises."""
    values = dict(ranked)
    reasons = _bid_reasons(view, action)
    words = action_words(action, view)
    style = player.style
    outlook = {a: bid_strategy.call_tricks(view, a, style) for a, _ in ranked}
    side = outlook[action]
    calls = [(a, t) for a, t in outlook.items() if t is not None]
    summary = f"{words}."
    who = side_words(view.rules)
    if side is not None:
        line = (
            f"{_sentence(who)} should take {tricks_words(side)}, with "
            f"{chance_words(euchre_chance(side))} of being euchred."
        )
        reasons.append(line)
        summary = f"{words}: {who} should take {tricks_words(side)}."
    elif calls and action.kind == "pass":
        best_call, tricks = max(calls, key=lambda item: values[item[0]])
        reasons.append(
            f"If you chose to {_lower(action_words(best_call, view))}, {who} would take "
            f"{tricks_words(tricks)}, with {chance_words(euchre_chance(tricks))} of being "
            "euchred: not worth the risk."
        )
        summary = "Pass: your hand is not strong enough to make trump."
    elif len(ranked) == 1:
        reasons.append(f"{words} is your only legal choice.")
    elif reasons:
        summary = reasons[0]
    details = ["Expected points of each choice, from the trick estimate of your hand:"]
    for a, v in ranked:
        t = outlook[a]
        extra = (
            f" ({who} about {t:.1f} tricks, euchred {round(100 * euchre_chance(t))}% of the time)"
            if t is not None
            else ""
        )
        details.append(f"{action_words(a, view)}: {v:+.2f} points{extra}.")
    choices = []
    for a, v in ranked:
        t = outlook[a]
        choices.append(
            {
                "action": str(a),
                "points": v,
                "side_tricks": None if t is None else round(t, 2),
                "euchre": None if t is None else round(euchre_chance(t), 2),
            }
        )
    stats = {"choices": choices}
    return Advice(
        view.seat,
        action,
        reasons,
        ranked,
        "points",
        words=words,
        summary=summary,
        details=details,
        stats=stats,
    )


def _lower(text: str) -> str:
    return text[0].lower() + text[1:]


__all__ = ["LABEL", "Advice", "coach"]
