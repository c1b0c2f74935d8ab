"""The ``stationmaster`` command.

``stationmaster play`` opens JupyterLab on the play notebook (``station-master.ipynb``, written into
the working folder or ``--dir`` first if it is not there), with that folder as JupyterLab's root;
``--print`` prints the command instead.

``stationmaster replay SAVE.json`` checks a save by replaying it through the rules and prints where
the game stands. Exit status: 0 the whole save replayed; 1 the replay stopped early (an intent that
is not legal, or intents after the game ended); 2 the file is not a loadable save (the reason goes to
stderr) or the command line is wrong.

A save is untrusted text: everything printed from it shows control and invisible characters as
escapes (``\x1b``, ``\u202e``; see ``stationmaster.safetext``), so a save cannot clear, retitle or
garble the terminal; ``--json`` escapes them the JSON way, so the data reads back unchanged.

``stationmaster review SAVE.json [--out review.ipynb]`` reviews a player's decisions (see
``stationmaster.review``): prints the decisions that cost Revenue and writes the record notebook with
the review's comments. Exit status 0; 130 when Ctrl-C stopped it (what was done is printed and
written); 2 for a save that cannot be loaded or a bad option.

``stationmaster simulate --bot NAME --length L --games N`` plays many games with the bot in every
seat, in worker processes (``--jobs``, at most ``max_jobs()``: more is lowered, and said), and
summarises them (``--json``); ``--out FILE.jsonl`` keeps one JSON line per game, written and
flushed as each game finishes (a file that holds something already is refused, never emptied;
``--append`` adds the lines after it). Nothing is held but the few games under way, so a run of
any length streams; Ctrl-C stops it with every finished game's line kept and the summary of those games
printed (exit status 130). Each bot's ``--bot-option`` values are checked against the options it
declares (type and range) before any game. ``--scheduler tcp://HOST:8786`` plays the games on that
Dask cluster instead (the ``cluster`` extra; the lines then come in the order the games finish, each
with its seed). See ``stationmaster.bots.simulate`` and ``stationmaster.bots.cluster``.

``stationmaster sweep --variant NAME:KEY=V,... --bot NAME`` plays rule variants (house rules,
docs/house-rules.md) × bots on the same deals and prints each cell's figures and its paired
difference from the baseline variant with a 95% interval (``--json PATH`` keeps them); see
``stationmaster.sweep``.

Every command refuses bad input (a folder that cannot be, a name too long, a number out of range,
an option of the wrong type) with a message on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import pathlib
import platform
import shlex
import signal
import subprocess
import sys
import threading
import time
import warnings
from importlib.resources import files
from importlib.util import find_spec
from urllib.parse import quote

from . import __version__
from .errors import SaveError
from .safetext import clip, is_hidden, visible
from .saves import MAX_BYTES, load, loads

EXIT_OK, EXIT_STOPPED, EXIT_BAD = 0, 1, 2


def summary(game) -> dict:
    """What ``replay`` reports about a loaded game, as plain data."""
    c = game.config
    out = {
        "players": list(game.players),
        "mode": c.mode,
        "length": c.length,
        "victory": c.victory,
        "optional_rules": list(c.optional_rules),
        "seed": game.seed,
        "day": game.day,
        "stage": game.stage,
        "phase": game.phase,
        "revenue": game.revenue,
        "intents": len(game.history),
        "over": game.is_over,
        "outcome": None,
        "winners": None,
        "actor": game.actor,
        "decision": None if game.is_over else game.decision,
        "replay_error": game.replay_error,
    }
    if game.is_over:
        out["outcome"] = game.outcome.reason
        out["winners"] = list(game.outcome.winners)
    return out


def format_summary(name: str, info: dict) -> str:
    rules = ", ".join(r.replace("_", " ") for r in info["optional_rules"]) or "none"
    lines = [
        f"Save:      {name}",
        f"Players:   {', '.join(info['players'])}",
        f"Game:      {info['mode']}, {info['length']}, {info['victory'].replace('_', ' ')} "
        f"(seed {info['seed']}; optional rules: {rules})",
        f"Position:  Day {info['day']}, Stage {info['stage']}, {info['phase'].replace('_', ' ')}",
        "Revenue:   " + ", ".join(f"{k} {v}" for k, v in info["revenue"].items()),
        f"Intents:   {info['intents']} replayed",
    ]
    if info["over"]:
        winners = ", ".join(info["winners"]) or "nobody"
        lines.append(f"Outcome:   {info['outcome']} (won: {winners})")
    else:
        lines.append(f"To act:    {info['actor']} ({info['decision']})")
    if info["replay_error"]:
        lines.append(f"STOPPED:   {info['replay_error']}")
    else:
        lines.append("Replay:    complete")
    return "\n".join(visible(line) for line in lines)


def _json_escape(ch: str) -> str:
    """A hidden character as JSON writes it escaped (beyond the BMP: a UTF-16 surrogate pair)."""
    n = ord(ch)
    if n < 0x10000:
        return f"\\u{n:04x}"
    n -= 0x10000
    return f"\\u{0xD800 + (n >> 10):04x}\\u{0xDC00 + (n & 0x3FF):04x}"


def json_text(info: dict) -> str:
    """``info`` as JSON, readable (non-ASCII text kept) yet with every hidden character escaped.

    json.dumps already escapes control characters below U+0020 inside strings, so a raw newline is
    the indentation's; any other hidden character can only be inside a string."""
    text = json.dumps(info, indent=1, ensure_ascii=False)
    if all(line.isprintable() for line in text.split("\n")):
        return text
    return "".join(_json_escape(ch) if ch != "\n" and is_hidden(ch) else ch for ch in text)


