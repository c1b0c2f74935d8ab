"""The full deck's Mainline devices and features: ABS Signals, Passing Siding, Interlocking, Heavy
Grade (rulings M12-M15)."""

import pytest

from stationmaster.builder import Position
from stationmaster.invariants import check
from stationmaster.slowmo import mainline_steps

from positions import fill_the_office


def _division(cards, seed=2, **options):
    """A solitaire position (deck "full") on a Division of these Mainline cards, west to east."""
    b = Position(seed=seed, deck="full", **options)
    b.state.mainline = list(cards)
    return b


def _train(g, label):
    """The train of that number on the table."""
    (t,) = [t for t in g.state.trains.values() if t.label == label]
    return t


def _kinds(events, kind):
    return [e for e in events if e.kind == kind]


# --------------------------------------------------------------------------- ABS Signals [M12]


@pytest.mark.parametrize("card, asked", [("Seaside Double Track", False), ("Taney Cut", True)])
def test_abs_signals_hold_a_follower_without_asking_the_superintendent(card, asked):
    """M12: Train 8 would follow Train 6 into the Subdivision. Entering the ABS card, its signals hold
    it, no question asked; entering a card without signals, the Superintendent is asked (M4)."""
    b = _division([card, "Low Line"])
    b.train(6, mainline=(0, 0))
    b.train(8, division_point="west")
    g = b.game()
    events = g.apply("agent pass")
    pend = g.state.turn.pending
    assert (pend is not None and pend.kind == "clearance") == asked
    if not asked:
        (held,) = [e for e in _kinds(events, "held") if e.data["train"] == "8"]
        assert held.data["reason"] == "abs" and "ABS Signals" in held.text
        assert g.state.trains[2].where == "division_point"
        assert g.phase != "mainline"  # the Mainline ran on without waiting for anyone
        (step,) = [st for st in mainline_steps(g) if st.train == "8"]
        assert "ABS Signals of the Seaside Double Track" in step.why
    assert check(g.state) == []


def test_abs_signals_never_hold_a_train_when_the_subdivision_is_clear_or_opposed_only():
    """M12: the signals answer only a follower; an empty Subdivision lets the train go, and an
    opposing train holds it as usual (M4), with the opposing reason."""
    b = _division(["Seaside Double Track", "Low Line"])
    b.train(8, division_point="west")
    g = b.game()
    events = g.apply("agent pass")
    assert [e.data["reason"] for e in _kinds(events, "highball")] == ["subdivision_clear"]
    b = _division(["Seaside Double Track", "Low Line"])
    b.train(7, mainline=(0, 1))  # in Subdivision 1 (the Office is a Depot, a Control Point, from v5: [U5])
    b.train(8, division_point="west")
    g = b.game()
    events = g.apply("agent pass")
    assert [e.data["reason"] for e in _kinds(events, "held")] == ["opposing"]


# --------------------------------------------------------------------------- Passing Siding [M13]


@pytest.mark.parametrize("card, passes", [("FR Passing Siding", True), ("Taney Cut", False)])
def test_opposing_trains_meet_and_pass_on_a_passing_siding(card, passes):
    """M13: westbound Train 7 is on the card; eastbound Train 8 enters a Passing Siding without the
    occupancy check, they share its western half (one in the siding) and pass; Train 7 leaves the
    Division west and Train 8 goes on. On a card without a siding Train 8 is held (M4)."""
    b = _division([card, "Low Line"])
    b.train(7, mainline=(0, 1))
    b.train(8, division_point="west")
    g = b.game()
    events = g.apply("agent pass")
    highballs = [e for e in _kinds(events, "highball") if e.data["train"] == "8"]
    assert bool(highballs) == passes
    if not passes:
        assert [e.data["reason"] for e in _kinds(events, "held")] == ["opposing"]
        return
    assert highballs[0].data["reason"] == "passing" and "without the occupancy check" in highballs[0].text
    seen = list(events)
    for _ in range(3):
        seen += g.apply("agent pass")
        assert check(g.state) == []
    (meet,) = _kinds(seen, "meet")
    assert meet.data["reason"] == "met" and meet.data["train"] == "7" and meet.data["other"] == "8"
    assert not _kinds(seen, "collision")
    assert [e.data["train"] for e in _kinds(seen, "train_left_division")] == ["7"]
    assert any(st.what == "met and passed" and "siding" in st.why for st in mainline_steps(seen))


