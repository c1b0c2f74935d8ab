"""[D5] by mouse in JupyterLab at 1280x800 (the file browser open): a click on the Home Office deck
turns up two cards, outlined in the hand, the prompt says to keep one; a click on a Department, then
one of the two, returns it, and the board stays where it was."""

import time

import pytest

from .conftest import open_notebook_board
from .test_board_laptop import SCROLL_TOP, viewport_point
from .test_jupyterlab import target_point

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SOURCE = ("import stationmaster as sm\n"
          "board = sm.play(seed=6, optional_rules=['choose_draw'], autosave=False)\nboard")


def prompt(page, board) -> str:
    return page.locator(f"{board.sel} .sm-bar .widget-html").nth(0).inner_text()


def test_choosing_the_draw_by_mouse_keeps_one_card_and_returns_the_other(lab_server, page, screenshots_dir, request):
    nb, board = open_notebook_board(page, lab_server, request, "choose-draw.ipynb", SOURCE)
    assert page.locator("#jp-left-stack").is_visible(), "JupyterLab's default layout has the file browser open"
    shadow = board.shadow(seed=6, optional_rules=["choose_draw"])
    before = page.evaluate(SCROLL_TOP, nb.sel)

    def click(target) -> None:
        page.mouse.click(*viewport_point(page, board, *target_point(shadow, target)))

    click(("home",))
    page.wait_for_function("sel => document.querySelector(sel).innerText.includes('draws two cards')",
                           arg=board.sel, timeout=30_000)
    board.settle()
    shadow.game.apply("draw home")
    first, second = shadow.game.state.players[0].hand[-2:]
    assert "keep one of the two cards drawn" in prompt(page, board)
    page.screenshot(path=str(screenshots_dir / "board-choose-draw-jupyterlab.png"))

    click(("dept", 3))
    board.settle()
    click(("hand", second))
    page.wait_for_function("sel => document.querySelector(sel).innerText.includes('keeps one of the two cards')",
                           arg=board.sel, timeout=30_000)
    board.settle()
    time.sleep(0.2)
    assert "keep one of the two cards drawn" not in prompt(page, board)
    assert page.evaluate(SCROLL_TOP, nb.sel) == before, "a click scrolled the notebook"
    assert not page.page_errors, page.page_errors
