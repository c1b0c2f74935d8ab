"""The Mainline in slow motion: what each train did in the latest Mainline phase, and why.

The Mainline phase runs by itself; the engine narrates it with events (``held``, ``highball``,
``arrival``, ``collision``, ``train_left_division``, ``clearance_asked``, ``red_flag``) whose
``data`` says why: ``phase="mainline"``, a reason code in ``data["reason"]`` (one of
``stationmaster.phases.mainline.REASONS``: "opposing", "superintendent_hold", "ad_full"...) and its
particulars (the Subdivision number, the A/D track taken...). Nothing here reads the event text.
``mainline_steps`` turns them into one ``Step`` per train movement; ``replay_mainline(board)``
shows them one at a time in a notebook (the board's "Mainline, step by step" button does the same)::

    for step in mainline_steps(game):
        print(step)          # Train 4 — held: train 3 is coming the other way in Subdivision 2.
"""

from __future__ import annotations

import html
from collections import ChainMap
from dataclasses import dataclass, field

from .cards.base import HELD_WHY, fire
from .cards.classic import CLIMBS_UNAIDED
from .cards.specs import mainline_key, spec
from .flow import Phase, Where
from .record import md  # names are text, never markup (as in the record notebook)

MAINLINE_KINDS = ("held", "highball", "arrival", "collision", "train_left_division", "clearance_asked",
                  "red_flag", "meet")

WHAT = {"held": "held", "highball": "highballed", "arrival": "arrived", "collision": "collision",
        "train_left_division": "left the Division", "clearance_asked": "waits for the Superintendent",
        "red_flag": "stopped by a Red Flag", "ran": "ran on", "meet": "met and passed"}


@dataclass
class Step:
    """One train's movement: ``train`` (its label), ``what`` happened, ``why``, and the event(s)."""

    train: str
    what: str
    why: str
    events: list = field(default_factory=list, repr=False)

    def __str__(self) -> str:
        return f"Train {self.train} — {self.what}: {self.why}"

    def _repr_markdown_(self) -> str:
        return f"**Train {md(self.train)} — {md(self.what)}:** {md(self.why)}"


def _is_mainline(e) -> bool:
    return e.kind in MAINLINE_KINDS and (e.data or {}).get("phase") == Phase.MAINLINE


#: (event kind, reason code) -> why, in words, filled from the event's data: the Mainline's own
MAINLINE_WHY = {
    ("held", "opposing"): "opposing train {opposing} in Subdivision {subdivision}; it waits at {where} until "
                          "the Subdivision is clear.",
    ("held", "superintendent_hold"): "the Superintendent, {superintendent}, held it at {where} rather than send "
                                     "it after the train ahead into Subdivision {subdivision}.",
    ("held", "red_flag"): "train {ahead} is ahead going the same way in Subdivision {subdivision}, and the "
                          "Superintendent's Red Flag holds a follower at {where} without a question.",
    ("held", "made_up"): "not made up to leave {where}: {problem}.",
    ("held", "card"): "{problem}; it waits at {where}.",
    ("held", "ad_full"): "every A/D track ahead is taken; it waits at {where}.",
    ("held", "abs"): "train {ahead} is ahead going the same way in Subdivision {subdivision}, and the ABS Signals "
                     "of the {card} hold a follower at {where} without a question.",
    ("held", "interlocking"): "every A/D track ahead is taken, and the Interlocking holds it at {where} "
                              "instead of letting it collide.",
    ("highball", "passing"): "left {where} {bound} onto the {card}, a Passing Siding, which it enters without "
                             "the occupancy check.",
    ("meet", "met"): "met train {other} on the {card}: one takes the siding and they pass.",
    ("highball", "subdivision_clear"): "left {where} {bound} into Subdivision {subdivision}, the next "
                                       "Subdivision being clear.",
    ("highball", "superintendent_clear"): "left {where} {bound} into Subdivision {subdivision} on the "
                                          "Superintendent's clearance.",
    ("held", "device"): "every A/D track ahead is taken, and the {device} holds it at {where} instead of letting "
                        "it collide: the device's use for the Day.",
    ("held", "expedite_follow"): "train {ahead} is ahead going the same way in Subdivision {subdivision}; an "
                                 "expedited train leaves at the Shift Change only into a clear way, so it "
                                 "waits at {where} for the next Mainline phase.",
    ("arrival", "yard_office"): "every A/D track at the Office was taken, so, carrying no coaches, it diverted "
                                "to {where} at {at[0]},{at[1]}; its player switches it from there.",
    ("arrival", "ad_free"): "reached {office} and took A/D track {track} of {tracks}.",
    ("train_left_division", "division_point"): "ran off the {division_point} Division Point; its cars go to "
                                               "the yards and Crew Tray {tray} is free.",
    ("clearance_asked", "following"): "train {ahead} is ahead going the same way in Subdivision {subdivision}: "
                                      "{superintendent} must clear or hold it.",
}

