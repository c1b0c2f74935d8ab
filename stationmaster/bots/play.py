"""Letting bots play their seats of a game."""

from __future__ import annotations

from .base import Decision, make


def bot_for(game, player: str):
    """The Bot playing ``player``'s seat of ``game`` (made once per game and kept), or None."""
    spec = game.bots.get(player)
    if spec is None:
        return None
    cache = game.__dict__.setdefault("_bot_players", {})
    bot = cache.get(player)
    if bot is None:
        bot = cache[player] = make(spec, seed=game.seed)
    return bot


def play_turns(game, max_decisions: int | None = None, on_decision=None) -> list:
    """Apply the bots' decisions while a bot seat is to act; stop when a human must decide, the
    game is over, or ``max_decisions`` were made. ``on_decision(player, decision)`` is called after
    each one is applied. Returns ``[(player, Decision), ...]``."""
    done = []
    while not game.is_over and (max_decisions is None or len(done) < max_decisions):
        player = game.actor
        bot = bot_for(game, player)
        if bot is None:
            break
        decision = bot.decide(game)
        if not isinstance(decision, Decision):
            decision = Decision(decision)
        game.apply(decision.intent)
        done.append((player, decision))
        if on_decision is not None:
            on_decision(player, decision)
    return done
