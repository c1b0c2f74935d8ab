"""Generate the card tables and pictures of docs/cards.md from the catalog.

The page's hand-written parts (how rail connects, the turnout drawings...) stay as they are; the
parts between ``<!-- cards:NAME -->`` and ``<!-- /cards:NAME -->`` are made here from
``stationmaster.cards.catalog("classic")`` and the full deck's Mainline cards, and every card's
face is drawn by the scene's SVG backend into ``docs/cards/<card type>.svg``. ``python tools/cards_doc.py`` rewrites both;
``--check`` only reports what is stale (tests/test_docs.py).
"""

from __future__ import annotations

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from stationmaster.cards import PIECES, POINTS, catalog  # noqa: E402
from stationmaster.cards.kinds import crossing_stages  # noqa: E402
from stationmaster.cards.specs import CAR_KINDS, SPEEDS  # noqa: E402
from stationmaster.view.scene.sheet import card_scene  # noqa: E402
from stationmaster.view.svg import to_svg  # noqa: E402

PAGE = ROOT / "docs" / "cards.md"
PICTURES = ROOT / "docs" / "cards"
DECK = "classic"
BLOCK = re.compile(r"(<!-- cards:(\w+) -->\n).*?(<!-- /cards:\2 -->)", re.S)


def _row(*cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _table(head: tuple, rows: list, right: tuple = ()) -> list:
    rule = ["---:" if i in right else "---" for i in range(len(head))]
    return [_row(*head), _row(*rule)] + [_row(*r) for r in rows]


def _pictures(entries) -> str:
    return " ".join(f"![{e.name}](cards/{e.key}.svg)" for e in entries)


PORTS = ("W", "NW", "SW", "E", "NE", "SE")  # west side first
PLURAL = {"coach": "coaches", "tank": "tank cars"}


def _routes(geo) -> str:
    ends = sorted(tuple(sorted(r, key=PORTS.index)) for r in geo.routes)
    return ", ".join("–".join(r) for r in sorted(ends, key=lambda r: [PORTS.index(p) for p in r]))


def _kind(cat, kind):
    return [e for e in cat if e.kind == kind]


def track(cat) -> list:
    es = _kind(cat, "track")
    rows = [(e.name, e.count, _routes(e.spec.geometry), "yes" if e.spec.operational else "no: pass-through only")
            for e in es]
    return [f"## Track cards ({sum(e.count for e in es)})", "",
            *_table(("card", "copies", "routes (as printed)", "stop on it?"), rows, (1,)), "", _pictures(es)]


def office(cat) -> list:
    es = [e for e in cat if e.kind == "office"]
    rows = []
    for e in sorted(es, key=lambda e: e.spec.tier):
        sp = e.spec
        copies = "(starting card, outside the deck)" if e.part == "supply" else e.count
        boxes = f"{sp.green} / {sp.red}" if sp.green or sp.red else "–"
        rows.append((e.name, copies, "yes" if sp.tier else "no", sp.ad_tracks, sp.porters, boxes))
    return [*_table(("Office", "copies in deck", "Control Point", "A/D tracks", "Porters",
                     "green / red coach boxes"), rows, (1, 3, 4)), "",
            _pictures(sorted(es, key=lambda e: e.spec.tier))]


def facility(cat) -> list:
    es = _kind(cat, "facility")
    rows = []
    for e in es:
        sp = e.spec
        way = 'both (a "Freight House")' if sp.green and sp.red else "outbound" if sp.green else "inbound"
        rows.append((e.name, e.count, sp.car, way, sp.laborers, sp.green or "–", sp.red or "–"))
    return [f"## Freight facilities ({sum(e.count for e in es)})", "",
            *_table(("facility", "copies", "car", "direction", "Laborers", "green", "red"), rows, (1, 4, 5, 6)),
            "", _pictures(es)]


def modifier(cat) -> list:
    es = _kind(cat, "modifier")
    rows = [(e.name, e.count, e.text) for e in es]
    return [f"## Modifiers ({sum(e.count for e in es)})", "",
            *_table(("modifier", "copies", "effect"), rows, (1,)), "", _pictures(es)]


def train(cat) -> list:
    es = _kind(cat, "train") + _kind(cat, "extra")
    rows = []
    for e in es:
        sp = e.spec
        label = f"{sp.number}" if e.kind == "train" else f"X{sp.number}"
        rows.append((label, sp.train_class, sp.direction or "its player's choice", e.text.split(". ", 1)[-1]))
    return [f"## Trains ({sum(e.count for e in es)})", "",
            *_table(("train", "class", "direction", "consist"), rows), "", _pictures(es)]


def mainline(cat) -> list:
    es = cat.mainline
    rows = [(e.name, e.text) for e in es]
    return [f"## Mainline cards ({len(es)})", "",
            *_table(("Mainline card", "what it is"), rows), "", _pictures(es)]


def full_mainline(cat) -> list:
    """The Mainline deck of deck "full": lengths and crossing times by class ([M10], [M11])."""
    es = catalog("full").mainline
    classes = sorted(set(SPEEDS.values()), reverse=True)
    names = {4: "first", 3: "second", 2: "third"}
    rows = [(e.name, e.spec.sections, *(crossing_stages(e.spec.sections, v) for v in classes),
             FEATURES.get(e.spec.rules, "")) for e in es]
    head = ("Mainline card", "sections", *(f"Stages, {names[v]} class ({v} a Stage)" for v in classes),
            "device or feature")
    plain = sum(1 for e in es if e.spec.rules == "sectioned")
    return [f"## The full game's Mainline deck ({len(es)})", "",
            *_table(head, rows, tuple(range(1, len(head) - 1))), "",
            f"**Why these counts.** {plain} plain cards and one of each device or feature: a Division is "
            "players + 1 cards, so a two-player Division of three cards holds on average one device, and a "
            "six-player one about two; one copy each means a Division never repeats a device, so each stays "
            "a landmark the table plans around, while the plain cards keep [M11]'s crossing times the rule "
            "and the devices the exceptions.", "", _pictures(es)]


#: what a Mainline card's rules class adds, for the table (rulings in rules.md)
FEATURES = {"abs": "ABS Signals [M12]", "passing": "Passing Siding [M13]", "interlocking": "Interlocking [M14]",
            "heavy_grade": "Heavy Grade [M15]"}


#: why the full deck's Home Office deck holds each card it adds to the classic one (by card type)
FULL_HOME_WHY = {
    "yard_office": "as many as the Terminals: a relief valve, not a second Office, so a freight run into a "
                   "busy Office stays a risk the Division plans around rather than one the deck always "
                   "forgives; it competes with the industries for the spots off the Running Track [M16]",
    "expedite": "one for every four timetabled trains: an order is spent with one run, so a player now and "
                "then clears a busy A/D track a Stage early, but the Division is never expedited throughout "
                "and the timetable's pace stays the rule [M17]",
    "second_section": "two: a second section doubles a train for one run and costs a Crew Tray, so it is an "
                      "event of the Day rather than a habit — with a tray per player and three more for twelve "
                      "timetabled trains, trays are the scarce thing it competes for, with the Extras behind it "
                      "[M18]",
    "block_signals": "two, against one ABS card in the Mainline deck: a Division of three or four cards can be "
                     "signalled where its players need it, but not wholesale, so following stays the "
                     "Superintendent's question on most of it [M19]",
    "interlocking_tower": "one, like the HX Interlocking: a tower is a big investment and the collision it "
                          "saves is the local player's, so one in the deck keeps a full Office a real risk "
                          "[M19]",
    "train_order_signal": "two, one use a Day each: a signal saves a full Office once and then the Day's "
                          "traffic is the player's problem again, so it softens the Interlocking-less "
                          "Divisions without replacing A/D tracks [M20]",
    "curve_left": "six of each hand, as many as the Straights and Turnouts the branches grow from: a branch "
                  "to an industry above or below the Running Track takes a curve wherever a leg has to turn "
                  "back to east–west, so curves are common plain rail rather than a prize [K1]",
    "curve_right": "six, the mirror of the Left Curve (cards are turned, never mirrored, [G4]), so either "
                   "side of the Running Track can be reached by a player who draws either hand [K1]",
    "small_yard": "five, about one for each player at a big table: the only way to reorder a train short of "
                  "a run-around, worth a Move, so most Areas can have one but it still competes for a Running "
                  "Track spot [K3]",
    "flying_switch": "five, like the Small Yard: it saves the Moves of shoving a cut into a spur and backing "
                     "out, but only where a curve already leads its leg to an industry, so it rewards a "
                     "planned layout [K4]",
    "interchange": "four, fewer than the yards: a stub that holds cars for later without the four-car "
                   "coupling limit is a strong buffer, and like the Yard Office it takes a spot off the "
                   "Running Track an industry could use [K5]",
}


def full_home(cat) -> list:
    """The cards deck "full" adds to the classic Home Office deck, each with why so many."""
    full, classic = catalog("full"), catalog("classic")
    added = [e for e in full.home if e.key not in classic]
    rows = [(e.name, e.kind, e.count, FULL_HOME_WHY[e.key]) for e in added]
    total = sum(full.kinds().values())
    return [f"## The full game's Home Office deck ({total})", "",
            f"The classic deck's {sum(classic.kinds().values())} cards and these "
            f"{sum(e.count for e in added)}, played from the hand like any other:", "",
            *_table(("card", "kind", "copies", "why so many"), rows, (2,)), "", _pictures(added)]


def deck(cat) -> list:
    rows = []
    for kind, n in cat.kinds().items():
        names = ", ".join(e.name if e.count == 1 else f"{e.name} ×{e.count}" for e in _kind(cat.home, kind))
        rows.append((kind, names, n))
    total = sum(cat.kinds().values())
    flags = [e for e in cat.supply if e.kind == "red_flag"]
    return [f"## The Home Office deck ({total})", "",
            *_table(("kind", "cards", "count"), rows, (2,)), "",
            "Outside the deck: " + "; ".join(f"{e.name} ({e.note})" for e in cat.supply) + ".", "",
            _pictures(flags)]


def stock(cat) -> list:
    rows = []
    for kind, (code, loaded_colour, empty_colour) in CAR_KINDS.items():
        ids = sorted((p for p in PIECES.values() if p.kind == kind), key=lambda p: (not p.loaded, len(p.id), p.id))
        loaded = [p.id for p in ids if p.loaded or kind == "caboose"]
        empty = [p.id for p in ids if not p.loaded and kind != "caboose"]
        span = ", ".join(f"`{g[0]}`–`{g[-1]}`" for g in (loaded, empty) if g)
        colours = loaded_colour if kind == "caboose" else f"{loaded_colour} / {empty_colour}"
        rows.append((f"{PLURAL.get(kind, kind + 's')} ({colours})", len(loaded), len(empty) or "–", span))
    return _table((f"rolling stock ({len(PIECES)})", "loaded", "empty", "ids"), rows, (1, 2))


def points(cat) -> list:
    rows = [(f"`{p.name}`", p.combine, " + ".join(p.scope), f"`{p.args}`", p.doc,
             f"`{p.fired_by}`" if p.fired_by else "not yet (no card uses it)")
            for p in POINTS.values()]
    return _table(("rule point", "answers combine", "cards asked", "arguments", "meaning", "fired by"), rows)


BLOCKS = {f.__name__: f for f in (track, office, facility, modifier, train, mainline, full_mainline, full_home, deck,
                                   stock,
                                   points)}


def render(text: str) -> str:
    cat = catalog(DECK)

    def block(m):
        name = m.group(2)
        if name not in BLOCKS:
            raise ValueError(f"docs/cards.md has a block {name!r} this tool does not make")
        return m.group(1) + "\n".join(BLOCKS[name](cat)) + "\n" + m.group(3)
    return BLOCK.sub(block, text)


def pictures() -> dict:
    """File name -> SVG text for every card of the deck, its Mainline and its supply."""
    full = catalog("full")
    extra = [e for e in full.home if e.key not in catalog(DECK)]
    entries = list(catalog(DECK)) + list(full.mainline) + extra
    return {f"{e.key}.svg": to_svg(card_scene(e.spec), tooltips=False, label=f"{e.name} card") + "\n"
            for e in entries}


def problems() -> list:
    out = []
    text = PAGE.read_text()
    missing = sorted(set(BLOCKS) - set(m.group(2) for m in BLOCK.finditer(text)))
    if missing:
        out.append(f"docs/cards.md lacks the blocks {', '.join(missing)}")
    if render(text) != text:
        out.append("docs/cards.md is out of date: run python tools/cards_doc.py")
    want = pictures()
    have = {p.name for p in PICTURES.glob("*.svg")} if PICTURES.exists() else set()
    stale = sorted(n for n, svg in want.items() if n not in have or (PICTURES / n).read_text() != svg)
    extra = sorted(have - set(want))
    unseen = sorted(n for n in want if f"](cards/{n})" not in text)
    if unseen:
        out.append(f"docs/cards.md shows no picture of {', '.join(unseen)}: put them in a block")
    if stale:
        out.append(f"docs/cards/ has missing or stale pictures ({', '.join(stale)}): run python tools/cards_doc.py")
    if extra:
        out.append(f"docs/cards/ has pictures of no card ({', '.join(extra)}): run python tools/cards_doc.py")
    return out


def write() -> None:
    PAGE.write_text(render(PAGE.read_text()))
    PICTURES.mkdir(exist_ok=True)
    want = pictures()
    for old in PICTURES.glob("*.svg"):
        if old.name not in want:
            old.unlink()
    for n, svg in want.items():
        if not (PICTURES / n).exists() or (PICTURES / n).read_text() != svg:
            (PICTURES / n).write_text(svg)


if __name__ == "__main__":
    if "--check" in sys.argv:
        bad = problems()
        print("\n".join(bad) or "docs/cards.md is up to date")
        sys.exit(1 if bad else 0)
    write()
    print("\n".join(problems()) or "docs/cards.md is up to date")
