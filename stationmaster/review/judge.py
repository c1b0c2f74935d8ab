"""Judging one decision: the played line against the planner's, on the same sampled futures.

A *decision* here is what a player decides at once: one intent, but a whole switching turn (the
Switch option, its Moves and set-outs, its End) counts as one line, since its Moves mean something
only together. The reference is the planner's line from the same position (``PlannerBot``, the
Hint's player): when the played line is the planner's, it is "best" and only its value is rolled
out. Otherwise both lines are played forward on the same determinized copies (``game.copy(
determinize=player, seed=k)``: what the player could not know is dealt afresh, the same way for
both lines, common random numbers) with the planner (patterns-only switching, as the search bot's
rollouts) in every seat for a few Stages, and valued (``value``: ``bots.search.position_value`` and
a little more) at each Stage end passed; the difference of the lines' means is the loss.

Everything a judgement reads of the game is the player's determinized copy: the review of a
position does not change when the cards that player could not see do.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import explain
from ..bots.planner import PlannerBot
from ..bots.plays import card_worth
from ..bots.sandbox import area_value
from ..bots.search import position_value
from ..bots.view import View
from ..decisions import OPTION, SWITCH, decision_kind
from ..errors import IllegalIntent
from ..game import Game
from ..intents import Agent, Clearance, Draw, Intent, Switch
from ..timeline import thaw

#: decision kinds, as ``Review.lost_by_kind`` adds up the Revenue lost
KINDS = ("option", "switching", "drawing and playing", "freight agent", "work", "clearance", "make-up", "other")
#: the verdicts, best first
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")
#: the least loss (expected Revenue over the next Stages) of each verdict but "best" (a line at
#: least as good as every alternative looked at). The scale is the game's: a steady player's Stage is
#: worth about 0.7 Revenue (40 in a 60-Stage Standard game), so a Stage's Local Operations option
#: thrown away (a card taken back a Stage later, a box stocked a Stage late) costs about a third of
#: that, a mistake; a collision (5) or a load lost (2) is a blunder; under 0.12 the lines are about
#: as good ("good")
THRESHOLDS = (("blunder", 2.0), ("mistake", 0.25), ("inaccuracy", 0.12), ("good", 0.0))


@dataclass(frozen=True)
class Depth:
    """How hard a review looks: ``samples`` determinized futures per line, rolled out until
    ``stages`` Stage ends have passed (the rest of the decision's Stage is the first), and up to
    ``extra`` alternatives besides the planner's (the planner's next-best options, the other
    clearance)."""

    samples: int
    stages: int
    extra: int


#: the depths a review may take; "normal" is the default
DEPTHS = {"fast": Depth(samples=2, stages=2, extra=0),
          "normal": Depth(samples=4, stages=3, extra=0),
          "deep": Depth(samples=8, stages=4, extra=2)}

#: the determinization seeds of sample k: the same for every line and every decision
SEED_BASE = 0x5EED


@dataclass(frozen=True)
class Judgement:
    """One reviewed decision (see ``Review``)."""

    seq: int  # the timeline entry (1-based) of the decision; the position reviewed is the one BEFORE it
    player: str
    kind: str  # one of KINDS
    played: Intent
    better: Intent | None  # the best alternative found, None when the played one was best
    loss: float  # Revenue the played line is expected to cost against ``better``, >= 0
    verdict: str  # one of VERDICTS (``THRESHOLDS``)
    why: str  # in game terms
    value: float  # expected value (Revenue, what is built, work in hand) over the next Stages after the played line
    played_line: tuple = ()  # the whole line judged from ``seq`` on (a switching turn: its steps)
    better_line: tuple = ()  # the alternative's line from ``seq`` on (empty when ``better`` is None)


def verdict_for(loss: float, best: bool) -> str:
    """The verdict of a loss (``THRESHOLDS``); "best" when no alternative did better."""
    if best:
        return "best"
    for name, least in THRESHOLDS:
        if loss >= least:
            return name
    return "good"


@dataclass(frozen=True)
class Unit:
    """One decision of the reviewed player: the seqs of its entries and the intents played."""

    seqs: tuple
    intents: tuple
    kind: str  # the decision kind before it (``decisions.decision_kind``)


def units(game, player: str):
    """Walk the game's record from its start; yield ``(unit, game at the position before it)`` for
    every decision of ``player`` with more than one legal intent (a switching turn is one unit:
    the Switch and every step until its turn ends). The game yielded is the walker itself: read it
    (or copy it) before the next step."""
    t = game.timeline
    if 0 not in t.snapshot_points:
        raise ValueError("this game's record does not reach back to its start (a determinized copy?): "
                         "review the game itself")
    me = list(game.players).index(player)
    walker = Game.from_position(game.config, game.seed, thaw(t.snapshot(0)))
    entries = list(t)
    k = 0
    while k < len(entries):
        e = entries[k]
        if e.actor != me or len(walker.legal) < 2:
            walker.apply(e.intent)
            k += 1
            continue
        kind = decision_kind(walker.state)
        end = k + 1
        if kind == SWITCH or (kind == OPTION and e.intent == Switch()):
            ahead = walker.copy()
            ahead.apply(e.intent)
            while end < len(entries) and entries[end].actor == me and not ahead.is_over \
                    and ahead.actor == player and decision_kind(ahead.state) == SWITCH:
                ahead.apply(entries[end].intent)
                end += 1
        yield Unit(tuple(x.seq for x in entries[k:end]), tuple(x.intent for x in entries[k:end]), kind), walker
        for x in entries[k:end]:
            walker.apply(x.intent)
        k = end


# --------------------------------------------------------------------------- lines and rollouts


def reference_line(det, player: str, unit: Unit, bot=None) -> tuple:
    """The planner's line from the position of ``det`` (changed: played on): its intent, and
    through its whole switching turn when it switches (or the decision is a switching step). One
    planner on one game, so that the plan it made to choose the Switch option is the one it follows.
    ``bot``: another planner's line (the expert's)."""
    bot = PlannerBot(0) if bot is None else bot
    line = [bot.decide(det).intent]
    if not (unit.kind == SWITCH or line[0] == Switch()):
        return tuple(line)
    det.apply(line[0])
    while not det.is_over and det.actor == player and decision_kind(det.state) == SWITCH and len(line) < 200:
        line.append(bot.decide(det).intent)
        det.apply(line[-1])
    return tuple(line)


def rollout(det, player: str, line: tuple, stop: int) -> tuple:
    """Play ``line`` on the determinized copy ``det`` (changed), then the rollout planner in every
    seat until the Stage count reaches ``stop`` or the game ends: (the mean of the player's values
    at each Stage end passed, what earned or cost the player Revenue on the way: [(day, stage,
    amount, text)]). The mean over the Stage ends, not the last value alone, is what makes a line a
    Stage behind cost a Stage's worth: its work pays too, but later."""
    said, values = [], []
    start = det.state.stage_count

    def step(intent) -> None:
        before = det.state.stage_count
        _note(det, det.apply(intent), player, said)
        reached = stop if det.is_over else min(det.state.stage_count, stop)
        if reached > before:  # a Stage end passed (or the game ended: its value stands for the rest)
            values.extend([value(det, player)] * (reached - max(before, start + len(values))))

    for it in line:
        try:
            step(it)
        except IllegalIntent:  # cannot happen for the player's own line; stop the line there
            break
    policy = PlannerBot(0, switch_nodes=20, follow_plans=True, search_width=0)
    steps = 0
    while not det.is_over and det.state.stage_count < stop and steps < 3000:
        step(policy.decide(det).intent)
        steps += 1
    if not values:
        values = [value(det, player)]
    return sum(values) / len(values), said, parts(det, player)


