"""The opponent-directed cards of the full Home deck (v0.4.5 §6.2): the 10 action and 12 space-use
cards played on another player in Competitive games. Their specs are in ``specs.py``
(``_opponent_specs``)."""

from __future__ import annotations
