"""Tests of stationmaster/phases."""
