"""What each intent class means at the board, in one place. No ipywidgets here.

One entry per intent class, registered as intent classes register their verbs: a subclass of
``IntentUI`` that names its ``intent`` class is the board's entry for it, and ``ui_of(it)`` finds
the entry of an intent's class (or of its nearest base; an intent class without an entry is made by
the press of its own text). An entry says

- ``gestures``: the clicks and presses that make the intent, read from the intent's fields and its
  card's rules, never from the phase (the controller matches the clicks so far against them, so
  the rules of *when* an intent is allowed live only in the engine);
- ``label`` and ``style_of``: its button; ``board_word``: how a message names an intent a button
  alone makes ("Agent pass", "Hold");
- ``say``: the intent as what a player does ("draw from the Home Office");
- ``mouse_of``: what a player clicks for it, for an engine reason that quotes its text;
- ``hint``: its part of the prompt while it is on offer;
- ``options``: its rows of "What can I do?"; ``menu``: the buttons it shows while its decision is
  chosen (legal or not: a greyed button says the engine's reason);
- ``near``: the intents a click on a target could mean (legal or not): a refused click says the
  engine's reason for the first (``widgets.refusals``).

A new intent class is one subclass of ``IntentUI``, here or in a module of its own.
"""

from __future__ import annotations

from stationmaster import explain
from stationmaster.cards import rules_of
from stationmaster.cards.opponent import is_opponent_card, player_named
from stationmaster.decisions import pending_train
from stationmaster.intents import (
    Agent, Board, Clearance, Detrain, Discard, Draw, End, Exchange, Fly, Grade, Intent, Move, Place, Play, Run, SetOut,
    Sort, Switch, Work,
)
from stationmaster.query import trains_in_area

from .names import BOX_WORDS, capital, car_words, card_name, place_name, train_label, train_name

#: the board's entry of each intent class that has one, by class
BY_CLASS: dict = {}


def click(*target) -> tuple:
    return ("click", tuple(target))


def press(intent) -> tuple:
    return ("press", str(intent))


def ui_of(it) -> "IntentUI":
    """The board's entry for an intent (of its class, or of the nearest base class that has one)."""
    for cls in type(it).__mro__:
        entry = BY_CLASS.get(cls)
        if entry is not None:
            return entry
    return DEFAULT


def seat_of(state, name: str):
    """The seat of the player an intent names (None: no such player; the engine says why)."""
    p = player_named(state, name)
    return None if p is None else state.players[p].seat


def _cars(n: int) -> str:
    return f"{n} car{'s' if n != 1 else ''}"


class IntentUI:
    """The board's entry for one intent class (``intent``); the defaults suit an intent a button
    alone makes."""

    #: the intent class this entry is about (None: no entry of its own, as this base)
    intent: type | None = None
    #: its button's style: "" | "primary" | "success" | "warning" | "danger" | "info"
    style = ""
    #: what a player clicks for it, said in an engine reason that quotes its text
    mouse = "use the buttons above the board"
    #: its part of the prompt while it is on offer ("" for none)
    hint = ""
    #: a train or facility selected, its legal intents made by a press next are its buttons
    button_after_selection = False
    #: every legal intent of it has a button while no train is selected (the Porters')
    always_shown = False

    def __init_subclass__(cls, **kw) -> None:
        super().__init_subclass__(**kw)
        it = cls.__dict__.get("intent")
        if it is None:
            return
        if not (isinstance(it, type) and issubclass(it, Intent)):
            raise TypeError(f"{cls.__name__}.intent must be an intent class, not {it!r}")
        if it in BY_CLASS:
            raise ValueError(f"{it.__name__} has a board entry already: {type(BY_CLASS[it]).__name__}")
        BY_CLASS[it] = cls()

    def gestures(self, state, seat: int, it) -> list:
        """The gestures (tuples of steps) that make ``it`` for the player at ``seat``, usual one first."""
        return [(press(it),)]

    def label(self, state, it) -> str:
        return capital(str(it))

    def style_of(self, it) -> str:
        return self.style

    def board_word(self, state, it) -> str | None:
        """Its button's words when a button alone makes it, else None (then it is said, ``say``)."""
        return None

    def say(self, state, it, seat, owner) -> str:
        return str(it)

    def mouse_of(self, it) -> str:
        return self.mouse

    def hint_of(self, it) -> str:
        return self.hint

    def options(self, ctl, it, legal, seen: set) -> list:
        """``[(what, how, last), ...]``: its rows of "What can I do?" (``last``: a do-nothing one,
        listed at the end); ``seen`` is shared by the rows of one answer (to say a group once)."""
        return [(capital(self.say(ctl.state, it, ctl.seat, None)), f"press {self.label(ctl.state, it)}", False)]

    def menu(self, ctl, legal, pressed) -> list:
        """The intents whose buttons it shows while its decision is being chosen, legal or not."""
        return []

    def warning(self, ctl, it) -> str | None:
        """Why its legal button is greyed all the same (it would waste the turn), or None."""
        return None

    def near(self, ctl, target) -> list:
        """The intents of this class a click on ``target`` could mean now, legal or not."""
        return []

    #: a click that completes one of its gestures selects what was clicked (highlighted as an
    #: option to select, not as a target)
    selects = False

    def offered(self, ctl, it, target) -> bool:
        """Whether a click on ``target`` offers ``it`` now (highlighted, and read as it): True but
        for a click that would waste the turn."""
        return True

    def choose(self, ctl, it, seq) -> bool | None:
        """The clicks ``seq`` made ``it``: None to apply it (``Controller.apply``), else the result
        of its own way of being made (what it applied and said)."""
        return None