#: what ``parts`` measures, as the review says a line has more of it (a few Stages on)
PART_WORDS = {
    "office": "a bigger Office (its upgrade played sooner)",
    "industries": "more industries in your Office Area",
    "trains": "more trains on the timetable",
    "loads": "more loads in the industries' boxes, nearer to paying",
    "cars": "the cars better placed for your industries (spotted where they are worked, none stranded "
            "or fouling the Running Track)",
    "hand": "cards in hand of more use to your Office Area",
}


def parts(game, player: str) -> dict:
    """The player's position in parts (``PART_WORDS``), to say which a line is ahead in."""
    me = list(game.players).index(player)
    s = game.state
    area = s.areas[s.players[me].seat]
    v = View(game, me)
    return {"office": v.tier,
            "industries": sum(1 for xy in area.facilities if xy != (0, 0)),
            "trains": len(s.timetable),
            "loads": sum(len(f.green) + sum(1 for x in f.pipeline.values() if x) for xy, f in area.facilities.items()
                         if xy != (0, 0)),
            "cars": area_value(v) if s.outcome is None else 0.0,
            "hand": sum(card_worth(v, c) for c in s.players[me].hand) / 10 if s.outcome is None else 0.0}


#: what a load on MEN, AT and WORK is worth beyond ``position_value``'s half a Revenue, as it nears
#: its payout: a line that is a Stage behind with its freight shows it at the horizon
STEP_WORTH = {"men": 0.25, "at": 0.5, "work": 0.75}
#: what each point of a hand card's worth to the planner (``card_worth``, 0 to 10) adds: a useful
#: card kept (or taken) against a useless one
HAND_WORTH = 0.05
#: the share of the planner's worth of the Office Area's cars (``bots.sandbox.area_value``: spotted
#: where an industry works them, the Day's orders, nothing stranded or fouling the Running Track)
#: that counts: where a switching turn leaves the cars, valued as the planner's switching search does
AREA_WORTH = 0.2


