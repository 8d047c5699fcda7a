"""The browser's single entry point into Python: ``dispatch(method, payload_json) -> reply_json``.

The page's JavaScript asks ``runtime.call(method, payload)``; the worker passes the method
name and the JSON of the payload here and posts the JSON reply back. A reply is either
``{"ok": true, "value": ...}`` or ``{"ok": false, "error": "plain words"}``: a handler's
exception never reaches the page as a traceback. A refusal (a bad link, an illegal move,
rules that cannot be used) is one line on stderr, which the worker shows in the browser
console; anything else is a fault, and its traceback goes there.

Widget modules register their handlers with :func:`expose`; importing this module imports
every module of :mod:`euchre_tutorial.widgets`, so a new widget module registers itself.

>>> import json
>>> json.loads(dispatch("runtime.ping", "{}"))
{'ok': True, 'value': 'pong'}
>>> json.loads(dispatch("no.such.method", "{}"))["error"]
"There is no method 'no.such.method' in the card engine."
"""

from __future__ import annotations

import functools
import importlib
import json
import pkgutil
import sys
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from euchre import IllegalAction, RulesError

Handler = Callable[[Any], Any]
F = TypeVar("F", bound=Handler)

_HANDLERS: dict[str, Handler] = {}
_FACTS: dict[str, Any] = {"boot": "cpython"}
WIDGET_MODULES: list[str] = []
WIDGET_ERRORS: dict[str, str] = {}


class BridgeError(ValueError):
    """A handler's refusal in plain words (bad payload, unknown option): sent as the error."""


# What a handler raises to refuse the reader's input: expected, so logged without a traceback.
REFUSALS: tuple[type[ValueError], ...] = (BridgeError, IllegalAction, RulesError)


def expose(name: str) -> Callable[[F], F]:
    """Register the decorated function as the handler of ``name`` ("kind.method").

    The handler receives the decoded payload (usually a dict) and returns a JSON-ready value.

    >>> @expose("example.double")
    ... def double(payload):
    ...     return payload["n"] * 2
    >>> dispatch("example.double", '{"n": 21}')
    '{"ok": true, "value": 42}'
    >>> _ = _HANDLERS.pop("example.double")
    """
    if not name or name != name.strip() or "." not in name:
        raise ValueError(f"a method name looks like 'kind.method', not {name!r}")

    def register(func: F) -> F:
        old = _HANDLERS.get(name)
        if old is not None and _qualified(old) != _qualified(func):
            raise ValueError(f"method {name!r} is already exposed by {_qualified(old)}")
        _HANDLERS[name] = func
        return func

    return register


def _qualified(func: Handler) -> str:
    return f"{getattr(func, '__module__', '?')}.{getattr(func, '__qualname__', '?')}"


def methods() -> list[str]:
    """The exposed method names, sorted.

    >>> {"runtime.info", "runtime.ping"} <= set(methods())
    True
    """
    return sorted(_HANDLERS)


def dispatch(method: str, payload_json: str) -> str:
    """Run the handler of ``method`` on the decoded payload; return the JSON reply.

    >>> dispatch("runtime.ping", "not json")
    '{"ok": false, "error": "The request to runtime.ping was not valid JSON."}'
    """
    handler = _HANDLERS.get(method)
    if handler is None:
        return _error(f"There is no method {method!r} in the card engine.")
    try:
        payload = json.loads(payload_json) if payload_json else None
    except ValueError:
        return _error(f"The request to {method} was not valid JSON.")
    try:
        value = handler(payload)
    except REFUSALS as exc:
        print(f"euchre bridge: {method} refused: {exc}", file=sys.stderr)
        return _error(str(exc) or type(exc).__name__)
    except ValueError as exc:
        _log(method, exc)
        return _error(str(exc) or type(exc).__name__)
    except Exception as exc:
        _log(method, exc)
        return _error(f"The card engine failed on {method} ({type(exc).__name__}: {exc}).")
    try:
        return json.dumps({"ok": True, "value": value}, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        _log(method, exc)
        return _error(f"The card engine's answer to {method} could not be sent ({exc}).")


def _error(message: str) -> str:
    return json.dumps({"ok": False, "error": message}, ensure_ascii=False)


def _log(method: str, exc: BaseException) -> None:
    print(f"euchre bridge: {method} failed", file=sys.stderr)
    traceback.print_exception(exc, file=sys.stderr)


def configure(facts_json: str) -> None:
    """Record facts about the running runtime (the worker says how it booted).

    >>> configure('{"boot": "plain"}'); runtime_info(None)["boot"]
    'plain'
    >>> configure('{"boot": "cpython"}')
    """
    facts = json.loads(facts_json)
    if not isinstance(facts, dict):
        raise ValueError("runtime facts are a JSON object")
    _FACTS.update(facts)


@expose("runtime.ping")
def ping(payload: Any) -> str:
    """Answer ``"pong"``: the cheapest proof that Python is listening."""
    return "pong"


@expose("runtime.info")
def runtime_info(payload: Any) -> dict[str, Any]:
    """The engine's version, the rules profiles, the widgets and how the runtime booted.

    >>> info = runtime_info(None)
    >>> sorted(info)  # doctest: +NORMALIZE_WHITESPACE
    ['boot', 'engine_version', 'methods', 'python', 'rules_profiles', 'tutorial_version',
     'widget_errors', 'widgets']
    """
    return {
        **_FACTS,
        "engine_version": _version("euchre"),
        "tutorial_version": _version("euchre_tutorial"),
        "python": ".".join(str(part) for part in sys.version_info[:3]),
        "rules_profiles": _profiles(),
        "widgets": list(WIDGET_MODULES),
        "widget_errors": dict(WIDGET_ERRORS),
        "methods": methods(),
    }


@functools.cache
def _version(package: str) -> str:
    """The version a package says it is (its ``__version__``), or "unknown".

    Read from the package rather than from the installed distribution's metadata: finding
    that scans every folder on ``sys.path``, a cost on every first visit in the browser
    (the tests check that the two agree).

    >>> _version("euchre") == __import__("euchre").__version__
    True
    """
    try:
        module = importlib.import_module(package)
    except ImportError:
        return "unknown"
    return str(getattr(module, "__version__", "unknown"))


def _profiles() -> list[str]:
    try:
        from euchre_tutorial.site_rules import site_profiles
    except ImportError:  # the engine is older than the contract
        return []
    return [str(name) for name in site_profiles()]


def load_widgets() -> list[str]:
    """Import every module of :mod:`euchre_tutorial.widgets` so its handlers register.

    A module that fails to import is recorded in ``WIDGET_ERRORS`` (and on stderr), so one
    broken widget cannot stop the others.
    """
    try:
        package = importlib.import_module("euchre_tutorial.widgets")
    except ImportError:
        return list(WIDGET_MODULES)
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda item: item.name):
        name = f"{package.__name__}.{info.name}"
        if name in WIDGET_MODULES or info.name.startswith("_"):
            continue
        try:
            importlib.import_module(name)
        except Exception as exc:
            WIDGET_ERRORS[name] = f"{type(exc).__name__}: {exc}"
            _log(f"import {name}", exc)
        else:
            WIDGET_MODULES.append(name)
    return list(WIDGET_MODULES)


# Read the versions now: they are then part of a memory snapshot taken after this import.
_version("euchre")
_version("euchre_tutorial")
load_widgets()
