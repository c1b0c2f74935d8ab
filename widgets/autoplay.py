"""The computer players at the board: the decisions of a game's bot seats, applied by themselves,
paced so a person can follow them. No ipywidgets here.

In a notebook the kernel runs an asyncio event loop; each bot decision is a ``loop.call_later``
callback ``pace`` seconds after the previous change, so the board repaints, and the buttons (Pause,
Skip to my turn, Undo) work, between decisions: the kernel is never blocked by the pacing. Without
a running loop (a script, the tests) ``step()`` and ``run()`` apply decisions synchronously, and
with ``pace == 0`` ``wake()`` runs the bots at once.

Every decision's one-line reason (``Decision.reason``) is kept in ``notes`` by intent number, for
the event log: "Bo (planner): boards 2 passengers at the Depot".
"""

from __future__ import annotations

import asyncio

from stationmaster.bots import Decision, bot_for
from stationmaster.bots.seats import bot_name

DEFAULT_PACE = 0.7  # seconds between two bot decisions


def running_loop():
    """The asyncio loop running this thread (the kernel's), or None (a script)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Autoplay:
    """Plays the bot seats of ``controller.game``. ``wake()`` after every change of the game;
    ``on_step(player, decision)`` is called after each decision is applied; ``loop`` replaces the
    running asyncio loop (tests pass a fake one with ``call_later``)."""

    def __init__(self, controller, pace: float | None = None, on_step=None, loop=None) -> None:
        self.controller = controller
        self.pace = DEFAULT_PACE if pace is None else float(pace)
        self.on_step = on_step
        self.loop = loop
        self.paused = False
        self.skipping = False
        self.notes: dict = {}  # intent number -> "Bo (planner): reason"
        self._handle = None
        self._running = False
        self.applying = False  # a bot decision is being applied (the board says it, not a script)

    @property
    def game(self):
        return self.controller.game

    def to_act(self) -> tuple | None:
        """``(player, bot name)`` when a bot seat must decide now, else None."""
        g = self.game
        if g.is_over or g.actor is None:
            return None
        spec = g.bots.get(g.actor)
        return None if spec is None else (g.actor, bot_name(spec))

    @property
    def waiting(self) -> bool:
        """A bot decision is scheduled."""
        return self._handle is not None

    # ------------------------------------------------------------------ one decision

    def step(self):
        """Apply one bot decision now; ``(player, Decision)``, or None when no bot is to act (or
        the bot failed: then the bots pause and the message line says why)."""
        seat = self.to_act()
        if seat is None:
            return None
        player, name = seat
        g, c = self.game, self.controller
        try:
            decision = bot_for(g, player).decide(g)
            if not isinstance(decision, Decision):
                decision = Decision(decision)
        except Exception as e:  # an unknown bot name in a save, a bot's own fault
            return self._fail(f"{player}'s bot ({name}) could not decide: {type(e).__name__}: {e}")
        n = len(g.history) + 1
        line = f"{player} ({name}): {decision.reason or decision.intent}"
        self.notes[n] = line
        self.applying = True  # the board tells a bot's change from a script's
        try:
            events = g.apply(decision.intent)
        except Exception as e:
            self.notes.pop(n, None)
            return self._fail(f"{player}'s bot ({name}) chose '{decision.intent}', which was refused: {e}")
        finally:
            self.applying = False
        c.sync()
        what = c.summary(events)
        c.say(f"{line} — {what}" if what else line)
        c.settle()  # a person's seat next: what the options decide by themselves (an idle draw, a sure collision)
        if self.on_step is not None:
            self.on_step(player, decision)
        return player, decision

    def _fail(self, why: str):
        self.paused = True
        self.skipping = False
        self.cancel()
        self.controller.say(why + ". The bots are paused; press Resume to try again.", error=True)
        if self.on_step is not None:
            self.on_step(None, None)
        return None

    def run(self, limit: int | None = None) -> list:
        """Apply bot decisions now until a person must decide, the game is over, the bots are
        paused, or ``limit`` decisions were made. Returns ``[(player, Decision), ...]``."""
        done = []
        self.cancel()
        self._running = True
        try:
            while limit is None or len(done) < limit:
                got = self.step()
                if got is None:
                    break
                done.append(got)
        finally:
            self._running = False
        if self.to_act() is None:
            self.skipping = False
        return done

    # ------------------------------------------------------------------ pacing

    def wake(self) -> None:
        """The game changed: if a bot must decide, schedule its decision (or make it now)."""
        if self._running or self._handle is not None:
            return
        if self.to_act() is None:
            self.skipping = False
            return
        if self.paused:
            return
        loop = self.loop or running_loop()
        if loop is not None:
            self._handle = loop.call_later(0 if self.skipping else self.pace, self._tick)
        elif self.pace <= 0 or self.skipping:
            self.run()

    def _tick(self) -> None:
        self._handle = None
        if self.paused:
            return
        if self.step() is not None:
            self.wake()  # the board's observer woke us already unless the step failed

    def cancel(self) -> None:
        """Drop the scheduled decision, if any."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def skip(self) -> None:
        """Skip to my turn: the bots decide without pauses until a person must decide."""
        self.skipping = True
        self.paused = False
        self.cancel()
        self.wake()

    def pause(self) -> None:
        self.paused = True
        self.skipping = False
        self.cancel()

    def resume(self) -> None:
        self.paused = False
        self.wake()

    def reset(self) -> None:
        """Another game (new, loaded): its bots start playing; earlier notes and schedule go."""
        self.cancel()
        self.paused = self.skipping = False
        self.notes = {}

    def forget_after(self, n: int) -> None:
        """The game went back to intent ``n`` (undo): notes of later intents no longer apply."""
        if any(k > n for k in self.notes):
            self.notes = {k: v for k, v in self.notes.items() if k <= n}