def value(game, player: str) -> float:
    """The player's position valued as the search bot values it (``bots.search.position_value``:
    Revenue, what is built, the work in hand) and, besides, how near its loads are to paying and
    what the cards in hand are worth: the review compares lines a Stage or two apart."""
    score = position_value(game, player)
    me = list(game.players).index(player)
    s = game.state
    area = s.areas[s.players[me].seat]
    for fac in area.facilities.values():
        score += sum(STEP_WORTH.get(box, 0.0) for box, load in fac.pipeline.items() if load)
    if s.outcome is None:
        v = View(game, me)
        score += HAND_WORTH * sum(card_worth(v, c) for c in s.players[me].hand) + AREA_WORTH * area_value(v)
    return score


def _note(g, events, player, said) -> None:
    for e in events:
        if e.kind == "revenue" and e.player == player:
            said.append((g.day, g.stage, e.amount, e.text))


def line_values(position, player: str, lines: list, depth: Depth, samples: int | None = None) -> list:
    """Each line's samples: [[(value, events) per sample] per line], every line on the same
    determinized copies (``samples`` of them, the depth's by default)."""
    stop = position.state.stage_count + depth.stages
    out = [[] for _ in lines]
    for k in range(depth.samples if samples is None else samples):  # (value, events, parts) per sample
        det = position.copy(determinize=player, seed=SEED_BASE + k)
        for i, line in enumerate(lines):
            out[i].append(rollout(det.copy(), player, line, stop))
    return out


def alternatives(det, player: str, unit: Unit, ref: tuple, depth: Depth) -> list:
    """Up to ``depth.extra`` more lines worth a look besides the planner's: for a switching turn
    the expert's (``bots/expert.py``: the planner with a wide switching search), else the planner's
    next-best Local Operations options, the other clearance."""
    if not depth.extra:
        return []
    lines = []
    if unit.kind == SWITCH or Switch() in (unit.intents[0], ref[0]):
        from ..bots.expert import ExpertBot

        line = reference_line(det.copy(), player, unit, ExpertBot(0))
        if line != ref:
            lines.append(line)
    found = []
    if unit.kind == OPTION:
        found = [it for _, it, _ in PlannerBot(0).option_scores(View(det), list(det.legal))]
    elif unit.kind == "clearance":
        found = [Clearance(not ref[0].clear)] if isinstance(ref[0], Clearance) else []
    lines += [(it,) for it in found if it != ref[0] and it in det.legal and (it,) not in lines]
    return lines[: depth.extra]


# --------------------------------------------------------------------------- one decision


def kind_of(unit: Unit, played: Intent, better: Intent | None) -> str:
    """The decision's kind, as ``KINDS`` name it."""
    k = unit.kind
    if k == OPTION and not isinstance(played, (Switch, Agent, Draw)):
        return "switching"  # a step of the switching turn the option began
    if k == OPTION:
        if isinstance(played, Agent):
            return "freight agent"
        if better is not None and type(better) is not type(played):
            return "option"
        return "switching" if played == Switch() else "drawing and playing"
    return {SWITCH: "switching", "draw": "drawing and playing", "work": "work", "clearance": "clearance",
            "makeup": "make-up"}.get(k, "option" if isinstance(played, (Switch, Draw)) else "other")


