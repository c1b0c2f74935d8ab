"""Keep docs/rules.md pointing at the tests of each rule.

Every rule in docs/rules.md has an id (e.g. **[S4]**) and a line ``*Tests:* <!-- tests:S4 -->``.
A test shows a rule by citing its id in its docstring ("S4: coupling ahead of the engine").
``python tools/rule_refs.py`` rewrites the *Tests:* lines; ``--check`` only reports (tests/project/test_docs.py).
"""

from __future__ import annotations

import ast
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
MARK = re.compile(r"^\*Tests:\* <!-- tests:([A-Z]\d+) -->.*$", re.M)


def citations() -> dict:
    """Rule id -> ['tests/<folder>/test_x.py::test_name', ...] from test docstrings (every folder of
    tests/ but the real-browser tests, which skip without Chromium)."""
    found: dict = {}
    tests = ROOT / "tests"
    for path in sorted(p for p in tests.rglob("test_*.py") if p.relative_to(tests).parts[0] != "browser"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                doc = ast.get_docstring(node) or ""
                for rid in set(re.findall(r"\b([A-Z]\d{1,2})\b", doc)):
                    found.setdefault(rid, []).append(f"{path.relative_to(ROOT).as_posix()}::{node.name}")
    return found


def render(text: str, cites: dict) -> str:
    def line(m):
        rid = m.group(1)
        tests = cites.get(rid, [])
        shown = ", ".join(f"`{t}`" for t in tests[:8])
        more = f" and {len(tests) - 8} more" if len(tests) > 8 else ""
        return f"*Tests:* <!-- tests:{rid} --> {shown}{more}"
    return MARK.sub(line, text)


def problems() -> list:
    text = RULES.read_text()
    cites = citations()
    out = [f"rule {rid} has no test citing it" for rid in MARK.findall(text) if not cites.get(rid)]
    if render(text, cites) != text:
        out.append("docs/rules.md is out of date: run python tools/rule_refs.py")
    return out


if __name__ == "__main__":
    if "--check" in sys.argv:
        bad = problems()
        print("\n".join(bad) or "docs/rules.md is up to date")
        sys.exit(1 if bad else 0)
    RULES.write_text(render(RULES.read_text(), citations()))
    print("\n".join(problems()) or "docs/rules.md is up to date")