def test_a_third_train_in_a_passing_sidings_half_collides():
    """M13: each half holds two trains; a third entering it collides with the junior one there."""
    b = _division(["FR Passing Siding", "Low Line"])
    b.train(7, mainline=(0, 0))
    b.train(9, mainline=(0, 0))
    b.train(8, division_point="west")
    g = b.game()
    assert check(g.state) == []
    events = g.apply("agent pass")
    (crash,) = _kinds(events, "collision")
    assert crash.data["reason"] == "region_taken"


# --------------------------------------------------------------------------- Interlocking [M14]


@pytest.mark.parametrize("card, collides", [("HX Interlocking", False), ("Damascus Bridge", True)])
def test_an_interlocking_holds_an_arrival_at_a_full_office_at_the_limits(card, collides):
    """M14: Train 4 runs off the card to the Office, whose A/D tracks stuck trains hold (they cannot
    leave: their engines stand between cars). The Interlocking holds Train 4 at the Limits, on the
    card, and without one it collides (M6)."""
    b = _division([card, "Low Line"])
    fill_the_office(b)
    b.train(4, mainline=(0, 1))
    g = b.game()
    events = g.apply("agent pass")
    assert bool(_kinds(events, "collision")) == collides
    if collides:
        return
    (held,) = [e for e in _kinds(events, "held") if e.data["train"] == "4"]
    assert held.data["reason"] == "interlocking" and "Limits" in held.text
    four = _train(g, "4")
    assert four.where == "mainline" and four.pos == (0, 1)
    assert check(g.state) == []
    events = g.apply("agent pass")  # still full: held again, never a collision
    assert not _kinds(events, "collision") and _train(g, "4").where == "mainline"
    assert any("Interlocking holds it" in st.why for st in mainline_steps(g))


# --------------------------------------------------------------------------- Heavy Grade [M15]


def _stages_to_cross(number, uphill):
    """Stages on the Summit Grade (8 sections): from highballing onto it (that Stage not counted) to
    arriving at the Office."""
    b = _division(["Summit Grade", "Low Line"])
    b.state.grades = {"Summit Grade": uphill}
    b.train(number, division_point="west")
    g = b.game()
    n = 0
    while g.state.trains[1].where != "area":
        g.apply("agent pass")
        n += 1
        assert check(g.state) == []
    return n - 1, g


@pytest.mark.parametrize("number, uphill, stages", [
    (8, "east", 5), (8, "west", 4), (6, "east", 4), (6, "west", 3), (2, "east", 2), (2, "west", 2)])
def test_uphill_freights_stop_a_stage_for_a_helper_on_a_heavy_grade(number, uphill, stages):
    """M15: climbing, a second- or third-class train takes one Stage more than its crossing time (M11)
    to take a helper; downhill, or first class, it crosses as on any card of its length."""
    n, g = _stages_to_cross(number, uphill)
    assert n == stages


def test_slow_motion_says_a_train_climbs_with_a_helper():
    """M15 in slow motion: the quiet Stages of an uphill freight on the grade say so."""
    b = _division(["Summit Grade", "Low Line"])
    b.state.grades = {"Summit Grade": "east"}
    b.train(8, division_point="west")
    g = b.game()
    g.apply("agent pass")
    g.apply("agent pass")
    (step,) = [st for st in mainline_steps(g) if st.what == "ran on"]
    assert "stop for a helper" in step.why and "Summit Grade" in step.why


def test_the_superintendent_chooses_the_grade_at_setup():
    """M15: a dealt Heavy Grade waits for the Superintendent's 'grade east' or 'grade west' before
    Stage 1's first option; nothing else is legal, and the choice is made once."""
    import stationmaster as sm
    from stationmaster import decisions
    from stationmaster.state import PendingGrade

    g = sm.new_game(seed=7, deck="full")
    assert "Summit Grade" in g.state.mainline
    assert g.state.turn.pending == PendingGrade(0, "Summit Grade")
    assert g.decision == decisions.PENDING_ASKS["grade"]
    assert [str(i) for i in g.legal_intents()] == ["grade east", "grade west"]
    assert "grade east" in g.why_not("agent pass")
    events = g.apply("grade west")
    assert g.state.grades == {"Summit Grade": "west"} and g.state.turn.pending is None
    assert any(e.kind == "grade" and "uphill to the west" in e.text for e in events)
    assert "once" in g.why_not("grade east")
    assert "agent pass" in [str(i) for i in g.legal_intents()]
    assert sm.loads(g.dumps()).state == g.state
    with pytest.raises(sm.IllegalIntent, match="grade east"):
        sm.parse("grade up")
    classic = sm.new_game(seed=7)
    assert classic.state.turn.pending is None and classic.state.grades == {}


