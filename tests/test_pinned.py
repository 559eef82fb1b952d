"""Scales a slider cannot move get their domain written down, and only where that draws the same chart."""

from __future__ import annotations

import altair as alt
import pytest

from tests.chart_meaning import case_meanings
from ui import kept
from ui.charts import pinned
from ui.charts.spec import CONFIG
from ui.charts.template import Template
from ui.scrub import Channel

S = Channel("w_s", "s")


def _template(chart: alt.TopLevelMixin) -> Template:
    return Template(chart.add_params(S.param()).configure(**CONFIG).to_dict())


def _sweep(zero: bool | None = None) -> Template:
    """A still line over x and a rule that follows the slider along it."""
    x = alt.X(field="x", type="quantitative", scale=alt.Scale(zero=zero) if zero is not None else alt.Undefined)
    line = alt.Chart(alt.NamedData("line")).mark_line().encode(x=x, y=alt.Y(field="y", type="quantitative"))
    rule = alt.Chart(alt.NamedData("rule")).mark_rule().transform_filter(S.test()).encode(x=x)
    return _template(alt.layer(line, rule))


def _scales(spec: dict, channel: str) -> list:
    return [layer["encoding"][channel].get("scale") for layer in spec["layer"] if channel in layer["encoding"]]


LINE = [{"x": x, "y": x * x} for x in (-3.0, -1.0, 0.5, 3.0)]
RULE = [{"s": s, "x": s} for s in (-3.0, 0.0, 2.5)]


def test_a_scale_the_slider_cannot_move_is_written_with_the_data_s_span_and_nice() -> None:
    template = _sweep()
    spec = template.fill({"w_s": 0.0}, line=LINE, rule=RULE)
    assert _scales(spec, "x") == [{"nice": True, "domain": [-3.0, 3.0]}] * 2
    assert _scales(spec, "y") == [None]  # the rule does not read y: the slider cannot move it, nothing to do
    assert all("scale" not in layer["encoding"]["x"] for layer in template.spec["layer"])  # the template as it was


def test_a_scale_the_slider_moves_is_left_to_the_data() -> None:
    spec = _sweep().fill({"w_s": 0.0}, line=LINE, rule=[*RULE, {"s": 4.0, "x": 4.0}])  # at s = 4 the span grows
    assert _scales(spec, "x") == [None, None]


def test_a_span_without_0_is_written_only_where_the_family_says_whether_it_holds_0() -> None:
    line = [{"x": x, "y": 1.0} for x in (1.0, 2.0, 5.0)]
    rule = [{"s": s, "x": s} for s in (1.0, 4.0)]
    assert _scales(_sweep().fill({"w_s": 1.0}, line=line, rule=rule), "x") == [None, None]
    spec = _sweep(zero=False).fill({"w_s": 1.0}, line=line, rule=rule)
    assert _scales(spec, "x") == [{"nice": True, "zero": False, "domain": [1.0, 5.0]}] * 2


def test_a_layer_whose_rows_a_transform_changes_leaves_the_scale_to_the_data() -> None:
    x = alt.X(field="x", type="quantitative")
    line = alt.Chart(alt.NamedData("line")).mark_line().transform_filter("datum.x > 0").encode(x=x)
    rule = alt.Chart(alt.NamedData("rule")).mark_rule().transform_filter(S.test()).encode(x=x)
    spec = _template(alt.layer(line, rule)).fill({"w_s": 0.0}, line=LINE, rule=RULE)
    assert _scales(spec, "x") == [None, None]


def _bars() -> Template:
    bars = (
        alt.Chart(alt.NamedData("rows"))
        .mark_bar()
        .transform_filter(S.test())
        .encode(x=alt.X(field="word", type="nominal", sort=None), y=alt.Y(field="w", type="quantitative"))
    )
    return _template(alt.layer(bars))


def test_bars_keep_the_rows_order_written_down_and_their_stacked_heights_left_to_the_data() -> None:
    rows = [{"s": s, "word": word, "w": w} for s in (0.0, 1.0) for word, w in (("the", s), ("cat", 1 - s))]
    spec = _bars().fill({"w_s": 0.0}, rows=rows)
    assert _scales(spec, "x") == [{"domain": ["the", "cat"]}]
    assert _scales(spec, "y") == [None]
    swapped = [*rows[:2], rows[3], rows[2]]  # at s = 1 the rows come in another order
    assert _scales(_bars().fill({"w_s": 0.0}, rows=swapped), "x") == [None]


@pytest.fixture
def fresh():
    kept.forget_all()
    yield
    kept.forget_all()


@pytest.mark.parametrize(
    ("address", "query"), [("revisitable_source", {}), ("state_sweep", {}), ("self_attention", {"sa_tab": "keys"})]
)
def test_the_screens_domains_hold_what_their_charts_draw(address, query, fresh, monkeypatch) -> None:
    """Each domain written into a screen's chart holds every number the chart draws on that scale, at the
    slider's value, and a discrete one exactly its values, in the order the rows draw them."""
    written = []

    def pin(pins, data, writable):
        original(pins, data, writable)
        written.extend((p, pinned.domain(p, data)) for p in pins if pinned.domain(p, data) is not None)

    original = pinned.pin
    monkeypatch.setattr(pinned, "pin", pin)
    meanings = case_meanings(address, query)
    assert written, "a screen that follows the state slider has scales the slider cannot move"
    checked = 0
    for views in meanings.values():
        for view in views:
            for channel in pinned.CHANNELS:
                d = view["encoding"].get(channel)
                if not isinstance(d, dict) or "domain" not in d.get("scale", {}) or "field" not in d:
                    continue
                domain = d["scale"]["domain"]
                if not any(domain == values for _, values in written):
                    continue  # a domain the family wrote itself
                drawn = [row[d["field"]] for row in view["rows"]]
                if d["type"] == "quantitative":
                    assert all(domain[0] - 1e-9 <= v <= domain[1] + 1e-9 for v in drawn), (channel, domain)  # rounded
                else:
                    assert set(drawn) <= set(domain), (channel, domain)
                checked += 1
    assert checked
