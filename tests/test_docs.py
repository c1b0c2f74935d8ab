"""docs/rules.md points every rule at the tests that show it, and those tests exist."""

import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
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