def _replay(args) -> int:
    try:
        if args.save == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
            game = loads(data)
        else:
            game = load(args.save)
    except SaveError as e:
        print(visible(f"stationmaster: {args.save}: {e}"), file=sys.stderr)
        return EXIT_BAD
    info = summary(game)
    if args.json:
        print(json_text(info))
    else:
        print(format_summary("<stdin>" if args.save == "-" else args.save, info))
    return EXIT_STOPPED if game.replay_error else EXIT_OK


def _review(args) -> int:
    from .review import DEPTHS, review

    try:
        game = load(args.save)
    except SaveError as e:
        print(visible(f"stationmaster: {args.save}: {e}"), file=sys.stderr)
        return EXIT_BAD
    if args.player is not None and args.player not in game.players:
        print(visible(f"stationmaster: {clip(args.player, 60)} is not a player of this game (its players: "
                      f"{', '.join(game.players)})"), file=sys.stderr)
        return EXIT_BAD
    if args.depth not in DEPTHS:  # pragma: no cover - argparse's choices refuse it first
        return EXIT_BAD
    if args.jobs < 1:
        print("stationmaster: --jobs must be a whole number from 1", file=sys.stderr)
        return EXIT_BAD
    out = args.out if args.out is not None else str(pathlib.Path(args.save).with_suffix("")) + "-review.ipynb"

    rv = review(game, player=args.player, depth=args.depth, jobs=args.jobs, progress=not args.quiet)
    if rv.partial and not args.quiet:
        print(file=sys.stderr)
    print("\n".join(visible(line) for line in rv.table().split("\n")))
    print(f"\n{len(rv.decisions)} decisions in {rv.seconds:.1f} s")
    try:
        rv.to_notebook(out)
    except SaveError as e:
        print(visible(f"stationmaster: cannot write the review notebook: {e}"), file=sys.stderr)
        return EXIT_BAD
    except OSError as e:
        print(visible(f"stationmaster: cannot write {clip(out, 100)}: {_why(e)}"), file=sys.stderr)
        return EXIT_BAD
    print(visible(f"the record notebook with the review's comments: {clip(out, 100)}"))
    return EXIT_INTERRUPTED if rv.partial else EXIT_OK


def _review_parser(sub) -> None:
    from .review import DEPTHS

    r = sub.add_parser("review", help="review a player's decisions in a save: what cost Revenue, and why",
                       description="Judge every decision of one player in a save against the planner's, on "
                       "the same sampled futures, print the decisions that cost Revenue and write the record "
                       "notebook with the review's comments at each Stage (docs/review.md). Ctrl-C stops it "
                       "and keeps what is done.")
    r.add_argument("save", metavar="SAVE.json", help="the save file")
    r.add_argument("--out", metavar="FILE.ipynb",
                   help="the review notebook to write (default: SAVE-review.ipynb beside the save)")
    r.add_argument("--player", metavar="NAME", help="whose decisions (default: the only human, else the first seat)")
    r.add_argument("--depth", default="normal", choices=list(DEPTHS), help="how hard to look (default: normal)")
    r.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes (default 1)")
    r.add_argument("--quiet", action="store_true", help="no progress line")
    r.set_defaults(run=_review)


PLAY_NOTEBOOK = "station-master.ipynb"
#: what the play notebook needs besides the engine (the ``play`` extra)
PLAY_MODULES = ("jupyterlab", "ipykernel", "ipywidgets", "ipycanvas")
PLAY_INSTALL = 'pip install "stationmaster[play]"'


