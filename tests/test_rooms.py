"""The code's rooms: a screen's code imports no other screen's. What two screens draw alike (the walkthrough shows
parts of screens 1, 5 and 6) lives in ``ui/``, and so do every screen's link settings (``ui/settings/``: data, bindings
and their parsers, no drawing), which more than one screen reads.

The house's floors: ``core`` (the numbers), ``classroom`` (the class's store), ``ui`` (what screens draw alike),
the screens, then the tools around them (``bench``, ``deploy``). A module imports from its own floor and the floors
below it, never from one above; and no modules import each other, however far round: a circle of imports, even one
hidden in a function, is one room that nobody can read or change alone."""

from __future__ import annotations

import ast
import re
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCREENS = ROOT / "screens"
# The floors, the lowest first; a package of one floor imports nothing of a higher one.
FLOORS = (("core",), ("classroom",), ("ui",), ("screens", "pages"), ("bench", "deploy"))
PACKAGES = tuple(name for names in FLOORS for name in names)


def owner(path: Path) -> str:
    """The screen a module of ``screens/`` belongs to, its package: ``screens/learning/page.py`` and
    ``screens/learning/*`` are "learning"; the home page and its walkthrough (``screens/walkthrough/``) are
    "walkthrough"; ``screens/__init__.py`` is no screen's ("")."""
    rel = path.relative_to(SCREENS)
    return rel.parts[0] if len(rel.parts) > 1 else ""


