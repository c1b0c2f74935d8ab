"""The board's help for the person playing: What can I do?, the Hint (what a good player would do
now, and where to click) and the summary of a Day that just ended — what they say, shown in the
overlay's panels (``overlays.py``)."""

from __future__ import annotations

from stationmaster.errors import IllegalIntent
from stationmaster.intents import parse

from . import advice
from .words import capital, for_mouse


def hint_steps(controller, clicks) -> str:
    """A Hint's clicks and presses in order, the marks by their numbers: "click 1, press Turned,
    then click 2"; "click the marked place" for one click alone."""
    shown = {a.key: a.label for a in controller.actions()}
    steps, k = [], 0
    for kind, t in clicks:
        if kind == "click":
            k += 1
            steps.append(f"click {k}")
        else:
            label = shown.get(t) or {"ui:turned": "Turned", "ui:cancel": "Cancel"}.get(t)
            if label is None:
                try:
                    label = controller.button_label(parse(t))
                except (IllegalIntent, ValueError):
                    label = "its button"
            steps.append(f"press {label}")
    if k == 1:
        steps = ["click the marked place" if st == "click 1" else st for st in steps]
    elif k > 1:
        steps = [st.replace("click ", "click mark ", 1) if st.startswith("click ") else st for st in steps]
    return ", then ".join(steps)


class Coach:
    """Help over ``overlay`` for ``game()`` and ``controller``; ``said(intent)`` says an intent in
    the board's words, ``tell(text, level)`` puts a line on the message line and updates the
    controls, ``show()`` shows the controller's message alone, ``paint()`` redraws the table (the
    Hint's marks)."""

    def __init__(self, overlay, *, game, controller, said, tell, show, paint) -> None:
        self.overlay = overlay
        self._game, self._controller = game, controller
        self._said, self._tell, self._show, self._paint = said, tell, show, paint

    def update_help(self, shown: bool) -> None:
        """The "What can I do?" list, while its button is down (``shown``)."""
        self.overlay.show_help(advice.options_html(self._controller) if shown else None)

    def what_can_i_do(self) -> list:
        """``[(what, how), ...]``: the useful things the actor can do now (the "What can I do?" list)."""
        return advice.options(self._controller)

    def show_hint(self):
        """Ask the planner what a good player would do now: the message line says it and why, and
        the board marks where to click. Returns the Decision (None without a hint bot)."""
        g, c = self._game(), self._controller
        if c.bot is not None or g.is_over:
            self._tell("No hint now: " + ("the game is over." if g.is_over else f"{g.actor}'s bot is deciding."))
            return None
        try:
            decision = advice.hint(g)
        except Exception as e:  # a bot's fault must not break the board
            self._tell(f"The hint bot could not decide: {type(e).__name__}: {e}", "error")
            return None
        if decision is None:
            self._tell("Hint needs the planner bot, which this installation lacks.", "error")
            return None
        clicks = c.clicks_for(decision.intent)
        targets = [tuple(t) for kind, t in clicks if kind == "click"]
        how = hint_steps(c, clicks)
        # board words, never a quoted intent; the reason's own full stop is the sentence's
        why = f" — {for_mouse(decision.reason).rstrip('.')}" if decision.reason else ""
        text = f"Hint: {self._said(decision.intent)}{why}. ({capital(how) or 'Use the buttons'}.)"
        c.say(text)
        # the whole reason in a panel over the board; it goes with the next change of the game
        self.overlay.show_hint((len(g.history), decision, targets), text)
        self._paint()
        self._show()
        return decision

    def hint_marks(self) -> list:
        """``[(target, number), ...]``: the places the Hint marks, in the order to click them (see
        ``Overlays.hint_marks``); empty when no Hint is shown for the game as it is."""
        return self.overlay.hint_marks(len(self._game().history))

    def note_day_end(self) -> None:
        """A Day just ended (in the latest intent's events): show its summary; undone past a Day's
        end: put it away."""
        g = self._game()
        ended = [e.data.get("day") for e in g.last_events if e.kind == "day_end"] if g.history else []
        shown = self.overlay.summary_day
        if ended and ended[-1]:
            self.show_summary(ended[-1])
        elif shown is not None and g.is_over is False and shown >= g.day:
            self.dismiss_summary()

    def show_summary(self, day: int) -> str:
        """Show how ``day`` went (Revenue by source, pace against the target, collisions)."""
        text = advice.summary_html(self._game(), day)
        self.overlay.show_summary(day, text)
        return text

    def dismiss_summary(self) -> None:
        """Put the Day's summary away (OK); the message line goes back to the decision in hand."""
        self.overlay.dismiss_summary()

    def summary_ok(self) -> None:
        """OK on the Day's summary: it goes, and so does the message about the Day's end."""
        self.dismiss_summary()
        self._tell("")
