"""The server's start (``serve.py``): every module of the app imported before Streamlit listens, no screen's script."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path

import serve

ROOT = Path(__file__).resolve().parents[1]


def test_every_module_of_the_app_is_listed_and_no_screens_script() -> None:
    listed = set(serve.modules())
    on_disk = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for package in serve.PACKAGES
        for p in (ROOT / package).rglob("*.py")
    }
    scripts = {name for name in on_disk if name.endswith(".page")}
    assert scripts and listed == on_disk - scripts


def test_the_start_imports_them_all_quietly_and_runs_no_screen() -> None:
    """In a fresh process: nothing fails, the libraries the charts need are imported, no screen's script ran, and
    Streamlit's note about caches made before a server is not written."""
    probe = (
        "import json, sys, serve; failed = serve.import_all(); "
        "scripts = sorted(m for m in sys.modules if m.startswith('screens.') and m.endswith('.page')); "
        "print(json.dumps([failed, scripts, 'altair' in sys.modules]))"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == [[], [], True]
    assert "No runtime found" not in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_each_modules_warm_up_is_called_and_one_that_fails_is_named(monkeypatch) -> None:
    called = []
    warm = types.ModuleType("warm_probe")
    warm.warm_up = lambda: called.append("warm")
    failing = types.ModuleType("failing_probe")
    failing.warm_up = lambda: 1 / 0
    cold = types.ModuleType("cold_probe")
    for module in (warm, failing, cold):
        monkeypatch.setitem(sys.modules, module.__name__, module)
    assert serve.warm_up(["warm_probe", "failing_probe", "cold_probe", "not_imported"]) == ["failing_probe"]
    assert called == ["warm"]


def test_the_translators_first_run_is_warmed_up() -> None:
    from screens.translator import section

    assert callable(getattr(section, serve.WARM_UP))


def test_the_translators_warm_up_reads_every_reading_models_alignments_over_training(monkeypatch) -> None:
    """The sentence under screen 6's heatmap says how each reading model's alignments moved over training: worked
    out before the server listens for every model a reader can choose, not in the first run that chooses it."""
    import core.translator as tr
    from core.translator import api
    from screens.translator import section
    from ui.settings import translator as settings
    from ui.translator import sentences

    tr.alignment_setbacks.cache_clear()
    section.warm_up()

    def read_again(*args: object) -> None:
        raise AssertionError("a reader's run read the examples' alignments again")

    monkeypatch.setattr(api, "teacher_forced_weights", read_again)
    for model in settings.READERS:
        pairs, _ = tr.alignment_setbacks(sentences.example_sentences(), model)
        assert pairs > 0
