"""Lesson 4 — Passengers and freight: the Freight Agent, Porters, Laborers and Revenue.

Three prepared positions, one exercise each (see ``notebooks/04-passengers-and-freight.ipynb``):

- ``stock_green_box``: the Freight Agent puts a loaded boxcar in a green box of a Grocer's
  Warehouse that has an empty boxcar spotted (rule A1);
- ``board_passengers``: a Station's two Porters board and detrain passengers of a train standing
  on the A/D track (rule L2);
- ``work_hopper_load``: Laborers, helped by a Section Gang, work a hopper load from the green box
  over MEN | AT | WORK into the empty hopper, which pays freight Revenue (rules L3, L4, S6);
- ``fill_car_order``: the Power Plant has ordered two loads in today and two loaded hoppers are
  spotted: every unload pays, and the one that fills the order pays its bonus (rule L8).
"""

from __future__ import annotations

from ..builder import Position
from ..flow import Phase
from . import Lesson

ME = "Player"
WAREHOUSE = (1, 1)
TIPPLE = (1, -1)
GANG = (2, -1)


def _office_area(b: Position, industry: str, at, turned_runaround: bool = False) -> None:
    """Straights west and east of the Office, a Run-around hung on the Office's stubs and an
    industry spur at ``at`` reached through it."""
    b.lay(ME, "straight", (-1, 0))
    b.lay(ME, "straight", (1, 0))
    b.lay(ME, "runaround", (0, at[1]), turned=turned_runaround)
    b.lay(ME, industry, at)


def _why(game, text: str) -> str:
    return game.why_not(text) or ""


def stock_green_box() -> Lesson:
    """The Freight Agent stocks a green box: an empty boxcar stands at the Grocer's Warehouse
    (1,1); ``agent stock 1,1`` brings a loaded boxcar from the Division Yard into a green box."""
    b = Position(seed=3)
    _office_area(b, "grocers_warehouse", WAREHOUSE)
    b.office(ME, "depot")
    b.cars(ME, WAREHOUSE, ["boxcar"])
    game = b.game()

    def goal(g):
        fac = g.state.areas[0].facilities[WAREHOUSE]
        if fac.green:
            return None
        reason = _why(g, "agent stock 1,1")
        if reason:
            return f"the green boxes of the Grocer's Warehouse are still empty, and stocking is refused now: {reason}"
        return ("the green boxes of the Grocer's Warehouse at 1,1 are still empty: stock one with the Freight "
                "Agent option (`agent stock 1,1`, or click a green box on the board).")

    return Lesson("Stock a green box", "Use the Freight Agent to put a load in a green box of the "
                  "Grocer's Warehouse at 1,1: `agent stock 1,1`.", game, goal,
                  hint="The Freight Agent is a whole Local Operations option: it ends your turn.")


def board_passengers() -> Lesson:
    """A Station's two Porters at work: train 1 stands on the A/D track with an empty coach and a
    coach of arriving passengers; passengers wait in a green box. Board them (``board 1``) and
    detrain the others (``detrain 1``) in the same Load/Unload turn."""
    b = Position(seed=1)
    b.office(ME, "station")
    b.boxes(ME, (0, 0), green=["CL1"])
    b.train(1, player=ME, at=(0, 0), behind=["CE1", "CL2"], arrived_earlier=False)
    game = b.game()

    def goal(g):
        kinds = {e.kind for e in g.events}
        todo = [what for what, kind in (("board the waiting passengers (`board 1`)", "board"),
                                         ("detrain the arriving passengers (`detrain 1`)", "detrain"))
                if kind not in kinds]
        if not todo:
            return None
        if g.phase == Phase.LOCAL_OPERATIONS and g.stage == 1:
            return ("Porters work in the Load/Unload phase: end Local Operations first (`agent pass`), "
                    "then " + " and ".join(todo) + ".")
        if g.phase == Phase.LOAD_UNLOAD:
            text = "board 1" if "board" not in kinds else "detrain 1"
            reason = _why(g, text)
            return "still to do: " + " and ".join(todo) + "." + (f" The engine says: {reason}" if reason else "")
        return ("the Load/Unload phase of Stage 1 is over and the train has gone; still undone: "
                + " and ".join(todo) + ". Run the lesson cell again to start over.")

    return Lesson("Board and detrain passengers", "Pass Local Operations (`agent pass`); in Load/Unload "
                  "board the passengers waiting in the green box onto train 1 (`board 1`) and detrain the "
                  "loaded coach it brought (`detrain 1`).", game, goal,
                  hint="A Station has two Porters: one action each per Stage.")


