"""The additive score written out as a scalar expression (article section 6).

For d_a hidden units the score is a sum of d_a terms

    e_j = sum_k v_k f( sum_i W_ki h_{j,i} + sum_i U_ki s_i + b_k ),

which these functions print with the chosen numbers substituted, either as
LaTeX (for the pages) or as plain text (for the terminal report).
"""

from __future__ import annotations

import numpy as np

from core.scorers import AdditiveParams, nonlinearity


def number(x: float, digits: int = 4) -> str:
    """A short decimal: 2 rather than 2.0, 1.5, 0.3333, -0.25; never '-0'."""
    text = f"{float(x):.{digits}g}"
    return "0" if text in ("-0", "0") else text


def linear_combination(coefficients: np.ndarray, symbols: list[str], constant: float) -> str:
    """'h_1 - 2 h_2 + 1.5' from coefficients (1, -2), symbols and a constant; zero terms dropped."""
    parts: list[tuple[str, str]] = []  # (sign, magnitude-and-symbol)
    for c, sym in zip(coefficients, symbols, strict=True):
        if c == 0:
            continue
        mag = "" if abs(c) == 1 else number(abs(c)) + " "
        parts.append(("-" if c < 0 else "+", mag + sym))
    if constant != 0 or not parts:
        parts.append(("-" if constant < 0 else "+", number(abs(constant))))
    first_sign, first = parts[0]
    text = ("-" if first_sign == "-" else "") + first
    for sign, term in parts[1:]:
        text += f" {sign} {term}"
    return text


def score_expression(params: AdditiveParams, f: str = "tanh", latex: bool = True, multiline: bool = False) -> str:
    """The score e_j as an explicit expression in h_{j,1..d_h} and s (s_1..s_{d_s} if d_s > 1).

    With ``multiline`` (LaTeX only) each hidden unit's term starts a new aligned line.
    """
    nl = nonlinearity(f)
    if latex:
        h = [rf"h_{{j,{i + 1}}}" for i in range(params.d_h)]
        s = ["s"] if params.d_s == 1 else [rf"s_{{{i + 1}}}" for i in range(params.d_s)]
        fname = nl.latex
        open_, close = r"\left(", r"\right)"
        lhs = "e_j = "
    else:
        h = [f"h_j{i + 1}" for i in range(params.d_h)]
        s = ["s"] if params.d_s == 1 else [f"s{i + 1}" for i in range(params.d_s)]
        fname = nl.plain
        open_, close = "(", ")"
        lhs = "e_j = "
    terms: list[tuple[float, str]] = []
    for k in range(params.d_a):
        inner = linear_combination(np.concatenate([params.W[k], params.U[k]]), h + s, float(params.b[k]))
        terms.append((float(params.v[k]), f"{fname}{open_}{inner}{close}"))
    text = ""
    joint = r" \\ &\quad " if latex and multiline else " "
    for i, (vk, term) in enumerate(t for t in terms if t[0] != 0):
        mag = "" if abs(vk) == 1 else number(abs(vk)) + (r"\," if latex else " ")
        if i == 0:
            text = ("-" if vk < 0 else "") + mag + term
        else:
            text += f"{joint}{'-' if vk < 0 else '+'} {mag}{term}"
    if latex and multiline:
        return r"\begin{aligned} e_j &= " + (text or "0") + r" \end{aligned}"
    return lhs + (text or "0")


def plugged_score(v: np.ndarray, a: np.ndarray, f: str = "tanh") -> str:
    """One source's score at one state with the numbers plugged in, in LaTeX: the sum over hidden units k of
    v_k f(a_k), where a = W h_j + U s + b: (d_a,) is that source's preactivation (e.g. '2\\,\\tanh(1.5) +
    2\\,\\tanh(0.5)'); units with v_k = 0 are left out."""
    name = nonlinearity(f).latex
    text = ""
    for vk, ak in zip(v, a, strict=True):
        if vk == 0:
            continue
        mag = "" if abs(vk) == 1 else number(abs(vk)) + r"\,"
        term = rf"{mag}{name}\left({number(ak)}\right)"
        text += ("-" if vk < 0 else "") + term if not text else f" {'-' if vk < 0 else '+'} {term}"
    return text or "0"


# How the code computes f(x) for each nonlinearity's name (see core.scorers.NONLINEARITIES).
NUMPY_F = {"tanh": "np.tanh({})", "identity": "{}", "relu": "np.maximum({}, 0.0)"}


def _array(x: np.ndarray) -> str:
    """A numpy array literal that gives back exactly ``x``'s doubles."""
    return f"np.array({np.asarray(x, dtype=np.float64).tolist()!r})"


def numpy_code(H: np.ndarray, s: np.ndarray, params: AdditiveParams, f: str = "tanh") -> str:
    """About ten lines of numpy that compute one read from these numbers, to copy and run: the sources H: (T, d_h),
    the scorer's parameters, the state s: (d_s,) -> the scores e, the weights alpha and the context c, exactly as
    :func:`core.reading.attend` computes them."""
    name = nonlinearity(f).plain  # "" for the identity
    inner = NUMPY_F[nonlinearity(f).name].format("H @ W.T + U @ s + b")
    scores = f"{inner} @ v" if name else f"({inner}) @ v"
    T, d_h = np.shape(H)
    return "\n".join(
        [
            "import numpy as np",
            "",
            f"H = {_array(H)}  # h_j, one a row: (T, d_h) = ({T}, {d_h})",
            f"W = {_array(params.W)}  # (d_a, d_h)",
            f"U = {_array(params.U)}  # (d_a, d_s)",
            f"v = {_array(params.v)}  # (d_a,)",
            f"b = {_array(params.b)}  # (d_a,)",
            f"s = {_array(s)}  # (d_s,)",
            "",
            f"e = {scores}  # e_j = v^T {name}(W h_j + U s + b): (T,)",
            "alpha = np.exp(e - e.max()) / np.exp(e - e.max()).sum()  # Softmax: (T,)",
            "c = alpha @ H  # c = sum_j alpha_j h_j: (d_h,)",
            "print(e.round(3), alpha.round(3), c.round(3))",
        ]
    )


def score_lines(params: AdditiveParams, f: str = "tanh") -> str:
    """The lines of a LaTeX aligned block that write the score twice: e_j = v^T f(W h_j + U s + b), then with the
    scorer's numbers (:func:`score_expression`, one hidden unit a line)."""
    expanded = score_expression(params, f, multiline=True)
    body = expanded.removeprefix(r"\begin{aligned} e_j &= ").removesuffix(r" \end{aligned}")
    name = nonlinearity(f).latex
    return rf"e_j &= v^\top {name}\!\left(W h_j + U s + b\right) \\ &= {body}"
