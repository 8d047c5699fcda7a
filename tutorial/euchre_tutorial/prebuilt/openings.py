"""Free play's pre-dealt games: a few games of the site's rules whose first decisions were
answered at build time (one file each; the page picks one at random), so a learner plays
them before Python runs and Python goes on with the same game (the same seed, the same
choices) when it is ready.

A game is named as an opening: its first save (``root``, opaque as every save the page
keeps) and the learner's own choices since (``widgets.game.opening_game``). The page looks
a reply up by that name and the click (``game.js`` makes the same keys; ``<choices>``
joined by commas):

``n``                              ``game.next``: the computer seats' first moves
``s|<choices>``                    ``game.state``: the game as it stands (a reload)
``a|<choices>|card:<code>``        ``game.act`` for a card of the hand
``a|<choices>|action:<text>``      ``game.act`` for a choice button
``h|<choices>``                    ``game.hint``: the coach's advice
``u|<choices>``                    ``game.undo``

What the file may hold: a reply is drawn from the learner's seat's view only, names the
game by the learner's own choices (never another seat's action, such as a dealer's
discard), and the replies stop before the click that ends the deal (its review would show
every hand; a later deal is never in the file). A reader of the file sees every line of
the learner's choices at once, so a game is taken only when every line shows the same
cards of the other seats by its end (:func:`seen_by_others`): whatever the learner plays,
they see each of those cards before the file's replies run out, and no other card. Only
when they see it is given away (the file holds each line whole). And every line gives the
learner at least :data:`MIN_DECISIONS` decisions. ``tests/tutorial/test_prebuilt.py``
checks all of it.

>>> from euchre import Rules
>>> seeds = opening_seeds(lambda seed: Save(Rules(), seed, ()), 2)
>>> len(seeds)
2
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from euchre_tutorial.prebuilt.quiz_run import ask
from euchre_tutorial.prebuilt.store import ReplyStore
from euchre_tutorial.present.table import table_data
from euchre_tutorial.widgets.game import FREE_PLAY, SEAT, Save, opening_game

OPENINGS = 4
"""How many pre-dealt games the page picks from."""
MIN_DECISIONS = 5
MAX_NODES = 260
"""The most decision points a game's replies may cover (its file's size follows)."""
MIN_NODES = 30
SEEDS = range(1, 600)


class NoOpening(RuntimeError):
    """Too few deals of these rules fit as openings (the page then waits for the engine)."""


def _ends(root: Save, choices: tuple[str, ...]) -> bool:
    """Whether the game after ``choices`` has left the learner's first deal (a review, or
    the end of the game): its reply would show hands and cards of a later deal."""
    game = opening_game(root, choices)
    return bool(game.history) or game.winner is not None or game.state.to_act != SEAT


def tree(root: Save) -> Iterator[tuple[tuple[str, ...], list[str], list[str]]]:
    """Every decision point of the learner's first deal: its choices so far, the legal
    actions whose replies stay in that deal, and those whose replies end it."""
    stack: list[tuple[str, ...]] = [()]
    while stack:
        choices = stack.pop()
        legal = [str(a) for a in opening_game(root, choices).state.legal_actions()]
        kept = [a for a in legal if not _ends(root, (*choices, a))]
        yield choices, kept, [a for a in legal if a not in kept]
        stack.extend((*choices, a) for a in reversed(kept))


def seen_by_others(root: Save, choices: tuple[str, ...]) -> frozenset[str]:
    """The cards the other seats have played, in the game after the learner's ``choices``
    (what the learner's seat has seen of their hands).

    >>> from euchre import Rules
    >>> seen_by_others(Save(Rules(), 3, ()), ())
    frozenset()
    """
    state = opening_game(root, choices).state
    played = list(state.current_trick)
    played += [
        (seat, card) for t in state.tricks for seat, card in zip(t.seats, t.cards, strict=True)
    ]
    return frozenset(card.code for seat, card in played if seat != SEAT)


def _fits(root: Save) -> bool:
    if _ends(root, ()):  # the learner sits this deal out (a partner's loner) or never acts
        return False
    nodes = 0
    shown: set[frozenset[str]] = set()
    for choices, kept, ending in tree(root):
        nodes += 1
        if nodes > MAX_NODES or (ending and len(choices) < MIN_DECISIONS):
            return False
        if not kept:  # the end of a line: what it has shown of the other hands
            shown.add(seen_by_others(root, choices))
            if len(shown) > 1:
                return False
    return nodes >= MIN_NODES


def opening_seeds(root_of: Callable[[int], Save], count: int = OPENINGS) -> list[int]:
    """The first ``count`` seeds whose games fit (at most; at least one): every line gives
    the learner at least :data:`MIN_DECISIONS` decisions in the first deal and shows the
    same cards of the other hands, and the replies stay small."""
    found = []
    for seed in SEEDS:
        if _fits(root_of(seed)):
            found.append(seed)
            if len(found) == count:
                break
    if not found:
        raise NoOpening(f"none of the first {len(SEEDS)} deals fits as an opening")
    return found


def _clicks(root: Save, choices: tuple[str, ...]) -> Iterator[tuple[str, dict[str, str]]]:
    view = opening_game(root, choices).state.view(SEAT)
    for card in view.hand:
        yield f"card:{card.code}", {"card": card.code}
    for choice in table_data(view, FREE_PLAY)["choices"]:
        yield f"action:{choice['action']}", {"action": choice["action"]}


def _keep(reply: dict[str, Any], kept: list[str]) -> bool:
    """A refusal, or a reply within the first deal (its last choice one of ``kept``)."""
    return "illegal" in reply or reply["choices"][-1] in kept


def opening_replies(root: Save, number: int, options: dict[str, Any]) -> ReplyStore:
    """Every reply of one pre-dealt game's first decisions (see the module's keys)."""
    store = ReplyStore("play", game=number, root=root.pack(), options=options)
    base: dict[str, Any] = {"save": root.pack(), "choices": []}
    store.add("n", ask("game.next", base))
    for choices, kept, ending in tree(root):
        at = ",".join(choices)
        payload = {**base, "choices": list(choices)}
        for part, field in _clicks(root, choices):
            if part.removeprefix("action:") in ending:
                continue
            reply = ask("game.act", {**payload, **field})
            if _keep(reply, kept):
                store.add(f"a|{at}|{part}", reply)
        store.add(f"s|{at}", ask("game.state", payload))
        store.add(f"h|{at}", ask("game.hint", payload))
        if choices:
            store.add(f"u|{at}", ask("game.undo", payload))
    return store
