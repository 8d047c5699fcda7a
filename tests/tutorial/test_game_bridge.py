"""Free play through the bridge, as the page drives it: new game, the learner's actions
(each reply playing the computer seats up to the learner's next decision), undo, hints, the
review after each deal, share links, EGN, and damaged saves. The learner's seat never
receives hidden cards."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import euchre
import pytest
from euchre_tutorial import bridge
from euchre_tutorial.present.game import newgame_html, shared_html
from euchre_tutorial.site_rules import site_profiles
from euchre_tutorial.widgets.game import Save, _game, deal_review

from tests.free_play import advice_of, model_of, reply_texts


def call(method: str, payload: Any) -> dict[str, Any]:
    reply = json.loads(bridge.dispatch(method, json.dumps(payload)))
    assert set(reply) in ({"ok", "value"}, {"ok", "error"})
    return reply


def value(method: str, payload: Any) -> Any:
    reply = call(method, payload)
    assert reply["ok"], reply
    return reply["value"]


def game(method: str, payload: Any) -> dict[str, Any]:
    """The model of the game a request's reply names."""
    return model_of(value(method, payload))


def to_my_turn(model: dict[str, Any]) -> dict[str, Any]:
    while model["computer_turn"]:
        model = game("game.next", {"save": model["save"]})
    return model


def human_move(model: dict[str, Any]) -> dict[str, Any]:
    """The learner's first legal action: a choice button, or the first playable card."""
    table = model["table"]
    if table["choices"]:
        return game("game.act", {"save": model["save"], "action": table["choices"][0]["action"]})
    for code in table["seats"][0]["hand"]:
        reply = value("game.act", {"save": model["save"], "card": code})
        if "frames" in reply:
            return model_of(reply)
        assert reply["illegal"]
    raise AssertionError("no card could be played")


NAMES = ["You", "West", "North", "East"]


def made_trump(facts: str) -> tuple[int | None, euchre.Suit | None]:
    """Who the review's opening says made trump, and what: (None, None) when nobody did."""
    if re.search(r"[Nn]obody made trump\.", facts):  # all passed, or a farmer's hand thrown in
        return None, None
    found = re.search(r"\b(You|West|North|East) (?:made (\w+) trump|called no-trump)", facts)
    assert found, facts
    return NAMES.index(found[1]), None if found[2] is None else euchre.Suit.parse(found[2])


def test_new_game_hides_other_hands() -> None:
    reply = value("game.new", {"profile": "american", "seed": 11})
    model = model_of(reply)
    played = _game(Save.unpack(model["save"]))
    public = {played.state.upcard.code} | {c.code for _s, c in played.state.current_trick}
    hidden = {c.code for seat in (1, 2, 3) for c in played.state.hand(seat)} - public
    text = json.dumps({k: v for k, v in reply.items() if k != "save"})
    assert not [code for code in hidden if f'"{code}"' in text]
    assert not [code for code in hidden if f'\\"{code}\\"' in text]  # data-card="..."
    assert "model" not in reply and all(isinstance(t, str) for t in reply_texts(reply))
    assert [s["hand"] is None for s in model["table"]["seats"]] == [False, True, True, True]
    assert model["table"]["view"]["hand"] == [c.code for c in played.state.hand(0)]


def test_an_illegal_click_is_refused_with_the_engines_reason() -> None:
    model = to_my_turn(game("game.new", {"profile": "american", "seed": 5}))
    played = _game(Save.unpack(model["save"]))
    not_mine = next(c for c in euchre.make_deck() if c not in played.state.hand(0))
    reply = value("game.act", {"save": model["save"], "card": not_mine.code})
    reason = played.state.why_illegal(f"play {not_mine.code}")
    assert reason is not None and reply["illegal"][1:].rstrip(".") == reason[1:].rstrip(".")
    assert reply["illegal"][0].isupper() and reply["illegal"].endswith(".")  # a sentence
    assert "model" not in reply and "frames" not in reply


