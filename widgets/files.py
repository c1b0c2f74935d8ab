"""The board's files: Save (a download link) and Load (an uploaded save, asking before it replaces
a game in progress). ``SaveFiles`` keeps its own widgets and the save waiting for an answer; the
current game, putting a loaded game on the board and saying something are the board's, handed in."""

from __future__ import annotations

import base64
import html

import ipywidgets as W

import stationmaster as sm
from stationmaster.errors import SaveError

from .frontend import LINE_PX
from .frontend import set_trait as _set


class SaveFiles:
    """Save, its download link, Load, and Load's question (``question``: a row the board shows over
    the table). ``game()`` is the board's game; ``install(game)`` puts a loaded game on the
    board; ``say(text, level)`` says something on the message line ("", "warning" or
    "error"); ``fit()`` places the panels over the table again when the question opens or closes."""

    def __init__(self, *, game, install, say, fit) -> None:
        self._game, self._install, self._say, self._fit = game, install, say, fit
        self._pending = None  # (text, name) of an upload waiting for "Replace"
        self.confirm_text = W.HTML()
        self.confirm_yes = W.Button(description="Replace", button_style="danger", icon="folder-open",
                                    layout=W.Layout(width="auto"))
        self.confirm_yes.on_click(lambda b: self.confirm_load(True))
        self.confirm_no = W.Button(description="Keep playing", layout=W.Layout(width="auto"))
        self.confirm_no.on_click(lambda b: self.confirm_load(False))
        self.question = W.HBox([self.confirm_text, self.confirm_yes, self.confirm_no],
                               layout=W.Layout(display="none", align_items="center", flex_flow="row wrap"))
        self.save_button = W.Button(description="Save", icon="download", tooltip="make a download link for the save",
                                    layout=W.Layout(width="auto"))
        self.save_button.on_click(lambda b: self.save())
        # Save's download link on a line of its own at the row's end, there from the start: it
        # appearing moves nothing (it pushed Load, Dark and the Mainline's button 340 px right)
        self.save_link = W.HTML(layout=W.Layout(width="100%", height=f"{LINE_PX}px", overflow="hidden"))
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False, description="Load",
                                   tooltip="load a saved game (a .json file)", layout=W.Layout(width="auto"))
        self.upload.add_class("sm-upload")
        self.upload.observe(self._on_upload, "value")

    def forget(self) -> None:
        """Another game: no download link of the previous one, no question about a Load."""
        _set(self.save_link, "value", "")
        self._pending = None
        _set(self.question.layout, "display", "none")

    def save_filename(self) -> str:
        g = self._game()
        return f"station-master-seed{g.seed}-day{g.day}.json"

    def save(self) -> str:
        """Make the download link for the current game; returns the save text ('' if it cannot be saved)."""
        try:
            text = self._game().dumps()
        except SaveError as e:  # a game set up with the position builder
            self.save_link.value = ""
            self._say(f"Cannot save: {e}", "error")
            return ""
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = self.save_filename()
        self.save_link.value = (f'<a download="{name}" href="data:application/json;base64,{data}" '
                                f'style="text-decoration:underline">Download {html.escape(name)}</a>')
        self._say(f"Save ready: click 'Download {name}'.", "")
        return text

    def load_text(self, data, name: str = "the file") -> bool:
        """Load a save (text or bytes); a bad save leaves the game as it was and says why."""
        try:
            game = sm.loads(data)
        except SaveError as e:
            self._say(f"Could not load {name}: {e}", "error")
            return False
        self._install(game)
        msg = f"Loaded {name}: seed {game.seed}, Day {game.day}, Stage {game.stage}."
        if game.replay_error:
            msg += f" Note: {game.replay_error}."
        self._say(msg, "warning" if game.replay_error else "")
        return True

    def ask_load(self, data, name: str = "the file") -> bool:
        """Load a save the player chose (Load): at once when no game is in progress, else only after
        they press Replace (Keep playing forgets it). Returns True if it was loaded now."""
        g = self._game()
        if not g.history or g.is_over:
            return self.load_text(data, name)
        try:
            sm.loads(data)
        except SaveError as e:  # nothing to ask about: say what is wrong with the file
            self._say(f"Could not load {name}: {e}", "error")
            return False
        self._pending = (data, name)
        _set(self.confirm_text, "value",
             f"<b>Replace the game in progress</b> (seed {g.seed}, Day {g.day}, Stage {g.stage}, "
             f"{len(g.history)} steps; its autosave stays) <b>with {html.escape(name)}?</b>&nbsp;")
        _set(self.question.layout, "display", "flex")
        self._fit()
        self._say(f"Load {name}? Press Replace to load it, or Keep playing.", "warning")
        return False

    def confirm_load(self, replace: bool) -> bool:
        """The answer to Load's question: Replace (True) loads the chosen save."""
        pending, self._pending = self._pending, None
        _set(self.question.layout, "display", "none")
        self._fit()
        if pending is None:
            return False
        if replace:
            return self.load_text(*pending)
        self._say(f"Kept the game in progress; {pending[1]} was not loaded.", "")
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
