"""Free play: a whole game against computer players, with hints, undo, a review after
every deal, the score in numbers and as a 4 and a 6, share links and EGN export. The table
may have two to six seats (``Rules.tables()``); the learner is always seat 0.

The browser holds an opaque save (the rules, the seed and every action, packed) and sends
it with each request; Python rebuilds the game, so a reload resumes it exactly. One
learner decision is one request: Python plays the computer seats up to the learner's next
decision and replies with the frames to draw, each the regions it changed (HTML drawn from
the learner's seat's view only), and a few flags (``game_reply``). The page draws no rule
and no markup of its own.

>>> reply = new({"profile": "american", "game_to": 5, "seed": 3})
>>> reply["flags"]["your_turn"], sorted(reply["frames"][0]["regions"])
(True, ['bar', 'panel', 'table', 'tools'])
>>> "not a card" in act({"save": reply["save"], "card": "Xx"})["illegal"]
True
>>> three = game_model(Save(Rules().at_table("3"), 3, ()))
>>> [side["label"] for side in three["sides"]], three["table_name"]
(['You', 'Player 2', 'Player 3'], 'three-handed cutthroat')
"""

from __future__ import annotations

import base64
import json
import zlib
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import euchre
from euchre import Action, Game, HandState, Rules, RulesError

from euchre_tutorial import computer
from euchre_tutorial.bridge import BridgeError, expose
from euchre_tutorial.mastery.items import item_of_mistake, mastery_field
from euchre_tutorial.mastery.judge import judge
from euchre_tutorial.present import game as page
from euchre_tutorial.present.advice import advice_html
from euchre_tutorial.present.island import json_island
from euchre_tutorial.present.review import Finished, review_model
from euchre_tutorial.present.scores import game_point_text, side_labels
from euchre_tutorial.present.seats import in_sentence_name
from euchre_tutorial.present.table import TableUI, table_data
from euchre_tutorial.present.words import last_told
from euchre_tutorial.site_rules import game_profiles
from euchre_tutorial.tryagain.branch import choosable
from euchre_tutorial.widgets import WidgetConfigError
from euchre_tutorial.widgets._answers import scheduled
from euchre_tutorial.widgets._clicks import click_text, resolve
from euchre_tutorial.widgets._replies import Drawn, Frame, GameFlags, GameReply, Illegal

SAVE_VERSION = 1
SEAT = 0
PLAYS_EVERY_GAME = True  # drawn with the build's own rules, whatever their game (mdext/widgets)
FREE_PLAY = TableUI(sort=True)  # the learner's hand sorted by suit, trumps together
CONFIG_KEYS = {
    "level": "the computer players' level: easy, normal or strong (normal if left out)",
    "game_to": "points that win a game (the rules' own target if left out)",
}


def check_config(raw: Mapping[str, str], rules: Rules) -> dict[str, Any]:
    """The fence's settings: ``level`` and ``game_to``."""
    level = raw.get("level", "normal").strip()
    if level not in computer.LEVELS:
        raise WidgetConfigError(f"level: {level!r} is not one of {', '.join(computer.LEVELS)}")
    config: dict[str, Any] = {"level": level}
    if "game_to" in raw:
        try:
            config["game_to"] = rules.replace(game_to=int(raw["game_to"])).game_to
        except (ValueError, RulesError) as exc:
            raise WidgetConfigError(f"game_to: {exc}") from None
    return config


