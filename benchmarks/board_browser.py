"""The board in a real browser (DESIGN.md §7, issue 15), as JSON: JupyterLab at 1280x800 in its
default layout (the file browser open) and the Voilà app, Debian Chromium.

    python benchmarks/board_browser.py        # needs the test extra and /usr/bin/chromium

- **Click latency**: a board click until its repaint against a bare ipywidgets Button -> Label
  round trip, median of 15 each in the same session (budget 2x, aim 1.2x);
- **per table size** (Solitaire, 2, 3 and 4 players, and the Voilà app; and a 2-player board in a
  narrow window, 900x800, and a large one, 1920x1080): the board's shown scale,
  the smallest text and the smallest click target as the screen shows them (rules: text >= 10 px,
  targets >= 18 px), how many texts and targets are under those, and the largest shift of the
  board in the document over a few clicks by mouse (rule: <= 2 px);
- **played by mouse**: a Day of Standard solitaire and a round of a 2-player Competitive game,
  the largest shift of the board between clicks.

It runs the browser tests that measure these (tests/browser/test_board_laptop.py's latency test,
tests/browser/test_board_room.py, the Voilà app's laptop test), which save their figures beside
their screenshots, and prints them together.
"""

from __future__ import annotations

import json
import sys

from browser_run import browser_tests, read_figures

TESTS = [
    "tests/browser/test_board_laptop.py::test_a_board_click_repaints_within_twice_a_bare_button_round_trip",
    "tests/browser/test_board_room.py",
    "tests/browser/test_voila.py::test_voila_app_at_1280x800_fits_the_screen_and_reads",
    "tests/browser/test_board_open.py::test_a_narrow_window_reflows_the_board_and_a_large_one_fits_it",
]


def main() -> int:
    with browser_tests(TESTS, "sm-board-browser-") as (status, folder):
        latency = read_figures(folder, "board-latency.json")
        tables = {p.stem[len("board-sizes-"):]: json.loads(p.read_text()) for p in sorted(folder.glob("board-sizes-*.json"))}
        played = {p.stem[len("board-shift-"):]: json.loads(p.read_text()) for p in sorted(folder.glob("board-shift-*.json"))}
    if latency is None and not tables:
        print(json.dumps({"benchmark": "board_browser", "error": f"the tests did not run (pytest exit {status})"}))
        return 1
    result = {"benchmark": "board_browser", "budget_ratio": 2.0, "aim_ratio": 1.2,
              "latency": latency, "tables": tables, "played_by_mouse": played,
              "rules": {"text_px_min": 10, "target_px_min": 18, "shift_px_max": 2},
              "all_tests_passed": status == 0}
    print(json.dumps(result, indent=1))
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
