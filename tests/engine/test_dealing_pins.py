"""Every seeded deal stays the deal it always was: seeds are shared in links and records, so
a changed deal is a broken link.

``fixtures/dealing_pins.json`` holds, for every profile at every table size (with and without
the joker), deals made by the dealing code as it stood when the file was written: the hands,
the upcard and the kitty for seeds small and huge, negative, past 2**64, seeds whose draws
are thrown away (the shuffle's careful path), dealers in and out of the table; and the
seeded generator's own numbers (``next64``, ``below``, ``random``, ``choice``, ``shuffle``).
A faster shuffle or dealing must leave every one of them as it is. Never regenerate the file
to make a test pass: ``python -m tests.engine.test_dealing_pins --write`` exists only to add
entries, and its diff must show no changed line.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from euchre import Deal, DealError, HandState, Rules, RulesError
from euchre.rng import SeededRandom, shuffled

from tests.engine.splitmix import GAMMA, MASK, seed_drawing_first

PINS = Path(__file__).parent / "fixtures" / "dealing_pins.json"
SPECIAL_SEEDS = (0, 1, 2, 7, 2**30 - 1, -1, -(2**63), 2**64 - 1, 2**64, 2**64 + 5, 2**100 + 1)


def rules_of(key: str) -> Rules:
    """``profile@table`` or ``profile@table+joker``: a profile at a table size."""
    profile, _, table = key.partition("@")
    table, _, joker = table.partition("+")
    rules = Rules.profile(profile).at_table(table)
    return rules.replace(joker=True) if joker else rules


def rules_keys() -> list[str]:
    """Every profile at every table size, with and without the joker, where its variant is
    played (Bid Euchre: four players, no joker)."""
    return [
        f"{profile}@{table}{joker}"
        for profile in Rules.profiles()
        for table in Rules.tables()
        for joker in ("", "+joker")
        if _played(f"{profile}@{table}{joker}")
    ]


def _played(key: str) -> bool:
    try:
        rules_of(key)
    except RulesError:
        return False
    return True


def deal_text(deal: Deal) -> str:
    """``hand/hand/...|upcard|kitty`` in card codes, with the dealer first."""
    hands = "/".join(" ".join(c.code for c in hand) for hand in deal.hands)
    upcard = "-" if deal.upcard is None else deal.upcard.code
    return f"{deal.dealer}:{hands}|{upcard}|{' '.join(c.code for c in deal.kitty)}"


def careful_seeds(size: int) -> list[int]:
    """Seeds whose shuffle of ``size`` cards meets a draw at the very top of the range (thrown
    away unless its bound is a power of two): the first draw, one in the middle, the last."""
    seeds = []
    for draw in (0, size // 2, size - 2):
        for top in (0, 3):
            seeds.append((seed_drawing_first(MASK - top) - draw * GAMMA) & MASK)
    return seeds


def deal_pins() -> list[list[Any]]:
    """[seed, dealer, rules key, deal text] for the current dealing code."""
    pins: list[list[Any]] = []
    picker = random.Random(14)
    sizes_done: set[tuple[int, int, bool]] = set()
    for key in rules_keys():
        rules = rules_of(key)
        n = rules.players
        seeds = [picker.randrange(1 << 30) for _ in range(4)] + [picker.randrange(1 << 64)]
        seeds.append(SPECIAL_SEEDS[len(pins) % len(SPECIAL_SEEDS)])
        shape = (n, rules.deck, rules.joker)
        if shape not in sizes_done:  # once per distinct pack and table
            sizes_done.add(shape)
            seeds.extend(SPECIAL_SEEDS)
            seeds.extend(careful_seeds(rules.deck + rules.joker))
        for index, seed in enumerate(seeds):
            dealer = index % n
            pins.append(
                [seed, dealer, key, deal_text(Deal.random(seed=seed, dealer=dealer, rules=rules))]
            )
        for dealer in range(n, 6):  # a seat the table does not have: dealt, refused later
            seed = picker.randrange(1 << 30)
            pins.append(
                [seed, dealer, key, deal_text(Deal.random(seed=seed, dealer=dealer, rules=rules))]
            )
    return pins


def refusals() -> list[list[Any]]:
    """[seed, dealer, rules key, the message] for dealing calls that raise."""
    out: list[list[Any]] = []
    for seed, dealer, key in [(1, -1, "american@4"), (1, 6, "american@4"), (1, 7, "american@6"),
                              (1, True, "american@4"), (1, 1.0, "american@4"), (1, "0", "american@4"),
                              (True, 0, "american@4"), (1.5, 0, "american@4"), ("7", 0, "american@4"),
                              (True, -1, "american@4"), (None, 9, "american@4")]:  # fmt: skip
        try:
            Deal.random(seed=seed, dealer=dealer, rules=rules_of(key))
        except (DealError, ValueError, TypeError) as exc:
            out.append([repr(seed), repr(dealer), key, type(exc).__name__, str(exc)])
        else:  # pragma: no cover - the list holds only refused calls
            raise AssertionError((seed, dealer, key))
    return out


def generator_pins() -> dict[str, Any]:
    """The seeded generator's numbers, as every other seeded choice in the project uses them."""
    seeds = [0, 1, 5, 99, 2**63, MASK, -3, 2**70 + 9, seed_drawing_first(MASK)]
    streams = []
    for seed in seeds:
        rng = SeededRandom(seed)
        entry: dict[str, Any] = {"seed": seed, "next64": [rng.next64() for _ in range(4)]}
        entry["below"] = [rng.below(n) for n in (1, 2, 3, 5, 6, 24, 64, 65, 1000, 2**40 + 1)]
        entry["random"] = [rng.random() for _ in range(2)]
        entry["choice"] = rng.choice(list("abcdefg"))
        shuffles = []
        for size in (0, 1, 2, 3, 24, 25, 32, 33, 63, 64, 65, 80):
            items = list(range(size))
            rng.shuffle(items)
            shuffles.append(items)
        entry["shuffle"] = shuffles
        entry["after"] = rng.next64()
        entry["shuffled"] = [shuffled(seed, range(size)) for size in (0, 1, 24, 25, 32, 33, 70)]
        streams.append(entry)
    return {"streams": streams}


