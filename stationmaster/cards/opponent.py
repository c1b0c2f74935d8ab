"""The opponent-directed cards of the full Home deck (v0.4.5 §6.2): the 10 action and 12 space-use
cards played on another player in Competitive games (rulings [O1]-[O11] in docs/rules.md). Their
specs and their rows of the full deck are at the end.

Everything a card does is one row of ``EFFECTS`` (what it is played on, how long it lasts, what it
blocks); two rules classes, one per kind, read the row. The row's effect is put in play by
``inflict`` (which the solitaire adversity deck reuses) and its legal targets are listed by
``targets``:

- an attack on a train rides on the train's ``orders`` (asked with the train's card at its rule
  points: ``switch_problem``, ``pickup_problem``, ``setout_problem``, ``highball_problem``);
- a space-use card lies in the victim's ``Area.space`` (asked at ``enter_problem``, ``entry_moves``,
  and by the builders of the spot);
- ``State.inflicted`` remembers, per card in play, its victim, who played it and the Stage count at
  whose end it goes to the Salvage Yard (``expire``, at every ``stage_end``).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ..flow import Where
from ..intents import Play
from ..query import CLOCK, FEDORA_STAGES, empty_spots, name, player_at, salvage_words, spec_of
from ..rules import earn, retire, to_salvage
from ..state import Inflicted
from .base import CardRules, fire, held_reason, register
from .kinds import KIND_RULES
from .specs import CardSpec

# --------------------------------------------------------------------------- the effects, as data


@dataclass(frozen=True)
class Effect:
    """What one opponent-directed card does.

    ``target``: what it is played on — ``train`` (a train standing in the victim's Office Area,
    ``play C on TRAY``), ``player`` (``play C against NAME``), ``facility`` (a freight facility or
    the Office with loads waiting in green boxes), ``track`` (a track card other than the Office),
    ``clear_track`` (the same, with no train on it) or ``spot`` (an empty spot); the last four
    ``play C against NAME at x,y``. ``lasts``: ``now`` (done at once, the card to the Salvage Yard),
    ``next_stage`` (to the end of the next Stage), ``shift`` (to the next Shift Change: the end of
    Stage 3, 6, 9 or 12) or ``day`` (to the end of the Day). ``blocks``: what it stops — ``switch``
    (Moves and set-outs), ``highball`` (departure), ``couple`` (pick-ups and set-outs), ``enter``
    (entering the card), ``build`` (building on the spot), ``slow`` (one more Move to enter).
    ``penalty``: Revenue the victim loses; ``loads``: the green boxes' loads are lost. ``does``: the
    effect in words, for the events; ``reason``: the Mainline's reason code when it holds a train."""

    target: str
    lasts: str
    blocks: tuple = ()
    penalty: int = 0
    loads: bool = False
    does: str = ""
    reason: str = ""
    tag: str = ""
    short: str = ""  # the name the board writes on the train or the spot
    held: str = ""  # a train it holds: the reason in words (``reason`` is its code)
    why: str = ""  # ... and why, in the slow-motion replay ({problem}, {where})


