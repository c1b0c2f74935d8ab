"""The greedy bot: takes any Revenue it can have at once, otherwise follows a fixed list.

The reference for careless play, "take any Revenue now": it keeps every box it can stocked and
cleared (so that Revenue is there to take), then draws and plays whatever it can; it never plans,
never switches, and ignores what its moves cost later (collisions included). A strategy study must
show it losing (issue 16: at most 15% of Standard solitaire under ``balance="v2"``).
"""

from __future__ import annotations

from ..cards.opponent import EFFECTS
from ..intents import Play
from ..query import spec_of
from .attacks import leader, victim_of
from .base import Bot, Decision, register

#: when nothing earns at once: the first kind of intent on this list that is legal, first come
#: first served within a kind (text prefixes of the intents, see docs/notation.md)
PREFERENCES = (
    ("agent stock ", "stocks a green box: Revenue to take next"),
    ("agent clear ", "clears a red box: room to earn again"),
    ("draw home", "draws from the Home Office"),
    ("draw dept", "takes the top card of a Department"),
    ("play ", "plays a card it can"),
    ("run ", "sends its Extra the first way it can"),
    ("place ", "puts the first car it can on the new train"),
    ("hold", "holds the following train: clearing it is a risk"),
    ("end", "has nothing else it wants to do"),
    ("agent pass", "has nothing else it wants to do"),
    ("discard ", "discards down to its hand limit"),
)


def revenue_now(game, intent) -> int | None:
    """What ``intent`` would change the actor's Revenue by at once, tried on a copy; None when
    the trial drew a card or rolled a die (its result is hidden from the player, so it is not
    used)."""
    me = game.actor
    trial = game.copy()
    s = trial.state
    rng, home = s.rng, len(s.home)
    before = trial.revenue[me]
    trial.apply(intent)
    s = trial.state
    if s.rng != rng or len(s.home) != home:
        return None
    return trial.revenue[me] - before


@register
class GreedyBot(Bot):
    """The intent that raises its Revenue most at once; otherwise the first on ``PREFERENCES``."""

    name = "greedy"
    OPTIONS = ()  # takes no options besides its seed

    def decide(self, game) -> Decision:
        legal = self.legal(game)
        best, gain = None, 0
        if len(legal) > 1:
            for it in legal:
                g = revenue_now(game, it)
                if g is not None and g > gain:
                    best, gain = it, g
        if best is not None:
            return Decision(best, f"'{best}' earns {gain} Revenue now")
        legal = [it for it in legal if not _off_leader(game, it)]
        texts = [str(it) for it in legal]
        for prefix, why in PREFERENCES:
            for it, text in zip(legal, texts):
                if text.startswith(prefix):
                    return Decision(it, f"nothing earns Revenue now; {why}")
        return Decision(legal[0], "nothing earns Revenue now; takes the first thing it may do")


def _off_leader(game, it) -> bool:
    """An opponent card played on someone other than the leader ([O1]): even a careless player
    aims at the one ahead."""
    s = game.state
    if not (isinstance(it, Play) and spec_of(s, it.card).key in EFFECTS):
        return False
    return victim_of(s, it) != leader(s, game.players.index(game.actor))
