"""Damaged EGN records (fixtures/egn/) are refused when they are read, with a RecordError
naming the field at fault; never a TypeError later. Damaged share codes say in words what
is wrong with them."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from typing import Any

import pytest
from euchre import (
    Deal,
    Game,
    HandState,
    RecordError,
    Rules,
    from_egn,
    from_share_code,
    to_share_code,
)
from hypothesis import given, settings
from hypothesis import strategies as st

RECORDS = Path(__file__).parent / "fixtures" / "egn"

# file -> (the field named, a phrase of the message)
DAMAGED: dict[str, tuple[str | None, str]] = {
    "a-list.egn": (None, 'expected a JSON object with "egn": 1'),
    "not-json.egn": (None, "the text is not JSON"),
    "egn-true.egn": ("egn", "must be a whole number, not true"),
    "egn-version-2.egn": ("egn", "EGN version 2"),
    "seed-as-text.egn": ("seed", "must be a whole number, not '3'"),
    "seed-missing.egn": ("seed", "no seed"),
    "rules-as-text.egn": ("rules", "must be a table of rules"),
    "rules-bad-deck.egn": ("rules.deck", "'deck' must be 24 or 32, not 36"),
    "start-score-short.egn": ("start_score", "a list of 2 whole numbers"),
    "deals-not-a-list.egn": ("deals", "must be a list of deals"),
    "dealer-as-text.egn": ("deals[0].deal.dealer", "must be a whole number, not '1'"),
    "dealer-missing.egn": ("deals[0].deal.dealer", "the deal has no dealer"),
    "hands-as-text.egn": ("deals[0].deal.hands", "must be a list of hands"),
    "card-as-number.egn": ("deals[0].deal.hands[1][2]", "must be a card's text"),
    "upcard-null.egn": ("deals[0].deal.upcard", "not null"),
    "unknown-card.egn": ("deals[0].deal.hands[0][0]", "'Zz' is not a card"),
    "deal-not-from-the-seed.egn": ("deals[0].deal", "does not match the game's seed"),
    # A card is named by its place, and an impossible one by itself (issue 43): never only
    # "deal 1 does not match the game's seed".
    "unreadable-card.egn": ("deals[0].deal.hands[1][2]", "'Qx' is not a card"),
    "card-not-in-the-deck.egn": ("deals[0].deal.hands[1][2]", "7♥ is not in a 24-card deck"),
    "card-dealt-twice.egn": (
        "deals[0].deal.hands[1][2]",
        "K♠ is dealt twice (first at deals[0].deal.hands[0][1])",
    ),
    "hand-short.egn": ("deals[0].deal.hands[1]", "seat 1 holds 4 cards; everyone is dealt 5"),
    "actions-as-text.egn": ("deals[0].actions", "must be a list of actions"),
    "action-as-number.egn": ("deals[0].actions[1]", "must be an action's text"),
    "illegal-action.egn": ("deals[0].actions[0]", "illegal action"),
    "deal-cut-short.egn": ("deals[0].actions", "stops before it is over"),
    "action-after-the-deal.egn": ("deals[0].actions[20]", "deal 1 is already over"),
    "score-as-text.egn": ("score[0]", "must be a whole number"),
    "score-wrong.egn": ("score", "the record says the score is 6 to 0, but its deals give 4 to 0"),
    "winner-wrong.egn": ("winner", "the record says side 0 won"),
}


def test_every_damaged_fixture_is_listed() -> None:
    assert {p.name for p in RECORDS.glob("*.egn")} == {*DAMAGED, "good.egn"}


def test_the_undamaged_record_reads() -> None:
    game = from_egn((RECORDS / "good.egn").read_text(encoding="utf-8"))
    assert game.score == (4, 0) and len(game.history) == 2


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_damaged_record_names_its_field(name: str) -> None:
    field, phrase = DAMAGED[name]
    with pytest.raises(RecordError) as info:
        from_egn((RECORDS / name).read_text(encoding="utf-8"))
    assert info.value.field == field
    assert phrase in str(info.value)
    if field is not None:
        assert str(info.value).startswith(f"{field}: ")


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [path, *(p for k, v in value.items() for p in _leaves(v, (*path, k)))]
    if isinstance(value, list):
        return [path, *(p for i, v in enumerate(value) for p in _leaves(v, (*path, i)))]
    return [path]


GOOD = json.loads((RECORDS / "good.egn").read_text(encoding="utf-8"))
PATHS = [p for p in _leaves(GOOD) if p]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.text(max_size=6)
    | st.sampled_from(["pass", "order", "Jd", "play Jd", "american"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=5,
)


@settings(max_examples=150, deadline=None)
@given(where=st.sampled_from(PATHS), value=JSON_VALUES)
def test_any_field_replaced_by_any_json_is_read_or_refused_plainly(
    where: tuple[Any, ...], value: Any
) -> None:
    data = json.loads(json.dumps(GOOD))
    target = data
    for step in where[:-1]:
        target = target[step]
    target[where[-1]] = value
    try:
        game = from_egn(json.dumps(data))
    except RecordError as exc:
        assert str(exc)
    else:
        assert isinstance(game, Game)


# ---------------------------------------------------------------------- share codes
def _code() -> str:
    state = HandState.new(Deal.random(seed=12, dealer=1), Rules.profile("midwest"))
    for _ in range(6):
        state = state.apply(state.legal_actions()[-1])
    return to_share_code(state)


def _packed(payload: object) -> str:
    raw = zlib.compress(json.dumps(payload).encode(), 9)
    return "e1" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


@pytest.mark.parametrize(
    ("code", "phrase"),
    [
        ("", "the share code is empty"),
        ("hello", "not a share code"),
        ("<script>", "not a share code"),
        ("e1" + "x" * 5000, "too long to be a share code"),
        ("e2AAAA", "share code version 2"),
        ("e1ab<cd", "characters a share code never has"),
        ("e1broken", "damaged"),
        (_code()[:40], "cut short"),
        (_code()[:-3] + ("AAA" if not _code().endswith("AAA") else "BBB"), "damaged"),
        (_packed([1, 2]), "damaged"),
        (_packed({"r": {"deck": 36}, "d": 0, "c": "", "a": ""}), "rules"),
        (_packed({"r": {}, "d": 0, "c": "AAEC", "a": ""}), "deal"),
    ],
)
def test_a_damaged_share_code_says_what_is_wrong(code: str, phrase: str) -> None:
    with pytest.raises(RecordError) as info:
        from_share_code(code)
    message = str(info.value)
    assert phrase in message
    assert "zlib" not in message and "Error -" not in message and "stream" not in message


def test_a_share_code_whose_actions_go_too_far() -> None:
    code = _code()
    payload = json.loads(zlib.decompress(base64.urlsafe_b64decode(code[2:] + "==")))
    payload["a"] = base64.urlsafe_b64encode(bytes([0, 0, 0, 0, 250])).decode().rstrip("=")
    with pytest.raises(RecordError, match="step 5"):
        from_share_code(_packed(payload))


def test_a_share_code_that_is_not_text() -> None:
    with pytest.raises(RecordError, match="a share code is text"):
        from_share_code(42)  # type: ignore[arg-type]


CODE = _code()


@settings(max_examples=300, deadline=None)
@given(
    cut=st.integers(0, len(CODE)),
    at=st.integers(2, len(CODE) - 1),
    char=st.sampled_from("AZaz09-_"),
    text=st.text(max_size=30),
)
def test_any_damage_to_a_share_code_is_reported_in_words(
    cut: int, at: int, char: str, text: str
) -> None:
    for code in (CODE[:cut], CODE[:at] + char + CODE[at + 1 :], text, "e1" + text):
        try:
            state = from_share_code(code)
        except RecordError as exc:
            assert "zlib" not in str(exc) and "Error -" not in str(exc)
        else:
            assert isinstance(state, HandState)
