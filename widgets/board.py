"""The playable board: a drawing surface showing the scene (an ipycanvas ``MultiCanvas``, or SVG where
ipycanvas cannot run: ``surface.py``), and ipywidgets controls around a live ``stationmaster.Game``.
Create it with ``stationmaster.play(...)``.

``GameBoard`` composes small parts, each a module of its own with its own state: the control bar
and the list of legal intents (``bar.py``), the table as drawn (``tableview.py``), the panels over
it (``overlays.py``) and what they say (``coach.py``), the log (``logpanel.py``), the New game form
(``newgame.py``), Save and Load (``files.py``), the bot bar (``botbar.py``), the row of tools with
the theme and the play settings (``tools.py``) and whose hand it shows (``audience.py``). No part
reads another's private state: the board hands each what it needs (a value, a callback) and keeps
the game, the controller, the bots' pacing, the autosave and the order of an update. ``Board`` is
its earlier name (the Porter's intent is ``stationmaster.intents.Board``), kept for notebooks and
scripts that use it."""

from __future__ import annotations

import os

import ipywidgets as W

import stationmaster as sm
from stationmaster.errors import IllegalIntent

from . import advice
from . import autosave as _autosave
from . import connection
from . import facilities
from . import frontend
from . import surface as _surface
from .audience import Audience
from .autoplay import Autoplay
from .bar import ControlBar, IntentList, shown_labels, status_html  # noqa: F401  (shown_labels: its old place)
from .botbar import BotBar
from .coach import Coach
from .controller import PLAY_OPTIONS, Controller
from .files import SaveFiles
from .forwarding import forward_names
from .logpanel import LogPanel
from .newgame import NewGameForm, started_words
from .overlays import Overlays
from .reviewdoor import ReviewDoor
from .tableview import BADGE_R, HIGHLIGHT, TableView  # noqa: F401  (HIGHLIGHT: its old place)
from .tools import Tools
from .words import capital, for_mouse


