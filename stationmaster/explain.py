"""What the decision in hand means, for help at the table: what End finishes now, whether a draw
has anything left to do, and why a suggested intent is worth making, in game terms.

The board's controller and its help (``stationmaster.widgets``) ask here instead of reading the
phase themselves, so that the rules of *when* stay in the engine. Standard library only.
"""

from __future__ import annotations

from .cards import rules_of
from .flow import Option, Phase, Where
from .phases.drawing import offered
from .intents import Agent, Board, Clearance, Detrain, Discard, Draw, End, Grade, Move, Place, Play, Run, SetOut, Switch, Work
from .query import actor, capacity, hand_limit, spec_of

#: what End finishes, as a button says it, by phase (and by Local Operations option)
END_LABELS = {(Phase.LOCAL_OPERATIONS, Option.SWITCH): "End switching",
              (Phase.LOCAL_OPERATIONS, Option.DRAW): "End draw", (Phase.LOAD_UNLOAD, None): "End Load/Unload"}
#: the same, as a sentence says it
END_WORDS = {(Phase.LOCAL_OPERATIONS, Option.SWITCH): "end switching",
             (Phase.LOCAL_OPERATIONS, Option.DRAW): "end the draw", (Phase.LOAD_UNLOAD, None): "end your Load/Unload turn"}


def _end_key(s) -> tuple:
    return (s.phase, s.turn.option if s.phase == Phase.LOCAL_OPERATIONS else None)


def end_label(s) -> str:
    """The End button's label now: 'End switching', 'End draw', 'End Load/Unload', 'Finish make-up'."""
    if s.turn.pending is not None:
        return "Finish make-up"
    return END_LABELS.get(_end_key(s), "End")


def end_words(s) -> str:
    """What End does now, in a sentence's words ('end the draw')."""
    if s.turn.pending is not None:
        return "finish the make-up"
    return END_WORDS.get(_end_key(s), "end")


def drawing(s) -> bool:
    """Is the actor in the Draw option of Local Operations (playing and discarding cards)?"""
    return s.outcome is None and s.turn.pending is None and s.phase == Phase.LOCAL_OPERATIONS \
        and s.turn.option == Option.DRAW


def idle_draw(s, legal) -> bool:
    """A draw with nothing left to decide: no card in hand can be played, the hand is within its
    limit, so End is the only sensible intent (discarding would only throw a card away)."""
    if not drawing(s) or End() not in legal:
        return False
    p = actor(s)
    if p is None or len(s.players[p].hand) > hand_limit(s, p):
        return False
    return not any(isinstance(it, Play) for it in legal)


def working(s) -> bool:
    """Is the actor taking a Load/Unload turn (Porters and Laborers)?"""
    return s.outcome is None and s.turn.pending is None and s.phase == Phase.LOAD_UNLOAD


#: intents that may earn in Load/Unload; ``End`` and ``Discard`` never do
EARNING = (Board, Detrain, Work)


# --------------------------------------------------------------------------- why an intent is worth it

