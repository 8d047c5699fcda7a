"""Deals consistent with what a seat knows: the unseen cards dealt to the other hands
(exact counts), never giving a seat a suit it has shown it lacks, the picked-up upcard
left with the dealer. The maker's sampled hand must look like a hand that made trump.
"""

from __future__ import annotations

from euchre.cards import Card
from euchre.players.estimate import hand_tricks
from euchre.players.knowledge import Knowledge
from euchre.rng import SeededRandom
from euchre.trump import effective_suit, is_trump


def sample_hands(know: Knowledge, rng: SeededRandom, tries: int = 12) -> dict[int, list[Card]]:
    """One consistent guess at every other playing seat's current hand.

    Up to ``tries`` guesses are drawn; the first whose maker holds a plausible calling hand
    is kept (the last guess otherwise).
    """
    last: dict[int, list[Card]] | None = None
    for _ in range(tries):
        hands = _draw(know, rng)
        if hands is None:
            continue
        last = hands
        if _plausible(know, hands):
            return hands
    if last is None:
        last = _draw_exact(know)
    return last


def _seats(know: Knowledge) -> list[int]:
    return [s for s in know.active if s != know.seat]


def _start(know: Knowledge) -> tuple[list[int], dict[int, int], dict[int, list[Card]], list[Card]]:
    """The other seats, the cards each still needs once the cards known to be theirs are
    placed, those partial hands, and the pool of unplaced unseen cards."""
    seats = _seats(know)
    need = {s: know.view.hand_sizes[s] for s in seats}
    hands: dict[int, list[Card]] = {s: [] for s in seats}
    for card, seat in know.pinned.items():
        if seat in hands and need[seat] > 0:
            hands[seat].append(card)
            need[seat] -= 1
    pool = [c for c in know.unseen if c not in know.pinned]
    return seats, need, hands, pool


def _draw(know: Knowledge, rng: SeededRandom) -> dict[int, list[Card]] | None:
    seats, need, hands, pool = _start(know)
    rng.shuffle(pool)
    trump = know.trump
    # Most restricted seats choose first.
    for seat in sorted(seats, key=lambda s: (-len(know.voids[s]), s)):
        voids = know.voids[seat]
        rest = []
        for card in pool:
            if need[seat] > 0 and effective_suit(card, trump) not in voids:
                hands[seat].append(card)
                need[seat] -= 1
            else:
                rest.append(card)
        if need[seat] > 0:
            return None
        pool = rest
    return hands


def _draw_exact(know: Knowledge) -> dict[int, list[Card]]:
    """A consistent deal found by backtracking (when random draws keep failing)."""
    seats, need, hands, pool = _start(know)
    trump = know.trump
    spare = len(pool) - sum(need.values())

    def place(i: int, spare_left: int) -> bool:
        if i == len(pool):
            return all(n == 0 for n in need.values())
        card = pool[i]
        for seat in seats:
            if need[seat] > 0 and effective_suit(card, trump) not in know.voids[seat]:
                need[seat] -= 1
                hands[seat].append(card)
                if place(i + 1, spare_left):
                    return True
                hands[seat].pop()
                need[seat] += 1
        return spare_left > 0 and place(i + 1, spare_left - 1)

    if not place(0, spare):
        raise ValueError("no deal is consistent with this view")
    return hands


def _plausible(know: Knowledge, hands: dict[int, list[Card]]) -> bool:
    """A maker (not this seat) who named trump should hold a hand worth calling: its
    original cards (held now or already played) rated by the bidding estimate."""
    view = know.view
    maker, trump = view.maker, view.trump
    if maker is None or maker == know.seat or maker not in hands:
        return True
    held = list(hands[maker])
    held.extend(
        c for t in view.tricks for s, c in zip(t.seats, t.cards, strict=False) if s == maker
    )
    held.extend(c for s, c in view.current_trick if s == maker)
    if trump is None:
        return hand_tricks(held, None, view.rules) >= 2.0
    trumps = sum(1 for c in held if is_trump(c, trump))
    if trumps < (3 if view.alone else 2):
        return False
    return hand_tricks(held, trump, view.rules) >= (3.2 if view.alone else 1.7)
