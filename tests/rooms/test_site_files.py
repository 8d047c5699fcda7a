"""The site as ``python -m euchre_rooms --site`` serves it (``make serve``): the densest
form the browser accepts, brotli or gzip precompressed siblings as they are, text gzipped
the way static hosts send it, everything else unchanged; ``Vary: Accept-Encoding`` on
every file that has another form."""

from __future__ import annotations

import gzip
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from euchre_rooms import create_app
from euchre_rooms.sitefiles import GzipCache
from starlette.testclient import TestClient

PAGE = "<!doctype html><title>Trumps</title>" + "<p>The left bower is a trump.</p>" * 200
WASM = bytes(range(256)) * 64
# The bytes of a brotli sibling: the server sends them as they are and never decodes them
# (scripts/precompress.py writes real ones; tests/site/test_precompress.py checks them).
BROTLI_WASM = b"brotli form of core.wasm"
BROTLI_404 = b"brotli form of 404.html"


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    """A small built site: pages, a script, a wasm with its ``.br`` and ``.gz`` siblings,
    the 404 page with a ``.br`` sibling, a picture."""
    (tmp_path / "index.html").write_text(PAGE)
    (tmp_path / "404.html").write_text("<title>Not here</title>" + "<p>No such page.</p>" * 100)
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "index.html").write_text(PAGE.replace("Trumps", "Rules"))
    (tmp_path / "tiny.js").write_text("export const x = 1;\n")
    (tmp_path / "runtime").mkdir()
    (tmp_path / "runtime" / "core.wasm").write_bytes(WASM)
    (tmp_path / "runtime" / "core.wasm.gz").write_bytes(gzip.compress(WASM, mtime=0))
    (tmp_path / "runtime" / "core.wasm.br").write_bytes(BROTLI_WASM)
    (tmp_path / "404.html.br").write_bytes(BROTLI_404)
    (tmp_path / "logo.png").write_bytes(b"\x89PNG" + bytes(4000))
    return tmp_path


@pytest.fixture()
def client(site: Path) -> Iterator[TestClient]:
    with TestClient(create_app(site=site, site_path="/learn/")) as test_client:
        yield test_client