#: ... and the card families' (``cards.base.held_reason``)
WHY = ChainMap(MAINLINE_WHY, HELD_WHY)

#: A collision's reason code -> what happened and who is at fault ([M6]).
COLLISION = {
    "region_taken": "a train entered a Mainline region another train held — a follower cleared too soon; "
                    "the Superintendent who cleared it is at fault",
    "ad_full": "it arrived with every A/D track taken; the local player is at fault",
    "fouled_arrival": "it arrived over a train or cars on the Running Track between the Limits and the Office; "
                      "the local player is at fault",
    "fouled_departure": "it departed over a train or cars on the Running Track between the Office and the "
                        "Limits; the local player is at fault",
}


def _why(e) -> tuple:
    d = dict(e.data or {})
    k, reason = e.kind, d.get("reason")
    if "direction" in d:
        d["bound"] = "eastbound" if d["direction"] == "east" else "westbound"
    if isinstance(d.get("ahead"), list):
        d["ahead"] = ", ".join(d["ahead"])
    if k == "collision":
        kind = COLLISION.get(reason, "a collision")
        return "collision", f"{kind}. {e.text} (5 Revenue lost; the trains and struck cars are destroyed.)"
    if k == "red_flag":
        kind = COLLISION.get(reason, "a collision")
        return WHAT[k], f"{d.get('holder')} waved the Red Flag and it stopped short: {kind}. The flag is spent."
    template = WHY.get((k, reason))
    why = template.format(**d) if template else e.text
    if d.get("when") == Phase.SHIFT_CHANGE:  # [M17]
        why += " Expedited: it left at the Shift Change, after the Load/Unload, not a Stage later."
    return WHAT.get(k, k), why


def _label_of(e) -> str:
    d = e.data or {}
    if "train" in d:
        return d["train"]
    if d.get("trains"):
        return d["trains"][0]
    return "?"


def _rank(label: str) -> tuple:
    extra = label.startswith("X")
    try:
        return (int(label.lstrip("X")), extra)
    except ValueError:
        return (99, extra)


def _latest_stage_events(game) -> list:
    """The events of the Stage whose Mainline phase ran last."""
    events = game.events
    ends = [i for i, e in enumerate(events) if e.kind == "stage_end"]
    if game.state.phase in (Phase.MAINLINE, Phase.LOAD_UNLOAD, Phase.SHIFT_CHANGE) or not ends:
        start = ends[-1] + 1 if ends else 0
        return events[start:]
    start = ends[-2] + 1 if len(ends) > 1 else 0
    return events[start:ends[-1] + 1]


def helped(s, train) -> bool:
    """Is the train on a Heavy Grade it climbs with a helper (a Stage longer, [M15])?"""
    card = s.mainline[train.pos[0]]
    sp = spec(mainline_key(card))
    return (sp.rules == "heavy_grade" and s.grades.get(card) == train.direction
            and spec(train.card, s.deck).speed < CLIMBS_UNAIDED)


