"""The search face of a deal, ``DealCore`` (``push`` / ``pop``, python-chess style), under
the name the engine gave it first; it lives beside ``HandState`` in ``state.py``, the two
faces of one node. How a deal moves is the phase table's (``phases.py``), whose names
(``PHASE_RULES``, ``PhaseRules``, ``fields``, the general path) are found here too.

>>> from euchre.deal import Deal
>>> from euchre.rules import Rules
>>> core = DealCore.start(Deal.random(seed=7, dealer=0), Rules())
>>> [str(a) for a in core.legal_actions()]
['pass', 'order', 'order alone']
>>> core.push(core.legal_actions()[0]); core.to_act
2
>>> core.pop(); core.to_act
Action.parse('pass')
1
"""

from __future__ import annotations

from euchre.actions import IllegalAction
from euchre.phases import (
    PHASE_RULES,
    advance,
    checked,
    fields,
    legal_actions,
    reason,
    replay,
    start,
)
from euchre.position import PhaseRules
from euchre.state import DealCore

__all__ = [
    "PHASE_RULES",
    "DealCore",
    "IllegalAction",
    "PhaseRules",
    "advance",
    "checked",
    "fields",
    "legal_actions",
    "reason",
    "replay",
    "start",
]
