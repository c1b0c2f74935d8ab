"""Tests of stationmaster/cards."""