DEFAULT = IntentUI()


# --------------------------------------------------------------------------- Local Operations options


class SwitchUI(IntentUI):
    intent = Switch
    style = "primary"
    mouse = "press Switch"
    hint = "Switch (or click one of your trains)"

    def gestures(self, state, seat, it):  # a click on one of the player's trains chooses Switch and selects it
        return [(press(it),)] + [(click("tray", t.tray),) for t in trains_in_area(state, seat)]

    def board_word(self, state, it):
        return "Switch"

    def say(self, state, it, seat, owner):
        return "switch this Stage"

    def options(self, ctl, it, legal, seen):
        if ctl.switch_problem():
            return []
        trains = ", ".join(ctl.train_label(t) for t in sorted(ctl.movable_after_switch()))
        return [(f"Switch with your trains ({trains} can move)", "click a highlighted train, or press Switch", False)]

    def menu(self, ctl, legal, pressed):
        return [Switch()]

    def warning(self, ctl, it):
        return ctl.switch_problem()

    selects = True  # a click on a train chooses Switch and selects the train

    def offered(self, ctl, it, target):  # only the trains that could move once Switch is chosen
        return target[1] in ctl.movable_after_switch()

    def choose(self, ctl, it, seq):
        """A click on one of the player's trains while Switch may be chosen: choose it and keep the
        train selected, unless no train, or not this one, could move after it."""
        if seq[0][1][0] != "tray":
            return None
        tray = seq[0][1][1]
        label = ctl.train_label(tray)
        problem = ctl.switch_problem()
        if problem:
            ctl.say(f"{problem} Draw instead, or click a facility for the Freight Agent.", error=True)
            return False
        movable = ctl.movable_after_switch()
        if tray not in movable:
            others = ", ".join(ctl.train_label(t) for t in sorted(movable))
            ctl.say(f"{capital(label)} cannot make a Move or set out cars this Stage; "
                    f"{others} can: click it to switch with it.", error=True)
            return False
        if ctl.apply(it, seq):
            ctl.say(f"You switch this Stage. {capital(label)} is selected: click a "
                    "highlighted spot to move it, or set out cars.")
            return True
        return False


class DrawUI(IntentUI):
    intent = Draw
    mouse = "click the Home Office or a Department"
    hint = "Draw (click the Home Office or a Department)"

    def gestures(self, state, seat, it):
        return [(click("home"),) if it.source == "home" else (click("dept", it.source),)]

    def label(self, state, it):
        return "Draw home" if it.source == "home" else f"Take Dept {it.source}"

    def style_of(self, it):
        return "primary" if it.source == "home" else ""

    def say(self, state, it, seat, owner):
        return "draw from the Home Office" if it.source == "home" else f"take the top card of Department {it.source}"

    def options(self, ctl, it, legal, seen):
        if it.source == "home":
            return [("Draw a card from the Home Office", "click the Home Office deck", False)]
        top = ctl.state.departments[it.source - 1][-1]
        return [(f"Take the {ctl.card_name(top)} from Department {it.source}", f"click Department {it.source}",
                 False)]

    def menu(self, ctl, legal, pressed):
        return [Draw("home"), Draw(1), Draw(2), Draw(3)]

    def near(self, ctl, target):
        if target[0] == "home":
            return [Draw("home")]
        return [Draw(target[1])] if target[0] == "dept" else []