EFFECTS: dict = {
    "derail": Effect("train", "next_stage", ("switch", "highball"), does="it cannot be switched or highball",
                     reason="derail", tag="off the rails", short="DERAIL",
                     held="held: the Derail on it keeps it off the Mainline ([O4])",
                     why="{problem}; it cannot leave {where} until it is rerailed."),
    "hotbox": Effect("train", "next_stage", ("highball",), does="it is held and cannot highball", reason="hotbox",
                     tag="held", short="HOTBOX", held="held: the Hotbox on it keeps it at the Office ([O4])",
                     why="{problem}; it waits at {where} while the journal cools."),
    "broken_coupler": Effect("train", "next_stage", ("couple",), does="it cannot pick up or set out cars",
                             tag="no coupling", short="COUPLER"),
    "outlawed": Effect("train", "shift", ("switch", "highball"),
                       does="its crew is outlawed and it stops where it is (no Moves, no set-outs, no departure)",
                       reason="outlawed", tag="no crew", short="OUTLAWED",
                       held="held: its crew is Outlawed under the Hours of Service law until the Shift Change ([O4])",
                       why="{problem}; it waits at {where} for a fresh crew."),
    "vandalism": Effect("facility", "now", loads=True, does="its loads waiting in green boxes are lost",
                        tag="loads lost", short="VANDALS"),
    "icc_fine": Effect("player", "now", penalty=3, does="a fine of 3 Revenue", tag="-3 Revenue", short="FINE"),
    "freight_claim": Effect("player", "now", penalty=2, does="a claim of 2 Revenue", tag="-2 Revenue", short="CLAIM"),
    "railroad_crossing": Effect("track", "day", ("slow",), does="a train entering that card spends one more Move",
                                tag="+1 Move", short="CROSSING"),
    "right_of_way": Effect("spot", "day", ("build",), does="nothing may be built there", tag="no building", short="DISPUTE"),
    "washout": Effect("clear_track", "day", ("enter",), does="no train may enter that card", tag="closed", short="WASHOUT"),
}
for _effect in EFFECTS.values():
    if _effect.reason:
        held_reason(_effect.reason, _effect.held, _effect.why)

#: the Stages whose end is a Shift Change: a fresh crew comes on duty ([O4])
SHIFT_CHANGES = FEDORA_STAGES


def _reading(text: str) -> str:
    """A name as a reader sees it (case-folded, NFKC, runs of spaces as one), like the config's check
    that player names differ."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    return " ".join(folded.split())


def player_named(s, text: str):
    """The index of the player called ``text`` (read as the config reads names), else None."""
    want = _reading(text)
    return next((i for i, p in enumerate(s.players) if _reading(p.name) == want), None)


def name_for_intent(s, p: int) -> str:
    """A player's name as a Play intent writes it ('against Ann Lee')."""
    return " ".join(s.players[p].name.split())


# --------------------------------------------------------------------------- when it ends


def ends_at(s, lasts: str) -> int:
    """The Stage count at whose end an effect that ``lasts`` so, begun now, ends."""
    if lasts == "next_stage":
        return s.stage_count + 1
    if lasts == "shift":
        return s.stage_count + next(k for k in SHIFT_CHANGES if k >= s.stage) - s.stage
    return s.stage_count + 12 - s.stage  # the Day's last Stage


def until_words(s, count: int) -> str:
    """'the end of Stage 4 (6:00 AM) of Day 1' for a Stage count."""
    stage = s.stage + count - s.stage_count
    day = s.day + (stage - 1) // 12
    stage = (stage - 1) % 12 + 1
    return f"the end of Stage {stage} ({CLOCK[stage - 1]}) of Day {day}"


def _end_text(s, card: str) -> str:
    entry = s.inflicted.get(card)
    return until_words(s, entry.ends_at) if entry else "further notice"


def _player_words(s, who) -> str:
    return name(s, who) if who is not None else "the Division"


def a(card_name: str) -> str:
    """'a Hotbox', 'an ICC Fine'."""
    return f"{'an' if card_name[:1] in 'AEIOU' else 'a'} {card_name}"


def in_play_words(s, card: str) -> str:
    """A card in play on a train or in an Area, for the board's tips: 'Hotbox (Ann) until the end of
    Stage 2 (2:00 AM) of Day 1'."""
    entry = s.inflicted.get(card)
    by = f" ({_player_words(s, entry.attacker)})" if entry else ""
    return f"{spec_of(s, card).name}{by} until {_end_text(s, card)}"


def is_opponent_card(s, card: str) -> bool:
    return spec_of(s, card).key in EFFECTS


# --------------------------------------------------------------------------- legal targets


def _area(s, victim: int):
    return s.areas[s.players[victim].seat]


def _rail_spots(s, area) -> list:
    return sorted(xy for xy, pl in area.grid.items() if xy != (0, 0) and spec_of(s, pl.card).geometry is not None)


def _spots_in_area(s, victim: int) -> list:
    return empty_spots(s, victim)


