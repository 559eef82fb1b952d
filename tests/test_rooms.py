"""The code's rooms: a screen's code imports no other screen's. What two screens draw alike (the walkthrough shows
parts of screens 1, 5 and 6) lives in ``ui/``; what they share of another screen is its link settings, read from
that screen's ``settings`` module (data: bindings and their parsers, no drawing)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCREENS = ROOT / "screens"


def owner(path: Path) -> str:
    """The screen a module of ``screens/`` belongs to: ``screens/5_learning.py`` and ``screens/learning/*`` are
    "learning"; the home page and its walkthrough (``screens/walkthrough/``) are "walkthrough"."""
    rel = path.relative_to(SCREENS)
    if len(rel.parts) > 1:
        return rel.parts[0]
    stem = re.sub(r"^\d+_", "", rel.stem)
    return "walkthrough" if stem == "home" else stem


def screens_imported(path: Path) -> set[str]:
    """The screens' packages whose code a module imports (``from screens.learning import x`` -> "learning"); a
    screen's ``settings`` module is not its code (``from screens.learning.settings import X``, ``from
    screens.learning import settings``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names if node.module == "screens"]
            if len(node.module.split(".")) == 2 and all(a.name == "settings" for a in node.names):
                names = [f"{node.module}.settings"]
        for name in names:
            parts = name.split(".")
            if parts[0] == "screens" and len(parts) > 1 and parts[2:3] != ["settings"]:
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
    assert owner(module) == "walkthrough" and owner(SCREENS / "home.py") == "walkthrough"
    assert owner(SCREENS / "5_learning.py") == "learning"
    probe = tmp_path / "probe.py"
    probe.write_text("from screens.learning import training\nimport screens.translator.live\nfrom screens import x")
    assert screens_imported(probe) == {"learning", "translator", "x"}
    probe.write_text("from screens.learning.settings import LEARN_LR\nfrom screens.scoring import settings")
    assert screens_imported(probe) == set()
    probe.write_text("from screens.learning import settings, training")
    assert screens_imported(probe) == {"learning"}