#: the box a Freight Agent's action works ([A1]): stock fills the green box, clear empties the red
#: one; unjam frees the box it names
AGENT_BOX = {"stock": "green", "clear": "red"}


class AgentUI(IntentUI):
    intent = Agent

    def gestures(self, state, seat, it):
        if it.at is None:  # pass
            return [(press(it),)]
        box = AGENT_BOX.get(it.action, it.box)  # the box the Freight Agent works: one click there
        return [(click("box", seat, *it.at, box),), (click("spot", seat, *it.at), press(it))]

    def label(self, state, it):
        return {"stock": "Agent: stock", "clear": "Agent: clear red box", "pass": "Agent pass"}.get(
            it.action, f"Agent: unjam {it.box}")

    def style_of(self, it):
        return "warning" if it.action == "pass" else ""

    def board_word(self, state, it):
        return "Agent pass" if it.action == "pass" else None

    def say(self, state, it, seat, owner):
        if it.action == "pass":
            return "pass (the Freight Agent does nothing this Stage)"
        where = place_name(state, seat, it.at, owner)
        if it.action == "stock":
            return f"Freight Agent: stock a box at {where}"
        if it.action == "clear":
            return f"Freight Agent: clear a red box at {where}"
        return f"Freight Agent: unjam {BOX_WORDS.get(it.box, it.box)} at {where}"

    def mouse_of(self, it):
        return "press Agent pass" if it.action == "pass" else "click the facility, then an Agent button"

    def hint_of(self, it):
        return "" if it.at is None else "click a facility for a Freight Agent action"

    def options(self, ctl, it, legal, seen):
        if it.action == "pass":
            return [("Let the Freight Agent pass (nothing else this Stage)", "press Agent pass", True)]
        words = capital(self.say(ctl.state, it, ctl.seat, None))
        return [(words, f"click {place_name(ctl.state, ctl.seat, it.at)}'s boxes, then the Agent button", False)]

    def menu(self, ctl, legal, pressed):
        return [it for it in pressed if isinstance(it, Agent) and it.at is not None] + [Agent("pass")]

    def near(self, ctl, target):  # the Freight Agent's action on the box clicked, or a stock of the facility
        if target[0] not in ("spot", "box") or tuple(target[2:4]) not in ctl.state.areas[ctl.seat].facilities:
            return []
        xy = tuple(target[2:4])
        return [Agent("clear", xy)] if target[0] == "box" and target[4] == "red" else [Agent("stock", xy)]


# --------------------------------------------------------------------------- switching ([K1]-[K5])


class MoveUI(IntentUI):
    intent = Move
    mouse = "click the train, then a highlighted spot"

    def gestures(self, state, seat, it):  # a spot reached both ways: the click goes on the train's way
        # (gestures.prefer), the other way is its button once the train is selected
        return [(click("tray", it.tray), click("spot", seat, *it.to)), (click("tray", it.tray), press(it))]

    def say(self, state, it, seat, owner):
        return f"move {train_name(state, it.tray)} {it.direction} to {place_name(state, seat, it.to, owner)}"

    def options(self, ctl, it, legal, seen):
        if ("move", it.tray) in seen:
            return []
        seen.add(("move", it.tray))
        n = len({m.to for m in legal if isinstance(m, Move) and m.tray == it.tray})
        return [(f"Move {ctl.train_label(it.tray)} ({n} spot{'s' if n != 1 else ''} in reach)",
                 "click the train, then a highlighted spot", False)]


class SetOutUI(IntentUI):
    intent = SetOut
    style = "info"
    button_after_selection = True
    mouse = "press a Set out button"

    def gestures(self, state, seat, it):
        return [(click("tray", it.tray), press(it))]

    def label(self, state, it):
        return f"Set out {it.end} {it.count}"

    def say(self, state, it, seat, owner):
        return f"set out {_cars(it.count)} from the {it.end} of {train_name(state, it.tray)}"

    def options(self, ctl, it, legal, seen):
        words = capital(self.say(ctl.state, it, ctl.seat, None))
        return [(words, f"click {ctl.train_label(it.tray)}, then its Set out button", False)]


