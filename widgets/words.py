"""Intents and engine reasons in a mouse player's words. No ipywidgets here.

The engine speaks to scripts too: its reasons may quote intent text (``'play Shed1 at x,y'``)
and name grid spots by coordinates. A player at the board sees neither, so the board says an
intent as what was done ("draw from the Home Office", "lay the Produce Shed"), and rewrites an
engine reason's quoted intent into the click or button that makes it (``for_mouse``).
"""

from __future__ import annotations

import re

from stationmaster.cards import PIECES
from stationmaster.errors import IllegalIntent
from stationmaster.intents import (
    Agent, Board, Clearance, Detrain, Discard, Draw, End, Exchange, Fly, Grade, Move, Place, Play, Run, SetOut, Sort,
    Switch, Work, parse,
)
from stationmaster import explain
from stationmaster.cards import rules_of
from stationmaster.query import spec_of

BOX_WORDS = {"green": "its green box (start loading)", "red": "its red box", "men": "the MEN box",
             "at": "the AT box", "work": "the WORK box", "car": "the car on its spur (start unloading)"}


def card_name(state, card: str) -> str:
    try:
        return spec_of(state, card).name
    except (KeyError, ValueError):
        return card


def train_name(state, tray: int) -> str:
    t = state.trains.get(tray)
    return f"train {t.label}" if t else f"Crew Tray {tray}"


def place_name(state, seat: int | None, at, owner: str | None = None) -> str:
    """A grid spot as a player sees it: the card on it ("the Mine Tipple"), else "that spot".
    ``owner``: the name of the player whose Area it is, when that is not the player reading
    ("Bo's Office", "Bo's Mine Tipple" on Ann's board, never "your Office")."""
    if at is None or seat is None:
        return "that spot"
    area = state.areas[seat]
    if tuple(at) == (0, 0):
        return f"{owner}'s Office" if owner else "your Office"
    cell = area.grid.get(tuple(at))
    if cell is None:
        return f"an empty spot of {owner}'s Office Area" if owner else "an empty spot"
    return f"{owner}'s {card_name(state, cell.card)}" if owner else f"the {card_name(state, cell.card)}"


def car_words(cars) -> str:
    """Cars as a player sees them: "the empty hopper, the caboose" (the kind, not the id)."""
    return ", ".join(f"the {str(PIECES[c]).rsplit(' ', 1)[0]}" if c in PIECES else c for c in cars)


def say(state, intent, seat: int | None = None, owner: str | None = None) -> str:
    """An intent as what a player does, e.g. "draw from the Home Office", "move train 5 west".
    ``seat``: the Area of the player who makes it; ``owner``: that player's name when they are
    not the one reading (their places are then "Bo's Office", not "your Office")."""
    it = parse(intent)
    s = state
    if isinstance(it, Switch):
        return "switch this Stage"
    if isinstance(it, Draw):
        return "draw from the Home Office" if it.source == "home" else f"take the top card of Department {it.source}"
    if isinstance(it, Agent):
        if it.action == "pass":
            return "pass (the Freight Agent does nothing this Stage)"
        where = place_name(s, seat, it.at, owner)
        if it.action == "stock":
            return f"Freight Agent: stock a box at {where}"
        if it.action == "clear":
            return f"Freight Agent: clear a red box at {where}"
        return f"Freight Agent: unjam {BOX_WORDS.get(it.box, it.box)} at {where}"
    if isinstance(it, Move):
        return f"move {train_name(s, it.tray)} {it.direction} to {place_name(s, seat, it.to, owner)}"
    if isinstance(it, SetOut):
        cars = f"{it.count} car{'s' if it.count != 1 else ''}"
        return f"set out {cars} from the {it.end} of {train_name(s, it.tray)}"
    if isinstance(it, Sort):
        return f"sort {train_name(s, it.tray)} on the Small Yard: {car_words(it.cars)}, from the front"
    if isinstance(it, Fly):
        cars = f"{it.count} car{'s' if it.count != 1 else ''}"
        return f"roll {cars} off the rear of {train_name(s, it.tray)} into {place_name(s, seat, it.to, owner)} (a flying switch)"
    if isinstance(it, Exchange):
        said = ([f"leave {car_words(it.leave)}"] if it.leave else []) + ([f"take {car_words(it.take)}"] if it.take else [])
        return f"at the Interchange, {train_name(s, it.tray)}: {' and '.join(said)}"
    if isinstance(it, End):  # what it finishes is the engine's to say
        return explain.end_words(s)
    if isinstance(it, Play):
        name = card_name(s, it.card)
        if it.against is not None:  # [O2]
            return f"play the {name} against {it.against}" + (f" at {it.at[0]},{it.at[1]}" if it.at else "")
        if it.tray is not None:
            return f"play the {name} on {train_name(s, it.tray)}"
        if it.mainline is not None and 0 < it.mainline <= len(s.mainline):
            return f"play the {name} on {s.mainline[it.mainline - 1]}"
        if it.at is None:
            return f"play the {name}"
        if it.card in s.deck and rules_of(s, it.card).on_card:  # an enhancement, on a card of the Area ([E1])
            return f"put the {name} on {place_name(s, seat, it.at, owner)}"
        turned = " turned" if it.turned else ""
        serves = f", serving {place_name(s, seat, it.serves, owner)}" if it.serves is not None else ""
        whose = f"{owner}'s" if owner else "your"
        return f"lay the {name}{turned} in {whose} Office Area{serves}"
    if isinstance(it, Discard):
        return f"discard the {card_name(s, it.card)} to Department {it.dept}"
    if isinstance(it, (Board, Detrain)):
        verb = "board passengers onto" if isinstance(it, Board) else "detrain passengers from"
        car = f" (car {it.car} from the front)" if it.car is not None else ""
        return f"{verb} {train_name(s, it.tray)}{car}"
    if isinstance(it, Work):
        return f"Laborer: work {BOX_WORDS.get(it.box, it.box)} at {place_name(s, seat, it.at, owner)}"
    if isinstance(it, Clearance):
        return "clear the following train" if it.clear else "hold the following train"
    if isinstance(it, Place):
        what = "a caboose" if it.kind == "caboose" else f"a{'' if it.loaded else 'n'} {'loaded' if it.loaded else 'empty'} {it.kind}"
        return f"place {what} on the new train"
    if isinstance(it, Run):
        return f"run the Extra {it.direction}"
    return str(it)  # pragma: no cover - an intent class added later


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------- engine reasons

