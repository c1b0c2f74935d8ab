"""The state's waiting lists hold small frozen records; the wire's JSON keeps them as the plain lists
it always had, and a state rebuilt from it holds records again."""

import json

import pytest

from stationmaster.builder import Position
from stationmaster.server import codec
from stationmaster.state import ExpressSpot, Inflicted, WaitingExtra, WaitingSection


@pytest.mark.breaks_invariants  # (a hand-made state: the records name cards not dealt)
def test_records_go_over_the_wire_as_plain_lists_and_come_back_as_records():
    b = Position(seed=2, players=["Ann", "Bo"], mode="competitive")
    s = b.state
    x10 = b.take_card("extra10")
    s.extras.append(WaitingExtra(x10, 1))
    s.sections.append(WaitingSection("SecondSection1", "T5", 0))
    s.express_used.append(ExpressSpot(0, 1, 1))
    s.inflicted["Hotbox1"] = Inflicted(1, 0, 7)
    data = json.loads(codec.dumps(s))["f"]
    assert data["extras"] == [[x10, 1]] and data["sections"] == [["SecondSection1", "T5", 0]]
    assert data["express_used"] == [[0, 1, 1]] and data["inflicted"] == {"Hotbox1": [1, 0, 7]}
    back = codec.loads(codec.dumps(s))
    assert back == s
    assert back.extras[0].card == x10 and back.extras[0].direction is None
    assert back.sections[0].train == "T5" and back.express_used[0].y == 1 and back.inflicted["Hotbox1"].ends_at == 7