def play_notebook_text() -> str:
    """The play notebook shipped inside the package (a copy of notebooks/play.ipynb), its
    ``language_info`` saying this Python's version: JupyterLab writes the kernel's own into a
    notebook as it opens, and a notebook whose metadata differs opens marked unsaved (issue 28.8)."""
    text = files("stationmaster").joinpath("data", "play.ipynb").read_text(encoding="utf-8")
    nb = json.loads(text)
    nb["metadata"]["language_info"]["version"] = platform.python_version()
    return json.dumps(nb, indent=1, ensure_ascii=True) + "\n"


def play_command(notebook, no_browser: bool = False, port: int | None = None) -> list:
    """The command that runs JupyterLab with the notebook's folder as the server's root and the
    notebook as the page it opens (and the URL it prints), so the folder's other files, such as
    docs/rules.md in a clone, are in the file browser."""
    notebook = pathlib.Path(notebook)
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={notebook.parent}",
           f"--LabApp.default_url=/lab/tree/{quote(notebook.name)}"]
    if no_browser:
        cmd.append("--no-browser")
    if port is not None:
        cmd.append(f"--ServerApp.port={port}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # Jupyter refuses to run as root without it
    return cmd


def _check_can_make(folder) -> None:
    """Raise the OSError that making ``folder`` (and writing in it) would meet, without making it:
    NotADirectoryError when a folder above it is a file."""
    for above in (folder, *folder.parents):
        if above.exists():
            if not above.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(above))
            return


def _missing_play_modules() -> list:
    return [m for m in PLAY_MODULES if find_spec(m) is None]


def _play(args) -> int:
    try:
        folder = pathlib.Path(args.dir).expanduser().resolve()
        notebook = folder / PLAY_NOTEBOOK
        if folder.exists() and not folder.is_dir():
            print(visible(f"stationmaster: {folder} is not a folder"), file=sys.stderr)
            return EXIT_BAD
        there = notebook.exists()
        if not there:  # checked before --print too: never print a command that cannot work
            _check_can_make(folder)
    except RuntimeError:  # pathlib's "Could not determine home directory": ~name of no user
        user = clip(args.dir[1:].split("/", 1)[0], 40)
        print(visible(f"stationmaster: --dir {clip(args.dir, 100)}: there is no user {user!r}, so "
                      f"~{user} names no home folder"), file=sys.stderr)
        return EXIT_BAD
    except NotADirectoryError as e:  # a folder below a file
        print(visible(f"stationmaster: cannot write {notebook}: {_why(e)} ({clip(e.filename, 100)} is a file)"),
              file=sys.stderr)
        return EXIT_BAD
    except (OSError, ValueError) as e:  # a name too long for the file system, a loop of links...
        print(visible(f"stationmaster: --dir {clip(args.dir, 100)}: {_why(e)}"), file=sys.stderr)
        return EXIT_BAD
    cmd = play_command(notebook, no_browser=args.no_browser, port=args.port)
    if args.print:  # only say what would run: nothing is written
        print(shlex.join(cmd))
        return EXIT_OK
    if not there:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            from .atomic import write_atomically
            write_atomically(notebook, play_notebook_text())
        except OSError as e:
            print(visible(f"stationmaster: cannot write {notebook}: {_why(e)}"), file=sys.stderr)
            return EXIT_BAD
        print(visible(f"stationmaster: wrote the play notebook {notebook}"), file=sys.stderr)
    missing = _missing_play_modules()
    if missing:
        print(f"stationmaster: playing needs JupyterLab and the board widgets; this Python "
              f"({sys.executable}) lacks {', '.join(missing)}.\nInstall them with:\n"
              f"    {shlex.quote(sys.executable)} -m {PLAY_INSTALL}\n"
              f"then run 'stationmaster play' again.", file=sys.stderr)
        return EXIT_BAD
    try:
        return subprocess.call(cmd, cwd=folder)
    except KeyboardInterrupt:  # Ctrl+C stops JupyterLab too: not an error
        return EXIT_OK
    except OSError as e:
        print(f"stationmaster: cannot start JupyterLab: {e}", file=sys.stderr)
        return EXIT_BAD


EXIT_INTERRUPTED = 130  # the shell's code for a command stopped by Ctrl-C


