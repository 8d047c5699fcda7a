"""Room codes and seat tokens: unguessable, readable, compared in constant time.

A room code is ten symbols from an alphabet without the look-alikes 0/O, 1/I/l (31
symbols: about 49.5 bits), shown in two groups of five. A seat token is a URL-safe random
string; the server keeps only its SHA-256.

>>> code = new_room_code()
>>> len(code), code[5]
(11, '-')
>>> normalize_code(code.lower().replace("-", " ")) == code
True
>>> normalize_code("ABCDE-FGHIO") is None   # I and O are not in the alphabet
True
>>> token = new_seat_token()
>>> token_matches(token, hash_secret(token)), token_matches("guess", hash_secret(token))
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_SYMBOLS = 10
GROUP = 5


def new_room_code() -> str:
    """A fresh room code, e.g. ``"K7QXM-3PART"``."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(CODE_SYMBOLS))
    return f"{raw[:GROUP]}-{raw[GROUP:]}"


def normalize_code(text: str) -> str | None:
    """The canonical form of a typed code (case, spaces and dashes ignored), or None when
    it cannot be a room code."""
    raw = "".join(ch for ch in text.upper() if ch not in " -")
    if len(raw) != CODE_SYMBOLS or any(ch not in ALPHABET for ch in raw):
        return None
    return f"{raw[:GROUP]}-{raw[GROUP:]}"


def new_seat_token() -> str:
    """A fresh seat token (192 random bits)."""
    return secrets.token_urlsafe(24)


def hash_secret(secret: str) -> str:
    """The SHA-256 of a code or token, in hex: what the server stores and indexes by."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    """Whether ``token`` hashes to ``stored_hash``, compared in constant time."""
    return bool(stored_hash) and hmac.compare_digest(hash_secret(token), stored_hash)


def same_code(a: str, b: str) -> bool:
    """Two canonical codes compared in constant time."""
    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))
