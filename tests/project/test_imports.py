"""The package's imports, read with ``ast`` (nothing is imported to check them).

- Every module has its layer (``LAYERS``, bottom to top: docs/architecture.md's module map) and
  imports only its own layer and those below, at module level or inside a function, except the few
  upward imports listed in ``UPWARD``, each with its reason (a façade method naming the layer above
  it, as python-chess's ``Board._repr_svg_`` imports ``chess.svg``; an optional extra opened when
  asked for).
- No import circle between the modules of ``stationmaster`` (``widgets/`` included, as
  ``stationmaster.widgets``): neither at module level, nor through the imports inside functions,
  but the listed upward ones.
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
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGES = {"stationmaster": ROOT / "stationmaster", "stationmaster.widgets": ROOT / "widgets"}

#: the layers, bottom to top, each with its modules (names under ``stationmaster.``; a package
#: stands for its modules; a module takes the layer of its longest match; "" is the package itself)
LAYERS = (
    ("words and numbers", ("errors", "events", "flow", "rng", "track", "safetext", "grammar", "atomic", "kernel")),
    ("what a card is", ("cards", "cards.specs", "cards.base", "cards.catalog")),
    ("data", ("house_rules", "config", "state", "intents")),
    ("read model", ("query", "seat")),
    ("state changes", ("rules", "orders")),
    ("card families", ("cards.kinds", "cards.classic", "cards.special_trains", "cards.local_track",
                       "cards.enhancements", "cards.opponent", "cards.situations", "cards.families")),
    ("phases", ("phases", "setup", "invariants")),
    ("façade", ("decisions", "timeline", "game")),
    ("drawing and help", ("view", "explain")),
    ("bots", ("bots", "sweep")),
    ("saves and records", ("saves", "start", "record", "slowmo", "builder", "review")),
    ("tables, seats and tutorials", ("server", "remote", "env", "lessons")),
    ("the notebook board", ("widgets",)),
    ("front doors", ("", "cli", "lite")),
)

#: the imports (all inside functions) that point up the layers, and why each is there
UPWARD = {
    ("stationmaster.game", "stationmaster.saves"): "Game.to_json/dumps/save: the save format sits above the game",
    ("stationmaster.game", "stationmaster.record"): "Game.to_notebook: the record notebook replays games",
    ("stationmaster.game", "stationmaster.view"): "Game.describe/_repr_svg_: the drawing sits above the game",
    ("stationmaster.game", "stationmaster.view.scene"): "Game._repr_svg_ draws the scene",
    ("stationmaster.game", "stationmaster.view.svg"): "Game._repr_svg_ writes it as SVG",
    ("stationmaster.game", "stationmaster.view.text"): "Game.describe: the table in plain text",
    ("stationmaster.game", "stationmaster.bots"): "Game.branch: importing bots.seats runs the bots package",
    ("stationmaster.game", "stationmaster.bots.seats"): "Game.branch seats bots as new_game does: the bots' "
                                                         "registry checks the seats",
    ("stationmaster.explain", "stationmaster.bots"): "explain.discard_dept: a one-click discard goes where "
                                                     "the planner's hint would send it",
    ("stationmaster.explain", "stationmaster.bots.planner"): "explain.discard_dept asks the planner's valuation",
    ("stationmaster.lessons", "stationmaster.widgets"): "Lesson.board(): a lesson opens the notebook board on "
                                                        "its game (the widgets are an optional extra's)",
    ("stationmaster.lessons", "stationmaster.widgets.words"): "Lesson checks said in the board's words once "
                                                              "the lesson is on the board",
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


def layer(mod: str) -> int:
    """The index in ``LAYERS`` of a module's layer (ValueError if it has none)."""
    name = "" if mod == "stationmaster" else mod.removeprefix("stationmaster.")
    best = None
    for k, (_, names) in enumerate(LAYERS):
        for n in names:
            if name == n or n and name.startswith(n + "."):
                if best is None or len(n) > best[1]:
                    best = (k, len(n))
    if best is None:
        raise ValueError(f"{mod} has no layer in LAYERS: add it to the layer it belongs to")
    return best[0]