# ---------------------------------------------------------------------- the save
@dataclass(frozen=True)
class Save:
    """A game in progress as the page keeps it."""

    rules: Rules
    seed: int
    actions: tuple[str, ...]
    level: str = "normal"
    undo: bool = True
    seen: int = 0  # finished deals whose review the learner has closed
    profile: str = ""  # the rule set the learner chose by name, when one was

    def pack(self) -> str:
        """The opaque text the page stores."""
        data: dict[str, Any] = {
            "v": SAVE_VERSION,
            "r": self.rules.to_dict(),
            "s": self.seed,
            "a": list(self.actions),
            "l": self.level,
            "u": self.undo,
            "n": self.seen,
        }
        if self.profile:
            data["p"] = self.profile
        raw = json.dumps(data, separators=(",", ":")).encode()
        return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii")

    @classmethod
    def unpack(cls, text: Any) -> Save:
        """Read a save; anything damaged raises BridgeError."""
        try:
            raw = zlib.decompress(base64.urlsafe_b64decode(str(text).encode("ascii")))
            data = json.loads(raw)
            if data.get("v") != SAVE_VERSION:
                raise ValueError("unknown version")
            rules = Rules.from_dict(data["r"])
            return cls(
                rules,
                int(data["s"]),
                tuple(str(a) for a in data["a"]),
                str(data.get("l", "normal")),
                bool(data.get("u", True)),
                int(data.get("n", 0)),
                str(data.get("p", "")),
            )
        except Exception as exc:
            raise BridgeError(f"The saved game could not be read ({type(exc).__name__}).") from None


_GAMES: OrderedDict[tuple[Any, ...], Game] = OrderedDict()


def _game(save: Save) -> Game:
    key = (save.rules, save.seed, save.actions)
    game = _GAMES.get(key)
    if game is None:
        try:
            game = Game.replay(save.rules, save.seed, list(save.actions))
        except ValueError as exc:
            raise BridgeError(f"The saved game could not be replayed: {exc}") from None
        _GAMES[key] = game
        while len(_GAMES) > 6:
            _GAMES.popitem(last=False)
    else:
        _GAMES.move_to_end(key)
    return game


def finished_deals(save_text: Any) -> list[HandState]:
    """The finished deals of a stored free-play game (the page's ``save``), oldest first;
    a damaged save raises BridgeError."""
    return list(_game(Save.unpack(save_text)).history)


def _with(save: Save, game: Game) -> Save:
    """``save`` with ``game``'s actions (and the game kept for the next request)."""
    new = replace(save, actions=tuple(str(a) for a in game.all_actions()))
    _GAMES[(new.rules, new.seed, new.actions)] = game
    return new


# ---------------------------------------------------------------------- table sizes
def table_rules(base: Rules, table: str) -> Rules:
    """``base`` (the site's rules or a profile) played at the table ``table`` (a key of ``Rules.tables()``).
    Options about partners are switched off where every player scores alone; the four-player
    table keeps ``base`` exactly when it already is one.

    >>> table_rules(Rules.profile("long-deck"), "3").defend_alone
    False
    >>> table_rules(Rules(), "4") == Rules()
    True
    >>> table_rules(Rules.profile("bid-euchre"), "3")
    Traceback (most recent call last):
    ...
    euchre.rules.RulesError: Bid Euchre is played at one table: four players in two teams. Choose that table.
    """
    own = base.table_key
    if base.variant != "euchre" and own is not None and table != own:
        raise RulesError(
            f"{base.variant_spec.title} is played at one table: "
            f"{Rules.table(own).label.lower()}. Choose that table."
        )
    return base.at_table(table)


# The New game form's table when the site's own table is none the chooser offers (four
# players each for themselves with call-ace, say): "site" plays it as it is.
SITE_TABLE = "site"


def table_key(rules: Rules) -> str | None:
    """The key of ``Rules.tables()`` these rules play at, or None (a table the chooser does not offer).

    >>> table_key(Rules()), table_key(Rules().replace(players=6, deck=32))
    ('4', '6')
    """
    return rules.table_key


def table_name(rules: Rules) -> str:
    """The table in words: "three-handed cutthroat", "six-handed, two teams of three"."""
    return rules.table_name


# ---------------------------------------------------------------------- models
def finished(state: HandState, seat: int = SEAT) -> Finished:
    """What the review of the finished ``state`` needs that ``seat``'s view does not hold,
    from the engine: every hand as dealt, the points and their account, the share code,
    the seat's decisions that were a choice, the maker's side and call-ace's partner."""
    result = state.result
    return Finished(
        hands=tuple(tuple(hand) for hand in state.deal.hands),
        points=None if result is None else tuple(result.points),
        score_text=euchre.explain_score(state) if state.over else "",
        share=euchre.to_share_code(state),
        choices=frozenset(choosable(state, seat)),
        maker_side=frozenset(state.maker_side),
        called_ace=state.called_ace,
        ace_partner=state.ace_partner,
    )


