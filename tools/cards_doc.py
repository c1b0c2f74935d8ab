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


#: why so many, for a card whose deck row does not say (deck rows may end with it: specs.py)
FULL_HOME_WHY: dict = {
    # special trains: one card each, like X9-X12 (an Extra is one particular train) [T9]
    **{f"extra{n}": "one: an Extra is one particular train, like X9-X12; a plain Extra, so special trains stay "
                    "the exception among the deck's fourteen Extras [T9]" for n in range(17, 22)},
    "extra13": "one: a through freight that delivers but never collects [T1], [T9]",
    "extra14": "one: the no-switching passenger train worked at Terminals only [T2], [T3]",
    "extra15": "one: a no-switching freight no Porter works [T2], [T4]",
    "extra16": "one: the Director's business car, no switching, no passengers [T2], [T4]",
    "extra22": "one: empties only, at make-up and on the way [T6]",
    **{f"train{n}_full": f"one, the deck's Train {n} (id T{n}) in place of the classic card: "
                         + ("coaches and one express boxcar, one freight car a Day at a spot with its sister "
                            "[T7]" if n in (3, 4) else "hoppers and a rider coach it never sets out [T8]")
       for n in (3, 4, 7, 8)},
    # enhancements ([E1]): the four everyday ones share 28 cards, about one draw in eight, so they are a
    # steady choice beside track and industries, and seven of each is more than the Offices at the
    # largest table, so a player who wants one for their Office finds it in a long game
    "yard_lights": "seven, as each everyday enhancement: a Move more at five night Stages of twelve is a "
                   "modest edge, so the lights are common enough to be drawn when wanted, not collected [E2]",
    "lunch_counter": "seven: one for each Office at a six-player table and one to spare; its Revenue comes "
                     "only with passenger work, so it is worth most to the Offices that have grown [E3]",
    "gantry_crane": "seven against twenty freight facilities: about one industry in three can have a crane, "
                    "so a player chooses which industry to push [E4]",
    "siding_extension": "seven: the strongest everyday enhancement (it saves collisions), beside the four "
                        "Terminals and three Yard Offices that also relieve a full Office; findable, but the "
                        "A/D limit stays the rule [E5]",
    "facing_point_locks": "four against the three cards they stop (Derail ×2, Vandalism ×1): enough that a "
                          "careful player finds one, too few for every Area, so an attack stays a gamble "
                          "rather than a sure loss or a sure waste [E7]",
    "water_column": "four against the two Hotboxes: as for the locks, a defence a player may find but nobody "
                    "can count on holding [E8]",
    "overpass": "three against four Railroad Crossings: it stops them and clears those already laid, the "
                "strongest defence, so the fewest copies [E9]",
    # the opponent-directed cards: v0.4.5 §6.2 counts 10 action and 12 space-use cards; Competitive only [O1]
    "derail": "two: the strongest train attack (no switching, no departure for two Stages), so a rare blow; "
              "Facing Point Locks answer it [O4]",
    "hotbox": "two, answered by the Water Column: a held train costs its player a Stage or two of work, a "
              "nuisance that two players in a game meet once or twice [O4]",
    "broken_coupler": "two: the train still runs, so it is the mildest train attack, timed against a player "
                      "about to switch [O4]",
    "outlawed": "one: it holds a train up to a whole shift (three Stages) under the Hours of Service law, so "
                "a single copy keeps it a surprise, not a plan [O4]",
    "vandalism": "one: it undoes a player's stocked loads at one facility, so one copy in 213 cards [O7]",
    "icc_fine": "one: 3 Revenue is more than a Stage's work in the early Days, so the biggest score penalty "
                "is rare [O7]",
    "freight_claim": "one: the smaller score penalty, 2 Revenue [O7]",
    "railroad_crossing": "four, answered by the Overpass: a Move lost each time a train crosses it, and only "
                         "for the rest of the Day, so a mild card that may be common [O8]",
    "right_of_way": "four: it only blocks building on one spot for a Day, so a mild card that may be "
                    "common [O9]",
    "washout": "four, like the other space cards: it closes one card for the rest of the Day, but it may "
               "not be laid under a train, so the player sees it coming and keeps a way round [O10]",
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

#: the parts of the full Home Office deck, in dealing order (specs.py), each with its heading
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
    more = [(e.name, e.kind, e.count, full[e.key].count) for e in classic.home
            if e.key in full and full[e.key].count != e.count]
    out += ["The classic cards, with more copies of the ones a bigger table builds with (one of each "
            "timetabled train and Extra, as ever):", "",
            *_table(("card", "kind", "classic", "full"), more, (2, 3)), ""]
    added = [e for e in full.home if e.key not in classic]
    rows = [(e.name, e.kind, e.count, e.why or FULL_HOME_WHY.get(e.key, "")) for e in added]
    out += [f"The {sum(e.count for e in added)} cards the classic deck lacks, played from the hand like any other:", "",
            *_table(("card", "kind", "copies", "why so many"), rows, (2,)), "", _pictures(added)]
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
