"""Things on the table as a player names them (a card, a train, a spot, cars). No ipywidgets here.

Read by the words of intents (``widgets.intent_ui``, ``widgets.words``), the prompts and the
buttons; below them all, so that each can import it.
"""

from __future__ import annotations

from stationmaster.cards import PIECES
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


def train_label(state, tray: int) -> str:
    """'train 5 (tray 2)', or 'Crew Tray 2' when the tray is empty (a button or a selection)."""
    t = state.trains.get(tray)
    return f"train {t.label} (tray {tray})" if t else f"Crew Tray {tray}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]
