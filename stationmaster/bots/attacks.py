"""How the planner plays the full deck's opponent-directed cards ([O1]-[O10]) and its defences.

A steady player in a Competitive game plays its attack cards on **the leader** — the other player
with the most Revenue (ties: the next in seat order after it) — because hurting a trailing player
helps the leader as much as it helps anyone. Of the leader's targets it picks the one that hurts
most, judged from the leader's own position (what the planner would fear there):

- a train at their Office held (Hotbox, Derail, Outlawed) while another train is coming in: the
  Office may have no A/D track left for it (a collision costs 5);
- a train out on their local track that can no longer be switched or couple cars (Derail, Outlawed,
  Broken Coupler): stuck where it stands, its cars not spotted;
- their waiting loads (Vandalism), their Revenue (ICC Fine, Freight Claim);
- a Washout or a Railroad Crossing on the track card their trains need to reach industries, a
  Right-of-Way Dispute on the spot where they would build the next one.

The legal targets come from the cards themselves (``cards/opponent.py``: a defended target is not
legal), so the bot never re-derives the rules. A defence is worth its hand space only where someone
may attack: in Competitive games, or when the Division turns up adversity in solitaire.
"""

from __future__ import annotations

from ..cards import PIECES
from ..cards.opponent import EFFECTS, player_named
from ..flow import Where
from ..intents import Play
from ..query import ad_tracks, geometry, player_at, spec_of
from .view import View

#: an attack whose hurt is below this is kept in the hand for a better target
MIN_HURT = 1.0
#: the defensive enhancements ([E6]-[E9]) and what they stop
DEFENCES = ("facing_point_locks", "water_column", "overpass")


def leader(s, me: int) -> int | None:
    """The other player with the most Revenue (ties: the next in seat order after ``me``); None
    outside Competitive games, where no card is played on another player ([O1])."""
    n = len(s.players)
    if s.config.mode != "competitive" or n < 2:
        return None
    mine = s.players[me].seat
    others = sorted((i for i in range(n) if i != me), key=lambda i: (s.players[i].seat - mine) % n)
    return max(others, key=lambda i: (s.players[i].revenue, -others.index(i)))


def attacks_expected(s) -> bool:
    """May a card be played on this player: a Competitive game, or solitaire adversity ([A1])?"""
    return s.config.mode == "competitive" or "adversity" in s.config.optional_rules


def is_attack(sp) -> bool:
    return sp.key in EFFECTS


def victim_of(s, it: Play) -> int | None:
    """The player a legal opponent-card play hurts."""
    if it.tray is not None:
        t = s.trains.get(it.tray)
        return player_at(s, t.seat) if t is not None and t.where == Where.AREA else None
    return player_named(s, it.against) if it.against is not None else None


def best_attack(v, card: str, legal) -> tuple | None:
    """(hurt, intent, reason) of the play of the opponent card ``card`` on the leader that hurts
    most, or None when the leader offers no target worth the card. ``v``: the player's View."""
    s = v.s
    target = leader(s, v.me)
    if target is None:
        return None
    sp = spec_of(s, card)
    eff = EFFECTS[sp.key]
    theirs = View(v.game, me=target)
    best = None
    for it in legal:
        if not (isinstance(it, Play) and it.card == card) or victim_of(s, it) != target:
            continue
        hurt, why = _hurt(theirs, sp.key, eff, it)
        if best is None or hurt > best[0] + 1e-9:
            best = (hurt, it, why)
    if best is None or best[0] < MIN_HURT:
        return None
    who = s.players[target]
    if who.revenue > v.player.revenue:
        lead = f"{who.name} leads with {who.revenue} Revenue"
    elif who.revenue == v.player.revenue:
        lead = f"{who.name} is level with you at {who.revenue} Revenue and the next to beat"
    else:
        lead = f"{who.name} has the most Revenue of the others ({who.revenue})"
    return best[0], best[1], f"plays the {sp.name} on {best[2]}: {lead}"


