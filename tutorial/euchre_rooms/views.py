"""What each connection of a room is sent after one change, each part built once.

A ``Snapshot`` is the room at one ``seq``. The parts every seat shares (the room's public
part, with its rules encoded once for the room's whole life; the score and the review; the
public fields of the deal's views) are encoded once; each seat's own view of the deal is
built and encoded once, the first time that seat's state is asked for, and then reused for
every connection of that seat. Once a change is sent the snapshot lets go of its views and
states (``release``); a refusal or a resume at the same ``seq`` makes its seat's state
again. A spectator's state is built once for every spectator. The seat's view is the
engine's (``Moment.view``, the same as ``HandState.view``): the boundary of what it may
know.

>>> from euchre_rooms.room import Room, new_record
>>> room = Room.create(new_record("create", 0.0, code="ABCDE-FGHJK", rules=None, level="easy", seed=1))
>>> room.apply(room.decide_join("Ann", None, "h", 0.0))["kind"]
'join'
>>> snap = Snapshot(room, 0.0)
>>> snap.state(0).text.startswith('{"version":0,"you":0,"room":{"code":"ABCDE-FGHJK"')
True
>>> snap.state(0) is snap.state(0)
True
"""

from __future__ import annotations

from collections.abc import Collection

from euchre import HandState, SeatView
from euchre.actions import HIDDEN_KINDS
from euchre.view import Moment

from euchre_rooms.messages import Raw, dumps
from euchre_rooms.room import Room
from euchre_rooms.viewcodec import Encoder, Shared
from euchre_rooms.watch import public_view

FRESH_SECONDS = 1.0
"""A snapshot's countdowns (a held seat's, the review's) are given in whole tenths of a
second left: one older than this is made again before it is sent to anyone else."""


