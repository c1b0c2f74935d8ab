"""Tutorial 3 — Trains and the Mainline: the timetable and number boards, making up trains,
Subdivisions and Control Points, when a train may highball, the Superintendent's decision, and
every kind of collision shown happening (so it is understood, not feared).

Each function returns a ``Lesson``; ``solve(lesson)`` (from ``stationmaster.lessons.stage``)
performs the documented solution. ``stationmaster.slowmo`` replays a Mainline phase step by step.
"""

from __future__ import annotations

from ..builder import Position
from ..flow import Option, Phase, Where
from ..phases.mainline import subdivision_of
from ..query import departure_problem
from . import Lesson, put_train
from .stage import play_stage
from .switching import a5_layout

ME = "Ann"


def _lesson(title, task, game, goal, hint, solution) -> Lesson:
    lesson = Lesson(title=title, task=task, game=game, goal=goal, hint=hint)
    lesson.solution = solution
    return lesson


def _events(g, kind) -> list:
    return [e for e in g.events if e.kind == kind]


# --------------------------------------------------------------------------- the timetable

def timetable() -> Lesson:
    """The timetable: playing a timetabled train card rolls the D12 and puts its number board on
    that Stage (or the next free one down the column, wrapping 12 → 1); it then runs every Day.

    The position: a solitaire game; Ann holds Train 5 (a westbound Manifest Freight). The task:
    draw, play the train card, end the draw.
    """
    b = Position(players=[ME], seed=7)
    b.hand(ME, ["train5"])
    game = b.game()
    card = game.state.players[0].hand[0]

    def goal(g):
        s = g.state
        slot = next((st for st, c in s.timetable.items() if c == card), None)
        if slot is not None and g.state.turn.option is None:
            return None
        if slot is not None:
            return f"Train 5's number board stands on Stage {slot}; now 'end' the draw."
        return "Train 5 is still in Ann's hand: 'draw home' (or a Department), then 'play T5'."

    def solution(g):
        if g.state.turn.option is None and g.phase == Phase.LOCAL_OPERATIONS:
            g.apply("draw home")
        if card in g.state.players[0].hand:
            g.apply(f"play {card}")
        while g.state.turn.option == Option.DRAW and g.why_not("end"):  # over the hand limit: discard
            g.apply(f"discard {g.state.players[0].hand[-1]} to 1")
        g.apply("end")

    return _lesson("The timetable", "draw a card, play Train 5 ('play T5') onto the timetable, then 'end'.",
                   game, goal, "the D12 chooses the Stage; a taken Stage sends it down the column.", solution)


# --------------------------------------------------------------------------- making up

def making_up() -> Lesson:
    """Made up to leave: to highball from an Office a train needs its engine at one end (either end),
    only the car types its card lists, and its caboose (if any) at the far end from the engine.

    The position: the Appendix A.5 grid; westbound Train 5 (a Manifest Freight) stands on the Depot's
    A/D track with a reefer *ahead* of its engine and a boxcar and caboose behind it, so its engine
    stands between cars. The task: set the reefer out on Secondary Track
    (A, ``-1,1``) — not on the Running Track it will leave over — and bring the train back to the
    Office; then end switching and let the Mainline phase highball it.
    """
    b = Position(players=[ME], seed=3)
    a5_layout(b, ME)
    put_train(b, 5, player=ME, at=(0, 0), ahead=["RE1"], behind=["BE1", "K1"])
    game = b.game()

    def goal(g):
        if any(e.data.get("train") == "5" for e in _events(g, "highball")):
            return None
        t = next((t for t in g.state.trains.values() if t.number == 5), None)
        if t is None:
            return "train 5 was wrecked — undo and try again."
        if t.where == Where.AREA and t.pos != (0, 0):
            return f"train 5 stands at {t.pos[0]},{t.pos[1]}; it highballs only from the Office's A/D track."
        problem = departure_problem(g.state, t)
        if problem:
            return f"{problem}."
        return "train 5 is ready; end switching and let the Stage run to the Mainline phase."

    def solution(g):
        while g.history:
            g.undo()
        for it in ("switch", "move 1 west -1,1", "setout 1 front 1", "move 1 east 0,0", "end"):
            g.apply(it)

    return _lesson("Made up to leave", "switch: take train 5 west to A (-1,1), set out the reefer ahead of the "
                   "engine ('setout 1 front 1'), come back east to the Office (0,0) and 'end'.",
                   game, goal, "a car left on the Running Track west of the Office would be struck on departure.",
                   solution)


# --------------------------------------------------------------------------- Subdivisions

def _two_offices():
    """Ann (west, a Whistle Post) and Bob (east, a Depot — a Control Point). Offices open as Depots
    from edition v5 ([U5]): Ann's is made a Whistle Post, the tier below, to show one inside a Subdivision."""
    b = Position(players=["Ann", "Bob"], mode="competitive", seed=1)
    b.office("Ann", "whistle_post")
    return b


