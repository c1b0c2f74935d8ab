"""Tests of the stationmaster command (stationmaster/cli.py)."""