def upward(edges: dict) -> dict:
    """The imports that point up the layers: {(importer, imported): (its layer, the imported's)}."""
    return {(a, b): (LAYERS[layer(a)][0], LAYERS[layer(b)][0])
            for a, bs in edges.items() for b in bs if layer(b) > layer(a)}


def test_every_module_has_a_layer():
    unplaced = []
    for mod in MODULES:
        try:
            layer(mod)
        except ValueError as e:
            unplaced.append(str(e))
    assert unplaced == []


def test_every_upward_import_is_listed_with_its_reason():
    found = upward(graph(module_level_only=False))
    unlisted = [f"{a} imports {b} ({low} -> {high}): import it from a lower layer, or list it in UPWARD with "
                f"its reason" for (a, b), (low, high) in sorted(found.items()) if (a, b) not in UPWARD]
    assert unlisted == []
    stale = [f"{a} -> {b}" for a, b in UPWARD if (a, b) not in found]
    assert stale == [], "listed in UPWARD but no longer an upward import: drop it"
    at_top = graph(module_level_only=True)
    assert [f"{a} -> {b}" for a, b in UPWARD if b in at_top.get(a, ())] == [], \
        "an upward import is made when asked for, inside the function that needs it"


def test_an_upward_import_is_found_when_there_is_one():
    assert layer("stationmaster.cards.kinds") > layer("stationmaster.cards.specs") > layer("stationmaster.errors")
    assert layer("stationmaster") == layer("stationmaster.cli") > layer("stationmaster.widgets.board")
    assert upward({"stationmaster.query": {"stationmaster.state", "stationmaster.rules"}}) == {
        ("stationmaster.query", "stationmaster.rules"): ("read model", "state changes")}


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


def assigned_constants(path: pathlib.Path) -> set:
    """The UPPER_CASE names a module assigns at its top level."""
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        names |= {t.id for t in targets if isinstance(t, ast.Name) and t.id.isupper()}
    return names


def test_the_rules_numbers_are_written_once():
    """A number of the rules (``CAR_LIMIT``, ``MAX_PLAYERS``, ``NIGHT_STAGES``...) is assigned in
    one of the modules that hold them (``config``, ``house_rules``, ``query``, ``cards.specs``) and imported
    everywhere else: a second copy goes stale (``intents`` kept its own ``CAR_LIMIT``)."""
    homes = ("stationmaster.config", "stationmaster.house_rules", "stationmaster.query", "stationmaster.cards.specs")
    held = {name: home for home in homes for name in assigned_constants(MODULES[home])}
    again = sorted(f"{mod} assigns {name}, which is {held[name]}'s" for mod, path in MODULES.items()
                   if mod not in homes for name in assigned_constants(path) & set(held))
    twice = sorted(n for n in held if sum(n in assigned_constants(MODULES[h]) for h in homes) > 1)
    assert again == [] and twice == []


#: the standard-library imports made inside a function, and why each waits
LAZY_STANDARD_LIBRARY = {
    ("stationmaster.server.store", "fcntl"): "there is no flock on Windows: the import itself may fail there",
    ("stationmaster.bots.simulate", "multiprocessing"): "only simulate(jobs > 1) starts processes, which a "
                                                        "Pyodide kernel (the JupyterLite site) has none of",
    ("stationmaster.review", "multiprocessing"): "only review(jobs > 1) starts processes (none in Pyodide)",
}


def lazy_standard_imports() -> set:
    """(module, standard-library module) for every standard-library import inside a function or class."""
    found = set()
    for mod, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node, at_top, _ in imports(mod, path, tree):
            if at_top or isinstance(node, ast.ImportFrom) and node.level:
                continue
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            found |= {(mod, n.split(".")[0]) for n in names if n.split(".")[0] in sys.stdlib_module_names}
    return found


def test_standard_library_imports_sit_at_the_top_of_their_module():
    """An import inside a function is for an optional extra (ipywidgets, starlette...) or a layer
    above; the standard library is imported at the top, unless it has a reason to wait."""
    found = lazy_standard_imports()
    assert sorted(f"{m} imports {n} inside a function" for m, n in found - set(LAZY_STANDARD_LIBRARY)) == []
    assert sorted(set(LAZY_STANDARD_LIBRARY) - found) == [], "no longer imported inside a function: drop it"