def subdivisions() -> Lesson:
    """Subdivisions and Control Points: a train looks through the next Subdivision — past Whistle
    Posts, up to the next Control Point (Depot, Station, Terminal) or Division Point. An opposing
    train there holds it; no one there, it highballs.

    The position: Ann (Whistle Post) and Bob (Depot). Subdivision 1 runs from the Western Division
    Point through Ann's Whistle Post to Bob's Depot; Subdivision 2 from Bob's Depot to the Eastern
    Division Point. Westbound Train 3 is on the Mainline in Subdivision 1; eastbound Train 4 waits at
    the Western Division Point and Train 6 on Bob's A/D track. The task: play the Stage and see who
    is held and who highballs.
    """
    b = _two_offices()
    put_train(b, 3, mainline=(1, 1), behind=["CE1"])
    put_train(b, 4, division_point="west", behind=["CL1"])
    put_train(b, 6, player="Bob", at=(0, 0), behind=["BE1", "K1"])
    game = b.game()

    def goal(g):
        if g.state.stage_count >= 2:
            return None
        s = g.state
        return (f"the Stage has not been played yet (Subdivision of Mainline card 1: "
                f"{subdivision_of(s, 1)}; of card 2: {subdivision_of(s, 2)}). Play it.")

    return _lesson("Subdivisions and Control Points", "play the Stage ('agent pass' for each player, then "
                   "'end' Load/Unload); then replay the Mainline step by step.", game, goal,
                   "stationmaster.lessons.stage.play_stage(lesson.game).", lambda g: play_stage(g))


def superintendent() -> Lesson:
    """The Superintendent's decision: a train going the same way ahead in the next Subdivision makes
    the Superintendent choose — ``clear`` sends the follower after it, ``hold`` keeps it.

    The position: solitaire (Ann wears the Fedora); Train 2 runs east on the Mainline east of Ann's
    Whistle Post, Train 4 waits at the Western Division Point. The task: play the Stage and answer.
    Here clearing is safe (Train 2 moves first and stays a region ahead); the last lesson shows when
    it is not.
    """
    b = Position(players=[ME], seed=1)
    b.office(ME, "whistle_post")  # no Control Point between the Division Point and Train 2 ([U5]: made so)
    put_train(b, 2, mainline=(1, 0), behind=["BE1", "K1"])
    put_train(b, 4, division_point="west", behind=["HE1", "K2"])
    game = b.game()

    def goal(g):
        decided = [e for e in g.events if e.kind in ("held", "highball") and e.data.get("train") == "4"]
        if decided:
            return None
        if g.state.turn.pending:
            return f"the Superintendent, {g.actor}, must {g.decision}: apply 'clear' or 'hold'."
        return "the Mainline phase has not asked yet: play the Stage to it."

    return _lesson("The Superintendent's decision", "play the Stage; when asked, 'clear' or 'hold' Train 4.",
                   game, goal, "either answer is safe here.", lambda g: play_stage(g, answer="clear"))


# --------------------------------------------------------------------------- collisions

COLLISIONS = {
    "arrival_over_cars": "a train arrives while cars stand on the Running Track between the Limits and "
                         "the Office",
    "full_ad_tracks": "a train arrives at an Office whose A/D tracks are all taken",
    "departing_over_cars": "a train highballs over cars standing on the Running Track ahead of it",
    "follower_too_soon": "the Superintendent clears a follower into the region its leader holds",
}


def collision(kind: str) -> Lesson:
    """Every collision, shown happening. ``kind`` is one of ``COLLISIONS``:

    - ``arrival_over_cars``: cars on Ann's Running Track west of her Office; Train 2 arrives from the
      west and strikes them (Ann's fault);
    - ``full_ad_tracks``: Trains 12 and 10, badly made up, stay on the Depot's two A/D tracks; Train 2
      arrives (Ann's fault: it and the train it meets are destroyed);
    - ``departing_over_cars``: a tank car on the Running Track east of the Office; Train 6 highballs
      east over it (Ann's fault);
    - ``follower_too_soon``: Trains 2 and 4 wait at the Western Division Point; Train 2 highballs, and
      clearing Train 4 sends it into the same region (the Superintendent's fault).

    The task: play the Stage (answer 'clear') and watch; the check is done once the collision happened.
    """
    if kind not in COLLISIONS:
        raise ValueError(f"kind must be one of {', '.join(COLLISIONS)}")
    b = Position(players=[ME], seed=1)
    if kind == "arrival_over_cars":
        b.lay(ME, "straight", (-1, 0))
        b.cars(ME, (-1, 0), ["HE1", "HL1"])
        put_train(b, 2, mainline=(0, 1), behind=["BE1", "K1"])
    elif kind == "full_ad_tracks":
        put_train(b, 12, player=ME, at=(0, 0), ahead=["BE1"], behind=["K2"])  # the Depot's two A/D tracks
        put_train(b, 10, player=ME, at=(0, 0), ahead=["TE1"], behind=["K3"])
        put_train(b, 2, mainline=(0, 1), behind=["HE1", "K1"])
    elif kind == "departing_over_cars":
        b.lay(ME, "straight", (1, 0))
        b.cars(ME, (1, 0), ["TE1"])
        put_train(b, 6, player=ME, at=(0, 0), behind=["BE1", "K1"])
    else:
        put_train(b, 2, division_point="west", behind=["BE1", "K1"])
        put_train(b, 4, division_point="west", behind=["HE1", "K2"])
    game = b.game()

    def goal(g):
        col = _events(g, "collision")
        if col:
            return None
        return f"no collision yet ({COLLISIONS[kind]}): play the Stage."

    title = "Collision: " + COLLISIONS[kind]
    return _lesson(title, "play the Stage and watch the collision (answer 'clear' if asked).", game, goal,
                   "play_stage(lesson.game, answer='clear').", lambda g: play_stage(g, answer="clear"))