class Snapshot:
    """The texts a room sends at one ``seq``, each made once, when first needed."""

    __slots__ = (
        "_before",
        "_deal",
        "_encoder",
        "_moment",
        "_room",
        "_seat_views",
        "_seq",
        "_shared",
        "_states",
        "_table",
        "_table_key",
        "_version",
        "_views",
        "now",
        "room",
    )

    def __init__(self, room: Room, now: float, before: Snapshot | None = None) -> None:
        self.room, self.now, self._seq = room, now, room.seq
        self._deal: HandState | None = room.viewed_deal()
        self._version = room.public_version
        # the room's public part is kept from the snapshot before when nothing in it changed
        # (a move changes nothing there unless it ends the deal; a countdown changes by
        # the second)
        self._room: str | None = None
        if before is not None and before.room is room and before._version == self._version:
            self._room = None if room.counting_down() else before._room
        # the match's facts (the deal's number, the score) are kept from the snapshot
        # before while a deal is played: only a deal's end changes them
        self._table_key = room.playing_key()
        self._table: str | None = None
        if self._table_key is not None and before is not None and before.room is room:
            self._table = before._table if before._table_key == self._table_key else None
        self._moment: Moment | None = None
        self._shared: Shared | None = None
        self._seat_views: dict[int, SeatView] = {}
        self._views: dict[int | None, str] = {}
        self._states: dict[int | None, Raw] = {}
        # the parts of the views that seats share, encoded once, and the deal's actions and
        # tricks encoded before (only the new ones are encoded again)
        self._encoder: Encoder = Encoder()
        self._before: Moment | None = None
        """The moment of the snapshot before (this one's is built on it when the deal is
        one action further on: ``Moment.of``'s ``before``)."""
        if before is not None and before.room is room:
            self._encoder = before._encoder
            self._before = before._moment or before._before

    @property
    def seq(self) -> int:
        """The room's ``seq`` this snapshot is of."""
        return self._seq

    def fresh(self, room: Room, now: float) -> bool:
        """Whether this snapshot may still be sent for ``room`` at ``now``."""
        return room is self.room and room.seq == self.seq and now - self.now < FRESH_SECONDS

    def room_text(self) -> str:
        """The room's public part: seats, rules, phase (no cards)."""
        if self._room is None:
            room = self.room
            head = dumps(room.public_head())[:-1]
            tail = dumps(room.public_tail(self.now))[1:]
            self._room = f'{head},"rules":{room.rules_json},{tail}'
        return self._room

    def moment(self) -> Moment:
        """The part every seat's view of the deal shares, made once (the deal's history
        walked once: its state's position, which the views read, is then kept)."""
        moment = self._moment
        if moment is None:
            assert self._deal is not None
            moment = self._moment = Moment.of(self._deal, self._before)
            self._before = None
        return moment

    def seat_view(self, seat: int) -> SeatView:
        """``seat``'s view of the deal (the engine's), made once, from the deal's
        ``Moment``."""
        view = self._seat_views.get(seat)
        if view is None:
            view = self._seat_views[seat] = self.moment().view(seat)
        return view

    def view_text(self, seat: int | None) -> str:
        """``seat``'s view of the deal as JSON (a spectator's for None)."""
        text = self._views.get(seat)
        if text is None:
            if seat is None:
                assert self._deal is not None
                text = dumps(public_view(self._deal))
            else:
                view = self.seat_view(seat)
                if self._shared is None:  # the public fields, encoded once for every seat
                    self._shared = self._encoder.shared(view)
                text = self._encoder.text(view, self._shared)
            self._views[seat] = text
        return text

    def _table_text(self, seat: int | None) -> str:
        if self._deal is None:
            return "null"
        if self._table is None:
            self._table = dumps(self.room.table_facts(self.now))[:-1]
        return f'{self._table},"view":{self.view_text(seat)}}}'

    def state(self, seat: int | None) -> Raw:
        """What ``seat`` is sent (None: a spectator): ``{"version", "you", "room",
        "table"}``, only what that seat may know."""
        state = self._states.get(seat)
        if state is None:
            you = "null" if seat is None else str(seat)
            state = Raw(
                f'{{"version":{self.room.version},"you":{you},"room":{self.room_text()},'
                f'"table":{self._table_text(seat)}}}'
            )
            self._states[seat] = state
        return state

    def release(self) -> None:
        """Let go of what was needed only to send this change (the views, their texts and
        the states sent): a room keeps its last snapshot, and thousands of rooms keep one
        each. The room's public part and the match's facts stay (the next snapshot reuses
        them), and so does the encoder (the next views' encoding starts from it); a
        refusal or a resume at this ``seq`` makes its seat's state again. The deal's
        moment is kept for the next snapshot to build on (and let go of then)."""
        self._shared = None
        self._seat_views.clear()
        self._views.clear()
        self._states.clear()

    def public_action(self, actor: int, sent: Collection[int]) -> str | None:
        """The last move, as the players who did not make it saw it (a discard's card
        hidden): read from the view of a seat that is neither its maker nor the deal's
        maker, one whose view is ``sent`` anyway when there is one."""
        deal = self.room.last_deal
        if deal is None:
            return None
        if deal is not self._deal:  # the deal ended and the next began at once
            if not deal.actions:
                return None
            return str(deal.view(_observers(deal, actor)[0]).actions[-1])
        actions = self.moment().actions  # (no walk of the deal's history again)
        if not actions:
            return None
        if actions[-1].kind not in HIDDEN_KINDS:  # every seat saw it as it was made
            return str(actions[-1])
        observers = _observers(deal, actor)
        observer = next((s for s in observers if s in sent), observers[0])
        return str(self.seat_view(observer).actions[-1])


def _observers(deal: HandState, actor: int) -> list[int]:
    """The seats that saw ``actor``'s last move as the table did: neither its maker nor
    the deal's maker (when some seat is neither)."""
    others = [(actor + i) % deal.players for i in range(1, deal.players)]
    return [s for s in others if s != deal.maker] or others