def _simulate(args) -> int:
    from .bots.cluster import ClusterError
    from .bots.simulate import Summary, format_summary, iter_simulate, max_jobs

    start = time.perf_counter()
    try:
        options = dict(_bot_option(text) for text in args.bot_option or ())
        with warnings.catch_warnings():  # the cap on --jobs is said below, in the command's words
            warnings.simplefilter("ignore", RuntimeWarning)
            rows = iter_simulate(args.bot, length=args.length, games=args.games, seed=args.seed, jobs=args.jobs,
                                 mode=args.mode, players=args.players, yard_refill=args.yard_refill,
                                 progress=not args.quiet, bot_options=options, deck=args.deck,
                                 balance=args.balance, scheduler=args.scheduler, **split_rules(args.rule))
    except ValueError as e:
        print(f"stationmaster: {e}", file=sys.stderr)
        return EXIT_BAD
    except ClusterError as e:  # it may quote the address given, whatever that holds
        print(visible(f"stationmaster: {e}"), file=sys.stderr)
        return EXIT_BAD
    jobs = args.jobs
    if jobs > max_jobs() and args.scheduler is None:
        print(f"stationmaster: --jobs {jobs} is more than this machine's CPUs can run at once; "
              f"using {max_jobs()} worker processes", file=sys.stderr)
        jobs = max_jobs()
    try:  # opened before the first game: a path that cannot be written fails at once
        out = _open_rows(args.out, args.append)
    except _Refused as e:
        print(visible(f"stationmaster: {e}"), file=sys.stderr)
        return EXIT_BAD
    except (OSError, ValueError) as e:
        print(visible(f"stationmaster: cannot write {clip(args.out, 100)}: {_why(e)}"), file=sys.stderr)
        return EXIT_BAD
    summary, stopped, seeds = Summary(), None, None
    held = _HeldInterrupt()
    try:
        with held.installed():
            for row in rows:  # each row written (and flushed) as its game finishes
                with held:  # Ctrl-C waits until the row is both written and counted
                    if out is not None:
                        out.write(json.dumps(row, ensure_ascii=False) + "\n")
                        out.flush()
                    summary.add(row)
                    # a cluster's rows come as they finish: the first and last seed played
                    seed = row["seed"]
                    seeds = [seed, seed] if seeds is None else [min(seeds[0], seed), max(seeds[1], seed)]
    except KeyboardInterrupt:
        stopped = "interrupted"
    except OSError as e:  # the disk filled up, the file went away...
        stopped = visible(f"cannot write {clip(args.out, 100)}: {_why(e)}")
    finally:
        rows.close()  # stops the workers
        if out is not None:
            try:
                out.close()
            except OSError:  # the row that could not be written is said above; the rest are there
                pass
    done = summary.games
    if stopped:
        kept = visible(f"; the {done} finished game(s) are in {clip(args.out, 100)}") if out is not None and done else ""
        print(f"stationmaster: {stopped} after {done} of {args.games} games{kept}", file=sys.stderr)
        if not done:
            return EXIT_INTERRUPTED if stopped == "interrupted" else EXIT_BAD
    info = summary.result()
    info.update(seconds=round(time.perf_counter() - start, 3), jobs=min(jobs, args.games),
                seeds=seeds or [args.seed, args.seed])
    if args.scheduler is not None:
        info.update(scheduler=args.scheduler, jobs=None)
    if stopped:
        info["stopped"] = stopped
    if args.json:
        print(json.dumps(info, indent=1, ensure_ascii=False))
    else:
        print(format_summary(info))
    if stopped:
        return EXIT_INTERRUPTED if stopped == "interrupted" else EXIT_BAD
    return EXIT_OK


class _Refused(Exception):
    """A command-line value refused before anything runs; ``str`` says why in one line."""


def _open_rows(path, append: bool):
    """The ``--out`` file (None: no file), open for this run's rows: never emptied (a file that
    holds something is refused unless ``append``; it then gets the rows after what it holds)."""
    if path is None:
        if append:
            raise _Refused("--append adds rows to the --out file: give --out FILE.jsonl too")
        return None
    if not path:
        raise _Refused("--out needs a file name (leave --out out to keep no rows)")
    if append:
        return open(path, "a", encoding="utf-8")
    try:
        return open(path, "x", encoding="utf-8")
    except FileExistsError:
        size = os.path.getsize(path) if os.path.isfile(path) else 0
        if size:
            raise _Refused(f"{clip(path, 100)} already holds {size:,} bytes: give --out a new file, or add "
                           "--append to add this run's rows after them") from None
        return open(path, "a", encoding="utf-8")  # empty, or not a file (a pipe, /dev/stdout): nothing to lose


