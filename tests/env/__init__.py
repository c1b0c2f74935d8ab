"""Tests of stationmaster/env."""
