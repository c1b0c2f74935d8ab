"""Tutorial 9 — The full deck: special trains ([T2], [T3], [T6]), local track ([K2], [K3], [K4]),
enhancements ([E1], [E3]) and the cards played on an opponent's Office in a Competitive game
([O2]–[O6], [E6], [E8]).

Each function returns a ``Lesson``; ``solve(lesson)`` (from ``stationmaster.lessons.stage``)
performs the documented solution (see ``notebooks/09-the-full-deck.ipynb``). Every position is
built with ``deck="full"``; the last two are Competitive games between Bo (west) and Ann (east,
wearing the Fedora, so she acts first), the only mode that deals the opponent cards ([O1]).
"""

from __future__ import annotations

from ..builder import Position
from ..flow import Option, Phase
from ..query import departure_problem, table_order
from . import Lesson, put_train
from .stage import play_stage
from .switching import a5_layout

ME = "Ann"
RIVAL = "Bo"


def _lesson(title, task, game, goal, hint, solution) -> Lesson:
    lesson = Lesson(title=title, task=task, game=game, goal=goal, hint=hint)
    lesson.solution = solution
    return lesson


def _restart(g) -> None:
    """Take the lesson back to its prepared position (undo, one intent at a time)."""
    while g.history:
        g.undo()


def _solitaire(seed: int = 3) -> Position:
    return Position(players=[ME], seed=seed, deck="full")


def _competitive(seed: int = 3) -> Position:
    """Ann and Bo, Competitive, full deck; Ann wears the Fedora, so she acts first each Stage."""
    b = Position(players=[ME, RIVAL], seed=seed, mode="competitive", deck="full")
    b.state.superintendent = 0
    b.state.turn.order = table_order(b.state)
    return b


def _train(g, label):
    return next((t for t in g.state.trains.values() if t.label == label), None)


def _cars_at(g, xy, seat: int = 0) -> list:
    return list(g.state.areas[seat].grid[xy].cars)


def _to_load_unload(g) -> None:
    """Ann passes Local Operations (a no-switching train gives her nothing to switch)."""
    start = g.state.stage_count
    while g.phase == Phase.LOCAL_OPERATIONS and g.state.stage_count == start:
        g.apply("end" if g.state.turn.option else "agent pass")


def _end_draw(g) -> None:
    """End the Draw option, discarding down to the hand limit first if the draw went over it."""
    me = next(p for p in g.state.players if p.name == g.actor)
    while g.state.turn.option == Option.DRAW and g.why_not("end"):
        g.apply(f"discard {me.hand[-1]} to 1")
    g.apply("end")


def _moves_spent(g) -> int:
    """Moves spent this game: each Move (a continued Move is free) and each piece of yard work."""
    return sum(1 for e in g.events if (e.kind == "move" and "(same Move)" not in e.text)
               or e.kind in ("sort", "fly", "exchange"))


# --------------------------------------------------------------------------- special trains

def crack_limited(office: str = "terminal") -> Lesson:
    """A no-switching train at a Terminal ([T2], [T3]): the Crack Limited (X14) has just arrived at
    Ann's Terminal with two empty coaches. Switch is refused — a no-switching train makes no Move in
    an Office Area, and it is the only train there — but at a Terminal, and only there, the Porters
    work it: two loads of passengers wait in the Terminal's green boxes.

    The task: pass Local Operations ('agent pass') and board both loads onto X14 at Load/Unload.
    ``office="station"`` sets the same position at a Station, where nobody works it (not a lesson
    one can finish: the notebook shows the refusal).
    """
    b = _solitaire()
    b.office(ME, office)
    b.boxes(ME, (0, 0), green=["CL1", "CL2"])
    b.train(14, extra=True, player=ME, at=(0, 0), direction="west", behind=["CE1", "CE2"],
            arrived_earlier=False)
    game = b.game()

    def goal(g):
        t = _train(g, "X14")
        loaded = [c for c in t.cars if c.startswith("CL")] if t else []
        if len(loaded) == 2:
            return None
        if g.phase == Phase.LOCAL_OPERATIONS:
            return "X14 may not be switched: 'agent pass' to go on to Load/Unload, where the Porters work it."
        return f"X14 carries {len(loaded)} loaded coach(es) of 2: 'board {t.tray}' for each load waiting."

    def solution(g):
        _restart(g)
        _to_load_unload(g)
        tray = _train(g, "X14").tray
        g.apply(f"board {tray}")
        g.apply(f"board {tray}")

    return _lesson("The Crack Limited at a Terminal",
                   "'agent pass' (Switch is refused: X14 is a no-switching train), then board both loads "
                   "of passengers onto X14 at Load/Unload.", game, goal,
                   "the Terminal has three Porters; each boards one load.", solution)