class _HeldInterrupt:
    """Ctrl-C (SIGINT) that arrives inside ``with held:`` is raised as KeyboardInterrupt when the
    block ends, so that a row is never written without being counted, or counted unwritten."""

    def __init__(self) -> None:
        self.inside = self.pending = False

    def _handler(self, signum, frame) -> None:
        if self.inside:
            self.pending = True
        else:
            raise KeyboardInterrupt

    @contextlib.contextmanager
    def installed(self):
        if threading.current_thread() is not threading.main_thread():  # only the main thread gets signals
            yield
            return
        old = signal.signal(signal.SIGINT, self._handler)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, old)

    def __enter__(self):
        self.inside = True
        return self

    def __exit__(self, *exc) -> None:
        self.inside = False
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt


def _why(e: Exception) -> str:
    """An OS error's reason without its traceback: "No such file or directory"."""
    return getattr(e, "strerror", None) or str(e)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="stationmaster",
        description="Station Master, a railroad-operations card game: command-line tools.",
        epilog="Exit status of replay: 0 complete, 1 replay stopped early, 2 not a loadable save.",
    )
    p.add_argument("--version", action="version", version=f"stationmaster {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    r = sub.add_parser("replay", help="check a save by replaying it, and summarise the game",
                       description="Replay a save through the rules and print where the game stands: "
                       "players, mode and length, Day, Stage, phase, Revenue, the number of intents, "
                       "the outcome if the game is over, and where the replay stopped if it did. A save is "
                       "untrusted text: control and invisible characters from it are printed as escapes "
                       "such as \\x1b or \\u202e, and long values are cut short.")
    r.add_argument("save", metavar="SAVE.json", help="the save file ('-' reads standard input)")
    r.add_argument("--json", action="store_true", help="print the summary as JSON")
    r.set_defaults(run=_replay)
    q = sub.add_parser("play", help="open JupyterLab on the play notebook",
                       description=f"Open JupyterLab on the play notebook, {PLAY_NOTEBOOK} in DIR "
                       "(written there first if it is not there yet; an existing one is kept), with DIR "
                       "as the folder JupyterLab shows. "
                       f"Needs the play extra: {PLAY_INSTALL}.")
    q.add_argument("--dir", default=".", metavar="DIR",
                   help="the folder for the notebook and the autosave (default: the working folder)")
    q.add_argument("--no-browser", action="store_true",
                   help="start JupyterLab without opening a browser (open the URL it prints)")
    q.add_argument("--port", type=int, metavar="N", help="the port for JupyterLab (default: Jupyter's)")
    q.add_argument("--print", action="store_true",
                   help="print the JupyterLab command instead of running it")
    q.set_defaults(run=_play)
    _simulate_parser(sub)
    _sweep_parser(sub)
    _review_parser(sub)
    _serve_parser(sub)
    _lite_parser(sub)
    return p


def _serve_parser(sub) -> None:
    """``stationmaster serve``: the game server for tables across browsers (docs/remote.md)."""
    from .server.limits import Limits
    d = Limits()
    s = sub.add_parser("serve", help="run the game server for tables across browsers",
                       description="Serve Station Master tables: one authoritative game per table, every "
                       "accepted intent stored in a SQLite database before it is acknowledged, each seat "
                       "sent only what it may see. Prints its URL. Needs the serve extra: "
                       'pip install "stationmaster[serve]". See docs/remote.md.')
    s.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for a LAN)")
    s.add_argument("--port", type=int, default=8765, metavar="N", help="the port (default 8765; 0 picks a free one)")
    s.add_argument("--db", default="stationmaster-tables.db", metavar="FILE",
                   help="the SQLite database of tables (default stationmaster-tables.db in the working folder)")
    s.add_argument("--sync", default="full", choices=["full", "normal"],
                   help="SQLite synchronous mode: full (default) survives a power cut; normal survives a "
                   "crash of the server, and is faster")
    s.add_argument("--compress", action="store_true",
                   help="compress WebSocket messages (per-message deflate): fewer bytes over a slow link, "
                   "more work for the server (off by default)")
    s.add_argument("--max-message-bytes", type=int, default=d.message_bytes, metavar="N",
                   help=f"largest message or request body (default {d.message_bytes})")
    s.add_argument("--max-tables", type=int, default=d.tables, metavar="N", help=f"tables held (default {d.tables})")
    s.add_argument("--max-connections", type=int, default=d.connections_per_table, metavar="N",
                   help=f"connections per table, seats and spectators (default {d.connections_per_table})")
    s.add_argument("--max-connections-total", type=int, default=d.connections, metavar="N",
                   help=f"connections at once in all, HTTP and WebSocket (default {d.connections})")
    s.add_argument("--rate", type=float, default=d.rate, metavar="R",
                   help=f"messages a second per connection (default {d.rate:g})")
    s.add_argument("--burst", type=int, default=d.burst, metavar="N", help=f"burst of messages (default {d.burst})")
    s.add_argument("--bot-pace", type=float, default=d.bot_pace, metavar="S",
                   help=f"seconds between the server's bots' decisions (default {d.bot_pace:g})")
    s.add_argument("--webhook-timeout", type=float, default=d.webhook_timeout, metavar="S",
                   help=f"seconds a seat's webhook POST may take; 0 turns webhooks off (default {d.webhook_timeout:g})")
    s.add_argument("--idle-seconds", type=float, default=d.idle_seconds, metavar="S",
                   help="a table nobody is connected to leaves memory after this long; it stays in the database "
                   f"(default {d.idle_seconds:g})")
    s.add_argument("--request-timeout", type=float, default=d.request_seconds, metavar="S",
                   help="an HTTP request must arrive whole (headers and body) within this long, or it is dropped "
                   f"(default {d.request_seconds:g})")
    s.set_defaults(run=_serve)


