"""The classic components of v0.2 §12 exactly, and the card geometry of docs/cards.md (G3, G4)."""

from collections import Counter

from stationmaster.cards import CARD_SPECS, CLASSIC_PIECES, MAINLINE_CARDS, PIECES, classic_deck
from stationmaster.track import EAST_SIDE, WEST_SIDE, Geometry


def test_home_office_deck_is_the_52_cards_of_v02():
    """v0.2 §12.1: 12 timetabled, 4 Extras, 9 offices, 10 facilities, 5 modifiers, 12 track."""
    deck = classic_deck()
    assert len(deck) == 52
    kinds = Counter(CARD_SPECS[k].kind for k in deck.values())
    assert kinds == {"train": 12, "extra": 4, "office": 9, "facility": 10, "modifier": 5, "track": 12}
    types = Counter(deck.values())
    assert types["depot"] == 4 and types["station"] == 3 and types["terminal"] == 2
    assert [types[k] for k in ("mine_tipple", "produce_shed", "grocers_warehouse", "oil_refinery",
                               "power_plant")] == [2, 2, 2, 2, 2]
    assert types["turnout_left"] + types["turnout_right"] == 6
    assert types["straight"] == 3 and types["runaround"] == 3
    assert {CARD_SPECS[deck[f"T{n}"]].number for n in range(1, 13)} == set(range(1, 13))
    assert {CARD_SPECS[deck[f"X{n}"]].number for n in range(9, 13)} == {9, 10, 11, 12}


def test_rolling_stock_is_the_62_pieces_of_v02():
    """v0.2 §12.3: loaded and empty counts paired, six cabooses."""
    counts = Counter((p.kind, p.loaded) for p in CLASSIC_PIECES.values())
    assert len(CLASSIC_PIECES) == 62 and all(PIECES[pid] == pc for pid, pc in CLASSIC_PIECES.items())
    for kind, n in (("coach", 8), ("boxcar", 6), ("hopper", 6), ("reefer", 4), ("tank", 4)):
        assert counts[(kind, True)] == n and counts[(kind, False)] == n
    assert counts[("caboose", False)] == 6


def test_train_consists_follow_v02_table():
    """v0.2 §12.4: odd west, even east; classes and consists."""
    for n in range(1, 13):
        sp = CARD_SPECS[f"train{n}"]
        assert sp.direction == ("west" if n % 2 else "east")
    assert CARD_SPECS["train1"].consist == ("coach",) and CARD_SPECS["train1"].max_cars == 4
    assert not CARD_SPECS["train2"].caboose
    assert CARD_SPECS["train4"].max_cars == 3
    assert set(CARD_SPECS["train6"].consist) == {"boxcar", "reefer"} and CARD_SPECS["train6"].caboose
    assert CARD_SPECS["train7"].consist == ("hopper",)
    assert CARD_SPECS["train10"].consist == ("tank",)
    assert len(CARD_SPECS["train12"].consist) == 5 and CARD_SPECS["extra9"].caboose


def test_facility_and_office_profiles_follow_v02():
    """v0.2 §12.5 and §11.1: Laborers, boxes, directions; Porters, A/D tracks."""
    rows = {k: (CARD_SPECS[k].car, CARD_SPECS[k].laborers, CARD_SPECS[k].green, CARD_SPECS[k].red)
            for k in ("mine_tipple", "produce_shed", "grocers_warehouse", "oil_refinery", "power_plant")}
    assert rows == {"mine_tipple": ("hopper", 3, 3, 0), "produce_shed": ("reefer", 2, 2, 0),
                    "grocers_warehouse": ("boxcar", 2, 2, 2), "oil_refinery": ("tank", 3, 2, 2),
                    "power_plant": ("hopper", 3, 0, 3)}
    offices = [(CARD_SPECS[k].ad_tracks, CARD_SPECS[k].porters, CARD_SPECS[k].green)
               for k in ("whistle_post", "depot", "station", "terminal")]
    assert offices == [(1, 0, 0), (2, 1, 2), (3, 2, 3), (4, 3, 4)]


def test_every_route_joins_a_west_port_to_an_east_port():
    """G2: so a Move is simply east or west."""
    for sp in CARD_SPECS.values():
        if sp.geometry is None:
            continue
        for geo in (sp.geometry, sp.geometry.rotated()):
            for r in geo.routes:
                assert len(r & WEST_SIDE) == 1 and len(r & EAST_SIDE) == 1


def test_all_office_tiers_share_one_geometry():
    """v0.2 §11.3: an upgrade never disturbs a connection."""
    geos = {CARD_SPECS[k].geometry for k in ("whistle_post", "depot", "station", "terminal")}
    assert len(geos) == 1
    (office,) = geos
    assert {tuple(sorted(r)) for r in office.routes} == {
        ("E", "W"), ("NE", "W"), ("SE", "W"), ("E", "NW"), ("E", "SW")}


def test_turning_a_card_swaps_its_ends_and_keeps_its_slants():
    """G4: W<->E, NE<->SW, NW<->SE."""
    left = CARD_SPECS["turnout_left"].geometry
    assert left.rotated().ports == {"E", "W", "SW"}
    assert left.rotated().rotated() == left
    assert CARD_SPECS["grocers_warehouse"].geometry.rotated().ports == {"E"}


