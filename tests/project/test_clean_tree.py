"""The check that a test run leaves the repository's files as they were (tests/clean_tree.py),
tried on a small git repository with a test suite of its own."""

import shutil
import subprocess

import pytest

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

CONFTEST = "from clean_tree import pytest_sessionfinish, pytest_sessionstart, pytest_terminal_summary\n"


def git(repo, *args):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@localhost", *args], cwd=repo,
                   check=True, capture_output=True)


@pytest.fixture
def repo(pytester):
    """A committed repository: a conftest with the check, a tracked file, an ignored pattern."""
    pytester.makeconftest(CONFTEST)
    pytester.makefile(".txt", tracked="as committed\n")
    pytester.makefile("", **{".gitignore": "ignored.txt\n__pycache__/\n.pytest_cache/\n"})
    git(pytester.path, "init", "-q")
    git(pytester.path, "add", "-A")
    git(pytester.path, "commit", "-q", "-m", "start")
    return pytester


def run(pytester, test_body: str):
    pytester.makepyfile(test_it="import pathlib\n\ndef test_it():\n" + test_body)
    git(pytester.path, "add", "test_it.py")
    git(pytester.path, "commit", "-q", "-m", "the test")
    return pytester.runpytest_inprocess("-p", "no:cacheprovider")


def test_a_test_that_rewrites_a_tracked_file_fails_the_run(repo):
    result = run(repo, "    pathlib.Path('tracked.txt').write_text('rewritten')\n")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.assert_outcomes(passed=1)  # the test itself passed: the run fails on the check
    result.stdout.fnmatch_lines(["*the tests changed files of the repository*", "  tracked.txt"])


def test_a_test_that_leaves_a_new_file_fails_the_run_unless_git_ignores_it(repo):
    result = run(repo, "    pathlib.Path('shot.png').write_bytes(b'x')\n"
                       "    pathlib.Path('ignored.txt').write_text('x')\n")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["  shot.png"])
    result.stdout.no_fnmatch_line("  ignored.txt")


def test_the_developers_own_uncommitted_work_is_not_blamed(repo):
    (repo.path / "tracked.txt").write_text("my edit, not committed\n")
    (repo.path / "draft.md").write_text("my notes\n")
    result = run(repo, "    assert pathlib.Path('draft.md').exists()\n")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.no_fnmatch_line("*changed files*")


def test_but_a_test_that_changes_an_already_changed_file_is(repo):
    (repo.path / "tracked.txt").write_text("my edit\n")
    result = run(repo, "    pathlib.Path('tracked.txt').write_text('my edit, then the test')\n")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["  tracked.txt"])


def test_outside_a_git_checkout_nothing_is_checked(pytester):
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_it="import pathlib\n\ndef test_it():\n    pathlib.Path('x.txt').write_text('x')\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.OK