# --------------------------------------------------------------------------- Yard Office [M16]


def _yard_position(number, cars, yard_cars=()):
    """Appendix A's grid with a Yard Office at C (1,1) off the Run-around, an Office whose A/D
    tracks are held by trains that cannot leave (its engine is between cars), and ``number`` on the
    Damascus Bridge's far half, running off to the Office."""
    from positions import A, B, C, D, F

    b = _division(["Damascus Bridge", "Low Line"])
    for card, xy in (("straight", D), ("straight", F), ("straight", A), ("runaround", B), ("yard_office", C)):
        b.lay("Player", card, xy)
    if yard_cars:
        b.cars("Player", C, yard_cars)
    fill_the_office(b)
    b.train(number, mainline=(0, 1), behind=list(cars))
    return b.game(), C


def _until_arrival(g, label):
    seen = []
    for _ in range(4):
        seen += g.apply("agent pass")
        if [e for e in seen if e.kind in ("arrival", "collision") and e.data.get("train") == label]:
            break
    return seen


def test_a_coachless_train_diverts_to_the_yard_office_at_a_full_office():
    """M16: Train 8 (hoppers and a caboose) runs off the card to the Office, whose A/D tracks
    stuck trains hold: it diverts onto the Yard Office instead of colliding, and stands in the Office Area,
    to be switched like any train there; slow motion says why."""
    g, yard = _yard_position(8, ["HL1", "HL2", "K2"])
    seen = _until_arrival(g, "8")
    assert not _kinds(seen, "collision")
    (arr,) = [e for e in _kinds(seen, "arrival") if e.data["train"] == "8"]
    assert arr.data["reason"] == "yard_office" and "Yard Office" in arr.text
    t = _train(g, "8")
    assert (t.where, t.seat, t.pos) == ("area", 0, yard)
    assert check(g.state) == []
    (step,) = [st for st in mainline_steps(seen) if st.train == "8"]
    assert "no coaches" in step.why and "Yard Office" in step.why


@pytest.mark.parametrize("cars, yard_cars", [(["CL1", "CL2", "K2"], ()), (["HL1", "K2"], ("HE1",))])
def test_a_train_with_coaches_or_a_yard_office_with_cars_on_it_collides_as_usual(cars, yard_cars):
    """M16: a train carrying a coach may not divert (Train 12, the Way Freight), nor may any train
    onto a Yard Office where cars stand: the full Office is a collision (M6)."""
    g, yard = _yard_position(12, cars, yard_cars)
    seen = _until_arrival(g, "12")
    (crash,) = _kinds(seen, "collision")
    assert crash.data["reason"] == "ad_full"


def test_the_yard_office_is_in_the_full_home_deck_only_and_laid_off_the_running_track():
    """M16: two Yard Offices join the Home Office deck of deck "full" (the classic deck is unchanged);
    one goes off the Running Track, joined to rail like an industry spur."""
    import stationmaster as sm
    from stationmaster.cards import catalog

    assert catalog("full")["yard_office"].count == 3 and "yard_office" not in catalog("classic")
    b = Position(seed=2, deck="full")
    for card, xy in (("straight", (1, 0)), ("straight", (2, 0)), ("runaround", (0, 1))):
        b.lay("Player", card, xy)
    b.hand("Player", ["yard_office"])
    g = b.game()
    (card,) = g.state.players[0].hand
    g.apply("draw home")
    assert "Running Track" in g.why_not(f"play {card} at 3,0")
    assert g.why_not(f"play {card} at 1,1") is None
    # the classic deck as dealt (v6's starter sidings, U6, are given beside it from the supply)
    assert sm.new_game(seed=3, house_rules={"starter_siding": "off"}).state.deck == sm.cards.classic_deck()


