"""The package names a phase, a Local Operations option and a train's place by its member of
``stationmaster.flow`` (``Phase``, ``Option``, ``Where``), never by the text of its name: a typo in
a member is an AttributeError, a typo in a text is a silent False (issue 17, "flow is stringly typed").

The check reads the source with ``ast``: a comparison (``==``, ``!=``, ``in``, ``not in``) of a text
that is the value of one of those names with what holds a phase, an option or a place — an
attribute ``.phase`` / ``.option`` / ``.where``, a variable ``phase`` / ``option``, a key
``["phase"]`` / ``.get("phase")`` (``"when"``, the phase an event names, likewise) — is refused.
Other words that happen to read the same (an intent's ``switch``, a deck's part ``mainline``, a
card's scope ``area``) are not those names, and pass.
"""

from __future__ import annotations

import ast
import pathlib

from stationmaster.flow import Option, Phase, Where

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "stationmaster", ROOT / "widgets"]
FLOW = ROOT / "stationmaster" / "flow.py"

#: what holds each kind of name, and the texts of that kind
HOLDERS = {"phase": {p.value for p in Phase}, "when": {p.value for p in Phase},
           "option": {o.value for o in Option}, "where": {w.value for w in Where}}
VARIABLES = {"phase", "option"}  # a bare ``where`` is also a card's scope word (cards/base.py)


def _holder(node: ast.AST) -> str | None:
    """The kind of name ``node`` holds (``phase``, ``option``, ``where``, ``when``), or None."""
    if isinstance(node, ast.Attribute) and node.attr in HOLDERS:
        return node.attr
    if isinstance(node, ast.Name) and node.id in VARIABLES:
        return node.id
    key = None
    if isinstance(node, ast.Subscript):
        key = node.slice
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
            and node.args:
        key = node.args[0]
    if isinstance(key, ast.Constant) and key.value in HOLDERS:
        return key.value
    return None


def _texts(node: ast.AST) -> set:
    """The string constants of ``node``: itself, or the items of a literal tuple, list or set."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return {i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)}


def literal_comparisons(source: str, name: str = "<source>") -> list:
    """``file:line: comparison`` for each comparison of a flow name's text with its holder."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        if not all(isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops):
            continue
        sides = [node.left, *node.comparators]
        kinds = {k for s in sides if (k := _holder(s))}
        texts = set().union(*(_texts(s) for s in sides))
        if any(texts & HOLDERS[k] for k in kinds):
            found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_phase_option_or_place_is_compared_as_text_outside_flow():
    found = []
    for base in SOURCES:
        for path in sorted(base.rglob("*.py")):
            if path != FLOW:
                found += literal_comparisons(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not found, "compare with Phase / Option / Where members (stationmaster.flow):\n" + "\n".join(found)


def test_the_check_finds_each_form_and_passes_the_members_and_other_words():
    caught = ["s.phase == 'mainline'", "t.where != 'area'", "g.state.turn.option == 'switch'",
              "phase in ('load_unload', 'shift_change')", "(e.data or {}).get('phase') == 'mainline'",
              "d['when'] == 'shift_change'", "'draw' == option"]
    passed = ["s.phase == Phase.MAINLINE", "t.where in (Where.AREA, Where.MAINLINE)",
              "verb == 'switch'", "e.part == 'mainline'", "where == 'area'", "s.phase == 'drawing'",
              "'switch' in effect.blocks"]
    for text in caught:
        assert literal_comparisons(text), text
    for text in passed:
        assert not literal_comparisons(text), text
