"""A try-again session: a finished deal, the decision tried again, the tries kept, and the
try in progress. Plain JSON travels between the page and Python; every field is checked
on the way in, and a bad one gets one friendly sentence.

>>> from euchre import Rules, to_share_code
>>> from euchre_tutorial.tryagain.branch import finished_deal
>>> code = to_share_code(finished_deal(3, Rules()))
>>> s = open_session(code, "3")
>>> s.learner, s.start.to_act, len(s.tries)
(0, 0, 0)
>>> s = act(s, str(s.start.legal_actions()[1]))
>>> s.current.to_act, len(s.tries)
(0, 0)
>>> s = finish(s)
>>> len(s.tries), s.current is None, s.tries[0].over
(1, True, True)
>>> open_session("e1garbage", "3")
Traceback (most recent call last):
...
euchre_tutorial.tryagain.branch.BranchError: This link's deal could not be read: it may have been cut short when it was copied.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import euchre
from euchre import HandState

from euchre_tutorial.tryagain.branch import (
    BranchError,
    answer,
    branch,
    default_decision,
    same_start,
    where,
)

MAX_TRIES = 6


@dataclass(frozen=True)
class Session:
    """``original`` (the finished deal), ``at`` (the decision tried again), ``tries`` (the
    finished tries, oldest first) and ``current`` (the try being played, or None)."""

    original: HandState
    at: int
    tries: tuple[HandState, ...] = ()
    current: HandState | None = None

    @property
    def learner(self) -> int:
        """The seat that made the decision tried again."""
        return int(self.original.actors[self.at])

    @property
    def start(self) -> HandState:
        """The position of the decision tried again."""
        return branch(self.original, self.at)

    def to_dict(self) -> dict[str, Any]:
        """The session as JSON for the page (share codes, which hold the cards)."""
        return {
            "deal": euchre.to_share_code(self.original),
            "at": self.at,
            "tries": [euchre.to_share_code(t) for t in self.tries],
            "current": None if self.current is None else euchre.to_share_code(self.current),
        }


def read_deal(code: object) -> HandState:
    """A finished deal from a share code, or BranchError in plain words."""
    if not isinstance(code, str) or not code.strip():
        raise BranchError("This link does not name a deal to try again.")
    try:
        state = euchre.from_share_code(code.strip())
    except ValueError:
        raise BranchError(
            "This link's deal could not be read: it may have been cut short when it was copied."
        ) from None
    if not state.over:
        raise BranchError("This link's deal is not finished yet, so it cannot be tried again.")
    return state


def read_at(text: object, state: HandState) -> int:
    """The decision number of a link (``at``), checked against the deal."""
    if isinstance(text, bool):
        text = None
    if isinstance(text, int):
        k = text
    elif isinstance(text, str) and text.strip().isdigit():
        k = int(text.strip())
    else:
        raise BranchError("This link does not say which decision to try again.")
    start = branch(state, k)
    if len(start.legal_actions()) < 2:
        raise BranchError(
            "At that point of the deal there was only one thing to do, so there is nothing "
            "to try differently."
        )
    return k


def open_session(code: object, at: object) -> Session:
    """A new session for the link ``?deal=<code>&at=<k>``, with a try started."""
    original = read_deal(code)
    k = read_at(at, original)
    return Session(original, k, (), branch(original, k))


def open_address(code: object, at: object) -> tuple[Session, str]:
    """The page's address ``?deal=<code>&at=<k>`` opened as a learner expects: the deal
    whenever it can be read, tried again from decision ``k`` when it can be, else from its
    first card play with a choice, with a note that says why (an empty note when the link
    is good). A deal that cannot be read raises BranchError.

    >>> from euchre import Rules, to_share_code
    >>> from euchre_tutorial.tryagain.branch import finished_deal
    >>> code = to_share_code(finished_deal(3, Rules()))
    >>> session, note = open_address(code, "999")
    >>> session.at == default_decision(session.original), note.split(":")[0]
    (True, 'This link asks for decision 999, which this deal does not have')
    """
    original = read_deal(code)
    try:
        k = read_at(at, original)
        return Session(original, k, (), branch(original, k)), ""
    except BranchError as err:
        k = default_decision(original)
        why = _missing(at, original) or str(err)
        note = f"{why} Here is the deal instead, tried again from {_where(original, k)}."
        return Session(original, k, (), branch(original, k)), note


def _missing(at: object, original: HandState) -> str:
    """The note for a decision number past the deal's end ("" for any other problem)."""
    text = str(at).strip() if isinstance(at, (int, str)) and not isinstance(at, bool) else ""
    if not text.isdigit() or int(text) < len(original.actions):
        return ""
    count = len(original.actions)
    return (
        f"This link asks for decision {int(text)}, which this deal does not have: its "
        f"decisions are numbered 0 to {count - 1}."
    )


def _where(state: HandState, k: int) -> str:
    """ "trick 1, card 2": where decision ``k`` falls, inside a sentence."""
    place = where(branch(state, k))
    return place[:1].lower() + place[1:]


def from_dict(data: object) -> Session:
    """A session back from the page's JSON; BranchError when it does not fit together."""
    if not isinstance(data, dict):
        raise BranchError("The try-again panel lost its place: open the link again.")
    session = open_session(data.get("deal"), data.get("at"))
    tries = []
    for code in (data.get("tries") or [])[:MAX_TRIES]:
        tries.append(_line(code, session))
    current_code = data.get("current")
    current = None if current_code is None else _line(current_code, session, finished=False)
    return Session(session.original, session.at, tuple(tries), current)


def _line(code: object, session: Session, *, finished: bool = True) -> HandState:
    if not isinstance(code, str):
        raise BranchError("The try-again panel lost its place: open the link again.")
    try:
        line = euchre.from_share_code(code)
    except ValueError:
        raise BranchError("The try-again panel lost its place: open the link again.") from None
    if not same_start(line, session.original, session.at) or len(line.actions) < session.at:
        raise BranchError("That try does not belong to this deal: open the link again.")
    if finished and not line.over:
        raise BranchError("The try-again panel lost its place: open the link again.")
    return line


def new_try(session: Session) -> Session:
    """Start another try from the same decision (the unfinished one, if any, is dropped)."""
    return replace(session, current=session.start)


def act(session: Session, action: object) -> Session:
    """The learner's action in the try in progress; the computer players answer up to the
    learner's next decision. A finished try joins the kept tries (the oldest is dropped
    beyond ``MAX_TRIES``)."""
    current = session.current if session.current is not None else session.start
    if current.to_act != session.learner:
        raise BranchError("It is not your turn in this try.")
    text = str(action) if isinstance(action, str) else ""
    reason = current.why_illegal(text)
    if reason is not None:
        raise BranchError(reason[:1].upper() + reason[1:])
    seed = len(session.tries) + 1
    moved = answer(current.apply(text), session.learner, seed)
    return _settle(session, moved)


def finish(session: Session) -> Session:
    """The try in progress played to its end by the computer players, the learner's seat
    included."""
    current = session.current if session.current is not None else session.start
    if current.actions == session.start.actions:
        raise BranchError("Make your own choice first: then the computer can finish the deal.")
    return _settle(session, answer(current, None, len(session.tries) + 1))


def _settle(session: Session, line: HandState) -> Session:
    if not line.over:
        return replace(session, current=line)
    tries = (*session.tries, line)[-MAX_TRIES:]
    return replace(session, tries=tries, current=None)
