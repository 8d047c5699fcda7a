"""An exact open-hand (double-dummy) solver for the tricks left in a deal.

Every hand is known to the solver: it is used on sampled deals, and for hindsight. Two
sides: the seats in ``side`` maximise the tricks they take, the others minimise them.

Cards are bits. Each trump has its own layout (:func:`layout`): the trumps first, highest
first, then the other suits in blocks, highest first, with an always-set separator bit
after each block. So within a trick a card beats the winner so far exactly when it is of
the led suit or a trump and its bit is lower; a suit is a mask; and two cards of one hand
are equivalent (the same value) when no card still in play lies between them. The search
is alpha-beta on tricks with a transposition table of the positions at the start of each
trick (the cards still held and who leads) and equivalent cards searched once.

>>> from euchre.cards import parse_cards, Suit
>>> hands = {0: parse_cards("Jh 9c"), 1: parse_cards("Ah Ac"), 2: parse_cards("9h Kc"), 3: parse_cards("Th Qc")}
>>> sorted((str(c), v) for c, v in solve(hands, Suit.HEARTS, leader=0, side={0, 2}).items())
[('9♣', 1), ('J♥', 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from euchre.cards import Card, Suit, make_deck
from euchre.trump import card_power, effective_suit

#: Tricks to search at most: a value never exceeds it (a window of -1..FULL is "exact").
FULL = 6


class NodeLimit(Exception):
    """The search passed its node limit (see ``Solver.values``); its values are not known."""


@dataclass(frozen=True)
class Layout:
    """The bit of every card with one trump (or none): ``bit[card.id]``; ``card_of[bit]``;
    ``suit_mask[bit]`` the mask of the card's effective suit; ``trumps`` the trump mask;
    ``separators`` the bits between suit blocks (always counted as cards in play)."""

    bit: tuple[int, ...]
    card_of: Mapping[int, Card]
    suit_mask: Mapping[int, int]
    trumps: int
    separators: int


@cache
def layout(trump: Suit | None) -> Layout:
    """The card bits for ``trump`` (None: no-trump), built once per trump.

    >>> from euchre.cards import Card, Suit
    >>> lay = layout(Suit.HEARTS)
    >>> lay.bit[Card.parse("Jh").id] < lay.bit[Card.parse("Jd").id] < lay.bit[Card.parse("Ah").id]
    True
    >>> lay.suit_mask[lay.bit[Card.parse("Jd").id]] == lay.trumps
    True
    """
    deck = make_deck(32, joker=trump is not None)
    blocks: list[list[Card]] = []
    suits = list(Suit) if trump is None else [trump, *(s for s in Suit if s is not trump)]
    for suit in suits:
        cards = [c for c in deck if effective_suit(c, trump) is suit]
        blocks.append(sorted(cards, key=lambda c: -card_power(c, trump)))
    bit = [0] * 33
    card_of: dict[int, Card] = {}
    suit_mask: dict[int, int] = {}
    separators = 0
    pos = 0
    trumps = 0
    for k, cards in enumerate(blocks):
        mask = 0
        for card in cards:
            b = 1 << pos
            bit[card.id] = b
            card_of[b] = card
            mask |= b
            pos += 1
        for card in cards:
            suit_mask[bit[card.id]] = mask
        if k == 0 and trump is not None:
            trumps = mask
        separators |= 1 << pos
        pos += 1
    return Layout(tuple(bit), card_of, suit_mask, trumps, separators)


class Solver:
    """One deal's remaining play, solved exactly. Build it, then call ``values()``.

    ``hands`` maps each playing seat to its cards; ``order`` is the play order of the
    playing seats (clockwise); ``current`` holds the (seat, card) pairs already played to
    the trick in progress; ``side`` the maximising seats. ``nodes`` counts the positions
    searched so far (a measure of work that is the same on every machine).
    """

    def __init__(
        self,
        hands: Mapping[int, Sequence[Card]],
        trump: Suit | None,
        order: Sequence[int],
        leader: int,
        side: Collection[int],
        current: Sequence[tuple[int, Card]] = (),
    ) -> None:
        lay = layout(trump)
        self.layout = lay
        players = max(order) + 1
        bit = lay.bit
        self.hands = [0] * players
        for seat in order:
            for c in hands[seat]:
                self.hands[seat] |= bit[c.id]
        self.next = [0] * players
        for k, seat in enumerate(order):
            self.next[seat] = order[(k + 1) % len(order)]
        self.maxer = [1 if s in side else 0 for s in range(players)]
        self.leader = leader
        self.current = [(seat, bit[c.id]) for seat, c in current]
        self.memo: dict[int, tuple[int, int]] = {}
        self._count = [0, 1 << 62]  # nodes searched, the limit
        self._active = len(order)
        self._closed = False
        self._lead, self._follows = _search(
            self.hands, order, self.next, self.maxer, len(order), lay, self.memo, self._count
        )

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return self._count[0]

    def close(self) -> None:
        """Let go of the search: its functions refer to one another in a ring (each seat's
        follow function leads the next trick, whose leader's loop calls the follow
        functions), which only the cyclic garbage collector would free, with the table of
        positions, in a pause of its own during some later decision. Emptying the shared
        list of follow functions breaks the ring, so all of it is freed at once, here. The
        solver cannot search after this (``values`` raises ValueError)."""
        self._follows.clear()
        self.memo.clear()
        self._closed = True

    def to_move(self) -> int:
        """The seat whose play is being decided."""
        if not self.current:
            return self.leader
        return self.next[self.current[-1][0]]

    def values(
        self, candidates: Sequence[Card] | None = None, node_limit: int | None = None
    ) -> dict[Card, int]:
        """For each card the player to move may play (or each of ``candidates``): the tricks
        the maximising side takes from the trick in progress to the end, with best play.

        With ``node_limit``, raise :class:`NodeLimit` once the search has passed that many
        more nodes (it stops at the start of the next trick searched); the solver is then
        spent (its hands are left mid-search)."""
        if self._closed:
            raise ValueError("this solver was closed")
        lay = self.layout
        self._count[1] = self._count[0] + node_limit if node_limit is not None else 1 << 62
        seat = self.to_move()
        trick = self._trick()
        mask = self._moves(seat, trick[1], candidates)
        live = trick[0] | lay.separators
        for h in self.hands:
            live |= h
        out: dict[Card, int] = {}
        for rep, group in _groups(mask, live):
            v = self._value_of(seat, rep, trick, live)
            for b in group:
                out[lay.card_of[b]] = v
        return out

    def _trick(self) -> tuple[int, int, int, int, int]:
        """The trick in progress: (its cards, the led suit's mask, the cards that may win
        it, the winning card, its seat); zeros and -1 before the lead."""
        lay = self.layout
        played = led = elig = win = 0
        win_seat = -1
        for s, b in self.current:
            played |= b
            if not led:
                led = lay.suit_mask[b]
                elig = led | lay.trumps
                win, win_seat = b, s
            elif b & elig and b < win:
                win, win_seat = b, s
        return played, led, elig, win, win_seat

    def _moves(self, seat: int, led: int, candidates: Sequence[Card] | None) -> int:
        """The cards to value: ``candidates``, or every legal card of ``seat``."""
        if candidates is not None:
            mask = 0
            for c in candidates:
                mask |= self.layout.bit[c.id]
            return mask
        mask = self.hands[seat]
        return mask & led if led and mask & led else mask

    def _value_of(self, seat: int, card: int, trick: tuple[int, ...], live: int) -> int:
        """The value of ``seat`` playing ``card`` to the trick in progress."""
        lay = self.layout
        _played, led, elig, win, win_seat = trick
        if not led:
            led = lay.suit_mask[card]
            elig = led | lay.trumps
            win, win_seat = card, seat
        elif card & elig and card < win:
            win, win_seat = card, seat
        pos = len(self.current) + 1
        after = self.next[seat]
        self.hands[seat] ^= card
        if pos == self._active:  # the trick's last card: its winner leads the next one
            self._count[0] += 1
            won = self.maxer[win_seat]
            v = won + self._lead(win_seat, -1 - won, FULL - won)
        else:
            v = self._follows[after](pos, after, led, elig, win, win_seat, live, -1, FULL)
        self.hands[seat] ^= card
        return v


def _groups(mask: int, live: int) -> list[tuple[int, list[int]]]:
    """The cards of ``mask`` in groups of touching cards (no card of ``live`` between
    them), highest first: (the group's top card, every card of the group)."""
    groups: list[tuple[int, list[int]]] = []
    prev = 0
    while mask:
        b = mask & -mask
        mask ^= b
        if prev and not live & (b - 1) & ~((prev << 1) - 1):
            groups[-1][1].append(b)
        else:
            groups.append((b, [b]))
        prev = b
    return groups


Lead = Callable[[int, int, int], int]
Follow = Callable[[int, int, int, int, int, int, int, int, int], int]
Loop = Callable[[int, int, int, int, int, int, int, int], int]


@dataclass
class _Search:
    """What the search functions share: the hands (changed in place and restored), the
    play order (``nxt``), who maximises, the number of seats playing, the layout, the
    transposition table, the node count with its limit, and each seat's follow function
    (``follows``: the maximising or the minimising one, filled once both exist)."""

    hands: list[int]
    seats: Sequence[int]
    nxt: list[int]
    maxer: list[int]
    active: int
    lay: Layout
    memo: dict[int, tuple[int, int]]
    count: list[int]
    follows: list[Follow]


def _search(
    hands: list[int],
    seats: Sequence[int],
    nxt: list[int],
    maxer: list[int],
    active: int,
    lay: Layout,
    memo: dict[int, tuple[int, int]],
    count: list[int],
) -> tuple[Lead, list[Follow]]:
    """The search functions over ``hands`` (changed in place and restored): ``lead(seat,
    alpha, beta)`` at the start of a trick, and per seat ``follows[seat](pos, seat, led,
    elig, win, win_seat, live, alpha, beta)`` inside one (``pos`` cards played, fewer than
    the seats playing). Both return the maximising side's tricks from that point on.

    The functions call one another: each is made by a function of its own and bound to
    the others here (``follows`` is shared; ``lead`` and the leader's loops are bound)."""
    ctx = _Search(hands, seats, nxt, maxer, active, lay, memo, count, [])
    lead, bind_lead = _lead_function(ctx)
    lead_max = _lead_max_function(ctx)
    lead_min = _lead_min_function(ctx)
    follow_max, bind_follow_max = _follow_max_function(ctx)
    follow_min, bind_follow_min = _follow_min_function(ctx)
    ctx.follows.extend(follow_max if m else follow_min for m in maxer)
    bind_lead(lead_max, lead_min)
    bind_follow_max(lead)
    bind_follow_min(lead)
    return lead, ctx.follows


def _bounds_function(ctx: _Search) -> Callable[[int, int, int], tuple[int, int]]:
    """``bounds(live, left, key)``: the sure tricks of either side at a trick's start, as
    (least the maximising side takes, most it takes), kept in the table when exact. Each
    trump one seat holds above all the other side's trumps wins the trick it is played to."""
    hands, memo, trumps = ctx.hands, ctx.memo, ctx.lay.trumps
    side_seats = [s for s in ctx.seats if ctx.maxer[s]]
    other_seats = [s for s in ctx.seats if not ctx.maxer[s]]

    def bounds(live: int, left: int, key: int) -> tuple[int, int]:
        lo, hi = 0, left
        if not trumps & live:
            return lo, hi
        ours = theirs = 0
        for s in side_seats:
            ours |= hands[s]
        for s in other_seats:
            theirs |= hands[s]
        ours &= trumps
        theirs &= trumps
        if ours:
            above = (theirs & -theirs) - 1 if theirs else ours
            for s in side_seats:
                n = (hands[s] & above).bit_count()
                lo = n if n > lo else lo
        if theirs:
            above = (ours & -ours) - 1 if ours else theirs
            for s in other_seats:
                n = left - (hands[s] & above).bit_count()
                hi = n if n < hi else hi
        if lo == hi:
            memo[key] = (lo, hi)
        return lo, hi

    return bounds


def _last_trick_function(ctx: _Search) -> Callable[[int, int, int], int]:
    """``last(leader, card, key)``: the last trick, one card a hand (kept in the table)."""
    hands, nxt, maxer, memo, count = ctx.hands, ctx.nxt, ctx.maxer, ctx.memo, ctx.count
    suit_mask, trumps = ctx.lay.suit_mask, ctx.lay.trumps

    def last(leader: int, card: int, key: int) -> int:
        count[0] += 1
        elig = suit_mask[card] | trumps
        win, win_seat = card, leader
        seat = nxt[leader]
        while seat != leader:
            c = hands[seat]
            if c & elig and c < win:
                win, win_seat = c, seat
            seat = nxt[seat]
        v = maxer[win_seat]
        memo[key] = (v, v)
        return v

    return last


def _lead_function(ctx: _Search) -> tuple[Lead, Callable[[Loop, Loop], None]]:
    """``lead(leader, alpha, beta)``: a trick's start, through the transposition table,
    the sure-trick bounds and the node limit, then the leader's loop; and its binder."""
    hands, maxer, memo, count = ctx.hands, ctx.maxer, ctx.memo, ctx.count
    separators = ctx.lay.separators
    bounds = _bounds_function(ctx)
    last = _last_trick_function(ctx)
    loops: list[Loop] = []

    def lead(leader: int, alpha: int, beta: int) -> int:
        hand = hands[leader]
        left = hand.bit_count()
        if left == 0 or beta <= 0:
            return 0
        if alpha >= left:
            return alpha
        live = sum(hands)  # the hands hold different cards: their sum is their union
        key = (live << 3) | leader
        entry = memo.get(key)
        lo, hi = entry if entry is not None else bounds(live, left, key)
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        if count[0] > count[1]:
            raise NodeLimit
        if left == 1:
            return last(leader, hand, key)
        a0 = alpha if alpha > lo else lo
        b0 = beta if beta < hi else hi
        return loops[maxer[leader]](leader, hand, live | separators, key, lo, hi, a0, b0)

    def bind(high: Loop, low: Loop) -> None:
        loops.extend((low, high))

    return lead, bind


def _store(
    memo: dict[int, tuple[int, int]], key: int, v: int, lo: int, hi: int, a0: int, b0: int
) -> int:
    """Keep what a search in the window ``a0``..``b0`` learnt of a position (its bounds
    ``lo``..``hi`` before) in the table; ``v``."""
    if v <= a0:
        hi = v if v < hi else hi
    elif v >= b0:
        lo = v if v > lo else lo
    else:
        lo = hi = v
    memo[key] = (lo, hi)
    return v


def _lead_max_function(ctx: _Search) -> Loop:
    """The maximising leader's choice of card (touching cards once; alpha-beta, fail-soft),
    its result kept in the table."""
    hands, nxt, follows, memo = ctx.hands, ctx.nxt, ctx.follows, ctx.memo
    suit_mask, trumps = ctx.lay.suit_mask, ctx.lay.trumps

    def lead_max(
        leader: int, hand: int, live: int, key: int, lo: int, hi: int, a: int, b: int
    ) -> int:
        a0, best = a, -1
        seat = nxt[leader]
        follow = follows[seat]
        prev = 0
        m = hand
        while m:
            card = m & -m
            m ^= card
            if prev and not live & (card - 1) & ~((prev << 1) - 1):
                prev = card
                continue  # touches the card led before: the same value
            prev = card
            led = suit_mask[card]
            hands[leader] = hand ^ card
            v = follow(1, seat, led, led | trumps, card, leader, live, a, b)
            hands[leader] = hand
            best = v if v > best else best
            if v > a:
                if v >= b:
                    break
                a = v
        return _store(memo, key, best, lo, hi, a0, b)

    return lead_max


def _lead_min_function(ctx: _Search) -> Loop:
    """The minimising leader's choice of card, as ``_lead_max_function``'s."""
    hands, nxt, follows, memo = ctx.hands, ctx.nxt, ctx.follows, ctx.memo
    suit_mask, trumps = ctx.lay.suit_mask, ctx.lay.trumps

    def lead_min(
        leader: int, hand: int, live: int, key: int, lo: int, hi: int, a: int, b: int
    ) -> int:
        b0, best = b, 99
        seat = nxt[leader]
        follow = follows[seat]
        prev = 0
        m = hand
        while m:
            card = m & -m
            m ^= card
            if prev and not live & (card - 1) & ~((prev << 1) - 1):
                prev = card
                continue
            prev = card
            led = suit_mask[card]
            hands[leader] = hand ^ card
            v = follow(1, seat, led, led | trumps, card, leader, live, a, b)
            hands[leader] = hand
            best = v if v < best else best
            if v < b:
                if v <= a:
                    break
                b = v
        return _store(memo, key, best, lo, hi, a, b0)

    return lead_min


def _search_order(moves: int, live: int, beaters: int) -> list[int]:
    """The cards of ``moves`` to search, highest first and those that take the lead before
    the rest; of touching cards (no live card between them) only the lowest."""
    order: list[int] = []
    prev = 0
    m = moves
    while m:
        card = m & -m
        m ^= card
        if prev and not live & (card - 1) & ~((prev << 1) - 1):
            prev = card
            continue
        prev = card
        order.append(card)
    order.reverse()
    if beaters and len(order) > 1:
        order.sort(key=beaters.__and__, reverse=True)
    return order


def _follow_max_function(ctx: _Search) -> tuple[Follow, Callable[[Lead], None]]:
    """A maximising seat's card inside a trick (``pos`` cards already played): the cheapest
    card that takes the lead first, then the others from the lowest up, touching cards once;
    alpha-beta, fail-soft. The trick's last card hands the lead to its winner."""
    hands, nxt, maxer, active, count = ctx.hands, ctx.nxt, ctx.maxer, ctx.active, ctx.count
    follows = ctx.follows
    lead: Lead

    def follow_max(
        pos: int, seat: int, led: int, elig: int, win: int, wseat: int, live: int, a: int, b: int
    ) -> int:
        count[0] += 1
        hand = hands[seat]
        moves = hand & led or hand
        beaters = moves & elig & (win - 1)
        pos += 1
        after = nxt[seat]
        if not moves & (moves - 1):  # one legal card: no choice to search
            hands[seat] = hand ^ moves
            taken = moves & beaters
            ws = seat if taken else wseat
            won = maxer[ws]
            v = (
                won + lead(ws, a - won, b - won)
                if pos == active
                else follows[after](pos, after, led, elig, moves if taken else win, ws, live, a, b)
            )
            hands[seat] = hand
            return v
        order = _search_order(moves, live, beaters)
        best = -1
        last = pos == active
        follow = follows[after]
        for card in order:
            hands[seat] = hand ^ card
            taken = card & beaters
            ws = seat if taken else wseat
            won = maxer[ws]
            v = (
                won + lead(ws, a - won, b - won)
                if last
                else follow(pos, after, led, elig, card if taken else win, ws, live, a, b)
            )
            hands[seat] = hand
            best = v if v > best else best
            if v > a:
                if v >= b:
                    return v
                a = v
        return best

    def bind(lead_fn: Lead) -> None:
        nonlocal lead
        lead = lead_fn

    return follow_max, bind


def _follow_min_function(ctx: _Search) -> tuple[Follow, Callable[[Lead], None]]:
    """A minimising seat's card inside a trick, as ``_follow_max_function``'s."""
    hands, nxt, maxer, active, count = ctx.hands, ctx.nxt, ctx.maxer, ctx.active, ctx.count
    follows = ctx.follows
    lead: Lead

    def follow_min(
        pos: int, seat: int, led: int, elig: int, win: int, wseat: int, live: int, a: int, b: int
    ) -> int:
        count[0] += 1
        hand = hands[seat]
        moves = hand & led or hand
        beaters = moves & elig & (win - 1)
        pos += 1
        after = nxt[seat]
        if not moves & (moves - 1):  # one legal card: no choice to search
            hands[seat] = hand ^ moves
            taken = moves & beaters
            ws = seat if taken else wseat
            won = maxer[ws]
            v = (
                won + lead(ws, a - won, b - won)
                if pos == active
                else follows[after](pos, after, led, elig, moves if taken else win, ws, live, a, b)
            )
            hands[seat] = hand
            return v
        order = _search_order(moves, live, beaters)
        best = 99
        last = pos == active
        follow = follows[after]
        for card in order:
            hands[seat] = hand ^ card
            taken = card & beaters
            ws = seat if taken else wseat
            won = maxer[ws]
            v = (
                won + lead(ws, a - won, b - won)
                if last
                else follow(pos, after, led, elig, card if taken else win, ws, live, a, b)
            )
            hands[seat] = hand
            best = v if v < best else best
            if v < b:
                if v <= a:
                    return v
                b = v
        return best

    def bind(lead_fn: Lead) -> None:
        nonlocal lead
        lead = lead_fn

    return follow_min, bind


def solve(
    hands: Mapping[int, Sequence[Card]],
    trump: Suit | None,
    leader: int,
    side: Collection[int],
    current: Sequence[tuple[int, Card]] = (),
    order: Sequence[int] | None = None,
) -> dict[Card, int]:
    """The tricks ``side`` takes from now on after each legal card of the player to move.

    ``order`` is the clockwise play order of the playing seats (default: the seats of
    ``hands`` in number order).
    """
    seats = list(order) if order is not None else sorted(hands)
    solver = Solver(hands, trump, seats, leader, side, current)
    try:
        return solver.values()
    finally:
        solver.close()


def minimax(
    hands: Mapping[int, Sequence[Card]],
    trump: Suit | None,
    leader: int,
    side: Collection[int],
    current: Sequence[tuple[int, Card]] = (),
    order: Sequence[int] | None = None,
) -> dict[Card, int]:
    """The same values by plain exhaustive minimax over every line of play (slow; for
    checking the solver), with the engine's own ``legal_plays`` and ``trick_winner``."""
    from euchre.trump import legal_plays, trick_winner

    seats = list(order) if order is not None else sorted(hands)
    nxt = {s: seats[(k + 1) % len(seats)] for k, s in enumerate(seats)}
    state = {s: list(hands[s]) for s in seats}

    def go(trick: list[tuple[int, Card]], seat: int) -> int:
        if len(trick) == len(seats):
            cards = [c for _, c in trick]
            winner = trick[trick_winner(cards, trump)][0]
            won = 1 if winner in side else 0
            if not state[winner]:
                return won
            return won + go([], winner)
        led = trick[0][1] if trick else None
        results = []
        for card in legal_plays(state[seat], led, trump):
            state[seat].remove(card)
            results.append(go([*trick, (seat, card)], nxt[seat]))
            state[seat].append(card)
        return max(results) if seat in side else min(results)

    seat = leader if not current else nxt[current[-1][0]]
    led = current[0][1] if current else None
    out = {}
    for card in legal_plays(state[seat], led, trump):
        state[seat].remove(card)
        out[card] = go([*current, (seat, card)], nxt[seat])
        state[seat].append(card)
    return out
