"""ui.streamlit_private: on Streamlit's public API alone (another version installed, or ATTENTION_PUBLIC_STREAMLIT=1)
every screen draws the page it draws with the private uses, and the app then uses none of them.

The screens' runs are long (a minute on two cores): CI runs them (ATTENTION_LONG=1), a developer's run leaves them
out. The check of the version and the setting is quick and always runs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from streamlit import util
from streamlit.proto.NewSession_pb2 import CustomThemeConfig
from streamlit.runtime import app_session
from streamlit.runtime.state.session_state import SessionState

from app import SCREENS
from tests.apptest import ROOT, charts, errors, no_exception, run_page, shown_text
from ui import forged, kept, message_hash, streamlit_private


def page_seen(at) -> tuple[str, list[object]]:
    """What the reader reads and the charts as drawn: their specs and their data, whichever way they were sent."""
    drawn = []
    for chart in charts(at):
        data = chart.proto.data.data if chart.proto.HasField("data") else b""
        drawn.append((json.loads(chart.proto.spec), bytes(data), [d.name for d in chart.proto.datasets]))
    return shown_text(at), drawn


def moved(at):
    """The page's first slider moved to its other end (a select slider to its other end): what a reader does first on
    most screens, and what reruns the sections that follow it."""
    sliders = at.get("slider")
    if sliders:
        s = sliders[0]
        low, high = s.proto.min, s.proto.max
        value = s.value
        single = not isinstance(value, (list, tuple))
        target = (high if value != high else low) if single else (low, high)
        return s.set_value(target).run()
    steps = at.get("select_slider")
    if steps:
        s = steps[0]
        options = list(s.options)
        target = options[-1] if str(s.value) != options[-1] else options[0]
        return s.set_value(target).run()
    return at.run()


@pytest.fixture
def public(monkeypatch):
    """The app on Streamlit's public API for one test; the private uses installed again after it."""
    monkeypatch.setattr(streamlit_private, "PUBLIC", True)
    kept.forget_all()
    yield
    monkeypatch.undo()
    message_hash.install()
    forged.install()
    streamlit_private.install_theme_cache()


def private_uses_left() -> list[str]:
    """What of Streamlit the app changed and has not given back."""
    left = []
    if util.create_fast_hasher is not streamlit_private.streamlits_hasher():
        left.append("create_fast_hasher")
    if hasattr(SessionState.set_widgets_from_proto, "streamlits"):
        left.append("set_widgets_from_proto")
    if hasattr(app_session._populate_theme_msg, "streamlits"):
        left.append("_populate_theme_msg")
    return left


PATHS = [s.script for s in SCREENS]


@pytest.mark.long
@pytest.mark.parametrize("path", PATHS)
def test_every_screen_draws_the_same_page_on_the_public_api(path, monkeypatch):
    """The screen opened, then its first slider moved: the same text and the same charts, on the private uses and
    on the public API (where each chart is built on every run and drawn with st.vega_lite_chart)."""
    at = run_page(path)
    private_pages = [page_seen(at)]
    private_pages.append(page_seen(moved(at)))  # the same AppTest, run again
    monkeypatch.setattr(streamlit_private, "PUBLIC", True)
    sent: list[object] = []
    monkeypatch.setattr(streamlit_private, "send_chart", sent.append)  # a kept message sent by hand: none now
    try:
        at = run_page(path)
        no_exception(at)
        assert private_uses_left() == []
        assert page_seen(at) == private_pages[0]
        at = moved(at)
        no_exception(at)
        assert page_seen(at) == private_pages[1]
        assert sent == []
    finally:
        monkeypatch.undo()
        message_hash.install()
        forged.install()
        streamlit_private.install_theme_cache()