def empty_cars() -> Lesson:
    """The Empty Car Extra picks up empty cars only ([T6]): X22 stands on the Straight east of Ann's
    Depot (the Appendix A.5 grid). A loaded boxcar waits at the Grocer's Warehouse (1,1), right
    beside it, and an empty hopper on the Straight at -1,1, beyond the Run-around.

    The task: switch X22 to collect the empty hopper. The move onto the Grocer's Warehouse is
    refused: X22 would have to couple the loaded boxcar.
    """
    b = _solitaire()
    a5_layout(b)  # tutorial 2's grid: a Run-around at 0,1, a Grocer's Warehouse at 1,1, a Depot
    b.cars(ME, (1, 1), ["BL1"])
    b.cars(ME, (-1, 1), ["HE1"])
    b.train(22, extra=True, player=ME, at=(1, 0), direction="west", behind=["BE1", "K1"])
    game = b.game()

    def goal(g):
        t = _train(g, "X22")
        if t and "HE1" in t.cars:
            return None
        if g.state.turn.option != Option.SWITCH:
            return "choose to 'switch' first."
        return f"the empty hopper HE1 still stands at -1,1: move X22 (Crew Tray {t.tray}) there to couple it."

    def solution(g):
        _restart(g)
        tray = _train(g, "X22").tray
        g.apply("switch")
        g.apply(f"move {tray} west 0,1")
        g.apply(f"move {tray} west -1,1")

    return _lesson("The Empty Car Extra", "'switch' and move X22 to couple the empty hopper HE1 at -1,1 "
                   "(not the loaded boxcar at the Grocer's Warehouse).", game, goal,
                   "the Run-around at 0,1 leads west to -1,1.", solution)


# --------------------------------------------------------------------------- local track

def small_yard() -> Lesson:
    """Sorting on a Small Yard ([K2], [K3]): Train 5 (a westbound Manifest Freight) stands on the
    Small Yard west of Ann's Office with its caboose next to the engine, so it may not depart ([M5]).
    There is no Run-around: one Move on the Small Yard's ladder puts its cars in any order (the
    engine keeps its place).

    The task: 'switch', sort the caboose to the rear, and bring Train 5 onto the Office, made up to
    leave.
    """
    b = _solitaire()
    b.lay(ME, "small_yard", (-1, 0))
    put_train(b, 5, player=ME, at=(-1, 0), behind=["K1", "BE1", "RL1"])
    game = b.game()

    def goal(g):
        t = _train(g, "5")
        wrong = departure_problem(g.state, t)
        if wrong:
            order = " ".join([c for c in t.cars if c != "K1"] + ["K1"])  # the caboose last, the rest as they are
            return f"{wrong}: sort its cars on the Small Yard, every car from the front ('sort {t.tray} {order}')."
        if t.pos != (0, 0):
            return f"Train 5 is made up; now move it onto the Office ('move {t.tray} east 0,0')."
        return None

    def solution(g):
        _restart(g)
        tray = _train(g, "5").tray
        g.apply("switch")
        g.apply(f"sort {tray} BE1 RL1 K1")
        g.apply(f"move {tray} east 0,0")

    return _lesson("Sorting on a Small Yard", "'switch', 'sort' Train 5's caboose to the rear, then move it "
                   "onto the Office.", game, goal, "name every car once, from the front: the caboose last.",
                   solution)


