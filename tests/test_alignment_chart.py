"""The alignment picture (``ui.charts.alignment``): a line for every weight alpha_tj between two rows of words."""

from __future__ import annotations

import json

import altair as alt
import numpy as np
import pytest

from tests.chart_meaning import transformed
from ui.charts import alignment_lines, template
from ui.charts.alignment import FAINT, SPAN, flat_width, room
from ui.palette import position_color
from ui.scrub import Channel, Scrub

TITLES = {"target": "target token", "source": "source word", "alpha": "weight"}


def weights(T: int, J: int, seed: int = 0) -> np.ndarray:
    """A (T, J) matrix whose rows sum to 1, as attention's are."""
    w = np.random.default_rng(seed).random((T, J)) ** 4
    return w / w.sum(axis=1, keepdims=True)


def words(prefix: str, n: int) -> list[str]:
    return [f"{prefix}{k}" for k in range(n)]


def rows_of(w: np.ndarray, sources: list[str], targets: list[str]) -> list[dict]:
    """The heatmap's rows: one a (target, source) pair."""
    return [
        {"target": tgt, "source": src, "alpha": float(w[i, j])}
        for i, tgt in enumerate(targets)
        for j, src in enumerate(sources)
    ]


def lines_of(spec: dict) -> dict:
    """The layer of lines: the one drawn with rules."""
    return next(layer for layer in spec["layer"] if layer["mark"]["type"] == "rule")


def draw(T: int, J: int, seed: int = 0) -> tuple[dict, np.ndarray, list[str], list[str]]:
    sources, targets = words("s", J), words("t", T)
    w = weights(T, J, seed)
    return (
        alignment_lines(rows_of(w, sources, targets), sources, targets, "sources", "targets", TITLES),
        w,
        sources,
        targets,
    )


@pytest.mark.parametrize(("T", "J"), [(1, 1), (4, 3), (3, 7), (40, 40)])
def test_every_pair_is_one_line_whose_opacity_and_width_are_its_weight(T, J):
    spec, w, sources, targets = draw(T, J)
    layer = lines_of(spec)
    drawn = layer["data"]["values"]
    assert len(drawn) == T * J
    pairs = {(targets.index(r["target"]), sources.index(r["source"])): r["alpha"] for r in drawn}
    assert set(pairs) == {(i, j) for i in range(T) for j in range(J)}
    assert all(pairs[i, j] == w[i, j] for i, j in pairs)
    enc = layer["encoding"]
    lit = enc["opacity"]["condition"]
    assert lit["field"] == "alpha" and lit["scale"]["domain"] == [0, 1]
    assert lit["scale"]["range"][0] == FAINT > 0  # a weight of 0 is drawn faint, never left out
    assert enc["strokeWidth"]["field"] == "alpha" and enc["strokeWidth"]["scale"]["domain"] == [0, 1]
    # each line runs from its target token's place along the bottom row to its source word's along the top
    for r in drawn:
        assert r["x_source"] == pytest.approx((sources.index(r["source"]) + 0.5) / J)
        assert r["x_target"] == pytest.approx((targets.index(r["target"]) + 0.5) / T)
    assert enc["x"]["field"] == "x_source" and enc["x2"]["field"] == "x_target"
    assert enc["y"]["datum"] == 1 and enc["y2"]["datum"] == 0


@pytest.mark.parametrize(("T", "J"), [(1, 1), (40, 40)])
def test_every_word_is_written_in_its_row_and_each_source_position_has_its_colour(T, J):
    spec, _, sources, targets = draw(T, J)
    texts = {
        layer["encoding"]["text"]["field"]: [r[layer["encoding"]["text"]["field"]] for r in layer["data"]["values"]]
        for layer in spec["layer"]
        if layer["mark"]["type"] == "text"
    }
    assert texts == {"source": sources, "target": targets}
    colour = lines_of(spec)["encoding"]["color"]
    assert colour["field"] == "colour" and colour["scale"] is None  # each line's own colour, its source position's
    assert {(r["source"], r["colour"]) for r in lines_of(spec)["data"]["values"]} == {
        (s, position_color(j)) for j, s in enumerate(sources)
    }
    dots = next(layer for layer in spec["layer"] if layer.get("name") == "source_dots")
    assert [r["colour"] for r in dots["data"]["values"]] == [position_color(j) for j in range(J)]


def test_hovering_a_word_lights_its_lines_and_fades_the_others():
    spec, *_ = draw(4, 3)
    selections = {p["name"]: p for p in spec["params"] if "select" in p}
    assert set(selections) == {"hover_source", "hover_target"}
    for field in ("source", "target"):
        hover = selections[f"hover_{field}"]["select"]
        assert selections[f"hover_{field}"]["views"] == [f"{field}_words"]  # defined on the row's words
        assert hover["type"] == "point" and hover["fields"] == [field]
        assert "pointerover" in hover["on"] and hover["clear"] == "pointerout"
        assert f"@{field}_words_marks" in hover["on"]  # a word of this row, not a line or the other row's word
    opacity = lines_of(spec)["encoding"]["opacity"]
    assert opacity["condition"]["test"] == {"and": [{"param": "hover_source"}, {"param": "hover_target"}]}
    assert opacity["value"] < FAINT  # the others fade below the faintest lit line