# --------------------------------------------------------------------------- Expedite [M17]


def _expedite_position(expedite=True, follower=False):
    """A Depot with a passenger waiting; Train 2 (Limited, one empty coach) on the Damascus Bridge's
    far half, due at the Office this Stage (4 sections: one Stage at first-class speed); an Expedite
    order on it if asked; with ``follower``, Train 4 already on the Low Line ahead of it east."""
    b = _division(["Damascus Bridge", "Low Line"])
    b.office("Player", "depot")
    b.boxes("Player", (0, 0), green=["CL1"])
    t = b.train(2, mainline=(0, 1), ahead=["CE1"])
    if follower:
        b.train(4, mainline=(1, 1))
    if expedite:
        t.orders.append(b.take_card("expedite"))
    return b.game(), t.tray


def _to(g, phase):
    seen = []
    while g.phase != phase and not g.is_over:
        seen += g.apply("end" if g.phase == "load_unload" else "agent pass")
    return seen


@pytest.mark.parametrize("expedite", [True, False])
def test_an_expedited_train_is_worked_then_departs_at_the_shift_change(expedite):
    """M17: Train 2 arrives at the Depot in the Mainline phase and is boarded in Load/Unload either
    way; with an Expedite order it highballs at that Stage's Shift Change (the Fedora's phase, after
    the work) and is on the Low Line when the next Stage begins; without one it stands at the Office
    until the next Mainline phase."""
    g, tray = _expedite_position(expedite)
    _to(g, "load_unload")
    assert g.state.trains[tray].where == "area"
    seen = g.apply(f"board {tray}")
    if g.phase == "load_unload":  # nothing else to do: the work ends by itself (L1)
        seen += g.apply("end")
    assert check(g.state) == []
    assert g.phase == "local_operations" and g.stage == 2
    highballs = [e for e in _kinds(seen, "highball") if e.data["train"] == "2"]
    if not expedite:
        assert not highballs and g.state.trains[tray].where == "area"
        return
    (hb,) = highballs
    assert hb.data["when"] == "shift_change" and "Expedite" in hb.text
    assert seen.index(hb) < [e.kind for e in seen].index("stage_end")
    assert g.state.trains[tray].where == "mainline" and g.state.trains[tray].pos == (1, 0)
    assert g.state.trains[tray].cars == ["CL1"]  # it left with its passenger
    (step,) = [st for st in mainline_steps(seen) if st.train == "2"]
    assert "Shift Change" in step.why


def test_an_expedited_follower_is_held_at_the_shift_change_without_a_question():
    """M17: Train 4 is ahead on the Low Line going the same way; at the Shift Change nobody is asked
    (the clearance of M4 waits for the Mainline phase), so the expedited Train 2 is held and leaves
    with the next Mainline, where the Superintendent decides."""
    g, tray = _expedite_position(follower=True)
    _to(g, "load_unload")
    seen = g.apply("end")
    (held,) = [e for e in _kinds(seen, "held") if e.data["train"] == "2"]
    assert held.data["reason"] == "expedite_follow"
    assert g.state.trains[tray].where == "area" and g.state.turn.pending is None
    assert any("Shift Change only into a clear way" in st.why for st in mainline_steps(seen))


def test_expedite_is_played_on_a_train_and_spent_with_its_run():
    """M17: an Expedite is a train order of the full Home Office deck: 'play Expedite1 on TRAY' from
    the Draw option, on any train in a Crew Tray, once per train; it rides with the train and goes to
    the Salvage Yard when the train leaves the Division. No other card is played on a train."""
    import stationmaster as sm
    from stationmaster.cards import catalog

    assert catalog("full")["expedite"].count == 6 and "expedite" not in catalog("classic")
    b = _division(["Damascus Bridge", "Low Line"], balance="v1")  # two Expedites: the whole deck ([U3])
    t = b.train(1, mainline=(0, 0))  # westbound, about to leave the Division
    b.hand("Player", ["expedite", "expedite", "straight"])
    g = b.game()
    first, second, straight = g.state.players[0].hand
    g.apply("draw home")
    assert sm.parse(f"play {first} on {t.tray}") in g.legal_intents()
    assert "train order" in g.why_not(f"play {first}")
    assert "Crew Tray 5 is free" in g.why_not(f"play {first} on 5")
    assert "Only a train order" in g.why_not(f"play {straight} on {t.tray}")
    events = g.apply(f"play {first} on {t.tray}")
    assert g.state.trains[t.tray].orders == [first] and any(e.kind == "order" for e in events)
    assert "already carries" in g.why_not(f"play {second} on {t.tray}")
    assert check(g.state) == []
    while g.state.trains.get(t.tray) is not None:
        g.apply("end" if g.phase in ("local_operations", "load_unload") and g.state.turn.option else "agent pass")
    assert first in g.state.salvage and check(g.state) == []
    with pytest.raises(sm.IllegalIntent, match="train order"):
        sm.parse("play Expedite1 on two")