#: the server's limits (``server.Limits`` fields) and the ``serve`` options that set them
LIMIT_OPTIONS = {"message_bytes": "--max-message-bytes", "tables": "--max-tables",
                 "connections_per_table": "--max-connections", "connections": "--max-connections-total",
                 "rate": "--rate", "burst": "--burst", "bot_pace": "--bot-pace",
                 "webhook_timeout": "--webhook-timeout", "idle_seconds": "--idle-seconds",
                 "request_seconds": "--request-timeout"}


def _serve(args) -> int:
    """Run the server until Ctrl+C."""
    from .server.limits import LimitError, Limits
    try:
        limits = Limits(**{field: getattr(args, option[2:].replace("-", "_"))
                           for field, option in LIMIT_OPTIONS.items()})
    except LimitError as e:
        value = f"{e.value:g}" if isinstance(e.value, float) else e.value
        print(f"stationmaster: {LIMIT_OPTIONS[e.field]} must be {e.rule}, not {value}", file=sys.stderr)
        return EXIT_BAD
    if not args.db:
        print("stationmaster: --db needs a file name (the SQLite database of tables)", file=sys.stderr)
        return EXIT_BAD
    try:
        from .server.app import run
    except ImportError as e:
        print(f"stationmaster: the server needs the serve extra ({e.name} is missing): "
              'pip install "stationmaster[serve]"', file=sys.stderr)
        return EXIT_BAD
    try:
        run(host=args.host, port=args.port, db=args.db, limits=limits, sync=args.sync, compress=args.compress,
            announce=lambda line: print(line, flush=True))
    except OSError as e:
        print(f"stationmaster: cannot serve on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return EXIT_BAD
    except ValueError as e:  # the database (server.store.StoreError)
        print(f"stationmaster: {e}", file=sys.stderr)
        return EXIT_BAD
    except KeyboardInterrupt:
        pass
    return EXIT_OK


def _bot_option(text: str) -> tuple:
    """``KEY=VALUE`` from the command line: the value read as JSON (null, 4, 1.5, true), else text."""
    key, sep, value = text.partition("=")
    if not sep or not key.isidentifier():
        raise ValueError(f"write a bot option as KEY=VALUE (e.g. max_seconds=null), not {text!r}")
    try:
        return key, json.loads(value)
    except RecursionError:
        raise ValueError(f"the value of bot option {key} is nested too deep to read") from None
    except ValueError:
        return key, value


def split_rules(texts) -> dict:
    """``--rule`` values as ``new_game``'s keywords: a name is an optional rule (``adversity``),
    ``KEY=VALUE`` a house rule (``order_pay=3,3``)."""
    texts = list(texts or ())
    return {"optional_rules": [t for t in texts if "=" not in t],
            "house_rules": [t for t in texts if "=" in t] or None}


def rule_help() -> str:
    from .config import OPTIONAL_RULES
    from .house_rules import help_text
    return (f"an optional rule ({', '.join(OPTIONAL_RULES)}) or a house rule KEY=VALUE overriding the "
            f"edition's numbers (docs/house-rules.md): {help_text()}; may be repeated")


def _table_options(s, length: str, games: int) -> None:
    """The options of the games a command plays (simulate's, sweep's): length, games, seeds, jobs,
    the table, the deck, the edition and its rules."""
    from .config import BALANCES, DECKS, DEFAULT_BALANCE, LENGTHS, MODES, YARD_REFILLS
    s.add_argument("--length", default=length, choices=list(LENGTHS), help=f"game length (default {length})")
    s.add_argument("--games", type=int, default=games, metavar="N", help=f"how many games (default {games})")
    s.add_argument("--seed", type=int, default=1, metavar="S", help="the first game's seed (default 1)")
    s.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="J",
                   help="worker processes (default: one per CPU; more than the CPUs, or 2 if more, "
                   "is lowered to that, and said)")
    s.add_argument("--scheduler", metavar="tcp://HOST:8786",
                   help="play the games on this Dask cluster's workers instead of local processes (--jobs is "
                   "then ignored; pip install \"stationmaster[cluster]\"; every worker must run this "
                   "stationmaster). Rows come in the order games finish, each with its seed")
    s.add_argument("--mode", default="solitaire", choices=list(MODES), help="game mode (default solitaire)")
    s.add_argument("--players", type=int, metavar="K",
                   help="seats, every one played by the bot (default 1 in solitaire, else 2)")
    s.add_argument("--yard-refill", default="day_end", choices=list(YARD_REFILLS),
                   help="when used cars come back to the Division Yard (default day_end, the rules' default)")
    s.add_argument("--deck", default="classic", choices=list(DECKS), help="the deck (default classic)")
    s.add_argument("--balance", default=DEFAULT_BALANCE, choices=sorted(BALANCES, reverse=True),
                   help=f"the edition of the rules (default {DEFAULT_BALANCE}; earlier ones stay playable)")
    s.add_argument("--rule", action="append", metavar="RULE", help=rule_help())