def candidates_for(s, key: str, victim: int) -> list:
    """Every target of the card type ``key`` in the victim's game (trays, grid spots, or [None] for the
    player), before 'already there' and defences are judged."""
    eff = EFFECTS[key]
    seat = s.players[victim].seat
    area = s.areas[seat]
    if eff.target == "train":
        return sorted(t.tray for t in s.trains.values() if t.where == Where.AREA and t.seat == seat)
    if eff.target == "player":
        return [None]
    if eff.target == "facility":
        return sorted(area.facilities)
    if eff.target in ("track", "clear_track"):
        return _rail_spots(s, area)
    return _spots_in_area(s, victim)


def target_problem(s, card: str, victim: int, target, judge_defence: bool = True) -> str | None:
    """Why the card may not be played on this target of the victim's, in a player's words ([O2], [O3]);
    None if it may. ``target``: a Crew Tray, a grid spot or None (the player). ``judge_defence=False``:
    a defence does not count (the Division's situation cards meet it when struck, [W4])."""
    sp = spec_of(s, card)
    eff = EFFECTS[sp.key]
    who = name(s, victim)
    seat = s.players[victim].seat
    area = s.areas[seat]
    if eff.target == "train":
        t = s.trains.get(target)
        if t is None:
            return f"Crew Tray {target} is free: there is no train to play the {sp.name} on"
        if t.where != Where.AREA or t.seat != seat:
            return f"train {t.label} is not standing in {who}'s Office Area"
        if any(spec_of(s, o).key == sp.key for o in t.orders):
            return f"train {t.label} already has {a(sp.name)} on it"
    elif eff.target == "facility":
        x, y = target
        fac = area.facilities.get(target)
        if fac is None:
            what = area.grid.get(target)
            held = f"the {spec_of(s, what.card).name}" if what else "nothing"
            return (f"the {sp.name} is played on a freight facility or the Office of {who}'s; {x},{y} in their "
                    f"Office Area holds {held}")
        if not fac.green:
            place = "Office" if target == (0, 0) else spec_of(s, area.grid[target].card).name
            return f"no load waits in the green boxes of {who}'s {place} at {x},{y}"
    elif eff.target in ("track", "clear_track", "spot"):
        x, y = target
        placed = area.grid.get(target)
        if eff.target == "spot" and placed is not None:
            return f"{x},{y} in {who}'s Office Area holds the {spec_of(s, placed.card).name}; the {sp.name} goes on an empty spot"
        if target in area.space:
            return f"{a(spec_of(s, area.space[target]).name)} already lies at {x},{y} in {who}'s Office Area"
        if eff.target == "spot":
            if target not in _spots_in_area(s, victim):
                return f"{x},{y} is not a spot of {who}'s Office Area (beside their cards, between their Limits)"
        else:
            if placed is None:
                return f"there is no track at {x},{y} in {who}'s Office Area"
            if target == (0, 0):
                return f"the {sp.name} goes on a track card of {who}'s other than the Office"
            if spec_of(s, placed.card).geometry is None:
                return f"the {spec_of(s, placed.card).name} at {x},{y} in {who}'s Office Area is not track"
            if eff.target == "clear_track":
                standing = [t for t in s.trains.values() if t.where == Where.AREA and t.seat == seat and tuple(t.pos) == target]
                if standing:
                    return f"train {standing[0].label} stands at {x},{y} in {who}'s Office Area"
    stop = fire(s, "defence", card, target, seat=seat) if judge_defence else None
    if stop is not None:
        return f"{who}'s {spec_of(s, stop).name} stops {a(sp.name)}"
    return None


def targets(s, card: str, victim: int) -> list:
    """The targets the card (an id, or a card type key for the adversity deck) may be played on
    against the victim now: Crew Trays, grid spots, or [None] for a card played on the player."""
    return [t for t in candidates_for(s, spec_of(s, card).key, victim) if target_problem(s, card, victim, t) is None]


# --------------------------------------------------------------------------- putting it in play


