"""The table in words, from one seat's view only: what each action was, the words on a
decision button, what the prompt asks. Another seat's discard is never named.

>>> from euchre import Deal, HandState, Rules
>>> view = HandState.new(Deal.random(seed=7, dealer=0), Rules()).view(0)
>>> describe(Action.parse("order alone"), 1, view)
'West orders up ♣ clubs and goes alone.'
>>> state = HandState.new(Deal.random(seed=7, dealer=0), Rules())
>>> [choice_label(a, state.view(1)) for a in state.legal_actions()]
['Pass', 'Order up ♣ clubs', 'Order up ♣ clubs and go alone']
>>> prompt(view)
'West is deciding: order up the upcard or pass.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from euchre import Action, ActionKind, Card, Phase, Rules, SeatView, Suit
from euchre.actions import card_verb as engine_card_verb
from euchre.bidding import decline_refusal
from euchre.players import action_words
from euchre.players.words import partner_words, suit_words
from euchre.state import proposed_suit

from euchre_tutorial.present.bids import (
    BID_KINDS,
    BID_PHASES,
    bid_label,
    bid_prompt,
    bid_words,
    contract_line,
    plays_bids,
)
from euchre_tutorial.present.seats import seat_names

CARD_KINDS = ("play", "discard", "give", "best")


@dataclass(frozen=True)
class Narration:
    """A deal as a narrator tells it who sees every card and is nobody's "you" (a worked
    example): what :func:`describe`, :func:`told` and :func:`contract_words` read of it.
    The page's widgets never make one (they tell a seat's :class:`euchre.SeatView`);
    ``euchre_tutorial.narration.narration`` makes one of a whole deal at build time.
    """

    rules: Rules
    dealer: int
    upcard: Card | None
    actions: tuple[Action, ...]
    actors: tuple[int, ...]
    phases: tuple[Phase, ...]
    phase: Phase
    maker: int | None
    trump: Suit | None


#: What the words of this module tell: one seat's view, or a narrator's whole deal.
Told = SeatView | Narration


def proposed(view: Told) -> Suit:
    """The suit the upcard proposes (the engine decides a turned-up joker's)."""
    assert view.upcard is not None, "Euchre's bidding has an upcard"
    return proposed_suit(view.upcard)


def describe(
    action: Action,
    actor: int,
    view: Told,
    names: Sequence[str] | None = None,
    *,
    phase: Phase | None = None,
) -> str:
    """One action in words, as ``view.seat`` saw it ("West orders up ♥ hearts."). A hidden
    card (another seat's discard) is "a card face down". ``names`` names the seats (by
    default by their places, as the view's seat sees them).

    ``view`` may be a :class:`Narration` instead of one seat's view: a narrator who sees
    every card and is nobody's "you", as a worked example tells a deal (``names`` then
    needed).
    ``phase`` is the phase the action was made in, by default the view's own (the action
    being made now); a pass says what its phase asked: "keeps their farmer's hand",
    "declines to defend alone" (see :func:`told`).

    >>> from euchre import Deal, HandState, Rules
    >>> state = HandState.new(Deal.random(seed=7, dealer=0), Rules())
    >>> state = state.apply("pass").apply("pass").apply("pass")
    >>> names = ["North", "East", "South", "West"]
    >>> from euchre_tutorial.narration import narration
    >>> describe(Action.parse("order"), state.to_act, narration(state), names)
    'North picks up the upcard: ♣ clubs are trump.'
    >>> state = state.apply("order")
    >>> describe(Action.parse("discard 9s"), state.to_act, narration(state), names)
    'North discards 9♠ face down.'
    """
    if isinstance(view, SeatView):
        you = actor == view.seat
        names = names if names is not None else seat_names(view.seat, view.rules.players)
    elif names is None:
        raise ValueError("a narrator's describe needs the seat names")
    else:
        you = False
    kind = action.kind
    if kind in BID_KINDS:
        text = bid_words(action, you)
    elif kind == "pass":
        text = _PASSES.get(view.phase if phase is None else phase, _PASS)[0 if you else 1]
    elif kind in ("discard", "give", "best", "swap"):
        text = _card_passing(action, you, view, names)
    elif kind in ("order", "call"):
        text = _making(action, actor, you, view)
    else:
        text = _other(action, you)
    who = names[actor]
    return f"{who} {text}."


def _making(action: Action, actor: int, you: bool, view: Told) -> str:
    """An order (a pick-up, when the dealer makes it) or a call, the verb after the name."""
    alone = (" and go alone" if you else " and goes alone") if action.alone else ""
    if action.kind == "call":
        return ("call " if you else "calls ") + suit_words(action.suit) + alone
    suit = proposed(view)
    if actor == view.dealer:
        return (
            "pick up " if you else "picks up "
        ) + f"the upcard{alone}: {suit_words(suit)} are trump"
    return ("order up " if you else "orders up ") + suit_words(suit) + alone


#: The words of the other actions, the verb after the seat's name: (as "you", as another).
_OTHERS = {
    # "decline", as the button and the rules pages say; "turned down" is the glossary's
    # word for the upcard nobody took in round one
    "decline": (
        "decline the upcard and keep your hand",
        "declines the upcard and keeps their hand",
    ),
    "defend": ("defend alone", "defends alone"),
    "redeal": (
        "throw in your farmer's hand for a new deal",
        "throws in a farmer's hand for a new deal",
    ),
}


def _other(action: Action, you: bool) -> str:
    """A play, a call for the best card of a suit, a decline, a lone defence or a redeal."""
    kind = action.kind
    if kind == "play":
        return ("play " if you else "plays ") + str(action.card)
    if kind in _OTHERS:
        return _OTHERS[kind][0 if you else 1]
    if kind == "ace" and action.suit is not None:
        return (
            ("call " if you else "calls ") + f"for the best {action.suit.symbol} "
            f"{action.suit.singular}: its holder is the secret partner"
        )
    return str(action)


# What a pass says, by the phase it was made in: (as "you", as another seat).
_PASS = ("pass", "passes")
_PASSES = {
    Phase.FARMER: ("keep your farmer's hand", "keeps their farmer's hand"),
    Phase.DEFEND: ("decline to defend alone", "declines to defend alone"),
    Phase.CALL_FOR_BEST: (
        "play without your partner's best card",
        "plays without the partner's best card",
    ),
}


def _card_passing(action: Action, you: bool, view: Told, names: Sequence[str]) -> str:
    """A discard, a call for best, a card given to a lone partner or a farmer's swap, the
    verb after the seat's name. Another seat's cards are face down unless a narrator tells."""
    shown = " ".join(str(c) for c in action.cards)
    kind = action.kind
    if kind == "discard":
        if you:
            return f"discard {shown}"
        return f"discards {shown or 'a card'} face down"
    if kind == "best":
        if you:
            return f"set aside {shown} and call for your partner's best card"
        return f"sets aside {shown or 'a card'} face down and calls for the partner's best card"
    if kind == "give":
        maker = view.maker
        if maker is None:
            receiver = "the partner"
        elif isinstance(view, SeatView) and maker == view.seat:
            receiver = "you"
        else:
            receiver = names[maker]
        if you:
            return f"give {shown} to {receiver}"
        return f"gives {shown or 'a card face down'} to {receiver}"
    if you:
        return f"swap {shown} for the kitty"
    return f"swaps {shown or 'three cards'} for the kitty"


def told(deal: Told, names: Sequence[str] | None = None) -> list[str]:
    """Every action of ``deal`` so far in words, in order, each as :func:`describe` says it
    (``deal`` and ``names`` as there), each pass told by the phase the engine recorded for
    it: a defender's declines to defend alone, a farmer's keeps the hand.

    >>> from euchre import Deal, HandState, Rules
    >>> rules = Rules().replace(defend_alone=True)
    >>> state = HandState.new(Deal.random(seed=7, dealer=0, rules=rules), rules)
    >>> state = state.apply("order alone").apply("discard 9s").apply("pass")
    >>> from euchre_tutorial.narration import narration
    >>> for sentence in told(narration(state), ["North", "East", "South", "West"]):
    ...     print(sentence)
    East orders up ♣ clubs and goes alone.
    North discards 9♠ face down.
    South declines to defend alone.
    """
    if names is None and isinstance(deal, SeatView):
        names = seat_names(deal.seat, deal.rules.players)
    return [
        describe(action, actor, deal, names, phase=phase)
        for action, actor, phase in zip(deal.actions, deal.actors, deal.phases, strict=True)
    ]


def last_told(view: SeatView) -> str:
    """The last action of ``view`` in words, as :func:`told` says it ("" before any).

    >>> from euchre import Deal, HandState, Rules
    >>> last_told(HandState.new(Deal.random(seed=7, dealer=0), Rules()).apply("pass").view(2))
    'East passes.'
    """
    if not view.actions:
        return ""
    return describe(view.actions[-1], view.actors[-1], view, phase=view.phases[-1])


def choice_label(action: Action, view: SeatView) -> str:
    """The words on a decision button: the engine's words for the action, the same words
    the coach uses ("Order up ♥ hearts", "Pick up J♥", "Pass"); Bid Euchre's bids and
    naming of trump in the table's words ("Bid 4", "Shoot the moon", "Name ♥ hearts")."""
    if action.kind in BID_KINDS or (action.kind == "pass" and view.phase in BID_PHASES):
        return bid_label(action)
    return action_words(action, view)


def in_sentence(words: str) -> str:
    """Button words made to sit inside a sentence ("Order up ♥ hearts" -> "order up ♥
    hearts"); a card's rank stays as it is.

    >>> in_sentence("Order up ♥ hearts"), in_sentence("Pick up J♥")
    ('order up ♥ hearts', 'pick up J♥')
    """
    return words[:1].lower() + words[1:]


def contract_words(deal: Told, names: Sequence[str]) -> str:
    """Who made trump, in one sentence, the seats called by ``names``; a no-trump call and
    going alone is said when the maker said it, a deal everyone passed is "Nobody made
    trump." and a farmer's hand thrown in says so. ``deal`` is the deal itself or a seat's
    view of it.

    >>> from euchre import Deal, HandState, Rules
    >>> state = HandState.new(Deal.random(seed=7, dealer=0), Rules())
    >>> names = ["You", "West", "North", "East"]
    >>> contract_words(state.apply("pass").apply("order alone").view(0), names)
    'North made clubs trump and went alone.'
    >>> rules = Rules().replace(no_trump=True)
    >>> state = HandState.new(Deal.random(seed=7, dealer=0, rules=rules), rules)
    >>> for _ in range(4):
    ...     state = state.apply("pass")
    >>> contract_words(state.apply("call no-trump").view(0), names)
    'West called no-trump.'
    >>> contract_words(state.apply("call spades alone").view(2), names)
    'West made spades trump and went alone.'
    """
    if plays_bids(deal):
        return contract_line(deal, names)
    if deal.maker is None:
        if deal.actions and deal.actions[-1].kind == "redeal":
            return f"{names[deal.actors[-1]]} threw in a farmer's hand: nobody made trump."
        return "Nobody made trump."
    made = "called no-trump" if deal.trump is None else f"made {deal.trump.plural} trump"
    said = any(
        action.alone
        for action, actor in zip(deal.actions, deal.actors, strict=True)
        if actor == deal.maker
    )
    alone = " and went alone" if said else ""
    return f"{names[deal.maker]} {made}{alone}."


def deal_facts(deal: Told, names: Sequence[str]) -> str:
    """Who dealt, the upcard where the game has one, and who made trump, in words.

    >>> from euchre import Deal, HandState, Rules
    >>> names = ["You", "West", "North", "East"]
    >>> state = HandState.new(Deal.random(seed=7, dealer=0), Rules()).apply("pass")
    >>> deal_facts(state.apply("order alone").view(0), names)
    'You dealt and turned up the Q♣. North made clubs trump and went alone.'
    >>> rules = Rules.profile("bid-euchre")
    >>> state = HandState.new(Deal.random(seed=7, dealer=0, rules=rules), rules)
    >>> for action in ("bid 4", "pass", "pass", "pass", "trump hearts"):
    ...     state = state.apply(action)
    >>> deal_facts(state.view(0), names)
    'You dealt. West bid 4, ♥ hearts.'
    """
    turned = f" and turned up the {deal.upcard}" if deal.upcard is not None else ""
    return f"{names[deal.dealer]} dealt{turned}. {contract_words(deal, names)}"


def called_ace_words(
    maker: int, suit: Suit, partner: int | None, names: Sequence[str], reader: int | None
) -> str:
    """Call-ace, once the deal is over: what the maker called for and who turned out to be
    the secret partner (``partner`` None: nobody held the called card), the seats called
    by ``names``; ``reader`` is the seat reading it, "you" (None: a spectator).

    >>> names = ["You", "Player 2", "Player 3", "Player 4", "Player 5"]
    >>> called_ace_words(1, Suit.CLUBS, 0, names, 0)
    'Player 2 called for the best club: you held it and were the secret partner.'
    >>> called_ace_words(0, Suit.CLUBS, 0, names, 0)
    'You called for the best club and held it: you played alone.'
    >>> called_ace_words(3, Suit.HEARTS, None, names, 0)
    'Player 4 called for the best heart, but nobody held one: Player 4 played alone.'
    """
    who = names[maker]
    played = "you" if maker == reader else who
    if partner is None:
        return f"{who} called for the best {suit.singular}, but nobody held one: {played} played alone."
    if partner == maker:
        return f"{who} called for the best {suit.singular} and held it: {played} played alone."
    held = "you held it and were" if partner == reader else f"{names[partner]} held it and was"
    return f"{who} called for the best {suit.singular}: {held} the secret partner."


def card_action(view: SeatView) -> str | None:
    """What a click on one of your cards means now: play, discard, give or best."""
    kinds = {a.kind for a in view.legal}
    for kind in CARD_KINDS:
        if kind in kinds:
            return kind
    return None


def card_verb(kind: str | None) -> str | None:
    """The engine's words before the card in an action of ``kind`` (from
    :func:`card_action`): what a click on a card sends with the card's code.

    >>> card_verb("play"), card_verb("best"), card_verb(None)
    ('play', 'call for best', None)
    """
    if kind is None:
        return None
    return engine_card_verb(ActionKind(kind))


# What the table asks in the phases that need no more than who is asked:
# (to the learner, to the others about {who}).
_ASKED = {
    Phase.CALL_ACE: (
        "Your turn: name a suit. Whoever holds its highest card becomes your "
        "secret partner for this deal.",
        "{who} is choosing a suit to call for a secret partner.",
    ),
    Phase.CALL_FOR_BEST: (
        "Your turn: you play alone. Set aside one card face down to call for "
        "your partner's best card, or play without it.",
        "{who} is deciding whether to call for the partner's best card.",
    ),
    Phase.GIVE_BEST: (
        "Your turn: your partner plays alone and called for your best card. "
        "Choose the card to pass over.",
        "{who} is choosing a card to pass to the lone player.",
    ),
}


def prompt(view: SeatView, names: Sequence[str] | None = None) -> str:
    """What the table asks now, of the learner or of the seat deciding (``names`` as in
    :func:`describe`)."""
    names = names if names is not None else seat_names(view.seat, view.rules.players)
    if view.to_act is None:
        return "The deal is over."
    who = view.to_act
    mine = who == view.seat
    phase = view.phase
    if phase in BID_PHASES:
        return bid_prompt(view, names)
    if phase in _PROMPTS:
        return _PROMPTS[phase](view, mine, names[who])
    if phase in _ASKED:
        yours, theirs = _ASKED[phase]
        return yours if mine else theirs.format(who=names[who])
    return f"Your turn: {phase}." if mine else f"{names[who]} is deciding ({phase})."


def _round_one(view: SeatView, mine: bool, who: str) -> str:
    suit = proposed(view)
    if not mine:
        return f"{who} is deciding: order up the upcard or pass."
    if view.to_act == view.dealer:
        return f"Your turn: pick up the upcard ({suit_words(suit)} as trump) or pass."
    return f"Your turn: order up {suit_words(suit)} as trump, or pass."


def _round_two(view: SeatView, mine: bool, who: str) -> str:
    suit = proposed(view)
    if not mine:
        return f"{who} is deciding: name a suit or pass."
    if "pass" not in {a.kind for a in view.legal}:
        return (
            f"Your turn: you are the dealer and may not pass now, so name a "
            f"trump suit other than {suit.plural}."
        )
    return f"Your turn: name a trump suit other than {suit.plural}, or pass."


def _discard(view: SeatView, mine: bool, who: str) -> str:
    if decline_refusal(view.rules, view.dealer, view.maker) is None:
        if mine:
            return (
                "Your turn: take the upcard and discard one card face down, or decline "
                "it and keep your hand."
            )
        return f"{who} is deciding whether to take the upcard."
    if mine:
        return "Your turn: you picked up the upcard, so discard one card face down."
    return f"{who} is discarding a card."


def _play(view: SeatView, mine: bool, who: str) -> str:
    if not mine:
        return f"{who} is playing."
    return (
        "Your turn: play a card (follow suit if you can)."
        if view.current_trick
        else ("Your turn: lead any card.")
    )


def _farmer(view: SeatView, mine: bool, who: str) -> str:
    remedy = (
        "throw it in for a new deal"
        if view.rules.farmers_remedy == "redeal"
        else "swap three low cards for the kitty"
    )
    if mine:
        return f"Your turn: you hold a farmer's hand. Keep it, or {remedy}."
    return f"{who} holds a farmer's hand and is deciding whether to keep it."


def _defend(view: SeatView, mine: bool, who: str) -> str:
    if not mine:
        return f"{who} is deciding whether to defend alone."
    partners = partner_words(view.rules)
    sit = "sit" if view.rules.partner_count > 1 else "sits"
    return f"Your turn: defend alone ({partners} {sit} out), or defend with {partners}."


#: What the table asks in each phase that needs more than who is asked (see ``_ASKED``):
#: a function of the view, whether the learner is asked, and the name of who is.
_PROMPTS: dict[Phase, Callable[[SeatView, bool, str], str]] = {
    Phase.ROUND_ONE: _round_one,
    Phase.ROUND_TWO: _round_two,
    Phase.DISCARD: _discard,
    Phase.PLAY: _play,
    Phase.FARMER: _farmer,
    Phase.DEFEND: _defend,
}
