"""The board's bot bar: the pace of the bot seats, Pause/Resume, Step and "Skip to my turn", and
resting while no view of the board is shown (the decisions themselves are ``widgets.autoplay``'s).
Shown while the game has bot seats."""

from __future__ import annotations

import ipywidgets as W

from .frontend import set_trait as _set


class BotBar(W.HBox):
    """The bot controls over ``autoplay`` (``widgets.autoplay.Autoplay``); ``say(text)`` puts a
    line on the board's message line."""

    def __init__(self, autoplay, say) -> None:
        self.autoplay = autoplay
        self._say = say
        self.resting = False  # bots paused because no view of the board is shown
        self.pace_slider = W.FloatSlider(value=autoplay.pace, min=0.0, max=3.0, step=0.1, description="Bot pace",
                                         readout_format=".1f", tooltip="seconds between two bot decisions",
                                         style={"description_width": "initial"}, layout=W.Layout(width="18em"))
        self.pace_slider.observe(self._on_pace, "value")
        self.pause_button = W.ToggleButton(value=False, description="Pause", icon="pause",
                                           tooltip="pause the bots (Resume lets them go on)",
                                           layout=W.Layout(width="auto"))
        self.pause_button.observe(self._on_pause, "value")
        self.step_button = W.Button(description="Step", icon="step-forward", tooltip="one bot decision now",
                                    layout=W.Layout(width="auto"))
        self.step_button.on_click(lambda b: self.step_bots(1))
        self.skip_button = W.Button(description="Skip to my turn", icon="fast-forward",
                                    tooltip="the bots decide without pauses until you must",
                                    layout=W.Layout(width="auto"))
        self.skip_button.on_click(lambda b: self.skip_to_my_turn())
        super().__init__([W.HTML("<b>Bots:</b>&nbsp;"), self.pace_slider, self.pause_button, self.step_button,
                          self.skip_button],
                         layout=W.Layout(display="none", flex_flow="row wrap", align_items="center"))

    def update(self) -> None:
        """Shown while the game has bots; Step and Skip while one is to act; Pause or Resume."""
        g, a = self.autoplay.game, self.autoplay
        _set(self.layout, "display", "flex" if g.bots else "none")
        if not g.bots:
            return
        idle = a.to_act() is None
        _set(self.skip_button, "description", "Skip to my turn" if g.humans else "Skip to the end")
        _set(self.skip_button, "disabled", idle)
        _set(self.step_button, "disabled", idle)
        _set(self.pause_button, "description", "Resume" if a.paused else "Pause")
        _set(self.pause_button, "icon", "play" if a.paused else "pause")
        _set(self.pause_button, "value", a.paused)

    def _on_pace(self, change) -> None:
        self.autoplay.pace = float(change["new"])

    def _on_pause(self, change) -> None:
        if change["new"] == self.autoplay.paused:
            return
        if change["new"]:
            self.autoplay.pause()
            self._say("The bots are paused: Resume lets them go on, Step makes one decision.")
        else:
            self._say("")
            self.autoplay.resume()
        self.update()

    def views_changed(self, old: int, new: int) -> None:
        """The browser shows the board in ``new`` places (``old`` before). When the last view goes
        (the cell was run again or cleared, the notebook closed) the bots rest instead of playing
        on unseen; they go on when the board is shown again."""
        if new == 0 and old > 0 and not self.autoplay.paused:
            self.resting = True
            self.autoplay.pause()
        elif new > 0 and self.resting:
            self.resting = False
            self.autoplay.resume()
        self.update()

    def pause_bots(self, paused: bool = True) -> None:
        """Pause (or resume) the bot seats, as the Pause/Resume button does."""
        self.pause_button.value = paused

    def step_bots(self, limit: int | None = None) -> list:
        """Apply bot decisions now (all of them until a person must decide, or ``limit``), without
        pauses; returns ``[(player, Decision), ...]``. For scripts, and tests without a kernel."""
        done = self.autoplay.run(limit)
        self.update()
        return done

    def skip_to_my_turn(self) -> None:
        """The bots decide without pauses until a person must decide (the game's end if none)."""
        self.autoplay.skip()
        self.update()