def _sweep(args) -> int:
    from .bots.cluster import ClusterError
    from .house_rules import split_text
    from .sweep import dumps, sweep, variants_of

    rules = split_rules(args.rule)
    try:  # a --rule KEY=VALUE is every variant's, unless the variant sets the key itself
        common = dict(split_text(t) for t in rules["house_rules"] or ())
        variants = [(v.name, {**common, **dict(v.house_rules)}) for v in variants_of(args.variant)]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            result = sweep(variants, args.bot, length=args.length, games=args.games, seed=args.seed, mode=args.mode,
                           players=args.players, baseline=args.baseline, jobs=args.jobs, progress=not args.quiet,
                           deck=args.deck, optional_rules=rules["optional_rules"], balance=args.balance,
                           yard_refill=args.yard_refill, **({"scheduler": args.scheduler} if args.scheduler else {}))
    except ValueError as e:
        print(f"stationmaster: {e}", file=sys.stderr)
        return EXIT_BAD
    except ClusterError as e:  # it may quote the address given, whatever that holds
        print(visible(f"stationmaster: {e}"), file=sys.stderr)
        return EXIT_BAD
    except KeyboardInterrupt:
        print("stationmaster: sweep interrupted; nothing written", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.json:
        try:
            from .atomic import write_atomically
            write_atomically(args.json, dumps(result) + "\n")
        except (OSError, ValueError) as e:
            print(visible(f"stationmaster: cannot write {clip(args.json, 100)}: {_why(e)}"), file=sys.stderr)
            return EXIT_BAD
    print(result.table())
    return EXIT_OK


def _sweep_parser(sub) -> None:
    from .bots import available
    s = sub.add_parser("sweep", help="play rule variants x bots on the same deals and compare them",
                       description="Play every --variant with every --bot on the same GAMES deals (game i "
                       "on seed SEED+i in every cell) and print, per cell, the mean Revenue per seat, its sd "
                       "across games, the win rate, freight's share of the Revenue and the mean paired "
                       "difference against the baseline variant's cell of the same bot with its 95% "
                       "confidence interval (Student's t on n-1 degrees of freedom). docs/balance.md, "
                       "'Rule variants and sweeps'.",
                       epilog="Exit status: 0 done; 2 a bad setting; 130 stopped by Ctrl-C.")
    s.add_argument("--variant", action="append", required=True, metavar="NAME:KEY=V,KEY=V",
                   help="a variant: a name and its house rules (docs/house-rules.md), e.g. "
                   "rich:order_pay=3,4,target=36; 'edition:' plays the edition's own numbers; may be "
                   "repeated; the first is the baseline unless --baseline names another")
    s.add_argument("--baseline", metavar="NAME", help="the variant the others are compared with (default: the first)")
    s.add_argument("--bot", action="append", required=True, choices=available(),
                   help="a bot, in every seat of its cells; may be repeated")
    _table_options(s, "short", 30)
    s.add_argument("--json", metavar="PATH", help="also write the sweep (settings, variants, cells) as JSON here")
    s.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    s.set_defaults(run=_sweep)


def _simulate_parser(sub) -> None:
    from .bots import available
    s = sub.add_parser("simulate", help="play many games with a bot in every seat and summarise them",
                       description="Play GAMES games with the bot in every seat (game i on seed SEED+i, "
                       "so the same seeds give the same games whatever --jobs), then print the Revenue, "
                       "win rate, collisions and Revenue by source. A progress bar shows on a terminal "
                       "(with tqdm: pip install \"stationmaster[sim]\"). Games stream: --out gets each "
                       "game's line as it finishes, and Ctrl-C stops the run with the summary of the "
                       "games finished so far.",
                       epilog="Exit status: 0 done; 2 a bad setting or an --out that cannot be written; "
                       "130 stopped by Ctrl-C (the finished games kept and summarised).")
    s.add_argument("--bot", required=True, choices=available(), help="the bot in every seat")
    _table_options(s, "standard", 100)
    s.add_argument("--bot-option", action="append", metavar="KEY=VALUE",
                   help="an option for the bot, e.g. max_seconds=null (search by its rollout budget alone, "
                   "reproducible); may be repeated")
    s.add_argument("--out", metavar="FILE.jsonl",
                   help="write one JSON line per game to this file as each game finishes (Ctrl-C keeps them); "
                   "a file that holds something already is refused, never emptied (see --append)")
    s.add_argument("--append", action="store_true",
                   help="add this run's rows after those --out holds already")
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument("--quiet", action="store_true", help="no progress report on stderr")
    s.set_defaults(run=_simulate)


def _lite(args) -> int:
    """``stationmaster lite fetch|build|serve``: the JupyterLite site (``stationmaster.lite``)."""
    from . import lite

    try:
        if args.action == "fetch":
            got = lite.fetch(args.cache)
            print(f"fetched into {args.cache}: Pyodide {got['pyodide'].name} and {len(got['wheels'])} wheels")
        elif args.action == "build":
            site = lite.build(args.outdir, cache=args.cache, notebooks=args.notebooks,
                              log=(lambda m: None) if args.quiet else (lambda m: print(m, file=sys.stderr)))
            print(f"built {site.folder}: {len(site.notebooks)} notebooks; serve it with: "
                  f"stationmaster lite serve {args.outdir}")
        else:
            lite.serve(args.outdir, port=args.port)
    except (lite.BuildError, lite.FetchError, FileNotFoundError, OSError) as e:
        print(f"stationmaster lite {args.action}: {e}", file=sys.stderr)
        return EXIT_BAD
    return EXIT_OK


def _lite_parser(sub) -> None:
    from .lite.downloads import DEFAULT_CACHE
    s = sub.add_parser("lite", help="build or serve the game as a JupyterLite site (runs in the browser)",
                       description="The game as a static JupyterLite site: JupyterLab and a Python kernel "
                       "that run in the browser, the play notebook opening first, every tutorial. "
                       "'fetch' downloads the pinned packages (npm's pyodide, PyPI wheels) into the cache, "
                       "the only step that needs the network; 'build' fetches what is missing, then builds "
                       "OUTDIR (a new or empty folder, or a site it built before: it refuses a folder "
                       "holding anything else); 'serve' serves OUTDIR on 127.0.0.1. Needs the lite extra: "
                       "pip install -e \".[lite]\".")
    s.add_argument("action", choices=["fetch", "build", "serve"], help="what to do")
    s.add_argument("outdir", nargs="?", default="site", metavar="OUTDIR",
                   help="the site's folder (default: site)")
    s.add_argument("--cache", default=str(DEFAULT_CACHE), metavar="DIR",
                   help=f"where downloads are kept between builds (default: {DEFAULT_CACHE})")
    s.add_argument("--notebooks", metavar="DIR", help="the notebooks folder (default: the repository's notebooks/)")
    s.add_argument("--port", type=int, default=8000, metavar="N", help="serve's port on 127.0.0.1 (default 8000)")
    s.add_argument("--quiet", action="store_true", help="build without progress lines")
    s.set_defaults(run=_lite)


def main(argv=None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if not getattr(args, "run", None):
        p.print_help(sys.stderr)
        return EXIT_BAD
    port, low = getattr(args, "port", None), 1 if args.command == "play" else 0  # 0: serve picks a free one
    if port is not None and not low <= port <= 65535:  # checked before anything binds (an OverflowError)
        print(f"stationmaster: --port must be from {low} to 65535, not {port}", file=sys.stderr)
        return EXIT_BAD
    try:
        return args.run(args)
    except BrokenPipeError:  # e.g. piped into head: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":  # python -m stationmaster.cli
    sys.exit(main())