def test_the_board_says_which_train_carries_an_expedite():
    """M17 on the board: the tray's tooltip names the order the train carries."""
    from stationmaster.view.scene import build_scene

    g, tray = _expedite_position()
    (hit,) = [h for h in build_scene(g.state).hits_for("tray") if h.target[1] == tray]
    assert hit.tip.endswith("; Expedite order")


# --------------------------------------------------------------------------- Second Section [M18]


def _second_section_position(trays=None, leaving=False):
    """Train 6 (Manifest Freight, eastbound) due at Stage 1, a Second Section in the hand; with
    ``leaving``, Train 1 on the western card about to leave the Division (freeing its tray)."""
    b = _division(["Taney Cut", "Low Line"])
    b.state.timetable.clear()
    b.schedule(6, 1)
    if leaving:
        b.train(1, mainline=(0, 0)).progress = 1  # its last Stage on the Taney Cut
        slot = next(k for k, c in b.state.timetable.items() if b.state.deck[c] == "train1")
        b.state.timetable[12] = b.state.timetable.pop(slot)  # not due again before the test ends
    if trays is not None:
        b.state.trays = trays
    b.hand("Player", ["second_section"])
    g = b.game()
    (card,) = g.state.players[0].hand
    g.apply("draw home")
    return g, card


def test_a_second_section_runs_right_behind_its_train_and_junior_to_it():
    """M18: played on the train due out this Stage, the Second Section is made up in the New Train
    phase right after it, identical (same card, class, direction, Division Point), and junior to it.
    The first section highballs; the second keeps a Stage behind, held without a question while its
    first holds the region it would enter; next Stage it would follow into the Subdivision, so the
    Superintendent is asked (M4), and cleared it runs behind."""
    g, card = _second_section_position()
    events = g.apply(f"play {card}")
    assert any(e.kind == "order" and "Second Section" in e.text for e in events)
    assert check(g.state) == []
    events = g.apply("end")
    made = [e.data["train"] for e in _kinds(events, "train_made_up")]
    assert made == ["6", "2nd 6"]
    first, second = sorted(g.state.trains.values(), key=lambda t: t.rank)
    assert (second.card, second.direction, second.section, second.orders) == (first.card, "east", 2, [card])
    assert first.rank < second.rank and first.label == "6"
    assert [e.data["train"] for e in _kinds(events, "highball")] == ["6"]
    (held,) = [e for e in _kinds(events, "held") if e.data.get("train") == "2nd 6"]
    assert "keeps a Stage behind" in held.text and g.state.turn.pending is None
    (step,) = [st for st in mainline_steps(events) if st.train == "2nd 6"]
    assert "keeps a Stage behind" in step.why
    for _ in range(3):
        events = g.apply("agent pass")
        if g.state.turn.pending is not None:
            break
    assert g.state.turn.pending.kind == "clearance" and g.state.trains[second.tray].where == "division_point"
    assert g.state.trains[first.tray].pos == (0, 1)
    g.apply("clear")
    assert g.state.trains[second.tray].where == "mainline" and check(g.state) == []
    assert not _kinds(g.events, "collision")


