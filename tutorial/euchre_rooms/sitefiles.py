"""The built site's files, sent compressed the way static hosts send them.

``python -m euchre_rooms --site site`` (what ``make serve`` runs) is how a teacher puts the
site and the rooms on a class's network, so a first visit should cost what it costs at a
good host. The build writes precompressed siblings beside every compressible file
(``scripts/precompress.py``: ``file.br``, ``file.gz``); a request is answered with the
densest form the browser accepts (``Accept-Encoding``, its q-values respected; brotli
first when they tie), sent as it is: the ``.br`` sibling, else the ``.gz`` sibling, else,
for text without a sibling (a site built by hand), gzipped here once and kept, else the
file itself. Every answer for a file that has another form says ``Vary: Accept-Encoding``,
so that a cache between here and the browser never hands one browser's form to another.

Everything else is Starlette's ``StaticFiles``: the 404 page, directory indexes,
``ETag``/``Last-Modified`` revalidation (each form has its own tag), byte ranges (a range
request is answered from the uncompressed file, as it always was).
"""

from __future__ import annotations

import gzip
import os
import stat
from collections import OrderedDict
from pathlib import Path

import anyio.to_thread
from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

COMPRESSIBLE = (
    "text/",
    "application/json",
    "application/javascript",
    "application/xml",
    "application/manifest+json",
    "image/svg+xml",
    "application/wasm",
)
"""Media types worth gzipping (images, fonts, zips and wheels are compressed already)."""

SMALLEST = 1024
"""Files smaller than this are sent as they are: gzip's framing would eat the gain."""

KEPT_BYTES = 32 * 1024 * 1024
"""How many bytes of gzipped files are kept in memory (the whole site is about 3 MB)."""


SIBLINGS = (("br", ".br"), ("gzip", ".gz"))
"""The encodings a precompressed sibling may have, densest first, with its file ending."""


def accepted_encodings(accept_encoding: str) -> dict[str, float]:
    """The content codings an ``Accept-Encoding`` header names, with their q-values (a
    missing or bad q-value counts as 1 and 0).

    >>> accepted_encodings("gzip, deflate, br;q=0.9, zstd;q=bad")
    {'gzip': 1.0, 'deflate': 1.0, 'br': 0.9, 'zstd': 0.0}
    >>> accepted_encodings("")
    {}
    """
    accepted: dict[str, float] = {}
    for item in accept_encoding.lower().split(","):
        name, _, params = item.strip().partition(";")
        if not name.strip():
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        accepted[name.strip()] = quality
    return accepted


