"""Helpers for the pages' AppTest tests."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import UnknownElement as VegaLiteChart

from core.example import report
from tests.chart_meaning import transformed
from ui.format import JOINER
from ui.frame import HOME

ROOT = Path(__file__).resolve().parents[1]
REPORT = report()  # what `python -m core.example` prints, as data


def run_page(page: str, query: dict[str, str] | None = None, timeout: float = 30) -> AppTest:
    """Run one page (``"app.py"`` or ``"screens/…"``) once, optionally opened from a URL query."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=timeout)
    if page not in ("app.py", HOME):
        at.switch_page(page)
    if query:
        at.query_params.update(query)
    return at.run()


def shown_text(at: AppTest) -> str:
    """All markdown, captions, LaTeX, errors and warnings the page shows, as one string."""
    parts = [
        e.value
        for kind in ("markdown", "caption", "latex", "error", "warning", "info", "subheader", "title")
        for e in getattr(at, kind)
    ]
    return "\n".join(str(p) for p in parts)


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
    return pd.DataFrame(transformed(layer["data"]["values"], layer.get("transform", []), params))


def chart_spec(chart: VegaLiteChart) -> dict:
    return json.loads(chart.proto.spec)


def unescaped(markdown: str) -> str:
    """The characters a reader sees of Markdown whose punctuation is escaped (see ``ui.format.plain``)."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown).replace(JOINER, "")


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
