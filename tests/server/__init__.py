"""Tests of stationmaster/server and the remote client."""
