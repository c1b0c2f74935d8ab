"""tools/screenshots.py refreshes docs/screenshots/ from the browser tests, which themselves save
their screenshots outside the repository."""

import importlib.util
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("screenshots", ROOT / "tools" / "screenshots.py")
screenshots = importlib.util.module_from_spec(spec)
spec.loader.exec_module(screenshots)


def test_the_tool_knows_every_screenshot_the_browser_tests_take():
    taken = {}
    for path in (ROOT / "tests" / "browser").glob("test_*.py"):
        for name in re.findall(r'screenshots_dir / "([^"]+\.png)"', path.read_text()):
            taken[name] = path
    assert set(taken) == set(screenshots.SHOTS)
    for name, test in screenshots.SHOTS.items():
        file, function = test.split("::")
        function = function.split("[")[0]  # a parametrized test: its function
        assert taken[name] == ROOT / file
        assert f"def {function}(" in (ROOT / file).read_text()
        assert (ROOT / "docs" / "screenshots" / name).is_file()


def fake_run(saved):
    def run(folder):
        for name in saved:
            (folder / name).write_bytes(b"new " + name.encode())
        return 0
    return run


def test_refresh_copies_the_new_screenshots(tmp_path):
    (tmp_path / "voila-app.png").write_bytes(b"old")
    assert screenshots.refresh(tmp_path, run=fake_run(screenshots.SHOTS)) == list(screenshots.SHOTS)
    for name in screenshots.SHOTS:
        assert (tmp_path / name).read_bytes() == b"new " + name.encode()


def test_refresh_copies_nothing_when_a_screenshot_is_missing(tmp_path):
    (tmp_path / "voila-app.png").write_bytes(b"old")
    with pytest.raises(SystemExit, match="no voila-app.png was saved"):
        screenshots.refresh(tmp_path, run=fake_run([n for n in screenshots.SHOTS if n != "voila-app.png"]))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["voila-app.png"]
    assert (tmp_path / "voila-app.png").read_bytes() == b"old"


def test_refresh_copies_nothing_when_the_tests_fail(tmp_path):
    def failing(folder):
        fake_run(screenshots.SHOTS)(folder)
        return 1
    with pytest.raises(SystemExit, match="tests failed"):
        screenshots.refresh(tmp_path / "docs", run=failing)
    assert not (tmp_path / "docs").exists()


def test_the_browser_tests_save_outside_the_repository_unless_asked(monkeypatch, tmp_path):
    """By default a temp folder (running the tests changes no tracked file); the folder in
    STATIONMASTER_SCREENSHOTS when the tool sets it."""
    from browser.conftest import screenshot_folder

    monkeypatch.delenv("STATIONMASTER_SCREENSHOTS", raising=False)
    assert screenshot_folder(lambda: tmp_path / "temp") == tmp_path / "temp"
    monkeypatch.setenv("STATIONMASTER_SCREENSHOTS", str(tmp_path / "asked"))
    assert screenshot_folder(lambda: tmp_path / "temp") == tmp_path / "asked"
    assert (tmp_path / "asked").is_dir()