class YardUI(IntentUI):
    """Yard work ([K3]-[K5]): one Move of a train on a yard card, made with its own buttons."""

    #: "What can I do?": the yard work, and the buttons that make it
    offer = ""
    buttons = ""

    def options(self, ctl, it, legal, seen):  # said once per train and kind of yard work
        if (type(it), it.tray) in seen:
            return []
        seen.add((type(it), it.tray))
        train = ctl.train_label(it.tray)
        return [(self.offer.format(train=train), f"click {train}, then {self.buttons}", False)]


class SortUI(YardUI):
    intent = Sort
    mouse = "click the train on the Small Yard, then its Sort buttons, car by car"
    hint = "sort its cars with the Sort buttons (one Move)"
    offer = "Sort {train}'s cars on the Small Yard (one Move)"
    buttons = "its Sort buttons, car by car from the front"

    def gestures(self, state, seat, it):  # the cars chosen from the front, the last follows by itself ([K3])
        return [(click("tray", it.tray),) + tuple(("press", f"ui:sort {c}") for c in it.cars[:-1])]

    def say(self, state, it, seat, owner):
        return f"sort {train_name(state, it.tray)} on the Small Yard: {car_words(it.cars)}, from the front"


class FlyUI(YardUI):
    intent = Fly
    mouse = "click the train on the Flying Switch, then its Fly button"
    hint = "roll cars into an industry with a Fly button (one Move)"
    offer = "Roll cars off {train}'s rear into an industry (a flying switch, one Move)"
    buttons = "a Fly button"

    def gestures(self, state, seat, it):
        return [(click("tray", it.tray), press(it))]

    def say(self, state, it, seat, owner):
        return (f"roll {_cars(it.count)} off the rear of {train_name(state, it.tray)} into "
                f"{place_name(state, seat, it.to, owner)} (a flying switch)")


class ExchangeUI(YardUI):
    intent = Exchange
    mouse = "click the train on the Interchange, then its Leave and Take buttons and Exchange"
    hint = "leave and take cars with the Leave, Take and Exchange buttons (one Move)"
    offer = "Leave and take cars at the Interchange with {train} (one Move)"
    buttons = "its Leave and Take buttons, then Exchange"

    def gestures(self, state, seat, it):  # the cars toggled, then Exchange ([K5])
        cars = sorted(set(it.leave) | set(it.take))
        return [(click("tray", it.tray),) + tuple(("press", f"ui:swap {c}") for c in cars) + (press(it),)]

    def say(self, state, it, seat, owner):
        said = ([f"leave {car_words(it.leave)}"] if it.leave else []) + ([f"take {car_words(it.take)}"] if it.take else [])
        return f"at the Interchange, {train_name(state, it.tray)}: {' and '.join(said)}"


class EndUI(IntentUI):
    intent = End
    style = "warning"
    mouse = "press the End button"

    def label(self, state, it):
        return explain.end_label(state)

    def board_word(self, state, it):
        return explain.end_label(state)

    def say(self, state, it, seat, owner):  # what it finishes is the engine's to say
        return explain.end_words(state)

    def options(self, ctl, it, legal, seen):
        return [(capital(explain.end_words(ctl.state)), f"press {explain.end_label(ctl.state)}", True)]


# --------------------------------------------------------------------------- cards


