"""The class page for its teacher, drawn by Python from what a real room server sends: the
students' link and controls, each student's summary, every table as a spectator sees it
(no face-up hand, no control that plays), names kept as text, the summary as CSV, and a
class that cannot be read refused in words."""

from __future__ import annotations

import csv
import io
import random
import re
from typing import Any

import pytest
from euchre_tutorial.bridge import BridgeError
from euchre_tutorial.widgets.classroom import render_message, summary

from tests.rooms.helpers import server
from tests.rooms.test_class import a_class, at_tables, play_until, recv_all

PAGE = "http://127.0.0.1:8000/practice/class/"
NAMES = ["<b>Bo</b>", "Ann & Co", "=cmd"]


@pytest.fixture(scope="module")
def played() -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """A class of two tables where every student has played a deal: the teacher's class
    state and each table's last spectator state, as the server sent them."""
    with server() as (client, _hub), a_class(client, NAMES, 2, level="easy") as (teacher, kids):
        teacher.do({"type": "start_tables"})

        def rows_for_all() -> bool:
            recv_all(teacher)
            return {r["name"] for r in (teacher.klass or {}).get("rows", [])} == set(NAMES)

        play_until(at_tables(kids), rows_for_all, random.Random(3))
        assert teacher.klass is not None
        return teacher.klass, dict(teacher.tables)


def test_the_class_shows_its_link_its_students_and_every_table(played: Any) -> None:
    klass, tables = played
    reply = render_message({"class": klass, "tables": tables, "page": PAGE + "?x=1"})
    html = reply["html"]
    assert html["entry"] == ""
    assert f"{PAGE}?class={klass['code']}" in html["class"]
    assert 'data-action="pause"' in html["class"] and 'data-action="end"' in html["class"]
    rows = re.findall(r'<tr><th scope="row">(.*?)</th>', html["students"])
    assert rows == ["&lt;b&gt;Bo&lt;/b&gt;", "Ann &amp; Co", "=cmd"]  # names as text
    assert "<b>Bo</b>" not in "".join(html.values())
    assert html["tables"].count('class="eu-class-table"') == 2
    # every table as a spectator sees it: hands face down, nothing to press
    assert 'class="eu-hand' not in html["tables"] and "eu-backs" in html["tables"]
    assert "data-action" not in html["tables"]


def test_the_teacher_s_tables_are_not_read_out_all_at_once(played: Any) -> None:
    """A screen reader reads each live region as it changes: with every table's prompt and
    trick note live, a teacher would hear every table's moves at once. The tables are
    drawn quiet; a room's own table (one table on its page) still announces its moves."""
    from euchre_tutorial.present.room import table_html

    klass, tables = played
    html = render_message({"class": klass, "tables": tables, "page": PAGE})["html"]
    playing = [state for state in tables.values() if state.get("table") is not None]
    assert playing and 'class="eu-prompt"' in html["tables"]
    assert "aria-live" not in html["tables"]
    drawn, _, _ = table_html(playing[0])
    assert drawn.count('aria-live="polite"') == 2  # the prompt and the trick's note


def test_paused_classes_offer_resume(played: Any) -> None:
    klass, tables = played
    reply = render_message({"class": {**klass, "paused": True}, "tables": tables, "page": PAGE})
    assert reply["paused"] is True
    assert 'data-action="resume"' in reply["html"]["class"]
    assert "Every table is paused" in reply["html"]["class"]


def test_the_summary_downloads_as_csv_with_every_deal(played: Any) -> None:
    klass, _tables = played
    saved = summary({"class": klass})
    assert saved["filename"] == f"euchre-class-{klass['code']}.csv"
    rows = list(csv.reader(io.StringIO(saved["csv"])))
    assert rows[0][:5] == ["student", "table", "match", "deal", "tricks"]
    assert len(rows) == 1 + len(klass["rows"])
    assert {r[0] for r in rows[1:]} == {"<b>Bo</b>", "Ann & Co", "'=cmd"}  # no formula


def test_an_ended_class_keeps_its_summary_on_the_page(played: Any) -> None:
    klass, tables = played
    reply = render_message({"class": klass, "tables": tables, "ended": "you ended the class"})
    assert "has ended" in reply["html"]["class"] and reply["html"]["tables"] == ""
    assert "You ended the class." in reply["html"]["class"]
    assert 'data-action="download"' in reply["html"]["class"]
    assert "&lt;b&gt;Bo&lt;/b&gt;" in reply["html"]["students"]


def test_a_class_the_page_cannot_read_is_refused_in_words() -> None:
    with pytest.raises(BridgeError, match="needs the server's class"):
        render_message({"class": "nope"})
    with pytest.raises(BridgeError, match="cannot read"):
        render_message({"class": {"code": "K", "tables": [{"room": "R"}]}, "tables": {}})
    form = render_message({"entry": {"rules": {"players": 3, "partnerships": False}}})
    assert 'data-action="open"' in form["html"]["entry"]


@pytest.mark.parametrize(("count", "words"), [(1, "at 1 table."), (2, "at 2 tables.")])
def test_the_class_counts_its_tables_in_words(played: Any, count: int, words: str) -> None:
    """Seen on the teacher's page for a class of one table: "0 students at 1 tables"."""
    klass, tables = played
    klass = {**klass, "tables": klass["tables"][:count]}
    assert (
        words in render_message({"class": klass, "tables": tables, "page": PAGE})["html"]["class"]
    )