def deal_review(state: HandState, seat: int = SEAT) -> dict[str, Any]:
    """The review of the finished (or shared) deal ``state`` for ``seat`` (drawn by
    :func:`euchre_tutorial.present.review.review_model` from the seat's view)."""
    return review_model(state.view(seat), finished(state, seat))


def _deal_review(game: Game, index: int) -> dict[str, Any]:
    """The review of ``game``'s finished deal ``index``, with what reaching game point
    together did to the score (``game_point_text``) after the deal's own points."""
    deal = game.history[index]
    review = deal_review(deal)
    assert deal.result is not None
    sides = [in_sentence_name(words) for _label, words in side_labels(game.rules)]
    note = game_point_text(game.rules.game_to, game.score_before(index), deal.result.points, sides)
    if note:
        review["points_text"] = f"{review['points_text']} {note}"
    return review


def game_model(save: Save) -> dict[str, Any]:
    """Everything the free-play table shows now, for the learner's seat."""
    game = _game(save)
    history = game.history
    review_due = len(history) > save.seen
    shown = history[-1] if review_due else game.state
    rules = game.rules
    mine = rules.team_of(SEAT)
    others = [p for t, p in enumerate(game.score) if t != mine]
    score = {"us": game.score[mine], "them": max(others)}
    winner = game.winner
    teams = rules.partnerships
    sides = page.score_sides(rules, game.score, SEAT)
    winner_text, final_text = page.game_over_words(rules, winner, game.score, SEAT)
    table = table_data(shown.view(SEAT), FREE_PLAY)
    current = [] if review_due else list(zip(shown.actions, shown.actors, strict=False))
    can_undo = save.undo and winner is None and any(actor == SEAT for _, actor in current)
    rules_name = rules.profile_at_table(save.profile, any_target=True)
    return {
        "save": save.pack(),
        "table": table,
        "score": score,
        "game_to": game.rules.game_to,
        "winner": None if winner is None else ("us" if winner == mine else "them"),
        "winner_text": winner_text,
        "final_text": final_text,
        "sides": sides,
        "players": rules.players,
        "partnerships": teams,
        "table_key": table_key(rules),
        "table_name": table_name(rules),
        "deal_number": len(history) if review_due else len(history) + 1,
        "review": _deal_review(game, len(history) - 1) if review_due else None,
        "can_undo": can_undo,
        "computer_turn": (
            not review_due and winner is None and shown.to_act is not None and shown.to_act != SEAT
        ),
        "rules": {
            "name": rules_name,
            "title": Rules.profile_title(rules_name),
            "variant": rules.variant,
            "game_to": rules.game_to,
            "lines": [text for _, text in rules.describe()],
        },
        "level": save.level,
        "undo": save.undo,
        "winner_score": None if winner is None else game.score[winner],
    }


def flags(model: Mapping[str, Any]) -> GameFlags:
    """The few facts the page acts on (typed, never markup): the phase, whose turn it is,
    whether a review is open, the winner, whether the computer seats are to move, the
    deal's number, and the review's share code.

    >>> sorted(flags(game_model(Save(Rules(), 3, ()))))  # doctest: +NORMALIZE_WHITESPACE
    ['computer_turn', 'deal_number', 'phase', 'review', 'share', 'winner', 'your_turn']
    """
    review = model["review"]
    return {
        "phase": model["table"]["phase"],
        "your_turn": bool(model["table"]["your_turn"]) and not review,
        "review": review is not None,
        "winner": model["winner"],
        "computer_turn": bool(model["computer_turn"]),
        "deal_number": int(model["deal_number"]),
        "share": None if review is None else review["share"],
    }


def _frame(model: Mapping[str, Any], before: Mapping[str, str], said: str) -> Frame:
    drawn = page.regions_html(model, FREE_PLAY)
    last = model["table"]["last_trick"]
    return {
        "regions": {name: html for name, html in drawn.items() if before.get(name) != html},
        "said": said,
        "trick": bool(last and last["just_done"]),
    }


