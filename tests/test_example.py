"""The worked example satisfies every property the article states (section 6)."""

import json
import subprocess
import sys

import numpy as np
import pytest

from core import attend, read
from core.example import format_report, gradient_checks, report, worked_example
from core.expression import score_expression

EX = worked_example()


def test_states_A_and_B_share_sources_and_parameters():
    np.testing.assert_array_equal(EX.states["A"], [-1.0])
    np.testing.assert_array_equal(EX.states["B"], [1.0])
    assert EX.tokens == ("I", "like", "cats")
    assert EX.H.shape == (3, 2) and EX.params.d_s == 1


def test_with_tanh_the_two_states_read_clearly_differently():
    a = attend(EX.H, EX.states["A"], EX.params).weights
    b = attend(EX.H, EX.states["B"], EX.params).weights
    assert np.abs(a - b).max() > 0.05
    assert EX.tokens[a.argmax()] == "I" and EX.tokens[b.argmax()] == "cats"


@pytest.mark.parametrize("state", ["A", "B"])
def test_without_tanh_the_weights_are_exactly_uniform(state):
    r = attend(EX.H, EX.states[state], EX.params, f="identity")
    np.testing.assert_array_equal(r.weights, np.full(3, 1 / 3))
    assert np.all(r.scores == r.scores[0])


def test_without_tanh_the_state_is_only_a_shared_offset():
    # e_j = (W^T v)^T h_j + v^T U s + v^T b, and W^T v = 0 in this construction.
    p = EX.params
    np.testing.assert_array_equal(p.W.T @ p.v, [0.0, 0.0])
    for s in (-1.0, 1.0, 3.7):
        e = attend(EX.H, [s], p, f="identity").scores
        np.testing.assert_allclose(e, np.full(3, (p.v @ p.U)[0] * s + p.v @ p.b))
    # and the offset really differs between A and B: the state is not simply absent
    e_A = attend(EX.H, EX.states["A"], p, f="identity").scores
    e_B = attend(EX.H, EX.states["B"], p, f="identity").scores
    assert e_A[0] != e_B[0]


def test_the_score_expression_evaluates_to_the_scores():
    text = score_expression(EX.params, latex=False)
    assert text == "e_j = 2 tanh(h_j1 + h_j2 - s + 1.5) + 2 tanh(-h_j1 - h_j2 + 2 s + 1.5)"
    for state in ("A", "B"):
        s = EX.states[state][0]
        e = attend(EX.H, [s], EX.params).scores
        for j, (h_j1, h_j2) in enumerate(EX.H):
            expr = text.split("=", 1)[1].replace("tanh", "np.tanh").replace("2 s", "2 * s").replace("2 np", "2 * np")
            assert eval(expr, {"np": np, "h_j1": h_j1, "h_j2": h_j2, "s": s}) == pytest.approx(e[j], abs=1e-12)


def test_latex_expression_uses_the_articles_symbols():
    tex = score_expression(EX.params)
    assert tex.startswith("e_j = 2\\,\\tanh\\left(h_{j,1} + h_{j,2} - s + 1.5\\right)")


def test_contexts_come_from_unrounded_weights():
    rep = report()
    for state in ("A", "B"):
        w = np.array(rep["readings"][state]["weights"])
        np.testing.assert_allclose(rep["readings"][state]["context"], w @ EX.H, atol=0)
        rounded = np.round(w, 2) @ EX.H
        assert not np.allclose(rounded, rep["readings"][state]["context"], atol=1e-6)


def test_identical_sources_counterexample():
    H = np.tile(EX.H[1], (3, 1))
    for e in ([0.0, 0.0, 0.0], [3.0, -1.0, 0.5], [-20.0, 0.0, 20.0]):
        np.testing.assert_allclose(read(H, e).context, EX.H[1], atol=1e-12)


@pytest.mark.parametrize("state", ["A", "B"])
def test_gradient_checks_of_the_example_pass(state):
    checks = gradient_checks(EX, state)
    assert set(checks) == {"dL_de", "dL_dW", "dL_dU", "dL_dv", "dL_db"}
    for name, chk in checks.items():
        assert chk.passed(1e-6), (name, chk.max_rel_error)
    assert checks["dL_de"].analytic.sum() == pytest.approx(0.0, abs=1e-15)


def test_json_report_has_the_documented_keys():
    out = subprocess.run(
        [sys.executable, "-m", "core.example", "--json"], capture_output=True, text=True, check=True
    ).stdout
    rep = json.loads(out)
    assert rep["tokens"] == ["I", "like", "cats"]
    assert rep["states"] == {"A": [-1.0], "B": [1.0]}
    assert np.shape(rep["H"]) == (3, 2) and np.shape(rep["U"]) == (2, 1)
    for key in ("W", "v", "b"):
        assert key in rep
    for state in ("A", "B"):
        assert set(rep["readings"][state]) >= {"scores", "weights", "context", "weights_without_tanh"}
        grads = rep["gradient_check"][state]
        assert grads["g"] == EX.g.tolist()
        for key in ("dL_de", "dL_dW", "dL_dU", "dL_dv", "dL_db"):
            entry = grads[key]
            assert set(entry) >= {"analytic", "numeric", "max_rel_error"}
            assert np.shape(entry["analytic"]) == np.shape(entry["numeric"])
            assert entry["max_rel_error"] < 1e-6
        np.testing.assert_allclose(rep["readings"][state]["weights_without_tanh"], [1 / 3] * 3)


def test_text_report_shows_every_part():
    text = subprocess.run([sys.executable, "-m", "core.example"], capture_output=True, text=True, check=True).stdout
    for part in (
        "Sources h_j",
        "Score written out",
        "State A: s = -1",
        "State B: s = 1",
        "no-tanh weight",
        "Gradient check at state A",
        "finite difference",
        "dL_dW[2,1]",
    ):
        assert part in text, part
    assert text == format_report(report()) + "\n"