def test_a_whole_short_game_to_a_winner_with_reviews() -> None:
    model = game("game.new", {"profile": "american", "game_to": 5, "seed": 21, "level": "easy"})
    reviews = 0
    for _ in range(2000):
        if model["review"]:
            review = model["review"]
            final = _game(Save.unpack(model["save"])).history[-1]
            assert [t["winner"] for t in review["tricks"]] == [t.winner for t in final.tricks]
            assert all(t["why"].endswith(".") for t in review["tricks"])
            assert review["score_text"] == euchre.explain_score(final)
            assert made_trump(review["facts"]) == (final.maker, final.trump)
            reviews += 1
            if model["winner"]:
                break
            model = game("game.continue", {"save": model["save"]})
        elif model["computer_turn"]:
            model = game("game.next", {"save": model["save"]})
        else:
            model = human_move(model)
    assert model["winner"] in ("us", "them")
    assert max(model["score"].values()) >= 5 and reviews >= 1
    egn = value("game.egn", {"save": model["save"]})
    assert euchre.from_egn(egn["text"]).winner is not None


def test_undo_takes_back_the_last_decision() -> None:
    model = to_my_turn(game("game.new", {"profile": "american", "seed": 8, "undo": True}))
    assert not model["can_undo"]
    before = model["table"]
    after = to_my_turn(human_move(model))
    assert after["can_undo"]
    undone = game("game.undo", {"save": after["save"]})
    assert undone["table"]["log"] == before["log"]
    assert undone["table"]["choices"] == before["choices"]


def test_undo_can_be_switched_off() -> None:
    model = to_my_turn(game("game.new", {"profile": "american", "seed": 8, "undo": False}))
    moved = human_move(model)
    assert not moved["can_undo"]
    assert "switched off" in call("game.undo", {"save": moved["save"]})["error"]


def test_hint_is_advice_for_the_learners_turn() -> None:
    model = to_my_turn(game("game.new", {"profile": "midwest", "seed": 3}))
    advice = advice_of(value("game.hint", {"save": model["save"]}), model["save"])
    assert "Coach’s advice" in advice["html"]
    legal = [str(a) for a in _game(Save.unpack(model["save"])).state.legal_actions()]
    assert advice["action"] in legal and advice["reasons"]


def test_reload_from_the_save_gives_the_same_model() -> None:
    model = to_my_turn(game("game.new", {"profile": "american", "seed": 4}))
    again = game("game.state", {"save": model["save"]})
    assert again["table"] == model["table"] and again["score"] == model["score"]


@pytest.mark.parametrize("save", ["", "not a save", "eJwLycgsVgCi3MzSvBIA", 42])
def test_a_damaged_save_is_refused_plainly(save: Any) -> None:
    reply = call("game.state", {"save": save})
    assert not reply["ok"] and "could not be read" in reply["error"]


def shared_review(state: euchre.HandState) -> dict[str, Any]:
    """The review a share link of ``state`` shows: the bridge's reply is its drawing, which
    is the review model (returned, for its facts) drawn."""
    drawn = value("game.shared", {"code": euchre.to_share_code(state)})
    review = deal_review(euchre.from_share_code(euchre.to_share_code(state)))
    assert drawn == {"html": shared_html(review)}
    return review


def test_share_link_replays_a_deal_and_a_bad_one_is_explained() -> None:
    state = euchre.HandState.new(euchre.Deal.random(seed=9, dealer=1), euchre.Rules())
    while state.to_act is not None:
        state = state.apply(state.legal_actions()[0])
    review = shared_review(state)
    assert [t["winner"] for t in review["tricks"]] == [t.winner for t in state.tricks]
    assert made_trump(review["facts"]) == (state.maker, state.trump)
    bad = call("game.shared", {"code": "e1garbage"})
    assert not bad["ok"] and bad["error"].startswith("This link does not hold a deal")
    # A deal not played to its end has no review: it once showed "Nobody made trump." and
    # every hand, as if it were finished.
    started = euchre.HandState.new(euchre.Deal.random(seed=9, dealer=1), euchre.Rules()).apply(
        "pass"
    )
    link = value("game.link", {"code": euchre.to_share_code(started)})
    assert "review" not in link and "not played to its end" in link["problem"]