def _hurt(tv, key: str, eff, it: Play) -> tuple:
    """How much the play hurts the victim whose View is ``tv``, and the target in words."""
    s, who = tv.s, tv.player.name
    if eff.target == "train":
        return _train_hurt(tv, eff, s.trains[it.tray])
    if eff.target == "player":
        return float(eff.penalty), f"{who}: {eff.penalty} Revenue off their score"
    x, y = it.at
    placed = tv.area.grid.get(it.at)
    if eff.target == "facility":
        n = len(tv.area.facilities[it.at].green)
        place = "Office" if it.at == (0, 0) else spec_of(s, placed.card).name
        return float(n), f"{who}'s {place}: {n} waiting load{'s' if n != 1 else ''} lost"
    if eff.target == "spot":
        if building_spot(tv, it.at):
            return 1.2, f"{who}'s spot {x},{y}, where their track could take a new industry"
        return 0.2, f"{who}'s spot {x},{y}"
    name = spec_of(s, placed.card).name
    cut = _cut_off(tv, it.at)
    trains = sum(1 for t in tv.trains_here() if t.pos != (0, 0))
    if "enter" in eff.blocks:
        hurt = 2.0 * cut + 1.0 * trains * (cut > 0)
        words = f"cutting off {cut} of their industr{'ies' if cut != 1 else 'y'}" if cut else "a track they do not need"
    else:
        hurt = 0.7 * cut + 0.3 * trains * (cut > 0)
        words = f"on the way to {cut} of their industr{'ies' if cut != 1 else 'y'}" if cut else "a track they do not need"
    return hurt, f"{who}'s {name} at {x},{y}, {words}"


def _train_hurt(tv, eff, train) -> tuple:
    s, who = tv.s, tv.player.name
    coaches = sum(1 for c in train.cars if PIECES[c].kind == "coach")
    freight = sum(1 for c in train.cars if PIECES[c].kind not in ("coach", "caboose"))
    at_office = tuple(train.pos) == (0, 0)
    place = f"train {train.label} at {who}'s " + ("Office" if at_office else f"track at {train.pos[0]},{train.pos[1]}")
    hurt, why = 0.0, []
    if "highball" in eff.blocks:
        if at_office:
            hurt += 1.0 + 0.3 * coaches
            staying = len(tv.at_office())
            if staying + len(tv.arriving(2)) > ad_tracks(s, tv.area):
                hurt += 4.0
                why.append("held on the A/D track with another train coming in")
            else:
                why.append("held at their Office")
        else:
            hurt += 0.5
    if "switch" in eff.blocks and not at_office:
        hurt += 2.0 + (1.0 if train.pos[1] == 0 else 0.0)
        why.append("stuck out on their track")
    if "couple" in eff.blocks:
        hurt += 0.5 * freight + (1.0 if not at_office and freight else 0.0)
        if freight:
            why.append(f"its {freight} freight car{'s' if freight != 1 else ''} stay on it")
    return hurt, place + (f" ({', '.join(why)})" if why else "")


def _cut_off(tv, xy) -> int:
    """How many of the victim's industries their trains could no longer reach were ``xy`` closed."""
    reach = tv.reachable()
    if xy not in reach:
        return 0
    before = {f for f in tv.area.facilities if f != (0, 0) and f in reach}
    after = tv._reachable(blocked=xy)
    return len({f for f in before if f not in after})


def building_spot(tv, xy) -> bool:
    """Is ``xy`` beside the open end of a track card the victim's trains reach (where an industry goes)?"""
    for dx, port in ((-1, "E"), (1, "W")):
        nb = (xy[0] + dx, xy[1])
        if nb in tv.reachable() and nb[1] != 0:
            geo = geometry(tv.s, tv.area, nb)
            if geo is not None and port in geo.ports:
                return True
    return False
