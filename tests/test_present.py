"""Presenter mode's enlarging of a chart's text: every size it sets, fixed or worked out as drawn, its rows kept."""

from ui import present


def test_every_text_size_is_raised_to_the_smallest_a_room_reads_and_rows_stay_as_they_were():
    rows = [{"fontSize": 3, "label": "a row's own field named like a size"}]
    spec = {
        "data": {"values": rows},
        "layer": [
            {"mark": {"type": "text", "fontSize": 13, "dy": -6}},
            {"mark": {"type": "text", "fontSize": {"expr": "clamp(width / 40, 9, 14)"}}},
            {"encoding": {"x": {"axis": {"labelFontSize": 30, "labelLimit": 200}}}},
        ],
    }
    out = present.enlarged(spec)
    text, worked_out, axis = (layer for layer in out["layer"])
    assert text["mark"]["fontSize"] == present.SMALLEST and text["mark"]["dy"] == -6 * present.SMALLEST / 13
    assert worked_out["mark"]["fontSize"] == {"expr": f"max({present.SMALLEST}, clamp(width / 40, 9, 14))"}
    assert axis["encoding"]["x"]["axis"]["labelFontSize"] == 30  # larger already: kept
    assert axis["encoding"]["x"]["axis"]["labelLimit"] == 320  # room for a label grown from 15 px to 24
    assert out["data"]["values"] is rows and rows[0]["fontSize"] == 3
    assert spec["layer"][0]["mark"]["fontSize"] == 13  # the caller's spec is not changed


def test_a_chart_with_a_long_legend_keeps_its_plot_shorter_on_a_projector(monkeypatch):
    """A step's chart fills the room under its sentence; a legend one entry a line takes room of its own: step 11's
    five models' names (and the band's) had pushed the chart past the screen's foot."""
    import ui.charts as charts
    from ui import present

    monkeypatch.setattr(present.st, "session_state", {present.FILL: present.STEP_HEIGHT})

    def plot_height(models: int) -> int:
        names = [f"model {k}" for k in range(models)]
        rows = [{"x": 1, "model": name, "y": 0.5} for name in names]
        spec = charts.model_lines(rows, "x", "x", "y", "y", names, height=200)
        return present.projected(spec)["height"]

    two, five = plot_height(2), plot_height(5)
    assert present.legend_lines(charts.model_lines([], "x", "x", "y", "y", ["a", "b", "c", "d", "e"])) == 5
    assert two - five == 3 * present.LEGEND_LINE
