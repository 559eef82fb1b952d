"""Screen 4's link settings: the interval of s swept, its number of points and the coordinate of c drawn (the
walkthrough's sweep steps use the first two)."""

from __future__ import annotations

from ui import codec
from ui.links import S_RANGE, Binding, number
from ui.text import t

POINTS_RANGE = (20, 2000)


def parse_interval(text: str) -> tuple[float, float]:
    lo, hi = S_RANGE
    ends = codec.parse_vector(text)
    if len(ends) != 2 or not lo <= ends[0] < ends[1] <= hi:
        raise ValueError(t("sweep.bad_link_interval", lo=f"{lo:g}", hi=f"{hi:g}", value=codec.cut(text)))
    return float(ends[0]), float(ends[1])


def ordered_interval(interval: tuple[float, float]) -> tuple[float, float]:
    """An interval of s whose low end is below its high end, as a reader sets it with a range slider (a link's
    interval is checked by :func:`parse_interval`)."""
    low, high = interval
    if low >= high:
        raise ValueError(t("sweep.low_not_below_high"))
    return low, high


SWEEP = Binding("sweep", (-3.0, 3.0), parse_interval, codec.format_vector)
POINTS = Binding("points", 301, number(*POINTS_RANGE, whole=True))
SWEEP_COORD = Binding("coord", 1, number(1, 2, whole=True))  # which coordinate of c the soft/hard chart draws