def _n(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def _and(names: list) -> str:
    """Names joined in words, each once ("the Straight and Run-around", not "Run-around and Run-around")."""
    names = list(dict.fromkeys(names))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _train(s, tray) -> str:
    t = s.trains.get(tray)
    return f"train {t.label}" if t else f"Crew Tray {tray}"


def _place(s, seat, xy) -> str:
    area = s.areas[seat]
    if tuple(xy) == (0, 0):
        return "your Office"
    placed = area.grid.get(tuple(xy))
    return f"the {spec_of(s, placed.card).name}" if placed else f"the spot {xy[0]},{xy[1]}"


def _hand_room(hand: int, limit: int) -> str:
    """The hand after a draw, as a clause: room for the card, or full (the draw then ends with a
    card played or discarded)."""
    if hand < limit:
        return f", and your hand has room for it ({hand} of {limit} cards)"
    if hand > limit:  # the opening's first customer ([U6]), or six starting cards
        over = hand + 1 - limit
        return (f"; your hand already holds {hand} cards (limit {limit}), so play or discard {over} "
                f"before the draw ends")
    return f"; your hand is full ({hand} of {limit} cards), so play a card or discard one before the draw ends"


def _earned(events, who: str) -> int:
    return sum(e.amount for e in events if e.kind == "revenue" and e.player == who)


def _trial(game, intent):
    """(the events, the game after it) of ``intent`` applied to a copy; (None, None) if refused."""
    trial = game.copy()
    try:
        events = trial.apply(intent)
    except Exception:  # refused (IllegalIntent) or a card's rule failing: no explanation from it
        return None, None
    return events, trial


def _playable(game, card: str) -> list:
    """The legal Plays of ``card`` in ``game`` now."""
    return [it for it in game.legal if isinstance(it, Play) and it.card == card]


def _card_use(s, card: str) -> str:
    """What a card does for its player, in a few game words (from its kind and text)."""
    sp = spec_of(s, card)
    kind = sp.kind
    if kind in ("train", "extra"):
        return "a train for the timetable: it brings cars and passengers to the Offices it stops at"
    if kind == "facility":
        return "an industry: its loads earn when the Laborers work them"
    if kind == "office":
        return "a bigger Office: more A/D tracks, Porters and boxes for passengers"
    if kind == "track":
        return "track: room for more cards and trains in your Office Area"
    if kind == "modifier":
        return "a modifier: more room or workers for the facility it serves"
    return sp.text.split(".")[0].lower() if sp.text else sp.name


def _ahead_where(s, tray) -> list:
    """(label, Mainline card name) of the trains running ahead of this one, same direction."""
    t = s.trains.get(tray)
    if t is None:
        return []
    out = []
    for o in s.trains.values():
        if o.tray != t.tray and o.direction == t.direction and o.where == Where.MAINLINE:
            i = o.pos[0] if isinstance(o.pos, tuple) else o.pos
            name = s.mainline[i] if isinstance(i, int) and 0 <= i < len(s.mainline) else "the Mainline"
            out.append((o.label, name))
    return out


def why(game, intent) -> str:
    """Why ``intent`` is worth making now, in game terms (what it earns, what it makes possible,
    what it avoids), never a restatement of the intent. '' when nothing better than the intent's
    own words can be said."""
    s = game.state
    p = actor(s)
    if p is None:
        return ""
    me = s.players[p]
    seat = me.seat
    it = intent
    events, after = _trial(game, it)
    earned = _earned(events, me.name) if events is not None else 0
    gain = f"it earns {earned} Revenue now" if earned > 0 else ""
    if isinstance(it, (Board, Detrain)):
        t = s.trains.get(it.tray)
        office = s.areas[seat].facilities.get((0, 0))
        if isinstance(it, Board):
            waiting = len(office.green) if office else 0
            who = f"the {_n(waiting, 'passenger')} waiting at your Office" if waiting else "passengers at your Office"
            return (f"Board {who}: {_train(s, it.tray)} stands on your A/D track with an empty coach"
                    + (f", and {gain}" if gain else ""))
        said = _train(s, it.tray)
        return (f"{said[:1].upper() + said[1:]} brought passengers for your Office: detraining them "
                + (f"earns {earned} Revenue now" if earned else "frees the coach for boarding"))
    if isinstance(it, Work):
        where = _place(s, seat, it.at)
        if gain:
            return f"The load at {where} is ready: {gain}"
        step = {"green": "starts loading a car", "car": "starts unloading the car on its spur",
                "men": "moves the load from MEN to AT", "at": "moves the load from AT to WORK",
                "work": "finishes the load"}.get(it.box, "moves a load on")
        return f"A Laborer at {where} {step}: a load earns when it gets through MEN, AT and WORK, so start it now"
    if isinstance(it, Agent):
        if it.action == "pass":
            return "Nothing to stock or clear earns now, and neither switching nor drawing would help this Stage"
        where = _place(s, seat, it.at)
        if it.action == "stock":
            return (f"A loaded car in {where}'s green box gives the Porters or Laborers something to work in "
                    "Load/Unload: that is where Revenue comes from")
        if it.action == "clear":
            area = s.areas[seat]
            fac = area.facilities.get(it.at)
            held, boxes = (len(fac.red) if fac else 0), capacity(s, area, it.at)[1]
            if held >= boxes:
                return (f"{where}'s red boxes are full ({held} of {boxes}): until they are cleared, nothing new "
                        "can be put down there")
            return (f"{where}'s red boxes hold {held} of {boxes}: clearing them makes room for what the coming "
                    "trains and loads put down")
        return f"A jammed load at {where} earns nothing until it is freed"
    if isinstance(it, Clearance):
        t = s.trains.get(getattr(s.turn.pending, "tray", None))
        label = _train(s, t.tray) if t else "the following train"
        ahead = _ahead_where(s, t.tray) if t else []
        if not it.clear:
            if ahead:
                lab, card = ahead[0]
                return f"Hold: train {lab} is still crossing {card}, and {label} would run into its rear"
            return f"Hold: there is no room for {label} where it would arrive, and a collision costs Revenue"
        if ahead:
            lab, card = ahead[0]
            return f"Clear: train {lab} is far enough ahead on {card}, so {label} gains a Stage without risk"
        return f"Clear: the line ahead of {label} is free, so it gains a Stage"
    if isinstance(it, Grade):
        climb, down = grade_counts(s, it.direction)
        card = getattr(s.turn.pending, "card", "the Heavy Grade")
        better = "fewer" if climb < down else "no more" if climb == down else "more"
        return (f"Uphill freights stop on the {card} for a helper: with the climb {it.direction}ward, "
                f"{_n(climb, 'train')} of the timetable and the table would climb it and {down} run downhill "
                f"({better} climbing than the other way)")
    if isinstance(it, Run):
        return (f"Fewer Mainline cards and opposing trains lie between the Extra and your Office going "
                f"{it.direction}: it arrives sooner")
    if isinstance(it, Place):
        what = "caboose" if it.kind == "caboose" else f"{'loaded' if it.loaded else 'empty'} {it.kind}"
        users = [spec_of(s, a.grid[xy].card).name for a in [s.areas[seat]] for xy in a.facilities
                 if xy != (0, 0) and spec_of(s, a.grid[xy].card).car == it.kind]
        if users:
            return f"Your {users[0]} works {it.kind}s: the {what} gives it a car to load or unload when the train stops"
        if it.kind == "coach":
            return (f"{'An' if what[0] in 'aeiou' else 'A'} {what} gives your Porters passengers to "
                    f"{'detrain' if it.loaded else 'board'} when the train stops")
        return f"The train needs a {what} to run"
    if isinstance(it, Draw):
        hand = len(me.hand)
        limit = hand_limit(s, p)
        if it.source == "home":
            tops = [(k, d[-1]) for k, d in enumerate(s.departments, 1) if d]
            useful = []
            for k, c in tops:
                _, g2 = _trial(game, Draw(k))
                if g2 is not None and _playable(g2, c):
                    useful.append(spec_of(s, c).name)
            if useful:
                return (f"The Home Office may give a better card than the {_and(useful)} on top of the "
                        f"Departments{_hand_room(hand, limit)}")
            return ("None of the Departments' top cards would fit your Office Area now, so a card from the Home "
                    f"Office is the better chance{_hand_room(hand, limit)}")
        card = s.departments[it.source - 1][-1]
        name = spec_of(s, card).name
        _, g2 = _trial(game, it)
        plays = _playable(g2, card) if g2 is not None else []
        if plays:
            spots = sorted({pl.at for pl in plays if pl.at is not None})
            where = (f"it fits {_n(len(spots), 'spot')} of your Office Area" if spots else "you can play it at once")
            return f"The {name} is {_card_use(s, card)}; {where}"
        return f"The {name} cannot be played after taking it; hold it only if your Area will soon have room for it"
    if isinstance(it, Play):
        name = spec_of(s, it.card).name
        said = " ".join(e.text for e in (events or []) if e.kind != "revenue" and "runs every" in e.text)
        if "runs every" in said:
            return f"The {name} goes on the timetable: it runs" + said[said.index("It runs") + 7:].rstrip(".") \
                + ", bringing cars and passengers to the Offices it stops at"
        use = _card_use(s, it.card)
        return f"The {name} is {use}" + (f"; {gain}" if gain else "")
    if isinstance(it, Discard):
        name = spec_of(s, it.card).name
        pair = offered(s, p)
        if it.card in pair:  # [D5]: the choice between two cards drawn together
            other = spec_of(s, next(c for c in pair if c != it.card)).name
            why_not = "it fits nowhere in your Office Area now" if not _playable(game, it.card) else \
                "it is of less use to your Office Area"
            return f"Keep the {other} and return the {name}: {why_not}"
        over = len(me.hand) > hand_limit(s, p)
        why_not = "it fits nowhere in your Office Area now" if not _playable(game, it.card) else \
            "it is the card of least use to your Office Area"
        return f"The {name}: {why_not}" + (f", and your hand is over its limit of {hand_limit(s, p)}" if over else "")
    if isinstance(it, End):
        if drawing(s):
            held = [spec_of(s, c).name for c in me.hand]
            if not held:
                return "Your hand is empty: nothing more to play this Stage"
            cards = _and(held)
            them = "it" if len(held) == 1 else "them"
            if not any(isinstance(x, Play) for x in game.legal):
                return (f"The {cards} fit{'s' if len(held) == 1 else ''} nowhere in your Office Area now: keep "
                        f"{them} for a later Stage")
            return f"Keep the {cards} for a later Stage: playing {them} now gains nothing yet"
        if working(s):
            return "No Porter or Laborer action earns any more this Stage"
        if s.turn.pending is not None:
            return "The train has the cars it needs: more would only slow it"
        return "Your trains stand where they do the most good: further Moves would gain nothing"
    if isinstance(it, Switch):
        return "Your trains have cars to spot at your industries or passengers to bring to the Office"
    if isinstance(it, Move):
        dest = _place(s, seat, it.to)
        t = s.trains.get(it.tray)
        if tuple(it.to) == (0, 0):
            return f"{_train(s, it.tray).capitalize()} to your Office: there the Porters can work its coaches in Load/Unload"
        fac = s.areas[seat].facilities.get(tuple(it.to))
        if fac is not None and t is not None:
            return f"{_train(s, it.tray).capitalize()} to {dest}: it spots its cars there for the Laborers to work"
        return f"{_train(s, it.tray).capitalize()} on towards {dest}: nearer where its cars are wanted"
    if isinstance(it, SetOut):
        return f"Leaving {_n(it.count, 'car')} where {_train(s, it.tray)} stands lets the industry there work them"
    return ""


def grade_counts(s, uphill: str) -> tuple:
    """(climbing, downhill): the timetabled trains and those on the table that would climb a
    Heavy Grade whose uphill direction is ``uphill``, and those that would run down it."""
    ways = [spec_of(s, c).direction for c in s.timetable.values()] + [t.direction for t in s.trains.values()]
    return sum(1 for d in ways if d == uphill), sum(1 for d in ways if d and d != uphill)


def grade_choice(s) -> str:
    """The uphill direction a Superintendent would choose: the one fewer trains travel (each
    climbing freight loses time waiting for a helper, [M15])."""
    east, west = grade_counts(s, "east")[0], grade_counts(s, "west")[0]
    return "east" if east < west else "west"


def follows_through(game, intent) -> str | None:
    """None if ``intent`` can be followed through, else why not: a card taken from a Department
    must then be playable (a Hint never sends a player to take a card they cannot use)."""
    if isinstance(intent, Draw) and intent.source != "home":
        dept = game.state.departments[intent.source - 1]
        if not dept:
            return "that Department is empty"
        card = dept[-1]
        _, after = _trial(game, intent)
        if after is None or not _playable(after, card):
            reason = after.why_not(Play(card)) if after is not None else None
            if after is not None and rules_of(after.state, card).needs_spot:  # not "say where: 'play X at x,y'"
                reason = "it fits no spot of your Office Area now"
            return (f"the {spec_of(game.state, card).name} on Department {intent.source} could not be played after "
                    "taking it" + (f" ({reason[0].lower() + reason[1:]})" if reason else ""))
    return None


def discard_dept(game) -> int:
    """The Department a card is best discarded to by the acting player now: the one whose top card
    is of least use to them (an empty one first: it covers nothing), by the planner's valuation of
    cards, so that a one-click discard goes where the Hint would send it."""
    from .bots.planner import View, discard_dept as planners

    return planners(View(game))


def sure_collision(game) -> str:
    """'' unless the decision in hand is a clearance ([M4]) and clearing the train would run it into
    the train ahead ([M6], [M11]) — then the collision, in the engine's words. Asked of the
    acting player's determinized copy (``game.copy(determinize=...)``): what that player cannot
    know is dealt afresh, so the answer never reveals a hidden card or a future roll."""
    from .intents import Clearance

    legal = game.legal
    if game.actor is None or Clearance(True) not in legal or Clearance(False) not in legal:
        return ""
    try:
        trial = game.copy(determinize=game.actor, seed=0)
        events = trial.apply(Clearance(True))
    except Exception:  # refused, or a card's rule failing: nothing to say
        return ""
    crash = next((e for e in events if e.kind == "collision"), None)
    return "" if crash is None else str(crash)
