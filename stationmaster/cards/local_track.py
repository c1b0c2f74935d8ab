"""Local track and switching cards of the full Home deck (v0.4.5 §4.2, §4.3): 45° curves, the
Small Yard, the Flying Switch and the Interchange. Their specs are in ``specs.py``
(``_local_track_specs``)."""

from __future__ import annotations
