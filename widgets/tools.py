"""The board's row of tools under the table: New game…, Save and Load (their parts' widgets, handed
in), the Dark toggle, "Mainline, step by step" (its replay shows in ``mainline_box``), the play
settings (``PLAY_OPTIONS``: the controller's options that save pointless clicks, one checkbox
each, switchable while playing) and Save's download link on a line of its own.

``Tools`` keeps the board's theme: "light" or "dark" (``theme``), chosen or following JupyterLab's
(``theme_choice`` "auto")."""

from __future__ import annotations

import ipywidgets as W

from .controller import PLAY_OPTIONS
from .tableview import HIGHLIGHT
from .frontend import close_widget
from .frontend import set_trait as _set


#: the theme choices: "auto" follows JupyterLab's (light where the page has none)
THEME_CHOICES = ("auto", "light", "dark")


class Tools(W.HBox):
    """``first``: the widgets before the Dark toggle; ``last``: after the settings. ``theme``: the
    theme chosen; ``page_theme()`` JupyterLab's ("" where there is none); ``on_theme(old, new)``
    gets a change of theme; ``options``: each setting's value now; ``on_option(name, bool)`` gets
    a change; ``game()``: the game the replay is of."""

    def __init__(self, first, last, *, theme: str, page_theme, on_theme, options: dict, on_option, game) -> None:
        self._game, self._page_theme, self._on_theme = game, page_theme, on_theme
        self.theme_choice = theme if theme in THEME_CHOICES else "auto"
        self.theme = self.theme_choice if self.theme_choice in HIGHLIGHT else "light"
        self.theme_toggle = W.ToggleButton(value=self.theme == "dark", description="Dark", icon="moon-o",
                                           tooltip="switch the board between light and dark (it follows "
                                                   "JupyterLab's theme until you do)",
                                           layout=W.Layout(width="auto"))
        self.theme_toggle.observe(lambda ch: self._on_dark(ch["new"]), "value")
        self.option_toggles = {}
        for name, (words, tip) in PLAY_OPTIONS.items():
            box = W.Checkbox(value=bool(options.get(name, False)), description=words, indent=False,
                             tooltip=tip, layout=W.Layout(width="auto"))
            box.observe(lambda ch, name=name: on_option(name, ch["new"]), "value")
            self.option_toggles[name] = box
        self.auto_end_toggle = self.option_toggles["auto_end_draw"]
        self.work_all_toggle = self.option_toggles["work_all"]
        self.mainline_replay = None
        self.mainline_box = W.VBox()
        self.mainline_button = W.Button(description="Mainline, step by step", icon="step-forward",
                                        tooltip="replay the latest Mainline phase one train at a time",
                                        layout=W.Layout(width="auto"))
        self.mainline_button.on_click(lambda _b: self.toggle_mainline_replay())
        super().__init__([*first, self.theme_toggle, self.mainline_button, *self.option_toggles.values(), *last],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))

    def _on_dark(self, dark: bool) -> None:
        if (self.theme == "dark") != dark:
            self.set_theme("dark" if dark else "light")

    def set_theme(self, theme: str) -> None:
        """Switch the board (and its controls and log) to "light" or "dark", or "auto": follow
        JupyterLab's theme (light where the page has none)."""
        if theme not in THEME_CHOICES:
            raise ValueError(f"theme must be 'auto', 'light' or 'dark', not {theme!r}")
        self.theme_choice = theme
        self._apply_theme(self._page_theme() if theme == "auto" else theme)

    def follow_page(self, page_theme: str) -> None:
        """JupyterLab's theme changed: the board follows it in "auto"."""
        if self.theme_choice == "auto":
            self._apply_theme(page_theme)

    def _apply_theme(self, theme: str) -> None:
        theme = theme if theme in HIGHLIGHT else "light"
        if theme == self.theme:
            return
        old, self.theme = self.theme, theme
        if self.theme_toggle.value != (theme == "dark"):
            self.theme_toggle.value = theme == "dark"
        self._on_theme(old, theme)

    def show_option(self, name: str, value: bool) -> None:
        _set(self.option_toggles[name], "value", bool(value))

    def toggle_mainline_replay(self):
        """Show (or hide) the step-by-step replay of the latest Mainline phase
        (``stationmaster.slowmo``); returns it."""
        from stationmaster.slowmo import MainlineReplay, mainline_steps
        if self.mainline_replay is not None:
            shown = self.mainline_replay.widget
            self.mainline_replay, self.mainline_box.children = None, ()
            close_widget(shown)
            return None
        self.mainline_replay = MainlineReplay(mainline_steps(self._game()), W)
        self.mainline_box.children = (self.mainline_replay.widget,)
        return self.mainline_replay
