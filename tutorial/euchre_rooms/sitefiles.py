"""The built site's files, sent compressed the way static hosts send them.

``python -m euchre_rooms --site site`` (what ``make serve`` runs) is how a teacher puts the
site and the rooms on a class's network, so a first visit should cost what it costs at a
real host: a precompressed ``.gz`` sibling (Pyodide's wasm and glue) is sent as it is, and
text (pages, scripts, styles, JSON, the wasm without a sibling) is gzipped once and kept.
Without this, a phone's first visit downloaded Pyodide's 9.6 MB wasm instead of its
3.5 MB sibling.

Everything else is Starlette's ``StaticFiles``: the 404 page, directory indexes,
``ETag``/``Last-Modified`` revalidation, byte ranges (a range request is answered from the
uncompressed file, as it always was).
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


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header lets us send gzip.

    >>> accepts_gzip("gzip, deflate, br, zstd"), accepts_gzip("br;q=1.0, gzip;q=0.8")
    (True, True)
    >>> accepts_gzip("identity"), accepts_gzip("gzip;q=0"), accepts_gzip("*")
    (False, False, True)
    """
    wanted = False
    for item in accept_encoding.lower().split(","):
        name, _, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if name.strip() == "gzip":
            return quality > 0
        if name.strip() == "*":
            wanted = quality > 0
    return wanted


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
    """``StaticFiles`` that sends a file gzipped when the browser accepts it: its ``.gz``
    sibling when the build wrote one, else (for text) gzipped here once and kept."""

    def __init__(self, *, directory: str | Path, html: bool = False) -> None:
        super().__init__(directory=directory, html=html)
        self.cache = GzipCache()

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if type(response) is not FileResponse or response.status_code not in (200, 404):
            return response
        headers = Headers(scope=scope)
        if "range" in headers or not accepts_gzip(headers.get("accept-encoding", "")):
            return response
        return await self.gzipped_response(response, headers)

    async def gzipped_response(self, plain: FileResponse, request: Headers) -> Response:
        """The gzipped form of ``plain`` (a file response), or ``plain`` when there is none."""
        path = os.fspath(plain.path)
        media_type = plain.media_type or "application/octet-stream"
        sibling = path + ".gz"
        # off the event loop, as StaticFiles looks up the file itself: a slow disk never
        # holds up the rooms' messages
        sibling_stat = (
            None if path.endswith(".gz") else await anyio.to_thread.run_sync(_file_stat, sibling)
        )
        if sibling_stat is not None:
            # The sibling's own ETag and Last-Modified (from its size and date) tell it apart.
            response: Response = FileResponse(
                sibling,
                status_code=plain.status_code,
                media_type=media_type,
                stat_result=sibling_stat,
            )
        elif (
            compressible(media_type)
            and plain.stat_result is not None
            and (plain.stat_result.st_size >= SMALLEST)
        ):
            body = await anyio.to_thread.run_sync(self.cache.gzipped, path, plain.stat_result)
            headers = {
                "etag": _gzip_tag(plain.headers["etag"]),
                "last-modified": plain.headers["last-modified"],
            }
            response = Response(
                body, status_code=plain.status_code, media_type=media_type, headers=headers
            )
        else:
            return plain
        response.headers["content-encoding"] = "gzip"
        response.headers["vary"] = "Accept-Encoding"
        if plain.status_code == 200 and self.is_not_modified(response.headers, request):
            return NotModifiedResponse(response.headers)
        return response


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
