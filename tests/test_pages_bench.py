"""bench/pages.py times reruns as the server runs them: the page's script compiled once, not on every rerun."""

from __future__ import annotations

import builtins

from streamlit.testing.v1 import app_test, local_script_runner

from bench import pages


def compiles_per_rerun(monkeypatch, path) -> float:
    at = pages.AppTest.from_file(str(path), default_timeout=30)
    at.run()
    count = [0]
    real = builtins.compile

    def counting(*args, **kwargs):
        count[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(builtins, "compile", counting)
    for _ in range(3):
        at.run()
    monkeypatch.setattr(builtins, "compile", real)
    return count[0] / 3


def test_the_benchmark_keeps_compiled_scripts_across_reruns_as_the_server_does(monkeypatch, tmp_path):
    script = tmp_path / "page.py"
    script.write_text("import streamlit as st\n\nst.write('a page')\n")
    for module in (app_test, local_script_runner):  # put back after the test whatever as_served() sets
        monkeypatch.setattr(module, "ScriptCache", module.ScriptCache)
    assert compiles_per_rerun(monkeypatch, script) >= 1  # AppTest by itself compiles the script on every run
    pages.as_served()
    assert compiles_per_rerun(monkeypatch, script) == 0