def flying_switch() -> Lesson:
    """A flying switch ([K2], [K4]): Train 12 (an eastbound Way Freight) stands on the Flying Switch
    east of Ann's Office with two empty hoppers for the Mine Tipple coupled behind its caboose. The
    Flying Switch's leg climbs by a curve to the Mine Tipple at 2,1: one Move rolls a cut off the
    rear of the train up the leg into the spur, and the train stays where it is.

    The task: 'switch' and fly both hoppers into the Mine Tipple in one Move (the caboose stays on).
    """
    b = _solitaire()
    b.lay(ME, "flying_switch", (1, 0))
    b.lay(ME, "straight", (2, 0))
    b.lay(ME, "curve_left", (1, 1), turned=True)
    b.lay(ME, "mine_tipple", (2, 1))
    put_train(b, 12, player=ME, at=(1, 0), behind=["K1", "HE1", "HE2"])
    game = b.game()

    def goal(g):
        at_mine = _cars_at(g, (2, 1))
        t = _train(g, "12")
        if sorted(at_mine) == ["HE1", "HE2"] and t.cars == ["K1"]:
            spent = _moves_spent(g)
            if spent == 1:
                return None
            return (f"the hoppers are at the Mine, but it took {spent} Moves: the Flying Switch does it in one. "
                    "Restart the lesson (run its cell again).")
        if "K1" in at_mine:
            return "the caboose rolled into the Mine Tipple too: restart the lesson and fly only the two hoppers."
        return f"the hoppers are still on Train 12: 'switch', then 'fly {t.tray} 2 to 2,1'."

    def solution(g):
        _restart(g)
        tray = _train(g, "12").tray
        g.apply("switch")
        g.apply(f"fly {tray} 2 to 2,1")

    return _lesson("A flying switch", "'switch', then roll the two hoppers off the rear of Train 12 into the "
                   "Mine Tipple: 'fly TRAY CARS to x,y'.", game, goal,
                   "the cut is counted from the rear: two cars.", solution)


# --------------------------------------------------------------------------- enhancements

def lunch_counter() -> Lesson:
    """An enhancement ([E1], [E3]): Ann holds a Lunch Counter. Played onto her Station it takes no
    grid spot, and each Board there earns 1 Revenue more. Train 1 (a Limited) has just arrived at the
    Station with empty coaches, and passengers wait in the green boxes.

    The task: 'draw home', 'play Lunch1 at 0,0', 'end'; then board passengers at Load/Unload and see
    the Revenue.
    """
    b = _solitaire(seed=2)
    b.office(ME, "station")
    b.hand(ME, ["lunch_counter"])
    b.boxes(ME, (0, 0), green=["CL1", "CL2"])
    put_train(b, 1, player=ME, at=(0, 0), ahead=["CE1", "CE2"], arrived_earlier=False)
    game = b.game()
    lunch = game.state.players[0].hand[0]

    def goal(g):
        office = g.state.areas[0].office
        paid = [e for e in g.events if e.kind == "revenue" and e.data.get("source") == "boarding"]
        if lunch in office.enhancements and any(e.amount > g.config.revenue[0] for e in paid):
            return None
        if lunch not in office.enhancements:
            if paid:
                return ("the passengers boarded before the Lunch Counter was open: restart the lesson "
                        "(run its cell again) and play it first.")
            return f"the Lunch Counter is still in Ann's hand: 'draw home', then 'play {lunch} at 0,0', 'end'."
        if g.phase == Phase.LOCAL_OPERATIONS:
            return "the Lunch Counter is on the Station: end the draw ('end') and go on to Load/Unload."
        return "board passengers onto Train 1 ('board 1')."

    def solution(g):
        _restart(g)
        g.apply("draw home")
        g.apply(f"play {lunch} at 0,0")
        _end_draw(g)
        _to_load_unload(g)
        g.apply(f"board {_train(g, '1').tray}")

    return _lesson("A Lunch Counter on the Station", f"'draw home', 'play {lunch} at 0,0', 'end'; then "
                   "board passengers onto Train 1 at Load/Unload.", game, goal,
                   "the counter pays at each Board, not at a Detrain.", solution)


# --------------------------------------------------------------------------- the opponent's Office

def _bos_train(b: Position):
    """Train 5 (westbound Manifest Freight) at Bo's Office, made up to leave for Ann's."""
    return put_train(b, 5, player=RIVAL, at=(0, 0), behind=["BE1", "K1"])


