"""Chart families shared by the screens, authored in Altair.

Each builder takes the rows to draw and the chart's shape (titles, labels,
options) and returns a Vega-Lite dict with the rows inline, ready for
``st.vega_lite_chart``. The Altair chart of a shape is built and validated once
and kept (:mod:`ui.charts.template`), so a rerun pays only for its rows. Source
positions are coloured through :func:`ui.palette.position_scale` on every
screen; tooltips give exact values. Rows are lists of dicts, one dict a data
point; the rows of a chart that follows the state slider may be held as
``core``'s arrays instead (:mod:`ui.charts.state_rows`), which read as such a
list. A chart may follow a slider in the browser (:mod:`ui.scrub`).

The builders live by family: :mod:`ui.charts.bars`, :mod:`ui.charts.lines`,
:mod:`ui.charts.heatmaps`, :mod:`ui.charts.alignment` (the weights as lines between two rows of words),
:mod:`ui.charts.plane` (the 2-D sources),
:mod:`ui.charts.sweeps` (over the decoder state s), :mod:`ui.charts.limits` and
:mod:`ui.charts.self_attention`, on the shared types and helpers of
:mod:`ui.charts.spec`. Screens import them from here.
"""

from ui.charts.alignment import alignment_lines
from ui.charts.answers import answer_bars, answer_points, answer_strip, answer_words, right_shares
from ui.charts.bars import bars_by_position, grouped_bars, spanning, target_bars
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
    "alignment_lines",
    "answer_bars",
    "answer_points",
    "answer_strip",
    "answer_words",
    "bars_by_position",
    "convex_hull_rows",
    "curves",
    "grouped_bars",
    "heatmap",
    "loss_curve",
    "model_lines",
    "right_shares",
    "series",
    "series_panels",
    "source_plane",
    "spanning",
    "split_heatmap",
    "steps",
    "target_bars",
]
