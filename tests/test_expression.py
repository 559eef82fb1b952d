"""The score written out: each nonlinearity's name, in LaTeX and in plain text; with one source's numbers plugged
in; and the numpy a reader copies from the walkthrough, run against core."""

import contextlib
import io

import numpy as np
import pytest

from core import AdditiveParams
from core.example import worked_example
from core.expression import numpy_code, plugged_score, score_expression
from core.reading import attend
from core.scorers import NONLINEARITIES, additive_parts

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


# --- the read written out for the walkthrough, and the numpy a reader copies ------------------------------------


def run_code(code: str) -> dict:
    """What the copied lines leave behind (their print said nothing to the test)."""
    names: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(code, names)  # noqa: S102  (the code is ours, generated from numbers)
    return names


SCORERS = [
    worked_example().params,
    P,
    AdditiveParams.checked(
        W=[[0.3, -1.7], [2.2, 0.1], [-0.4, 0.9]],
        U=[[1.3, -0.2], [0, 0.7], [-2, 1]],
        v=[0.5, -1.25, 2],
        b=[0.1, -0.3, 0],
    ),
]


@pytest.mark.parametrize("f", sorted(NONLINEARITIES))
@pytest.mark.parametrize("k", range(len(SCORERS)))
@pytest.mark.parametrize("s", [-1.0, 0.35, 2.45])
def test_the_copied_numpy_computes_cores_read_from_the_same_numbers(f, k, s):
    """The lines the walkthrough offers to copy, run as they are, give core's scores, weights and context."""
    params = SCORERS[k]
    rng = np.random.default_rng(k)
    H = worked_example().H if params.d_h == 2 and k == 0 else rng.normal(size=(4, params.d_h))  # (T, d_h)
    state = np.full(params.d_s, s)  # (d_s,)
    names = run_code(numpy_code(H, state, params, f))
    r = attend(H, state, params, f)
    np.testing.assert_allclose(names["e"], r.scores, rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(names["alpha"], r.weights, rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(names["c"], r.context, rtol=1e-13, atol=1e-15)


def test_the_copied_numpy_is_its_numbers_a_changed_number_reads_otherwise():
    """A negative control: the comparison above would see a snippet that wrote one number wrong."""
    ex = worked_example()
    code = numpy_code(ex.H, np.array([-1.0]), ex.params)
    assert "b = np.array([1.5, 1.5])" in code
    names = run_code(code.replace("b = np.array([1.5, 1.5])", "b = np.array([1.5, 1.4])"))
    assert not np.allclose(names["alpha"], attend(ex.H, [-1.0], ex.params).weights, rtol=1e-6)


def test_a_plugged_score_is_the_score_to_the_digits_it_writes():
    """e_j with one source's numbers plugged in (2 tanh(1.5) + 2 tanh(0.5) = 2.735 for I at state A), evaluated as
    written, is core's score to the four digits its preactivations are written with."""
    ex = worked_example()
    parts = additive_parts(ex.H, [-1.0], ex.params)
    written = [plugged_score(ex.params.v, a) for a in parts.preactivation]
    assert written[0] == r"2\,\tanh\left(1.5\right) + 2\,\tanh\left(0.5\right)"
    as_python = [w.replace(r"\,", "*").replace(r"\tanh\left(", "np.tanh(").replace(r"\right)", ")") for w in written]
    np.testing.assert_allclose([eval(x) for x in as_python], parts.scores, rtol=1e-3)  # noqa: S307
