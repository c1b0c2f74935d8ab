"""Fixtures every test gets, and the check that the test run leaves the repository's files as they
were (clean_tree.py).

``invariants_after_every_test``: each game a test deals, loads, builds or copies must still satisfy
the invariants (DESIGN.md §4) when the test ends. It is autouse here, in the root conftest, so no
test module can forget it. A test that breaks an invariant on purpose says so with
``@pytest.mark.breaks_invariants``.

Before any test, ``required_extra`` checks that every package of the ``test`` extra is installed
(at its lower bound): a missing one stops the run with "install .[test]", where it would otherwise
make tests skip and the run pass having tested less.
"""

import functools
import os

import pytest

from stationmaster import invariants
from stationmaster.game import Game

import required_extra
from clean_tree import pytest_sessionfinish, pytest_sessionstart, pytest_terminal_summary  # noqa: F401

pytest_plugins = ["pytester"]  # tests/project/test_invariants_fixture.py runs throwaway test files


def pytest_configure(config):
    why = required_extra.problem()  # a missing package would make tests skip: stop loudly instead
    if why:
        raise pytest.UsageError(why)
    config.addinivalue_line("markers", "breaks_invariants: the test breaks an invariant on purpose (the "
                                       "autouse invariants check is skipped for it)")


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (the README's parallel run): one worker more than the machine has cores. A third of
    the suite's time is spent waiting — on a browser, a JupyterLab or a Pyodide kernel starting, a pip
    install — and a third worker keeps both cores busy meanwhile."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(config, items):
    """The real-browser tests (tests/browser/) run first, as they did when tests/ was flat and
    "browser" sorted before every test file, then the other tests marked slow; the rest keep their
    order. Long tests first is what keeps both workers of the README's parallel run busy to the end
    (``--dist loadscope`` hands out whole files in this order: a long file last runs alone)."""
    items.sort(key=lambda item: (not item.nodeid.startswith("tests/browser/"), item.get_closest_marker("slow") is None))


@pytest.fixture(autouse=True)
def invariants_after_every_test(request, monkeypatch):
    """After every test, each game it made (dealt, loaded, built or copied) or took from a fixture of a
    wider scope satisfies the invariants."""
    made = []
    init, copy = Game.__init__, Game.copy

    @functools.wraps(init)  # (the signatures stay the game's: tests/engine/test_seat.py reads them)
    def tracked_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    @functools.wraps(copy)
    def tracked_copy(self, *args, **kwargs):
        g = copy(self, *args, **kwargs)
        made.append(g)
        return g

    monkeypatch.setattr(Game, "__init__", tracked_init)
    monkeypatch.setattr(Game, "copy", tracked_copy)
    yield made
    if request.node.get_closest_marker("breaks_invariants"):
        return
    games = made + [v for v in request.node.funcargs.values() if isinstance(v, Game) and v not in made]
    broken = [(g, problems) for g in games if (problems := invariants.check(g.state))]
    assert not broken, "invariants broken at the end of the test:\n" + "\n".join(
        f"  {g!r}: {'; '.join(problems)}" for g, problems in broken)