def _computer_moves(game: Game, save: Save) -> list[tuple[Game, str]]:
    """The computer seats' moves from ``game`` up to the learner's next decision (or the
    review of a finished deal, or the game's end): each game after one move, with that
    move in the learner's words."""
    moves: list[tuple[Game, str]] = []
    while len(game.history) <= save.seen and game.winner is None:
        st = game.state
        seat = st.to_act
        if seat is None or seat == SEAT:
            break
        moves.append(_moved(game, computer.choose(st, save.level, save.seed)))
        game = moves[-1][0]
    return moves


def _moved(game: Game, action: Action) -> tuple[Game, str]:
    """``game`` after ``action``, and the move in the learner's words ("North plays 9♠.",
    "You pass."), told from the deal it was made in (the one just finished, when it ended
    it)."""
    later = game.apply(action)
    deal = later.history[-1] if len(later.history) > len(game.history) else later.state
    return later, last_told(deal.view(SEAT))


def game_reply(save: Save, game: Game, *, play_on: bool = True, said: str = "") -> GameReply:
    """What the page draws after a request: ``frames`` (the game now, all its regions, and
    ``said``: the learner's own move in words, when the request was one; then each
    computer move up to the learner's next decision, with only the regions it changed and
    the move in words), the ``flags`` of the last one, the ``save`` and, at the end of a
    game, ``over`` (drawn when the learner closes the last review)."""
    steps = [(game, said)] + (_computer_moves(game, save) if play_on else [])
    frames: list[Frame] = []
    drawn: dict[str, str] = {}
    model: dict[str, Any] = {}
    for later, said in steps:
        save = _with(save, later)
        model = game_model(save)
        frames.append(_frame(model, drawn, said))
        drawn = {**drawn, **frames[-1]["regions"]}
    reply: GameReply = {"frames": frames, "flags": flags(model), "save": save.pack()}
    if model["winner"]:
        reply["over"] = page.game_over_html(model)
    return reply


# ---------------------------------------------------------------------- openings
# A game the page names as an opening (``{"save": <its first save>, "choices": [...]}``):
# the learner's own decisions since that save, the computer seats' moves worked out again
# from the seed in between. The build's pre-dealt games are named so (no other seat's
# action, such as a dealer's discard, is ever written into the page), and a reply to such
# a request names the game the same way (``choices``), except ``game.adopt``.
MAX_CHOICES = 60
_OPENINGS: OrderedDict[tuple[Any, ...], Game] = OrderedDict()


def _choices(payload: Mapping[str, Any]) -> tuple[str, ...]:
    raw = payload.get("choices")
    if not isinstance(raw, list) or len(raw) > MAX_CHOICES:
        raise BridgeError("The game's choices could not be read.")
    if not all(isinstance(c, str) and 0 < len(c) <= 40 for c in raw):
        raise BridgeError("The game's choices could not be read.")
    return tuple(raw)


def _learner_acts(game: Game, text: str) -> Game:
    if game.state.to_act != SEAT or game.winner is not None:
        raise BridgeError("The saved game could not be replayed: it was not your turn.")
    reason = game.state.why_illegal(text)
    if reason is not None:
        raise BridgeError(f"The saved game could not be replayed: {reason}.")
    return game.apply(text)


def opening_game(root: Save, choices: tuple[str, ...]) -> Game:
    """The game ``root`` names after the learner's ``choices``, each followed by the
    computer seats' moves up to the learner's next decision (as ``game.act`` plays them).

    >>> root = Save(Rules(), 3, ())
    >>> game = opening_game(root, ())
    >>> game.state.to_act == SEAT
    True
    >>> opening_game(root, ("pass",)).state.actions[len(game.state.actions)]
    Action.parse('pass')
    """
    key = (root.rules, root.seed, root.actions, root.level, root.seen, choices)
    game = _OPENINGS.get(key)
    if game is None:
        before = opening_game(root, choices[:-1]) if choices else _game(root)
        game = _learner_acts(before, choices[-1]) if choices else before
        moves = _computer_moves(game, root)
        game = moves[-1][0] if moves else game
        _OPENINGS[key] = game
        while len(_OPENINGS) > 64:
            _OPENINGS.popitem(last=False)
    else:
        _OPENINGS.move_to_end(key)
    return game


