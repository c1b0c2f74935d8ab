"""The playable board: an ipycanvas ``MultiCanvas`` drawing the scene, and ipywidgets controls around
a live ``stationmaster.Game``. Create it with ``stationmaster.play(...)``."""

from __future__ import annotations

import base64
import html
import os

import ipywidgets as W
from ipycanvas import MultiCanvas

import stationmaster as sm
from stationmaster.config import DECKS, LENGTHS, MODES, OPTIONAL_RULES, STARTING_HANDS, VICTORIES, YARD_REFILLS
from stationmaster.decisions import PHASE_NAMES
from stationmaster.rules import CLOCK
from stationmaster.errors import IllegalIntent, SaveError
from stationmaster.view.shapes import LAYERS, Rect

from . import advice
from . import autosave as _autosave
from . import frontend
from .autoplay import Autoplay
from .canvas import LayerPainter
from .controller import Controller
from .log import EventLog
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
#: the theme choices: "auto" follows JupyterLab's (light where the page has none)
THEME_CHOICES = ("auto", "light", "dark")
BUTTON_POOL = 16
#: the message line's colours: an error (something was refused or failed), a warning (look)
NOTICE = {"error": ("#cf222e", "sm-error"), "warning": ("#9a6700", "sm-warning")}
HUMAN = "Human"

#: New game form: a checkbox label that says more than the rule's name, and its tip
RULE_LABELS = {"adversity": "adversity (Solitaire)"}
RULE_TIPS = {"adversity": "Solitaire only: the Division turns up a situation card at every Stage start and strikes "
                          "your Office Area with it (rulings W1-W6)"}


def _notice(text: str, level: str = "") -> str:
    """The message line's HTML: plain, or a warning/error with its colour and a ⚠."""
    if level not in NOTICE:
        return f"<span>{html.escape(text)}</span>"
    colour, cls = NOTICE[level]
    return f'<span class="{cls}" style="color:{colour}">⚠ {html.escape(text)}</span>'


def _bot_label(game, player: str) -> str:
    from stationmaster.game import bot_name
    return bot_name(game.bots[player])


def _set(obj, name: str, value) -> None:
    """Set a widget trait only when it changes (each change is a message to the browser)."""
    if getattr(obj, name) != value:
        setattr(obj, name, value)


def _default_scene_builder(state, viewer=None, theme="light", ready=None, compact=False):
    from stationmaster.view.scene import build_scene
    return build_scene(state, viewer=viewer, theme=theme, ready=ready, compact=compact)


#: the compact card row (big print) once the full table is shown smaller than this: the full
#: layout's card text is drawn for 100 % (titles 9-10.5 px, descriptions 7.5 px)
COMPACT_BELOW = 0.98
COMPACT_CHOICES = ("auto", True, False)


