"""Chart text is legible in both themes, labels stay off the hull, and coinciding dashed lines stay told apart."""

from __future__ import annotations

import json

import numpy as np

from core.example import worked_example
from core.geometry import convex_hull
from ui import charts
from ui.charts.plane import label_rows, point_label_rows
from ui.charts.spec import INK
from ui.format import position_rows, source_rows
from ui.palette import COMPONENTS, OKABE_ITO

EX = worked_example()
SOURCES = source_rows(EX.tokens, EX.H)


def text_layers(spec: dict) -> list[dict]:
    found = []
    for layer in spec.get("layer", []):
        found += text_layers(layer)
        mark = layer.get("mark")
        if mark == "text" or (isinstance(mark, dict) and mark.get("type") == "text"):
            found.append(layer)
    return found


def inside_hull(point: np.ndarray, hull: np.ndarray) -> bool:
    edges = np.roll(hull, -1, axis=0) - hull
    rel = point - hull
    return bool(np.all(edges[:, 0] * rel[:, 1] - edges[:, 1] * rel[:, 0] >= 0))


def test_chart_text_takes_the_themes_text_colour_with_at_least_15_px():
    for part in ("axis", "legend", "header"):
        assert charts.CONFIG[part]["labelColor"] == INK and charts.CONFIG[part]["titleColor"] == INK
        assert charts.CONFIG[part]["labelFontSize"] >= 15
    assert charts.CONFIG["text"]["color"] == INK
    assert "luminance(background)" in INK["expr"]


def test_value_and_word_labels_are_not_drawn_in_position_colours():
    rows = position_rows(EX.tokens, weight=np.full(len(EX.tokens), 1 / 3))
    specs = [
        charts.bars_by_position(rows, "weight", "w", EX.tokens),
        charts.target_bars([{"token": k, "p": 0.5} for k in EX.tokens], "p", "p", EX.tokens),
        charts.source_plane(SOURCES, EX.tokens, points=[{"label": "c", "c1": 0.0, "c2": 0.0}]),
    ]
    for spec in specs:
        layers = text_layers(spec)
        assert layers
        for layer in layers:
            colour = str(layer["encoding"].get("color", "")) + str(layer["mark"].get("color", ""))
            assert not any(c in colour for c in OKABE_ITO), layer


def test_source_labels_sit_outside_the_hull_and_a_read_inside_it_is_labelled_inwards():
    xy = EX.H
    hull = convex_hull(xy)
    centre = xy.mean(axis=0)
    for row, h in zip(label_rows(SOURCES), xy, strict=True):
        at = np.array([row["x"], row["y"]])
        assert not inside_hull(at, hull), row
        assert np.linalg.norm(at - centre) > np.linalg.norm(h - centre)
    c = 0.2 * xy[0] + 0.5 * xy[1] + 0.3 * xy[2]  # a convex combination: inside
    far = xy[0] + 2 * (xy[0] - centre)  # outside
    inner, outer = point_label_rows(
        SOURCES, [{"label": "c", "c1": c[0], "c2": c[1]}, {"label": "r", "c1": far[0], "c2": far[1]}]
    )
    assert np.linalg.norm(np.array([inner["x"], inner["y"]]) - centre) < np.linalg.norm(c - centre)
    assert np.linalg.norm(np.array([outer["x"], outer["y"]]) - centre) > np.linalg.norm(far - centre)


def test_dashed_lines_that_coincide_take_turns_and_the_legend_names_both_styles():
    s = [-1.0, 1.0]
    labels = list(EX.tokens)
    solid = [{"s": x, "position": p, "w": 0.5} for x in s for p in labels]
    flat = [{"s": x, "position": p, "w": 1 / 3} for x in s for p in labels]
    spec = charts.curves(solid, "s", "s", "w", "w", EX.tokens, dashed=flat, styles=("as set", "tanh removed"))

    def style(layer):  # the style a layer's lines are drawn in: a constant its transform names
        field = layer["encoding"].get("strokeDash", {}).get("field")
        return next((json.loads(tr["calculate"]) for tr in layer.get("transform", []) if tr.get("as") == field), None)

    dashed = [layer for layer in spec["layer"] if style(layer) == "tanh removed"]
    assert len(dashed) == len(labels)
    assert len({layer["mark"]["strokeDashOffset"] for layer in dashed}) == len(labels)
    assert [layer["data"]["values"][0]["position"] for layer in dashed] == labels
    assert style(spec["layer"][0]) == "as set"
    assert spec["layer"][0]["encoding"]["strokeDash"]["scale"]["domain"] == ["as set", "tanh removed"]


def test_a_heatmap_names_every_row_of_a_nine_word_sentence():
    words = [f"w{k}" for k in range(9)]
    rows = [{"t": "1", "position": w, "a": 0.1} for w in words]
    spec = charts.heatmap(rows, "t", "position", "a", "t", "j", height=180)
    assert spec["height"] >= 9 * 24
    enc = spec["layer"][0]["encoding"]
    assert enc["y"]["axis"]["labelOverlap"] is False and enc["x"]["axis"]["labelOverlap"] is False


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two #rrggbb colours."""

    def luminance(h: str) -> float:
        c = np.array([int(h[i : i + 2], 16) / 255 for i in (1, 3, 5)])
        c = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
        return float(c @ [0.2126, 0.7152, 0.0722])

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


LIGHT, DARK = "#ffffff", "#171614"  # Streamlit's backgrounds


def test_chart_ink_reads_at_4_5_to_1_and_component_lines_at_3_to_1_in_both_themes():
    dark_ink, light_ink = INK["expr"].split("?")[1].split(":")
    assert contrast(light_ink.strip(" '"), LIGHT) >= 4.5
    assert contrast(dark_ink.strip(" '"), DARK) >= 4.5
    for colour in COMPONENTS:
        assert contrast(colour, LIGHT) >= 3 and contrast(colour, DARK) >= 3, colour


def test_grouped_bar_labels_slant_by_the_widest_label_filled_per_run_without_a_new_build():
    from ui.charts import bars

    def spec_for(groups: list[str]) -> dict:
        rows = [{"position": p, "group": g, "w": 0.5} for g in groups for p in EX.tokens]
        return charts.grouped_bars(rows, "w", "group", "weight", EX.tokens)

    spec_for(["A", "B"])  # the shape built once
    builds = bars._grouped_bars.builds().misses
    for groups in (["A (s = -1) · tanh", "B"], ["状态 A（s = -1）· 无非线性", "B"], ["A", "B (s = 0.25) · ReLU"]):
        spec = spec_for(groups)
        widest = {p["name"]: p["value"] for p in spec["params"]}[bars.WIDEST]
        # the widest line (a label breaks after its state's '·'); Chinese characters count twice
        assert widest == max(bars._columns(line) for g in groups for line in bars.label_lines(g))
        angle = next(layer["encoding"]["x"]["axis"]["labelAngle"] for layer in spec["layer"] if "encoding" in layer)
        assert f"8 * {bars.WIDEST}" in angle["expr"]
    assert bars._grouped_bars.builds().misses == builds  # a label of a new width built nothing
