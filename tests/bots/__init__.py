"""Tests of stationmaster/bots."""
