"""Tests of the engine's top-level modules (game, intents, saves, record, timeline, config, rules, track...)."""
