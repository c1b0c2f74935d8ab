"""The board read-only, over a game's record: ``stationmaster.replay(game_or_save, review=None)``.

``ReplayBoard`` shows the position in which each decision was made (``replaysteps``: rebuilt from
the timeline's nearest snapshot, a few milliseconds) on the same table as the live board
(``tableview.TableView``, ipycanvas or SVG), with the move played there marked and, with a review
(``stationmaster.review``), the better move, the verdict, the why and the expected-Revenue curve
(``reviewstrip``). A slider, the step buttons and the keys (``replaykeys``: ←/→ one decision, ↑/↓ one
Stage, Home/End) move it. Nothing in it applies an intent: a click on the table says so. "Play on
from here" (``playon``) starts a new game from the step shown, on a board of its own shown in the
replay's place, with a button back.
"""

from __future__ import annotations

import gc
import html
import os
import time

import ipywidgets as W

from . import frontend, replaykeys
from . import surface as _surface
from .frontend import set_trait as _set
from .playon import PlayOn
from .replaysteps import MOVES, ReplaySteps
from .reviewstrip import curve_for, legend, step_html
from .tableview import HIGHLIGHT, TableView

#: the step buttons: (move, icon, tooltip)
BUTTONS = (("first", "fast-backward", "the first decision (Home)"),
           ("stage_back", "backward", "back one Stage: to this Stage's first decision, or the one before (↑)"),
           ("back", "step-backward", "back one decision (←)"),
           ("forward", "step-forward", "on one decision (→)"),
           ("stage_forward", "forward", "on one Stage: the next Stage's first decision (↓)"),
           ("last", "fast-forward", "the end of the record (End)"))
#: what a click on the table says: nothing there changes the game
READ_ONLY = ("This is a replay: the board shows the game as it was, and nothing here changes it. "
             "Play on from here to try another move.")

CSS = ("<style>.sm-replay:focus{outline:none}.sm-replay:focus-within{box-shadow:0 0 0 2px #1f6feb66}"
       ".sm-replay .sm-steps{align-items:center;min-height:34px;flex-wrap:wrap}"
       ".sm-replay .sm-steps .jupyter-button{height:28px;min-width:34px;padding:0 6px;margin:2px 2px 2px 0;flex:0 0 auto}"
       ".sm-replay .sm-steps .widget-slider{flex:1 1 auto;min-width:120px}"
       ".sm-replay .sm-strip{height:100px;min-height:100px;overflow:hidden;align-items:flex-start}"
       ".sm-replay .sm-strip .sm-words{flex:1 1 auto;min-width:0;overflow-y:auto;height:100px}"
       ".sm-replay .sm-strip .sm-words .widget-html-content{line-height:1.45;white-space:normal}"
       ".sm-replay .sm-strip .sm-curve-box{flex:0 0 auto}"
       ".sm-replay .sm-why{font-style:italic}.sm-replay .sm-steps .sm-idle{opacity:0.4}</style>")