class PlayUI(IntentUI):
    intent = Play
    style = "success"
    mouse = "click the card, then a highlighted spot"

    def gestures(self, state, seat, it):
        card = click("hand", it.card)
        if it.against is not None:  # on an opponent ([O2]): their train, spot or name plate
            victim = seat_of(state, it.against)
            if victim is None:
                return [(card, press(it))]
            if it.at is not None:
                return [(card, click("spot", victim, *it.at))]
            return [(card, click("player", victim)), (card, press(it))]
        if it.tray is not None:
            if is_opponent_card(state, it.card):  # an opponent's train, clicked
                return [(card, click("tray", it.tray))]
            return [(card, press(it))]  # a train order: the button of its train ([M17])
        if it.mainline is not None:
            return [(card, press(it))]  # the button of its Division card ([M19])
        if it.at is None:
            out = [(card, press(it))]
            player = next((i for i, p in enumerate(state.players) if p.seat == seat), None)
            spot = rules_of(state, it.card).play_spot(state, player) if player is not None else None
            if spot is not None:  # an upgrade: a click on the Office it replaces
                out.insert(0, (card, click("spot", seat, *spot)))
            return out
        steps = (card, click("spot", seat, *it.at))
        if it.serves is not None:  # a modifier beside several facilities: then the one it serves
            steps += (click("spot", seat, *it.serves),)
        return [steps]

    def label(self, state, it):
        name = card_name(state, it.card)
        if it.against is not None and it.at is None:  # on a player ([O2])
            return f"{name}: against {it.against}"
        if it.tray is not None:
            return f"{name}: {train_label(state, it.tray)}"
        if it.mainline is not None:
            return f"{name}: {state.mainline[it.mainline - 1]}"
        return f"Play {name}"

    def say(self, state, it, seat, owner):
        name = card_name(state, it.card)
        if it.against is not None:  # [O2]
            return f"play the {name} against {it.against}" + (f" at {it.at[0]},{it.at[1]}" if it.at else "")
        if it.tray is not None:
            return f"play the {name} on {train_name(state, it.tray)}"
        if it.mainline is not None and 0 < it.mainline <= len(state.mainline):
            return f"play the {name} on {state.mainline[it.mainline - 1]}"
        if it.at is None:
            return f"play the {name}"
        if it.card in state.deck and rules_of(state, it.card).on_card:  # an enhancement, on a card of the Area ([E1])
            return f"put the {name} on {place_name(state, seat, it.at, owner)}"
        turned = " turned" if it.turned else ""
        serves = f", serving {place_name(state, seat, it.serves, owner)}" if it.serves is not None else ""
        whose = f"{owner}'s" if owner else "your"
        return f"lay the {name}{turned} in {whose} Office Area{serves}"

    def mouse_of(self, it):
        return "press its Play button" if it.at is None else self.mouse

    def choose(self, ctl, it, seq):  # laid the other way round than the Turned toggle: it says so
        flipped = it.turned != ctl.turned
        if not ctl.apply(it, seq):
            return False
        if flipped:
            ctl.say(f"{ctl.message} (The {ctl.card_name(it.card)} fits there only "
                    f"{'as printed' if ctl.turned else 'turned'}, so it was laid that way.)")
        return True

    def options(self, ctl, it, legal, seen):  # said once per card
        if ("play", it.card) in seen:
            return []
        seen.add(("play", it.card))
        mine = [p for p in legal if isinstance(p, Play) and p.card == it.card]
        name = ctl.card_name(it.card)
        spots = {p.at for p in mine if p.at is not None}
        quick = getattr(ctl, "quick_play", False) and len(mine) == 1
        if spots:
            n = len(spots)
            return [(f"Lay the {name} ({n} spot{'s' if n != 1 else ''} fit)",
                     "click the card" if quick else "click the card, then a highlighted spot", False)]
        return [(f"Play the {name}", "click the card" if quick else f"click the card, then press Play {name}", False)]


class DiscardUI(IntentUI):
    intent = Discard
    mouse = "click the card, then a Department"

    def gestures(self, state, seat, it):
        return [(click("hand", it.card), click("dept", it.dept))]

    def label(self, state, it):
        return f"Discard to Dept {it.dept}"

    def choose(self, ctl, it, seq):  # a quick discard ([quick_discard]): why the card could not be played
        if not (len(seq) == 1 and ctl.is_shortcut(it, tuple(seq))):
            return None
        why = ctl.why_nowhere(it.card)
        if not ctl.apply(it, seq):
            return False
        ctl.say(f"{ctl.message} {why} Your hand was over its limit; Undo takes it back.")
        return True

    def say(self, state, it, seat, owner):
        return f"discard the {card_name(state, it.card)} to Department {it.dept}"

    def options(self, ctl, it, legal, seen):  # said once, before the do-nothing rows
        if "discard" in seen:
            return []
        seen.add("discard")
        quick = getattr(ctl, "quick_play", False) or getattr(ctl, "quick_discard", False)
        return [("Discard a card to a Department", "click a Department, then the card" if quick else
                 "click the card, then a Department", True)]


# --------------------------------------------------------------------------- Load/Unload

#: the Office's boxes a Porter's click on the Office uses ([L2]): green boards, red detrains
PORTER_BOX = {"board": "green", "detrain": "red"}