def preferred_encodings(accept_encoding: str) -> list[str]:
    """Of brotli and gzip, those the browser accepts, the one it prefers first (brotli
    when they tie: it is the smaller). ``*`` stands for every coding it does not name.

    >>> preferred_encodings("gzip, deflate, br, zstd"), preferred_encodings("br;q=0.5, gzip")
    (['br', 'gzip'], ['gzip', 'br'])
    >>> preferred_encodings("gzip"), preferred_encodings("*"), preferred_encodings("*, br;q=0")
    (['gzip'], ['br', 'gzip'], ['gzip'])
    >>> preferred_encodings("identity"), preferred_encodings("gzip;q=0"), preferred_encodings("")
    ([], [], [])
    """
    accepted = accepted_encodings(accept_encoding)
    anything = accepted.get("*", 0.0)
    quality = {name: accepted.get(name, anything) for name, _ in SIBLINGS}
    wanted = [name for name, _ in SIBLINGS if quality[name] > 0]
    return sorted(wanted, key=lambda name: -quality[name])


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header lets us send gzip.

    >>> accepts_gzip("gzip, deflate, br, zstd"), accepts_gzip("br;q=1.0, gzip;q=0.8")
    (True, True)
    >>> accepts_gzip("identity"), accepts_gzip("gzip;q=0"), accepts_gzip("*")
    (False, False, True)
    """
    return "gzip" in preferred_encodings(accept_encoding)


def compressible(media_type: str) -> bool:
    """Whether a file of this media type is worth gzipping.

    >>> compressible("text/html; charset=utf-8"), compressible("application/wasm")
    (True, True)
    >>> compressible("image/png"), compressible("application/zip")
    (False, False)
    """
    return media_type.startswith(COMPRESSIBLE)


class GzipCache:
    """Gzipped bytes of files, by path, size and modification time, least recently used
    dropped first once more than ``limit`` bytes are kept.

    >>> import tempfile
    >>> page = Path(tempfile.mkdtemp()) / "page.html"
    >>> _ = page.write_text("<p>trump</p>" * 200)
    >>> cache = GzipCache(limit=10_000)
    >>> first = cache.gzipped(str(page), page.stat())
    >>> gzip.decompress(first) == page.read_bytes(), cache.gzipped(str(page), page.stat()) is first
    (True, True)
    """

    def __init__(self, limit: int = KEPT_BYTES) -> None:
        self.limit = limit
        self.kept: OrderedDict[tuple[str, int, int], bytes] = OrderedDict()
        self.size = 0

    def gzipped(self, path: str, stat_result: os.stat_result) -> bytes:
        key = (path, stat_result.st_size, stat_result.st_mtime_ns)
        body = self.kept.get(key)
        if body is not None:
            self.kept.move_to_end(key)
            return body
        body = gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)
        self.kept[key] = body
        self.size += len(body)
        while self.size > self.limit and len(self.kept) > 1:
            _, dropped = self.kept.popitem(last=False)
            self.size -= len(dropped)
        return body


class CompressedStaticFiles(StaticFiles):
    """``StaticFiles`` that sends a file in the densest form the browser accepts: its
    ``.br`` or ``.gz`` sibling when the build wrote one, else (for text) gzipped here once
    and kept, else as it is."""

    def __init__(self, *, directory: str | Path, html: bool = False) -> None:
        super().__init__(directory=directory, html=html)
        self.cache = GzipCache()

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if type(response) is not FileResponse or response.status_code not in (200, 404):
            return response
        headers = Headers(scope=scope)
        if "range" in headers:
            return response
        return await self.encoded_response(response, headers)

    async def encoded_response(self, plain: FileResponse, request: Headers) -> Response:
        """The form of ``plain`` (a file response) the browser prefers."""
        path = os.fspath(plain.path)
        media_type = plain.media_type or "application/octet-stream"
        siblings = {} if path.endswith((".br", ".gz")) else await self.siblings(path)
        stat_result = plain.stat_result
        if not (compressible(media_type) and stat_result and stat_result.st_size >= SMALLEST):
            stat_result = None  # not worth gzipping here
        response: Response = plain
        for encoding in preferred_encodings(request.get("accept-encoding", "")):
            if encoding in siblings:
                response = self.sibling_response(plain, siblings[encoding], encoding)
                break
            if encoding == "gzip" and stat_result is not None:
                response = await self.gzipped_response(plain, stat_result)
                break
        if siblings or stat_result is not None:
            response.headers["vary"] = "Accept-Encoding"
        revalidated = response is not plain and plain.status_code == 200
        if revalidated and self.is_not_modified(response.headers, request):
            return NotModifiedResponse(response.headers)
        return response

    @staticmethod
    async def siblings(path: str) -> dict[str, tuple[str, os.stat_result]]:
        """The precompressed siblings of ``path`` by encoding, with their stat: looked up
        off the event loop, as StaticFiles looks up the file itself, so a slow disk never
        holds up the rooms' messages."""
        found = {}
        for encoding, ending in SIBLINGS:
            stat_result = await anyio.to_thread.run_sync(_file_stat, path + ending)
            if stat_result is not None:
                found[encoding] = (path + ending, stat_result)
        return found

    @staticmethod
    def sibling_response(
        plain: FileResponse, sibling: tuple[str, os.stat_result], encoding: str
    ) -> Response:
        """The sibling sent as it is: its own ETag and Last-Modified (from its size and
        date) tell it apart from the plain file's."""
        path, stat_result = sibling
        response = FileResponse(
            path,
            status_code=plain.status_code,
            media_type=plain.media_type,
            stat_result=stat_result,
        )
        response.headers["content-encoding"] = encoding
        return response

    async def gzipped_response(self, plain: FileResponse, stat_result: os.stat_result) -> Response:
        """``plain`` (whose stat is ``stat_result``) gzipped here, once: the bytes are kept."""
        body = await anyio.to_thread.run_sync(
            self.cache.gzipped, os.fspath(plain.path), stat_result
        )
        headers = {
            "etag": _gzip_tag(plain.headers["etag"]),
            "last-modified": plain.headers["last-modified"],
            "content-encoding": "gzip",
        }
        return Response(
            body, status_code=plain.status_code, media_type=plain.media_type, headers=headers
        )


def _gzip_tag(etag: str) -> str:
    """The entity tag of a file's gzipped form, told apart from its plain form's.

    >>> _gzip_tag('"5f3a"')
    '"5f3a-gzip"'
    """
    return etag[:-1] + '-gzip"' if etag.endswith('"') else etag + "-gzip"


def _file_stat(path: str) -> os.stat_result | None:
    """The stat of ``path`` when it is a regular file, else None."""
    try:
        result = os.stat(path)
    except OSError:
        return None
    return result if stat.S_ISREG(result.st_mode) else None
