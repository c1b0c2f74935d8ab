"""The board's entries of Load/Unload: Porters at the Office ([L2]) and Laborers at a facility."""

from __future__ import annotations

from stationmaster.intents import Board, Detrain, Work

from .ui_entry import IntentUI, click, press
from .names import BOX_WORDS, capital, place_name, train_label, train_name


#: the Office's boxes a Porter's click on the Office uses ([L2]): green boards, red detrains
PORTER_BOX = {"board": "green", "detrain": "red"}


class PorterUI(IntentUI):
    """A Porter boards or detrains passengers at the Office ([L2])."""

    style = "info"
    verb = ""  # its button's verb
    doing = ""  # what it does to a train, in words
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

    def say(self, state, it, seat, owner):
        car = f" (car {it.car} from the front)" if it.car is not None else ""
        return f"{self.doing} {train_name(state, it.tray)}{car}"

    def options(self, ctl, it, legal, seen):
        return [(capital(self.say(ctl.state, it, ctl.seat, None)),
                 "click the Office's green (board) or red (detrain) box, or its button", False)]


class BoardUI(PorterUI):
    intent = Board
    verb = "board"
    doing = "board passengers onto"
    mouse = "press Board"


class DetrainUI(PorterUI):
    intent = Detrain
    verb = "detrain"
    doing = "detrain passengers from"
    mouse = "press Detrain"


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
