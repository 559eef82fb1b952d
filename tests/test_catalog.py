"""The message catalog: every key is used somewhere, every key a screen asks for exists."""

import ast
import re

from tests.apptest import ROOT
from ui.text import CATALOG

SOURCES = [p for folder in ("pages", "ui") for p in (ROOT / folder).rglob("*.py") if "catalog" not in p.parts]
SOURCES.append(ROOT / "app.py")


def mentioned() -> tuple[set[str], list[re.Pattern]]:
    """Every string constant of the screens' code, and a pattern for each ``t(f"...")`` key built at run time."""
    constants, patterns = set(), []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "t" and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.JoinedStr):
                    parts = [re.escape(v.value) if isinstance(v, ast.Constant) else "[^.]+" for v in arg.values]
                    patterns.append(re.compile("".join(parts) + "$"))
    return constants, patterns


def test_every_message_key_is_mentioned_by_the_code():
    constants, patterns = mentioned()
    unused = [k for k in CATALOG["en"] if k not in constants and not any(p.match(k) for p in patterns)]
    assert unused == []


def test_every_key_the_code_asks_for_exists():
    missing = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "t" and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and arg.value not in CATALOG["en"]:
                    missing.append(f"{path.name}: {arg.value}")
    assert missing == []
