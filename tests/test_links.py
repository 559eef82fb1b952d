"""Link settings: one declared binding each, every key and default known before any page runs."""

import json
import subprocess
import sys

import pytest

from tests.apptest import ROOT, no_exception, run_page
from ui import links, state


@pytest.mark.parametrize("b", links.VIEWS, ids=lambda b: b.key)
def test_every_default_reads_back_from_its_own_text(b):
    assert b.parse(b.default_text) == b.default
    assert state.DEFAULTS[b.key] == b.default_text


def test_keys_and_widget_keys_are_unique_and_disjoint_from_the_model():
    keys = [b.key for b in links.VIEWS]
    assert len(set(keys)) == len(keys)
    assert not set(keys) & set(state.MODEL_DEFAULTS)
    assert len({b.widget_key for b in links.VIEWS}) == len(keys)


FRESH_SERVER = """
import json, sys
from streamlit.testing.v1 import AppTest
at = AppTest.from_file(sys.argv[1], default_timeout=60)
at.switch_page(sys.argv[2])
at.query_params.update(json.loads(sys.argv[3]))
at.run()
print(json.dumps({"query": dict(at.query_params), "exception": [e.value for e in at.exception]}))
"""


def test_a_link_keeps_settings_of_screens_this_process_has_not_drawn_yet():
    """On a fresh process, a link opened on screen 2 keeps screen 4's and 5's settings."""
    query = {"learn_g1": "0.3", "points": "500", "tr_tab": "results"}
    out = subprocess.run(
        [sys.executable, "-c", FRESH_SERVER, str(ROOT / "app.py"), "pages/2_revisitable_source.py", json.dumps(query)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["exception"] == []
    assert result["query"] == query


def test_one_sessions_visits_do_not_change_the_table_of_defaults():
    before = dict(state.DEFAULTS)
    for page in ("pages/3_scoring.py", "pages/4_state_sweep.py", "pages/5_learning.py"):
        no_exception(run_page(page))
    assert state.DEFAULTS == before


def test_reset_restores_the_model_and_keeps_the_screens_own_settings():
    at = run_page("pages/3_scoring.py", query={"s": "2", "f": "relu", "q1": "2"})
    at.button(key="nav_reset").click().run()
    no_exception(at)
    assert at.slider(key="w_s").value == -1.0
    assert dict(at.query_params) == {"f": "relu", "q1": "2"}