def current() -> dict[str, Any]:
    return {"deals": deal_pins(), "refusals": refusals(), "generator": generator_pins()}


def write(path: Path) -> None:
    data = current()
    lines = ['{"deals": [']
    lines.append(",\n".join(json.dumps(pin) for pin in data["deals"]))
    lines.append('], "refusals": [')
    lines.append(",\n".join(json.dumps(r, ensure_ascii=False) for r in data["refusals"]))
    lines.append('], "generator": {"streams": [')
    lines.append(",\n".join(json.dumps(s) for s in data["generator"]["streams"]))
    lines.append("]}}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def pins() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PINS.read_text(encoding="utf-8"))
    return data


def test_every_pinned_deal_is_dealt_the_same(pins: dict[str, Any]) -> None:
    rules = {key: rules_of(key) for key in rules_keys()}
    changed = [
        (seed, dealer, key)
        for seed, dealer, key, text in pins["deals"]
        if deal_text(Deal.random(seed=seed, dealer=dealer, rules=rules[key])) != text
    ]
    assert not changed, f"{len(changed)} deals changed, the first: {changed[:3]}"


def test_the_pins_cover_every_profile_table_and_pack(pins: dict[str, Any]) -> None:
    keys = {key for _, _, key, _ in pins["deals"]}
    assert keys == set(rules_keys())
    assert len(pins["deals"]) >= 500


def test_pinned_deals_start_a_hand_under_their_rules(pins: dict[str, Any]) -> None:
    for seed, dealer, key, _ in pins["deals"][::7]:
        rules = rules_of(key)
        deal = Deal.random(seed=seed, dealer=dealer, rules=rules)
        if dealer < rules.players:
            state = HandState.new(deal, rules)
            assert state.deal is deal and len(state.legal_actions()) > 0
        else:
            with pytest.raises(DealError, match=f"seat {dealer} cannot deal"):
                HandState.new(deal, rules)


def test_a_pinned_deal_equals_the_same_deal_given_by_hand(pins: dict[str, Any]) -> None:
    for seed, dealer, key, text in pins["deals"][::11]:
        deal = Deal.random(seed=seed, dealer=dealer, rules=rules_of(key))
        given = Deal.from_dict(deal.to_dict())
        assert given == deal and hash(repr(given)) == hash(repr(deal))
        assert deal_text(given) == text


def test_refused_dealing_says_the_same(pins: dict[str, Any]) -> None:
    assert refusals() == pins["refusals"]


def test_the_generator_draws_the_same_numbers(pins: dict[str, Any]) -> None:
    assert generator_pins() == pins["generator"]


if __name__ == "__main__":  # pragma: no cover - writes the fixture
    if sys.argv[1:] == ["--write"]:
        write(PINS)
    else:
        print(__doc__)
