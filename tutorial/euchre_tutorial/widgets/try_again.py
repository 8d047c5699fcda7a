"""The try-again widget: a finished deal restarted at one of its decisions, the learner's
new choice answered by the computer players, the lines compared, and hindsight with all
cards shown. In teacher mode (``mode: teacher``) it composes a link and a printable sheet.

The page ``practice/try-again/`` opened with ``?deal=<share code>&at=<k>`` asks
``try_again.open_address`` for that deal; without a link it shows a sample deal. Python draws all
the markup (:mod:`euchre_tutorial.tryagain.render`); the script inserts it and forwards the
clicks of ``data-action`` buttons.

>>> from euchre import Rules
>>> config = check_config({"seed": "3"}, Rules())
>>> config
{'mode': 'learner', 'seed': 3, 'at': None}
>>> "Try again from" in render(config, Rules())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import euchre
from euchre import Rules

from euchre_tutorial.bridge import BridgeError, expose
from euchre_tutorial.tryagain import session as sessions
from euchre_tutorial.tryagain.branch import BranchError, default_decision, finished_deal
from euchre_tutorial.tryagain.own import SAMPLE_NOTE, own_deals_html
from euchre_tutorial.tryagain.render import panel_html
from euchre_tutorial.tryagain.sheet import composer_html
from euchre_tutorial.widgets import json_attr

CONFIG_KEYS = {
    "mode": "learner (try a deal again; the default) or teacher (compose a link and a sheet)",
    "seed": "the sample deal's number, shown when the page is opened without a link (default 1)",
    "at": "the sample deal's decision to try again (default: the first real card play)",
}
MODES = ("learner", "teacher")


def _whole(raw: str, key: str) -> int:
    text = str(raw).strip()
    if not text.isdigit():
        raise ValueError(f"{key}: {raw!r} is not a whole number")
    return int(text)


def check_config(raw: Mapping[str, str], rules: Rules) -> dict[str, Any]:
    """The fence's settings, checked."""
    mode = str(raw.get("mode", "learner")).strip()
    if mode not in MODES:
        raise ValueError(f"mode: {mode!r} is not one of {', '.join(MODES)}")
    seed = _whole(raw.get("seed", "1"), "seed")
    at = None if "at" not in raw else _whole(raw["at"], "at")
    state = finished_deal(seed, rules)
    if at is not None:
        try:
            sessions.read_at(at, state)
        except BranchError as err:
            raise ValueError(f"at: {err}") from None
    return {"mode": mode, "seed": seed, "at": at}


def sample_session(seed: int, at: int | None, rules: Rules) -> sessions.Session:
    """The page's sample: deal ``seed`` played by the computer, tried again from ``at``."""
    state = finished_deal(seed, rules)
    k = default_decision(state) if at is None else at
    return sessions.open_session(euchre.to_share_code(state), k)


def body_html(inner: str, session: sessions.Session | None = None, own: str = "") -> str:
    """The widget's body: what the sample is and the learner's own deals (``own``, in
    learner mode), a note line (errors, in one sentence) and the panel; the session's JSON
    rides along for the script to send back."""
    data = "" if session is None else f" data-session='{json_attr(session.to_dict())}'"
    region = f'<div class="eu-ta-own" data-ta-own>{own}</div>' if own else ""
    return (
        f'{region}<p class="eu-ta-note" data-ta-note role="status" aria-live="polite"></p>'
        f'<div class="eu-ta" data-ta-body{data}>{inner}</div>'
    )


def render(config: Mapping[str, Any], rules: Rules) -> str:
    """The first state, drawn at build time: the sample deal (or the composer)."""
    seed, at = int(config.get("seed", 1)), config.get("at")
    if config.get("mode") == "teacher":
        return body_html(composer_html(seed, at, rules))
    session = sample_session(seed, at, rules)
    return body_html(panel_html(session), session, own=SAMPLE_NOTE)


# ---------------------------------------------------------------------- browser
def _reply(session: sessions.Session) -> dict[str, Any]:
    return {"html": panel_html(session), "session": session.to_dict()}


def _friendly(func: Any, *args: Any) -> Any:
    try:
        return func(*args)
    except BranchError as err:
        raise BridgeError(str(err)) from None


@expose("try_again.open")
def open_link(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"deal": share code, "at": k}`` -> ``{"html", "session"}``; a bad link raises one
    friendly sentence."""
    return _reply(_friendly(sessions.open_session, payload.get("deal"), payload.get("at")))


@expose("try_again.open_address")
def open_address(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"deal", "at"}`` from the page's address -> ``{"html", "session", "note"}``: the
    deal whenever it can be read, from that decision when it can be tried from there, else
    from its first card play with a choice and a ``note`` that says why; a deal that cannot
    be read raises one friendly sentence."""
    session, note = _friendly(sessions.open_address, payload.get("deal"), payload.get("at"))
    return {**_reply(session), "note": note}


@expose("try_again.own_deals")
def own_deals(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"save": the stored free-play game}`` -> ``{"html"}``: the sample's note with the
    learner's latest finished deals to try again; a damaged save gets the note alone (the
    free-play page itself says the save was damaged)."""
    # imported here: widgets.game imports the bridge, which imports every widget module
    from euchre_tutorial.widgets.game import SEAT, finished_deals

    try:
        deals = finished_deals(payload.get("save"))
    except BridgeError:
        deals = []
    return {"html": own_deals_html(deals, SEAT)}


@expose("try_again.act")
def act(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"session", "value": action text}``: the learner's choice in the try."""
    session = _friendly(sessions.from_dict, payload.get("session"))
    return _reply(_friendly(sessions.act, session, payload.get("value")))


@expose("try_again.finish")
def finish(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"session"}``: the computer plays the rest of the try."""
    session = _friendly(sessions.from_dict, payload.get("session"))
    return _reply(_friendly(sessions.finish, session))


@expose("try_again.new_try")
def new_try(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"session"}``: another try from the same decision."""
    session = _friendly(sessions.from_dict, payload.get("session"))
    return _reply(sessions.new_try(session))


@expose("try_again.compose")
def compose(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"seed", "at", "rules"}`` -> ``{"html"}``: the teacher's composer for that deal."""
    try:
        rules = Rules.from_dict(payload.get("rules") or {})
    except ValueError as err:
        raise BridgeError(f"These rules cannot be used: {err}") from None
    seed_text, at_text = payload.get("seed"), payload.get("at")
    try:
        seed = int(str(seed_text).strip())
    except ValueError:
        raise BridgeError("A deal number is a whole number, such as 7.") from None
    at = int(at_text) if isinstance(at_text, (int, str)) and str(at_text).isdigit() else None
    return {"html": _friendly(composer_html, seed, at, rules)}
