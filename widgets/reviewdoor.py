"""The live board's Review button: on a finished game, or one the board was given with its record
(loaded, resumed), it reviews the game (``stationmaster.review.review``) and opens the replay with the
review (``replayboard.ReplayBoard``) in the board's place, until "Back to the game".

``ReviewDoor`` keeps the button, the review's progress while it runs, and the replay while it is
open. It is handed the board (a box whose children the replay takes while open), the game, the
surface, and the board's way of saying things."""

from __future__ import annotations

import ipywidgets as W

from .frontend import set_trait as _set


class ReviewDoor:
    """``box``: the board; ``game()`` its game; ``say(text, level)`` its message line; ``make_board``
    the board's class, for the games played on from the replay."""

    def __init__(self, box, *, game, surface: str, say, make_board, autosave=True) -> None:
        self._box, self._game, self._say, self._make_board = box, game, say, make_board
        self.surface, self.autosave = surface, autosave
        self.button = W.Button(description="Review", icon="search", button_style="info",
                               layout=W.Layout(width="auto", display="none"),
                               tooltip="review this game: step through its decisions, with the better moves and "
                                       "where the Revenue went")
        self.button.on_click(lambda _b: self.open())
        self.progress = W.IntProgress(value=0, min=0, max=1, description="Reviewing", bar_style="info",
                                      layout=W.Layout(width="260px", display="none"))  # while a review runs
        self.replay = None
        self._shown = ()  # the board's children while the replay is open
        self._seen = (None, 0)  # the game last seen, and its decisions when the board was given it

    def update(self) -> None:
        """Show the button on a finished game, or on one that came with decisions made elsewhere."""
        g = self._game()
        if g is not self._seen[0]:
            self._seen = (g, len(g.history))
        can = getattr(g, "timeline", None) is not None and len(g.history) > 0 and (g.is_over or self._seen[1] > 0)
        _set(self.button.layout, "display", "" if can else "none")

    def open(self, review=True):
        """Open the replay in the board's place: with ``review`` (True: review the game now; None: none).
        Returns the ``ReplayBoard``."""
        from .replayboard import ReplayBoard, review_of

        game, said = self._game(), []
        if review is True:
            self._say("Reviewing the game: each decision against the best found…")
            _set(self.progress.layout, "display", "")
            try:
                review = review_of(game, lambda text, level="": said.append(text), progress=self._progressed)
            finally:
                _set(self.progress.layout, "display", "none")
        if self.replay is None:
            self._shown = self._box.children
        else:  # opened again from the replay (not possible by its buttons; a script may): one replay at a time
            self.replay.close()
        self.replay = ReplayBoard(game, review, surface=self.surface, on_close=self.close, autosave=self.autosave,
                                  make_board=self._make_board,
                                  message=said[-1] if said else "")
        self._box.children = (self.replay,)
        return self.replay

    def _progressed(self, done: int, total: int) -> None:
        """The review's progress: ``done`` decisions judged of ``total``."""
        _set(self.progress, "max", max(1, total))
        _set(self.progress, "value", min(done, total))
        _set(self.progress, "description", f"{done}/{total}")

    def close(self) -> None:
        """Back to the game: the board as it was."""
        if self.replay is not None:
            self._box.children = self._shown
            self.replay.close()
            self.replay = None
            self._say("")
