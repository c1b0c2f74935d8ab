"""The board's autosave: ``station-master-autosave.json`` in the working folder, written atomically
(via ``game.save``) after every accepted intent, undo and redo, and resumed by ``sm.play()``.
No ipywidgets here."""

from __future__ import annotations

import os

from stationmaster.errors import SaveError

AUTOSAVE_NAME = "station-master-autosave.json"


def autosave_path(folder=None) -> str:
    """The autosave file in ``folder`` (default: the current working folder)."""
    return os.path.join(os.path.abspath(folder if folder is not None else os.getcwd()), AUTOSAVE_NAME)


def write(game, path) -> str | None:
    """Save the game to ``path`` atomically; None, or why it could not be written (never raises)."""
    try:
        game.save(path)
    except OSError as e:
        return f"could not autosave to {path}: {e.strerror or e}"
    except SaveError as e:  # a game set up with the position builder
        return f"this game is not autosaved: {e}"
    return None


def resume(path):
    """``(game, message)``: the autosaved game, or ``(None, why)`` when there is none or it is bad.

    A corrupt autosave is kept beside the original as ``...autosave.corrupt.json`` (so the next
    autosave does not destroy the evidence) and the message says so.
    """
    import stationmaster as sm

    if not os.path.exists(path):
        return None, ""
    try:
        game = sm.load(path)
    except SaveError as e:
        kept = path[: -len(".json")] + ".corrupt.json" if path.endswith(".json") else path + ".corrupt"
        try:
            os.replace(path, kept)
            where = f"; it was kept as {os.path.basename(kept)}"
        except OSError:
            where = ""
        return None, (f"The autosave {os.path.basename(path)} could not be loaded ({e}){where}. "
                      "A new game was started.")
    msg = f"Resumed the autosaved game (seed {game.seed}, Day {game.day}, Stage {game.stage}) from {path}."
    if game.replay_error:
        msg += f" Note: {game.replay_error}."
    if game.is_over:
        msg += " That game is over; press New game to start another."
    return game, msg
