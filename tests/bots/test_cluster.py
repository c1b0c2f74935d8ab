"""simulate on a Dask cluster (issue 32, items 1 and 5): a real ``dask scheduler`` and two ``dask worker``
processes on 127.0.0.1 play the same rows as local processes; a worker killed mid-run loses and
doubles no game; Ctrl-C and close() cancel what is left and keep what was yielded; a worker with
another engine is refused, named; without Dask the error says what to install."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from stationmaster import cli
from stationmaster.bots import cluster, iter_simulate, simulate

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = dict(bot="greedy", length="short", games=12, seed=41)


def without_timing(rows) -> list:
    return [{k: v for k, v in row.items() if k != "seconds"} for row in sorted(rows, key=lambda r: r["seed"])]


def start(args, log, env=None):
    """A process in its own group (so the worker's nanny and its child die together)."""
    return subprocess.Popen([sys.executable, "-m", *args], stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True, env={**os.environ, **(env or {})})


def stop(proc) -> None:
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.wait(timeout=30)


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory):
    """A real scheduler and two single-threaded workers, bound to 127.0.0.1; all stopped after."""
    with real_cluster(tmp_path_factory.mktemp("dask")) as found:
        yield found


@contextlib.contextmanager
def real_cluster(folder):
    """A real scheduler and two single-threaded workers, bound to 127.0.0.1, stopped on leaving."""
    from distributed import Client
    address_file = folder / "scheduler.json"
    log = open(folder / "log.txt", "wb")
    procs = []
    client = None
    try:
        procs.append(start(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                            "--no-dashboard", "--scheduler-file", str(address_file)], log,
                           # a task whose worker dies is given up at once (KilledWorker), not retried by
                           # the scheduler: the resubmission then is cluster.py's, which the tests check
                           {"DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"}))
        for _ in range(2):
            procs.append(start(["distributed.cli.dask_worker", "--scheduler-file", str(address_file),
                                "--host", "127.0.0.1", "--nthreads", "1", "--nworkers", "1",
                                "--no-dashboard", "--death-timeout", "60"], log))
        deadline = time.monotonic() + 60
        while not address_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        client = Client(scheduler_file=str(address_file), timeout="30s", set_as_default=False)
        client.wait_for_workers(2, timeout=90)
        yield {"client": client, "address": client.scheduler.address, "workers": procs[1:]}
    finally:
        if client is not None:
            client.close()
        for proc in reversed(procs):
            stop(proc)
        log.close()