def _where(s, victim: int, eff: Effect, target) -> str:
    who = name(s, victim)
    if eff.target == "train":
        t = s.trains[target]
        here = "Office" if tuple(t.pos) == (0, 0) else f"track at {t.pos[0]},{t.pos[1]}"
        return f"train {t.label} at {who}'s {here}"
    if eff.target == "player":
        return who
    area = _area(s, victim)
    x, y = target
    placed = area.grid.get(target)
    what = ("Office" if target == (0, 0) else spec_of(s, placed.card).name) if placed else "empty spot"
    return f"{who}'s {what} at {x},{y}"


def inflict(s, card: str, victim: int, target, ev, source=None) -> bool:
    """Put the card's effect on the victim's target (a Crew Tray, a grid spot, or None for the
    player) and tell the table; ``source``: the player who played it (None: the Division, for the
    solitaire adversity deck). The card has left the hand. A defence in the victim's Office Area
    stops it: the card goes to the Salvage Yard, both are told, and False is returned ([O6])."""
    sp = spec_of(s, card)
    eff = EFFECTS[sp.key]
    who, by = name(s, victim), _player_words(s, source)
    seat = s.players[victim].seat
    area = s.areas[seat]
    data = {"card": sp.key, "victim": who, "by": by, "target": list(target) if isinstance(target, tuple) else target}
    stop = fire(s, "defence", card, target, seat=seat)
    if stop is not None:
        to_salvage(s, card)
        done = "played" if source is not None else "turned up"
        ev.say("defence", f"{who}'s {spec_of(s, stop).name} stops the {sp.name} {by} {done} on "
               f"{_where(s, victim, eff, target)}: the {sp.name} goes to {salvage_words(card)}.",
               player=who, data={**data, "defence": spec_of(s, stop).key})
        return False
    where = _where(s, victim, eff, target)
    if eff.lasts != "now":
        s.inflicted[card] = Inflicted(victim, source, ends_at(s, eff.lasts))
        until = until_words(s, s.inflicted[card].ends_at)
        if eff.target == "train":
            s.trains[target].orders.append(card)
        else:
            area.space[target] = card
        ev.say("attack", f"{_plays(s, source, sp.name)} on {where}: {eff.does} until {until}.", player=who,
               data={**data, "until": until})
        return True
    to_salvage(s, card)
    if eff.penalty:
        ev.say("attack", f"{_plays(s, source, sp.name)} against {who}: {eff.does}.", player=who, data=data)
        earn(s, ev, victim, -eff.penalty, f"the {sp.name} {by} played", "penalty")
    elif eff.loads:
        fac = area.facilities[target]
        lost = list(fac.green)
        fac.green.clear()
        for pid in lost:
            retire(s, pid)
        n = len(lost)
        ev.say("attack", f"{_plays(s, source, sp.name)} on {where}: {n} load{'s' if n != 1 else ''} waiting in its "
               f"green boxes {'are' if n != 1 else 'is'} lost to the Classification Yard.", player=who,
               data={**data, "lost": lost})
    return True


def _plays(s, source, card_name: str) -> str:
    """'Ann plays the Hotbox', or for the Division's situation deck 'The Division turns up a Hotbox' ([W3])."""
    if source is None:
        return f"The Division turns up {a(card_name)}"
    return f"{name(s, source)} plays the {card_name}"


def expire(s, ev) -> None:
    """At a Stage's end: every opponent card whose time is up leaves the train or the Area it is on
    for the Salvage Yard, and the victim is told ([O3])."""
    for card, (_, _, until) in sorted(s.inflicted.items()):  # (victim, attacker, ends at)
        if until <= s.stage_count:
            lift(s, card, ev)


