"""What someone watching a room (a spectator) may see of a deal: only what every seat
may know. No hand, no dealer's discard, no hidden action's card (a discard, a swap, a
gift), and a lone maker's silent secret kept as the other seats see it.

>>> from euchre import Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=3, dealer=0, rules=Rules()), Rules())
>>> view = public_view(state)
>>> view["seat"], view["hand"], view["legal"], view["hand_sizes"]
(None, [], [], [5, 5, 5, 5])
"""

from __future__ import annotations

from typing import Any

from euchre import HandState


def public_view(state: HandState) -> dict[str, Any]:
    """A ``SeatView.to_dict()``-shaped view of ``state`` for nobody's seat (``seat`` is
    None): built from a seat that is neither the maker nor the dealer when there is one
    (they know more than the others), with its cards taken out, and each of that seat's
    own hidden actions shown as another seat saw it."""
    players = state.players
    seats = range(players)
    maker = state.maker
    observer = next(
        (s for s in seats if s not in (maker, state.dealer)),
        next((s for s in seats if s != maker), 0),
    )
    view = state.view(observer).to_dict()
    own = [i for i, actor in enumerate(view["actors"]) if actor == observer]
    if own:
        other = next(
            (s for s in seats if s not in (observer, maker)),
            next(s for s in seats if s != observer),
        )
        as_other = state.view(other).to_dict()["actions"]
        for i in own:
            view["actions"][i] = as_other[i]
    view.update(seat=None, hand=[], legal=[], discard=None)
    return view
