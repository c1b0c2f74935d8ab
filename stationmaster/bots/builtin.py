"""Imports the bots that ship with the engine, so that they register themselves."""

from . import greedy, random_bot  # noqa: F401