def lift(s, card: str, ev, why: str = "") -> bool:
    """Take an opponent card in play off its train or its spot to the Salvage Yard, telling the
    victim (``why``: a reason said instead of the card's end, e.g. an Overpass laid later removes the
    Railroad Crossings on its player). False when the card is no longer in play (it left with its
    train): its record is dropped, nothing is said."""
    victim, source, _ = s.inflicted.pop(card, (None, None, 0))
    sp = spec_of(s, card)
    by = _player_words(s, source)
    train = next((t for t in s.trains.values() if card in t.orders), None)
    if train is not None:
        who = name(s, player_at(s, train.seat)) if train.where == Where.AREA else (name(s, victim) if victim is not None else "")
        train.orders.remove(card)
        to_salvage(s, card)
        ev.say("attack_ends", f"The {sp.name} {by} played on train {train.label} ends"
               f"{f' ({why})' if why else ''}: {_freed(sp.key)}.", player=who or None,
               data={"card": sp.key, "victim": who, "train": train.label})
        return True
    for seat, area in enumerate(s.areas):
        at = next((xy for xy, c in area.space.items() if c == card), None)
        if at is not None:
            who = name(s, player_at(s, seat))
            del area.space[at]
            to_salvage(s, card)
            ev.say("attack_ends", f"The {sp.name} {by} laid at {at[0]},{at[1]} in {who}'s Office Area is "
                   f"removed to {salvage_words(card)}{f' ({why})' if why else ''}.", player=who,
                   data={"card": sp.key, "victim": who, "at": list(at)})
            return True
    return False


#: what an ended train attack gives back, in words
FREED = {"switch": "it may be switched again", "highball": "it may highball again",
         "couple": "it may pick up and set out cars again"}


def _freed(key: str) -> str:
    blocks = EFFECTS[key].blocks
    return " and ".join(dict.fromkeys(FREED[b] for b in blocks if b in FREED)).replace(" again and it may", " and")


# --------------------------------------------------------------------------- the two kinds


class OpponentCard(CardRules):
    """A card played on another player in a Competitive game (its row of ``EFFECTS`` says how)."""

    picture = "tag"

    def __init__(self, spec) -> None:
        super().__init__(spec)
        self._effect = EFFECTS[spec.key]
        self.on_train = self._effect.target == "train"
        self.on_player = not self.on_train
        self.needs_spot = self._effect.target not in ("train", "player")
        self.hold_reason = self._effect.reason

    @property
    def tag(self):
        return (self._effect.tag,) if self._effect.tag else ()

    def play_problem(self, s, p, it):
        sp = self.spec
        if s.config.mode != "competitive":
            return (f"the {sp.name} is played on an opponent, in Competitive games only; this is a "
                    f"{s.config.mode} game")
        if it.turned or it.serves is not None or it.mainline is not None:
            return f"the {sp.name} is played {self._how(it.card)}"
        if self.on_train:
            t = s.trains.get(it.tray)
            if t is None:
                return f"Crew Tray {it.tray} is free: there is no train to play the {sp.name} on"
            if t.where != Where.AREA:
                return (f"train {t.label} is not standing in an Office Area; the {sp.name} is played on a train "
                        "at an opponent's Office or on their track")
            victim = player_at(s, t.seat)
            if victim == p:
                return f"train {t.label} stands in your own Office Area; the {sp.name} is played on an opponent's train"
            return target_problem(s, it.card, victim, it.tray)
        victim = player_named(s, it.against)
        if victim is None:
            names = ", ".join(q.name for q in s.players)
            return f"there is no player called {it.against!r} at this table ({names})"
        if victim == p:
            return f"the {sp.name} is played on an opponent, not on yourself"
        if self.needs_spot != (it.at is not None):
            return f"the {sp.name} is played {self._how(it.card)}"
        return target_problem(s, it.card, victim, it.at)

    def _how(self, card: str) -> str:
        eff = self._effect
        if eff.target == "train":
            return f"on a train in an opponent's Office Area: 'play {card} on TRAY'"
        if eff.target == "player":
            return f"against an opponent: 'play {card} against NAME'"
        return f"on a spot of an opponent's Office Area: 'play {card} against NAME at x,y'"

    def candidates(self, s, p, card, spots):
        if s.config.mode != "competitive":
            return
        for victim in range(len(s.players)):
            if victim == p:
                continue
            for target in candidates_for(s, self.spec.key, victim):
                if self.on_train:
                    yield Play(card, tray=target)
                else:
                    yield Play(card, target, against=name_for_intent(s, victim))

    def play(self, s, p, it, ev):
        if self.on_train:
            inflict(s, it.card, player_at(s, s.trains[it.tray].seat), it.tray, ev, source=p)
        else:
            inflict(s, it.card, player_named(s, it.against), it.at, ev, source=p)

    # -- rule points: a train attack rides on the train's orders -----------------------------

    def _on(self, s, train):
        """The card of this type on the train, and why it stops the train, in words."""
        card = next((o for o in train.orders if s.deck.get(o) == self.spec.key), None)
        entry = s.inflicted.get(card)
        by = f" {_player_words(s, entry.attacker)} played" if entry else ""
        return f"train {train.label} has the {self.spec.name}{by} on it until {_end_text(s, card)}"

    def switch_problem(self, s, train):
        if "switch" in self._effect.blocks:
            return f"{self._on(s, train)}: it cannot move or set out cars"
        return None

    def pickup_problem(self, s, train, xy, cars):
        if "couple" in self._effect.blocks:
            return f"{self._on(s, train)}: it cannot couple the cars standing there"
        return None

    def setout_problem(self, s, train, cars):
        if "couple" in self._effect.blocks:
            return f"{self._on(s, train)}: it cannot set out cars"
        return None

    def highball_problem(self, s, train):
        if "highball" in self._effect.blocks:
            return self._on(s, train)
        return None

    # -- rule points: a space-use card lies in the Area ---------------------------------------

    def _lies_at(self, s, train, xy) -> str | None:
        """The card of this type lying at xy of the train's Office Area, if any."""
        if train is None or train.where != Where.AREA:
            return None
        card = s.areas[train.seat].space.get(tuple(xy))
        return card if card is not None and s.deck.get(card) == self.spec.key else None

    def enter_problem(self, s, train, xy):
        card = self._lies_at(s, train, xy) if "enter" in self._effect.blocks else None
        if card is None:
            return None
        entry = s.inflicted.get(card)
        by = f" ({_player_words(s, entry.attacker)}'s)" if entry else ""
        return f"{a(self.spec.name)}{by} closes {xy[0]},{xy[1]} until {_end_text(s, card)}"

    def entry_moves(self, s, train, xy):
        return 1 if "slow" in self._effect.blocks and self._lies_at(s, train, xy) else 0

    def stage_end(self, s, ev):
        expire(s, ev)

    def worth(self, view, card):
        """Played on the leader in a Competitive game ([O1]), a score penalty a little more; never dealt
        elsewhere."""
        if view.s.config.mode != "competitive":
            return 0.0
        return 3.5 if self._effect.penalty else 3.0