def screens_imported(path: Path) -> set[str]:
    """The screens' packages a module imports (``from screens.learning import x`` -> "learning")."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names if node.module == "screens"]
        for name in names:
            parts = name.split(".")
            if parts[0] == "screens" and len(parts) > 1:
                found.add(parts[1])
    return found


def test_no_screen_imports_another_screens_code():
    modules = sorted(SCREENS.rglob("*.py"))
    assert len(modules) > 20
    crossings = {
        str(p.relative_to(ROOT)): sorted(others) for p in modules if (others := screens_imported(p) - {owner(p)})
    }
    assert crossings == {}


def test_the_check_sees_an_import_of_another_screen(tmp_path):
    module = SCREENS / "walkthrough" / "learning.py"
    assert owner(module) == "walkthrough" and owner(SCREENS / "walkthrough" / "page.py") == "walkthrough"
    assert owner(SCREENS / "learning" / "page.py") == "learning" and owner(SCREENS / "__init__.py") == ""
    probe = tmp_path / "probe.py"
    probe.write_text("from screens.learning import training\nimport screens.translator.live\nfrom screens import x")
    assert screens_imported(probe) == {"learning", "translator", "x"}
    probe.write_text("from ui.settings.learning import LEARN_LR\nfrom ui.settings import scoring")
    assert screens_imported(probe) == set()


def modules(root: Path = ROOT) -> dict[str, Path]:
    """The project's modules by dotted name (``core.translator.api``; a package by its folder's: ``core.translator``),
    those of :data:`PACKAGES` under ``root``."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The project's modules (of ``known``) that the module ``name`` at ``path`` imports, at its top or inside a
    function: ``import a.b`` and ``from a import b`` are ``a.b`` where that is a module, else the nearest package
    (``from a.b import name`` is ``a.b``); a relative import counts from the module's package. A module found at run
    time counts too, by the text that names it: ``importlib.import_module(f"screens.{name}.settings")`` imports from
    ``screens`` (an f-string that starts with a package's name and a dot; a string that is a module's dotted name)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()

    def add(target: str) -> None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)

    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
        elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
            head = re.match(r"(\w+)\.", str(node.values[0].value))
            if head and head.group(1) in PACKAGES:
                add(head.group(1))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "." in node.value:
            if node.value in known:
                add(node.value)
    return found


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Every project module under ``root`` -> the project's modules it imports (:func:`imports`)."""
    found = modules(root)
    return {name: imports(name, path, set(found)) for name, path in found.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles of imports: for each module on one, the shortest way from it back to itself, each circle once,
    from its first module in name order (``[a, b, a]``: a imports b, b imports a)."""
    found = {}
    for start in sorted(graph):
        came_from = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if start in graph[here]:
                way = [*reversed(_back(came_from, here)), start]
                first = min(way[:-1])
                turn = way.index(first)
                found.setdefault(frozenset(way), [*way[turn:-1], *way[:turn], first])
                break
            for there in sorted(graph[here]):
                if there not in came_from:
                    came_from[there] = here
                    queue.append(there)
    return sorted(found.values())


def _back(came_from: dict[str, str | None], here: str) -> list[str]:
    """The way back from ``here`` to the search's start, ``here`` first."""
    way = [here]
    while came_from[way[-1]] is not None:
        way.append(came_from[way[-1]])
    return way


def floor(module: str) -> int:
    return next(k for k, names in enumerate(FLOORS) if module.split(".")[0] in names)


def upward(graph: dict[str, set[str]]) -> dict[str, list[str]]:
    """Each module that imports from a floor above its own -> those modules, in name order."""
    found = {a: sorted(b for b in bs if floor(b) > floor(a)) for a, bs in sorted(graph.items())}
    return {a: bs for a, bs in found.items() if bs}


def test_no_circle_of_imports():
    graph = import_graph()
    assert len(graph) > 150 and "core.translator.api" in graph["core.translator"]
    assert [" -> ".join(circle) for circle in circles(graph)] == []


def test_no_import_from_a_floor_above():
    assert upward(import_graph()) == {}


def test_the_checks_see_a_circle_and_an_import_from_above(tmp_path):
    for name, source in {
        "core/__init__.py": "",
        "core/a.py": "from core import b\n",
        "core/b.py": "def later():\n    from core.c import x\n",  # in a function: a circle all the same
        "core/c.py": "from . import a\nfrom .d import y\n",
        "core/d.py": "import core.e\n",
        "core/e.py": "",
        "core/f.py": "def later():\n    import ui.frame\n",  # in a function: upward all the same
        "ui/__init__.py": "",
        "ui/frame.py": "import ui.widgets as w\n",
        "ui/widgets.py": "from ui.frame import KEY\nimport core.a\n",
        "ui/links.py": "import importlib\nS = [importlib.import_module(f'screens.{n}.settings') for n in 'ab']\n",
        "ui/probe.py": "import importlib\nLEARNING = importlib.import_module('screens.learning.settings')\n",
        "screens/__init__.py": "",
        "screens/learning/__init__.py": "",
        "screens/learning/settings.py": "from ui import frame\n",
    }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(source)
    graph = import_graph(tmp_path)
    assert graph["core.c"] == {"core.a", "core.d"} and graph["core.d"] == {"core.e"}
    assert circles(graph) == [["core.a", "core.b", "core.c", "core.a"], ["ui.frame", "ui.widgets", "ui.frame"]]
    assert upward(graph) == {
        "core.f": ["ui.frame"],
        "ui.links": ["screens"],
        "ui.probe": ["screens.learning.settings"],
    }


def test_every_screen_is_one_package_whose_page_app_py_declares():
    """One shape for every screen: ``screens/<name>/`` with ``__init__.py`` and ``page.py``, the script ``app.py``
    declares with the screen's address; no screen is a file of its own beside the packages."""
    from app import SCREENS as DECLARED

    packages = sorted(p.name for p in SCREENS.iterdir() if (p / "__init__.py").is_file())
    assert sorted(p.name for p in SCREENS.glob("*.py")) == ["__init__.py"]
    assert sorted(p.name for p in SCREENS.iterdir() if p.is_dir() and p.name != "__pycache__") == packages
    assert [s.script for s in DECLARED] == [f"screens/{owner(ROOT / s.script)}/page.py" for s in DECLARED]
    assert sorted(owner(ROOT / s.script) for s in DECLARED) == packages
    addresses = [s.url_path for s in DECLARED]
    assert addresses[0] == "" and len(set(addresses)) == len(addresses)  # the home page first, at "/"
