"""Player names are untrusted text: what the configuration accepts is safe in every output (the SVG
board, the record notebook, the replay command), and what it refuses is refused by its category."""

import ast
import pathlib
import json
import random
import string
import unicodedata
import xml.dom.minidom

import pytest

import stationmaster as sm
from stationmaster import cli, record
from stationmaster.config import make_config
from stationmaster.safetext import HIDDEN, is_hidden

SAMPLE = [*range(0x3010), *range(0xD7F0, 0xE010), *range(0xFDC0, 0xFE00), *range(0xFEF0, 0x10000),
          *range(0x1F680, 0x1F690), *range(0x1FFF0, 0x20000), *range(0xE0000, 0xE0080), 0xF0000,
          0x10FFFD, 0x10FFFE, 0x10FFFF]


def test_a_character_is_refused_in_a_name_exactly_when_it_is_hidden():
    """Refused: the categories of safetext.HIDDEN and the noncharacters, each named in the message."""
    refused = set()
    for cp in SAMPLE:
        ch = chr(cp)
        try:
            make_config(f"A{ch}B")
        except ValueError as e:
            assert f"U+{cp:04X}" in str(e)
            refused.add(cp)
    nonchars = {cp for cp in SAMPLE if 0xFDD0 <= cp <= 0xFDEF or cp & 0xFFFE == 0xFFFE}
    assert refused == {cp for cp in SAMPLE if unicodedata.category(chr(cp)) in HIDDEN} | nonchars
    assert {0x00, 0x09, 0x0A, 0x1B, 0x7F, 0x9B, 0xAD, 0x200B, 0x202E, 0x2028, 0x2029, 0xD800, 0xDFFF, 0xE000,
            0xFEFF, 0xFDD0, 0xFFFE, 0xFFFF, 0x1FFFF, 0xE0041, 0xF0000, 0x10FFFF} <= refused
    assert not {0x20, 0xA0, 0x3000, 0x1F682} & refused


def test_a_code_point_unassigned_in_this_python_is_allowed():
    """A newer Python may know it (a new emoji): a save made there must load here."""
    assert unicodedata.category("\u0378") == "Cn"
    assert make_config("A\u0378B").players == ("A\u0378B",)


ODD = ["<b>&amp;</b>", "]]> --> <!--", "'\"\\{}`$#*_[]|~", "O'Brien 🚂", "Zoë\u00a0שרה", "a\u0301\u0302\u0303"]


def test_odd_but_visible_names_are_safe_in_every_output(tmp_path):
    """Accepted names keep the SVG well-formed XML, the record valid UTF-8 Python and markdown,
    and the replay summary free of anything a terminal would act on."""
    g = sm.new_game(seed=5, players=ODD, mode="competitive")
    r = random.Random(5)
    for _ in range(60):
        g.apply(r.choice(g.legal_intents()))
    xml.dom.minidom.parseString(g._repr_svg_().encode("utf-8"))
    text = record.dumps(g)
    text.encode("utf-8")
    nb = json.loads(text)
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":
            tree = ast.parse(source)
            assert not any(isinstance(n, (ast.Import, ast.ImportFrom)) and n.names[0].name != "stationmaster"
                           for n in ast.walk(tree))
    assert eval(record.new_game_call(g), {"sm": sm}).config == g.config
    path = tmp_path / "odd.json"
    g.save(path)
    summary = cli.format_summary(str(path), cli.summary(sm.load(path)))
    assert not any(is_hidden(c) for c in summary.replace("\n", ""))
    assert "Players:   " + ", ".join(ODD) in summary


@pytest.mark.parametrize("ch", string.printable.strip())
def test_every_printable_ascii_character_may_be_in_a_name(ch):
    assert make_config(f"A{ch}B").players == (f"A{ch}B",)


def test_the_notation_page_tells_the_name_rules():
    text = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text()
    section = text.split("## Player names", 1)[1].split("\n## ", 1)[0]
    assert all(cat in section for cat in HIDDEN)
    assert "40 characters" in section and "case-folded, NFKC-normalised" in section
