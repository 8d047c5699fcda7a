"""The build's files of replies: made while the pages are drawn (a widget's ``render`` asks
for its file and writes the file's name into its root), kept in memory, and written into
the site's ``prebuilt/`` folder once the pages are built (``mkdocs_hooks.on_post_build``).
Only a site build gathers them (``mkdocs_hooks.on_pre_build`` calls :func:`collect`): a
widget drawn elsewhere (a test, a build without the hooks) names no file, and its page
simply waits for the engine.

Making them takes the engine a while, so a file is also kept on disk between builds, under
a name that covers everything it depends on: the code of both packages (and the lessons'
data), what the file is and its inputs. The folder is ``EUCHRE_PREBUILT_CACHE`` (the site
generator sets it to ``build/prebuilt-cache/``); without it nothing is kept.

>>> from euchre_tutorial.prebuilt.store import ReplyStore
>>> _ = forget()  # no build under way
>>> published("demo", {"n": 1}, lambda: ReplyStore("demo"))
''
>>> collect()
>>> name = published("demo", {"n": 1}, lambda: ReplyStore("demo"))
>>> name.startswith("demo.") and name in pending()
True
>>> _ = forget()
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from euchre_tutorial.prebuilt.store import ReplyStore, encoded, file_name

FOLDER = "prebuilt"
CACHE_ENV = "EUCHRE_PREBUILT_CACHE"
_PENDING: dict[str, bytes] = {}
_COLLECTING: list[bool] = [False]


@cache
def code_digest() -> str:
    """A digest of every source file the replies depend on (both packages)."""
    import euchre

    import euchre_tutorial

    digest = hashlib.sha256()
    for package in (euchre, euchre_tutorial):
        root = Path(str(package.__file__)).parent
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".toml") and "__pycache__" not in path.parts:
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def _cache_path(kind: str, inputs: Mapping[str, Any]) -> Path | None:
    folder = os.environ.get(CACHE_ENV)
    if not folder:
        return None
    text = json.dumps([code_digest(), kind, inputs], sort_keys=True)
    return Path(folder) / f"{kind}-{hashlib.sha256(text.encode()).hexdigest()[:24]}.json"


def collect() -> None:
    """A site build begins: gather the widgets' files of replies (and forget older ones)."""
    _PENDING.clear()
    _COLLECTING[0] = True


def published(kind: str, inputs: Mapping[str, Any], make: Callable[[], ReplyStore]) -> str:
    """The name of the file of replies ``make`` gathers (from the disk's copy when its
    inputs are unchanged); the file is written with the site. "" outside a site build."""
    if not _COLLECTING[0]:
        return ""
    path = _cache_path(kind, inputs)
    content = path.read_bytes() if path is not None and path.is_file() else None
    if content is None:
        content = encoded(make().data())
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
    name = file_name(kind, content)
    _PENDING[name] = content
    return name


def pending() -> dict[str, bytes]:
    """The files gathered so far in this build, by name."""
    return dict(_PENDING)


def forget() -> dict[str, bytes]:
    """Stop gathering and forget the gathered files; returns them."""
    files = dict(_PENDING)
    _PENDING.clear()
    _COLLECTING[0] = False
    return files


def write_files(site_dir: str | os.PathLike[str]) -> list[Path]:
    """Write the gathered files into ``site_dir``'s ``prebuilt/`` folder."""
    folder = Path(site_dir) / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, content in sorted(_PENDING.items()):
        target = folder / name
        target.write_bytes(content)
        written.append(target)
    return written
