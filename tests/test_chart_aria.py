"""What a screen reader says of a chart is in the reader's language and names what the chart names: a mark by its
tooltip's titles (else by its titled fields), never by a data field's name (``x_source``, ``position``); an axis
and a legend, outside English, by words of the reader's language, not Vega's English ("X-axis for a discrete
scale"). The chart draws what it drew (:mod:`ui.charts.aria`)."""

from __future__ import annotations

import copy
import re

import altair as alt
import pytest

from bench.load import SCREENS, TAB_VIEWS, link_query, url_path
from tests.browser import DESK, open_screen, wait_for_app
from ui.charts import aria
from ui.charts.spec import CONFIG


def lines_and_labels() -> dict:
    """A line of weights a position, its points, with a tooltip; a layer of labels without one; a colour keyed by a
    field the chart names nowhere but in its tooltip; an x the chart places by a field it names nowhere."""
    rows = alt.NamedData("rows")
    line = (
        alt.Chart(rows)
        .mark_line(point=True)
        .encode(
            x=alt.X(field="x_place", type="quantitative", axis=None),
            y=alt.Y(field="w", type="quantitative", title="weight α"),
            color=alt.Color(field="position", type="nominal", legend=None),
            order=alt.Order(field="order", type="quantitative"),
            tooltip=[
                alt.Tooltip(field="position", type="nominal", title="source word"),
                alt.Tooltip(field="w", type="quantitative", format=".3f", title="weight α"),
            ],
        )
    )
    labels = (
        alt.Chart(rows)
        .mark_text()
        .encode(
            x=alt.X(field="x_place", type="quantitative", axis=None),
            y=alt.Y(field="w", type="quantitative", title="weight α"),
            text=alt.Text(field="w", type="quantitative", format=".2f"),
            color=alt.Color(field="group", type="nominal", title="kind", legend=alt.Legend(title="kind")),
        )
    )
    return alt.layer(line, labels).configure(**CONFIG).to_dict()


def marks(spec: dict) -> list[dict]:
    return [layer["mark"] for layer in spec["layer"]]


def without_descriptions(node: object) -> object:
    """``node`` as drawn: without what a screen reader says (a guide or a line's points described, and no more,
    as they were)."""
    if isinstance(node, dict):
        kept = {k: without_descriptions(v) for k, v in node.items() if k != "description"}
        return {k: v for k, v in kept.items() if not (k in ("axis", "legend") and v == {})} | (
            {"point": True} if kept.get("point") == {} else {}
        )
    if isinstance(node, list):
        return [without_descriptions(v) for v in node]
    return node


def test_a_mark_with_a_tooltip_is_said_as_its_tooltip_shows_it_and_its_points_too():
    line, _ = marks(aria.described(lines_and_labels(), "en"))
    said = line["description"]["expr"]
    assert said.startswith('"source word: " + (isValid(datum["position"]) ? datum["position"]')
    assert '"; " + "weight \\u03b1: " + (isValid(datum["w"]) ? format(datum["w"], ".3f")' in said
    assert "x_place" not in said and "order" not in said  # fields the chart names nowhere are not read out
    assert line["point"] == {"description": line["description"]}


def test_a_mark_without_a_tooltip_is_said_by_its_titled_fields_each_once():
    _, labels = marks(aria.described(lines_and_labels(), "en"))
    said = labels["description"]["expr"]
    assert re.findall(r'"([^"]*): "', said) == ["kind", "weight \\u03b1"]  # text and y are the one field w
    assert 'format(datum["w"], ".2f")' in said  # as the text channel, the first (Altair orders channels) writes it
    assert "x_place" not in said


def test_axes_and_legends_are_described_in_the_readers_language_outside_english():
    english = aria.described(lines_and_labels(), "en")
    assert "description" not in english["layer"][0]["encoding"]["y"].get("axis", {})
    french = aria.described(lines_and_labels(), "fr")  # in French whatever the thread speaks
    y, color = french["layer"][1]["encoding"]["y"], french["layer"][1]["encoding"]["color"]
    assert y["axis"]["description"] == "Axe vertical\u00a0: weight α"
    assert color["legend"] == {"title": "kind", "description": "Légende\u00a0: kind"}
    assert "axis" not in french["layer"][0]["encoding"]["color"]  # no legend drawn, none described
    assert french["layer"][0]["encoding"]["x"]["axis"] is None


def test_the_chart_draws_what_it_drew_and_stays_valid_vega_lite():
    before = lines_and_labels()
    after = aria.described(copy.deepcopy(before), "zh")
    assert without_descriptions(after) == without_descriptions(before)
    point = after["layer"][0]["mark"]["point"]
    after["layer"][0]["mark"]["point"] = True  # Altair's schema names no description for a line's points
    alt.LayerChart.from_dict(after, validate=True)
    assert point["description"] == after["layer"][0]["mark"]["description"]


# --- In the browser: every screen and every tab, in Chinese ---------------------------------------------------------

LABELS = """() => [...document.querySelectorAll('[data-testid="stVegaLiteChart"] svg [aria-label]')]
    .map(e => e.getAttribute('aria-label'))"""
FIELD_NAME = re.compile(r"[a-z_]{2,}")  # how the charts' data fields are named; no title in Chinese is


@pytest.mark.browser
@pytest.mark.parametrize("view", [*SCREENS, *TAB_VIEWS])
def test_no_chart_is_read_out_in_english_or_by_its_data_fields(server, tab, view):
    query = "&".join(q for q in ("lang=zh", link_query(view)) if q)
    open_screen(tab, f"{server}/{url_path(view)}?{query}", DESK)
    wait_for_app(tab)
    labels = tab.evaluate(LABELS)
    english = [s for s in labels if re.search(r"\b(axis|legend|scale|values?)\b", s)]
    keys = {k.strip() for s in labels for k in re.findall(r"(?:^|[;；])([^:：;；]+)[:：]", s)}
    assert english == [] and {k for k in keys if FIELD_NAME.fullmatch(k)} == set(), (english[:3], sorted(keys))


@pytest.mark.browser
def test_a_bar_is_read_as_its_tooltip_shows_it(server, tab):
    """Screen 2's scores in English: each bar says its word and its score, as its tooltip writes them."""
    open_screen(tab, f"{server}/revisitable_source", DESK)
    wait_for_app(tab)
    said = [s for s in tab.evaluate(LABELS) if s.startswith("position: ") and "score e: " in s]
    assert said and all(re.fullmatch(r"position: [^;]+; score e: −?\d+\.\d{4}", s) for s in said), said
