"""A private room, drawn from what the room server sent one seat: the way in (create or
join), the lobby (seats, Ready, Start, invite link, reactions), the table during play (the
same table as free play, :func:`~euchre_tutorial.present.table.render_data`) and the hand
review with its Continue button. A spectator (``state["you"]`` null: the server's
``watching``) gets the same pages with no control that acts: a "You are watching" banner
with Stop watching, the seats, and the public table (every hand face down).

Everything here takes the server's ``state`` message as plain data (see the room
protocol); the table is read back into a :class:`euchre.SeatView`, so only what the seat
may know can be drawn. Names people typed are always escaped.

>>> html = entry_html()
>>> 'data-action="create"' in html and 'data-action="join"' in html
True
>>> 'data-action="watch"' in html
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from euchre import HandResult, Rules, RulesError, SeatView, Suit, explain_score
from euchre.players.words import word_list
from euchre.seats import same_side
from euchre.tables import TABLES

from euchre_tutorial.present.markup import attrs, button_html, escape
from euchre_tutorial.present.review import trick_rows, tricks_html
from euchre_tutorial.present.scores import game_point_text, points_for
from euchre_tutorial.present.seats import NO_SEAT
from euchre_tutorial.present.table import TableUI, render_data, seatless, table_data
from euchre_tutorial.present.words import called_ace_words, card_verb, contract_words
from euchre_tutorial.site_rules import game_profiles

EMOJI = ("👍", "👏", "😄", "😮", "🤔", "🎉")
"""The reactions a room accepts (the server's fixed set)."""

LEVELS = (("easy", "Easy"), ("normal", "Normal"), ("strong", "Strong"))


def _options(choices: Sequence[tuple[str, str]], chosen: str) -> str:
    return "".join(
        f"<option{attrs({'value': value, 'selected': value == chosen})}>{escape(label)}</option>"
        for value, label in choices
    )


def _played_at(choice: str, site: Rules) -> Rules:
    """The rules a choice of the form plays at the site's own table: a game played at one
    table only (Bid Euchre, four in partnerships) keeps its own.

    >>> own = Rules().replace(partnerships=False, call_ace=True)
    >>> _played_at("american", own).call_ace, _played_at("bid-euchre", own).players
    (True, 4)
    """
    rules = site if choice == "site" else Rules.profile(choice)
    try:
        return rules.at_table_of(site)
    except RulesError:
        return rules


def rules_fields_html(site: Rules | None = None) -> str:
    """The fields a host (or a teacher) picks a table's rules with: the rules (this site's
    first, then the named profiles of every game rooms play, Bid Euchre among them:
    :func:`~euchre_tutorial.site_rules.game_profiles`), the table (the engine's, this
    site's chosen) and the computer players' level.

    >>> html = rules_fields_html(Rules().at_table("3"))
    >>> '<option value="site" selected>' in html and '<option value="3" selected>' in html
    True
    """
    profiles = [(p, Rules.profile_title(p)) for p in game_profiles()]
    if site is not None:
        profiles.insert(0, ("site", "This site's rules"))
    tables = [(key, table.label) for key, table in TABLES.items()]
    here = (site.table_key if site is not None else None) or "4"
    # The site's own table when it is no preset (four players each for themselves with
    # call-ace, say): offered first, with the rules each choice of rules plays there.
    at_site = ""
    if site is not None and site.table_key is None:
        here = "site"
        tables.insert(0, ("site", f"This site's table: {site.table_name}"))
        at_site = json.dumps(
            {value: _played_at(value, site).to_dict() for value, _ in profiles},
            sort_keys=True,
            separators=(",", ":"),
        )
    return (
        f'<p><label>Rules <select name="rules">{_options(profiles, profiles[0][0])}</select></label></p>'
        f'<p><label>Table <select name="table"{attrs({"data_site_rules": at_site or None})}>'
        f"{_options(tables, here)}</select></label></p>"
        f'<p><label>Computer players <select name="level">{_options(LEVELS, "normal")}</select>'
        "</label></p>"
    )


def name_field_html(name: str = "") -> str:
    """The display name's field (shown to the table)."""
    name_attrs = attrs(
        {
            "name": "name",
            "value": name,
            "maxlength": "24",
            "autocomplete": "nickname",
            "required": True,
        }
    )
    return f'<p><label>Your name (shown to the table) <input type="text"{name_attrs}></label></p>'


def entry_html(room: str = "", name: str = "", site: Rules | None = None) -> str:
    """The way into a room: a display name, then create a room (rules, table, computer
    level) or join one by its code (filled in from an invite link), or watch it (no name
    needed).

    >>> html = entry_html(site=Rules().at_table("3"))
    >>> '<option value="site" selected>' in html and '<option value="3" selected>' in html
    True
    """
    code_attrs = attrs(
        {
            "name": "room",
            "value": room,
            "maxlength": "16",
            "autocomplete": "off",
            "spellcheck": "false",
        }
    )
    return (
        '<form class="eu-room-entry" data-form="entry" novalidate>'
        f"{name_field_html(name)}"
        "<fieldset><legend>Join a room</legend>"
        f'<p><label>Room code <input type="text"{code_attrs}></label></p>'
        f"<p>{button_html('Join the room', action='join')} "
        f"{button_html('Watch without playing', action='watch')}</p></fieldset>"
        "<fieldset><legend>Or create a room</legend>"
        f"{rules_fields_html(site)}"
        f"<p>{button_html('Create a room', action='create')}</p></fieldset>"
        "</form>"
    )


def class_entry_html(code: str, name: str = "", teacher: str = "") -> str:
    """A student's way into a class, from the teacher's link: a display name and Join
    (the class seats each student at a table).

    >>> html = class_entry_html("K7QXM-3PART")
    >>> 'data-action="enroll"' in html and "K7QXM-3PART" in html
    True
    """
    whose = f"{escape(teacher)}'s class" if teacher else "a class"
    return (
        '<form class="eu-room-entry" data-form="entry" novalidate>'
        f"<p>You are joining {whose}, <strong>{escape(code)}</strong>. Type the name your "
        "teacher and your table will see, and press Join the class. You are seated at a "
        "table, with computer players in the seats nobody takes.</p>"
        f"{name_field_html(name)}"
        f'<input type="hidden" name="class"{attrs({"value": code})}>'
        f"<p>{button_html('Join the class', action='enroll', class_='md-button md-button--primary')}</p>"
        "</form>"
    )


def _seconds(value: float | None) -> str:
    """A countdown the page keeps counting down (it only changes the number's text)."""
    if value is None:
        return ""
    whole = max(0, round(value))
    return f'<span class="eu-countdown" data-countdown="{whole}">{whole}</span> s'


def seats_html(room: Mapping[str, Any], me: int | None) -> str:
    """The seats of the room: who sits where, who is ready, who is away (with the hold's
    countdown) and, for the host in the lobby, a Remove button by each other person.
    ``me`` None: a spectator's (no seat is "you", nothing to press)."""
    lobby = room["phase"] == "lobby"
    host = me is not None and room["host"] == me
    klass = room.get("class")  # a class's table: no Ready, and the teacher starts it
    empty = (
        "Open seat (a computer player when the tables start)"
        if klass
        else "Open seat (a computer player on Start)"
    )
    items = []
    for seat in room["seats"]:
        number = seat["seat"]
        if seat["kind"] == "empty":
            who = f'<span class="eu-room-empty">{empty}</span>'
        else:
            who = f'<span class="eu-room-name">{escape(seat["name"])}</span>'
        notes = []
        if number == me:
            notes.append("you")
        if seat["host"]:
            notes.append("host")
        if seat["kind"] == "computer":
            notes.append("computer player")
        if lobby and seat["kind"] == "human" and not klass:
            notes.append("ready" if seat["ready"] else "not ready")
        if seat["standin"]:
            notes.append("away: a computer player plays this seat")
        elif seat["away"] is not None:
            notes.append(f"away: seat held for {_seconds(seat['away'])}")
        extra = ""
        if lobby and host and seat["kind"] == "human" and number != me:
            extra = " " + button_html(
                f"Remove {seat['name']}",
                action="remove",
                class_="md-button eu-room-remove",
                data_seat=str(number),
            )
        note = f' <span class="eu-room-notes">({", ".join(notes)})</span>' if notes else ""
        items.append(
            f'<li data-key="room-seat-{number}">Seat {number + 1}: {who}{note}{extra}</li>'
        )
    return f'<ol class="eu-room-seats" aria-label="Seats">{"".join(items)}</ol>'


def leave_match_html() -> str:
    """During a match, a seated player's way out, behind a disclosure so that a stray tap
    does not leave: a computer player takes the seat for the rest of the match (the
    server's ``leave``).

    >>> html = leave_match_html()
    >>> "<summary>Leave the match</summary>" in html and 'data-action="leave"' in html
    True
    """
    return (
        '<details class="eu-room-leave"><summary>Leave the match</summary>'
        "<p>A computer player takes your seat for the rest of the match, and you go back "
        f"to the start of the rooms page.</p><p>{button_html('Leave the room', action='leave')}"
        "</p></details>"
    )


def invite_html(code: str, page: str) -> str:
    """The room code, the invite link and the link to watch, each with a button that
    copies it.

    >>> html = invite_html("K7QXM-3PART", "http://h/practice/rooms/?room=OLD")
    >>> "http://h/practice/rooms/?room=K7QXM-3PART&amp;watch=1" in html
    True
    """
    base = page.split("?", 1)[0].split("#", 1)[0]
    link = f"{base}?room={code}"
    watch = f"{link}&watch=1"
    return (
        f'<p class="eu-room-code">Room code: <strong>{escape(code)}</strong></p>'
        f'<p><label>Invite link <input type="text" readonly class="eu-room-link"'
        f"{attrs({'value': link, 'data_link': link})}></label> "
        f"{button_html('Copy the link', action='copy', data_link=link)}</p>"
        f'<p><label>Link to watch <input type="text" readonly class="eu-room-watch-link"'
        f"{attrs({'value': watch, 'data_link': watch})}></label> "
        f"{button_html('Copy the link to watch', action='copy', data_link=watch)}</p>"
    )


def reactions_html(
    seen: Sequence[Mapping[str, Any]] = (), names: Sequence[str] = (), *, buttons: bool = True
) -> str:
    """The reaction buttons (the fixed set; none for a spectator, who may not react) and
    the latest reactions, newest last."""
    pressable = (
        "".join(
            button_html(
                e,
                action="react",
                class_="md-button eu-room-react",
                data_emoji=e,
                aria_label=f"React {e}",
            )
            for e in EMOJI
        )
        if buttons
        else ""
    )
    latest = "".join(
        f"<li>{escape(names[r['seat']] if r['seat'] < len(names) else 'Someone')} "
        f"{escape(r['emoji'])}</li>"
        for r in list(seen)[-5:]
    )
    group = (
        f'<div class="eu-room-reactions" role="group" aria-label="Reactions">{pressable}</div>'
        if buttons
        else ""
    )
    return f'{group}<ul class="eu-room-reacted" aria-live="polite">{latest}</ul>'


def class_banner_html(room: Mapping[str, Any]) -> str:
    """At a class's table: whose class and which table, and whether the teacher has
    paused it; empty at a friends' room.

    >>> room = {"class": {"code": "K7QXM-3PART", "table": 2, "teacher": "Ms Rivera"},
    ...         "paused": True}
    >>> html = class_banner_html(room)
    >>> "Table 2 of Ms Rivera's class" in html and "paused the class" in html
    True
    >>> class_banner_html({"class": None, "paused": False})
    ''
    """
    klass = room.get("class")
    if not klass:
        return ""
    paused = (
        '<p class="eu-room-paused" role="status"><strong>Your teacher has paused the class.'
        "</strong> Play goes on when they resume it.</p>"
        if room.get("paused")
        else ""
    )
    return (
        f'<div class="eu-room-class"><p>Table {int(klass["table"])} of '
        f"{escape(klass['teacher'])}'s class ({escape(klass['code'])}).</p>{paused}</div>"
    )


def class_lobby_html(state: Mapping[str, Any]) -> str:
    """A class's table before the teacher starts it: the class, the rules, the seats and
    Leave (no invite and no Ready: the teacher seats the students and starts the tables)."""
    room = state["room"]
    return (
        '<section class="eu-room-lobby" aria-label="Lobby" tabindex="-1" data-room-landing>'
        f"{class_banner_html(room)}<p>{escape(table_words(room))}</p>"
        f"{last_match_html(room, state['you'])}{seats_html(room, state['you'])}"
        '<p class="eu-room-controls"><span class="eu-room-wait">Your teacher starts the '
        f"tables.</span> {button_html('Leave the class', action='leave')}</p></section>"
    )


def lobby_html(state: Mapping[str, Any], page: str) -> str:
    """The lobby: the invite, the rules, the last match, the seats, Ready (and Start for
    the host)."""
    room = state["room"]
    me = state["you"]
    if room.get("class"):
        return class_lobby_html(state)
    mine = room["seats"][me]
    controls = [
        button_html(
            "I am not ready" if mine["ready"] else "I am ready",
            action="ready",
            data_ready="false" if mine["ready"] else "true",
        )
    ]
    if room["host"] == me:
        controls.append(
            button_html("Start the match", action="start", class_="md-button md-button--primary")
        )
    else:
        controls.append('<span class="eu-room-wait">The host starts the match.</span>')
    controls.append(button_html("Leave the room", action="leave"))
    return (
        '<section class="eu-room-lobby" aria-label="Lobby" tabindex="-1" data-room-landing>'
        f"{invite_html(room['code'], page)}<p>{escape(table_words(room))}</p>"
        f"{last_match_html(room, me)}"
        f'{seats_html(room, me)}<p class="eu-room-controls">{" ".join(controls)}</p></section>'
    )


def last_match_html(room: Mapping[str, Any], me: int | None) -> str:
    """The lobby's status line on the match just played, seen from ``me`` (None: a
    spectator); empty before the first match ends.

    >>> room = {"rules": Rules().to_dict(), "last_match": {"score": [10, 6], "winner": 0,
    ...         "names": ["Ann", "Bob", "Cy", "Di"]}}
    >>> last_match_html(room, None)
    '<p class="eu-room-result" role="status">Last match: Ann and Cy won. Final score: 10 for Ann and Cy, 6 for Bob and Di.</p>'
    >>> last_match_html({"rules": Rules().to_dict(), "last_match": None}, 0)
    ''
    """
    last = room.get("last_match")
    if not last:
        return ""
    words = last_match_words(last, Rules.from_dict(room["rules"]), me)
    return f'<p class="eu-room-result" role="status">{escape(words)}</p>'


def table_words(room: Mapping[str, Any]) -> str:
    """The room's rules, table and computer players, as the lobby says them.

    >>> table_words({"rules_name": "long-deck", "rules": Rules.profile("long-deck").to_dict(),
    ...              "level": "strong"})
    'Long-deck rules, four players in two teams, game to 10; computer players: strong.'
    """
    title = Rules.profile_title(str(room["rules_name"]))  # a profile's, or "House rules"
    level = dict(LEVELS).get(str(room["level"]), str(room["level"])).lower()
    rules = Rules.from_dict(room["rules"])
    return f"{title}, {rules.table_name}, game to {rules.game_to}; computer players: {level}."


def watching_html(code: str) -> str:
    """A spectator's banner: whose table this is, that no hand is shown, Stop watching.

    >>> html = watching_html("K7QXM-3PART")
    >>> "You are watching" in html and 'data-action="leave"' in html
    True
    """
    return (
        '<section class="eu-room-watching" role="status" aria-label="Watching" tabindex="-1" '
        "data-room-landing>"
        f"<p><strong>You are watching</strong> room {escape(code)}. You see what the whole "
        "table sees: the cards played, the bids, the score. Every hand stays face down.</p>"
        f"<p>{button_html('Stop watching', action='leave')}</p></section>"
    )


def watched_lobby_html(state: Mapping[str, Any], page: str) -> str:
    """The lobby as a spectator sees it: the invite, the rules, the last match, the seats;
    nothing to press."""
    room = state["room"]
    return (
        '<section class="eu-room-lobby" aria-label="Lobby" tabindex="-1" data-room-landing>'
        f"{invite_html(room['code'], page)}<p>{escape(table_words(room))}</p>"
        f"{last_match_html(room, None)}"
        f'{seats_html(room, None)}<p class="eu-room-wait">The host starts the match.</p></section>'
    )


def _side_names(rules: Rules, me: int | None, names: Sequence[str] = ()) -> list[str]:
    """A word for each side of the score, seen from ``me`` (None: a spectator), the
    players called by their ``names`` as the table shows them.

    >>> _side_names(Rules(), None, ["Ann", "Bob", "Cy", "Di"])
    ['Ann and Cy', 'Bob and Di']
    >>> _side_names(Rules(), 1, ["Ann", "You", "Cy", "Di"])
    ['the other side', 'your side']
    >>> _side_names(Rules().at_table("3"), 0, ["You", "Computer 2", "Cy"])
    ['you', 'Computer 2', 'Cy']
    """

    def name(seat: int) -> str:
        if seat == me:
            return "you"
        return names[seat] if seat < len(names) else f"seat {seat + 1}"

    if rules.partnerships and me is not None:
        mine = rules.team_of(me)
        return ["your side" if team == mine else "the other side" for team in (0, 1)]
    if rules.partnerships:
        teams = [[name(s) for s in range(rules.players) if rules.team_of(s) == t] for t in (0, 1)]
        return [word_list(team) for team in teams]
    return [name(seat) for seat in range(rules.players)]


def _score_words(
    score: Sequence[int], rules: Rules, me: int | None, names: Sequence[str] = ()
) -> str:
    sides = _side_names(rules, me, names)
    return points_for((sides[i], points) for i, points in enumerate(score) if i < len(sides))


def last_match_words(last: Mapping[str, Any], rules: Rules, me: int | None) -> str:
    """The lobby's line on the match just played: who won and the score, everyone called by
    the name they had in it (the computers' seats are open again).

    >>> last = {"score": [1, 2, 11], "winner": 2, "names": ["Ann", "Bob", "Computer 3"]}
    >>> last_match_words(last, Rules().at_table("3"), 0)
    'Last match: Computer 3 won. Final score: 1 for you, 2 for Bob, 11 for Computer 3.'
    >>> last_match_words({"score": [10, 4], "winner": 0}, Rules(), 1)
    'Last match: the other side won. Final score: 10 for the other side, 4 for your side.'
    """
    names = [str(name) for name in last.get("names") or []]
    sides = _side_names(rules, me, names)
    winner = last.get("winner")
    won = f"{sides[winner]} won. " if isinstance(winner, int) and 0 <= winner < len(sides) else ""
    return f"Last match: {won}Final score: {_score_words(last['score'], rules, me, names)}."


def review_html(state: Mapping[str, Any], names: Sequence[str]) -> str:
    """The hand review after a deal: who made trump, how the deal scored (the engine's
    ``explain_score``), the score, the tricks (free play's trick list, folded), and
    Continue (or who the table still waits for, with the countdown)."""
    room, table = state["room"], state["table"]
    review = table["review"]
    me = state["you"]
    rules = Rules.from_dict(room["rules"])
    view = table_view(state)
    result = HandResult.from_dict(review)
    lines = [explain_score(result)]
    if "score_before" in review:
        cut = game_point_text(
            rules.game_to, review["score_before"], result.points, _side_names(rules, me, names)
        )
        if cut:
            lines.append(cut)
    lines.append(f"Score: {_score_words(table['score'], rules, me, names)}.")
    if view.maker is not None:
        made = contract_words(view, names)
        if review.get("called"):
            made += " " + called_ace_words(
                view.maker, Suit.parse(review["called"]), review.get("ace_partner"), names, me
            )
        lines.insert(0, made)
    if review["game_over"]:
        lines.append("The match is over. Continue to go back to the lobby.")
    waiting = [names[s] for s in review["waiting"] if s < len(names)]
    if me is not None and me in review["waiting"]:
        action = button_html(
            "Continue",
            action="continue",
            class_="md-button md-button--primary",
            data_review_continue=True,
        )
    else:
        action = f"<span>Waiting for {escape(word_list(waiting) or 'the table')}.</span>"
    timer = (
        f' <span class="eu-room-timer">Play goes on in {_seconds(review["seconds"])}.</span>'
        if review["seconds"] is not None
        else ""
    )
    body = "".join(f"<p>{escape(line)}</p>" for line in lines)
    tricks = ""
    if view.tricks:
        side = review.get("maker_side") or ()
        rows = trick_rows(
            view.tricks,
            view.trump,
            names,
            lambda winner: me is not None and same_side(winner, me, rules.partnerships, side),
        )
        tricks = (
            '<details class="eu-review-deal eu-room-tricks"><summary>The tricks, card by card'
            f"</summary>{tricks_html(rows)}</details>"
        )
    return (
        f'<section class="eu-room-review" aria-label="Hand review">'
        f"<h2>Deal {table['deal'] + 1} is over</h2>{body}{tricks}<p>{action}{timer}</p></section>"
    )


def table_view(state: Mapping[str, Any]) -> SeatView:
    """The seat's view of the deal from the server's ``state`` message; a spectator's
    (``seat`` null) is read as :func:`~euchre_tutorial.present.table.seatless`, its hand,
    choices and discard left out whatever the message holds."""
    rules = Rules.from_dict(state["room"]["rules"])
    data = state["table"]["view"]
    if data["seat"] is None or state["you"] is None:
        public = {**data, "seat": 0, "hand": [], "legal": [], "discard": None}
        return seatless(SeatView.from_dict(public, rules))
    return SeatView.from_dict(data, rules)


def display_names(state: Mapping[str, Any]) -> list[str]:
    """Each seat's name as this seat shows it: "You", the name typed, or the computer's."""
    me = state["you"]
    return [
        "You" if s["seat"] == me else (s["name"] or f"Seat {s['seat'] + 1}")
        for s in state["room"]["seats"]
    ]


def table_html(state: Mapping[str, Any], quiet: bool = False) -> tuple[str, str | None, bool]:
    """The table during play (the same renderer as free play, with the room's names), what
    a click on a card in the hand does (``play``, ``discard`` ...) or None, and whether this
    seat is to act (a bid, a discard or a card). The prompt starts with the move just made
    ("Bob passes. Your turn: ..."): it is announced, so a player who cannot see the table
    hears every move, as free play's message line tells them; unless ``quiet`` (one of
    several tables on a page: :attr:`TableUI.quiet`)."""
    view = table_view(state)
    ui = TableUI(sort=True, quiet=quiet)
    names = display_names(state)
    data = table_data(view, ui, names)
    data["prompt"] = f"{data['last']} {data['prompt']}".strip()
    me = None if view.seat == NO_SEAT else view.seat
    score = (
        f'<p class="eu-room-score">Score: '
        f"{escape(_score_words(state['table']['score'], view.rules, me, names))} "
        f"(game to {state['table']['game_to']}).</p>"
    )
    return score + render_data(data, ui), card_verb(data["card_action"]), bool(data["your_turn"])


def room_regions(
    state: Mapping[str, Any], page: str, reactions: Sequence[Mapping[str, Any]] = ()
) -> dict[str, Any]:
    """Everything the room page shows for one ``state`` message, as named regions of HTML
    (``lobby``, ``table``, ``review``, ``reactions``), plus the data the page needs:
    ``card_action``, ``your_turn`` (the page moves the focus to the hand or the bid when it
    turns true) and the ``version`` to send with a move."""
    phase = state["room"]["phase"]
    names = display_names(state)
    watching = state["you"] is None
    regions = {
        "lobby": "",
        "table": "",
        "review": "",
        "seats": "",
        "reactions": reactions_html(reactions, names, buttons=not watching),
    }
    card_action = None
    your_turn = False
    banner = watching_html(state["room"]["code"]) if watching else ""
    if phase == "lobby" or state.get("table") is None:
        regions["lobby"] = banner + (
            watched_lobby_html(state, page) if watching else lobby_html(state, page)
        )
    else:
        regions["lobby"] = banner + class_banner_html(state["room"])
        regions["table"], card_action, your_turn = table_html(state)
        regions["seats"] = seats_html(state["room"], state["you"]) + (
            "" if watching else leave_match_html()
        )
        if phase == "review" and state["table"].get("review"):
            regions["review"] = review_html(state, names)
    return {
        "html": regions,
        "card_action": None if watching else card_action,
        "your_turn": your_turn and not watching,
        "version": state["version"],
        "phase": phase,
        "watching": watching,
    }
