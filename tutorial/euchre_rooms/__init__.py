"""``euchre_rooms``: private rooms where friends and computer players share a table,
refereed by the ``euchre`` engine. Server-side only: the browser's wheels leave it out.

Run it with ``python -m euchre_rooms --port 8765``; the protocol is in PROTOCOL.md.
"""

from euchre_rooms.app import create_app
from euchre_rooms.config import Settings
from euchre_rooms.hub import Hub

__all__ = ["Hub", "Settings", "create_app"]