def test_a_lines_tooltip_gives_both_words_and_the_weight_to_3_decimals():
    spec, *_ = draw(2, 2)
    tips = {tip["field"]: tip for tip in lines_of(spec)["encoding"]["tooltip"]}
    assert list(tips) == ["target", "source", "alpha"]
    assert tips["alpha"]["format"] == ".3f" and tips["alpha"]["type"] == "quantitative"
    assert [tips[k]["title"] for k in tips] == [TITLES[k] for k in tips]
    # a field the rows carry beside them, named in the titles, follows them (the true correspondence, say)
    rows = [{"target": "t0", "source": "s0", "alpha": 1.0, "true": "yes"}]
    spec = alignment_lines(rows, ["s0"], ["t0"], "sources", "targets", TITLES | {"true": "true pair"})
    tips = lines_of(spec)["encoding"]["tooltip"]
    assert [(tip["field"], tip["title"]) for tip in tips][3:] == [("true", "true pair")]


def test_scrubbed_the_lines_draw_each_snapshots_weights_at_the_sliders_index():
    sources, targets = words("s", 3), words("t", 4)
    snapshots = [weights(4, 3, seed) for seed in range(3)]
    channel = Channel("w_step", "alpha_at")
    rows = [
        {"target": tgt, "source": src, "alpha_at": [float(w[i, j]) for w in snapshots]}
        for i, tgt in enumerate(targets)
        for j, src in enumerate(sources)
    ]
    spec = alignment_lines(rows, sources, targets, "sources", "targets", TITLES, scrub=Scrub(channel, 1))
    assert [p["value"] for p in spec["params"] if p["name"] == "w_step"] == [1]
    layer = lines_of(spec)
    for k, w in enumerate(snapshots):
        drawn = transformed(layer["data"]["values"], layer["transform"], {"w_step": str(k)})
        assert [r["alpha"] for r in drawn] == w.ravel().tolist()


def test_a_sentence_of_other_words_and_another_length_costs_no_altair_build(monkeypatch):
    monkeypatch.setattr(template, "CHECK_LATE", False)  # the check builds every chart again with its labels
    layered = []
    monkeypatch.setattr(
        alt, "layer", lambda *charts, **kw: layered.append(1) or alt.LayerChart(layer=list(charts), **kw)
    )
    draw(5, 6)
    before = len(layered)
    other = [f"zq{k}" for k in range(9)]  # other words, and more of them: the words and their count are data
    again = alignment_lines(
        rows_of(weights(7, 9), other, words("t", 7)), other, words("t", 7), "sources", "targets", TITLES
    )
    assert len(layered) == before  # no chart built
    assert [r["source"] for r in lines_of(again)["data"]["values"][:9]] == other
    counts = {p["name"]: p["value"] for p in again["params"] if p["name"].endswith("_count")}
    assert counts == {"source_count": 9, "target_count": 7}  # each row's words spread by their own number
    drawn = json.dumps([{k: v for k, v in layer.items() if k != "data"} for layer in again["layer"]])
    assert not [o for o in other if o in drawn]  # the sentence's words are in the rows only, not in the chart


def test_words_of_any_length_share_the_template_and_each_row_stands_flat_by_its_own_longest(monkeypatch):
    """A new sentence whose longest words are longer or shorter than another's costs no Altair build (each one did:
    45 ms, and under a class's load on half a core screen 6 fell behind): the room above and below the lines, made
    for each row's longest word, is put in late, and whether a row's words stand flat is decided by its own longest
    word, a parameter of the chart."""
    monkeypatch.setattr(template, "CHECK_LATE", False)
    layered = []
    monkeypatch.setattr(
        alt, "layer", lambda *charts, **kw: layered.append(1) or alt.LayerChart(layer=list(charts), **kw)
    )
    sources, targets = ["kitten", "a", "sees"], ["chat", "le", "voit", "un"]  # longest 6 and 4 characters
    first = alignment_lines(rows_of(weights(4, 3), sources, targets), sources, targets, "sources", "targets", TITLES)
    before = len(layered)
    longer, shorter = ["kittenses", "a", "sees"], ["ch", "le", "vu", "un"]  # 9 and 2
    again = alignment_lines(rows_of(weights(4, 3), longer, shorter), longer, shorter, "sources", "targets", TITLES)
    assert len(layered) == before  # no chart built
    assert first["height"] == SPAN + room(6) + room(4)
    assert again["height"] == SPAN + room(9) + room(2)
    y_scale = lines_of(again)["encoding"]["y"]["scale"]
    assert y_scale["domain"] == [-room(2) / SPAN, 1 + room(9) / SPAN]  # each row's room beyond its end of the lines
    flats = {p["name"]: p["value"] for p in again["params"] if p["name"].endswith("_flat")}
    assert flats == {"source_flat": flat_width(9), "target_flat": flat_width(2)}
    assert {p["name"]: p["value"] for p in first["params"] if p["name"].endswith("_flat")}["source_flat"] == flat_width(
        6
    )
    words_layer = next(layer for layer in again["layer"] if layer.get("name") == "source_words")
    assert "source_flat" in words_layer["mark"]["angle"]["expr"]
