"""The article's worked example (section 6), reconstructed, and its reproduction report.

The article's printed numbers did not survive, so these values are the
project's reconstruction, chosen to satisfy every property its prose states:

- three source positions I, like, cats with hand-picked 2-D representations
  h_I = (-1, 0), h_like = (1, -1), h_cats = (0, 1) (a real triangle);
- a scalar decoder state s (d_s = 1): state A is s = -1, state B is s = +1;
- additive-scorer parameters (d_a = 2)

      W = [[1, 1], [-1, -1]],  U = [[-1], [2]],  v = (2, 2),  b = (1.5, 1.5),

  so that  e_j = 2 tanh(h_j1 + h_j2 - s + 1.5) + 2 tanh(-h_j1 - h_j2 + 2 s + 1.5).

With tanh, state A reads mostly "I" and state B mostly "cats". With tanh
removed, the score is linear:

      e_j = v^T (W h_j + U s + b) = (W^T v)^T h_j + v^T U s + v^T b.

The middle term v^T U s = 2 s is the same for every position j, a shared
offset that Softmax removes; and W^T v = 0 in this construction, so the
position-dependent first term is 0 for every h_j as well. Every score equals
2 s + 6 (4 for A, 8 for B) and both states read with weights exactly 1/3.

``python -m core.example`` prints the report; ``--json`` prints it as JSON and
``--csv`` as a CSV table of every number in that JSON (one row a number).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from core.expression import number, score_expression
from core.gradients import GradientCheck, OutputLayer
from core.labels import entry_label
from core.learning import scorer_gradient_checks
from core.reading import Reading, attend
from core.scorers import AdditiveParams
from core.tied_output import tied_output_layer

TOKENS = ("I", "like", "cats")
TARGET_TOKENS = ("我", "喜欢", "猫")
STATES = {"A": -1.0, "B": 1.0}  # the two constructed decoder states s (d_s = 1)
PROBE_G = (1.0, -0.5)  # g, the fixed incoming gradient dL/dc of the probe L = g^T c


@dataclass(frozen=True)
class WorkedExample:
    """Everything the worked example fixes: sources, scorer, states, probe gradient, output layer."""

    tokens: tuple[str, ...]
    H: np.ndarray  # (T, d_h), row j = h_j^T
    params: AdditiveParams
    states: dict[str, np.ndarray]  # name -> s, (d_s,)
    g: np.ndarray  # (d_h,), the fixed incoming gradient dL/dc of L = g^T c
    output: OutputLayer  # a tiny output layer over 我 / 喜欢 / 猫


def worked_example() -> WorkedExample:
    """The reconstruction described in this module's docstring."""
    H = np.array([[-1.0, 0.0], [1.0, -1.0], [0.0, 1.0]])
    params = AdditiveParams.checked(W=[[1.0, 1.0], [-1.0, -1.0]], U=[[-1.0], [2.0]], v=[2.0, 2.0], b=[1.5, 1.5])
    # Output layer tied to the sources: logit_k = h_k^T c, so reading h_k favours token k.
    output = tied_output_layer(H, TARGET_TOKENS)
    return WorkedExample(
        tokens=TOKENS,
        H=H,
        params=params,
        states={name: np.array([s]) for name, s in STATES.items()},
        g=np.array(PROBE_G),
        output=output,
    )


# --- Reproduction -----------------------------------------------------------------------------


def reading_of(ex: WorkedExample, state: str, f: str = "tanh") -> Reading:
    return attend(ex.H, ex.states[state], ex.params, f)


def gradient_checks(ex: WorkedExample, state: str) -> dict[str, GradientCheck]:
    """Check dL/de and dL/d(W, U, v, b) of L = g^T c at one state against finite differences."""
    return scorer_gradient_checks(ex.H, ex.states[state], ex.params, ex.g)


def report(ex: WorkedExample | None = None) -> dict[str, object]:
    """The whole reproduction as plain data (lists and floats), unrounded."""
    ex = ex or worked_example()
    readings, grad_section = {}, {}
    for name in ex.states:
        r, r_lin = reading_of(ex, name), reading_of(ex, name, "identity")
        readings[name] = {
            "scores": r.scores.tolist(),
            "weights": r.weights.tolist(),
            "context": r.context.tolist(),
            "scores_without_tanh": r_lin.scores.tolist(),
            "weights_without_tanh": r_lin.weights.tolist(),
        }
        grad_section[name] = {"g": ex.g.tolist()} | {
            key: {
                "analytic": chk.analytic.tolist(),
                "numeric": chk.numeric.tolist(),
                "rel_error": chk.rel_error.tolist(),
                "max_rel_error": chk.max_rel_error,
            }
            for key, chk in gradient_checks(ex, name).items()
        }
    p = ex.params
    return {
        "tokens": list(ex.tokens),
        "H": ex.H.tolist(),
        "W": p.W.tolist(),
        "U": p.U.tolist(),
        "v": p.v.tolist(),
        "b": p.b.tolist(),
        "states": {k: s.tolist() for k, s in ex.states.items()},
        "score_expression": score_expression(p, latex=False),
        "score_expression_latex": score_expression(p, latex=True),
        "readings": readings,
        "gradient_check": grad_section,
    }


