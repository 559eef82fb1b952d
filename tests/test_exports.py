"""Take-home exports: the worked example as JSON and CSV, and the handout of a view."""

from __future__ import annotations

import csv
import io
import json
import re
from contextlib import closing

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import example
from tests.apptest import run_page
from ui import handout, sections, state, take_home
from ui.format import plain
from ui.handout import Figure, plain_math, printable


def cli(capsys, *args: str) -> str:
    assert example.main(list(args)) == 0
    return capsys.readouterr().out


def leaves(tree: object) -> int:
    if isinstance(tree, dict):
        return sum(leaves(v) for v in tree.values())
    if isinstance(tree, list):
        return sum(leaves(v) for v in tree)
    return 1


def at_path(tree: object, path: str) -> object:
    """Follow ``readings.A.weights[2]`` into the parsed JSON."""
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path):
        tree = tree[name] if name else tree[int(index)]
    return tree


def test_the_csv_holds_every_value_of_the_json_once_and_exactly(capsys):
    data = json.loads(cli(capsys, "--json"))
    rows = list(csv.reader(io.StringIO(cli(capsys, "--csv"))))
    assert rows[0] == ["quantity", "value"]
    body = rows[1:]
    assert len(body) == leaves(data) and len({path for path, _ in body}) == len(body)
    for path, text in body:
        value = at_path(data, path)
        assert (float(text) == value) if isinstance(value, float) else (text == str(value)), path
    weights = {path: float(v) for path, v in body if path.startswith("readings.B.weights[")}
    assert sum(weights.values()) == pytest.approx(1.0) and len(weights) == 3


def test_csv_and_json_are_exclusive_choices(capsys):
    with pytest.raises(SystemExit):
        example.main(["--csv", "--json"])


def test_a_stretched_spec_gets_a_fixed_width_and_a_faceted_one_keeps_its_layout():
    assert printable({"width": "container", "mark": "bar"})["width"] == handout.FIGURE_WIDTH
    faceted = printable({"facet": {"field": "x"}, "spec": {"mark": "bar"}})
    assert "width" not in faceted and faceted["config"]["view"]["continuousWidth"] > 0


@pytest.mark.parametrize(
    "latex, plain",
    [
        ("$c_t = \\sum_j \\alpha_{tj} h_j$", "cₜ = Σⱼ αₜⱼ hⱼ"),
        ("at $s_{t-1}$, **bold**", "at sₜ₋₁, bold"),
        ("$W^\\top v = 0$", "Wᵀ v = 0"),
        ("$\\frac{\\partial L}{\\partial s}$", "∂ L/∂ s"),
        ("$h_{j,1}$", "h_(j,1)"),
        ("$-\\log p(y_t \\mid c_t)$", "-log p(yₜ | cₜ)"),
        ("$\\partial L/\\partial\\varphi$", "∂ L/∂φ"),
    ],
)
def test_captions_lose_their_latex_source_in_the_handout(latex, plain):
    assert plain_math(latex) == plain


def test_the_handout_shows_a_readers_text_as_text():
    hostile = '<img src="http://127.0.0.1:8799/p.png"><script>alert(1)</script>'
    spec = {"data": {"values": [{"position": hostile, "weight": 1.0}]}, "mark": "bar"}
    spec["encoding"] = {"x": {"field": "position", "type": "nominal"}, "y": {"field": "weight", "type": "quantitative"}}
    page = handout.handout(
        hostile, "http://x/?tokens=" + hostile, [{"token": hostile}], [], ["e"], [Figure("w", hostile, spec, [])]
    )
    assert "<script" not in page and "<img" not in page
    assert "&lt;script&gt;" in page


