"""Tests of stationmaster/view."""
