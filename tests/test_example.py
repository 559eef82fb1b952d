"""The worked example satisfies every property the article states (section 6)."""

import json
import math
import runpy
import sys

import numpy as np
import pytest

import core.example
from core import attend, read
from core.example import gradient_checks, report, worked_example
from core.expression import score_expression

EX = worked_example()

# The figures docs/worked-example.md states for the worked example, to three decimals.
README = {
    "A": {"s": -1.0, "weights": (0.791, 0.147, 0.062), "context": (-0.645, -0.085)},
    "B": {"s": 1.0, "weights": (0.045, 0.283, 0.672), "context": (0.239, 0.388)},
}


def by_hand(s: float) -> dict[str, list[float]]:
    """The read at state s in plain floats: written-out score, exp, weighted sum; dL/de, dL/ds for g = (1, -0.5)."""
    H = [(-1.0, 0.0), (1.0, -1.0), (0.0, 1.0)]  # h_I, h_like, h_cats
    e = [2 * math.tanh(h1 + h2 - s + 1.5) + 2 * math.tanh(-h1 - h2 + 2 * s + 1.5) for h1, h2 in H]
    # de_j/ds from the written-out score: tanh' = 1 - tanh^2, inner derivatives -1 and 2
    de_ds = [
        -2 * (1 - math.tanh(h1 + h2 - s + 1.5) ** 2) + 4 * (1 - math.tanh(-h1 - h2 + 2 * s + 1.5) ** 2) for h1, h2 in H
    ]
    z = [math.exp(e_j) for e_j in e]
    alpha = [z_j / sum(z) for z_j in z]
    c = [sum(a * h[i] for a, h in zip(alpha, H, strict=True)) for i in (0, 1)]
    g = (1.0, -0.5)
    dL_de = [a * (g[0] * (h1 - c[0]) + g[1] * (h2 - c[1])) for a, (h1, h2) in zip(alpha, H, strict=True)]
    dL_ds = sum(d * de for d, de in zip(dL_de, de_ds, strict=True))
    return {"scores": e, "weights": alpha, "context": c, "dL_de": dL_de, "dL_ds": [dL_ds]}


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


@pytest.mark.parametrize("state", ["A", "B"])
def test_report_agrees_with_a_hand_computation_and_the_readme(state):
    rep, hand = report()["readings"][state], by_hand(README[state]["s"])
    for key in ("scores", "weights", "context"):
        np.testing.assert_allclose(rep[key], hand[key], rtol=1e-12, atol=1e-15, err_msg=key)
    np.testing.assert_allclose(rep["weights"], README[state]["weights"], atol=5e-4)
    np.testing.assert_allclose(rep["context"], README[state]["context"], atol=5e-4)
    assert rep["weights_without_tanh"] == [1 / 3] * 3
    # the context comes from the unrounded weights: weights rounded to two places would move it
    H = [(-1.0, 0.0), (1.0, -1.0), (0.0, 1.0)]
    rounded = [sum(round(a, 2) * h[i] for a, h in zip(rep["weights"], H, strict=True)) for i in (0, 1)]
    assert max(abs(x - y) for x, y in zip(rounded, rep["context"], strict=True)) > 1e-6


def test_identical_sources_counterexample():
    H = np.tile(EX.H[1], (3, 1))
    for e in ([0.0, 0.0, 0.0], [3.0, -1.0, 0.5], [-20.0, 0.0, 20.0]):
        np.testing.assert_allclose(read(H, e).context, EX.H[1], atol=1e-12)


@pytest.mark.parametrize("state", ["A", "B"])
def test_gradient_checks_of_the_example_pass(state):
    checks = gradient_checks(EX, state)
    assert set(checks) == {"dL_de", "dL_dW", "dL_dU", "dL_dv", "dL_db", "dL_ds"}
    for name, chk in checks.items():
        assert chk.passed(1e-6), (name, chk.max_rel_error)
    assert checks["dL_de"].analytic.sum() == pytest.approx(0.0, abs=1e-15)


def test_json_report_has_the_documented_keys_and_figures(capsys):
    assert core.example.main(["--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["tokens"] == ["I", "like", "cats"]
    assert rep["states"] == {"A": [-1.0], "B": [1.0]}
    assert np.shape(rep["H"]) == (3, 2) and np.shape(rep["U"]) == (2, 1)
    for key in ("W", "v", "b"):
        assert key in rep
    for state in ("A", "B"):
        reading = rep["readings"][state]
        assert set(reading) >= {"scores", "weights", "context", "weights_without_tanh"}
        np.testing.assert_allclose(reading["weights"], README[state]["weights"], atol=5e-4)
        np.testing.assert_allclose(reading["context"], README[state]["context"], atol=5e-4)
        assert reading["weights_without_tanh"] == [1 / 3] * 3
        grads = rep["gradient_check"][state]
        assert grads["g"] == [1.0, -0.5]
        hand = by_hand(README[state]["s"])
        np.testing.assert_allclose(grads["dL_de"]["analytic"], hand["dL_de"], rtol=1e-10, atol=1e-15)
        np.testing.assert_allclose(grads["dL_ds"]["analytic"], hand["dL_ds"], rtol=1e-10, atol=1e-15)
        assert grads["dL_ds"]["max_rel_error"] < 1e-6
        for key in ("dL_de", "dL_dW", "dL_dU", "dL_dv", "dL_db", "dL_ds"):
            entry = grads[key]
            assert set(entry) >= {"analytic", "numeric", "max_rel_error"}
            assert np.shape(entry["analytic"]) == np.shape(entry["numeric"])
            np.testing.assert_allclose(entry["analytic"], entry["numeric"], rtol=1e-6, atol=1e-9, err_msg=key)


def test_text_report_shows_every_part_and_the_readme_figures(capsys):
    assert core.example.main([]) == 0
    text = capsys.readouterr().out
    for part in (
        "Sources h_j",
        "Score written out",
        "State A: s = -1",
        "State B: s = 1",
        "no-tanh weight",
        "Gradient check at state A",
        "finite difference",
        "dL_dW[2,1]",
        "dL_ds[1]",
    ):
        assert part in text, part
    for state in ("A", "B"):
        # header, column titles, rule, one row a position, then the context line
        lines = text.split(f"State {state}:")[1].split("\n\n")[0].splitlines()
        rows = [line.split() for line in lines[3:6]]
        assert [r[0] for r in rows] == ["I", "like", "cats"]
        weights = [float(r[2]) for r in rows]  # columns: position, score, weight, no-tanh score, no-tanh weight
        np.testing.assert_allclose(weights, README[state]["weights"], atol=6e-4)
        assert [r[4] for r in rows] == ["0.3333"] * 3
        context = lines[6].split("(")[1].split(")")[0].split(", ")
        np.testing.assert_allclose([float(x) for x in context], README[state]["context"], atol=6e-4)
    worst = [float(line.split(":")[1]) for line in text.splitlines() if "largest relative error" in line]
    assert len(worst) == 2 and max(worst) < 1e-6


def test_the_module_entry_point_prints_json(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["python -m core.example", "--json"])
    with pytest.warns(RuntimeWarning, match="core.example"), pytest.raises(SystemExit) as done:
        runpy.run_module("core.example", run_name="__main__")  # what `python -m core.example --json` runs
    assert done.value.code == 0
    assert json.loads(capsys.readouterr().out)["tokens"] == ["I", "like", "cats"]
