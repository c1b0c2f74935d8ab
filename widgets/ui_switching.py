"""The board's entries of switching ([K1]-[K5]): Moves, set-outs and yard work."""

from __future__ import annotations

from stationmaster.intents import Exchange, Fly, Move, SetOut, Sort

from .ui_entry import IntentUI, cars, click, press
from .names import capital, car_words, place_name, train_name


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
        return f"set out {cars(it.count)} from the {it.end} of {train_name(state, it.tray)}"

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
        return (f"roll {cars(it.count)} off the rear of {train_name(state, it.tray)} into "
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