@dataclass(frozen=True)
class Session:
    """A request's game: its save, the game, and the learner's choices when the page
    named it as an opening (None for a plain save)."""

    save: Save
    game: Game
    choices: tuple[str, ...] | None = None

    def answer(self, reply: GameReply, choices: tuple[str, ...] | None = None) -> None:
        """Name the game in ``reply`` as the request did: an opening by its choices."""
        if self.choices is not None:
            del reply["save"]
            reply["choices"] = list(self.choices if choices is None else choices)


def _session(payload: Any, *, opening: bool = True) -> Session:
    save = _save(payload)
    if "choices" not in payload:
        return Session(save, _game(save))
    if not opening:
        raise BridgeError("Finish the first decisions of this game first.")
    choices = _choices(payload)
    game = opening_game(save, choices)
    return Session(_with(save, game), game, choices)


# ---------------------------------------------------------------------- handlers
def _rules(payload: Mapping[str, Any]) -> Rules:
    profile = str(payload.get("profile", "") or "site")
    try:
        site = Rules.from_dict(payload.get("rules") or {})
        rules = site if profile == "site" else Rules.profile(profile)
        if payload.get("table") == SITE_TABLE:
            rules = rules.at_table_of(site)
        elif payload.get("table"):
            rules = table_rules(rules, str(payload["table"]))
        if payload.get("game_to"):
            rules = rules.replace(game_to=int(payload["game_to"]))
    except (RulesError, ValueError, TypeError) as exc:
        raise BridgeError(f"Those rules cannot be used: {exc}") from None
    return rules


def _save(payload: Any) -> Save:
    if not isinstance(payload, Mapping) or "save" not in payload:
        raise BridgeError("There is no game to continue.")
    return Save.unpack(payload["save"])


def new_save(payload: Mapping[str, Any]) -> Save:
    """The save of a new game (``profile``, ``rules``, ``table`` (a key of ``Rules.tables()``),
    ``game_to``, ``level``, ``undo``, ``seed``; a random seed when none is given)."""
    level = str(payload.get("level", "normal"))
    if level not in computer.LEVELS:
        raise BridgeError(f"The level must be one of {', '.join(computer.LEVELS)}.")
    seed = payload.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        import random

        seed = random.SystemRandom().randrange(1, 2**31)
    profile = str(payload.get("profile", "") or "")
    return Save(
        _rules(payload),
        seed,
        (),
        level,
        bool(payload.get("undo", True)),
        0,
        profile if profile in game_profiles() else "",
    )


@expose("game.new")
def new(payload: Mapping[str, Any]) -> GameReply:
    """Bridge handler: a new game (see :func:`new_save`) -> its frames up to the learner's
    first decision."""
    save = new_save(payload if isinstance(payload, Mapping) else {})
    return game_reply(save, _game(save))


@expose("game.state")
def state(payload: Mapping[str, Any]) -> GameReply:
    """Bridge handler: a saved game as it stands (after a reload, or another tab's move):
    one frame, nobody moved."""
    session = _session(payload)
    reply = game_reply(session.save, session.game, play_on=False)
    session.answer(reply)
    return reply


@expose("game.adopt")
def adopt(payload: Mapping[str, Any]) -> GameReply:
    """Bridge handler: an opening (``save`` and ``choices``) as a plain saved game, when
    Python takes over what the page played from the build's replies: one frame."""
    session = _session(payload)
    return game_reply(session.save, session.game, play_on=False)


@expose("game.act")
def act(payload: Mapping[str, Any]) -> GameReply | Illegal:
    """Bridge handler: the learner's action (``action`` text or a ``card`` code). An illegal
    one is not taken: ``{"illegal": reason, "mastery": ...}``, the reason in the engine's
    words and the skill and item the refusal shows to work on (None when it teaches none).
    A legal one gives the frames up to the learner's next decision (see :func:`game_reply`)
    and ``mastery``: the decision of play it trains and whether the coach rates it right
    (None when it trains none or is a close call). With ``progress`` (the page's progress
    record and times) the reply also carries ``progress``: that answer scheduled in the
    record (see :func:`~euchre_tutorial.widgets._answers.scheduled`), so one request
    answers the decision whole."""
    reply = _act(payload)
    progress = scheduled(payload.get("progress"), reply.get("mastery"))
    if progress is not None:
        reply["progress"] = progress
    return reply


