"""A sample of engine behaviour as JSON, computed the same way in CPython and in Pyodide.

``probe()`` returns plain data (card codes, seat numbers, action texts), so the two runs can
be compared for equality. This file is run as-is inside Pyodide by run_engine.mjs.
"""

from __future__ import annotations

import json
from typing import Any

SEEDS = range(40)


def _codes(cards: Any) -> list[str]:
    return [card.code for card in cards]


def probe() -> dict[str, Any]:
    import euchre
    from euchre import Card, Deal, Rules, Suit

    suits = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    out: dict[str, Any] = {}
    out["trump_order"] = {s.letter: _codes(euchre.trump_order(s)) for s in suits}
    hand = euchre.parse_cards("Jd Ah 9c Ks Qh")
    out["legal_plays"] = {
        f"{led}/{trump.letter}": _codes(euchre.legal_plays(hand, Card.parse(led), trump))
        for led in ("Kh", "Ad", "9s", "Tc", "Jh")
        for trump in suits
    }
    out["legal_plays_lead"] = _codes(euchre.legal_plays(hand, None, Suit.HEARTS))
    tricks = ["Jh Jd Ah Kh", "9c Ac Jc Jd", "Ts 9s Js Qs", "Ad Jh Kd Jd"]
    out["trick_winner"] = {
        f"{t}/{s.letter}": euchre.trick_winner(euchre.parse_cards(t), s)
        for t in tricks
        for s in suits
    }
    out["effective_suit"] = {
        f"{c}/{s.letter}": euchre.effective_suit(Card.parse(c), s).letter
        for c in ("Jd", "Jh", "Jc", "Js", "Ah")
        for s in suits
    }
    deals = {}
    for profile in Rules.profiles():
        rules = Rules.profile(profile)
        for seed in SEEDS:
            for dealer in range(4):
                deal = Deal.random(seed=seed, dealer=dealer, rules=rules)
                deals[f"{profile}/{seed}/{dealer}"] = {
                    "hands": [_codes(h) for h in deal.hands],
                    "upcard": None if deal.upcard is None else deal.upcard.code,
                    "kitty": _codes(deal.kitty),
                }
    out["deals"] = deals
    out["played"] = [_play_out(seed, Rules()) for seed in range(12)]
    out["played_bid_euchre"] = [_play_out(seed, Rules.profile("bid-euchre")) for seed in range(12)]
    return out


def _play_out(seed: int, rules: Any) -> dict[str, Any]:
    """Play a random deal to its end, picking actions by a fixed rule from the seed."""
    from euchre import Deal, HandState

    state = HandState.new(Deal.random(seed=seed, dealer=seed % 4, rules=rules), rules)
    actions = []
    step = 0
    while state.result is None:
        legal = state.legal_actions()
        action = legal[(seed * 7 + step * 3) % len(legal)]
        actions.append(str(action))
        state = state.apply(action)
        step += 1
    result = state.result
    return {
        "actions": actions,
        "points": list(result.points),
        "makers": result.makers,
        "maker_tricks": result.maker_tricks,
    }


def probe_json() -> str:
    return json.dumps(probe(), sort_keys=True)


if __name__ == "__main__":
    print(probe_json())