class Board(W.VBox):
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

    Size: the board scales to the room it has. ``compact="auto"`` (the default) draws the hand and
    Department row in big print (a name and one line a card, never under 9 px on screen) when
    the browser shows the table smaller than its full size, as on a laptop; True or False fix it.

    Autosave: after every accepted intent (and undo/redo) the game is written atomically to its
    own file, ``station-master-autosave-seed<seed>.json`` in the working folder (``autosave`` is
    True for that, a folder, a file path, or False/None for none; see ``widgets.autosave``);
    ``stationmaster.play()`` with no arguments resumes the most recent.

    Hot-seat: the board shows the hand of the player whose decision it is. Bot seats
    (``new_game(bots=...)``) decide by themselves, ``pace`` seconds apart, each decision's reason
    in the log; Pause/Resume, Step and "Skip to my turn" control them (``board.autoplay``).
    """

    def __init__(self, game, *, theme: str = "auto", autosave=None, message: str = "",
                 message_level: str = "", scene_builder=None, pace: float | None = None,
                 compact="auto") -> None:
        self._game = game
        self.theme_choice = theme if theme in THEME_CHOICES else "auto"
        self.theme = self.theme_choice if self.theme_choice in HIGHLIGHT else "light"
        self._hint = None  # (history length, Decision, targets) of the last Hint
        self._summary_day = None  # the Day whose summary is shown
        self._pending_load = None  # (text, name) of an upload waiting for "Replace"
        if autosave is True:
            autosave = os.getcwd()
        self.autosaver = _autosave.Autosaver(autosave) if autosave else None
        self.autosave_error = None
        self.controller = Controller(game)
        self.autoplay = Autoplay(self.controller, pace=pace, on_step=self._after_bot)
        if compact not in COMPACT_CHOICES:
            raise ValueError(f"compact must be 'auto', True or False, not {compact!r}")
        self.compact_choice = compact
        self.compact = compact is True
        self._full_height = None  # the full layout's last height (to tell when it fits again)
        self.scene_builder = scene_builder or _default_scene_builder
        self.scene = None
        self.viewer = None
        self.updates = 0  # game changes seen (apply, undo, redo, another game)
        self.event_log = EventLog()
        self._hits: dict = {}
        self._seen_intents = len(game.history)
        self._build_widgets()
        super().__init__(children=self._layout(), layout=W.Layout(width="100%"))
        self.add_class("station-master-board")
        self.add_class(f"sm-theme-{self.theme}")
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
        self._resting = False
        if self.autosaver:
            self.autosaver.notice = None  # it was about the previous game's file
        game.observe(self._on_game)
        self.refresh(game_changed=False)
        self.autoplay.wake()

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
        if not self.controller.busy:  # a script in another cell (or undo/redo) changed the game
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
        self.status = W.HTML(layout=W.Layout(width="100%"))
        self.message = W.HTML(layout=W.Layout(width="100%", min_height="1.4em"))
        self.style = W.HTML(frontend.css(), layout=W.Layout(display="none"))
        self.page = frontend.helper()
        if self.page is not None:
            self.page.observe(self._on_page_theme, "page_theme")
            self.page.observe(self._on_page_scale, "scale")
        self.help_button = W.ToggleButton(description="What can I do?", icon="question-circle", value=False,
                                          tooltip="list what you can do now, and how", layout=W.Layout(width="auto"))
        self.help_button.observe(lambda ch: self._update_help(), "value")
        self.hint_button = W.Button(description="Hint", icon="lightbulb-o", layout=W.Layout(width="auto"),
                                    tooltip="what a good player would do now, and why")
        self.hint_button.on_click(lambda b: self.show_hint())
        self.help_box = W.HTML(layout=W.Layout(display="none", width="100%"))
        self.summary_box = W.HTML(layout=W.Layout(width="100%"))
        self.summary_close = W.Button(description="OK", tooltip="put the Day's summary away",
                                      layout=W.Layout(width="auto", min_width="3.5em", flex="0 0 auto"))
        self.summary_close.on_click(lambda b: self.dismiss_summary())
        self.summary_row = W.HBox([self.summary_box, self.summary_close],
                                  layout=W.Layout(display="none", align_items="flex-start", width="100%",
                                                  border="1px solid #8886", padding="2px 6px"))
        self.confirm_text = W.HTML()
        self.confirm_yes = W.Button(description="Replace", button_style="danger", icon="folder-open",
                                    layout=W.Layout(width="auto"))
        self.confirm_yes.on_click(lambda b: self.confirm_load(True))
        self.confirm_no = W.Button(description="Keep playing", layout=W.Layout(width="auto"))
        self.confirm_no.on_click(lambda b: self.confirm_load(False))
        self.confirm_row = W.HBox([self.confirm_text, self.confirm_yes, self.confirm_no],
                                  layout=W.Layout(display="none", align_items="center", flex_flow="row wrap"))
        self.canvas = MultiCanvas(len(LAYERS), width=1240, height=800,
                                  layout=W.Layout(width="100%", height="auto", max_width="1240px"))
        self.painter = LayerPainter(self.canvas, LAYERS)
        self.canvas.on_mouse_down(self._on_mouse_down)
        # ipycanvas cancels the mouse events a browser makes up for a tap: take the tap itself
        self.canvas.on_touch_start(lambda touches: touches and self._on_mouse_down(*touches[0]))
        for i, name in enumerate(LAYERS):
            self.canvas[i].on_client_ready(lambda name=name: self._on_client_ready(name))
        self._pool: list = []
        self.actions_box = W.HBox(layout=W.Layout(flex_flow="row wrap", width="100%"))
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
        self.save_button = W.Button(description="Save", icon="download", tooltip="make a download link for the save",
                                    layout=W.Layout(width="auto"))
        self.save_button.on_click(lambda b: self.save())
        self.save_link = W.HTML()
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False, description="Load",
                                   layout=W.Layout(width="auto"))
        self.upload.observe(self._on_upload, "value")
        self.new_button = W.ToggleButton(description="New game…", icon="plus", value=False,
                                         tooltip="show the new game form", layout=W.Layout(width="auto"))
        self.new_button.observe(lambda ch: self._show_form(ch["new"]), "value")
        self._build_bot_controls()
        self._build_form()
        self.log_box = W.VBox(layout=W.Layout(flex_flow="column-reverse", overflow="auto", max_height="260px",
                                              width="100%", border="1px solid #8884", padding="2px 6px"))
        self._log_widgets: list = []

    def _grow_pool(self, n: int) -> None:
        """Keep at least n reusable action buttons (the box shows the first ones in use)."""
        while len(self._pool) < n:
            b = W.Button(layout=W.Layout(width="auto"))
            b._sm_key = None
            b.on_click(self._on_action)
            self._pool.append(b)

    def _build_bot_controls(self) -> None:
        """Pace, Pause/Resume, Step and Skip for the bot seats (shown when the game has any)."""
        self.pace_slider = W.FloatSlider(value=self.autoplay.pace, min=0.0, max=3.0, step=0.1, description="Bot pace",
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
        self.bot_box = W.HBox([W.HTML("<b>Bots:</b>&nbsp;"), self.pace_slider, self.pause_button, self.step_button,
                               self.skip_button],
                              layout=W.Layout(display="none", flex_flow="row wrap", align_items="center"))

    def _build_form(self) -> None:
        wide = W.Layout(width="22em")
        st = {"description_width": "9em"}
        self.f_seed = W.Text(description="Seed", placeholder="blank for random", layout=wide, style=st)
        self.f_players = W.Text(description="Players", placeholder="Ann, Bo, Cy (blank: one player)",
                                layout=wide, style=st)
        self.f_mode = W.Dropdown(description="Mode", options=list(MODES), value="solitaire", layout=wide, style=st)
        self.f_length = W.Dropdown(description="Length", options=list(LENGTHS), value="standard", layout=wide, style=st)
        self.f_victory = W.Dropdown(description="Victory", options=list(VICTORIES), value="highest_after_days",
                                    layout=wide, style=st)
        self.f_hand = W.Dropdown(description="Starting hand", options=list(STARTING_HANDS), value="three",
                                 layout=wide, style=st)
        self.f_deck = W.Dropdown(description="Deck", options=list(DECKS), value="classic", layout=wide, style=st,
                                 tooltip="classic: the 52-card game; full: the 213-card Home deck and the "
                                 "Mainline deck (docs/cards.md)")
        self.f_refill = W.Dropdown(description="Yard refill", options=list(YARD_REFILLS), value="day_end",
                                   layout=wide, style=st,
                                   tooltip="when used cars come back to the Division Yard (ruling Y1)")
        self.f_rates = [W.BoundedIntText(value=v, min=0, max=5, description=d, layout=W.Layout(width="13em"),
                                         style={"description_width": "7em"})
                        for v, d in ((1, "Passenger"), (1, "Freight"), (0, "Transit"))]
        self.f_rules = {r: W.Checkbox(value=False, description=RULE_LABELS.get(r, r.replace("_", " ")), indent=False,
                                      tooltip=RULE_TIPS.get(r, ""), layout=W.Layout(width="auto"))
                        for r in OPTIONAL_RULES}
        self.f_seats = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self._seat_choice: dict = {}  # player name -> Dropdown (Human or a bot)
        self.f_players.observe(lambda ch: self._update_seats(), "value")
        self._update_seats()
        self.f_start = W.Button(description="Start new game", button_style="success", icon="play")
        self.f_start.on_click(lambda b: self.new_game_from_form())
        self.f_autosaves = W.Dropdown(description="Or resume an autosaved game:", options=[],
                                      style={"description_width": "initial"}, layout=W.Layout(width="auto"))
        self.f_resume = W.Button(description="Resume", icon="folder-open", layout=W.Layout(width="auto"),
                                 tooltip="go on with the autosaved game chosen in the list")
        self.f_resume.on_click(lambda b: self.f_autosaves.value and self.resume_autosave(self.f_autosaves.value))
        self.f_resume_row = W.HBox([self.f_autosaves, self.f_resume], layout=W.Layout(display="none"))
        self.form = W.VBox([
            W.HBox([W.VBox([self.f_seed, self.f_players, self.f_mode, self.f_length]),
                    W.VBox([self.f_victory, self.f_hand, self.f_deck, self.f_refill]),
                    W.VBox([W.HTML("Revenue rates (0–5):"), *self.f_rates])], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([W.HTML("Optional rules:")] + list(self.f_rules.values()), layout=W.Layout(flex_flow="row wrap")),
            self.f_seats,
            self.f_start,
            self.f_resume_row,
        ], layout=W.Layout(display="none", border="1px solid #8884", padding="6px"))

    def _layout(self) -> list:
        """The control bar (the decision in hand: status, message, its buttons, help) above the
        board, which is sized to the room left in the window; the rest below it."""
        self._build_mainline_replay()
        self.actions_box.layout.width = "auto"
        self.actions_box.layout.flex = "0 1 auto"
        helpers = W.HBox([self.help_button, self.hint_button, self.undo_button, self.redo_button],
                         layout=W.Layout(flex_flow="row nowrap", flex="0 0 auto", margin="0 0 0 auto"))
        decide = W.HBox([self.actions_box, helpers],
                        layout=W.Layout(flex_flow="row wrap", align_items="center", width="100%"))
        self.bar = W.VBox([self.status, self.message, decide, self.help_box, self.summary_row, self.confirm_row],
                          layout=W.Layout(width="100%"))
        self.bar.add_class("sm-bar")
        tools = W.HBox([self.new_button, self.save_button, self.save_link, self.upload, self.theme_toggle,
                        self.mainline_button],
                       layout=W.Layout(flex_flow="row wrap", align_items="center"))
        fallback = W.HBox([self.intent_list, self.apply_button], layout=W.Layout(flex_flow="row wrap"))
        extra = [self.page] if self.page is not None else []
        return [self.style, *extra, self.bar, self.canvas, self.bot_box, tools, self.form, self.mainline_box,
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
            self.mainline_replay, self.mainline_box.children = None, ()
            return None
        self.mainline_replay = MainlineReplay(mainline_steps(self._game), W)
        self.mainline_box.children = (self.mainline_replay.widget,)
        return self.mainline_replay

    # ------------------------------------------------------------------ drawing

    def refresh(self, game_changed: bool = True) -> None:
        """Bring everything up to date with the game (autosaving first if it changed)."""
        self.updates += 1
        self._seen_intents = len(self._game.history)
        self.controller.sync()
        self.viewer = self._viewer()
        if self.scene_builder is _default_scene_builder:
            self.scene = self.scene_builder(self._game.state, viewer=self.viewer, theme=self.theme,
                                            ready=self.ready_facilities(), compact=self.compact)
            if not self.compact:
                self._full_height = self.scene.height
        else:
            self.scene = self.scene_builder(self._game.state, viewer=self.viewer, theme=self.theme)
        self._hits = {}
        for h in self.scene.hits:
            self._hits.setdefault(tuple(h.target), []).append(h)
        _set(self.canvas.layout, "max_width", frontend.canvas_max_width(self.scene.width, self.scene.height))
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
        if self._hint is not None and self._hint[0] == len(self._game.history):
            marks += [(t, "hint") for t in self._hint[2]]
        for target, kind in marks:
            key = (tuple(target), kind)
            if key in seen:
                continue
            seen.add(key)
            rects = [(h.x, h.y, h.w, h.h) for h in self._hits.get(tuple(target), ())]
            if not rects:
                rects = self._rect_for(target)
            stroke, fill, width, dash = colours[kind]
            for x, y, w, h in rects:
                out.append(Rect(x - 2, y - 2, w + 4, h + 4, fill=fill, stroke=stroke, width=width, radius=4,
                                layer="highlight", dash=dash))
        return out

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
        before = self.updates
        try:
            self.controller.click(hit.target if hit else None)
        except Exception as e:  # a click must never leave the board silent
            self.controller.say(f"Something went wrong handling that click: {type(e).__name__}: {e}", error=True)
        self._after_controller(before)

    def _after_controller(self, before: int) -> None:
        """After the controller handled a click or a button: if nothing was applied only the
        selection and the message changed (highlights and buttons); else the game's observer has
        redrawn everything and only the controller's message (set after ``apply``) is newer."""
        if self.updates == before:
            self._paint()
            self._update_controls()
        else:
            self._show_message()

    def _on_theme(self, change) -> None:
        want = "dark" if change["new"] else "light"
        if want != self.theme:
            self.set_theme(want)

    def _on_page_scale(self, change) -> None:
        """The browser reports the table's shown scale: in "auto", big print below COMPACT_BELOW.
        Back to the full layout only when it would fit at COMPACT_BELOW or more (its height is
        known), so the two layouts never take turns."""
        if self.compact_choice != "auto" or not change["new"]:
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
        c = self.controller
        if c.message:
            level = "error" if c.error else "warning" if c.warning else ""
            text = _notice(c.message, level)
        else:
            text = f'<span style="opacity:0.8">{html.escape(c.hint())}</span>'
        if self.autosaver and self.autosaver.notice:
            text += "<br>" + _notice(self.autosaver.notice, "warning")
        if self.autosave_error:
            text += "<br>" + _notice(self.autosave_error, "error")
        if self.message.value != text:
            self.message.value = text

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
            from stationmaster.rules import spec_of
            sp = spec_of(g.state, card)
            tip = f" title='{html.escape(f'{sp.name}: {sp.text}', quote=True)}'"
        picked = f" · <span class='sm-selection'{tip}>{html.escape(picked)}</span>" if picked else ""
        # one line: the decision in hand, Revenue, what is selected (the board's header has the rest)
        if g.is_over:
            line = f"<b>{html.escape(c.status())}</b>"
        else:
            st = g.state
            actor = f"{g.actor} ({c.bot})" if c.bot else g.actor
            when = f"Day {st.day}, Stage {st.stage} ({CLOCK[st.stage - 1]}), {PHASE_NAMES[st.phase]}"
            line = f"<b title='{html.escape(when)}'>{html.escape(actor)} to {html.escape(g.decision)}</b>"
        _set(self.status, "value", f"{line}{who} · "
                                   f"<span style='opacity:0.85' title='seed {g.seed} · {cfg.mode}, {cfg.length}'>"
                                   f"Revenue {rev} (target {cfg.target})</span>{picked}")
        self._show_message()
        self._update_help()
        hint_bot = advice.hint_bot_name()
        _set(self.hint_button, "disabled", hint_bot is None or g.is_over or c.bot is not None)
        _set(self.hint_button, "tooltip", "what a good player would do now, and why" if hint_bot else
             "Hint needs the planner bot, which this installation lacks")
        actions = c.actions()
        self._grow_pool(len(actions))
        for b, a in zip(self._pool, actions):  # one message per button that changed
            desc = f"{a.label} ✓" if a.toggled else a.label
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

    def _update_bot_controls(self) -> None:
        g, a = self._game, self.autoplay
        _set(self.bot_box.layout, "display", "flex" if g.bots else "none")
        if not g.bots:
            return
        idle = a.to_act() is None
        _set(self.skip_button, "description", "Skip to my turn" if g.humans else "Skip to the end")
        _set(self.skip_button, "disabled", idle)
        _set(self.step_button, "disabled", idle)
        _set(self.pause_button, "description", "Resume" if a.paused else "Pause")
        _set(self.pause_button, "icon", "play" if a.paused else "pause")
        _set(self.pause_button, "value", a.paused)

    def _update_log(self) -> None:
        self.event_log.update(self._game, self.autoplay.notes)
        n = len(self.event_log.blocks)
        while len(self._log_widgets) < n:
            self._log_widgets.append(W.HTML())
        changed_children = len(self._log_widgets) != n or len(self.log_box.children) != n
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

    def log_text(self) -> str:
        """The event log as plain text."""
        return self.event_log.text()

    # ------------------------------------------------------------------ bots

    def _on_pace(self, change) -> None:
        self.autoplay.pace = float(change["new"])

    def _on_pause(self, change) -> None:
        if change["new"] == self.autoplay.paused:
            return
        if change["new"]:
            self.autoplay.pause()
            self.controller.say("The bots are paused: Resume lets them go on, Step makes one decision.")
        else:
            self.controller.say("")
            self.autoplay.resume()
        self._show_message()
        self._update_bot_controls()

    def _on_views(self, change) -> None:
        """The browser shows this board in ``_view_count`` places. When the last view goes (the
        cell was run again or cleared, the notebook closed) the bots rest instead of playing on
        unseen; they go on when the board is shown again."""
        old, new = change["old"] or 0, change["new"] or 0
        if new == 0 and old > 0 and not self.autoplay.paused:
            self._resting = True
            self.autoplay.pause()
        elif new > 0 and self._resting:
            self._resting = False
            self.autoplay.resume()
        self._update_bot_controls()

    def pause_bots(self, paused: bool = True) -> None:
        """Pause (or resume) the bot seats, as the Pause/Resume button does."""
        self.pause_button.value = paused

    def step_bots(self, limit: int | None = None) -> list:
        """Apply bot decisions now (all of them until a person must decide, or ``limit``), without
        pauses; returns ``[(player, Decision), ...]``. For scripts, and tests without a kernel."""
        done = self.autoplay.run(limit)
        self._update_bot_controls()
        return done

    def skip_to_my_turn(self) -> None:
        """The bots decide without pauses until a person must decide (the game's end if none)."""
        self.autoplay.skip()
        self._update_bot_controls()

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
        before = self.updates
        self.controller.press(key)
        self._after_controller(before)

    def action_buttons(self) -> list:
        """The visible action buttons."""
        return [b for b in self._pool if b._sm_key is not None]

    def button(self, label: str):
        """The visible action button with this label (for scripts and tests)."""
        for b in self.action_buttons():
            if b.description.rstrip(" ✓") == label:
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
        """An intent in words (for messages and tooltips), never its script text."""
        seat = self.controller.seat
        if seat is None and self._game.players:
            seat = self._game.state.players[0].seat
        try:
            return say_intent(self._game.state, intent, seat)
        except Exception:  # pragma: no cover - words must never break a message
            return "the last step"

    # ------------------------------------------------------------------ help

    def _update_help(self) -> None:
        """The "What can I do?" list, while its button is down."""
        show = bool(self.help_button.value)
        _set(self.help_box.layout, "display", "block" if show else "none")
        if show:
            _set(self.help_box, "value", advice.options_html(self.controller))
        self._fit_bar()

    def _fit_bar(self) -> None:
        """While a panel is open in the control bar the board gives it room (CSS: sm-tall-bar)."""
        tall = any(w.layout.display not in ("none", None) for w in (self.help_box, self.summary_row, self.confirm_row))
        if tall != ("sm-tall-bar" in self._dom_classes):
            (self.add_class if tall else self.remove_class)("sm-tall-bar")

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
        presses = [t for kind, t in clicks if kind == "press"]
        labels = [a.label for a in c.actions() if a.key in presses]
        how = []
        if targets:
            how.append("click the marked place" + ("s in turn" if len(targets) > 1 else ""))
        if labels:
            how.append("press " + " then ".join(labels))
        why = f" — {decision.reason}" if decision.reason else ""
        c.say(f"Hint: {self._said(decision.intent)}{why}. ({capital('; '.join(how)) or 'Use the buttons'}.)")
        self._hint = (len(g.history), decision, targets)
        self._paint()
        self._show_message()
        return decision

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
        self._fit_bar()
        return text

    def dismiss_summary(self) -> None:
        self._summary_day = None
        _set(self.summary_row.layout, "display", "none")
        self._fit_bar()

    # ------------------------------------------------------------------ saves and new games

    def save_filename(self) -> str:
        return f"station-master-seed{self._game.seed}-day{self._game.day}.json"

    def save(self) -> str:
        """Make the download link for the current game; returns the save text ('' if it cannot be saved)."""
        try:
            text = self._game.dumps()
        except SaveError as e:  # a game set up with the position builder
            self.save_link.value = ""
            self.controller.say(f"Cannot save: {e}", error=True)
            self._show_message()
            return ""
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = self.save_filename()
        self.save_link.value = (f'<a download="{name}" href="data:application/json;base64,{data}" '
                                f'style="text-decoration:underline">Download {html.escape(name)}</a>')
        self.controller.say(f"Save ready: click 'Download {name}'.")
        self._show_message()
        return text

    def load_text(self, data, name: str = "the file") -> bool:
        """Load a save (text or bytes); a bad save leaves the game as it was and says why."""
        try:
            game = sm.loads(data)
        except SaveError as e:
            self.controller.say(f"Could not load {name}: {e}", error=True)
            self._update_controls()
            return False
        self.game = game
        msg = f"Loaded {name}: seed {game.seed}, Day {game.day}, Stage {game.stage}."
        if game.replay_error:
            msg += f" Note: {game.replay_error}."
        self.controller.say(msg, warning=bool(game.replay_error))
        self._show_message()
        return True

    def ask_load(self, data, name: str = "the file") -> bool:
        """Load a save the player chose (Load): at once when no game is in progress, else only after
        they press Replace (Keep playing forgets it). Returns True if it was loaded now."""
        g = self._game
        if not g.history or g.is_over:
            return self.load_text(data, name)
        try:
            sm.loads(data)
        except SaveError as e:  # nothing to ask about: say what is wrong with the file
            self.controller.say(f"Could not load {name}: {e}", error=True)
            self._update_controls()
            return False
        self._pending_load = (data, name)
        _set(self.confirm_text, "value",
             f"<b>Replace the game in progress</b> (seed {g.seed}, Day {g.day}, Stage {g.stage}, "
             f"{len(g.history)} steps; its autosave stays) <b>with {html.escape(name)}?</b>&nbsp;")
        _set(self.confirm_row.layout, "display", "flex")
        self._fit_bar()
        self.controller.say(f"Load {name}? Press Replace to load it, or Keep playing.", warning=True)
        self._show_message()
        return False

    def confirm_load(self, replace: bool) -> bool:
        """The answer to Load's question: Replace (True) loads the chosen save."""
        pending, self._pending_load = self._pending_load, None
        _set(self.confirm_row.layout, "display", "none")
        self._fit_bar()
        if pending is None:
            return False
        if replace:
            return self.load_text(*pending)
        self.controller.say(f"Kept the game in progress; {pending[1]} was not loaded.")
        self._show_message()
        return False

    def _on_upload(self, change) -> None:
        value = change["new"]
        if not value:
            return
        items = list(value.values()) if isinstance(value, dict) else list(value)
        item = items[0]
        content = item.get("content", b"")
        name = item.get("name", "the file")
        try:
            self.ask_load(bytes(content), name)
        finally:
            try:
                self.upload.value = ()
            except Exception:  # pragma: no cover - older ipywidgets cannot reset the value
                pass

    def _show_form(self, show: bool) -> None:
        if show:
            self._list_autosaves()
        self.form.layout.display = "flex" if show else "none"

    def _list_autosaves(self) -> None:
        """The form's list of the other autosaved games in the autosave folder (read when the
        form opens, not on every update)."""
        if not self.autosaver:
            self.f_resume_row.layout.display = "none"
            return
        mine = self.autosave_path
        found = [(a.describe(), a.path) for a in _autosave.autosaves(self.autosaver.folder) if a.path != mine]
        self.f_autosaves.options = found
        self.f_autosaves.value = found[0][1] if found else None
        self.f_resume_row.layout.display = "flex" if found else "none"

    def resume_autosave(self, path) -> bool:
        """Go on with the autosaved game in ``path`` (as ``sm.play(resume=path)`` does)."""
        got = _autosave.resume(path)
        if got.game is None:
            self.controller.say(got.message, error=True)
            self._list_autosaves()
            self._update_controls()
            return False
        self.game = got.game
        self.new_button.value = False
        self.controller.say(got.message, error=got.level == "error", warning=got.level == "warning")
        self._show_message()
        return True

    def _form_players(self) -> list:
        return [p.strip() for p in self.f_players.value.split(",") if p.strip()]

    def _update_seats(self) -> None:
        """One Human-or-bot choice per player named in the form (kept by name while typing)."""
        from stationmaster.bots import available

        names = list(dict.fromkeys(self._form_players() or ["Player"]))
        options = [HUMAN] + available()
        old = self._seat_choice
        if list(old) == names and all(list(d.options) == options for d in old.values()):
            return  # the same names (a space or a comma typed): nothing to send
        self._seat_choice = {}
        for name in names:
            d = old.get(name)
            if d is None or list(d.options) != options:
                value = d.value if d is not None and d.value in options else HUMAN
                d = W.Dropdown(description=name, options=options, value=value,
                               tooltip=f"who plays {name}'s seat: a person, or a bot",
                               style={"description_width": "initial"}, layout=W.Layout(width="auto"))
            self._seat_choice[name] = d
        self.f_seats.children = (W.HTML("Seats:&nbsp;"), *self._seat_choice.values())

    def seat_choice(self, player: str):
        """The New game form's Human-or-bot dropdown for ``player``."""
        return self._seat_choice[player]

    def form_options(self) -> dict:
        """The New game form's values as ``new_game`` keyword arguments (raises ValueError)."""
        seed_text = self.f_seed.value.strip()
        seed = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                raise ValueError(f"the seed must be a whole number, not {seed_text!r}") from None
        players = self._form_players() or None
        names = players or ["Player"]
        bots = {p: d.value for p, d in self._seat_choice.items() if p in names and d.value != HUMAN}
        return dict(seed=seed, players=players, mode=self.f_mode.value, length=self.f_length.value,
                    victory=self.f_victory.value, starting_hand=self.f_hand.value,
                    revenue=tuple(w.value for w in self.f_rates),
                    optional_rules=[r for r, w in self.f_rules.items() if w.value], bots=bots or None,
                    deck=self.f_deck.value, yard_refill=self.f_refill.value)

    def new_game_from_form(self) -> bool:
        try:
            opts = self.form_options()
            game = sm.new_game(**opts)
        except ValueError as e:
            self.controller.say(f"Cannot start that game: {e}", error=True)
            self._update_controls()
            return False
        self.new_game(game)
        self.new_button.value = False
        return True

    def new_game(self, game=None, **options) -> None:
        """Replace the board's game with a new one (``game`` or ``new_game(**options)``)."""
        if game is None:
            game = sm.new_game(**options)
        self.game = game
        seats = ", ".join(f"{p} ({_bot_label(game, p)})" if p in game.bots else p for p in game.players)
        self.controller.say(f"New game: seed {game.seed}, {game.config.mode}, {game.config.length}, "
                            f"players {seats}.")
        self._show_message()