def _held(g, label="5", reasons=None) -> list:
    return [e for e in g.events if e.kind == "held" and e.data.get("train") == label
            and (reasons is None or e.data.get("reason") in reasons)]


def _attack(g, card: str, tray: int) -> None:
    """Ann's solution from wherever she is in Stage 1: draw (unless she has), play ``card`` on the
    train in Crew Tray ``tray``, end the draw, and play the Stage out. A multiplayer game cannot undo
    a draw (it showed a card), so this goes on from the learner's position instead of starting over;
    once Train 5 has highballed only a fresh lesson helps, and the check says so."""
    ann = g.state.players[0]
    if card in ann.hand and g.phase == Phase.LOCAL_OPERATIONS and g.actor == ann.name:
        if g.state.turn.option is None:
            g.apply("draw home")
        if g.state.turn.option == Option.DRAW:
            g.apply(f"play {card} on {tray}")
    if g.state.turn.option == Option.DRAW and g.actor == ann.name:
        _end_draw(g)
    play_stage(g)


def hotbox() -> Lesson:
    """Playing a card on an opponent ([O2], [O4], [O5]): in a Competitive game Ann holds a Hotbox.
    Bo's Train 5 stands at his Office, made up to leave: this Stage it would highball. Played on it
    ('play Hotbox1 on TRAY', the Crew Tray of Bo's train), the Hotbox holds it until the end of the
    next Stage, and Bo is told by name.

    The task: 'draw home', play the Hotbox on Train 5, 'end'; then play the Stage and see Train 5
    held at Bo's Office.
    """
    b = _competitive()
    t = _bos_train(b)
    b.hand(ME, ["Hotbox1"])
    game = b.game()
    card, tray = game.state.players[0].hand[0], t.tray

    def goal(g):
        if _held(g, reasons=("hotbox",)):
            return None
        if any(e.kind == "highball" and e.data.get("train") == "5" for e in g.events):
            return "Train 5 highballed: restart the lesson (run its cell again) and play the Hotbox first."
        if card in g.state.players[0].hand:
            draw = "" if g.state.turn.option == Option.DRAW else "'draw home', then "
            return f"the Hotbox is still in Ann's hand: {draw}'play {card} on {tray}'."
        return "the Hotbox is on Train 5: 'end' the draw and play the Stage."

    return _lesson("A Hotbox at Bo's Office", f"'draw home', 'play {card} on {tray}', 'end'; then play the "
                   "Stage and watch Train 5.", game, goal, "the Hotbox holds the train it is played on.",
                   lambda g: _attack(g, card, tray))


def defence() -> Lesson:
    """Defences ([E6], [E8], [O6]): the same table, but Bo has laid a Water Column on his Office, and
    Ann holds a Hotbox and a Derail. The Water Column lies face up: a Hotbox on a train in Bo's Area
    is refused ("Bo's Water Column stops a Hotbox") and is no legal play. It does not stop a Derail
    (Facing Point Locks would), which also keeps a train from highballing.

    The task: hold Bo's Train 5 at his Office this Stage anyway.
    """
    b = _competitive()
    t = _bos_train(b)
    b.enhance(RIVAL, "water_column", (0, 0))
    b.hand(ME, ["Hotbox1", "Derail1"])
    game = b.game()
    hot, derail = game.state.players[0].hand
    tray = t.tray

    def goal(g):
        if _held(g):
            return None
        if any(e.kind == "highball" and e.data.get("train") == "5" for e in g.events):
            return "Train 5 highballed: restart the lesson (run its cell again) and play a card it stops."
        if derail in g.state.players[0].hand:
            draw = "" if g.state.turn.option == Option.DRAW else "'draw home', "
            return f"Bo's Water Column stops a Hotbox; try the other card: {draw}'play {derail} on {tray}'."
        return "the Derail is on Train 5: 'end' the draw and play the Stage."

    return _lesson("Bo's Water Column", "hold Bo's Train 5 at his Office this Stage: 'draw home', play a card "
                   "on it, 'end', then play the Stage.", game, goal,
                   "a defence stops only the cards it names.", lambda g: _attack(g, derail, tray))
