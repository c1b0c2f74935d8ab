"""Sizes, short labels and text fitting. Text width is estimated, not measured, so that every
renderer lays the board out the same way."""

from __future__ import annotations

from contextvars import ContextVar

#: the smallest text size and the smallest click target (short side) of the scene being built, in
#: scene pixels: 0 for the table drawn as it is (SVG, the old layout); the room layout, drawn at
#: about 1:1 on screen, sets 10 and 18 (issue 15: no text a player reads under 10 px, no target
#: under 18 px). Text is laid out (``fit``, ``wrap``, ``text_width``) at the size it is drawn.
TEXT_FLOOR: ContextVar = ContextVar("text_floor", default=0.0)
TARGET_FLOOR: ContextVar = ContextVar("target_floor", default=0.0)


def floor(size: float) -> float:
    """A text size as drawn: never below the scene's text floor."""
    f = TEXT_FLOOR.get()
    return size if size >= f else f

#: the outer margin, and the table width for one to four players (each further seat adds 230)
MARGIN = 16
WIDTH = 1240
#: the smallest text of the compact card row (9 px on screen with the table shown at 65 %)
COMPACT_TEXT = 14

#: short names that fit on a grid card or a train tray (the phase track's: decisions.PHASE_SHORT)
GRID_NAMES = {
    "mine_tipple": "Tipple", "produce_shed": "Produce", "grocers_warehouse": "Grocer", "oil_refinery": "Refinery",
    "power_plant": "Power Plant", "team_track": "Team Track", "loading_dock": "Loading Dock",
    "storage_shed": "Storage Shed", "extra_platform": "Extra Platform", "section_gang": "Section Gang",
    "whistle_post": "W.POST", "depot": "DEPOT", "station": "STATION", "terminal": "TERMINAL",
}  # (an enhancement's tab says its rules' ``short``, [E1])
CLASS_SHORT = {
    "Limited": "Limited", "Mail-Express": "Mail-Exp", "Manifest Freight": "Manifest",
    "Coal Drag": "Coal Drag", "Oil Train": "Oil", "Way Freight": "Way Frt", "Extra": "Extra",
    # the full deck's special Extras ([T1]-[T6])
    "Through Freight": "Thru Frt", "Crack Limited": "Crack Ltd", "Business Car": "Bus. Car",
    "Empty Car Extra": "Empties",
}
KIND_LETTER = {"coach": "C", "boxcar": "B", "hopper": "H", "reefer": "R", "tank": "T", "caboose": "K"}


def car_letter(kind: str, loaded: bool) -> str:
    """The letter a car wears on the board: its kind's, capital when loaded (and on a caboose),
    small on an empty (white) car, so that cars are told apart by more than colour."""
    letter = KIND_LETTER[kind]
    return letter if loaded or kind == "caboose" else letter.lower()

CAR_ORDER = ("coach", "boxcar", "hopper", "reefer", "tank", "caboose")
CLOCK_SHORT = ("12 AM", "2 AM", "4 AM", "6 AM", "8 AM", "10 AM", "Noon", "2 PM", "4 PM", "6 PM", "8 PM", "10 PM")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A rough width of sans-serif text (for layout only)."""
    size = floor(size)
    return len(text) * size * (0.62 if bold else 0.56)


def wrap(text: str, width: float, size: float, lines: int) -> list:
    size = floor(size)
    per = max(4, int(width / (size * 0.52)))
    out, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > per:
            out.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        out.append(cur)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][: per - 1].rstrip(" ,.;") + "…"
    return out


def money(v: int) -> str:
    """Revenue is counted in points, not dollars."""
    return f"{v} Rev" if v >= 0 else f"−{-v} Rev"


def fit(text: str, width: float, size: float, bold: bool = False) -> str:
    """Cut text to fit a width, with an ellipsis."""
    size = floor(size)
    if text_width(text, size, bold) <= width:
        return text
    n = max(1, int(width / (size * (0.6 if bold else 0.55))) - 1)
    return text[:n].rstrip() + "…"