@pytest.mark.long
def test_the_walkthrough_left_and_begun_again_is_the_same_on_the_public_api(monkeypatch):
    """Leave a step, Start, Next: the step's section is rerun by its key where it is on the page, the whole page
    where it is not (which the public API cannot tell: a key Streamlit refuses makes it a whole rerun)."""

    def walk() -> list[object]:
        at = run_page(PATHS[0], query={"step": "5"})
        seen = [page_seen(at)]
        for key in ("walk_leave", "walk_start", "walk_next"):
            at.button(key=key).click().run()
            no_exception(at)
            assert errors(at) == [], key
            seen.append(page_seen(at))
        return seen

    private = walk()
    monkeypatch.setattr(streamlit_private, "PUBLIC", True)
    try:
        assert walk() == private
    finally:
        monkeypatch.undo()
        message_hash.install()
        forged.install()
        streamlit_private.install_theme_cache()


def test_the_private_uses_are_installed_and_given_back(public):
    at = run_page(PATHS[0])
    no_exception(at)
    assert private_uses_left() == []
    streamlit_private.PUBLIC = False
    at.run()
    no_exception(at)
    assert private_uses_left() == ["create_fast_hasher", "set_widgets_from_proto", "_populate_theme_msg"]


THEME_PARTS = ("theme", "theme.light", "theme.dark", "theme.sidebar", "theme.light.sidebar", "theme.dark.sidebar")


def test_the_theme_built_once_is_the_theme_streamlit_builds_on_every_run():
    """Each part of the theme, written from the copy (twice: built, then kept), is the message Streamlit writes from
    the configuration, and the app's configuration does give the dark theme a colour (so the copy is not empty)."""
    streamlit_private.install_theme_cache()
    populate = app_session._populate_theme_msg
    own = populate.streamlits
    written = {}
    for part in THEME_PARTS:
        expected = CustomThemeConfig()
        own(expected, part)
        for _ in range(2):
            got = CustomThemeConfig()
            populate(got, part)
            assert got == expected, part
        written[part] = expected
    assert written["theme.dark"].primary_color == "#e5707b"


def test_another_version_is_said_at_the_top_of_the_sidebar(public, monkeypatch):
    monkeypatch.setattr(streamlit_private, "INSTALLED", "1.68.0")
    at = run_page(PATHS[0])
    no_exception(at)
    said = [w.value for w in at.sidebar.warning]
    assert said and said[0] == streamlit_private.notice()
    monkeypatch.setattr(streamlit_private, "INSTALLED", streamlit_private.PINNED)
    assert [w.value for w in at.run().sidebar.warning] == []


def test_the_pinned_version_is_the_required_one():
    pinned = [line for line in (ROOT / "requirements.txt").read_text().splitlines() if line.startswith("streamlit==")]
    assert pinned == [f"streamlit=={streamlit_private.PINNED}"]


def test_another_version_is_said_with_what_to_do():
    assert streamlit_private.notice(streamlit_private.PINNED) is None
    said = streamlit_private.notice("1.68.0")
    assert "1.68.0" in said and "1.67.0" in said
    assert "pip install -r requirements.txt" in said and "docs/upgrading-streamlit.md" in said


@pytest.mark.early
def test_the_setting_or_another_version_choose_the_public_api():
    """The pinned version, without the setting: the private uses (this process). The setting, or another version
    (a process each): the public API, and the log says what to do about the version."""

    def public_in_a_process(env: dict[str, str], version: str | None = None) -> tuple[bool, str]:
        code = "import logging, sys; logging.basicConfig(stream=sys.stdout, level=logging.INFO)\n"
        if version is not None:
            code += f"import streamlit; streamlit.__version__ = {version!r}\n"
        code += "from ui import streamlit_private; print(streamlit_private.PUBLIC)"
        env = {k: v for k, v in os.environ.items() if k != streamlit_private.SETTING} | env
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        return out.stdout.strip().endswith("True"), out.stdout + out.stderr

    if os.environ.get(streamlit_private.SETTING) != "1":
        assert streamlit_private.PUBLIC is False
    assert public_in_a_process({streamlit_private.SETTING: "1"})[0] is True
    public, log = public_in_a_process({}, version="1.68.0")
    assert public is True
    assert "Streamlit 1.68.0 is installed" in log and "pip install -r requirements.txt" in log