def fetch(client: TestClient, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and the bytes on the wire (not decoded)."""
    with client.stream("GET", path, headers=headers) as response:
        return response.status_code, dict(response.headers), b"".join(response.iter_raw())


def test_a_page_is_sent_gzipped_to_a_browser_that_accepts_it(client: TestClient) -> None:
    status, headers, body = fetch(client, "/learn/", **{"accept-encoding": "gzip, deflate, br"})
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert headers["vary"] == "Accept-Encoding"
    assert headers["content-type"].startswith("text/html")
    assert gzip.decompress(body).decode() == PAGE
    assert len(body) < len(PAGE) / 10


def test_a_browser_that_accepts_no_gzip_gets_the_file_as_it_is(client: TestClient) -> None:
    for accept in ("identity", "gzip;q=0"):
        status, headers, body = fetch(client, "/learn/", **{"accept-encoding": accept})
        assert status == 200 and "content-encoding" not in headers
        assert body.decode() == PAGE


def test_a_precompressed_sibling_is_sent_as_it_is(client: TestClient, site: Path) -> None:
    status, headers, body = fetch(client, "/learn/runtime/core.wasm", **{"accept-encoding": "gzip"})
    assert status == 200
    assert headers["content-type"] == "application/wasm"
    assert headers["content-encoding"] == "gzip"
    assert body == (site / "runtime" / "core.wasm.gz").read_bytes()
    _, plain_headers, plain = fetch(
        client, "/learn/runtime/core.wasm", **{"accept-encoding": "identity"}
    )
    assert plain == WASM and plain_headers["etag"] != headers["etag"]


def test_the_sibling_itself_is_still_a_plain_file(client: TestClient, site: Path) -> None:
    _, headers, body = fetch(client, "/learn/runtime/core.wasm.gz", **{"accept-encoding": "gzip"})
    assert "content-encoding" not in headers
    assert body == (site / "runtime" / "core.wasm.gz").read_bytes()


def test_pictures_and_tiny_files_are_not_gzipped(client: TestClient) -> None:
    for path in ("/learn/logo.png", "/learn/tiny.js"):
        status, headers, _ = fetch(client, path, **{"accept-encoding": "gzip"})
        assert status == 200 and "content-encoding" not in headers, path


def test_the_404_page_is_gzipped_with_its_status(client: TestClient, site: Path) -> None:
    status, headers, body = fetch(
        client, "/learn/rules/no-such-page/", **{"accept-encoding": "gzip"}
    )
    assert status == 404 and headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == (site / "404.html").read_bytes()


def test_a_kept_copy_is_revalidated_by_its_gzipped_tag(client: TestClient) -> None:
    _, headers, _ = fetch(client, "/learn/rules/", **{"accept-encoding": "gzip"})
    status, again, body = fetch(
        client, "/learn/rules/", **{"accept-encoding": "gzip", "if-none-match": headers["etag"]}
    )
    assert status == 304 and body == b""
    assert again["etag"] == headers["etag"]
    _, plain, _ = fetch(client, "/learn/rules/", **{"accept-encoding": "identity"})
    assert plain["etag"] != headers["etag"]


def test_a_byte_range_is_answered_from_the_plain_file(client: TestClient) -> None:
    status, headers, body = fetch(
        client, "/learn/", **{"accept-encoding": "gzip", "range": "bytes=0-14"}
    )
    assert status == 206 and "content-encoding" not in headers
    assert body.decode() == PAGE[:15]


def test_a_changed_file_is_gzipped_again(client: TestClient, site: Path) -> None:
    page = site / "rules" / "index.html"
    fetch(client, "/learn/rules/", **{"accept-encoding": "gzip"})
    page.write_text(PAGE.replace("Trumps", "Scoring"))
    stat = page.stat()
    os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    _, _, body = fetch(client, "/learn/rules/", **{"accept-encoding": "gzip"})
    assert b"Scoring" in gzip.decompress(body)


def test_the_cache_keeps_no_more_than_its_limit(tmp_path: Path) -> None:
    cache = GzipCache(limit=3000)
    files = []
    for number in range(5):
        path = tmp_path / f"{number}.txt"
        path.write_bytes(os.urandom(1000))  # incompressible: about 1 KB gzipped each
        files.append(path)
        cache.gzipped(str(path), path.stat())
    assert cache.size <= 3000
    assert len(cache.kept) == 2
    assert [key[0] for key in cache.kept] == [str(files[3]), str(files[4])]


BROWSER = "gzip, deflate, br, zstd"  # what Chromium sends


def test_the_brotli_sibling_goes_to_a_browser_that_accepts_brotli(client: TestClient) -> None:
    status, headers, body = fetch(
        client, "/learn/runtime/core.wasm", **{"accept-encoding": BROWSER}
    )
    assert status == 200 and body == BROTLI_WASM
    assert headers["content-encoding"] == "br"
    assert headers["content-type"] == "application/wasm"
    assert headers["vary"] == "Accept-Encoding"


@pytest.mark.parametrize(
    ("accept", "encoding"),
    [
        ("br;q=0.5, gzip", "gzip"),  # the browser's own preference first
        ("gzip;q=0.5, br", "br"),
        ("gzip", "gzip"),  # a browser that knows no brotli
        ("*", "br"),
        ("*, br;q=0", "gzip"),
        ("br;q=0, gzip;q=0", None),
        ("identity", None),
        ("", None),
    ],
)
def test_the_form_sent_follows_what_the_browser_accepts(
    client: TestClient, site: Path, accept: str, encoding: str | None
) -> None:
    status, headers, body = fetch(client, "/learn/runtime/core.wasm", **{"accept-encoding": accept})
    assert status == 200
    assert headers.get("content-encoding") == encoding
    expected = {
        "br": BROTLI_WASM,
        "gzip": (site / "runtime" / "core.wasm.gz").read_bytes(),
        None: WASM,
    }
    assert body == expected[encoding]
    assert headers["vary"] == "Accept-Encoding"  # the plain form too: it has others


def test_a_gzip_only_browser_gets_a_page_gzipped_when_only_brotli_is_precompressed(
    client: TestClient, site: Path
) -> None:
    status, headers, body = fetch(
        client, "/learn/rules/no-such-page/", **{"accept-encoding": "gzip"}
    )
    assert status == 404 and headers["content-encoding"] == "gzip"
    status, headers, body = fetch(
        client, "/learn/rules/no-such-page/", **{"accept-encoding": BROWSER}
    )
    assert status == 404 and headers["content-encoding"] == "br" and body == BROTLI_404


def test_each_form_has_its_own_tag_and_is_revalidated_by_it(client: TestClient) -> None:
    tags = {}
    for accept in ("br", "gzip", "identity"):
        _, headers, _ = fetch(client, "/learn/runtime/core.wasm", **{"accept-encoding": accept})
        tags[accept] = headers["etag"]
    assert len(set(tags.values())) == 3
    status, headers, body = fetch(
        client,
        "/learn/runtime/core.wasm",
        **{"accept-encoding": BROWSER, "if-none-match": tags["br"]},
    )
    assert status == 304 and body == b"" and headers["etag"] == tags["br"]


def test_files_with_no_other_form_say_no_vary(client: TestClient) -> None:
    for path in ("/learn/logo.png", "/learn/tiny.js"):
        _, headers, _ = fetch(client, path, **{"accept-encoding": BROWSER})
        assert "vary" not in headers, path
