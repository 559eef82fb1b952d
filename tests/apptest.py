"""Helpers for the pages' AppTest tests."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import UnknownElement as VegaLiteChart
from streamlit.testing.v1.element_tree import parse_tree_from_messages
from streamlit.util import calc_hash

from app import SCREENS
from core.example import report
from tests.chart_meaning import follows_slider, transformed
from ui.format import unescaped
from ui.frame import WHOLE_RUNS

ROOT = Path(__file__).resolve().parents[1]
REPORT = report()  # what `python -m core.example` prints, as data
HOME = SCREENS[0].script  # the home page's script; its address is empty


def marks_outside(text: str) -> str:
    """``text`` with the comma, full stop or semicolon that :func:`ui.text.t` takes into an inline formula's end put
    back after it ("$x,$" -> "$x$,"): a message quoted inside another one may end before its mark, or not."""
    return re.sub(r"(?<!\$)\$(?!\$)([^$\n]+?)([.,;])\$", r"$\1$\2", text)


def scan_components_once() -> None:
    """Scan the installed packages for Streamlit components once a test process, not once an AppTest.

    Each AppTest's first run builds its own registry of components and fills it by reading the metadata of every
    installed distribution (``scan_component_manifests``): about a third of a page test's time. A server scans once,
    when it starts, and its sessions share the result; the packages do not change while the tests run, so here the
    scan's result is kept for the process and each AppTest still registers the components in its own registry.
    """
    from streamlit.components.v2 import manifest_scanner

    scan = manifest_scanner.scan_component_manifests
    if getattr(scan, "once", False):
        return
    found: list = []

    def once(*args, **kwargs):
        if not found:
            found.append(scan(*args, **kwargs))
        return list(found[0])

    once.once = True  # type: ignore[attr-defined]
    once.fresh = scan  # type: ignore[attr-defined]
    manifest_scanner.scan_component_manifests = once


class ReaderTest(AppTest):
    """An AppTest whose tree is the page as the reader's browser shows it after each run.

    A control whose callback reruns some sections by their keys (``ui.sections``) makes a run of those sections
    only; the browser keeps the rest of the page and redraws those sections in place, but AppTest's tree would
    then hold those sections alone. Here the tree of such a run is the last whole run's with that run's
    elements drawn over it, at their places.
    """

    _page: list = []  # the messages that drew the page the reader sees

    def _run(self, *args, **kwargs):  # type: ignore[override]
        from streamlit.testing.v1 import app_test

        whole = self.session_state[WHOLE_RUNS] if WHOLE_RUNS in self.session_state else 0
        original, drawn = app_test.LocalScriptRunner.run, []
        registered = dict(getattr(self, "_registered_pages", None) or {})

        def run(runner, *a, **k):
            tree = original(runner, *a, **k)
            drawn.extend(runner.forward_msgs())
            return tree

        class SessionPages(PagesManager):
            """A server's session keeps the screens st.navigation declared from one run to the next (a section
            that reruns alone, without the navigation, links to them); AppTest starts each run without them."""

            def __init__(self, *a, **k):
                super().__init__(*a, **k)
                if registered:
                    self._set_pages(registered)

        app_test.LocalScriptRunner.run = run
        app_test.PagesManager = SessionPages
        try:
            out = super()._run(*args, **kwargs)
        finally:
            app_test.LocalScriptRunner.run = original
            app_test.PagesManager = PagesManager
        if WHOLE_RUNS in self.session_state and self.session_state[WHOLE_RUNS] != whole:
            self._page = drawn
        else:  # sections only: drawn over the page, each in place of what it drew before (as the browser does)
            ran = {m.delta.fragment_id for m in drawn if m.HasField("delta") and m.delta.fragment_id}
            # What the run drew at a place replaces what was there, and whatever was inside it (a section inside
            # a section that reran and drew something else there is gone with it).
            places = {tuple(m.metadata.delta_path) for m in drawn if m.HasField("delta")}

            def replaced(m) -> bool:
                path = tuple(m.metadata.delta_path)
                return any(path[:k] in places for k in range(1, len(path) + 1))

            kept = [m for m in self._page if not (m.HasField("delta") and (m.delta.fragment_id in ran or replaced(m)))]
            self._page = [*kept, *drawn]
            self._tree = parse_tree_from_messages(self._page)
            self._tree._runner = self
        self._follow_sliders()
        return out

    def _follow_sliders(self) -> None:
        """What the page's script does in the browser: each chart's parameter named after a slider's widget key
        takes the slider's value (a select slider's: its option's index), whatever the chart was drawn at."""
        values: dict[str, object] = {}
        for slider in self._tree.get("slider"):
            values[slider.key] = slider.value
        for slider in self._tree.get("select_slider"):
            values[slider.key] = list(slider.options).index(str(slider.value)) if slider.options else None
        for chart in self._tree.get("vega_lite_chart"):
            spec = json.loads(chart.proto.spec)
            params = [p for p in spec.get("params", []) if p.get("name") in values and "bind" in p]
            if params:
                for p in params:
                    p["value"] = values[p["name"]]
                chart.proto.spec = json.dumps(spec)


