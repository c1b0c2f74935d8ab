"""The package's imports, read with ``ast`` (nothing is imported to check them).

- No import circle between the modules of ``stationmaster`` (``widgets/`` included, as
  ``stationmaster.widgets``): neither at module level, nor through the imports inside functions,
  except the few upward edges listed in ``UPWARD`` (a façade method naming the layer above it,
  as python-chess's ``Board._repr_svg_`` imports ``chess.svg``), each with its reason.
- No ``from x import _name``: a module's private names stay its own.
- The package reads the read-only names from ``query``, not through ``rules`` (which keeps them
  importable only for scripts written before the split).
- The card families never import the bots: a family tells a bot what its cards are worth and how
  to play them through its rules classes (``CardRules.worth``, ``best_play``); the plays that need
  a bot's own reading of the table are the bots' (``bots/plays.py``).
"""

from __future__ import annotations

import ast
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGES = {"stationmaster": ROOT / "stationmaster", "stationmaster.widgets": ROOT / "widgets"}

#: function-level imports that point up the layers, and why each is there
UPWARD = {
    ("stationmaster.game", "stationmaster.saves"): "Game.to_json/dumps/save: the save format sits above the game",
    ("stationmaster.game", "stationmaster.record"): "Game.to_notebook: the record notebook replays games",
}


def modules() -> dict:
    out = {}
    for pkg, base in PACKAGES.items():
        for path in base.rglob("*.py"):
            parts = list(path.relative_to(base).with_suffix("").parts)
            if pkg == "stationmaster" and parts[0] == "widgets":
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join([pkg, *parts])] = path
    return out


MODULES = modules()


def imports(mod: str, path: pathlib.Path, tree: ast.Module):
    """Every import in a module: (node, at module level?, the package modules it makes Python run)."""
    top = {id(n) for n in tree.body}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
            for _ in range(max(0, node.level - 1)):
                base = base.rsplit(".", 1)[0]
            target = (base + ("." + node.module if node.module else "")) if node.level else node.module
            targets = [target] + [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in MODULES]
        runs = set()
        for t in targets:
            parts = t.split(".")
            for k in range(1, len(parts) + 1):  # importing a.b.c runs a, a.b and a.b.c
                name = ".".join(parts[:k])
                if name in MODULES and name != mod and not mod.startswith(name + "."):
                    runs.add(name)
        yield node, id(node) in top, runs


def graph(module_level_only: bool) -> dict:
    edges: dict = {}
    for mod, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for _, at_top, runs in imports(mod, path, tree):
            if at_top or not module_level_only:
                edges.setdefault(mod, set()).update(runs)
    return edges


def circles(edges: dict) -> list:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(set(edges) | {w for ws in edges.values() for w in ws}):
        if v not in index:
            visit(v)
    return found


def test_the_walk_sees_the_package():
    assert {"stationmaster.game", "stationmaster.query", "stationmaster.bots.planner",
            "stationmaster.widgets.board"} <= set(MODULES)
    edges = graph(module_level_only=True)
    assert "stationmaster.query" in edges["stationmaster.rules"]
    assert "stationmaster.bots" in edges["stationmaster.start"]  # a submodule's import runs its package


def test_no_circle_at_module_level():
    assert circles(graph(module_level_only=True)) == []


def test_no_circle_through_imports_inside_functions_but_the_listed_upward_ones():
    edges = graph(module_level_only=False)
    for (a, b), why in UPWARD.items():
        assert b in edges.get(a, ()), f"{a} no longer imports {b} ({why}): drop it from UPWARD"
        edges[a].discard(b)
    assert circles(edges) == []


def test_a_circle_is_found_when_there_is_one():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def crossings(edges: dict, lower: str, upper: str) -> list:
    """The imports from a module of package ``lower`` of one of package ``upper``."""
    def under(mod, pkg):
        return mod == pkg or mod.startswith(pkg + ".")
    return sorted(f"{a} imports {b}" for a, bs in edges.items() if under(a, lower) for b in bs if under(b, upper))


def test_the_card_families_never_import_the_bots():
    assert crossings(graph(module_level_only=False), "stationmaster.cards", "stationmaster.bots") == []


def test_a_crossing_is_found_when_there_is_one():
    edges = {"p.cards.kinds": {"p.query", "p.bots.plays"}, "p.bots.plays": {"p.cards.kinds"}}
    assert crossings(edges, "p.cards", "p.bots") == ["p.cards.kinds imports p.bots.plays"]


def test_no_module_imports_another_modules_private_name():
    bad = []
    for mod, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node, _, _ in imports(mod, path, tree):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                bad += [f"{mod}:{node.lineno} imports {a.name}" for a in node.names
                        if a.name.startswith("_") and not a.name.startswith("__")]
    assert bad == []


def test_the_package_reads_the_read_only_names_from_query():
    source = (ROOT / "stationmaster" / "query.py").read_text(encoding="utf-8")
    read_only = set(re.findall(r"^def ([a-z]\w*)\(", source, re.M)) | set(re.findall(r"^([A-Z_]+) = ", source, re.M))
    bad = []
    for mod, path in MODULES.items():
        if mod == "stationmaster.rules":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node, _, _ in imports(mod, path, tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "rules":
                bad += [f"{mod}:{node.lineno} takes {a.name} from rules" for a in node.names if a.name in read_only]
    assert bad == []
