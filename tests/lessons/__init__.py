"""Tests of stationmaster/lessons."""
