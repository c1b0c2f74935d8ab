"""The board's entries of the Local Operations options ([O1]): Switch, Draw, the Freight Agent."""

from __future__ import annotations

from stationmaster.intents import Agent, Draw, Switch
from stationmaster.query import trains_in_area

from .ui_entry import IntentUI, click, press
from .names import BOX_WORDS, capital, place_name


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