def test_turnouts_follow_the_a_b_c_rule():
    """v0.2 §A.1: from the points either way; from either other end only to the points."""
    geo = CARD_SPECS["turnout_left"].geometry
    assert geo.exits("W", "east") == ["E", "NE"]
    assert geo.exits("E", "west") == ["W"]
    assert geo.exits("NE", "west") == ["W"]
    assert not CARD_SPECS["turnout_left"].operational and not CARD_SPECS["turnout_right"].operational


def test_routes_must_cross_the_card():
    """A route joining two west ports would let a train turn round on one card."""
    import pytest
    with pytest.raises(ValueError):
        Geometry.of([("W", "NW")])


def test_enough_mainline_cards_for_six_players():
    assert len(set(MAINLINE_CARDS)) >= 7


def test_the_catalog_of_the_classic_deck_is_its_cards_as_data():
    """catalog(deck): the Home Office deck, Mainline cards and supply as (name, kind, count, text)."""
    from stationmaster.cards import catalog
    cat = catalog("classic")
    assert cat.ids() == classic_deck() and list(cat.ids())[:2] == ["T1", "T2"]
    assert sum(e.count for e in cat.home) == 52 and cat.kinds()["office"] == 9
    assert [e.name for e in cat.mainline] == list(MAINLINE_CARDS)
    assert [e.key for e in cat.supply] == ["whistle_post", "red_flag"]
    depot = cat["depot"]
    assert (depot.name, depot.kind, depot.count, depot.text) == ("Depot", "office", 4, CARD_SPECS["depot"].text)
    assert repr(depot) == "Entry('depot', 'Depot', 'office', 4)"
    assert repr(cat).startswith("<Catalog 'classic': Home Office deck 52 cards (train 12, extra 4, office 9,")
    assert "Grocer's Warehouse" in cat.table() and len(cat) == len(cat.home) + 8 + 2


def test_the_deck_option_offers_the_classic_and_the_full_deck():
    """new_game(deck=...): "classic" is the default; "full" adds the Mainline deck with lengths."""
    import pytest

    import stationmaster as sm
    from stationmaster.cards import DECK_LISTS, catalog
    from stationmaster.config import DECKS
    assert DECKS == ("classic", "full") and set(DECKS) <= set(DECK_LISTS)
    assert sm.new_game(seed=7).config.deck == "classic"
    assert sm.new_game(seed=7, deck="classic").state == sm.new_game(seed=7).state
    assert sm.new_game(seed=7, deck="full").config.deck == "full"
    with pytest.raises(ValueError, match="unknown deck 'home': this version has classic, full"):
        sm.new_game(seed=7, deck="home")
    with pytest.raises(ValueError, match="unknown deck 'home'"):
        catalog("home")


# --------------------------------------------------------------------------- C2 finding a card by its name


def test_the_catalog_finds_a_card_by_the_sources_name():
    """C2: catalog("full") finds a card by the name v0.4.5 gives it where ours differs — ABS Signals (the
    Block Signals modifier), Heavy Grade (the Summit Grade), X13 and X22 (the Through Freight and the Empty
    Car Extra) — as well as by its card type and printed name, in any case, spacing and punctuation."""
    from stationmaster.cards import catalog
    full = catalog("full")
    assert [full[n].key for n in ("ABS Signals", "Heavy Grade", "X13", "X22")] == [
        "block_signals", "ml_summit_grade", "extra13", "extra22"]
    assert [full[n].name for n in ("Block Signals", "Summit Grade", "Through Freight", "Empty Car Extra")] == [
        "Block Signals", "Summit Grade", "Through Freight", "Empty Car Extra"]
    assert full["abs signals"] is full["ABS  Signals"] is full["block_signals"] is full["Block-Signals"]
    assert full["x22"] is full["Extra X22"] is full["Empty Car Extra"]
    assert full["grocers warehouse"].key == "grocers_warehouse"  # the apostrophe is not needed
    assert full["Passing Siding"].key == "ml_fr_passing_siding" and full["Interlocking"].key == "ml_hx_interlocking"
    assert full["Depot7"].key == "depot" and full["T5"].key == "train5"  # a card id names its card type
    assert "ABS Signals" in full and "Heavy Grade" in full and "ABS Signals" not in catalog("classic")
    assert catalog("classic")["X9"].key == "extra9" and "X13" not in catalog("classic")


def test_find_lists_every_card_a_name_may_mean_most_particular_first():
    """C2: a name may mean several cards — "ABS Signals" is the Block Signals card and the device the
    Seaside Double Track prints — so ``find`` lists them all: the card called so first, then the Mainline
    cards that print a device of that name; an index gives the first."""
    from stationmaster.cards import catalog
    full = catalog("full")
    assert [e.name for e in full.find("ABS Signals")] == ["Block Signals", "Seaside Double Track"]
    assert [e.name for e in full.find("heavy grade")] == ["Summit Grade"]
    assert [e.key for e in full.find("Train 3")] == ["train3_full"]  # the full deck's own train 3
    assert full.find("Caboose Hop") == () and full.find("") == ()
    # the names are unambiguous where a player would search: every printed name and source name finds its
    # own card first
    for e in full:
        for n in (e.key, e.name, *e.spec.aka):
            assert full[n] is e, n


def test_an_unknown_name_says_which_cards_are_near():
    """C2: a misspelt name is refused saying which card names it is near, so the player can correct it."""
    import pytest

    from stationmaster.cards import catalog
    with pytest.raises(KeyError, match="the full deck has no card called 'Block Signal': did you mean 'Block Signals'"):
        catalog("full")["Block Signal"]
    with pytest.raises(KeyError, match="the classic deck has no card called 'Yard Office'"):
        catalog("classic")["Yard Office"]
