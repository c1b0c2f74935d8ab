"""Lesson 7 — Multiplayer: hot-seat Competitive and Co-op play, the Fedora, Employee Rotation.

Four prepared positions, one exercise each (see ``notebooks/07-multiplayer.ipynb``):

- ``hot_seat``: a two-player Competitive game; each player in turn takes a Local Operations
  option until Stage 1 is over (rule V4: from the Superintendent leftward);
- ``coop_revenue``: a two-player Co-op game; both Depots have passengers waiting and a train on
  the A/D track; board at both Offices so the pooled Revenue reaches 2 (rules L2, V1, V2);
- ``fedora_decides``: train 8 waits at the Western Division Point while train 6 runs ahead of it in
  the same Subdivision: the Superintendent must ``clear`` or ``hold`` it (rule M4);
- ``employee_rotation``: Stage 12 of Day 1 with the optional rule; at the Day's end every player
  moves one Office east with their Revenue, hand and Fedora (rule V4).
"""

from __future__ import annotations

from ..builder import Position
from ..start import new_game
from . import Lesson


def _stage_over(g, day: int = 1, stage: int = 1) -> str | None:
    """None once Stage ``stage`` of Day ``day`` is over, else who must do what."""
    if (g.day, g.stage) != (day, stage) or g.is_over:
        return None
    return f"Stage {stage} is not over yet: {g.actor} must {g.decision}."


def hot_seat(seed: int = 3) -> Lesson:
    """A Short Competitive game for Ann and Bo. Play Stage 1 hot-seat: whoever ``game.actor``
    names decides next (the board shows that player's hand) until Stage 2 begins."""
    game = new_game(seed=seed, players=["Ann", "Bo"], mode="competitive", length="short")
    return Lesson("Hot-seat Stage", "Play Stage 1 for both players: each takes one Local Operations "
                  "option in turn (`game.actor` says who).", game, _stage_over,
                  hint="`agent pass` is always a legal option; `draw home` then `end` works too.")


def coop_revenue(seed: int = 2) -> Lesson:
    """A Short Co-op game for Ann and Bo: each has a Depot with passengers waiting in a green box and
    a train on the A/D track with an empty coach. Board at both Offices in Stage 1: the pooled
    Revenue reaches 2."""
    b = Position(seed=seed, players=["Ann", "Bo"], mode="coop", length="short")
    for k, (number, who) in enumerate(((1, "Ann"), (3, "Bo")), 1):
        b.office(who, "depot")
        b.boxes(who, (0, 0), green=[f"CL{k}"])
        b.train(number, player=who, at=(0, 0), behind=[f"CE{k}"], arrived_earlier=False)
    game = b.game()

    def goal(g):
        pooled = sum(g.revenue.values())
        if pooled >= 2:
            return None
        each = ", ".join(f"{name} {r}" for name, r in g.revenue.items())
        said = _stage_over(g)
        return (f"the pooled Revenue is {pooled} of 2 ({each}). "
                + (said or "Stage 1 is over: run the lesson cell again."))

    return Lesson("Co-op: earn together", "Both players `agent pass` in Local Operations; in "
                  "Load/Unload each boards their passengers (`board TRAY`, the tray at their own Office).",
                  game, goal, hint="In Co-op everyone's Revenue counts toward one pooled target.")


def fedora_decides(seed: int = 1) -> Lesson:
    """Ann and Bob, Competitive; Bob wears the Fedora. Train 6 is on the Mainline east of the
    Western Division Point; train 8, going the same way, waits there. In the Mainline phase the
    game asks the Superintendent: ``clear`` train 8 into the occupied Subdivision, or ``hold`` it.
    (Ann's Office is made a Whistle Post, the tier below the Depot every Office opens as from edition v5
    ([U5]): one Subdivision runs from the Western Division Point past it to Bob's Office.)"""
    b = Position(seed=seed, players=["Ann", "Bob"], mode="competitive", length="short")
    b.office("Ann", "whistle_post")
    s = b.state
    for number in (6, 8):
        b.schedule(number, max(st for st in range(1, 13) if st not in s.timetable))
    b.train(6, mainline=(1, 0), behind=["boxcar", "caboose"])  # a Manifest Freight
    b.train(8, division_point="west", behind=["hopper", "caboose"])  # a Coal Drag
    game = b.game()

    def goal(g):
        if any(str(i) in ("clear", "hold") for i in g.history):
            return None
        if g.state.turn.pending:
            return (f"the game waits on the Superintendent: {g.actor} must {g.decision} "
                    "(`clear` or `hold`).")
        said = _stage_over(g)
        if said is None:
            return "Stage 1 ended without a clearance question: run the lesson cell again."
        return said + " Pass Local Operations (`agent pass`) until the Mainline asks the Superintendent."

    return Lesson("The Fedora decides", "Pass Local Operations for both players; when the Mainline "
                  "asks, the Superintendent answers `clear` or `hold`.", game, goal,
                  hint="`game.decision` says what is being decided and `game.actor` who decides it.")


def employee_rotation(seed: int = 4) -> Lesson:
    """Three players, Competitive, optional rule ``employee_rotation``, at Stage 12 of Day 1; the
    players hold some Revenue. Finish the Day: afterwards everyone sits one Office east."""
    b = Position(seed=seed, players=["Ann", "Bo", "Cy"], mode="competitive", length="short",
                 optional_rules=["employee_rotation"])
    for i, p in enumerate(b.state.players):
        p.revenue = 2 + 3 * i
    b.state.stage = 12
    game = b.game()

    def goal(g):
        if g.day >= 2 and any(e.kind == "rotation" for e in g.events):
            return None
        return _stage_over(g, 1, 12) or "the Day ended without a rotation: run the lesson cell again."

    return Lesson("Employee Rotation", "Finish Stage 12 (every player `agent pass`), then compare "
                  "who sits at which Office.", game, goal,
                  hint="The rotation comes after the Fedora passes east at the Day's end.")
