"""The playable board: a drawing surface showing the scene (an ipycanvas ``MultiCanvas``, or SVG where
ipycanvas cannot run: ``surface.py``), and ipywidgets controls around a live ``stationmaster.Game``.
Create it with ``stationmaster.play(...)``.

The board is this module; its New game form (``newgame.py``), its files (Save and Load,
``files.py``) and its bot bar (``botbar.py``) are mixins of ``Board``, each its own module."""

from __future__ import annotations

import html
import os

import ipywidgets as W

import stationmaster as sm
from stationmaster.decisions import PHASE_NAMES
from stationmaster.errors import IllegalIntent
from stationmaster.query import CLOCK, spec_of
from stationmaster.view.shapes import LAYERS, Circle, Rect, Text

from . import advice
from . import autosave as _autosave
from . import connection
from . import frontend
from . import surface as _surface
from .autoplay import Autoplay
from .botbar import BotBar
from .controller import PLAY_OPTIONS, Controller
from .files import SaveFiles
from .frontend import set_trait as _set
from .log import EventLog
from .newgame import NewGameForm
from .words import capital, for_mouse, say as say_intent

#: highlight colours by kind, per theme: (stroke, fill, width, dash)
HIGHLIGHT = {
    "light": {"selected": ("#d9480f", "rgba(217,72,15,0.10)", 3.0, ()),
              "target": ("#1a7f37", "rgba(26,127,55,0.16)", 2.5, (6, 3)),
              "turned": ("#8250df", "rgba(130,80,223,0.12)", 2.5, (3, 3)),
              "option": ("#1f6feb", None, 1.5, (3, 3)),
              "hint": ("#bf8700", "rgba(212,167,44,0.22)", 3.5, ())},
    "dark": {"selected": ("#ff922b", "rgba(255,146,43,0.16)", 3.0, ()),
             "target": ("#3fb950", "rgba(63,185,80,0.20)", 2.5, (6, 3)),
             "turned": ("#d2a8ff", "rgba(210,168,255,0.16)", 2.5, (3, 3)),
             "option": ("#58a6ff", None, 1.5, (3, 3)),
             "hint": ("#e3b341", "rgba(227,179,65,0.22)", 3.5, ())},
}
#: where the panels over the board may lie, in order of preference (the CSS puts them top right):
#: the overlay's (top, right, bottom, left); a Hint moves them off the places it marks
PANEL_CORNERS = {"top right": (None, None, None, None), "top left": ("6px", "auto", "auto", "6px"),
                 "bottom right": ("auto", "6px", "6px", "auto"), "bottom left": ("auto", "auto", "6px", "6px")}
#: the theme choices: "auto" follows JupyterLab's (light where the page has none)
THEME_CHOICES = ("auto", "light", "dark")
BUTTON_POOL = 16
#: the message line's colours: an error (something was refused or failed), a warning (look)
NOTICE = {"error": ("#cf222e", "sm-error"), "warning": ("#9a6700", "sm-warning")}
def _notice(text: str, level: str = "") -> str:
    """The message line's HTML: plain, or a warning/error with its colour and a ⚠."""
    if level not in NOTICE:
        return f"<span>{html.escape(text)}</span>"
    colour, cls = NOTICE[level]
    return f'<span class="{cls}" style="color:{colour}">⚠ {html.escape(text)}</span>'


