"""The ``stationmaster`` command.

``stationmaster replay SAVE.json`` checks a save by replaying it through the rules and prints where
the game stands. Exit status: 0 the whole save replayed; 1 the replay stopped early (an intent that
is not legal, or intents after the game ended); 2 the file is not a loadable save (the reason goes to
stderr) or the command line is wrong.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import __version__
from .errors import SaveError
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
    return "\n".join(lines)


def _replay(args) -> int:
    try:
        if args.save == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
            game = loads(data)
        else:
            game = load(args.save)
    except SaveError as e:
        print(f"stationmaster: {args.save}: {e}", file=sys.stderr)
        return EXIT_BAD
    info = summary(game)
    if args.json:
        print(json.dumps(info, indent=1, ensure_ascii=False))
    else:
        print(format_summary("<stdin>" if args.save == "-" else args.save, info))
    return EXIT_STOPPED if game.replay_error else EXIT_OK


def _play(args) -> int:
    print("stationmaster: 'play' is not available yet: it arrives with the notebook UI.\n"
          "Meanwhile play in Python or a notebook:\n"
          "    import stationmaster as sm\n"
          "    game = sm.new_game(seed=7)\n"
          "    game.legal_intents(); game.apply('draw home')", file=sys.stderr)
    return EXIT_BAD


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
                       "the outcome if the game is over, and where the replay stopped if it did.")
    r.add_argument("save", metavar="SAVE.json", help="the save file ('-' reads standard input)")
    r.add_argument("--json", action="store_true", help="print the summary as JSON")
    r.set_defaults(run=_replay)
    q = sub.add_parser("play", help="play in the terminal (not available yet: use a notebook)")
    q.set_defaults(run=_play)
    return p


def main(argv=None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if not getattr(args, "run", None):
        p.print_help(sys.stderr)
        return EXIT_BAD
    try:
        return args.run(args)
    except BrokenPipeError:  # e.g. piped into head: not an error of ours
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":  # python -m stationmaster.cli
    sys.exit(main())
