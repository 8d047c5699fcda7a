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
        self._lead, self._follow = _search(
            self.hands, order, self.next, self.maxer, len(order), lay, self.memo, self._count
        )

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return self._count[0]

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
        lay = self.layout
        self._count[1] = self._count[0] + node_limit if node_limit is not None else 1 << 62
        seat = self.to_move()
        hands = self.hands
        played = 0
        led = elig = win = 0
        win_seat = -1
        for s, b in self.current:
            played |= b
            if not led:
                led = lay.suit_mask[b]
                elig = led | lay.trumps
                win, win_seat = b, s
            elif b & elig and b < win:
                win, win_seat = b, s
        if candidates is None:
            mask = hands[seat]
            if led and mask & led:
                mask &= led
        else:
            mask = 0
            for c in candidates:
                mask |= lay.bit[c.id]
        live = played | lay.separators
        for h in hands:
            live |= h
        out: dict[Card, int] = {}
        pos = len(self.current)
        follow = self._follow
        for rep, group in _groups(mask, live):
            hands[seat] ^= rep
            if not led:
                m = lay.suit_mask[rep]
                v = follow(1, self.next[seat], m, m | lay.trumps, rep, seat, live, -1, FULL)
            elif rep & elig and rep < win:
                v = follow(pos + 1, self.next[seat], led, elig, rep, seat, live, -1, FULL)
            else:
                v = follow(pos + 1, self.next[seat], led, elig, win, win_seat, live, -1, FULL)
            hands[seat] ^= rep
            for b in group:
                out[lay.card_of[b]] = v
        return out


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


def _search(
    hands: list[int],
    seats: Sequence[int],
    nxt: list[int],
    maxer: list[int],
    active: int,
    lay: Layout,
    memo: dict[int, tuple[int, int]],
    count: list[int],
) -> tuple[Callable[[int, int, int], int], Callable[..., int]]:
    """The two mutually recursive search functions over ``hands`` (changed in place and
    restored): ``lead(seat, alpha, beta)`` at the start of a trick, and ``follow(...)``
    inside one. Both return the maximising side's tricks from that point on."""
    suit_mask = lay.suit_mask
    trumps = lay.trumps
    side_seats = [s for s in seats if maxer[s]]
    other_seats = [s for s in seats if not maxer[s]]
    separators = lay.separators

    def lead(leader: int, alpha: int, beta: int) -> int:
        hand = hands[leader]
        left = hand.bit_count()
        if left == 0:
            return 0
        if alpha >= left:
            return alpha
        if beta <= 0:
            return 0
        live = 0
        for h in hands:
            live |= h
        key = (live << 3) | leader
        entry = memo.get(key)
        if entry is not None:
            lo, hi = entry
            if lo == hi or lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            a0 = alpha if alpha > lo else lo
            b0 = beta if beta < hi else hi
        else:
            lo, hi = 0, left
            if trumps & live:
                # Sure tricks: each trump one seat holds above all the other side's trumps
                # wins the trick it is played to.
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
                        if n > lo:
                            lo = n
                    if lo >= beta:
                        return lo
                if theirs:
                    above = (ours & -ours) - 1 if ours else theirs
                    for s in other_seats:
                        n = left - (hands[s] & above).bit_count()
                        if n < hi:
                            hi = n
                    if hi <= alpha:
                        return hi
                if lo == hi:
                    memo[key] = (lo, hi)
                    return lo
            a0 = alpha if alpha > lo else lo
            b0 = beta if beta < hi else hi
        if count[0] > count[1]:
            raise NodeLimit
        if left == 1:
            count[0] += 1
            led = suit_mask[hand]
            elig = led | trumps
            win, win_seat = hand, leader
            seat = nxt[leader]
            while seat != leader:
                c = hands[seat]
                if c & elig and c < win:
                    win, win_seat = c, seat
                seat = nxt[seat]
            v = maxer[win_seat]
            memo[key] = (v, v)
            return v
        live |= separators
        maxing = maxer[leader]
        best = -1 if maxing else 99
        a, b = a0, b0
        seat = nxt[leader]
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
            if maxing:
                if v > best:
                    best = v
                    if v > a:
                        a = v
                        if a >= b:
                            break
            elif v < best:
                best = v
                if v < b:
                    b = v
                    if a >= b:
                        break
        v = best
        if v <= a0:
            hi = min(hi, v)
        elif v >= b0:
            lo = max(lo, v)
        else:
            lo = hi = v
        memo[key] = (lo, hi)
        return v

    def follow(
        pos: int,
        seat: int,
        led: int,
        elig: int,
        win: int,
        win_seat: int,
        live: int,
        alpha: int,
        beta: int,
    ) -> int:
        count[0] += 1
        if pos == active:
            won = maxer[win_seat]
            return won + lead(win_seat, alpha - won, beta - won)
        hand = hands[seat]
        moves = hand & led or hand
        beaters = moves & elig & (win - 1)
        if not moves & (moves - 1):  # one legal card: no choice to search
            hands[seat] = hand ^ moves
            if moves & beaters:
                win, win_seat = moves, seat
            pos += 1
            if pos == active:
                won = maxer[win_seat]
                v = won + lead(win_seat, alpha - won, beta - won)
            else:
                v = follow(pos, nxt[seat], led, elig, win, win_seat, live, alpha, beta)
            hands[seat] = hand
            return v
        # The cheapest card that takes the lead first (the highest bit of the beaters),
        # then the others from the lowest up; touching cards once.
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
        maxing = maxer[seat]
        best = -1 if maxing else 99
        after = nxt[seat]
        pos += 1
        last = pos == active
        for card in order:
            hands[seat] = hand ^ card
            if last:  # the trick is complete: its winner leads the next one
                taker = seat if card & beaters else win_seat
                won = maxer[taker]
                v = won + lead(taker, alpha - won, beta - won)
            elif card & beaters:
                v = follow(pos, after, led, elig, card, seat, live, alpha, beta)
            else:
                v = follow(pos, after, led, elig, win, win_seat, live, alpha, beta)
            hands[seat] = hand
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    return lead, follow


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
    return Solver(hands, trump, seats, leader, side, current).values()


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