def work_hopper_load() -> Lesson:
    """Laborers at a Mine Tipple (1,-1): a load waits in a green box and an empty hopper is spotted.
    Green → MEN → AT → WORK → car takes four Laborer actions; the Tipple has three Laborers and
    the Section Gang beside it (2,-1) lends a fourth, so the load reaches the car, and pays
    freight Revenue, in one Load/Unload turn."""
    b = Position(seed=1)
    _office_area(b, "mine_tipple", TIPPLE, turned_runaround=True)
    b.lay(ME, "section_gang", GANG)
    b.cars(ME, TIPPLE, ["hopper"])
    b.boxes(ME, TIPPLE, green=["HL1"])
    game = b.game()
    steps = [("green", "start the load from the green box onto MEN"), ("men", "move it from MEN to AT"),
             ("at", "move it from AT to WORK"), ("work", "load it from WORK into the empty hopper")]

    def goal(g):
        if any(e.kind == "revenue" for e in g.events) and any(
                c.startswith("HL") for c in g.state.areas[0].grid[TIPPLE].cars):
            return None
        fac = g.state.areas[0].facilities[TIPPLE]
        if g.phase == Phase.LOCAL_OPERATIONS and not fac.locked and fac.green:
            return ("Laborers work in the Load/Unload phase: end Local Operations first (`agent pass`), then "
                    "work the load: `work 1,-1 green`, `work 1,-1 men`, `work 1,-1 at`, `work 1,-1 work`.")
        where = next((box for box in ("work", "at", "men") if fac.pipeline[box]), "green")
        box, words = next(s for s in steps if s[0] == where)
        reason = _why(g, f"work 1,-1 {box}") if g.phase == Phase.LOAD_UNLOAD else ""
        return (f"the load is on {box.upper() if box != 'green' else 'the green box'}: next {words} "
                f"(`work 1,-1 {box}`)." + (f" The engine says: {reason}" if reason else ""))

    return Lesson("Work a hopper load to Revenue", "Pass Local Operations (`agent pass`), then in "
                  "Load/Unload move the load in the Mine Tipple's green box over MEN, AT and WORK into the "
                  "empty hopper: `work 1,-1 green`, `work 1,-1 men`, `work 1,-1 at`, `work 1,-1 work`.",
                  game, goal, hint="Each step costs one Laborer; the Section Gang lends the fourth.")


def fill_car_order() -> Lesson:
    """Car orders ([L8]): the Power Plant at 1,-1 has ordered two loads in today, and two loaded
    hoppers are spotted on its spur. Its three Laborers and the Section Gang's one unload one hopper
    a Stage (car → WORK → AT → MEN → red box); each unload pays twice the freight rate, and the
    second, which fills the order, pays the bonus on top. (An order out is filled as its loads
    leave the Office Area on a train: shipped, not just loaded.)"""
    b = Position(seed=1, balance="v5")
    _office_area(b, "power_plant", TIPPLE, turned_runaround=True)
    b.lay(ME, "section_gang", GANG)
    b.cars(ME, TIPPLE, ["HL1", "HL2"])
    b.order(ME, TIPPLE, in_=2)
    game = b.game()
    per_car, bonus = game.config.rule("order_pay")

    def goal(g):
        plant = g.state.areas[0].facilities[TIPPLE]
        wanted, worked = plant.orders.get("in", [2, 0]) if g.day == 1 else (2, 0)
        if worked >= wanted and g.day == 1:
            return None
        if g.day > 1:
            return ("the Day ended before the order was filled, and orders lapse with the Day. Run the "
                    "lesson cell again to start over.")
        left = wanted - worked
        text = (f"the Power Plant's order is {worked} of {wanted} loads in: {left} more "
                f"unload{'s' if left > 1 else ''} to finish today. ")
        if g.phase == Phase.LOCAL_OPERATIONS:
            return text + "End Local Operations (`agent pass`); the Laborers work in Load/Unload."
        if g.phase == Phase.LOAD_UNLOAD:
            box = next((b for b in ("men", "at", "work") if plant.pipeline[b]), "car")
            reason = _why(g, f"work 1,-1 {box}")
            return text + f"Next: `work 1,-1 {box}`." + (f" The engine says: {reason}" if reason else "")
        return text + "Play on to the next Stage's Load/Unload (`agent pass` in Local Operations)."

    return Lesson("Fill a car order", "The Power Plant at 1,-1 ordered 2 loads in today. Unload both "
                  "hoppers before the Day ends (`agent pass`, then `work 1,-1 car`, `work 1,-1 work`, "
                  "`work 1,-1 at`, `work 1,-1 men`; again next Stage).", game, goal,
                  hint=f"Each unload pays {per_car}× the freight rate; the one that fills the order "
                       f"pays {bonus}× more.")