class PorterUI(IntentUI):
    """A Porter boards or detrains passengers at the Office ([L2])."""

    style = "info"
    verb = ""
    button_after_selection = True
    always_shown = True

    def gestures(self, state, seat, it):  # the train, then the Office's box or its button
        box = click("box", seat, 0, 0, PORTER_BOX[self.verb])
        if it.car is not None:  # a chosen coach is a button ([L2])
            return [(click("tray", it.tray), press(it))]
        return [(click("tray", it.tray), box), (box,), (click("tray", it.tray), press(it))]

    def label(self, state, it):
        which = f", car {it.car}" if it.car is not None else ""  # [L2]: the player's choice of coach
        return f"{self.verb.capitalize()} {train_label(state, it.tray)}{which}"

    def options(self, ctl, it, legal, seen):
        return [(capital(self.say(ctl.state, it, ctl.seat, None)),
                 "click the Office's green (board) or red (detrain) box, or its button", False)]


class BoardUI(PorterUI):
    intent = Board
    verb = "board"
    mouse = "press Board"

    def say(self, state, it, seat, owner):
        car = f" (car {it.car} from the front)" if it.car is not None else ""
        return f"board passengers onto {train_name(state, it.tray)}{car}"


class DetrainUI(PorterUI):
    intent = Detrain
    verb = "detrain"
    mouse = "press Detrain"

    def say(self, state, it, seat, owner):
        car = f" (car {it.car} from the front)" if it.car is not None else ""
        return f"detrain passengers from {train_name(state, it.tray)}{car}"


class WorkUI(IntentUI):
    intent = Work
    style = "info"
    button_after_selection = True
    mouse = "click the facility's box"

    def gestures(self, state, seat, it):  # a Laborer: the box itself, or the facility then its button
        return [(click("box", seat, *it.at, it.box),), (click("spot", seat, *it.at), press(it))]

    def label(self, state, it):
        return f"Laborer: {it.box} box"

    def near(self, ctl, target):  # the Laborer's action on the box clicked, or the green box of the facility
        if target[0] not in ("spot", "box"):
            return []
        return [Work(tuple(target[2:4]), target[4] if target[0] == "box" else "green")]

    def say(self, state, it, seat, owner):
        return f"Laborer: work {BOX_WORDS.get(it.box, it.box)} at {place_name(state, seat, it.at, owner)}"

    def options(self, ctl, it, legal, seen):
        if (it.at, it.box) in seen:
            return []
        seen.add((it.at, it.box))
        return [(capital(self.say(ctl.state, it, ctl.seat, None)), "click that box on the facility", False)]


# --------------------------------------------------------------------------- pending decisions


class PendingUI(IntentUI):
    """An answer to a pending decision: a button; "What can I do?" says why one would take it."""

    style = "primary"

    def options(self, ctl, it, legal, seen):
        label = self.label(ctl.state, it)
        why = explain.why(ctl.game, it)
        words = capital(self.say(ctl.state, it, ctl.seat, None))
        return [(f"{label}: {why}" if why else words, f"press {label}", False)]


class ClearanceUI(PendingUI):
    intent = Clearance
    mouse = "press Clear or Hold"

    def label(self, state, it):
        tr = pending_train(state)
        train = f" train {tr.label}" if tr else ""
        return f"Clear{train}" if it.clear else f"Hold{train}"

    def style_of(self, it):
        return "success" if it.clear else "warning"

    def board_word(self, state, it):
        return "Clear" if it.clear else "Hold"

    def say(self, state, it, seat, owner):
        return "clear the following train" if it.clear else "hold the following train"


class RunUI(PendingUI):
    intent = Run
    mouse = "press Run east or Run west"

    def label(self, state, it):
        return f"Run {it.direction}"

    def say(self, state, it, seat, owner):
        return f"run the Extra {it.direction}"


class GradeUI(PendingUI):
    intent = Grade

    def label(self, state, it):
        return f"Uphill {it.direction}"

    def board_word(self, state, it):
        return f"Uphill {it.direction}"


class PlaceUI(PendingUI):
    intent = Place
    style = ""
    mouse = "press a Place button"

    def say(self, state, it, seat, owner):
        what = ("a caboose" if it.kind == "caboose" else
                f"a{'' if it.loaded else 'n'} {'loaded' if it.loaded else 'empty'} {it.kind}")
        return f"place {what} on the new train"