def judge(position, player: str, unit: Unit, depth: Depth) -> Judgement:
    """Judge one decision of ``player`` at ``position`` (a game at the position before it; only its
    determinized copies are read)."""
    det = position.copy(determinize=player, seed=SEED_BASE)
    played = tuple(unit.intents)
    ref = reference_line(det.copy(), player, unit)
    if played == ref:
        # the planner's own line needs only its value, for the curve: half the futures do
        samples = line_values(position, player, [played], depth, max(1, depth.samples // 2))
        value = sum(got[0] for got in samples[0]) / len(samples[0])
        return Judgement(unit.seqs[0], player, kind_of(unit, played[0], None), played[0], None, 0.0, "best", "",
                         round(value, 3), played, ())
    lines = [played, ref] + alternatives(det, player, unit, ref, depth)
    samples = line_values(position, player, lines, depth)
    means = [sum(got[0] for got in line) / len(line) for line in samples]
    value = means[0]
    b = max(range(1, len(lines)), key=lambda i: (means[i], -i))
    best = means[b] <= value + 1e-9
    # the decision judged: the first step where the played line leaves the better one (the planner's
    # when the played line is best), the position before it the one reviewed
    at = min(_leaves(played, ref if best else lines[b]), len(played) - 1)
    better_line = () if best else lines[b][at:]
    better = better_line[0] if better_line else None
    loss = 0.0 if best else means[b] - value
    kind = kind_of(unit, played[at], better if better is not None else ref[min(at, len(ref) - 1)])
    why = "" if best else because(det, player, played[at:], better_line, samples[0], samples[b])
    return Judgement(unit.seqs[at], player, kind, played[at], better, round(loss, 3), verdict_for(loss, best), why,
                     round(value, 3), played[at:], tuple(better_line))


def _leaves(played: tuple, line: tuple) -> int:
    """The first step where ``played`` and ``line`` differ."""
    d = 0
    while d < min(len(played), len(line)) and played[d] == line[d]:
        d += 1
    return d


# --------------------------------------------------------------------------- why, in game terms


def _reason(text: str) -> str:
    """'Ann earns 2 Revenue: a reefer loaded at the Produce Shed.' -> 'a reefer loaded at the Produce Shed'."""
    return text.split(": ", 1)[-1].rstrip(".") if ": " in text else text.rstrip(".")


def because(det, player: str, played: tuple, better: tuple, played_samples, better_samples) -> str:
    """Why the better line is better, from what happened in the two lines' rollouts: the first
    Revenue one line earned (or lost) and the other did not, on the sample where they differ most,
    with ``explain.why`` of the better intent beside it; else what ``explain.why`` says of it."""
    k = max(range(len(played_samples)), key=lambda i: better_samples[i][0] - played_samples[i][0])
    mine, theirs = list(played_samples[k][1]), list(better_samples[k][1])
    for e in list(mine):  # what both lines earned (or lost) at the same moment explains nothing
        if e in theirs:
            mine.remove(e)
            theirs.remove(e)
    # what only the better line earned, or only the played line lost: the first of them
    told = sorted([e + (True,) for e in theirs if e[2] > 0] + [e + (False,) for e in mine if e[2] < 0],
                  key=lambda e: (e[0], e[1], -abs(e[2])))
    first = told[0] if told else None
    try:
        said = explain.why(det, better[0])
    except Exception:  # explaining must never stop a review
        said = ""
    if first is None:
        ahead = {name: sum(b[2][name] - p[2][name] for b, p in zip(better_samples, played_samples))
                 / len(played_samples) for name in PART_WORDS}
        name = max(PART_WORDS, key=lambda n: (ahead[n], n))
        tail = (f"a few Stages on, the line of `{better[0]}` has {PART_WORDS[name]}" if ahead[name] > 0 else
                f"a few Stages on, the line of `{better[0]}` is worth more")
        return (said + "; " if said else "") + tail
    day, stage, amount, text, in_better = first
    when = f"at Day {day}, Stage {stage}"
    if in_better:
        head = f"With `{better[0]}`: {_reason(text)} {when}, +{amount} Revenue the played line did not earn"
    else:
        head = f"After `{played[0]}`: {_reason(text)} {when}, {amount} Revenue"
    return head + (f". {said}" if said else "")