class ReplayBoard(W.VBox):
    """A read-only board over ``game``'s record (see the module docstring). ``review``: a
    ``stationmaster.review`` Review of the game (or None); ``step``: the step to open at (1: the
    first decision; ``len(game.timeline) + 1``: the end); ``on_close``: shows a "Back to the game"
    button that calls it (the live board's Review does). ``surface`` as ``sm.play``'s; ``make_board``
    (``GameBoard``, or None: no Play on from here) makes the board of a game played on from here,
    and ``autosave`` says where that game autosaves."""

    def __init__(self, game, review=None, *, step: int = 1, theme: str = "auto", surface: str = "auto",
                 on_close=None, make_board=None, autosave=True, message: str = "") -> None:
        if getattr(game, "timeline", None) is None:
            raise TypeError("a replay needs a stationmaster Game with its record (game.timeline), "
                            f"not {type(game).__name__}")
        self.game = game
        self.steps = ReplaySteps(game, review, step)
        self.current = None  # the Step shown
        self.step_ms = 0.0  # the kernel's time for the last step (rebuild, scene, paint, words)
        self.message = (message, "warning" if message else "")  # the status line's note, and its level
        self.theme_choice = theme
        kind = _surface.choose(surface)
        self.page = frontend.helper(False)
        self.key_helper = replaykeys.helper()
        if self.key_helper is not None:
            self.key_helper.on_key(self.move)
        self.table = TableView(kind, self.page, on_click=self._on_click, marks=self._marks,
                               on_layout=lambda whole: self.show())
        if self.page is not None:
            self.page.observe(lambda ch: self.theme_choice == "auto" and self.show(), "page_theme")
        self.buttons = {}
        self.idle = set()  # the moves whose buttons are greyed (they would go nowhere from the step shown)
        for move, icon, tip in BUTTONS:
            b = W.Button(icon=icon, tooltip=tip, layout=W.Layout(width="34px"))
            b.on_click(lambda _b, move=move: self.move(move))
            self.buttons[move] = b
        self.slider = W.IntSlider(min=1, max=self.steps.last, value=self.steps.k, readout=False,
                                  continuous_update=True, description="", layout=W.Layout(width="auto"))
        self.slider.observe(lambda ch: self.go(ch["new"]), "value")
        self.readout = W.HTML(layout=W.Layout(flex="0 0 auto"))
        self.review_button = W.Button(description="Review", icon="search", tooltip="review this game: the "
                                      "better moves and where the Revenue went (takes a while)",
                                      layout=W.Layout(width="auto", display="none" if review is not None else ""))
        self.review_button.on_click(lambda _b: self.review_now())
        self.close_button = W.Button(description="Back to the game", icon="times", layout=W.Layout(
            width="auto", display="" if on_close else "none"))
        if on_close:
            self.close_button.on_click(lambda _b: on_close())
        first, stage_back, back, forward, stage_forward, last = (self.buttons[m] for m in MOVES)
        self.steps_row = W.HBox([first, stage_back, back, self.slider, forward, stage_forward, last, self.readout])
        self.steps_row.add_class("sm-steps")
        self.status = W.HTML()
        self.status.add_class("sm-line")
        self.words = W.HTML(layout=W.Layout(width="auto"))
        self.words.add_class("sm-words")
        self.curve = W.HTML()
        self.curve_box = W.VBox([self.curve])
        self.curve_box.add_class("sm-curve-box")
        self.strip = W.HBox([self.words, self.curve_box], layout=W.Layout(width="100%"))
        self.strip.add_class("sm-strip")
        self.bar = W.VBox([self.steps_row, self.status, self.strip], layout=W.Layout(width="100%"))
        self.bar.add_class("sm-bar")
        self.stage = W.Box([self.table.canvas], layout=W.Layout(width="100%"))
        self.stage.add_class("sm-stage")
        self.play_on = PlayOn(game.players, game.bots, game=lambda: self.game, step=lambda: self.steps.k,
                              show=self._show_board, say=self.say, make_board=make_board, autosave=autosave,
                              surface=kind)
        if make_board is None:
            self.play_on.layout.display = self.play_on.button.layout.display = "none"
        self.steps_row.children += (self.play_on.button, self.review_button, self.close_button)
        self.style = W.HTML(frontend.css() + CSS, layout=W.Layout(display="none"))
        helpers = [w for w in (self.page, self.key_helper) if w is not None]
        self._own = [self.style, *helpers, self.bar, self.stage, self.play_on]
        super().__init__(children=self._own, layout=W.Layout(width="100%"))
        self.add_class("station-master-board")
        self.add_class("sm-replay")
        self.theme = ""
        self.show()

    # ------------------------------------------------------------------ moving

    @property
    def review(self):
        return self.steps.review

    @property
    def k(self) -> int:
        """The step shown: the position before decision ``k`` (``len(game.timeline) + 1``: the end)."""
        return self.steps.k

    def go(self, k: int) -> None:
        """Show step ``k`` (kept within the record)."""
        if k != self.steps.k or self.current is None:
            self.steps.go(k)
            self.show()

    def move(self, move: str) -> None:
        """One of ``replaysteps.MOVES``: "first", "stage_back", "back", "forward", "stage_forward", "last"."""
        self.go(self.steps.target(move))

    def press(self, key: str) -> None:
        """A key pressed in the replay, as the browser sends it ("ArrowLeft", "Home"...)."""
        if self.key_helper is not None:
            self.key_helper.press(key)

    def show(self) -> None:
        """Draw the step shown: its position, the marks, the words and the curve. Python's garbage
        collector waits until the step is drawn and sent: a full collection of a kernel's heap
        (30 ms and more) would otherwise land inside a step now and then."""
        start = time.perf_counter()
        collecting = gc.isenabled()
        gc.disable()
        try:
            self._show()
        finally:
            if collecting:
                gc.enable()
        self.step_ms = (time.perf_counter() - start) * 1000

    def _show(self) -> None:
        self._apply_theme()
        step = self.current = self.steps.step()
        self.table.focus = step.seat  # the Area of the player who decides (the end: the viewer's)
        self.table.build(step.state, step.viewer, self.theme, dict)
        self.table.paint()
        s = self.steps
        _set(self.slider, "max", s.last)
        _set(self.slider, "value", s.k)
        for move, b in self.buttons.items():  # greyed, never disabled: a disabled button loses the focus (the keys)
            idle = s.target(move) == s.k
            if idle != (move in self.idle):
                (b.add_class if idle else b.remove_class)("sm-idle")
                (self.idle.add if idle else self.idle.discard)(move)
        _set(self.readout, "value", f"&nbsp;{s.k if s.k < s.last else 'end'} / {len(s)}")
        self._show_status()
        _set(self.words, "value", step_html(step, self.theme, self.review is not None))
        seq = step.entry.seq if step.entry is not None else len(s)
        curve = curve_for(self.review, seq, self.theme)
        _set(self.curve, "value", curve + (f"<div>{legend(self.theme, True)}</div>" if curve else ""))
        _set(self.curve_box.layout, "display", "" if curve else "none")

    def _show_status(self) -> None:
        where = self.steps.where(self.current)
        text, level = self.message
        colour = {"error": "#b3261e", "warning": "#9a6700"}.get(level, "inherit")
        extra = f" · <span class='sm-message' style='color:{colour}'>{html.escape(text)}</span>" if text else ""
        _set(self.status, "value", f"<div class='sm-one-line'><b>Replay</b> · {where}{extra}</div>")

    def _apply_theme(self) -> None:
        want = self.theme_choice
        if want == "auto":
            want = self.page.page_theme if self.page is not None else ""
        want = want if want in HIGHLIGHT else "light"
        if want != self.theme:
            if self.theme:
                self.remove_class(f"sm-theme-{self.theme}")
            self.add_class(f"sm-theme-{want}")
            self.theme = want

    def _marks(self) -> tuple:
        return (self.current.marks() if self.current is not None else []), {}

    def _on_click(self, x, y) -> None:
        """Read-only: a click changes nothing, and says so."""
        self.say(READ_ONLY)

    def click(self, x: float, y: float) -> None:
        """Click the table at scene pixel (x, y), as the mouse does (it changes nothing)."""
        self._on_click(x, y)

    def say(self, text: str, level: str = "") -> None:
        """Put ``text`` on the status line (after where the replay is); ``level`` "", "warning" or "error"."""
        self.message = (text, level)
        self._show_status()

    # ------------------------------------------------------------------ review and playing on

    def set_review(self, review) -> None:
        """Show ``review`` (a Review of this game) from now on: verdicts, better moves, the curve."""
        self.steps.review = review
        _set(self.review_button.layout, "display", "none" if review is not None else "")
        self.show()

    def review_now(self) -> None:
        """Review the game (``stationmaster.review.review``) and show it."""
        got = review_of(self.game, self.say, progress=lambda done, total: self.say(
            f"Reviewing: {done} of {total} decisions judged…"))
        if got is not None:
            self.say("")
            self.set_review(got)

    def branch(self, bots=None):
        """Play on from the step shown (``PlayOn.play_on``): the new game's board, shown in the
        replay's place (None if the game cannot be branched there)."""
        return self.play_on.play_on(bots)

    def _show_board(self, board) -> None:
        back = W.Button(description="Back to the replay", icon="arrow-left", layout=W.Layout(width="auto"))
        back.on_click(lambda _b: self.back_to_replay())
        note = W.HTML(f"&nbsp;A new game from decision {self.steps.k}: the replayed game is unchanged.")
        keys = []
        if self.key_helper is not None:  # kept: a press here stays the replay's, its keys the board's
            self.key_helper.active = False
            keys = [self.key_helper]
        self.children = [self.style, *keys, W.HBox([back, note]), board]

    def close(self) -> None:
        """Close the replay with its parts, and the board of a game played on from it (its bots stop)."""
        try:
            if getattr(self, "play_on", None) is not None and self.play_on.board is not None:
                self.play_on.board.close()
            if getattr(self, "table", None) is not None:
                self.table.close()
            for w in (*getattr(self, "_own", ()), self.layout):
                frontend.close_widget(w)
        except ImportError:  # pragma: no cover - collected as the interpreter shuts down: nothing to tidy
            pass
        super().close()

    def back_to_replay(self) -> None:
        """Show the replay again in place of the game played on (which goes on being its own), with
        the focus (its keys) and in view."""
        self.children = self._own
        if self.key_helper is not None:
            self.key_helper.active = self.key_helper.focus = True
        self.show()