def _act(payload: Mapping[str, Any]) -> GameReply | Illegal:
    """:func:`act` without the progress record."""
    session = _session(payload)
    game = session.game
    if len(game.history) > session.save.seen:
        return {"illegal": "Close the review of the last deal first."}
    if game.winner is not None:
        return {"illegal": "The game is over: start a new game."}
    action, reason = resolve(game.state, SEAT, dict(payload))
    if action is None:
        assert reason is not None, "resolve gives an action or the reason there is none"
        text = click_text(game.state, SEAT, dict(payload))
        item = item_of_mistake(game.state, SEAT, text)
        return {"illegal": reason, "mastery": mastery_field(item, False)}
    judged = judge(game.state, SEAT, action)
    later, said = _moved(game, action)
    reply = game_reply(session.save, later, said=said)
    session.answer(reply, (*(session.choices or ()), str(action)))
    reply["mastery"] = None if judged is None else mastery_field(*judged)
    return reply


@expose("game.next")
def next_move(payload: Mapping[str, Any]) -> GameReply:
    """Bridge handler: the computer seats move up to the learner's next decision (a game
    restored, or left, while they were to move) -> its frames. An opening before the
    learner's first choice is played from its deal, as a new game is: each of the computer
    seats' first moves a frame, said ("West passes."), not the table after them unsaid.

    >>> root = Save(Rules(), 3, ())
    >>> [f["said"] for f in next_move({"save": root.pack(), "choices": []})["frames"]]
    ['', 'North passes.', 'East passes.']
    """
    session = _session(payload)
    if session.choices == ():
        root = _save(payload)
        reply = game_reply(root, _game(root))
    else:
        reply = game_reply(session.save, session.game)
    session.answer(reply)
    return reply


@expose("game.undo")
def undo(payload: Mapping[str, Any]) -> GameReply:
    """Bridge handler: take back the learner's last decision of this deal (and the computer
    moves after it) -> one frame."""
    session = _session(payload)
    save, game = session.save, session.game
    if not save.undo:
        raise BridgeError("Undo is switched off for this game.")
    if len(game.history) > save.seen or game.winner is not None:
        raise BridgeError("A finished deal cannot be undone.")
    st = game.state
    mine = [i for i, actor in enumerate(st.actors) if actor == SEAT]
    if not mine:
        raise BridgeError("You have not acted yet in this deal: there is nothing to undo.")
    done = [str(a) for h in game.history for a in h.actions]
    keep = done + [str(a) for a in st.actions[: mine[-1]]]
    reply = game_reply(save, Game.replay(save.rules, save.seed, keep), play_on=False)
    session.answer(reply, (session.choices or ())[:-1])
    return reply


@expose("game.hint")
def hint(payload: Mapping[str, Any]) -> Drawn:
    """Bridge handler: the coach's advice for the learner's turn (advice, never a rule),
    drawn."""
    session = _session(payload)
    game = session.game
    if (
        game.state.to_act != SEAT
        or len(game.history) > session.save.seen
        or game.winner is not None
    ):
        raise BridgeError("The coach helps when it is your turn.")
    return {"html": advice_html(euchre.coach(game.state), game.state.view(SEAT))}


@expose("game.continue")
def go_on(payload: Mapping[str, Any]) -> GameReply:
    """Bridge handler: the learner closed the review; the next deal is shown, with its
    frames up to the learner's first decision."""
    save = _save(payload)
    game = _game(save)
    return game_reply(replace(save, seen=len(game.history)), game)


@expose("game.shared")
def shared(payload: Mapping[str, Any]) -> Drawn:
    """Bridge handler: a share link's code -> the review of that deal, drawn; a damaged
    link gets a friendly note."""
    code = str(payload.get("code", "")) if isinstance(payload, Mapping) else ""
    try:
        st = euchre.from_share_code(code)
    except ValueError:
        raise BridgeError(
            "This link does not hold a deal that can be shown (it may have been "
            "cut short when copied), so it could not be opened: here is a game "
            "of your own instead."
        ) from None
    if not st.over:  # a share link is made in a finished deal's review
        raise BridgeError(
            "This link's deal was not played to its end, so there is no review "
            "of it to show: here is a game of your own instead."
        )
    return {"html": page.shared_html(deal_review(st))}


