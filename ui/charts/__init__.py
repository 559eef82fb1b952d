"""Vega-Lite chart builders shared by the screens.

Each builder returns a plain Vega-Lite dict with its data inline, ready for
``st.vega_lite_chart``; building the dict directly keeps a rerun cheap (no
schema validation on every run). Source positions are coloured through
:func:`ui.palette.position_scale` on every screen; tooltips give exact values.
Rows are lists of dicts, one dict a data point.

The builders live by family: :mod:`ui.charts.bars`, :mod:`ui.charts.lines`,
:mod:`ui.charts.heatmaps`, :mod:`ui.charts.plane` (the 2-D sources) and
:mod:`ui.charts.sweeps` (over the decoder state s), on the
shared types and helpers of :mod:`ui.charts.spec`. Screens import them from here.
"""

from ui.charts.bars import bars_by_position, grouped_bars, target_bars
from ui.charts.heatmaps import alignment_heatmap, heatmap, split_heatmap
from ui.charts.lines import loss_curve, model_lines, series, series_panels
from ui.charts.plane import convex_hull_rows, source_plane
from ui.charts.spec import CONFIG, FONT, Rows, Spec
from ui.charts.sweeps import curves, steps

__all__ = [
    "CONFIG",
    "FONT",
    "Rows",
    "Spec",
    "alignment_heatmap",
    "bars_by_position",
    "convex_hull_rows",
    "curves",
    "grouped_bars",
    "heatmap",
    "loss_curve",
    "model_lines",
    "series",
    "series_panels",
    "source_plane",
    "split_heatmap",
    "steps",
    "target_bars",
]
