"""Refresh the screenshots in docs/screenshots/ from the real-browser tests.

The browser tests (tests/browser: JupyterLab or Voilà in Debian Chromium) save their screenshots
in a temp folder, so running the tests changes no file of the repository. This runs the tests that
take the screenshots below with ``STATIONMASTER_SCREENSHOTS`` set to a fresh temp folder and, only
if they all pass and saved every screenshot, copies the PNGs into docs/screenshots/:

    .venv/bin/python tools/screenshots.py        # needs the test extra and /usr/bin/chromium

(The scene-*.png renders there are not browser screenshots; this leaves them alone.)
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "screenshots"
# screenshot -> the test that takes it
SHOTS = {
    # a Hint of several clicks numbers its marks; the New game form's refusal beside it, then the board
    "board-hint-numbered-jupyterlab.png":
        "tests/browser/test_board_words.py::test_a_hint_numbers_its_marks_and_keeps_them_out_from_under_its_panel",
    "board-new-game-refused-jupyterlab.png": "tests/browser/test_board_words.py::"
        "test_the_new_game_forms_refusal_shows_beside_it_and_the_board_comes_back_into_view",
    "board-new-game-started-jupyterlab.png": "tests/browser/test_board_words.py::"
        "test_the_new_game_forms_refusal_shows_beside_it_and_the_board_comes_back_into_view",
    "board-new-game-form-laptop-jupyterlab.png": "tests/browser/test_board_words.py::test_new_game_shows_its_form_in_view",
    "jupyterlab-play.png": "tests/browser/test_jupyterlab.py::test_play_notebook_runs_in_jupyterlab",
    "board-bots-jupyterlab.png": "tests/browser/test_jupyterlab.py::test_a_bot_seat_moves_by_itself",
    "board-jupyterlab.png":
        "tests/browser/test_jupyterlab.py::test_board_plays_by_clicking_and_survives_reload",
    # the standalone app on a laptop screen (1280x800)
    "voila-app.png": "tests/browser/test_voila.py::test_voila_app_at_1280x800_fits_the_screen_and_reads",
    # a laptop screen (1280x800, JupyterLab's default layout): a decision in hand, the
    # Superintendent's, the Day's end, the dark theme
    "board-laptop-jupyterlab.png":
        "tests/browser/test_board_laptop.py::test_one_decision_one_screen_and_a_click_never_scrolls",
    "board-superintendent-jupyterlab.png": "tests/browser/test_board_laptop.py::"
                                           "test_a_superintendent_decision_fits_with_clear_and_hold_beside_the_question",
    "board-day-summary-jupyterlab.png":
        "tests/browser/test_board_laptop.py::test_the_day_end_summary_is_shown_with_the_board",
    "board-dark-jupyterlab.png":
        "tests/browser/test_board_laptop.py::test_the_board_follows_jupyterlabs_dark_theme_controls_and_log_too",
    # the board laid out for a laptop's room (issue 15): 2 and 4 players, and after a Day by mouse
    "board-laptop-2-players-jupyterlab.png":
        "tests/browser/test_board_room.py::test_the_bar_and_the_whole_board_are_on_one_screen[2-players]",
    "board-laptop-4-players-jupyterlab.png":
        "tests/browser/test_board_room.py::test_the_bar_and_the_whole_board_are_on_one_screen[4-players]",
    "board-day-end-jupyterlab.png":
        "tests/browser/test_board_room.py::test_a_day_of_solitaire_by_mouse_never_moves_the_board",
    # the replay with a review (issue 31.2): a reviewed decision, its marks, the verdict and the curve
    "board-replay-review-jupyterlab.png":
        "tests/browser/test_replay_keys.py::test_replay_keys_step_it_and_leave_jupyterlabs_shortcuts_alone",
    # [D5] choosing the draw at 1280x800: the two drawn cards outlined, the bar saying to keep one
    "board-choose-draw-jupyterlab.png":
        "tests/browser/test_choose_draw_board.py::test_choosing_the_draw_by_mouse_keeps_one_card_and_returns_the_other",
    # the JupyterLite site (issue 18): the play notebook's board, drawn as SVG in the browser's own kernel
    "lite-board.png": "tests/browser/test_lite.py::test_site_plays_saves_in_the_browser_and_resumes_offline",
    "lite-resumed.png": "tests/browser/test_lite.py::test_site_plays_saves_in_the_browser_and_resumes_offline",
    # the play notebook as it opens (scrolled to the bar by itself), and a narrow window (900x800)
    "board-opened-jupyterlab.png": "tests/browser/test_board_open.py::"
                                   "test_the_play_notebook_opens_with_the_bar_and_the_whole_board_on_one_screen",
    "board-narrow-jupyterlab.png":
        "tests/browser/test_board_open.py::test_a_narrow_window_reflows_the_board_and_a_large_one_fits_it",
    # a grown Office Area (issue 28): six rows on a laptop's room, and one grown by mouse
    "board-grown-area-jupyterlab.png":
        "tests/browser/test_board_layout.py::test_a_grown_area_keeps_its_sizes_on_screen",
    "board-grown-area-played-jupyterlab.png":
        "tests/browser/test_board_layout.py::test_a_growing_area_played_by_mouse_moves_nothing",
    # the full deck (issue 11): a Competitive board and the New game form's Deck and adversity choices
    "board-full-deck-form-jupyterlab.png":
        "tests/browser/test_jupyterlab.py::test_a_full_deck_board_and_its_new_game_form",
    # a table across browsers (issue 19): Ann's seat, after a round played across a server restart
    "board-remote-seat-jupyterlab.png":
        "tests/browser/test_remote_table.py::test_two_browsers_play_a_round_across_a_server_restart",
    # the same seat while its server is gone (issue 28.2): reconnecting since when, a click queued
    "board-remote-reconnecting-jupyterlab.png":
        "tests/browser/test_remote_table.py::test_two_browsers_play_a_round_across_a_server_restart",
}


def run_tests(folder: pathlib.Path) -> int:
    """Run the screenshot tests, saving into ``folder``; pytest's exit status."""
    env = dict(os.environ, STATIONMASTER_SCREENSHOTS=str(folder))
    tests = sorted(set(SHOTS.values()))
    return subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests],
                           cwd=ROOT, env=env)


def refresh(dest: pathlib.Path = DOCS, run=run_tests) -> list:
    """Take the screenshots and copy them into ``dest``: the names copied. Raises SystemExit,
    copying nothing, when a test fails or a screenshot is missing."""
    with tempfile.TemporaryDirectory(prefix="stationmaster-screenshots-") as tmp:
        folder = pathlib.Path(tmp)
        status = run(folder)
        if status != 0:
            raise SystemExit(f"screenshots: the browser tests failed (pytest exit {status}); "
                             f"{dest} is unchanged")
        missing = [name for name in SHOTS if not (folder / name).is_file()]
        if missing:
            raise SystemExit(f"screenshots: no {', '.join(missing)} was saved (is /usr/bin/chromium "
                             f"there? the tests skip without it); {dest} is unchanged")
        dest.mkdir(parents=True, exist_ok=True)
        for name in SHOTS:
            shutil.copyfile(folder / name, dest / name)
    return list(SHOTS)


def main() -> int:
    for name in refresh():
        print(f"screenshots: {DOCS.relative_to(ROOT) / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
