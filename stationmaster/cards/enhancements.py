"""Enhancements of the full Home deck (v0.4.5 §4.2): cards played onto one of your own placed
cards, and the defensive ones (Facing Point Locks, Water Column, Overpass) that answer the
``defence`` rule point. Their specs are in ``specs.py`` (``_enhancement_specs``)."""

from __future__ import annotations