def test_the_handout_draws_every_chart_of_the_screen_with_its_caption_and_numbers(monkeypatch):
    at = run_page("screens/revisitable_source/page.py", {"s": "1"})
    figures = sections.page_charts(at.session_state)
    assert len(figures) >= 5
    m, _ = state.decode_model(dict(at.session_state["shared"]))
    monkeypatch.setattr(handout, "MAX_ROWS", 2)
    page = take_home.handout_of("Revisitable source", figures, m, "http://localhost/revisitable_source?s=1")
    assert page.count("<svg") == len(figures)
    for fig in figures:
        assert plain_math(fig.caption).replace("&", "&amp;").split(".")[0] in page
    svgs = re.findall(r"<svg.*?</svg>", page, flags=re.S)
    assert all(">cats<" in svg for svg in svgs[:2])  # the chart's own labels, drawn from its spec
    assert "decoder state of this view:  s = 1" in page  # the state of the view, not the default -1
    long_tables = sum(len(f.rows) > 2 for f in figures) + (len(m.tokens) > 2) + (m.params.d_a > 2)
    assert page.count("more rows") == long_tables > 1


@pytest.mark.browser
def test_a_reader_downloads_the_example_and_the_handout_from_the_sidebar(server, chrome, capsys, tmp_path):
    from playwright.sync_api import expect

    from tests.apptest import charts
    from tests.browser import wait_for_app
    from ui.text import t

    expected_json = cli(capsys, "--json")
    n_charts = len(charts(run_page("screens/revisitable_source/page.py", {"s": "1"})))
    with closing(chrome.new_page(viewport={"width": 1400, "height": 900}, accept_downloads=True)) as page:
        page.goto(f"{server}/revisitable_source?s=1")
        wait_for_app(page, charts=n_charts)
        page.locator('[data-testid="stSidebar"]').get_by_role("button", name=t("chart.numbers")).click()
        dialog = page.get_by_role("dialog")
        expect(dialog.get_by_role("button", name=t("export.handout"))).to_be_visible()

        def download(label: str) -> str:
            with page.expect_download(timeout=60_000) as info:
                dialog.get_by_role("button", name=label).click()
            target = tmp_path / info.value.suggested_filename
            info.value.save_as(target)
            return target.read_text(encoding="utf-8")

        assert download(t("export.example_json")) == expected_json
        assert download(t("export.example_csv")).startswith("quantity,value\n")
        sheet = download(t("export.handout"))
        assert sheet.count("<svg") == n_charts
        assert "s = 1" in sheet and "revisitable_source?s=1" in sheet


FORMULA = ("=", "+", "-", "@", "\t", "\r")


@given(
    texts=st.lists(st.text(min_size=0, max_size=12), min_size=1, max_size=4),
    numbers=st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=1, max_size=4),
)
def test_a_csv_cell_never_starts_a_formula_and_numbers_stay_numbers(texts, numbers):
    rows = [{"text": x, "number": y} for x, y in zip(texts, numbers * len(texts), strict=False)]
    read = list(csv.DictReader(io.StringIO(take_home.to_csv(rows), newline="")))
    assert len(read) == len(rows)
    for row, back in zip(rows, read, strict=True):
        assert not back["text"].startswith(FORMULA)
        assert back["text"] == ("'" + row["text"] if row["text"].startswith(FORMULA) else row["text"])
        assert float(back["number"]) == row["number"]  # a negative number is still a number, not "'-1.5"


def test_a_token_from_a_link_that_starts_a_formula_is_text_in_the_numbers_behind_the_charts():
    formula = '=HYPERLINK("http://127.0.0.2")'
    at = run_page("screens/revisitable_source/page.py", {"tokens": f"{formula} like cats"})
    figures = sections.page_charts(at.session_state)
    sheets = [take_home.to_csv(f.named_rows()) for f in figures]
    cells = [c for sheet in sheets for row in csv.reader(io.StringIO(sheet)) for c in row]
    assert any(formula in c for c in cells)  # the token is in the numbers
    assert not [c for c in cells if c.startswith(FORMULA) and not _number(c)]


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def test_a_readers_token_in_a_caption_reads_in_the_handout_as_written():
    token = "<svg/onload=alert(1)>&x:www.a.b"
    caption = f"Weights over {plain(token)} at $\\alpha_{{tj}}$."
    assert plain_math(caption) == "Weights over <svg/onload=alert(1)>&x:www.a.b at αₜⱼ."
    page = handout.handout("t", "http://x/", [], [], [], [Figure("w", caption, {"mark": "bar"}, [])])
    assert "Weights over &lt;svg/onload=alert(1)&gt;&amp;x:www.a.b at αₜⱼ." in page
