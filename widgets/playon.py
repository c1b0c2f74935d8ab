"""A replay's "Play on from here": one click starts a new game from the position shown, on a board
of its own with its own autosave, the original game left as it was.

Who plays each seat of the new game is chosen beside the button (a person, hot-seat, or a bot: the
New game form's choices); each starts as the original's seat was, but in a game of bots only the
first seat is a person's (playing on is to try another move). The engine makes the game
(``Game.branch(seq, bots=...)``: the position in which decision ``seq`` was made, remembering where
it came from); this part makes the board (``sm.play``'s ``GameBoard``) and hands it to the replay,
which shows it in its place with a way back.
"""

from __future__ import annotations

import ipywidgets as W

from .newgame import HUMAN


class PlayOn(W.HBox):
    """The seats' choices, and the button (``button``, which the replay puts among its steps' controls). ``game()`` is the game replayed, ``step()`` the step shown
    (the decision to branch before); ``show(board)`` puts the new board in the replay's place;
    ``say(text, level)`` reports a refusal; ``make_board(game, **options)`` makes the new game's board
    (``GameBoard``; handed in, so that the board and its replay do not import each other);
    ``autosave``: where the new game autosaves (as ``GameBoard``'s: True for the working folder, a
    folder, None for none)."""

    def __init__(self, players, bots: dict, *, game, step, show, say, make_board, autosave=True,
                 surface: str = "auto") -> None:
        from stationmaster.bots import available
        from stationmaster.bots.seats import bot_name

        self._game, self._step, self._show, self._say = game, step, show, say
        self._make_board = make_board
        self.autosave, self.surface = autosave, surface
        options = [HUMAN] + available()
        self.seats = {}
        for k, name in enumerate(players):  # as the game was; a game of bots only: the first seat yours
            value = bot_name(bots[name]) if name in bots and (k or len(bots) < len(players)) else HUMAN
            self.seats[name] = W.Dropdown(description=name, options=options,
                                          value=value if value in options else HUMAN,
                                          tooltip=f"who plays {name}'s seat in the game played on: a person or a bot",
                                          style={"description_width": "initial"}, layout=W.Layout(width="auto"))
        self.button = W.Button(description="Play on from here", icon="code-fork", button_style="success",
                               tooltip="start a new game from the position shown, on a board of its own (its own "
                                       "autosave); this game stays as it is", layout=W.Layout(width="auto"))
        self.button.on_click(lambda _b: self.play_on())
        self.board = None  # the last board played on
        super().__init__([W.HTML("Play on from here with:&nbsp;"), *self.seats.values()],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.add_class("sm-play-on")

    def chosen_bots(self) -> dict:
        """``{player: bot name}`` for the seats given to a bot."""
        return {p: d.value for p, d in self.seats.items() if d.value != HUMAN}

    def play_on(self, bots=None):
        """Start the new game from the step shown (``bots``: as chosen beside the button) and show
        its board; returns the board (None when the game cannot be branched: the replay says why)."""
        game, k = self._game(), self._step()
        branch = getattr(game, "branch", None)
        if branch is None:
            self._say("This game cannot be played on from a position (it has no record to branch).", "error")
            return None
        try:
            new = branch(k, bots=self.chosen_bots() if bots is None else bots)
        except ValueError as e:
            self._say(str(e), "error")
            return None
        if self.board is not None:  # the game played on before is no longer shown: its board goes (its autosave stays)
            self.board.close()
        self.board = self._make_board(new, autosave=self.autosave, surface=self.surface, scroll_to_bar=True,
                               message=f"Played on from decision {min(k, len(game.timeline) + 1)} of the replayed "
                                       f"game (seed {game.seed}); that game is unchanged.")
        self._show(self.board)
        return self.board
