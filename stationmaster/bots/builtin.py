"""Imports the bots that ship with the engine, so that they register themselves."""

from . import expert, greedy, passenger, planner, random_bot, search  # noqa: F401