@register("action")
class ActionCard(OpponentCard):
    """An action card ([O4], [O7]): played on a train in an opponent's Office Area, or on the
    opponent (a score penalty) or their facility (Vandalism); done at once or lasting a Stage or two."""

    kind = "action"
    label = "ACTION"
    colour = "#9c2a2a"


@register("space")
class SpaceCard(OpponentCard):
    """A space-use card ([O8]-[O10]): laid in an opponent's Office Area on a spot or a track card,
    where it stays until the end of the Day."""

    kind = "space"
    label = "SPACE USE"
    colour = "#b8860b"


KIND_RULES.update({"action": ActionCard, "space": SpaceCard})


# --------------------------------------------------------------------------- the cards of this family

def _specs() -> tuple:
    """The 22 opponent-directed cards (v0.4.5 §6.2): 10 action and 12 space-use cards, Competitive only
    (rulings [O1]-[O11]; what each does is its row of ``cards/opponent.py`` ``EFFECTS``)."""
    made = []
    add = made.append
    on_train = "Play it on a train standing in an opponent's Office Area ('play CARD on TRAY'): "
    for key, name, text in (
        ("derail", "Derail", on_train + "the train cannot be switched or highball until the end of the next "
         "Stage. Stopped by Facing Point Locks."),
        ("hotbox", "Hotbox", on_train + "the train is held — it cannot highball — until the end of the next "
         "Stage. Stopped by a Water Column."),
        ("broken_coupler", "Broken Coupler", on_train + "the train cannot pick up or set out cars until the "
         "end of the next Stage."),
        ("outlawed", "Outlawed", on_train + "Hours of Service law: the train stops where it is — no Moves, no "
         "set-outs, no departure — until the next Shift Change (the end of Stage 3, 6, 9 or 12) brings a fresh "
         "crew."),
        ("vandalism", "Vandalism", "Play it on an opponent's freight facility or Office ('play CARD against "
         "NAME at x,y'): the loads waiting in its green boxes are lost to the Classification Yard. Stopped by "
         "Facing Point Locks beside it."),
        ("icc_fine", "ICC Fine", "Score penalty: play it against an opponent ('play CARD against NAME'); they "
         "lose 3 Revenue."),
        ("freight_claim", "Freight Claim", "Score penalty: play it against an opponent ('play CARD against "
         "NAME'); they lose 2 Revenue."),
    ):
        add(CardSpec(key, "action", name, text + " Competitive games only."))
    lay = "Lay it in an opponent's Office Area ('play CARD against NAME at x,y') "
    for key, name, text in (
        ("railroad_crossing", "Railroad Crossing", lay + "on a track card other than the Office: a train "
         "entering that card spends one more Move. Stopped by an Overpass."),
        ("right_of_way", "Right-of-Way Dispute", lay + "on an empty spot: nothing may be built there."),
        ("washout", "Washout", lay + "on a track card other than the Office with no train on it: no train may "
         "enter it."),
    ):
        add(CardSpec(key, "space", name, text + " Removed to the Salvage Yard at the end of the Day. Competitive "
                     "games only."))
    return tuple(made)


