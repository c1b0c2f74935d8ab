"""The autouse invariants check of tests/conftest.py reaches every test, whatever it imports."""

import pathlib

import pytest

CONFTEST = pathlib.Path(__file__).parents[1].joinpath("conftest.py").read_text(encoding="utf-8")
BROKEN = '''
import pytest
import stationmaster as sm
from stationmaster.builder import Position

def test_a_dealt_game_loses_a_car():
    sm.new_game(seed=1).state.division_yard.pop()

def test_a_copied_game_loses_a_car():
    sm.new_game(seed=1).copy().state.division_yard.pop()

def test_a_built_game_loses_a_card():
    Position(seed=1).game().state.home.pop()

@pytest.mark.breaks_invariants
def test_marked_on_purpose():
    sm.new_game(seed=1).state.division_yard.pop()

def test_a_sound_game():
    sm.new_game(seed=1).apply("agent pass")
'''


@pytest.mark.breaks_invariants  # the throwaway run's broken games are dealt in this process too
def test_a_test_that_breaks_an_invariant_fails_at_teardown(pytester):
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_throwaway=BROKEN)  # imports nothing from tests/: the check still runs
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=5, errors=3)
    result.stdout.fnmatch_lines(["*invariants broken at the end of the test*", "*rolling stock: missing*"])
    for name in ("dealt", "copied", "built"):
        result.stdout.fnmatch_lines([f"ERROR *test_a_{name}_game_*"])
