"""docs/rules.md points every rule at the tests that show it, and those tests exist."""

import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("rule_refs", ROOT / "tools" / "rule_refs.py")
rule_refs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rule_refs)


def test_every_rule_points_at_its_tests():
    """Each rule id in docs/rules.md is cited by at least one test, and the page is current."""
    assert rule_refs.problems() == []


def test_docs_mention_every_optional_rule_and_intent_verb():
    from stationmaster.config import OPTIONAL_RULES
    rules = (ROOT / "docs" / "rules.md").read_text()
    notation = (ROOT / "docs" / "notation.md").read_text()
    for r in OPTIONAL_RULES:
        assert f"`{r}`" in rules
    for verb in ("switch", "draw home", "agent stock", "move", "setout", "play", "discard", "board",
                 "detrain", "work", "clear", "hold", "place", "run east", "end"):
        assert f"`{verb}" in notation


cards_spec = importlib.util.spec_from_file_location("cards_doc", ROOT / "tools" / "cards_doc.py")
cards_doc = importlib.util.module_from_spec(cards_spec)
cards_spec.loader.exec_module(cards_doc)


def test_the_cards_page_and_pictures_are_made_from_the_catalog():
    """docs/cards.md's tables and docs/cards/*.svg are what tools/cards_doc.py makes of the catalog."""
    assert cards_doc.problems() == []


def test_the_cards_check_finds_a_stale_table_or_picture_and_the_tool_mends_them(tmp_path, monkeypatch):
    page, pictures = tmp_path / "cards.md", tmp_path / "cards"
    pictures.mkdir()
    text = cards_doc.PAGE.read_text()
    page.write_text(text.replace("| Straight | 3 |", "| Straight | 4 |"))
    for svg in cards_doc.PICTURES.glob("*.svg"):
        if svg.name != "depot.svg":
            (pictures / svg.name).write_text(svg.read_text())
    (pictures / "gone.svg").write_text("<svg/>")
    monkeypatch.setattr(cards_doc, "PAGE", page)
    monkeypatch.setattr(cards_doc, "PICTURES", pictures)
    found = "\n".join(cards_doc.problems())
    assert "out of date" in found and "depot.svg" in found and "gone.svg" in found
    cards_doc.write()
    assert cards_doc.problems() == [] and page.read_text() == text
    assert "![Depot](cards/depot.svg)" in text and 'aria-label="Depot card"' in (pictures / "depot.svg").read_text()