def review_of(game, say, progress=None):
    """``stationmaster.review.review(game)``, or None with the reason said (``say(text, level)``);
    ``progress(done, total)`` follows it (None: the review's own bar in a notebook)."""
    try:
        from stationmaster.review import review
    except ImportError:
        say("The review is not available in this version of Station Master.", "error")
        return None
    try:
        return review(game, progress=progress)
    except KeyboardInterrupt:
        say("The review was stopped before it had a result.", "warning")
        return None
    except Exception as e:  # a button must never leave the board silent: the replay opens without it
        say(f"The review could not be made: {type(e).__name__}: {e}", "error")
        return None


def replay(game_or_save, review=None, *, step: int = 1, theme: str = "auto", surface: str = "auto",
           autosave=True, make_board=None) -> ReplayBoard:
    """A read-only board over a game's record: ``game_or_save`` is a ``Game`` or a save file's
    path; ``review`` a Review of it (``stationmaster.review.review(game)``), or True to review it
    now. See ``ReplayBoard``."""
    import stationmaster as sm

    message = ""
    game = game_or_save
    if isinstance(game_or_save, (str, os.PathLike)):
        game = sm.load(game_or_save)
        if game.replay_error:
            message = f"The save's record stops early: {game.replay_error}"
    elif not isinstance(game_or_save, sm.Game):
        raise TypeError(f"replay() takes a Game or a save file's path, not {type(game_or_save).__name__}")
    board = ReplayBoard(game, None if review is True else review, step=step, theme=theme, surface=surface,
                        autosave=autosave, make_board=make_board, message=message)
    if review is True:
        board.review_now()
    return board