def _quiet_runs(game, named: set) -> list:
    """Trains that ran on along a Mainline card: the engine says nothing about those."""
    s = game.state
    if s.phase in (Phase.LOCAL_OPERATIONS, Phase.NEW_TRAIN) and s.stage_count <= 1:
        return []
    out = []
    for t in s.trains.values():
        if t.where == Where.MAINLINE and t.label not in named:
            card, region = t.pos
            half = "western" if region == 0 else "eastern"
            pace = ("a train runs one region per Stage" if fire(s, "crossing_time", t, train=t) is None else
                    "it crosses this card at its class's speed")  # [M11]
            if helped(s, t):  # [M15]
                pace = "it climbs the Heavy Grade at its class's speed after a Stage's stop for a helper"
            out.append(Step(t.label, "ran on", f"{pace}: it is now on the {half} "
                                               f"half of the {s.mainline[card]} Mainline card."))
    return out


def mainline_steps(game_or_events) -> list:
    """The latest Mainline phase as a list of ``Step`` (train, what, why), in the order trains moved.

    Give a ``Game`` (its latest Stage's Mainline; trains that merely ran on along a Mainline card are
    added from the table) or a list of events (every Mainline event in it, e.g. ``game.last_events``).
    """
    if hasattr(game_or_events, "events") and hasattr(game_or_events, "state"):
        events = _latest_stage_events(game_or_events)
        game = game_or_events
    else:
        events, game = list(game_or_events), None
    steps = []
    for i, e in enumerate(events):
        if not _is_mainline(e):
            continue
        what, why = _why(e)
        step = Step(_label_of(e), what, why, [e])
        if e.kind == "collision":
            step.events += [x for x in events[i + 1:i + 3] if x.kind == "revenue" and x.amount < 0][:1]
        steps.append(step)
    if game is not None:
        named = {st.train for st in steps}
        quiet = _quiet_runs(game, named)
        if quiet:  # the Mainline moves trains in seniority order; put the quiet ones in their place
            steps = sorted(steps + quiet, key=lambda st: _rank(st.train))
    return steps


def replay_mainline(board_or_game, steps=None):
    """A small widget showing the latest Mainline phase one step at a time ("Next step" button).

    Give the notebook board (``stationmaster.widgets.GameBoard``, or a ``Game``). Without ipywidgets the steps are returned as
    Markdown text instead.
    """
    game = getattr(board_or_game, "game", board_or_game)
    steps = mainline_steps(game) if steps is None else steps
    try:
        import ipywidgets as W
    except ImportError:  # pragma: no cover - the engine works without widgets
        return "\n".join(f"{i}. {s._repr_markdown_()}" for i, s in enumerate(steps, 1)) or "No train moved."
    return MainlineReplay(steps, W)


class MainlineReplay:
    """The step-by-step view: ``widget`` (a VBox), ``next()``, ``shown`` (how many steps are shown)."""

    def __init__(self, steps, W) -> None:
        self.steps = list(steps)
        self.shown = 0
        self._html = html
        self.title = W.HTML(f"<b>Mainline, step by step</b> — {len(self.steps)} step(s)")
        self.text = W.HTML("")
        self.next_button = W.Button(description="Next step", icon="step-forward")
        self.all_button = W.Button(description="Show all", icon="fast-forward")
        self.next_button.on_click(lambda _b: self.next())
        self.all_button.on_click(lambda _b: self.show_all())
        self.widget = W.VBox([self.title, self.text, W.HBox([self.next_button, self.all_button])])
        self._render()

    def _render(self) -> None:
        esc = self._html.escape
        rows = [f"<li><b>Train {esc(s.train)} — {esc(s.what)}:</b> {esc(s.why)}</li>"
                for s in self.steps[:self.shown]]
        if not self.steps:
            self.text.value = "<i>No train moved in the latest Mainline phase.</i>"
        else:
            self.text.value = f"<ol>{''.join(rows)}</ol>" if rows else "<i>Press “Next step”.</i>"
        done = self.shown >= len(self.steps)
        self.next_button.disabled = done
        self.all_button.disabled = done

    def next(self):
        """Show one more step; returns it (None when all are shown)."""
        if self.shown >= len(self.steps):
            return None
        self.shown += 1
        self._render()
        return self.steps[self.shown - 1]

    def show_all(self) -> None:
        self.shown = len(self.steps)
        self._render()

    def _repr_mimebundle_(self, **kw):
        return self.widget._repr_mimebundle_(**kw)