@forward_names
class GameBoard(W.VBox):
    """A playable Station Master board for one ``stationmaster.Game`` (``board.game``), built of the
    parts the module docstring lists (``board.bar``, ``board.table``, ``board.overlay``,
    ``board.log_box``, ``board.form``, ``board.files``, ``board.bot_box``).

    Everything is done by mouse: choose an option with the buttons (or click the Home Office, a
    Department, one of your trains or a facility on the board), click a crew tray then a
    highlighted spot to move it, click a card in your hand then a highlighted spot to lay it (or a
    Department to discard it), click facility boxes for Freight Agent, Porter and Laborer work. The
    buttons under the board follow the decision in hand; the list "All legal intents" reaches every
    legal intent. A click that makes no legal intent shows the reason in the message line.

    ``board.game`` is the live game: ``board.game.apply("draw home")`` in another cell redraws
    the board (it observes the game). New game, Load (a save file) and the New game form replace
    ``board.game`` with another Game object.

    Size: the browser reports the room the board's canvas may use (``board.room``) and the table
    is laid out for it (``stationmaster.view.scene.room``: about 1:1 on screen, no text under 10 px,
    no target under 18 px, one Office Area large — ``show_area(seat)``, or a click on a player's
    row, shows another). Until a browser has reported its room (a script, the tests) the table is
    the SVG layout, its card row in big print when ``compact`` says so ("auto": when shown small).
    Nothing above the board changes height while playing: the help, the Hint, the Day's summary
    and Load's question open over the board. ``scroll_to_bar=True`` (``sm.play``'s default): its
    first display scrolls the notebook so the control bar is at the top of the view, the bar and
    the whole board on one screen (``widgets.frontend``).

    Autosave: after every accepted intent (and undo/redo) the game is written atomically to its
    own file, ``station-master-autosave-seed<seed>.json`` in the working folder (``autosave`` is
    True for that, a folder, a file path, or False/None for none; see ``widgets.autosave``);
    ``stationmaster.play()`` with no arguments resumes the most recent.

    Surface: ``surface="auto"`` draws on an ipycanvas canvas where ipycanvas imports, else as SVG
    (``svgsurface.py``: JupyterLite); "canvas" or "svg" asks for one (``board.surface`` says which).

    Hot-seat: the board shows the hand of the player whose decision it is. Bot seats
    (``new_game(bots=...)``) decide by themselves, ``pace`` seconds apart, each decision's reason
    in the log; Pause/Resume, Step and "Skip to my turn" control them (``board.autoplay``).
    """

    BADGE_R = BADGE_R

    def __init__(self, game, *, theme: str = "auto", autosave=None, message: str = "",
                 message_level: str = "", scene_builder=None, pace: float | None = None,
                 compact="auto", scroll_to_bar: bool = False, surface: str = "auto", **options) -> None:
        self._game = game
        kind = _surface.choose(surface)  # "canvas" or "svg": what draws the board
        if autosave is True:
            autosave = os.getcwd()
        self.autosaver = _autosave.Autosaver(autosave) if autosave else None
        self.autosave_error = None
        unknown = sorted(set(options) - set(PLAY_OPTIONS))
        if unknown:
            raise TypeError(f"GameBoard() got unknown options {', '.join(unknown)}; the play options are "
                            f"{', '.join(PLAY_OPTIONS)}")
        self.controller = Controller(game, **{k: bool(v) for k, v in options.items()})
        self._calling = False  # the board is inside a controller call (a click, a button)
        self._changed_meanwhile = False  # and the game changed during it: repaint once after
        self.autoplay = Autoplay(self.controller, pace=pace, on_step=self._after_bot)
        self.updates = 0  # game changes seen (apply, undo, redo, another game)
        self.audience = Audience(lambda: self._game, self.controller)
        self.page = frontend.helper(scroll_to_bar)
        if self.page is not None:
            self.page.observe(lambda ch: self.tools.follow_page(ch["new"]), "page_theme")
        self.table = TableView(kind, self.page, on_click=self._on_mouse_down, marks=self._marks,
                               on_layout=self._relayout, scene_builder=scene_builder, compact=compact)
        self.bar = ControlBar(on_press=self.press, on_help=self._update_help, on_hint=lambda: self.coach.show_hint(),
                              on_undo=self.undo, on_redo=self.redo)
        self.intents = IntentList(self._apply_listed)
        self.files = SaveFiles(game=lambda: self._game, install=self._install, say=self.tell,
                               fit=lambda: self.overlay.fit())
        self.overlay = Overlays(self.files.question, on_summary_ok=lambda: self.coach.summary_ok(),
                                measure=lambda: self.table.marked_area([t for t, _ in self.hint_marks()]))
        self.coach = Coach(self.overlay, game=lambda: self._game, controller=self.controller, said=self._said,
                           tell=self.tell, show=self._show_message, paint=self._paint)
        self.form = NewGameForm(start=self.new_game, resume=self.resume_autosave, autosaves=self._other_autosaves,
                                scroll=self._scroll)
        self.bot_box = BotBar(self.autoplay, self.tell)
        self.log_box = LogPanel()
        f, c = self.files, self.controller
        self.review = ReviewDoor(self, game=lambda: self._game, surface=kind, say=self.tell, make_board=type(self),
                                 autosave=autosave)
        self.tools = Tools([self.form.button, f.save_button, f.upload, self.review.button],
                           [self.review.progress, f.save_link], theme=theme,
                           page_theme=lambda: self.page.page_theme if self.page else "", on_theme=self._retheme,
                           options={name: getattr(c, name, False) for name in PLAY_OPTIONS},
                           on_option=self.set_option, game=lambda: self._game)
        super().__init__(children=self._layout(), layout=W.Layout(width="100%"))
        self.add_class("station-master-board")
        self.add_class(f"sm-theme-{self.theme}")
        self.connection = connection.for_game(game)  # a server's seat: its connection's state, atop the bar
        if self.connection is not None:
            self.bar.children = (self.connection, *self.bar.children)
        self._view_count = 0  # ask the browser to count this board's views (the bots rest unseen)
        self.observe(lambda ch: self.bot_box.views_changed(ch["old"] or 0, ch["new"] or 0), "_view_count")
        game.observe(self._on_game)
        self.refresh(game_changed=False)
        if message:
            self.tell(message, message_level)
        self.autoplay.wake()

    def _layout(self) -> list:
        """The control bar (status, message, the decision's buttons and the helpers: each of fixed
        height) above the table; the panels open over the table's top right corner, so nothing
        above the table ever changes height; the tools, the form, the replay, the list of legal
        intents and the log below."""
        self.style = W.HTML(frontend.css(), layout=W.Layout(display="none"))
        self.stage = W.Box([self.table.canvas, self.overlay], layout=W.Layout(width="100%"))
        self.stage.add_class("sm-stage")
        extra = [self.page] if self.page is not None else []
        return [self.style, *extra, self.bar, self.stage, self.bot_box, self.tools, self.form,
                self.tools.mainline_box, self.intents, W.HTML("<b>Log</b>"), self.log_box]

    @property
    def game(self):
        """The live ``stationmaster.Game``."""
        return self._game

    @game.setter
    def game(self, game) -> None:
        if game is self._game:
            return
        self._game.unobserve(self._on_game)
        self._game = game
        self.controller.game = game
        self.autoplay.reset()
        self._forget_transients()
        self.table.forget_heights()  # another game: the board may be as tall as the room again
        self.bot_box.resting = False
        if self.autosaver:
            self.autosaver.notice = None  # it was about the previous game's file
        game.observe(self._on_game)
        self.refresh(game_changed=False)
        self.autoplay.wake()

    def _forget_transients(self) -> None:
        """A new game, a Load or a resume: nothing of the previous game's stays on the board (its
        Day summary, download link, Hint marker, message, selection, a pending Load's question)."""
        self.files.forget()
        self.controller.clear_selection()
        self.controller.say("")
        self.autosave_error = None
        self.overlay.forget()

    @property
    def autosave_path(self) -> str | None:
        """The file the game autosaves to (None before its first autosave, or with autosave off)."""
        return _autosave.claimed(self._game) if self.autosaver else None

    def close(self):
        """Stop the bots, close the page and stop listening to the game (safe on a board whose
        construction failed half way: ipywidgets closes it when it is collected)."""
        if getattr(self, "autoplay", None) is not None:
            self.autoplay.cancel()
        if getattr(self, "page", None) is not None:
            self.page.close()
        if getattr(self, "_game", None) is not None:
            self._game.unobserve(self._on_game)
        super().close()

    def _on_game(self, game) -> None:
        """The game changed (a click, a script in another cell, undo, redo): autosave and redraw."""
        if game is not self._game:
            return
        if self._calling:  # the board's own click: repaint once the controller is done with it
            self._changed_meanwhile = True
            return
        if not self.autoplay.applying:  # a script in another cell (or undo/redo) changed the game
            n = len(game.history)
            if n > self.audience.seen and game.history:
                self.controller.say(capital(self._said(game.history[-1], -1)) + ": "
                                    + (self.controller.summary(game.last_events) or "done."))
            else:
                self.controller.say(f"The game went back to intent {n}.")
        self.autoplay.forget_after(len(game.history))
        self.refresh(game_changed=True)
        self.autoplay.wake()

    def _after_bot(self, player, decision) -> None:
        """A bot decided (or failed to): its reason is the message line now."""
        self._show_message()
        self.bot_box.update()

    def tell(self, text: str, level: str = "") -> None:
        """Say ``text`` on the message line ("" plain, "warning" or "error"; "" clears the line)
        and bring the controls up to date (the parts say things through this)."""
        self.controller.say(text, error=level == "error", warning=level == "warning")
        self._update_controls()

    def _scroll(self, where: str) -> None:
        """Ask the browser to bring the board's "bar" or "form" into view."""
        if self.page is not None:
            self.page.send({"scroll": where})

    def set_option(self, name: str, value: bool) -> None:
        """Switch a controller option (a name of ``PLAY_OPTIONS``: "auto_end_draw", "work_all",
        "quick_play", "quick_discard", "auto_hold") on or off."""
        if name not in PLAY_OPTIONS:
            raise ValueError(f"no board option {name!r}: {', '.join(PLAY_OPTIONS)}")
        setattr(self.controller, name, bool(value))
        self.tools.show_option(name, value)
        if self.table.scene is not None:
            self._update_controls()

    def refresh(self, game_changed: bool = True) -> None:
        """Bring everything up to date with the game (autosaving first if it changed)."""
        self.updates += 1
        self.controller.sync()
        if self.audience.update():  # another person's turn (hot-seat): their own Area first
            self.table.focus = None
        self._build_scene()
        if game_changed:
            self.overlay.hide_hint()  # the Hint was for the game as it was
            self.coach.note_day_end()
        self._paint()
        self._update_controls()
        self.log_box.update(self._game, self.controller, self.autoplay.notes)
        if game_changed and self.autosaver:
            # last: the repaint's messages are on their way to the browser while the file is
            # written and synced to disk (about 10 ms)
            self.autosave_error = self.autosaver.write(self._game)
            self._show_message()  # a notice or error of the write (sent only if the line changed)

    def _build_scene(self) -> None:
        self.table.build(self._game.state, self.audience.viewer, self.theme, self.ready_facilities)

    def _paint(self, force: bool = False) -> tuple:
        return self.table.paint(force)

    def _marks(self) -> tuple:
        """What the table highlights: the controller's selection and legal targets, and the Hint's
        marks with their numbers."""
        numbers = dict(self.hint_marks())
        return list(self.controller.highlights()) + [(t, "hint") for t in numbers], numbers

    def highlight_shapes(self) -> list:
        """The highlight layer's shapes for the controller's selection and legal targets."""
        return self.table.highlight_shapes()

    def show_area(self, seat: int) -> None:
        """Show ``seat``'s Office Area large (the room layout shows one Area; a click on a player's
        row does this)."""
        if seat not in [p.seat for p in self._game.state.players]:
            raise ValueError(f"no seat {seat!r} at this table")
        if seat != self.table.focus:
            self.table.focus = seat
            self._build_scene()
            self._paint()

    def _focus_targets(self) -> None:
        """When the clicks the controller waits for are all in another player's Area (a card
        played on their spot), show that Area."""
        if not self.table.room_layout or len(self._game.players) < 2:  # solitaire: one Area, always shown
            return
        seats = {tuple(t)[1] for t, kind in self.controller.highlights() if tuple(t)[0] in ("spot", "box")}
        focus = self.table.focus
        shown = focus if focus is not None else self._game.state.players[self.audience.viewer].seat \
            if self.audience.viewer is not None else None
        if seats and shown not in seats:
            self.show_area(min(seats))

    def ready_facilities(self) -> dict:
        """``{(seat, x, y): "Agent" | "Laborer" | "Porter"}``: the facilities of the person to act
        where a legal intent works now (the scene marks them; ``widgets.facilities``)."""
        g, c = self._game, self.controller
        if g.is_over or c.bot or c.seat is None or g.state.turn.pending is not None:
            return {}
        return facilities.ready_facilities(g.legal_intents(), c.seat)

    def _on_mouse_down(self, x, y) -> None:
        target = self.table.target_at(x, y)
        if target and target[0] == "player" and self.table.room_layout and len(self._game.players) > 1:
            wanted = {tuple(t) for t, kind in self.controller.highlights()}
            if target not in wanted:  # no card waits for that player: show their Area
                self.show_area(target[1])
                return
        self._call(self.controller.click, target)

    def _call(self, handler, *args) -> None:
        """Hand a click or a button to the controller. The game's observer does not repaint while
        the controller works (it may apply an intent, then say something): the board repaints once,
        after, so one accepted intent is one repaint and nothing re-enters the controller mid-apply."""
        if self._calling:  # pragma: no cover - a handler that clicks again: do it after this one
            return
        self._calling, self._changed_meanwhile = True, False
        try:
            handler(*args)
        except Exception as e:  # a click must never leave the board silent
            self.controller.say(f"Something went wrong handling that: {type(e).__name__}: {e}", error=True)
        finally:
            self._calling = False
        if self._changed_meanwhile:
            self._changed_meanwhile = False
            self.autoplay.forget_after(len(self._game.history))
            self.refresh(game_changed=True)
            self.autoplay.wake()
        else:  # only the selection and the message changed: highlights and buttons
            self._focus_targets()
            self._paint()
            self._update_controls()

    def _relayout(self, whole: bool) -> None:
        """Lay the table out again (the room or the big print changed); ``whole``: all of the board."""
        if whole:
            self.refresh(game_changed=False)
        else:
            self._build_scene()
            self._paint()

    def set_compact(self, compact) -> None:
        """Big print for the card row: True, False, or "auto" (as the board's shown size says)."""
        self.table.set_compact(compact)
        self.refresh(game_changed=False)

    def _retheme(self, old: str, new: str) -> None:
        """The theme changed: the board's class says it, and the table is drawn in it."""
        self.remove_class(f"sm-theme-{old}")
        self.add_class(f"sm-theme-{new}")
        self.refresh(game_changed=False)

    def _show_message(self) -> None:
        """The message line: the controller's message, then the autosave's notice or error (else
        what to do now); a message the line may cut goes to the log whole."""
        c = self.controller
        parts = []
        if c.message:
            parts.append((c.message, "error" if c.error else "warning" if c.warning else ""))
        if self.autosaver and self.autosaver.notice:
            parts.append((self.autosaver.notice, "warning"))
        if self.autosave_error:
            parts.append((self.autosave_error, "error"))
        self.bar.show_message(parts, "" if parts else c.hint())
        if self.log_box.note_message(self._game, c, self.autoplay.notes):
            self.log_box.render()

    def _update_controls(self) -> None:
        g, c = self._game, self.controller
        self.bar.show_status(status_html(g, c, self.audience.viewer))
        self._show_message()
        self._update_help()
        hint_bot = advice.hint_bot_name() is not None
        self.bar.show_hint_button(hint_bot, hint_bot and not g.is_over and c.bot is None)
        self.bar.show_actions(c.actions())
        self.intents.show(tuple(str(i) for i in g.legal_intents()))
        reason = g.can_undo()
        redo = g.redo_next
        self.bar.show_history(capital(reason) if reason else f"take back: {self._said(g.history[-1], -1)}",
                              reason is None,
                              f"do again: {self._said(redo)}" if redo is not None else "There is nothing to redo",
                              redo is not None)
        self.bot_box.update()
        self.review.update()

    def log_text(self) -> str:
        """The event log as plain text."""
        return self.log_box.text()

    def click(self, x: float, y: float) -> None:
        """Click the board at canvas pixel (x, y), as the mouse does."""
        self._on_mouse_down(x, y)

    def click_target(self, target) -> None:
        """Click the first hit region with this target (e.g. ``("hand", "Straight1")``) where it
        is the topmost, as a mouse would find it."""
        self._on_mouse_down(*self.table.point_for(target))

    def press(self, key: str) -> None:
        """Press the action button with this key (an intent's text, or ``ui:turned`` / ``ui:cancel``)."""
        self._call(self.controller.press, key)

    def button(self, label: str):
        """The visible action button with this label, whole or as shown (for scripts and tests)."""
        return self.bar.button(label, {a.key: a.label for a in self.controller.actions()})

    def _apply_listed(self, value: str) -> None:
        if not value:
            self.tell("There is no legal intent to apply: the game is over.", "error")
            return
        self.press(value)

    def undo(self) -> None:
        reason = self._game.can_undo()
        if reason:
            self.tell(reason[0].upper() + reason[1:] + ".", "error")
            return
        said = self._said(self._game.history[-1], -1)
        self._game.undo()
        self.tell(f"Taken back: {said}.")

    def redo(self) -> None:
        try:
            self._game.redo()
        except IllegalIntent as e:
            self.tell(for_mouse(str(e)), "error")
            return
        self.tell(f"Done again: {self._said(self._game.history[-1], -1)}.")

    def _said(self, intent, offset: int = 0) -> str:
        """An intent in words; ``offset=-1``: the game's last intent (``Audience.said``)."""
        return self.audience.said(intent, last=offset == -1)

    def _update_help(self) -> None:
        self.coach.update_help(bool(self.bar.help_button.value))

    def new_game(self, game=None, **options) -> None:
        """Replace the board's game with a new one (``game`` or ``new_game(**options)``)."""
        if game is None:
            game = sm.new_game(**options)
        self.game = game
        self.tell(started_words(game))

    def _other_autosaves(self) -> list | None:
        """The other autosaved games in the autosave folder, for the form (None: autosave is off)."""
        if not self.autosaver:
            return None
        mine = self.autosave_path
        return [(a.describe(), a.path) for a in _autosave.autosaves(self.autosaver.folder) if a.path != mine]

    def resume_autosave(self, path) -> bool:
        """Go on with the autosaved game in ``path`` (as ``sm.play(resume=path)`` does)."""
        got = _autosave.resume(path)
        if got.game is None:
            self.form.list_autosaves()
            self.tell(got.message, "error")
            return False
        self.game = got.game
        self.form.button.value = False
        self.tell(got.message, got.level)
        return True

    def _install(self, game) -> None:
        """A loaded save's game replaces the board's: in the same game's autosave if the folder has one."""
        if self.autosaver:
            self.autosaver.adopt_same(game)
        self.game = game
        if self.autosaver:
            self.autosave_error = self.autosaver.write(game)


#: the board's earlier name, kept for notebooks and scripts (``stationmaster.widgets.Board`` too)
Board = GameBoard
