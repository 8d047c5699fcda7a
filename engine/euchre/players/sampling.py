"""Deals consistent with what a seat knows: the unseen cards dealt to the other hands
(exact counts), never giving a seat a suit it has shown it lacks, the picked-up upcard
left with the dealer. The maker's sampled hand must look like a hand that made trump, and
a seat that passed when this trump was offered must not hold a hand that would surely
have taken it.
"""

from __future__ import annotations

from euchre.cards import Card
from euchre.players.estimate import hand_tricks
from euchre.players.knowledge import Knowledge
from euchre.rng import SeededRandom
from euchre.trump import effective_suit, is_trump

#: The most a seat that passed on this trump may hold, in tricks its hand is worth on its
#: own (``hand_tricks``), in a sampled deal: a seat that passed with more would have called.
PASSED_LIMIT = 3.2


#: How many guesses ``sample_hands`` draws at most for one plausible deal.
TRIES = 12


def sample_hands(know: Knowledge, rng: SeededRandom, tries: int = TRIES) -> dict[int, list[Card]]:
    """One consistent guess at every other playing seat's current hand.

    Up to ``tries`` guesses are drawn; the first whose maker holds a plausible calling hand
    is kept (the last guess otherwise).
    """
    return sample_checked(know, rng, tries)[0]


def sample_checked(
    know: Knowledge, rng: SeededRandom, tries: int = TRIES
) -> tuple[dict[int, list[Card]], bool]:
    """``sample_hands``'s guess and whether it is plausible (False when none of the
    ``tries`` guesses was: the cards played may already rule out every calling hand the
    maker could hold, and then more guesses only cost time)."""
    last: dict[int, list[Card]] | None = None
    for _ in range(tries):
        hands = _draw(know, rng)
        if hands is None:
            continue
        last = hands
        if _plausible(know, hands):
            return hands, True
    if last is None:
        last = _draw_exact(know)
    return last, False


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


def _held(know: Knowledge, hands: dict[int, list[Card]], seat: int) -> list[Card]:
    """A seat's cards since the play began, in a sampled deal: held now or played."""
    view = know.view
    held = list(hands[seat])
    held.extend(c for t in view.tricks for s, c in zip(t.seats, t.cards, strict=False) if s == seat)
    held.extend(c for s, c in view.current_trick if s == seat)
    return held


def _passed_on_trump(know: Knowledge) -> list[int]:
    """The other seats that passed in the round in which trump was made, before the maker
    made it: each was offered this trump (in round one, the upcard's suit) and declined."""
    view = know.view
    made = next(
        (p for a, p in zip(view.actions, view.phases, strict=False) if a.kind in ("order", "call")),
        None,
    )
    if made is None:
        return []
    return [
        actor
        for action, actor, phase in zip(view.actions, view.actors, view.phases, strict=False)
        if phase is made and action.kind == "pass" and actor != know.seat
    ]


def _plausible(know: Knowledge, hands: dict[int, list[Card]]) -> bool:
    """The maker (not this seat) should hold a hand worth calling, and no seat that passed
    on this trump a hand that would surely have taken it: their original cards (held now
    or already played) rated by the bidding estimate. (The maker is looked at first: its
    trumps are quick to count, and a guess it rules out needs no passer rated.)"""
    view = know.view
    trump = view.trump
    if not _maker_plausible(know, hands):
        return False
    if trump is None:
        return True
    return all(
        hand_tricks(_held(know, hands, seat), trump, view.rules) <= PASSED_LIMIT
        for seat in _passed_on_trump(know)
        if seat in hands
    )


def _maker_plausible(know: Knowledge, hands: dict[int, list[Card]]) -> bool:
    """Whether the maker (when another seat) holds, in this guess, a hand worth its call."""
    view = know.view
    trump = view.trump
    maker = view.maker
    if maker is None or maker == know.seat or maker not in hands:
        return True
    held = _held(know, hands, maker)
    if trump is None:
        return hand_tricks(held, None, view.rules) >= 2.0
    trumps = sum(1 for c in held if is_trump(c, trump))
    if trumps < (3 if view.alone else 2):
        return False
    return hand_tricks(held, trump, view.rules) >= (3.2 if view.alone else 1.7)