def test_a_no_trump_deal_says_who_called_it() -> None:
    # A no-trump call is not "nobody made trump": the review names who called it.
    rules = euchre.Rules().replace(no_trump=True)
    state = euchre.HandState.new(euchre.Deal.random(seed=7, dealer=0, rules=rules), rules)
    for action in ["pass"] * 4 + ["call no-trump alone"]:
        state = state.apply(action)
    while state.to_act is not None:
        state = state.apply(state.legal_actions()[0])
    review = shared_review(state)
    assert "West called no-trump and went alone." in review["facts"]
    assert made_trump(review["facts"]) == (1, None)


def test_profiles_and_house_rules() -> None:
    site = game("game.new", {"profile": "site", "rules": {"profile": "beginner", "game_to": 7}})
    assert site["game_to"] == 7
    refused = call("game.new", {"profile": "nope"})
    assert not refused["ok"] and "cannot be used" in refused["error"]


def test_rules_are_named_by_the_engines_titles() -> None:
    """The "New game" form and the game's own line name each rule set as the engine does
    (the beginner's profile is "Beginner's rules" everywhere, not a name made from its key).
    Two profiles hold the same rules: the game keeps the name the learner chose."""
    for name in site_profiles():
        model = game("game.new", {"profile": name, "seed": 3})
        assert model["rules"]["title"] == euchre.Rules.profile_title(name)
        later = human_move(to_my_turn(model))
        assert later["rules"]["title"] == euchre.Rules.profile_title(name)
    form = newgame_html(site_profiles(), euchre.Rules.tables(), {})
    options = re.findall(r'<option value="([^"]+)"[^>]*>([^<]+)</option>', form)
    titles = {key: html.unescape(text) for key, text in options if key in site_profiles()}
    assert titles == {name: euchre.Rules.profile_title(name) for name in site_profiles()}


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_call_ace_review_names_the_secret_partner(seed: int) -> None:
    # Five-handed call-ace: the review's opening says what the maker called for and who
    # held it (the engine's ace_partner), in the learner's words for each seat.
    rules = euchre.Rules().at_table("5")
    state = euchre.HandState.new(euchre.Deal.random(seed=seed, dealer=seed % 5, rules=rules), rules)
    state = state.apply("order")
    while state.to_act is not None:
        state = state.apply(state.legal_actions()[seed % len(state.legal_actions())])
    assert state.called_ace is not None and state.maker is not None
    facts = shared_review(state)["facts"]
    names = ["You"] + [f"Player {n}" for n in range(2, 6)]
    maker, suit, partner = names[state.maker], state.called_ace.singular, state.ace_partner
    if partner is None:
        expected = f"{maker} called for the best {suit}, but nobody held one"
    elif partner == state.maker:
        expected = f"{maker} called for the best {suit} and held it"
    else:
        held = "you held it and were" if partner == 0 else f"{names[partner]} held it and was"
        expected = f"{maker} called for the best {suit}: {held} the secret partner."
    assert expected in facts, facts


def test_try_again_is_offered_only_where_the_learner_had_a_choice() -> None:
    """The review linked "Try again from here" beside forced cards too (the last card of a
    deal, a single card of the suit led): the page then opened the sample with a note in
    the console only."""
    from euchre_tutorial.tryagain.branch import finished_deal
    from euchre_tutorial.widgets.game import deal_review

    checked = 0
    for seed in range(6):
        state = finished_deal(seed, euchre.Rules())
        review = deal_review(state)
        replay = euchre.HandState.new(state.deal, state.rules)
        choices = []
        for action in state.actions:
            choices.append(len(replay.legal_actions()))
            replay = replay.apply(action)
        linked = [line["try_again"] for line in review["bidding"] if line["try_again"] is not None]
        linked += [
            c["try_again"]
            for t in review["tricks"]
            for c in t["cards"]
            if c["try_again"] is not None
        ]
        assert linked and all(choices[k] > 1 and state.actors[k] == 0 for k in linked), (
            seed,
            linked,
        )
        forced = [k for k, n in enumerate(choices) if n == 1 and state.actors[k] == 0]
        assert not set(forced) & set(linked)
        checked += len(forced)
    assert checked >= 3  # the last card of each deal, at least