_QUOTED = re.compile(r"'([^']{1,80})'")
#: a quoted intent of these kinds becomes this hint for the mouse
_CLICK_FOR = {
    Play: "click the card, then a highlighted spot",
    Discard: "click the card, then a Department",
    Draw: "click the Home Office or a Department",
    Move: "click the train, then a highlighted spot",
    End: "press the End button",
    Switch: "press Switch",
    Clearance: "press Clear or Hold",
    Run: "press Run east or Run west",
    Place: "press a Place button",
    SetOut: "press a Set out button",
    Sort: "click the train on the Small Yard, then its Sort buttons, car by car",
    Fly: "click the train on the Flying Switch, then its Fly button",
    Exchange: "click the train on the Interchange, then its Leave and Take buttons and Exchange",
    Board: "press Board",
    Detrain: "press Detrain",
    Work: "click the facility's box",
}


def _mouse_hint(text: str) -> str | None:
    """What a player clicks for a quoted intent (or a pattern like 'play X at x,y'), or None
    when the quote is no intent."""
    probe = re.sub(r"\bx,y\b", "0,0", text)
    probe = re.sub(r"\bCARD\b", "X1", probe)
    try:
        it = parse(probe)
    except (IllegalIntent, ValueError):
        return None
    if isinstance(it, Play) and it.at is None:
        return "press its Play button"
    if isinstance(it, Agent):
        return "press Agent pass" if it.action == "pass" else "click the facility, then an Agent button"
    return _CLICK_FOR.get(type(it), "use the buttons above the board")


def for_mouse(reason: str) -> str:
    """An engine reason with quoted intent text rewritten for the mouse: "say where to play the
    Produce Shed: 'play Shed1 at x,y'" becomes "say where to play the Produce Shed: click the
    card, then a highlighted spot"."""
    if not reason:
        return reason

    def sub(m):
        hint = _mouse_hint(m.group(1))
        return hint if hint is not None else m.group(0)

    return _QUOTED.sub(sub, reason)


def quotes_intent(text: str) -> bool:
    """Whether a message still quotes intent text (what ``for_mouse`` removes)."""
    return any(_mouse_hint(m.group(1)) is not None for m in _QUOTED.finditer(text))


#: a quote in a message: in backticks (code, left alone unless it is an intent's text) or in
#: single quotes
_QUOTE_OR_CODE = re.compile(r"`([^`]{1,120})`|(?<![\w=])'([^']{1,80})'(?!\w)")


def _board_words(state, it, seat) -> str:
    """An intent made by a button alone, as its button reads ("Agent pass", "End draw", "Hold");
    any other as what the player does (``say``)."""
    if isinstance(it, Agent) and it.action == "pass":
        label = "Agent pass"
    elif isinstance(it, End):
        label = explain.end_label(state)
    elif isinstance(it, Switch):
        label = "Switch"
    elif isinstance(it, Clearance):
        label = "Clear" if it.clear else "Hold"
    elif isinstance(it, Grade):
        label = f"Uphill {it.direction}"
    else:
        return say(state, it, seat)
    return f'"{label}"'


def for_board(text: str, game) -> str:
    """A message for a player at the board (a tutorial's check, a hint): every quoted intent's
    text ("'setout 1 rear 1'", "`end`") becomes what it does on the board ("set out 1 car from the
    rear of train 11"), said of the acting player's Area; a quoted pattern ("'play X at x,y'")
    becomes its clicks (``for_mouse``). Other code in backticks (``game.why_not(...)``) is left
    as it is."""
    if not text:
        return text
    s = game.state
    p = game.players.index(game.actor) if game.actor in game.players else 0
    seat = s.players[p].seat if s.players else None

    said: list = []

    def sub(m):
        quoted = m.group(1) if m.group(1) is not None else m.group(2)
        try:
            words = _board_words(s, parse(quoted), seat)
            said.append(words)
            return words
        except (IllegalIntent, ValueError, KeyError, IndexError):
            pass
        if m.group(1) is not None:  # code that is no intent: as written
            return m.group(0)
        hint = _mouse_hint(quoted)
        return hint if hint is not None else m.group(0)

    out = _QUOTE_OR_CODE.sub(sub, text)
    for words in said:  # "take the top card of Department 2: `draw dept 2`" would say it twice
        for twice in (f"{words}: {words}", f"{words} ({words})"):
            out = re.sub(re.escape(twice), words, out, flags=re.IGNORECASE)
    return out
