"""The bridge: every reply is JSON with ok/value or ok/error, never a traceback."""

from __future__ import annotations

import importlib.metadata
import json
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from euchre_tutorial import bridge, widgets


@pytest.fixture
def scratch_methods() -> Iterator[list[str]]:
    """Names registered by a test are removed afterwards."""
    names: list[str] = []
    yield names
    for name in names:
        bridge._HANDLERS.pop(name, None)


def call(method: str, payload: Any = None) -> dict[str, Any]:
    reply = json.loads(bridge.dispatch(method, json.dumps(payload)))
    assert set(reply) in ({"ok", "value"}, {"ok", "error"})
    return reply


def test_ping() -> None:
    assert call("runtime.ping") == {"ok": True, "value": "pong"}


def test_info_reports_engine_and_boot() -> None:
    info = call("runtime.info")["value"]
    assert info["engine_version"] != ""
    assert info["boot"] == "cpython"
    assert isinstance(info["rules_profiles"], list)
    assert "runtime.ping" in info["methods"]
    assert info["widget_errors"] == {}


def test_info_reports_the_installed_versions() -> None:
    # read from the packages themselves, and the same as what pip installed
    info = call("runtime.info")["value"]
    assert info["engine_version"] == importlib.metadata.version("euchre")
    assert info["tutorial_version"] == importlib.metadata.version("euchre_tutorial")


def test_unknown_method_is_a_plain_error() -> None:
    reply = call("nope.nothing")
    assert reply["ok"] is False
    assert "nope.nothing" in reply["error"]


def test_bad_json_is_a_plain_error() -> None:
    reply = json.loads(bridge.dispatch("runtime.ping", "{oops"))
    assert reply == {"ok": False, "error": "The request to runtime.ping was not valid JSON."}


def test_value_error_message_reaches_the_page(
    scratch_methods: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    @bridge.expose("test.refuse")
    def refuse(payload: Any) -> None:
        raise bridge.BridgeError("you hold a heart")

    scratch_methods.append("test.refuse")
    assert call("test.refuse") == {"ok": False, "error": "you hold a heart"}
    # a refusal is expected: one line in the console, not a traceback
    assert capsys.readouterr().err == "euchre bridge: test.refuse refused: you hold a heart\n"


def test_a_value_error_that_is_not_a_refusal_keeps_its_traceback(
    scratch_methods: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    @bridge.expose("test.bug")
    def bug(payload: Any) -> int:
        return int("not a number")

    scratch_methods.append("test.bug")
    assert call("test.bug")["ok"] is False
    assert "Traceback" in capsys.readouterr().err


def test_unexpected_exception_has_no_traceback_in_the_reply(
    scratch_methods: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    @bridge.expose("test.crash")
    def crash(payload: Any) -> None:
        raise KeyError("boom")

    scratch_methods.append("test.crash")
    reply = call("test.crash")
    assert reply["ok"] is False
    assert "KeyError" in reply["error"]
    assert "Traceback" not in reply["error"]
    assert "Traceback" in capsys.readouterr().err


def test_unserializable_value_is_an_error(scratch_methods: list[str]) -> None:
    @bridge.expose("test.object")
    def obj(payload: Any) -> object:
        return object()

    scratch_methods.append("test.object")
    assert call("test.object")["ok"] is False


def test_payload_is_passed_decoded(scratch_methods: list[str]) -> None:
    @bridge.expose("test.echo")
    def echo(payload: Any) -> Any:
        return payload

    scratch_methods.append("test.echo")
    payload = {"suit": "♥", "cards": ["Jd", "Ah"], "n": 3}
    assert call("test.echo", payload) == {"ok": True, "value": payload}
    assert json.loads(bridge.dispatch("test.echo", "")) == {"ok": True, "value": None}


def test_a_name_cannot_be_taken_twice(scratch_methods: list[str]) -> None:
    @bridge.expose("test.once")
    def first(payload: Any) -> int:
        return 1

    scratch_methods.append("test.once")

    def second(payload: Any) -> int:
        return 2

    with pytest.raises(ValueError, match="already exposed"):
        bridge.expose("test.once")(second)


@pytest.mark.parametrize("name", ["", "ping", " runtime.ping", "runtime.ping "])
def test_method_names_have_a_kind(name: str) -> None:
    with pytest.raises(ValueError):
        bridge.expose(name)


def test_widget_modules_import_cleanly() -> None:
    bridge.load_widgets()
    assert bridge.WIDGET_ERRORS == {}


WIDGET_NAMES = sorted(
    info.name for info in pkgutil.iter_modules(widgets.__path__) if not info.name.startswith("_")
)


@pytest.mark.parametrize("name", WIDGET_NAMES)
def test_every_widget_registers_whichever_module_is_imported_first(name: str) -> None:
    # widgets.try_again once imported widgets.game at its top: a fresh Python that
    # imported widgets.game first left try_again's handlers unregistered.
    probe = (
        f"import euchre_tutorial.widgets.{name}\n"
        "from euchre_tutorial import bridge\n"
        "print(json.dumps([bridge.WIDGET_ERRORS, sorted(bridge.WIDGET_MODULES)]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", "import json\n" + probe], capture_output=True, text=True, check=True
    ).stdout
    errors, loaded = json.loads(out.strip().splitlines()[-1])
    assert errors == {}
    assert loaded == [f"euchre_tutorial.widgets.{n}" for n in WIDGET_NAMES]
