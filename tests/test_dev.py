"""dev.py: the pinned axe-core installed into .cache/axe, and again when another is there; where compiled modules go."""

from __future__ import annotations

import json
import sys

import pytest

import dev
from tests import browser


@pytest.fixture
def axe_dir(tmp_path, monkeypatch):
    """A project root with an axe-core of the given version in its .cache/axe; returns a function writing one."""
    package = tmp_path / ".cache" / "axe" / "node_modules" / "axe-core"
    monkeypatch.setattr(dev, "ROOT", tmp_path)
    monkeypatch.setattr(browser, "ROOT", tmp_path)
    monkeypatch.setattr(dev, "AXE_DIR", tmp_path / ".cache" / "axe")
    monkeypatch.setattr(dev, "AXE_SCRIPT", package / "axe.min.js")
    monkeypatch.setattr(dev, "AXE_PACKAGE", package / "package.json")

    def install(version: str) -> None:
        package.mkdir(parents=True, exist_ok=True)
        (package / "axe.min.js").write_text("/* axe */")
        (package / "package.json").write_text(json.dumps({"name": "axe-core", "version": version}))

    return install


@pytest.fixture
def npm(monkeypatch):
    """The npm commands dev.py runs, recorded instead of run."""
    commands: list[list[str]] = []
    monkeypatch.setattr(dev.shutil, "which", lambda name: "/usr/bin/npm" if name == "npm" else None)
    monkeypatch.setattr(dev.subprocess, "call", lambda command, cwd: commands.append(command) or 0)
    return commands


def test_the_pin_is_one_exact_version():
    assert all(part.isdigit() for part in dev.AXE_VERSION.split(".")) and dev.AXE_VERSION.count(".") == 2


def test_axe_core_is_installed_where_there_is_none(axe_dir, npm):
    assert dev.installed_axe_version() is None
    dev.ensure_axe()
    assert len(npm) == 1 and npm[0][-1] == f"axe-core@{dev.AXE_VERSION}"


def test_another_version_is_replaced_by_the_pinned_one(axe_dir, npm):
    axe_dir("4.11.0")
    assert dev.installed_axe_version() == "4.11.0" != dev.AXE_VERSION
    dev.ensure_axe()
    assert len(npm) == 1 and npm[0][-1] == f"axe-core@{dev.AXE_VERSION}"


def test_the_pinned_version_is_kept(axe_dir, npm):
    axe_dir(dev.AXE_VERSION)
    dev.ensure_axe()
    assert npm == []


def test_the_accessibility_tests_do_not_audit_with_another_version(axe_dir, monkeypatch):
    monkeypatch.delenv("ATTENTION_REQUIRE_BROWSER", raising=False)
    axe_dir("4.11.0")
    with pytest.raises(pytest.skip.Exception, match=f"axe-core 4.11.0.*need axe-core {dev.AXE_VERSION}"):
        browser.axe_script()
    monkeypatch.setenv("ATTENTION_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="4.11.0"):
        browser.axe_script()
    axe_dir(dev.AXE_VERSION)
    assert browser.axe_script() == dev.AXE_SCRIPT


def test_the_processes_dev_py_starts_keep_their_compiled_modules_outside_the_source_tree(monkeypatch, tmp_path):
    """Even where the environment says not to write compiled modules, the app and the tests keep them in
    .cache/pycache (each server a test starts compiled Streamlit and the app afresh); a prefix chosen is kept."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.delenv("PYTHONPYCACHEPREFIX", raising=False)
    monkeypatch.setattr(dev, "PYCACHE", tmp_path / "pycache")
    module = tmp_path / "src" / "kept_compiled.py"
    module.parent.mkdir()
    module.write_text("VALUE = 1\n")
    code = f"import sys; sys.path.insert(0, {str(module.parent)!r}); import kept_compiled"
    assert dev.subprocess.call([sys.executable, "-c", code], env=dev.environment()) == 0
    assert list((tmp_path / "pycache").rglob("kept_compiled*.pyc")), "compiled into .cache/pycache"
    assert not (module.parent / "__pycache__").exists(), "and nothing beside the source"
    monkeypatch.setenv("PYTHONPYCACHEPREFIX", str(tmp_path / "chosen"))
    assert dev.environment()["PYTHONPYCACHEPREFIX"] == str(tmp_path / "chosen")