def test_a_second_section_waits_for_a_crew_tray_then_runs():
    """M18: with no Crew Tray free after its first section, the Second Section waits in the queue
    (before any Extra) and is made up at the next New Train phase with a free tray."""
    g, card = _second_section_position(trays=2, leaving=True)
    events = g.apply(f"play {card}") + g.apply("end")
    assert any(e.kind == "held" and "Second Section of Train 6 waits" in e.text for e in events)
    assert g.state.sections and check(g.state) == []
    assert _scene_says(g, "Second Sections waiting: 6")  # the board lists it
    while g.state.sections:
        events = g.apply("agent pass")
        assert check(g.state) == []
    assert "2nd 6" in [e.data["train"] for e in _kinds(events, "train_made_up")]
    assert g.stage == 2


def test_a_second_section_is_played_only_on_the_train_due_out():
    """M18: no train due this Stage, no Second Section; one per due train; the classic deck has none."""
    from stationmaster.cards import catalog

    assert catalog("full")["second_section"].count == 4 and "second_section" not in catalog("classic")
    for due in (1, 5):
        b = _division(["Taney Cut", "Low Line"], balance="v1")  # two Second Sections: the whole deck ([U3])
        b.state.timetable.clear()
        b.schedule(6, due)
        b.hand("Player", ["second_section", "second_section"])
        g = b.game()
        first, second = g.state.players[0].hand
        g.apply("draw home")
        if due == 5:
            assert "No train is due out this Stage (1)" in g.why_not(f"play {first}")
            continue
        g.apply(f"play {first}")
        assert "already has a Second Section" in g.why_not(f"play {second}")


# --------------------------------------------------------------------------- Mainline modifiers [M19]


def _modifier_in_hand(cards, card_key):
    """A position on a Division of these cards with a Mainline modifier in the hand, Draw option chosen."""
    b = _division(cards)
    b.hand("Player", [card_key])
    return b


@pytest.mark.parametrize("modified", [True, False])
def test_block_signals_give_a_plain_card_abs_signals(modified):
    """M19 (M12): Block Signals played on the Taney Cut (a card without a device) hold Train 8, which
    would follow Train 6 onto it, without asking the Superintendent; without them the Superintendent
    is asked (M4)."""
    b = _modifier_in_hand(["Taney Cut", "Low Line"], "block_signals")
    b.train(6, mainline=(0, 0))
    b.train(8, division_point="west")
    g = b.game()
    (card,) = g.state.players[0].hand
    g.apply("draw home")
    if modified:
        events = g.apply(f"play {card} on Mainline 1")
        assert g.state.ml_modifiers == {0: [card]} and "ABS Signals" in events[-1].text
    events = g.apply("end")
    held = [e for e in _kinds(events, "held") if e.data["train"] == "8"]
    assert bool(held) == modified
    assert (g.state.turn.pending is not None) != modified
    if modified:
        assert held[0].data["reason"] == "abs"
    assert check(g.state) == []


def test_an_interlocking_tower_holds_an_arrival_at_the_limits():
    """M19 (M14): with an Interlocking Tower on the Damascus Bridge, Train 4 running off it to the full
    Office is held at the Limits instead of colliding."""
    b = _modifier_in_hand(["Damascus Bridge", "Low Line"], "interlocking_tower")
    fill_the_office(b)
    b.train(4, mainline=(0, 1))
    g = b.game()
    (card,) = g.state.players[0].hand
    g.apply("draw home")
    g.apply(f"play {card} on Mainline 1")
    events = g.apply("end")
    assert not _kinds(events, "collision")
    (held,) = [e for e in _kinds(events, "held") if e.data["train"] == "4"]
    assert held.data["reason"] == "interlocking"


