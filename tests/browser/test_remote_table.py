"""A table across browsers, for real (issue 19, item 7): a game server process on 127.0.0.1, two
human seats each in its own Chromium (separate profiles) with JupyterLab running
``sm.play(remote=invite)``, a spectator, and a bot in the third seat. The two boards play a
Competitive round by mouse; the server is killed with SIGKILL mid-round: both boards say they are
reconnecting, and a click made meanwhile returns at once, queued (issue 28.2); the server is started
again on the same database, the queued click is applied once, both boards carry on by themselves,
and the export replays to the same game.

Where to click is read from a *shadow* board in the test's process on the same seat (laid out for
the room the browser's board has, its own intents switched off): the browser's board is the one
that plays. Skipped, like the other browser tests, when /usr/bin/chromium is absent.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from .conftest import CHROMIUM, CHROMIUM_ARGS
from .test_board_room import click_through, next_intent
from .test_jupyterlab import BoardView, LabNotebook, workspace_name, write_notebook

# the shadow boards try things on their seat's local copy, which holds "?" for the cards it cannot see
pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.breaks_invariants]


def launch_server(db, port: int, log):
    proc = subprocess.Popen([sys.executable, "-m", "stationmaster.cli", "serve", "--port", str(port), "--db", str(db),
                             "--bot-pace", "0.2"], stdout=subprocess.PIPE, stderr=log, text=True)
    line = proc.stdout.readline()
    assert "http://127.0.0.1:" in line, f"the game server did not start: {line!r}"
    return proc, line.split()[4]


def shadow_of(board: BoardView, invite: str):
    """A board in this process on the same seat, laid out as the browser's: it says where to click
    (its own game sends nothing: the browser's board plays)."""
    from stationmaster import remote

    game = remote.join(invite)
    game.apply = lambda intent, timeout=30.0: []  # noqa: ARG005 - the browser's click does it
    return board.shadow(remote=game)


def line_says(page, board: BoardView, words: str, timeout: int = 15_000) -> str:
    """Wait until the board's connection line says ``words``; its text."""
    line = page.locator(f"{board.sel} .sm-connection")
    page.wait_for_function("([sel, words]) => (document.querySelector(sel)?.textContent || '').includes(words)",
                           arg=[f"{board.sel} .sm-connection", words], timeout=timeout)
    return line.inner_text()


def click_while_the_server_is_down(pages, boards, shadow, spectator, screenshots_dir) -> tuple:
    """The server is gone: both boards say so; the seat that must decide clicks its decision, and the
    click returns at once (the kernel is not held), its board saying it is queued. ``(seq, intent)``."""
    for name, p in pages.items():
        line_says(p, boards[name], "Reconnecting")
    who, n = spectator.actor, spectator.seq
    sh = shadow[who]
    intent = next_intent(sh.game, {})
    t = time.monotonic()
    click_through(pages[who], boards[who].nb, boards[who], sh, intent, [])  # each click: the kernel idle again
    took = time.monotonic() - t
    assert took < 10, f"the click held {who}'s kernel for {took:.0f} s"
    said = line_says(pages[who], boards[who], "Queued: ")
    assert "since" in said, said
    bar = pages[who].locator(f"{boards[who].sel} .sm-bar").inner_text()
    assert "has not answered yet" in bar, bar  # the message line says so too
    pages[who].screenshot(path=str(screenshots_dir / "board-remote-reconnecting-jupyterlab.png"))
    return n, intent, who


def test_two_browsers_play_a_round_across_a_server_restart(lab_server, page, tmp_path, request, screenshots_dir):
    import stationmaster as sm
    from launching import playwright
    from stationmaster import remote

    log = open(tmp_path / "game-server.log", "w")
    proc, url = launch_server(tmp_path / "tables.db", 0, log)
    port = int(url.rsplit(":", 1)[1])
    second = playwright().chromium.launch_persistent_context(
        str(tmp_path / "bo-profile"), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
    second.set_default_timeout(30_000)
    shadows, spectator = [], None
    try:
        table = remote.create(url, players=["Ann", "Bo", "Cy"], mode="competitive", seed=15,
                              bots={"Cy": "random"}, pace=0.2)
        pages = {"Ann": page, "Bo": second.new_page()}
        bo_errors: list = []
        pages["Bo"].on("pageerror", lambda exc: bo_errors.append(str(exc)))
        boards = {}
        for name, p in pages.items():
            p.set_viewport_size({"width": 1400, "height": 1000})
            path = f"remote-{name}.ipynb"
            write_notebook(lab_server.root / path,
                           f"import stationmaster as sm\nboard = sm.play(remote={table.invites[name]!r})\nboard")
            nb = LabNotebook(p, lab_server, path, f"{workspace_name(request)}-{name}").open()
            nb.run_all_cells()
            boards[name] = BoardView(nb)
            boards[name].wait_shown()
            boards[name].settle()
        shadow = {name: shadow_of(boards[name], table.invites[name]) for name in pages}
        shadows = list(shadow.values())
        spectator = remote.watch(url, table.id)
        start = spectator.state.stage_count
        clicked = {"Ann": 0, "Bo": 0}
        after_restart = {"Ann": 0, "Bo": 0}
        restarted = False
        for _ in range(160):
            g = spectator
            if g.is_over or (g.state.stage_count > start and min(after_restart.values()) >= 1):
                break
            if g.actor == "Cy":  # the server's bot: wait for it
                spectator.wait_for(lambda s: s.actor != "Cy" or s.is_over, 30)
                continue
            who = g.actor
            sh = shadow[who]
            assert sh.game.wait_for(lambda s: s.seq == spectator.seq, 10)
            n = spectator.seq
            boards[who].nb.wait_kernel_idle()
            click_through(pages[who], boards[who].nb, boards[who], sh, next_intent(sh.game, {}), [])
            assert spectator.wait_for(lambda s: s.seq > n, 60), f"{who}'s clicks reached no server"
            clicked[who] += 1
            if restarted:
                after_restart[who] += 1
            if not restarted and min(clicked.values()) >= 1 and sum(clicked.values()) >= 3 \
                    and spectator.actor in pages:  # a person decides next: nothing moves until they do
                os.kill(proc.pid, signal.SIGKILL)  # mid-round
                proc.wait(10)
                n, intent, who = click_while_the_server_is_down(pages, boards, shadow, spectator, screenshots_dir)
                proc, url2 = launch_server(tmp_path / "tables.db", port, log)
                assert url2 == url
                restarted = True
                assert spectator.wait_for(lambda s: s.seq > n, 60), "the queued click was never applied"
                assert str(spectator.history[n]) == intent  # the queued click, once
                for name, p in pages.items():
                    line_says(p, boards[name], "Connected")
                assert "Queued" not in line_says(pages[who], boards[who], "Connected")
        assert restarted and spectator.state.stage_count > start, "a whole round was played"
        assert after_restart["Ann"] >= 1 and after_restart["Bo"] >= 1, f"both boards carried on: {after_restart}"
        for name in pages:  # each browser's board has heard of every intent
            boards[name].settle()
            assert shadow[name].game.wait_for(lambda s: s.seq == spectator.seq, 10)
        page.screenshot(path=str(screenshots_dir / "board-remote-seat-jupyterlab.png"))
        game = table.export(tmp_path / "game.json")
        assert [str(i) for i in game.history] == [str(i) for i in spectator.history]
        assert [str(i) for i in sm.load(tmp_path / "game.json").history] == [str(i) for i in game.history]
        from stationmaster.cli import main
        assert main(["replay", str(tmp_path / "game.json")]) == 0
        assert all(set(p.hand) <= {"?"} or any(c.startswith("RedFlag") for c in p.hand)
                   for p in spectator.state.players)
        assert not page.page_errors and not bo_errors, (page.page_errors, bo_errors)
        print(f"\nclicked intents {clicked}, after the restart {after_restart}, {spectator.seq} intents in all")
    finally:
        for s in shadows:
            s.game.close()
            s.close()
        if spectator is not None:
            spectator.close()
        second.close()
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
        log.close()
