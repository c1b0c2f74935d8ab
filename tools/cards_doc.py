"""Generate the card tables and pictures of docs/cards.md from the catalog.

The page's hand-written parts (how rail connects, the turnout drawings...) stay as they are; the
parts between ``<!-- cards:NAME -->`` and ``<!-- /cards:NAME -->`` are made here from
``stationmaster.cards.catalog("classic")`` and the full deck's Mainline cards, and every card's
face is drawn by the scene's SVG backend into ``docs/cards/<card type>.svg``. ``python tools/cards_doc.py`` rewrites both;
``--check`` only reports what is stale (tests/project/test_docs.py).
"""

from __future__ import annotations

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from stationmaster.cards import CLASSIC_PIECES, POINTS, catalog  # noqa: E402
from stationmaster.cards.kinds import crossing_stages  # noqa: E402
from stationmaster.cards.specs import CAR_KINDS, SEAT_BANDS, SPEEDS  # noqa: E402
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


#: the parts of the full Home Office deck, in dealing order (the families' rows, cards/families.py), each with its heading
FULL_PARTS = (
    ("FULL_CLASSIC", "classic cards"), ("MAINLINE_SIDE", "Mainline-side cards"),
    ("SPECIAL_TRAINS", "special trains"), ("LOCAL_TRACK", "local track"), ("ENHANCEMENTS", "enhancements"),
    ("OPPONENT_CARDS", "opponent-directed cards"),
)


def full_home(cat) -> list:
    """The full Home Office deck by part: the classic cards' copies, then every card the classic deck
    lacks, each with why so many."""
    from stationmaster.cards import specs as sp

    full, classic = catalog("full"), catalog("classic")
    total = sum(full.kinds().values())
    parts = [(title, getattr(sp, name)) for name, title in FULL_PARTS]
    out = [f"## The full game's Home Office deck ({total})", "",
           *_table(("part", "cards", "card types"),
                   [(title, sum(n for _, n, *_ in rows), len(rows)) for title, rows in parts], (1, 2)), ""]
    bands = [name for _, name in SEAT_BANDS]
    more = [(e.name, e.kind, e.count, *full[e.key].table) for e in classic.home
            if e.key in full and full[e.key].count != e.count]
    out += ["The classic cards, with more copies of the ones a bigger table builds with (one of each "
            "timetabled train and Extra, as ever), and the copies each table is dealt ([U3]):", "",
            *_table(("card", "kind", "classic", *(f"full, {b}" for b in bands)), more, (2, 3, 4, 5)), ""]
    added = [e for e in full.home if e.key not in classic]
    rows = [(e.name, e.kind, *e.table, e.why) for e in added]
    out += [f"The {sum(e.count for e in added)} cards the classic deck lacks, played from the hand like any other "
            "(copies at each table, [U3]; why so many: at five or six seats, the whole deck):", "",
            *_table(("card", "kind", *bands, "why so many"), rows, (2, 3, 4)), ""]
    dealt = [("Solitaire, Co-op", *(len(full.ids("coop", seats=most)) for most, _ in SEAT_BANDS)),
             ("Competitive", *(len(full.ids("competitive", seats=most)) for most, _ in SEAT_BANDS))]
    out += ['The Home Office deck each table is dealt (`balance="v2"`; `"v1"` deals the whole deck at any table):',
            "", *_table(("mode", *bands), dealt, (1, 2, 3)), "", _pictures(added)]
    return out


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
    """The classic set's rolling stock (a larger table's extra stock, ruling [U2], is in docs/rules.md)."""
    rows = []
    for kind, (code, loaded_colour, empty_colour) in CAR_KINDS.items():
        ids = sorted((p for p in CLASSIC_PIECES.values() if p.kind == kind), key=lambda p: (not p.loaded, len(p.id), p.id))
        loaded = [p.id for p in ids if p.loaded or kind == "caboose"]
        empty = [p.id for p in ids if not p.loaded and kind != "caboose"]
        span = ", ".join(f"`{g[0]}`–`{g[-1]}`" for g in (loaded, empty) if g)
        colours = loaded_colour if kind == "caboose" else f"{loaded_colour} / {empty_colour}"
        rows.append((f"{PLURAL.get(kind, kind + 's')} ({colours})", len(loaded), len(empty) or "–", span))
    return _table((f"rolling stock ({len(CLASSIC_PIECES)})", "loaded", "empty", "ids"), rows, (1, 2))


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
