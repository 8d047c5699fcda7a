"""Try a finished deal again from one of its decisions, and look back with all cards shown.

:mod:`.branch` restarts a deal at a decision, :mod:`.session` keeps the tries,
:mod:`.hindsight` gives the open-hand values, :mod:`.render` draws the panel.
"""