def tool(name: str):
    """A script of tools/ (they are not a package), as tools/study.py loads its neighbours."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def kill_a_busy_worker(found, within: float = 2.0) -> bool:
    """Kill a worker that has a game under way (its process group: nanny and worker), if one has
    within a moment; True if one was killed. While the caller holds a row, a worker whose game has
    just finished waits for its next task, so which worker is busy is looked up, not assumed."""
    client = found["client"]
    groups = client.run(lambda: os.getpgid(0))  # worker address -> its process group (start's session)
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        for address, tasks in client.processing().items():
            proc = next((p for p in found["workers"] if p.pid == groups.get(address)), None)
            if tasks and proc is not None and proc.poll() is None:
                stop(proc)
                return True
        time.sleep(0.01)
    return False


def tasks_left(client) -> int:
    return client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))


@pytest.mark.slow
def test_a_cluster_plays_the_local_rows_and_loses_no_game_when_a_worker_dies(dask_cluster):
    local = simulate(**GAMES, jobs=1)
    # by address, as the CLI does: the same rows as local processes, in seed order
    remote = simulate(**GAMES, scheduler=dask_cluster["address"])
    assert [r["seed"] for r in remote] == list(range(41, 53))
    assert without_timing(remote) == without_timing(local)
    # a worker killed once the first row is in: its games are played again elsewhere, none twice
    rows, killed = [], False
    for row in iter_simulate(**GAMES, client=dask_cluster["client"]):
        rows.append(row)
        if not killed:
            killed = kill_a_busy_worker(dask_cluster)  # a worker with games under way
    assert killed
    seeds = [r["seed"] for r in rows]
    assert len(seeds) == len(set(seeds)) == 12
    assert without_timing(rows) == without_timing(local)


@pytest.mark.slow
def test_a_sweep_on_the_cluster_equals_the_local_sweep_and_a_worker_killed_mid_run_loses_no_game(tmp_path):
    """Issue 32 item 5: a sweep (two variants, the same deals) through a real scheduler and two workers
    gives the rows the same sweep gives locally; one worker killed after the first game loses no game
    and plays none twice."""
    from stationmaster.sweep import sweep
    variants = {"edition": {}, "rich orders": {"order_pay": (3, 4)}}
    local = sweep(variants, ["greedy"], length="standard", games=6, seed=41, jobs=1)
    with real_cluster(tmp_path) as found:
        killed = []

        def kill_one(done, total):
            if not killed and kill_a_busy_worker(found):  # a worker with games under way
                killed.append(done)

        remote = sweep(variants, ["greedy"], length="standard", games=6, seed=41, client=found["client"],
                       progress=kill_one)
    assert killed
    for cell, rows in local.rows.items():
        seeds = [r["seed"] for r in remote.rows[cell]]
        assert len(seeds) == len(set(seeds)) == 6
        assert without_timing(remote.rows[cell]) == without_timing(rows)
    assert remote.table() == local.table()


@pytest.mark.slow
def test_the_sweep_command_plays_on_the_cluster_by_its_address(dask_cluster, tmp_path, capsys):
    """stationmaster sweep --scheduler: the same table and JSON figures as the same sweep on local processes."""
    args = ["sweep", "--bot", "greedy", "--length", "short", "--games", "4", "--seed", "41", "--quiet",
            "--variant", "edition", "--variant", "rich:order_pay=3,4"]
    assert cli.main([*args, "--jobs", "1", "--json", str(tmp_path / "local.json")]) == 0
    local = capsys.readouterr().out
    assert cli.main([*args, "--scheduler", dask_cluster["address"], "--json", str(tmp_path / "remote.json")]) == 0
    assert capsys.readouterr().out == local
    cells = [json.loads((tmp_path / f"{k}.json").read_text())["cells"] for k in ("local", "remote")]
    assert cells[0] == cells[1]


@pytest.mark.slow
def test_the_command_line_writes_each_row_as_it_comes_from_the_cluster(dask_cluster, tmp_path, capsys):
    out = tmp_path / "rows.jsonl"
    code = cli.main(["simulate", "--bot", "greedy", "--length", "short", "--games", "12", "--seed", "41",
                     "--scheduler", dask_cluster["address"], "--out", str(out), "--json", "--quiet"])
    assert code == 0
    info = json.loads(capsys.readouterr().out)
    assert info["games"] == 12 and info["seeds"] == [41, 52] and info["scheduler"] == dask_cluster["address"]
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert without_timing(rows) == without_timing(simulate(**GAMES, jobs=1))


def test_the_command_line_refuses_a_bad_scheduler_or_a_missing_dask_in_words(capsys, monkeypatch):
    code = cli.main(["simulate", "--bot", "random", "--length", "short", "--games", "2", "--scheduler", "localhost"])
    assert code == 2 and "tcp://HOST:8786" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "distributed", None)
    code = cli.main(["simulate", "--bot", "random", "--length", "short", "--games", "2",
                     "--scheduler", "tcp://127.0.0.1:8786"])
    err = capsys.readouterr().err
    assert code == 2 and 'pip install "stationmaster[cluster]"' in err and "Traceback" not in err


@pytest.mark.slow
def test_the_study_plays_the_same_games_on_the_cluster(dask_cluster, tmp_path, capsys):
    study = tool("study")
    with contextlib.redirect_stderr(io.StringIO()) as err:
        assert study.main(["--ladder-only", "--quick", "--seed", "7001", "--scheduler", dask_cluster["address"],
                           "--out", str(tmp_path / "cluster")]) == 0
    on_cluster = capsys.readouterr().out
    assert f"playing on the Dask cluster at {dask_cluster['address']}" in err.getvalue()
    with contextlib.redirect_stderr(io.StringIO()):
        assert study.main(["--ladder-only", "--quick", "--seed", "7001", "--jobs", "1",
                           "--out", str(tmp_path / "local")]) == 0
    assert on_cluster == capsys.readouterr().out and "## Depth" in on_cluster
    # the multiplayer cells' games: their function is the script's, sent to the workers by value
    multiplayer = sys.modules["balance_multiplayer"]
    cells = [("coop", 2, None), ("competitive", 2, "random")]
    local = multiplayer.play(cells, 2, 5, "short", "v4", jobs=1, progress=False)
    remote = multiplayer.play(cells, 2, 5, "short", "v4", progress=False, client=dask_cluster["client"])
    assert [{k: v for k, v in r.items() if k != "seconds"} for r in remote] == \
        [{k: v for k, v in r.items() if k != "seconds"} for r in local]


@pytest.mark.slow
def test_interrupting_a_cluster_run_keeps_its_rows_and_cancels_the_rest(dask_cluster):
    client = dask_cluster["client"]
    client.wait_for_workers(1, timeout=60)
    rows = iter_simulate(**GAMES, client=client)
    kept = [next(rows), next(rows)]
    rows.close()  # as a loop left early does
    assert len({r["seed"] for r in kept}) == 2 and all(41 <= r["seed"] < 53 for r in kept)

    def ctrl_c(done, total):
        if done == 3:
            raise KeyboardInterrupt

    seen = []
    with pytest.raises(KeyboardInterrupt):
        for row in iter_simulate(**GAMES, client=client, progress=ctrl_c):
            seen.append(row)
    assert len(seen) == 2  # the third row's game finished; the interrupt came as it was counted
    deadline = time.monotonic() + 10
    while tasks_left(client) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert tasks_left(client) == 0  # nothing left running on the cluster


@pytest.mark.slow
def test_a_worker_with_another_engine_is_refused_by_name(dask_cluster, monkeypatch):
    monkeypatch.setattr(cluster, "engine_version", lambda: "9.9.9+feedfacecafe")
    named = r"stationmaster 9\.9\.9\+feedfacecafe: worker tcp://127\.0\.0\.1:\d+ runs "
    with pytest.raises(cluster.ClusterError, match=named):
        iter_simulate(**GAMES, client=dask_cluster["client"])


class FakeClient:
    def __init__(self, versions):
        self.versions = versions

    def run(self, function):
        return self.versions


def test_the_version_check_names_each_worker_and_its_version():
    mine = cluster.engine_version()
    assert cluster.check_versions(FakeClient({"tcp://a:1": mine, "tcp://b:2": mine})) == mine
    with pytest.raises(cluster.ClusterError) as e:
        cluster.check_versions(FakeClient({"tcp://a:1": mine, "tcp://b:2": "0.0.9+abc"}))
    assert "worker tcp://b:2 runs 0.0.9+abc" in str(e.value) and "tcp://a:1" not in str(e.value)
    with pytest.raises(cluster.ClusterError, match="no workers"):
        cluster.check_versions(FakeClient({}))


def test_the_version_probe_is_sent_whole_and_reports_this_engine():
    """The probe belongs to no importable module, so it is shipped by value: it answers even on a worker
    whose stationmaster lacks the cluster module (or is missing)."""
    probe = cluster._probe()
    assert probe.__module__ == "stationmaster_cluster_probe"
    assert probe() == cluster.engine_version()


def test_without_dask_the_error_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails, as when not installed
    with pytest.raises(cluster.ClusterError, match=r'pip install "stationmaster\[cluster\]"'):
        simulate("random", length="short", games=2, scheduler="tcp://127.0.0.1:8786")
    assert len(simulate("random", length="short", games=2)) == 2  # the local path needs no Dask


def test_a_bad_scheduler_or_both_is_refused_before_any_game():
    with pytest.raises(ValueError, match="tcp://HOST:8786"):
        iter_simulate("random", length="short", games=2, scheduler="localhost")
    with pytest.raises(ValueError, match="not both"):
        iter_simulate("random", length="short", games=2, scheduler="tcp://127.0.0.1:1", client=object())


def test_a_game_that_comes_back_twice_is_counted_once():
    ledger = cluster.Ledger()
    assert [ledger.add(game) for game in (1, 0, 1, 2, 0, 3, 5)] == [True, True, False, True, False, True, True]
    assert (ledger.below, ledger.above) == (4, {5})  # what is done below the watermark is not held


def test_a_task_holds_about_half_a_second_of_games_and_every_worker_gets_several():
    assert cluster.batch_size(1000, 2) == 1  # a game's time not known yet
    assert cluster.batch_size(1000, 2, 0.1) == 5  # TASK_SECONDS of play
    assert cluster.batch_size(1000, 2, 0.008) == cluster.BATCH  # random Short games: at most BATCH
    assert cluster.batch_size(1000, 2, 15.0) == 1  # search's
    assert cluster.batch_size(24, 2, 0.01) == 3 and cluster.batch_size(7, 2, 0.01) == 1  # near the end


def test_slow_games_are_handed_out_one_task_a_worker_quick_ones_a_few_ahead():
    """A long game queued on a busy worker would wait there while a free one idles (the study's expert
    games were a fifth slower so): one task a worker until games are known to be quick."""
    assert cluster.in_flight(2) == 2  # a game's time not known yet
    assert cluster.in_flight(2, 20.0) == 2 and cluster.in_flight(3, 0.2) == 3
    assert cluster.in_flight(2, 0.01) == 2 * cluster.AHEAD_PER_WORKER