@expose("game.link")
def link(payload: Mapping[str, Any]) -> dict[str, Drawn | str]:
    """Bridge handler for the page's ``?deal=`` link: ``{"review": ...}`` with its HTML, or
    ``{"problem": one sentence}`` for a damaged link (a value, not an error: a link someone
    cut short is no failure of the engine, so nothing goes to the console)."""
    try:
        return {"review": shared(payload)}
    except BridgeError as exc:
        return {"problem": str(exc)}


@expose("game.egn")
def egn(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge handler: the finished deals of the game as EGN text, for a download."""
    save = _save(payload)
    game = _game(save)
    if not game.history:
        raise BridgeError("Finish a deal first: the record holds finished deals only.")
    if game.winner is None:
        game = Game(
            game.rules, game.seed, game.history[-1], game.score, game.history, game.start_score
        )
    return {"filename": f"euchre-game-{game.seed}.egn.json", "text": euchre.to_egn(game)}


# ---------------------------------------------------------------------- build time
def form_options(config: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The New game form's first values (as the page reads them) on a page of ``rules``.

    >>> form_options({"level": "normal"}, Rules())
    {'table': '4', 'profile': 'site', 'game_to': '', 'level': 'normal', 'undo': True}
    """
    return {
        "table": table_key(rules) or SITE_TABLE,
        "profile": "site",
        "game_to": str(config.get("game_to", "") or ""),
        "level": str(config.get("level", "normal")),
        "undo": True,
    }


def opening_root(options: Mapping[str, Any], rules: Rules, seed: int) -> Save:
    """The first save of a game started from the form with ``options`` (as ``game.new``
    makes it) and ``seed``."""
    game_to = int(options["game_to"]) if options["game_to"] else None
    return new_save(
        {
            "profile": options["profile"],
            "table": options["table"],
            "rules": rules.to_dict(),
            "level": options["level"],
            "undo": options["undo"],
            "game_to": game_to,
            "seed": seed,
        }
    )


def openings(config: Mapping[str, Any], rules: Rules) -> list[str]:
    """The files of the build's pre-dealt games for the form's first options
    (:mod:`euchre_tutorial.prebuilt.openings`)."""
    from euchre_tutorial.prebuilt.openings import (
        OPENINGS,
        NoOpening,
        opening_replies,
        opening_seeds,
    )
    from euchre_tutorial.prebuilt.publish import published

    options = form_options(config, rules)
    inputs = {"options": options, "rules": rules.to_dict()}
    seeds: list[int] = []
    names = []
    for number in range(OPENINGS):

        def make(number: int = number) -> Any:
            if not seeds:  # found once, and only when a file is not kept from a build before
                seeds.extend(opening_seeds(lambda seed: opening_root(options, rules, seed)))
            if number >= len(seeds):
                raise NoOpening(f"only {len(seeds)} deals fit as openings")
            root = opening_root(options, rules, seeds[number])
            return opening_replies(root, number, options)

        try:
            names.append(published(f"play-{number}", {**inputs, "number": number}, make))
        except NoOpening:
            break  # fewer (or no) deals of these rules fit: free play waits for the engine
    return names


def render(config: Mapping[str, Any], rules: Rules) -> str:
    """The free-play widget before the engine starts: the score bar, disabled tools, an
    empty table area (no sample table with controls that do nothing), the new-game form
    (kept in a template until it is shown; the site's own table chosen), the note that the
    engine is starting, and the files of the pre-dealt games a first game is played from
    before the engine runs."""
    game_to = config.get("game_to")
    played = rules.replace(game_to=int(game_to)) if game_to else rules
    model = game_model(Save(played, 1, (), str(config.get("level", "normal"))))
    own = table_key(rules)
    widget = page.widget_html(
        model,
        [str(p) for p in game_profiles()],
        Rules.tables(),
        config,
        own or SITE_TABLE,
        None if own else rules.table_name,
        rules.variant,
    )
    dealt = [name for name in openings(config, rules) if name]
    return widget + json_island({"openings": dealt})
