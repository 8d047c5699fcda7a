"""The open-hand solver as it was before the bitmask rewrite (kept to check that the new
one gives the same values on whole deals)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from euchre.cards import Card, Suit
from euchre.trump import card_power, effective_suit

_SUIT_INDEX = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


class Solver:
    """One deal's remaining play, solved exactly. Build it, then call ``values()``.

    ``hands`` maps each playing seat to its cards; ``order`` is the play order of the
    playing seats (clockwise); ``current`` holds the (seat, card) pairs already played to
    the trick in progress; ``side`` the maximising seats.
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
        every = [c for seat in order for c in hands[seat]] + [c for _, c in current]
        every.sort(key=lambda c: (_SUIT_INDEX[effective_suit(c, trump)], -card_power(c, trump)))
        self.cards = every
        self.index = {c: i for i, c in enumerate(every)}
        self.trump = trump
        players = max(order) + 1
        self.suit = [_SUIT_INDEX[effective_suit(c, trump)] for c in every]
        self.power = [card_power(c, trump) for c in every]
        self.trump_index = -1 if trump is None else _SUIT_INDEX[trump]
        self.suit_mask = [0, 0, 0, 0]
        for i, s in enumerate(self.suit):
            self.suit_mask[s] |= 1 << i
        self.hands = [0] * players
        for seat in order:
            for c in hands[seat]:
                self.hands[seat] |= 1 << self.index[c]
        self.next = [0] * players
        for k, seat in enumerate(order):
            self.next[seat] = order[(k + 1) % len(order)]
        self.maxer = [s in side for s in range(players)]
        self.active = len(order)
        self.leader = leader
        self.current = [(seat, self.index[c]) for seat, c in current]
        self.memo: dict[int, tuple[int, int]] = {}
        self.nodes = 0

    # ------------------------------------------------------------------ public
    def to_move(self) -> int:
        """The seat whose play is being decided."""
        if not self.current:
            return self.leader
        return self.next[self.current[-1][0]]

    def values(self, candidates: Sequence[Card] | None = None) -> dict[Card, int]:
        """For each card the player to move may play (or each of ``candidates``): the tricks
        the maximising side takes from the trick in progress to the end, with best play."""
        seat = self.to_move()
        hands = self.hands
        led, best_pow, best_seat, live_extra = self._trick_so_far()
        reps = self._representatives(
            self._choices(seat, led, candidates), live_extra | self._live()
        )
        out: dict[Card, int] = {}
        pos = len(self.current)
        for rep, group in reps:
            bit = 1 << rep
            hands[seat] ^= bit
            standing = self._standing(rep, seat, led, best_pow, best_seat)
            v = self._trick(pos + 1, self.next[seat], *standing, live_extra | bit, -1, 6)
            hands[seat] ^= bit
            for i in group:
                out[self.cards[i]] = v
        return out

    def _trick_so_far(self) -> tuple[int, int, int, int]:
        """The trick in progress: the suit led (-1 before a lead), the winning card's power
        and seat, and the mask of its cards."""
        led, best_pow, best_seat, played = -1, -1, -1, 0
        for s, i in self.current:
            played |= 1 << i
            p = self.power[i]
            if led < 0:
                led, best_pow, best_seat = self.suit[i], p, s
            elif (self.suit[i] == led or self.suit[i] == self.trump_index) and p > best_pow:
                best_pow, best_seat = p, s
        return led, best_pow, best_seat, played

    def _choices(self, seat: int, led: int, candidates: Sequence[Card] | None) -> int:
        """The mask of the cards to value: ``candidates``, else the seat's legal plays."""
        if candidates is not None:
            mask = 0
            for c in candidates:
                mask |= 1 << self.index[c]
            return mask
        mask = self.hands[seat]
        if led >= 0 and mask & self.suit_mask[led]:
            mask &= self.suit_mask[led]
        return mask

    def _live(self) -> int:
        """The mask of every card still in a hand."""
        live = 0
        for h in self.hands:
            live |= h
        return live

    def _standing(
        self, rep: int, seat: int, led: int, best_pow: int, best_seat: int
    ) -> tuple[int, int, int]:
        """The suit led and the winning card's power and seat once ``seat`` plays ``rep``."""
        if led < 0:
            return self.suit[rep], self.power[rep], seat
        if self.suit[rep] in (led, self.trump_index) and self.power[rep] > best_pow:
            return led, self.power[rep], seat
        return led, best_pow, best_seat

    # ------------------------------------------------------------------ search
    def _representatives(self, mask: int, live: int) -> list[tuple[int, list[int]]]:
        """Group touching cards of ``mask`` (no live card between them): one search each."""
        groups: list[tuple[int, list[int]]] = []
        prev = -1
        suit = self.suit
        m = mask
        while m:
            low = m & -m
            i = low.bit_length() - 1
            m ^= low
            if prev >= 0 and suit[prev] == suit[i]:
                between = ((1 << i) - 1) ^ ((1 << (prev + 1)) - 1)
                if not live & between:
                    groups[-1][1].append(i)
                    prev = i
                    continue
            groups.append((i, [i]))
            prev = i
        return groups

    def _lead(self, leader: int, alpha: int, beta: int) -> int:
        left = self.hands[leader].bit_count()
        if left == 0:
            return 0
        if alpha >= left:
            return alpha
        if beta <= 0:
            return 0
        key = (self._live() << 3) | leader
        entry = self.memo.get(key)
        if entry is not None:
            lo, hi = entry
            if lo == hi or lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            a0, b0 = max(alpha, lo), min(beta, hi)
        else:
            lo, hi = 0, left
            a0, b0 = alpha, beta
        if left == 1:
            v = self._last_trick(leader)
            self.memo[key] = (v, v)
            return v
        v = self._trick(0, leader, -1, -1, -1, 0, a0, b0)
        self._remember(key, v, (a0, b0), (lo, hi))
        return v

    def _remember(self, key: int, v: int, window: tuple[int, int], bounds: tuple[int, int]) -> None:
        """Keep what a search in ``window`` proved: ``v`` exactly inside it, else a bound."""
        (alpha, beta), (lo, hi) = window, bounds
        if v <= alpha:
            hi = min(hi, v)
        elif v >= beta:
            lo = max(lo, v)
        else:
            lo = hi = v
        self.memo[key] = (lo, hi)

    def _last_trick(self, leader: int) -> int:
        hands, suit, power, trump = self.hands, self.suit, self.power, self.trump_index
        i = hands[leader].bit_length() - 1
        led, best_pow, best_seat = suit[i], power[i], leader
        seat = self.next[leader]
        while seat != leader:
            j = hands[seat].bit_length() - 1
            s = suit[j]
            if (s in (led, trump)) and power[j] > best_pow:
                best_pow, best_seat = power[j], seat
            seat = self.next[seat]
        self.nodes += 1
        return 1 if self.maxer[best_seat] else 0

    def _trick(
        self,
        pos: int,
        seat: int,
        led: int,
        best_pow: int,
        best_seat: int,
        played: int,
        alpha: int,
        beta: int,
    ) -> int:
        self.nodes += 1
        if pos == self.active:
            won = 1 if self.maxer[best_seat] else 0
            return won + self._lead(best_seat, alpha - won, beta - won)
        hands = self.hands
        hand = hands[seat]
        reps = self._moves(hand, led, best_pow, played)
        nxt = self.next[seat]
        maxing = self.maxer[seat]
        best = -1 if maxing else 99
        for rep, _group in reps:
            bit = 1 << rep
            hands[seat] = hand ^ bit
            standing = self._standing(rep, seat, led, best_pow, best_seat)
            v = self._trick(pos + 1, nxt, *standing, played | bit, alpha, beta)
            hands[seat] = hand
            if maxing and v > best:
                best = v
                alpha = max(alpha, best)
            elif not maxing and v < best:
                best = v
                beta = min(beta, best)
            else:
                continue
            if alpha >= beta:
                break
        return best

    def _moves(
        self, hand: int, led: int, best_pow: int, played: int
    ) -> list[tuple[int, list[int]]]:
        """The card groups ``hand`` may play (following ``led`` when it can), in search order."""
        moves = hand & self.suit_mask[led] if led >= 0 and hand & self.suit_mask[led] else hand
        reps = self._representatives(moves, played | self._live())
        suit, power, trump = self.suit, self.power, self.trump_index
        if led >= 0 and len(reps) > 1:
            # Try the cheapest card that takes the lead first, then the lowest cards.
            reps.sort(
                key=lambda r: (
                    power[r[0]]
                    if (suit[r[0]] == led or suit[r[0]] == trump) and power[r[0]] > best_pow
                    else 1000 - power[r[0]]
                )
            )
        return reps
