"""The passenger-only bot: the whole of a strategy that ignores the game's freight and switching.

Issue 16 measured that such a ~30-line rule won 42% of Standard solitaire under the first numbers
(``balance="v1"``): the theme — building industries, switching cars to them, working freight — was
optional. It stays in the balance study as the yardstick the retuned game (``balance="v2"``) must
beat: a strategy that never switches and never builds an industry should win at most 15%.

It plays its strategy as well as it can be played in a few lines, not as a strawman: it upgrades the
Office, puts every train it draws on the timetable, keeps the Office's green boxes stocked and its
red boxes clear for the trains it can see coming, lets the Porters detrain and board every coach
they can, and always holds a following train at a clearance (so it never collides on the Mainline).
It never switches, never lays track, never builds an industry or a Modifier.
"""

from __future__ import annotations

from ..flow import Phase
from ..intents import Agent, Board, Clearance, Detrain, Discard, Draw, End, Place, Play, Run
from ..query import ad_tracks, capacity, neighbours9, spec_of
from .base import Bot, Decision, register

#: card kinds it plays: the Office and the trains (Extras too: more coaches to work)
PLAYS = {"office": 3, "train": 2, "extra": 1}
#: Modifiers it lays beside the Office: more coach boxes, one more Porter
PASSENGER_MODIFIERS = ("extra_platform", "section_gang")
#: trains on the timetable per A/D track: more, and trains meet at a full Office and collide (it
#: cannot switch one off the A/D track); measured best of 1, 1.5, 2 and 3 under v1
TRAINS_PER_TRACK = 2


@register
class PassengerBot(Bot):
    """Upgrades the Office, plays every train, stocks and clears the Office's boxes, boards and
    detrains, holds followers; never switches, builds track or industries."""

    name = "passenger"
    OPTIONS = ()  # takes no options besides its seed

    def decide(self, game) -> Decision:
        legal = self.legal(game)
        s = game.state
        me = game.players.index(game.actor)
        area = s.areas[s.players[me].seat]
        kinds = {it: _kind(s, it) for it in legal if isinstance(it, Play) and it.at is None}
        for it in legal:  # a pending question first, then the phase's work, best first
            if isinstance(it, Clearance) and not it.clear:
                return Decision(it, "holds the follower: a clearance is never worth a collision")
            if isinstance(it, Run):
                return Decision(it, "sends the Extra the first way it may")
        for want in (Place("coach", True), Place("coach", False)):
            if want in legal:
                return Decision(want, "puts a coach on the Extra")
        work = [it for it in legal if isinstance(it, Detrain)] + [it for it in legal if isinstance(it, Board)]
        if work:
            return Decision(work[0], "detrains and boards every coach the Porters can")
        if s.phase == Phase.LOCAL_OPERATIONS and s.turn.option is None:
            office = area.facilities.get((0, 0))
            green, red = capacity(s, area, (0, 0)) if office is not None else (0, 0)
            if office is not None and len(office.red) >= red and Agent("clear", (0, 0)) in legal:
                return Decision(Agent("clear", (0, 0)), "clears a full red box so passengers can detrain")
            if office is not None and len(office.green) < green and Agent("stock", (0, 0)) in legal:
                return Decision(Agent("stock", (0, 0)), "stocks a green box for the next train to board")
            if office is not None and office.red and Agent("clear", (0, 0)) in legal:
                return Decision(Agent("clear", (0, 0)), "clears a red box ahead of the next train")
            for k in (1, 2, 3):  # an Office upgrade or a train on top of a Department
                top = s.departments[k - 1][-1] if s.departments[k - 1] else None
                if Draw(k) in legal and top is not None and _wanted(s, area, top):
                    return Decision(Draw(k), "takes the Office upgrade or train a Department shows")
            if Draw("home") in legal:
                return Decision(Draw("home"), "draws for an Office upgrade or a train")
        room = ad_tracks(s, area) * TRAINS_PER_TRACK > len(s.timetable)  # a full Office collides
        plays = sorted((it for it in kinds if kinds[it] == "office" or kinds[it] in PLAYS and room),
                       key=lambda it: (-PLAYS[kinds[it]], str(it)))
        if plays:
            return Decision(plays[0], "plays an Office upgrade or a train")
        platform = [it for it in legal if isinstance(it, Play) and it.at is not None and (it.serves or (0, 0)) == (0, 0)
                    and spec_of(s, it.card).key in PASSENGER_MODIFIERS and it.at in neighbours9((0, 0)) and it.at[1] != 0]
        if platform and area.facilities.get((0, 0)) is not None:
            return Decision(min(platform, key=str), "lays a Modifier that serves the Office's passengers")
        discards = [it for it in legal if isinstance(it, Discard)]
        if discards:  # keep Offices and trains, shed the rest first
            it = min(discards, key=lambda d: (PLAYS.get(_kind(s, d), 0), str(d)))
            return Decision(it, "discards a card it will not play")
        for it in legal:
            if isinstance(it, End) or it == Agent("pass"):
                return Decision(it, "nothing more it wants to do")
        return Decision(legal[0], "the first thing it may do")


def _wanted(s, area, card) -> bool:
    """A Department's top card worth a draw: the next Office upgrade, or a train while there is room."""
    sp = spec_of(s, card)
    if sp.kind == "office":
        return sp.tier == spec_of(s, area.office.card).tier + 1
    return sp.kind in PLAYS and ad_tracks(s, area) * TRAINS_PER_TRACK > len(s.timetable)


def _kind(s, it) -> str:
    return spec_of(s, it.card).kind