def _close(widget) -> None:
    """Close a widget the board no longer shows, with its children, layout and style (each a
    widget model of its own that ``close`` leaves alive), so a long session does not pile them up."""
    for child in getattr(widget, "children", ()):
        _close(child)
    for w in (widget, getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(w, W.Widget):
            w.close()


def shown_labels(labels) -> list:
    """The decision's button labels as shown: a choice that repeats the one before it and adds
    to it ("Board train 2 (tray 1)", "Board train 2 (tray 1), car 3") shows only what it adds
    ("…, car 3"), so the repeated choices stay together and the row holds every choice (issue 28.3);
    the button's tooltip says it whole."""
    out, base = [], None
    for label in labels:
        if base and label.startswith(base + ", "):
            out.append("…, " + label[len(base) + 2:])
        else:
            out.append(label)
            base = label
    return out


def _default_scene_builder(state, viewer=None, theme="light", ready=None, compact=False):
    """The live board's scene: without the header and prompt lines, which the control bar says."""
    from stationmaster.view.scene import build_scene
    return build_scene(state, viewer=viewer, theme=theme, ready=ready, compact=compact, header=False)


#: the compact card row (big print) once the full table is shown smaller than this: the full
#: layout's card text is drawn for 100 % (titles 9-10.5 px, descriptions 7.5 px)
COMPACT_BELOW = 0.98
COMPACT_CHOICES = ("auto", True, False)


class Board(NewGameForm, SaveFiles, BotBar, W.VBox):
    """A playable Station Master board for one ``stationmaster.Game`` (``board.game``).

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

    def __init__(self, game, *, theme: str = "auto", autosave=None, message: str = "",
                 message_level: str = "", scene_builder=None, pace: float | None = None,
                 compact="auto", scroll_to_bar: bool = False, surface: str = "auto", **options) -> None:
        self._game = game
        self.surface = _surface.choose(surface)  # "canvas" or "svg": what draws the board
        self._scroll_to_bar = bool(scroll_to_bar)
        self.theme_choice = theme if theme in THEME_CHOICES else "auto"
        self.theme = self.theme_choice if self.theme_choice in HIGHLIGHT else "light"
        self._hint = None  # (history length, Decision, targets) of the last Hint
        self._summary_day = None  # the Day whose summary is shown
        self._pending_load = None  # (text, name) of an upload waiting for "Replace"
        if autosave is True:
            autosave = os.getcwd()
        self.autosaver = _autosave.Autosaver(autosave) if autosave else None
        self.autosave_error = None
        unknown = sorted(set(options) - set(PLAY_OPTIONS))
        if unknown:
            raise TypeError(f"Board() got unknown options {', '.join(unknown)}; the play options are "
                            f"{', '.join(PLAY_OPTIONS)}")
        self.controller = Controller(game, **{k: bool(v) for k, v in options.items()})
        self._calling = False  # the board is inside a controller call (a click, a button)
        self._changed_meanwhile = False  # and the game changed during it: repaint once after
        self.autoplay = Autoplay(self.controller, pace=pace, on_step=self._after_bot)
        if compact not in COMPACT_CHOICES:
            raise ValueError(f"compact must be 'auto', True or False, not {compact!r}")
        self.compact_choice = compact
        self.compact = compact is True
        self._full_height = None  # the full layout's last height (to tell when it fits again)
        self._tallest: dict = {}  # the room layout's tallest height so far, by room (it never shrinks)
        self.scene_builder = scene_builder or _default_scene_builder
        self.scene = None
        self.viewer = None
        self.focus = None  # the seat whose Office Area the room layout shows (None: the viewer's)
        self.updates = 0  # game changes seen (apply, undo, redo, another game)
        self.event_log = EventLog()
        self._hits: dict = {}
        self._seen_intents = len(game.history)
        self._actor_seen = self._maker_seen = None  # who was to act at the last refresh, and who made the last intent
        self._build_widgets()
        super().__init__(children=self._layout(), layout=W.Layout(width="100%"))
        self.add_class("station-master-board")
        self.add_class(f"sm-theme-{self.theme}")
        self.connection = connection.for_game(game)  # a server's seat: its connection's state, atop the bar
        if self.connection is not None:
            self.bar.children = (self.connection, *self.bar.children)
        self._resting = False  # bots paused because no view of the board is shown
        self._view_count = 0  # ask the browser to count this board's views (see _on_views)
        self.observe(self._on_views, "_view_count")
        game.observe(self._on_game)
        self.refresh(game_changed=False)
        if message:
            self.controller.say(message, error=message_level == "error", warning=message_level == "warning")
            self._show_message()
        self.autoplay.wake()

    # ------------------------------------------------------------------ the game

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
        self._tallest.clear()  # another game: the board may be as tall as the room again
        self._resting = False
        if self.autosaver:
            self.autosaver.notice = None  # it was about the previous game's file
        game.observe(self._on_game)
        self.refresh(game_changed=False)
        self.autoplay.wake()

    def _forget_transients(self) -> None:
        """A new game, a Load or a resume: nothing of the previous game's stays on the board (its
        Day summary, download link, Hint marker, message, selection, a pending Load's question)."""
        self._hint = None
        _set(self.hint_box.layout, "display", "none")
        self._summary_day = None
        _set(self.summary_row.layout, "display", "none")
        _set(self.save_link, "value", "")
        self._pending_load = None
        _set(self.confirm_row.layout, "display", "none")
        self.controller.clear_selection()
        self.controller.say("")
        self.autosave_error = None
        self._fit_overlay()

    @property
    def autosave_path(self) -> str | None:
        """The file the game autosaves to (None before its first autosave, or with autosave off)."""
        return _autosave.claimed(self._game) if self.autosaver else None

    def close(self):
        """Stop the bots, close the page and stop listening to the game (safe on a Board whose
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
            if n > self._seen_intents and game.history:
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
        self._update_bot_controls()

    # ------------------------------------------------------------------ widgets

    def _build_widgets(self) -> None:
        # the control bar's two lines: fixed height, one line each (a long text ends in "…" and
        # shows whole on hover), so nothing under them moves when their text changes
        self.status = W.HTML(layout=W.Layout(width="100%"))
        self.status.add_class("sm-line")
        self.message = W.HTML(layout=W.Layout(width="100%"))
        self.message.add_class("sm-line")
        self.style = W.HTML(frontend.css(), layout=W.Layout(display="none"))
        self.page = frontend.helper(getattr(self, "_scroll_to_bar", False))
        if self.page is not None:
            self.page.observe(self._on_page_theme, "page_theme")
            self.page.observe(self._on_page_scale, "scale")
            self.page.observe(self._on_room, ["room_width", "room_height"])
        self.help_button = W.ToggleButton(description="What can I do?", icon="question-circle", value=False,
                                          tooltip="list what you can do now, and how", layout=W.Layout(width="auto"))
        self.help_button.observe(lambda ch: self._update_help(), "value")
        self.hint_button = W.Button(description="Hint", icon="lightbulb-o", layout=W.Layout(width="auto"),
                                    tooltip="what a good player would do now, and why")
        self.hint_button.on_click(lambda b: self.show_hint())
        self.help_box = W.HTML(layout=W.Layout(display="none", width="100%"))
        self.help_box.add_class("sm-panel")
        self.hint_box = W.HTML(layout=W.Layout(display="none", width="100%"))
        self.hint_box.add_class("sm-panel")
        self.summary_box = W.HTML(layout=W.Layout(width="100%"))
        self.summary_close = W.Button(description="OK", tooltip="put the Day's summary away",
                                      layout=W.Layout(width="auto", min_width="3.5em", flex="0 0 auto"))
        self.summary_close.on_click(lambda b: self._summary_ok())
        self.summary_row = W.HBox([self.summary_box, self.summary_close],
                                  layout=W.Layout(display="none", align_items="flex-start", width="100%"))
        self.summary_row.add_class("sm-panel")
        self._build_files()
        self.confirm_row.add_class("sm-panel")
        # the drawing surface (ipycanvas, or SVG where it cannot run): ``surface.py``
        self.canvas, self.painter = _surface.build(self.surface, LAYERS, self._on_mouse_down, self._on_client_ready)
        self._pool: list = []
        self.actions_box = W.HBox(layout=W.Layout(flex_flow="row nowrap", width="auto", flex="0 1 auto"))
        self.actions_box.add_class("sm-actions")
        self._grow_pool(BUTTON_POOL)
        self.intent_list = W.Dropdown(description="All legal intents (script notation):", options=[],
                                      style={"description_width": "initial"},
                                      layout=W.Layout(width="auto", min_width="22em"))
        self.apply_button = W.Button(description="Apply", tooltip="apply the intent chosen in the list",
                                     layout=W.Layout(width="auto"))
        self.apply_button.on_click(lambda b: self._apply_listed())
        self.undo_button = W.Button(description="Undo", icon="undo", layout=W.Layout(width="auto"))
        self.undo_button.on_click(lambda b: self.undo())
        self.redo_button = W.Button(description="Redo", icon="repeat", layout=W.Layout(width="auto"))
        self.redo_button.on_click(lambda b: self.redo())
        self.theme_toggle = W.ToggleButton(value=self.theme == "dark", description="Dark", icon="moon-o",
                                           tooltip="switch the board between light and dark (it follows "
                                                   "JupyterLab's theme until you do)",
                                           layout=W.Layout(width="auto"))
        self.theme_toggle.observe(self._on_theme, "value")
        self._build_settings()
        self.new_button = W.ToggleButton(description="New game…", icon="plus", value=False,
                                         tooltip="show the new game form", layout=W.Layout(width="auto"))
        self.new_button.observe(lambda ch: self._show_form(ch["new"]), "value")
        self._build_bot_controls()
        self._build_form()
        self.log_box = W.VBox(layout=W.Layout(flex_flow="column-reverse", overflow="auto", max_height="260px",
                                              width="100%", border="1px solid #8884", padding="2px 6px"))
        self._log_widgets: list = []

    def _build_settings(self) -> None:
        """The board's play settings (``PLAY_OPTIONS``: the controller's options that save
        pointless clicks), one checkbox each, switchable while playing."""
        self.option_toggles = {}
        for name, (words, tip) in PLAY_OPTIONS.items():
            box = W.Checkbox(value=bool(getattr(self.controller, name, False)), description=words, indent=False,
                             tooltip=tip, layout=W.Layout(width="auto"))
            box.observe(lambda ch, name=name: self.set_option(name, ch["new"]), "value")
            self.option_toggles[name] = box
        self.auto_end_toggle = self.option_toggles["auto_end_draw"]
        self.work_all_toggle = self.option_toggles["work_all"]

    def set_option(self, name: str, value: bool) -> None:
        """Switch a controller option (a name of ``PLAY_OPTIONS``: "auto_end_draw", "work_all",
        "quick_play", "quick_discard", "auto_hold") on or off."""
        if name not in PLAY_OPTIONS:
            raise ValueError(f"no board option {name!r}: {', '.join(PLAY_OPTIONS)}")
        setattr(self.controller, name, bool(value))
        _set(self.option_toggles[name], "value", bool(value))
        if self.scene is not None:
            self._update_controls()

    def _grow_pool(self, n: int) -> None:
        """Keep at least n reusable action buttons (the box shows the first ones in use)."""
        while len(self._pool) < n:
            b = W.Button(layout=W.Layout(width="auto", flex="0 0 auto"))
            b._sm_key = None
            b.on_click(self._on_action)
            self._pool.append(b)

    def _layout(self) -> list:
        """The control bar (status, message, the decision's buttons and the helpers: each of fixed
        height) above the board; the help, the Day's summary and Load's question open over the
        board's top right corner (``sm-overlay``), so nothing above the board ever changes height."""
        self._build_mainline_replay()
        helpers = W.HBox([self.help_button, self.hint_button, self.undo_button, self.redo_button],
                         layout=W.Layout(flex_flow="row nowrap", flex="0 0 auto", margin="0 0 0 auto"))
        helpers.add_class("sm-helpers")
        decide = W.HBox([self.actions_box, helpers],
                        layout=W.Layout(flex_flow="row nowrap", align_items="center", width="100%"))
        decide.add_class("sm-decide")
        self.bar = W.VBox([self.status, self.message, decide], layout=W.Layout(width="100%"))
        self.bar.add_class("sm-bar")
        self.overlay = W.VBox([self.hint_box, self.help_box, self.summary_row, self.confirm_row],
                              layout=W.Layout(display="none"))
        self.overlay.add_class("sm-overlay")
        self.stage = W.Box([self.canvas, self.overlay], layout=W.Layout(width="100%"))
        self.stage.add_class("sm-stage")
        # Save's download link on a line of its own at the row's end, there from the start: it
        # appearing moves nothing (it pushed Load, Dark and the Mainline's button 340 px right)
        self.save_link.layout = W.Layout(width="100%", height=f"{frontend.LINE_PX}px", overflow="hidden")
        tools = W.HBox([self.new_button, self.save_button, self.upload, self.theme_toggle,
                        self.mainline_button, *self.option_toggles.values(), self.save_link],
                       layout=W.Layout(flex_flow="row wrap", align_items="center"))
        fallback = W.HBox([self.intent_list, self.apply_button], layout=W.Layout(flex_flow="row wrap"))
        extra = [self.page] if self.page is not None else []
        return [self.style, *extra, self.bar, self.stage, self.bot_box, tools, self.form, self.mainline_box,
                fallback, W.HTML("<b>Log</b>"), self.log_box]

    # ------------------------------------------------------------------ the Mainline, step by step

    def _build_mainline_replay(self) -> None:
        """The "Mainline, step by step" button: replays the latest Mainline phase train by train
        (``stationmaster.slowmo``); pressing it again hides the replay."""
        self.mainline_replay = None
        self.mainline_box = W.VBox()
        self.mainline_button = W.Button(description="Mainline, step by step", icon="step-forward",
                                        tooltip="replay the latest Mainline phase one train at a time",
                                        layout=W.Layout(width="auto"))
        self.mainline_button.on_click(lambda _b: self.toggle_mainline_replay())

    def toggle_mainline_replay(self):
        """Show (or hide) the step-by-step replay of the latest Mainline phase; returns it."""
        from stationmaster.slowmo import MainlineReplay, mainline_steps
        if self.mainline_replay is not None:
            shown = self.mainline_replay.widget
            self.mainline_replay, self.mainline_box.children = None, ()
            _close(shown)
            return None
        self.mainline_replay = MainlineReplay(mainline_steps(self._game), W)
        self.mainline_box.children = (self.mainline_replay.widget,)
        return self.mainline_replay

    # ------------------------------------------------------------------ drawing

    def refresh(self, game_changed: bool = True) -> None:
        """Bring everything up to date with the game (autosaving first if it changed)."""
        self.updates += 1
        n = len(self._game.history)
        if n != self._seen_intents:  # who made the last intent, as far as the board saw
            self._maker_seen = self._actor_seen if n == self._seen_intents + 1 else None
        self._actor_seen = self._game.actor
        self._seen_intents = n
        self.controller.sync()
        viewer = self._viewer()
        if viewer != self.viewer:  # another person's turn (hot-seat): their own Area first
            self.focus = None
        self.viewer = viewer
        self._build_scene()
        if game_changed:
            _set(self.hint_box.layout, "display", "none")  # the Hint was for the game as it was
            self._fit_overlay()
            self._note_day_end()
        if game_changed:
            self._note_day_end()
        self._paint()
        self._update_controls()
        self._update_log()
        if game_changed and self.autosaver:
            # last: the repaint's messages are on their way to the browser while the file is
            # written and synced to disk (about 10 ms)
            self.autosave_error = self.autosaver.write(self._game)
            self._show_message()  # a notice or error of the write (sent only if the line changed)
    def _build_scene(self) -> None:
        """The scene for the game now: laid out for the room the browser reported (``view.scene.room``)
        once it has, else the table as drawn for SVG with the card row in big print when small."""
        if self.scene_builder is _default_scene_builder:
            from stationmaster.view.scene import build_scene
            room = self.room
            if room[0] > 0 and room[1] > 0:
                self.scene = build_scene(self._game.state, viewer=self.viewer, theme=self.theme,
                                         ready=self.ready_facilities(), room=room, focus=self.focus,
                                         at_least=self._tallest.get(room, 0))
                self._tallest[room] = self.scene.height  # the board only grows: nothing moves up
            else:
                self.scene = self.scene_builder(self._game.state, viewer=self.viewer, theme=self.theme,
                                                ready=self.ready_facilities(), compact=self.compact)
                if not self.compact:
                    self._full_height = self.scene.height
        else:
            self.scene = self.scene_builder(self._game.state, viewer=self.viewer, theme=self.theme)
        self._hits = {}
        for h in self.scene.hits:
            self._hits.setdefault(tuple(h.target), []).append(h)
        self._size_canvas()

    @property
    def room_layout(self) -> bool:
        """Whether the board is laid out for the room the browser reported."""
        return self.scene is not None and getattr(self.scene, "room", None) is not None

    def show_area(self, seat: int) -> None:
        """Show ``seat``'s Office Area large (the room layout shows one Area; a click on a player's
        row does this)."""
        if seat not in [p.seat for p in self._game.state.players]:
            raise ValueError(f"no seat {seat!r} at this table")
        if seat != self.focus:
            self.focus = seat
            self._build_scene()
            self._paint()

    def _focus_targets(self) -> None:
        """When the clicks the controller waits for are all in another player's Area (a card
        played on their spot), show that Area."""
        if not self.room_layout or len(self._game.players) < 2:  # solitaire: one Area, always shown
            return
        seats = {tuple(t)[1] for t, kind in self.controller.highlights() if tuple(t)[0] in ("spot", "box")}
        shown = self.focus if self.focus is not None else self._game.state.players[self.viewer].seat \
            if self.viewer is not None else None
        if seats and shown not in seats:
            self.show_area(min(seats))

    def ready_facilities(self) -> dict:
        """``{(seat, x, y): "Agent" | "Laborer" | "Porter"}``: the facilities of the person to act
        where a legal intent works now (the scene marks them)."""
        g, c = self._game, self.controller
        if g.is_over or c.bot or c.seat is None or g.state.turn.pending is not None:
            return {}
        out = {}
        for it in g.legal_intents():
            at = getattr(it, "at", None)
            if isinstance(it, sm.intents.Agent) and at is not None:
                out[(c.seat, *at)] = "Agent"
            elif isinstance(it, sm.intents.Work):
                out[(c.seat, *at)] = "Laborer"
            elif isinstance(it, (sm.intents.Board, sm.intents.Detrain)):
                out[(c.seat, 0, 0)] = "Porter"
        return out

    def _viewer(self) -> int | None:
        """Whose hand the board shows: the actor's, unless the actor is a bot and people play
        too (then the person's who decided last, or the first person's): a bot's hand is hidden."""
        g = self._game
        p, humans = self.controller.player, g.humans
        if p is not None and (not humans or g.actor in humans):
            return p
        v = self.viewer
        if v is not None and v < len(g.players) and (not humans or g.players[v] in humans):
            return v
        return g.players.index(humans[0]) if humans else None

    def highlight_shapes(self) -> list:
        """The highlight layer's shapes for the controller's selection and legal targets."""
        colours = HIGHLIGHT[self.theme]
        out = []
        seen = set()
        marks = list(self.controller.highlights())
        numbers = dict(self.hint_marks())
        marks += [(t, "hint") for t in numbers]
        for target, kind in marks:
            key = (tuple(target), kind)
            if key in seen:
                continue
            seen.add(key)
            rects = self._mark_rects(target)
            stroke, fill, width, dash = colours[kind]
            for x, y, w, h in rects:
                out.append(Rect(x - 2, y - 2, w + 4, h + 4, fill=fill, stroke=stroke, width=width, radius=4,
                                layer="highlight", dash=dash))
            if kind == "hint" and numbers.get(tuple(target)):  # on every place the target is drawn
                for rect in rects:
                    out += self._badge(rect, numbers[tuple(target)], stroke)
        return out

    #: the radius of a Hint mark's number badge (scene px): its digits are 12 px, bold
    BADGE_R = 10

    def hint_marks(self) -> list:
        """``[(target, number), ...]``: the places the Hint marks, in the order to click them, each
        with its number ("1", "2"; "1, 3" for a place clicked twice); the numbers are "" when
        there is only one place. Empty when no Hint is shown for the game as it is."""
        if self._hint is None or self._hint[0] != len(self._game.history):
            return []
        order: dict = {}
        for k, t in enumerate(self._hint[2], 1):
            order.setdefault(tuple(t), []).append(str(k))
        many = len(self._hint[2]) > 1
        return [(t, ", ".join(ks) if many else "") for t, ks in order.items()]

    def _mark_rects(self, target) -> list:
        rects = [(h.x, h.y, h.w, h.h) for h in self._hits.get(tuple(target), ())]
        return rects or self._rect_for(target)

    def _badge(self, rect, number: str, colour: str) -> list:
        """A Hint mark's number: a filled disc on the mark's top left corner (kept inside the
        table), the number in white."""
        r = self.BADGE_R + 3 * (len(number) - 1)
        x, y = rect[0] - 2, rect[1] - 2
        cx = min(max(x, r + 1), self.scene.width - r - 1)
        cy = min(max(y, r + 1), self.scene.height - r - 1)
        return [Circle(cx, cy, r, fill=colour, stroke="#ffffff", width=1.5, layer="highlight"),
                Text(cx, cy + 4.5, number, size=12, fill="#ffffff", anchor="middle", bold=True, layer="highlight")]

    def _rect_for(self, target) -> list:
        sc = self.scene
        kind = target[0]
        r = None
        if kind == "spot":
            r = getattr(sc, "spot_rects", {}).get(tuple(target[1:]))
        elif kind == "tray":
            r = getattr(sc, "tray_rects", {}).get(target[1])
        elif kind == "box":
            r = getattr(sc, "box_rects", {}).get(tuple(target[1:]))
        elif kind == "player":  # a card played on the player ([O2])
            r = getattr(sc, "plate_rects", {}).get(target[1])
        return [r] if r else []

    def _paint(self, force: bool = False) -> tuple:
        if force:
            self.painter.invalidate()
        return self.painter.paint(self.scene, {"highlight": self.highlight_shapes()})

    def _on_client_ready(self, layer: str) -> None:
        """A browser view connected (page load, reload, Voila): its canvas is blank, so redraw it."""
        self.painter.invalidate(layer)
        if self.scene is not None:
            self._paint()

    def _on_mouse_down(self, x, y) -> None:
        hit = self.scene.hit(x, y) if self.scene is not None else None
        target = tuple(hit.target) if hit else None
        if target and target[0] == "player" and self.room_layout and len(self._game.players) > 1:
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

    def _on_theme(self, change) -> None:
        want = "dark" if change["new"] else "light"
        if want != self.theme:
            self.set_theme(want)

    @property
    def room(self) -> tuple:
        """(width, height): the CSS pixels the browser says the canvas may use ((0, 0) before it
        has said, or without a browser)."""
        page = self.page
        return (page.room_width, page.room_height) if page is not None else (0, 0)

    def _size_canvas(self) -> None:
        """The room layout is built for the room's width and shown 1:1 (a grown Area makes it
        taller than the room: the page scrolls, its text stays 10 px); the SVG layout fits the
        window's height."""
        laid_out = getattr(self.scene, "room", None) is not None
        _set(self.canvas.layout, "max_width",
             frontend.canvas_max_width(self.scene.width, self.scene.height, self.room[1], fit_height=not laid_out))

    def _on_room(self, change) -> None:
        """The room changed (first reported, window resized, file browser opened or closed): lay
        the table out for it."""
        if self.scene is not None:
            self._build_scene()
            self._paint()

    def _on_page_scale(self, change) -> None:
        """The browser reports the table's shown scale: in "auto", big print below COMPACT_BELOW.
        Back to the full layout only when it would fit at COMPACT_BELOW or more (its height is
        known), so the two layouts never take turns."""
        if self.compact_choice != "auto" or not change["new"] or self.room_layout:
            return
        scale = change["new"]
        if self.compact and self.scene is not None and self._full_height:
            scale *= min(1.0, self.scene.height / self._full_height)  # the full layout's, at least
        want = scale < COMPACT_BELOW
        if want != self.compact:
            self.compact = want
            self.refresh(game_changed=False)

    def set_compact(self, compact) -> None:
        """Big print for the card row: True, False, or "auto" (as the board's shown size says)."""
        if compact not in COMPACT_CHOICES:
            raise ValueError(f"compact must be 'auto', True or False, not {compact!r}")
        self.compact_choice = compact
        scale = self.page.scale if self.page is not None else 0.0
        self.compact = compact is True or (compact == "auto" and 0 < scale < COMPACT_BELOW)
        self.refresh(game_changed=False)

    def _on_page_theme(self, change) -> None:
        if self.theme_choice == "auto":
            self._apply_theme(change["new"] if change["new"] in HIGHLIGHT else "light")

    def set_theme(self, theme: str) -> None:
        """Switch the board (and its controls and log) to "light" or "dark", or "auto": follow
        JupyterLab's theme (light where the page has none)."""
        if theme not in THEME_CHOICES:
            raise ValueError(f"theme must be 'auto', 'light' or 'dark', not {theme!r}")
        self.theme_choice = theme
        if theme == "auto":
            page = self.page.page_theme if self.page is not None else ""
            theme = page if page in HIGHLIGHT else "light"
        self._apply_theme(theme)

    def _apply_theme(self, theme: str) -> None:
        if theme == self.theme:
            return
        self.remove_class(f"sm-theme-{self.theme}")
        self.theme = theme
        self.add_class(f"sm-theme-{theme}")
        if self.theme_toggle.value != (theme == "dark"):
            self.theme_toggle.value = theme == "dark"
        self.refresh(game_changed=False)

    # ------------------------------------------------------------------ controls

    def _show_message(self) -> None:
        """The message line: one line of fixed height (CSS ``sm-line``); a longer text ends in "…"
        and its whole text is the line's tooltip."""
        c = self.controller
        parts = []
        if c.message:
            parts.append((c.message, "error" if c.error else "warning" if c.warning else ""))
        if self.autosaver and self.autosaver.notice:
            parts.append((self.autosaver.notice, "warning"))
        if self.autosave_error:
            parts.append((self.autosave_error, "error"))
        if parts:
            body = " · ".join(_notice(t, lvl) for t, lvl in parts)
            full = " · ".join(("⚠ " if lvl else "") + t for t, lvl in parts)
        else:
            full = c.hint()
            body = f'<span style="opacity:0.8">{html.escape(full)}</span>'
        text = f'<div class="sm-one-line" title="{html.escape(full, quote=True)}">{body}</div>'
        if self.message.value != text:
            self.message.value = text
        if self._log_message():
            self._render_log()

    #: a message longer than this (characters) may not fit the one-line message line: the log
    #: keeps it whole (refusals and warnings always)
    LONG_MESSAGE = 100

    def _log_message(self) -> bool:
        """Put the controller's message in the log, whole, when the message line may cut it: a
        refusal or a warning, or a long message (without the events' own sentences, which the
        log has already). Once per message and game position; True if something was logged."""
        c, g = self.controller, self._game
        if not c.message or self.event_log.game is not g or self.event_log.seen != len(g.history):
            return False
        if c.said_at != len(g.history):  # said of an earlier position: logged then, or never
            return False
        key = (c.message, len(g.history), id(g))
        if key == getattr(self, "_logged", None):
            return False
        self._logged = key
        level = "error" if c.error else "warning" if c.warning else ""
        text = c.message
        if not level:
            if len(text) <= self.LONG_MESSAGE:
                return False
            events = g.last_events if g.history else []
            for said in [c.summary(events), *map(str, events)]:  # the message's summary of them (cut at its limit), and each
                text = text.replace(said, "") if said else text
            text = " ".join(text.split()).rstrip(" —–:;,")  # no separator left hanging where events were
            if not text or text == "..." or text == self.autoplay.notes.get(len(g.history)):
                return False  # nothing the log does not say already (a bot's note is logged before its events)
        self.event_log.say(text, level)
        return True

    def _update_controls(self) -> None:
        g, c = self._game, self.controller
        rev = " · ".join(f"{html.escape(n)} {v}" for n, v in g.revenue.items())
        cfg = g.config
        who = ""
        if len(g.players) > 1 and self.viewer is not None:
            away = " (others look away)" if len(g.humans) > 1 else ""
            who = f" — hand shown: <b>{html.escape(g.players[self.viewer])}</b>'s{away}"
        picked = c.selection()
        card = (c.serves or {}).get("card") or c.card if picked else None
        tip = ""
        if card is not None:  # the selected card's full text on hover (the compact card shows one line)
            sp = spec_of(g.state, card)
            tip = f" title='{html.escape(f'{sp.name}: {sp.text}', quote=True)}'"
        picked = f" · <span class='sm-selection'{tip}>{html.escape(picked)}</span>" if picked else ""
        # one line: the decision in hand, Revenue, what is selected (the board's header has the rest)
        if g.is_over:
            line = f"<b>{html.escape(c.status())}</b>"
        else:
            st = g.state
            actor = f"{g.actor} ({c.bot})" if c.bot else g.actor
            when = f"Day {st.day} of {cfg.days} · Stage {st.stage} ({CLOCK[st.stage - 1]}) · {PHASE_NAMES[st.phase]}"
            line = (f"<b>{html.escape(actor)} to {html.escape(g.decision)}</b> · "
                    f"<span class='sm-when'>{html.escape(when)}</span>")
        _set(self.status, "value", f"<div class='sm-one-line'>{line}{who} · "
                                   f"<span style='opacity:0.85' title='seed {g.seed} · {cfg.mode}, {cfg.length}'>"
                                   f"Revenue {rev} (target {cfg.target})</span>{picked}</div>")
        self._show_message()
        self._update_help()
        hint_bot = advice.hint_bot_name()
        _set(self.hint_button, "disabled", hint_bot is None or g.is_over or c.bot is not None)
        _set(self.hint_button, "tooltip", "what a good player would do now, and why" if hint_bot else
             "Hint needs the planner bot, which this installation lacks")
        actions = c.actions()
        self._grow_pool(len(actions))
        for b, a, label in zip(self._pool, actions, shown_labels(a.label for a in actions)):
            desc = f"{label} ✓" if a.toggled else label  # (one message per button that changed)
            style = "info" if a.toggled else a.style
            b._sm_key = a.key
            with b.hold_sync():
                _set(b, "description", desc)
                _set(b, "tooltip", a.tip)
                _set(b, "disabled", not a.enabled)
                _set(b, "button_style", style)
        for b in self._pool[len(actions):]:
            b._sm_key = None
        shown = tuple(self._pool[:len(actions)])
        if self.actions_box.children != shown:  # one message for the box, none per hidden button
            self.actions_box.children = shown
        options = tuple(str(i) for i in g.legal_intents())
        if tuple(self.intent_list.options) != options:
            keep = self.intent_list.value
            self.intent_list.options = options
            if options:
                self.intent_list.value = keep if keep in options else options[0]
        _set(self.apply_button, "disabled", not options)
        reason = g.can_undo()
        _set(self.undo_button, "disabled", reason is not None)
        hist = g.history
        _set(self.undo_button, "tooltip", capital(reason) if reason else f"take back: {self._said(hist[-1], -1)}")
        redo = g.redo_next
        _set(self.redo_button, "disabled", redo is None)
        _set(self.redo_button, "tooltip", f"do again: {self._said(redo)}" if redo is not None
             else "There is nothing to redo")
        self._update_bot_controls()


    def _update_log(self) -> None:
        self.event_log.update(self._game, self.autoplay.notes)
        self._log_message()
        self._render_log()

    def _render_log(self) -> None:
        """Send the log's changed Stage blocks to the browser (only the newest two on an ordinary
        update)."""
        n = len(self.event_log.blocks)
        while len(self._log_widgets) < n:
            self._log_widgets.append(W.HTML())
        changed_children = len(self._log_widgets) != n or len(self.log_box.children) != n
        gone = self._log_widgets[n:]
        del self._log_widgets[n:]
        for i in range(max(0, n - 2), n):  # only the newest Stages change on an ordinary update
            v = self.event_log.block_html(i)
            if self._log_widgets[i].value != v:
                self._log_widgets[i].value = v
        if changed_children:
            for i in range(n):
                v = self.event_log.block_html(i)
                if self._log_widgets[i].value != v:
                    self._log_widgets[i].value = v
            self.log_box.children = tuple(reversed(self._log_widgets))  # column-reverse: newest at the bottom
        for w in gone:  # a Stage no longer shown (another game, Undo across a Stage): gone from kernel and browser
            _close(w)

    @staticmethod
    def _drop(widget) -> None:
        """Close a widget the board shows no more (with its children, layout and style)."""
        _close(widget)

    def log_text(self) -> str:
        """The event log as plain text."""
        return self.event_log.text()

    # ------------------------------------------------------------------ bots







    # ------------------------------------------------------------------ buttons

    def click(self, x: float, y: float) -> None:
        """Click the board at canvas pixel (x, y), as the mouse does."""
        self._on_mouse_down(x, y)

    def click_target(self, target) -> None:
        """Click the first hit region with this target (e.g. ``("hand", "Straight1")``)."""
        target = tuple(target)
        hits = self._hits.get(target)
        if not hits:
            raise KeyError(f"no hit region {target!r} on the board now")
        for h in hits:  # a point where this region is the topmost, as a mouse would find it
            for fy in (0.5, 0.25, 0.75, 0.1, 0.9):
                for fx in (0.5, 0.25, 0.75, 0.1, 0.9):
                    x, y = h.x + h.w * fx, h.y + h.h * fy
                    top = self.scene.hit(x, y)
                    if top is not None and tuple(top.target) == target:
                        self._on_mouse_down(x, y)
                        return
        raise KeyError(f"the hit region {target!r} is covered by others everywhere")

    def _on_action(self, button) -> None:
        key = getattr(button, "_sm_key", None)
        if key is None:
            return
        self.press(key)

    def press(self, key: str) -> None:
        """Press the action button with this key (an intent's text, or ``ui:turned`` / ``ui:cancel``)."""
        self._call(self.controller.press, key)

    def action_buttons(self) -> list:
        """The visible action buttons."""
        return [b for b in self._pool if b._sm_key is not None]

    def button(self, label: str):
        """The visible action button with this label, whole or as shown (for scripts and tests)."""
        actions = {a.key: a.label for a in self.controller.actions()}
        for b in self.action_buttons():
            if label in (b.description.rstrip(" ✓"), actions.get(b._sm_key)):
                return b
        raise KeyError(f"no button {label!r}; showing {[b.description for b in self.action_buttons()]}")

    def _apply_listed(self) -> None:
        value = self.intent_list.value
        if not value:
            self.controller.say("There is no legal intent to apply: the game is over.", error=True)
            self._update_controls()
            return
        self.press(value)

    def undo(self) -> None:
        reason = self._game.can_undo()
        if reason:
            self.controller.say(reason[0].upper() + reason[1:] + ".", error=True)
            self._update_controls()
            return
        said = self._said(self._game.history[-1], -1)
        self._game.undo()
        self.controller.say(f"Taken back: {said}.")
        self._show_message()

    def redo(self) -> None:
        try:
            self._game.redo()
        except IllegalIntent as e:
            self.controller.say(for_mouse(str(e)), error=True)
            self._update_controls()
            return
        self.controller.say(f"Done again: {self._said(self._game.history[-1], -1)}.")
        self._show_message()

    def _said(self, intent, offset: int = 0) -> str:
        """An intent in words (for messages and tooltips), never its script text. ``offset=-1``:
        the game's last intent, said of the Area of the player who made it — "Bo's Office" when
        that is not the player the board speaks to now (``_reader``), never "your Office"."""
        g = self._game
        maker = self._last_maker() if offset == -1 else g.actor
        names = list(g.players)
        p = names.index(maker) if maker in names else self.controller.player
        if p is None and names:
            p = 0
        seat = g.state.players[p].seat if p is not None else None
        owner = names[p] if p is not None and names[p] != self._reader() else None
        try:
            return say_intent(g.state, intent, seat, owner)
        except Exception:  # pragma: no cover - words must never break a message
            return "the last step"

    def _reader(self) -> str | None:
        """The player the board speaks to now: the person to act, else the one person playing here
        (a remote seat's own player); None when several people share the board or none does."""
        g = self._game
        humans = tuple(g.humans)
        if g.actor in humans:
            return g.actor
        return humans[0] if len(humans) == 1 else None

    def _last_maker(self) -> str | None:
        """The player who made the game's last intent: the timeline says it (a ``Game``); a remote
        seat's game does not keep it, so the board remembers who was to act before each change."""
        g = self._game
        timeline = getattr(g, "timeline", None)
        if timeline is not None:
            return g.players[timeline[-1].actor] if len(timeline) else None
        n = len(g.history)
        if n == self._seen_intents + 1:  # asked before the board has seen the change
            return self._actor_seen
        return self._maker_seen if n == self._seen_intents else None

    # ------------------------------------------------------------------ help

    def _update_help(self) -> None:
        """The "What can I do?" list, while its button is down."""
        show = bool(self.help_button.value)
        _set(self.help_box.layout, "display", "block" if show else "none")
        if show:
            _set(self.help_box, "value", advice.options_html(self.controller))
        self._fit_overlay()

    def _fit_overlay(self) -> None:
        """The panels (help, the Day's summary, Load's question) lie over the board's top right
        corner: the overlay is shown while any of them is open, and the board never moves for it."""
        if getattr(self, "overlay", None) is None:
            return
        open_ = any(w.layout.display not in ("none", None)
                    for w in (self.hint_box, self.help_box, self.summary_row, self.confirm_row))
        _set(self.overlay.layout, "display", "flex" if open_ else "none")
        shown = self.hint_box.layout.display not in ("none", None)
        corner = self._hint_corner() if shown else "top right"
        for side, value in zip(("top", "right", "bottom", "left"), PANEL_CORNERS[corner]):
            _set(self.overlay.layout, side, value)

    def _hint_corner(self) -> str:
        """The corner of the board for the panels while a Hint is shown: the first of
        PANEL_CORNERS whose panel would cover none of the Hint's marks (else the one that covers
        the fewest). Measured in CSS px from the room and scale the browser reported (the panel
        is ``min(460px, 52%)`` wide, its height estimated from its text)."""
        sc = self.scene
        marks = [r for t, _ in self.hint_marks() for r in self._mark_rects(t)]
        if sc is None or not marks:
            return "top right"
        page = self.page
        scale = page.scale if page is not None and page.scale > 0 else 1.0
        wide = page.room_width if page is not None and page.room_width > 0 else sc.width * scale
        high = sc.height * scale
        panel_w = min(460.0, 0.52 * wide)
        chars = len(html.unescape(self.hint_box.value)) - 30  # the text, without its markup
        lines = -(-max(1, chars) * 7.2 // max(60.0, panel_w - 24))
        panel_h = lines * 19 + 18
        pad = self.BADGE_R + 4  # a mark's badge and frame stand out of its rect
        boxes = [((x - pad) * scale, (y - pad) * scale, (x + w + 4) * scale, (y + h + 4) * scale) for x, y, w, h in marks]

        def covered(corner):
            left = corner.endswith("left")
            top = corner.startswith("top")
            x0 = 6 if left else wide - 6 - panel_w
            y0 = 6 if top else high - 6 - panel_h
            x1, y1 = x0 + panel_w, y0 + panel_h
            return sum(1 for a in boxes if a[0] < x1 and x0 < a[2] and a[1] < y1 and y0 < a[3])

        return min(PANEL_CORNERS, key=lambda c: (covered(c), list(PANEL_CORNERS).index(c)))

    def what_can_i_do(self) -> list:
        """``[(what, how), ...]``: the useful things the actor can do now (the "What can I do?" list)."""
        return advice.options(self.controller)

    def show_hint(self):
        """Ask the planner what a good player would do now: the message line says it and why, and
        the board marks where to click. Returns the Decision (None without a hint bot)."""
        g, c = self._game, self.controller
        if c.bot is not None or g.is_over:
            c.say("No hint now: " + ("the game is over." if g.is_over else f"{g.actor}'s bot is deciding."))
            self._show_message()
            return None
        try:
            decision = advice.hint(g)
        except Exception as e:  # a bot's fault must not break the board
            c.say(f"The hint bot could not decide: {type(e).__name__}: {e}", error=True)
            self._show_message()
            return None
        if decision is None:
            c.say("Hint needs the planner bot, which this installation lacks.", error=True)
            self._show_message()
            return None
        clicks = c.clicks_for(decision.intent)
        targets = [tuple(t) for kind, t in clicks if kind == "click"]
        how = self._hint_steps(clicks)
        # board words, never a quoted intent; the reason's own full stop is the sentence's
        why = f" — {for_mouse(decision.reason).rstrip('.')}" if decision.reason else ""
        text = f"Hint: {self._said(decision.intent)}{why}. ({capital(how) or 'Use the buttons'}.)"
        c.say(text)
        self._hint = (len(g.history), decision, targets)
        # the whole reason in a panel over the board (the message line is one line); it goes with
        # the next change of the game
        # the Hint button's own icon (Font Awesome, which ipywidgets loads): an emoji is a box where
        # the system has no emoji font (Debian's Chromium showed "▯ Hint: …")
        _set(self.hint_box, "value", f"<div class='sm-hint'><i class='fa fa-lightbulb-o' aria-hidden='true'></i> "
                                     f"{html.escape(text)}</div>")
        _set(self.hint_box.layout, "display", "block")
        self._fit_overlay()
        self._paint()
        self._show_message()
        return decision

    def _hint_steps(self, clicks) -> str:
        """The Hint's clicks and presses in order, the marks by their numbers: "click 1, press
        Turned, then click 2"; "click the marked place" for one click alone."""
        c = self.controller
        shown = {a.key: a.label for a in c.actions()}
        steps, k = [], 0
        for kind, t in clicks:
            if kind == "click":
                k += 1
                steps.append(f"click {k}")
            else:
                label = shown.get(t) or {"ui:turned": "Turned", "ui:cancel": "Cancel"}.get(t)
                if label is None:
                    try:
                        label = c.button_label(sm.intents.parse(t))
                    except (IllegalIntent, ValueError):
                        label = "its button"
                steps.append(f"press {label}")
        if k == 1:
            steps = ["click the marked place" if st == "click 1" else st for st in steps]
        elif k > 1:
            steps = [st.replace("click ", "click mark ", 1) if st.startswith("click ") else st for st in steps]
        return ", then ".join(steps)

    # ------------------------------------------------------------------ the Day's end

    def _note_day_end(self) -> None:
        """A Day just ended (in the latest intent's events): show its summary."""
        g = self._game
        ended = [e.data.get("day") for e in g.last_events if e.kind == "day_end"] if g.history else []
        if ended and ended[-1]:
            self.show_summary(ended[-1])
        elif self._summary_day is not None and g.is_over is False and self._summary_day >= g.day:
            self.dismiss_summary()  # undone past the Day's end

    def show_summary(self, day: int) -> str:
        """Show how ``day`` went (Revenue by source, pace against the target, collisions)."""
        self._summary_day = day
        text = advice.summary_html(self._game, day)
        _set(self.summary_box, "value", text)
        _set(self.summary_row.layout, "display", "flex")
        self._fit_overlay()
        return text

    def dismiss_summary(self) -> None:
        """Put the Day's summary away (OK); the message line goes back to the decision in hand."""
        self._summary_day = None
        _set(self.summary_row.layout, "display", "none")
        self._fit_overlay()

    def _summary_ok(self) -> None:
        """OK on the Day's summary: it goes, and so does the message about the Day's end."""
        self.dismiss_summary()
        self.controller.say("")
        self._show_message()

    # ------------------------------------------------------------------ saves and new games















