"""The score written out: each nonlinearity's name, in LaTeX and in plain text."""

import pytest

from core import AdditiveParams
from core.expression import score_expression

# e_j = 1 f(h_j1 - h_j2 + s) - 0.5 f(2.5 h_j2 - s + 0.25)
P = AdditiveParams.checked(W=[[1, -1], [0, 2.5]], U=[[1], [-1]], v=[1, -0.5], b=[0, 0.25])


@pytest.mark.parametrize(
    "f, latex, plain",
    [
        ("tanh", r"\tanh", "tanh"),
        ("relu", r"\operatorname{ReLU}", "relu"),
        ("identity", "", ""),  # tanh removed: only the brackets remain
    ],
)
def test_each_nonlinearity_is_written_by_its_name(f, latex, plain):
    inner1, inner2 = r"h_{j,1} - h_{j,2} + s", r"2.5 h_{j,2} - s + 0.25"
    tex = rf"{latex}\left({inner1}\right) - 0.5\,{latex}\left({inner2}\right)"
    assert score_expression(P, f) == "e_j = " + tex
    assert score_expression(P, f, multiline=True) == (
        rf"\begin{{aligned}} e_j &= {latex}\left({inner1}\right) \\ &\quad - 0.5\,{latex}\left({inner2}\right)"
        r" \end{aligned}"
    )
    assert score_expression(P, f, latex=False) == f"e_j = {plain}(h_j1 - h_j2 + s) - 0.5 {plain}(2.5 h_j2 - s + 0.25)"