def opened_on(at: AppTest, page: str) -> AppTest:
    """``at``, before its first run, set to open the screen whose script is ``page`` (as ``app.SCREENS`` declares
    it), as a link to the screen's address opens it. AppTest would look the script up by its file's name, which is
    ``page`` for every screen: Streamlit knows a screen by its address (the page's hash is its ``url_path``'s)."""
    address = next(s.url_path for s in SCREENS if s.script == page)
    at._page_hash = calc_hash(address)
    return at


def run_page(page: str, query: dict[str, str] | None = None, timeout: float = 30) -> AppTest:
    """Run one page (``"app.py"`` or a screen's script, ``"screens/<name>/page.py"``) once, optionally opened from a
    URL query."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=timeout)
    at.__class__ = ReaderTest  # AppTest.from_file makes an AppTest whatever the class it is called on
    if page not in ("app.py", HOME):
        opened_on(at, page)
    if query:
        at.query_params.update(query)
    return at.run()


def past_the_question(at: AppTest, k: int) -> AppTest:
    """Skip walkthrough step ``k``'s question, as a reader may, so that the step shows its charts and point (a step
    asks before it shows: screens/walkthrough/asking.py)."""
    return at.button(key=f"q_step{k}_skip").click().run()


def shown_text(at: AppTest) -> str:
    """All markdown, captions, LaTeX, errors and warnings the page shows, as one string."""
    parts = [
        e.value
        for kind in ("markdown", "caption", "latex", "error", "warning", "info", "subheader", "title")
        for e in getattr(at, kind)
    ]
    return "\n".join(str(p) for p in parts)


def in_container(at: AppTest, key: str) -> str:
    """The text of every markdown and caption inside the container keyed ``key`` (``st.container(key=...)``), as one
    string; empty where the page draws no such container."""

    def blocks(node: object) -> Iterator[object]:
        for child in getattr(node, "children", {}).values():
            yield child
            yield from blocks(child)

    def inside(node: object) -> Iterator[str]:
        for e in blocks(node):
            if type(e).__name__ in ("Markdown", "Caption"):
                yield str(e.value)

    keyed = [b for b in blocks(at.main) if str(getattr(getattr(b, "proto", None), "id", "")).endswith(f"-{key}")]
    return "\n".join(text for b in keyed for text in inside(b))


def charts(at: AppTest) -> list[VegaLiteChart]:
    """The Vega-Lite charts of the page, in page order."""
    return at.get("vega_lite_chart")


def chart_data(chart: VegaLiteChart) -> pd.DataFrame:
    """The main table a chart draws: its top-level data, or else its first layer's inline values, of which a chart
    that follows a slider draws those of the slider's value, or their numbers at its value (see ``ui.scrub``).

    Streamlit ships a spec's top-level values as an Arrow table; values inside a
    layer stay in the spec's JSON.
    """
    if chart.proto.HasField("data") and chart.proto.data.data:
        return convert_arrow_bytes_to_pandas_df(chart.proto.data.data)
    spec = chart_spec(chart)
    layer = spec["layer"][0]
    params = {p["name"]: p.get("value") for p in spec.get("params", []) if "name" in p}
    return pd.DataFrame(transformed(layer["data"]["values"], layer.get("transform", []), params, follows_slider))


def chart_spec(chart: VegaLiteChart) -> dict:
    return json.loads(chart.proto.spec)


def errors(at: AppTest) -> list[str]:
    """The error messages as the reader reads them."""
    return [unescaped(e.value) for e in at.error]


def no_exception(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def edit_table(
    at: AppTest,
    key: str,
    edited_rows: dict | None = None,
    added_rows: list | None = None,
    deleted_rows: list | None = None,
) -> AppTest:
    """Apply cell edits to a keyed data editor the way the browser reports them, then rerun."""
    at.session_state[key] = {
        "edited_rows": edited_rows or {},
        "added_rows": added_rows or [],
        "deleted_rows": deleted_rows or [],
    }
    return at.run()
