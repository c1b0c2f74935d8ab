"""The board's entries of the answers to a pending decision: a clearance, an Extra's direction, a
Heavy Grade's direction, a car placed on a new train."""

from __future__ import annotations

from stationmaster import explain
from stationmaster.decisions import pending_train
from stationmaster.intents import Clearance, Grade, Place, Run

from .ui_entry import IntentUI
from .names import capital


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
