"""Fixtures for the engine tests."""

from __future__ import annotations

import pytest
from euchre import HandState

from tests.engine.builders import HANDS, KITTY, UPCARD, make_state


@pytest.fixture
def fixed() -> HandState:
    """A fixed deal: dealer 3, upcard 9♥; seat 0 holds every top heart."""
    return make_state(HANDS, UPCARD, dealer=3, kitty=KITTY)
