"""Tests of stationmaster/lite."""