# --- Text tables ------------------------------------------------------------------------------


def table(header: Sequence[str], rows: Sequence[Sequence[object]], digits: int = 4) -> str:
    """A fixed-width text table; floats are printed to ``digits`` decimals."""

    def cell(x: object) -> str:
        return f"{x:.{digits}f}" if isinstance(x, float) else str(x)

    cells = [[cell(x) for x in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(header)]
    line = lambda r: "  ".join(x.rjust(w) for x, w in zip(r, widths, strict=True))  # noqa: E731
    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, cells)])


def _flat_entries(name: str, entry: dict[str, object]) -> list[list[object]]:
    a = np.asarray(entry["analytic"])
    n = np.asarray(entry["numeric"])
    rel = np.asarray(entry["rel_error"])
    rows = []
    for idx in np.ndindex(a.shape):
        rows.append([entry_label(name, idx), f"{a[idx]:+.10f}", f"{n[idx]:+.10f}", f"{rel[idx]:.1e}"])
    return rows


def format_report(rep: dict[str, object]) -> str:
    """The report as readable tables for a terminal."""
    tokens = rep["tokens"]
    out = [
        "Worked example (article section 6), the project's reconstruction",
        "",
        "Sources h_j (rows):",
        table(["position", "h_j1", "h_j2"], [[t, *map(float, h)] for t, h in zip(tokens, rep["H"], strict=True)], 1),
        "",
        "Additive scorer  e_j = v^T tanh(W h_j + U s + b):",
        f"  W = {rep['W']}   U = {rep['U']}   v = {rep['v']}   b = {rep['b']}",
        "",
        "Score written out:",
        "  " + rep["score_expression"],
        "",
    ]
    for name, s in rep["states"].items():
        r = rep["readings"][name]
        out += [
            f"State {name}: s = {number(s[0]) if len(s) == 1 else s}",
            table(
                ["position", "score e_j", "weight alpha_j", "no-tanh score", "no-tanh weight"],
                [
                    [t, e, a, el, al]
                    for t, e, a, el, al in zip(
                        tokens,
                        r["scores"],
                        r["weights"],
                        r["scores_without_tanh"],
                        r["weights_without_tanh"],
                        strict=True,
                    )
                ],
            ),
            f"  context c = ({', '.join(f'{x:.4f}' for x in r['context'])})   "
            f"sum of weights = {sum(r['weights']):.12f}",
            "",
        ]
    for name, checks in rep["gradient_check"].items():
        out += [f"Gradient check at state {name}: L = g^T c with g = {checks['g']}"]
        rows: list[list[object]] = []
        for key, entry in checks.items():
            if key != "g":
                rows += _flat_entries(key, entry)
        out += [table(["entry", "analytic", "finite difference", "rel. error"], rows), ""]
        worst = max(v["max_rel_error"] for k, v in checks.items() if k != "g")
        out += [f"  largest relative error: {worst:.1e}", ""]
    return "\n".join(out)


def as_json(rep: dict[str, object]) -> str:
    """The report as one line of JSON, the text ``--json`` prints."""
    return json.dumps(rep, ensure_ascii=False)


def flat_rows(tree: object, path: str = "") -> list[tuple[str, object]]:
    """Every leaf of a JSON tree with its path: ``readings.A.weights[2]`` → 0.84…."""
    if isinstance(tree, dict):
        return [row for key, value in tree.items() for row in flat_rows(value, f"{path}.{key}" if path else key)]
    if isinstance(tree, list):
        return [row for i, value in enumerate(tree) for row in flat_rows(value, f"{path}[{i}]")]
    return [(path, tree)]


def as_csv(rep: dict[str, object]) -> str:
    """The report as CSV, columns ``quantity`` and ``value``: one row for each number or text in the JSON."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["quantity", "value"])
    writer.writerows((path, repr(v) if isinstance(v, float) else v) for path, v in flat_rows(rep))
    return buffer.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m core.example", description="Reproduce the article's worked example."
    )
    formats = parser.add_mutually_exclusive_group()
    formats.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    formats.add_argument("--csv", action="store_true", help="print every number of the JSON as a CSV row")
    args = parser.parse_args(argv)
    rep = report()
    if args.csv:
        sys.stdout.write(as_csv(rep))
        return 0
    text = as_json(rep) if args.json else format_report(rep)
    sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