#: this family's cards, in the catalog's order
SPECS: tuple = _specs()

#: the opponent-directed cards, dealt in Competitive games only; 22 cards (10 action, 12 space-use)
OPPONENT_CARDS: tuple = (
    ("derail", 2, "Derail",
     "two: the strongest train attack (no switching, no departure for two Stages), so a rare blow; "
     "Facing Point Locks answer it [O4]"),
    ("hotbox", 2, "Hotbox",
     "two, answered by the Water Column: a held train costs its player a Stage or two of work, a "
     "nuisance that two players in a game meet once or twice [O4]"),
    ("broken_coupler", 2, "Coupler",
     "two: the train still runs, so it is the mildest train attack, timed against a player about to "
     "switch [O4]"),
    ("outlawed", 1, "Outlawed",
     "one: it holds a train up to a whole shift (three Stages) under the Hours of Service law, so a "
     "single copy keeps it a surprise, not a plan [O4]"),
    ("vandalism", 1, "Vandal",
     "one: it undoes a player's stocked loads at one facility, so one copy in 213 cards [O7]"),
    ("icc_fine", 1, "Fine",
     "one: 3 Revenue is more than a Stage's work in the early Days, so the biggest score penalty is "
     "rare [O7]"),
    ("freight_claim", 1, "Claim",
     "one: the smaller score penalty, 2 Revenue [O7]"),
    ("railroad_crossing", 4, "Crossing",
     "four, answered by the Overpass: a Move lost each time a train crosses it, and only for the rest "
     "of the Day, so a mild card that may be common [O8]"),
    ("right_of_way", 4, "Dispute",
     "four: it only blocks building on one spot for a Day, so a mild card that may be common [O9]"),
    ("washout", 4, "Washout",
     "four, like the other space cards: it closes one card for the rest of the Day, but it may not be "
     "laid under a train, so the player sees it coming and keeps a way round [O10]"),
)

#: this family's rows of the full Home Office deck
DECK_ROWS: tuple = OPPONENT_CARDS

#: balance "v2" (ruling [U3]): this family's card types -> their copies at a table of 1-2 seats and of 3-4 seats
TABLE_COPIES: dict = {
    # opponent-directed cards (Competitive only): one of each train attack at two seats, the mild space
    # cards two (the one-copy cards are one at every table)
    "derail": (1, 2), "hotbox": (1, 2), "broken_coupler": (1, 2),
    "railroad_crossing": (2, 3), "right_of_way": (2, 3), "washout": (2, 3),
}
