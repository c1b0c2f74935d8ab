"""Who the board is for at a shared table: whose hand it shows (``viewer``), whom its words speak to
(the reader: "your Office" or "Bo's Office") and who made the game's last intent.

A ``Game`` says who made each intent (its timeline); a remote seat's game does not, so
``Audience`` remembers who was to act at each update it has seen."""

from __future__ import annotations

from .words import say as say_intent


class Audience:
    """The board's viewer and reader for ``game()`` (the board's live game) and ``controller``."""

    def __init__(self, game, controller) -> None:
        self._game = game
        self._controller = controller
        self.viewer = None  # the player whose hand the board shows
        self.seen = len(game().history)  # the intents the board has seen
        self._actor_seen = self._maker_seen = None  # who was to act at the last update, and who made the last intent

    def update(self) -> bool:
        """The board updates: note who made the last intent, as far as the board saw, and whose
        hand to show now. True when that is another player's than before (hot-seat)."""
        g = self._game()
        n = len(g.history)
        if n != self.seen:
            self._maker_seen = self._actor_seen if n == self.seen + 1 else None
        self._actor_seen = g.actor
        self.seen = n
        viewer = self._viewer()
        changed, self.viewer = viewer != self.viewer, viewer
        return changed

    def _viewer(self) -> int | None:
        """Whose hand the board shows: the actor's, unless the actor is a bot and people play
        too (then the person's who decided last, or the first person's): a bot's hand is hidden."""
        g = self._game()
        p, humans = self._controller.player, g.humans
        if p is not None and (not humans or g.actor in humans):
            return p
        v = self.viewer
        if v is not None and v < len(g.players) and (not humans or g.players[v] in humans):
            return v
        return g.players.index(humans[0]) if humans else None

    def said(self, intent, last: bool = False) -> str:
        """An intent in words (for messages and tooltips), never its script text. ``last``: the
        game's last intent, said of the Area of the player who made it — "Bo's Office" when that
        is not the player the board speaks to now (``reader``), never "your Office"."""
        g = self._game()
        maker = self.last_maker() if last else g.actor
        names = list(g.players)
        p = names.index(maker) if maker in names else self._controller.player
        if p is None and names:
            p = 0
        seat = g.state.players[p].seat if p is not None else None
        owner = names[p] if p is not None and names[p] != self.reader() else None
        try:
            return say_intent(g.state, intent, seat, owner)
        except Exception:  # pragma: no cover - words must never break a message
            return "the last step"

    def reader(self) -> str | None:
        """The player the board speaks to now: the person to act, else the one person playing here
        (a remote seat's own player); None when several people share the board or none does."""
        g = self._game()
        humans = tuple(g.humans)
        if g.actor in humans:
            return g.actor
        return humans[0] if len(humans) == 1 else None

    def last_maker(self) -> str | None:
        """The player who made the game's last intent."""
        g = self._game()
        timeline = getattr(g, "timeline", None)
        if timeline is not None:
            return g.players[timeline[-1].actor] if len(timeline) else None
        n = len(g.history)
        if n == self.seen + 1:  # asked before the board has seen the change
            return self._actor_seen
        return self._maker_seen if n == self.seen else None