def test_a_mainline_modifier_goes_on_a_plain_card_of_the_division_one_to_a_card():
    """M19: 'play CARD on Mainline N' (1 = westernmost) from the Draw option; refused on a card that
    prints a device, on a card that carries a modifier already, past the Division's end, and for any
    other card; the modifier stays on the Division (the board notes it) and in the full deck only."""
    import stationmaster as sm
    from stationmaster.cards import catalog
    from stationmaster.view.scene import build_scene
    from stationmaster.view.svg import to_svg

    full = catalog("full")
    assert (full["block_signals"].count, full["interlocking_tower"].count) == (3, 2)
    assert "block_signals" not in catalog("classic")
    b = _division(["Seaside Double Track", "Taney Cut", "Low Line"])
    b.hand("Player", ["block_signals", "interlocking_tower", "straight"])
    g = b.game()
    signals, tower, straight = g.state.players[0].hand
    g.apply("draw home")
    assert "Mainline modifier" in g.why_not(f"play {signals}")
    assert "has its own device" in g.why_not(f"play {signals} on Mainline 1")
    assert "cards 1 to 3" in g.why_not(f"play {signals} on Mainline 4")
    assert "Only a Mainline modifier" in g.why_not(f"play {straight} on Mainline 2")
    assert [str(i) for i in g.legal_intents() if str(i).startswith(f"play {signals}")] == [
        f"play {signals} on Mainline 2", f"play {signals} on Mainline 3"]
    g.apply(f"play {signals} on Mainline 2")
    assert "already carries the Block Signals" in g.why_not(f"play {tower} on Mainline 2")
    assert sm.parse(f"play {tower} on Mainline 3") == sm.intents.Play(tower, mainline=3)
    assert check(g.state) == []
    assert "6 sections · ABS signals" in to_svg(build_scene(g.state))


# --------------------------------------------------------------------------- dispatch devices [M20]


def _signal_position(stage=1):
    """Train 4 running off the Damascus Bridge to the Office, whose A/D tracks stuck trains hold
    (they cannot leave); a Train Order Signal beside the Office; the game at ``stage`` of Day 1."""
    b = _division(["Damascus Bridge", "Low Line"])
    b.lay("Player", "train_order_signal", (0, 1))
    fill_the_office(b)
    b.train(4, mainline=(0, 1))
    b.state.stage = stage
    return b.game()


def test_a_train_order_signal_holds_one_arrival_a_day():
    """M20: the Train Order Signal holds Train 4 at the Limits of the full Office (its one use for the
    Day; slow motion says so); trying again next Stage, the signal is spent and it collides (M6)."""
    g = _signal_position()
    events = g.apply("agent pass")
    (held,) = [e for e in _kinds(events, "held") if e.data["train"] == "4"]
    assert held.data["reason"] == "device" and "Train Order Signal" in held.text
    assert list(g.state.device_uses.values()) == [1] and check(g.state) == []
    assert any("use for the Day" in st.why for st in mainline_steps(events))
    assert _scene_says(g, "used today")  # the board shows the signal spent
    events = g.apply("agent pass")
    (crash,) = _kinds(events, "collision")
    assert crash.data["reason"] == "ad_full"


def test_dispatch_device_uses_come_back_at_the_end_of_the_day():
    """M20 (v0.4.5 §4.1: "At Day end, dispatch-device use resets"): held at Stage 12, Train 4 is held
    again at Stage 1 of the next Day, not wrecked."""
    g = _signal_position(stage=12)
    events = g.apply("agent pass")
    assert [e.data["reason"] for e in _kinds(events, "held") if e.data["train"] == "4"] == ["device"]
    assert (g.day, g.stage) == (2, 1) and g.state.device_uses == {}
    events = g.apply("agent pass")
    assert not _kinds(events, "collision")
    assert [e.data["reason"] for e in _kinds(events, "held") if e.data["train"] == "4"] == ["device"]


def test_a_dispatch_device_goes_beside_the_office():
    """M20: laid from the hand on an empty spot beside the Office, off the Running Track; full deck only."""
    from stationmaster.cards import catalog

    assert catalog("full")["train_order_signal"].count == 3 and "train_order_signal" not in catalog("classic")
    b = _division(["Damascus Bridge", "Low Line"])
    for xy in ((1, 0), (2, 0)):
        b.lay("Player", "straight", xy)
    b.hand("Player", ["train_order_signal"])
    g = b.game()
    (card,) = g.state.players[0].hand
    g.apply("draw home")
    assert "beside the Office" in g.why_not(f"play {card} at 2,1")
    assert "beside the Office" in g.why_not(f"play {card} at 3,0")
    assert g.why_not(f"play {card} at 1,-1") is None
    g.apply(f"play {card} at 1,-1")
    assert check(g.state) == []


def _scene_says(g, words: str) -> bool:
    """Some text of the board's drawing of ``g`` contains ``words``."""
    from stationmaster.view.scene import build_scene
    from stationmaster.view.shapes import Text
    return any(isinstance(sh, Text) and words in sh.text for sh in build_scene(g.state).shapes)
