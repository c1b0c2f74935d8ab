"""Tests of the board, widgets/ (stationmaster.widgets)."""
