"""The board's entries of the cards in hand: plays and discards."""

from __future__ import annotations

from stationmaster.cards import rules_of
from stationmaster.cards.opponent import is_opponent_card
from stationmaster.intents import Discard, Play

from .ui_entry import IntentUI, click, press, seat_of
from .names import card_name, place_name, train_label, train_name


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
        if flipped:  # (the way it was laid is the intent's: the toggle is reset once the card has gone)
            ctl.say(f"{ctl.message} (The {ctl.card_name(it.card)} fits there only "
                    f"{'turned' if it.turned else 'as printed'}, so it was laid that way.)")
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
