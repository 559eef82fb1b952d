"""A one-page handout of the current view: plain HTML that prints well, with the charts as SVG.

The charts are drawn from the very specs the screen shows, rendered without a
browser by ``vl-convert``; the numbers are the rows behind each chart and the
shared state (sources, scorer, s). Every text a reader or a link supplied
(tokens, the link itself) goes through :func:`html.escape`, so it is shown
as text, never as markup.
"""

from __future__ import annotations

import copy
import html
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ui import page_assets, text
from ui.charts import Rows, Spec
from ui.format import unescaped
from ui.text import t

FIGURE_WIDTH = 560  # px of a chart's plotting area when its spec leaves the width to the page
MAX_ROWS = 60  # rows of a chart's numbers printed under it; the rest are counted, not printed

STYLE = page_assets.read("handout.css")  # the take-home file's own style


class LaterRows(Sequence[dict[str, Any]]):
    """A chart's rows, picked only if a file asks for them (most runs never do): ``pick()`` is called once, on the
    first look, in the language of the run that made this (a file is made in another thread, on request)."""

    def __init__(self, pick: Callable[[], Rows]) -> None:
        self._pick, self._language, self._rows = pick, text.language(), None

    def _picked(self) -> Rows:
        if self._rows is None:
            with text.speaking(self._language):
                self._rows = list(self._pick())
        return self._rows

    def __getitem__(self, i):  # type: ignore[override]
        return self._picked()[i]

    def __len__(self) -> int:
        return len(self._picked())

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self._picked())


@dataclass(frozen=True)
class Figure:
    """One chart of the screen: its name, caption, Vega-Lite spec and the rows it draws.

    ``columns`` names the rows' fields as the reader reads them; the rows are renamed only when a file asks
    for them (:meth:`named_rows`), not on every rerun.
    """

    name: str
    caption: str
    spec: Spec
    rows: Rows
    columns: Mapping[str, str] = field(default_factory=dict)

    def named_rows(self) -> Rows:
        return [{self.columns.get(k, k): v for k, v in row.items()} for row in self.rows]


def printable(spec: Spec) -> Spec:
    """The spec with a fixed width where the screen stretches it to the page's width."""
    out = copy.deepcopy(spec)
    if out.get("width") in (None, "container"):
        out.pop("width", None)
        if not any(k in out for k in ("facet", "hconcat", "vconcat", "concat", "repeat")):
            out["width"] = FIGURE_WIDTH
    view = dict(out.get("config", {}).get("view", {}))
    view.setdefault("continuousWidth", FIGURE_WIDTH // 2)
    out["config"] = {**out.get("config", {}), "view": view}
    return out


GREEK = {
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ε",
    "eta": "η",
    "theta": "θ",
    "lambda": "λ",
    "mu": "μ",
    "sigma": "σ",
    "tau": "τ",
    "phi": "φ",
    "varphi": "φ",
    "Delta": "Δ",
    "Sigma": "Σ",
}
SYMBOLS = {
    "top": "ᵀ",
    "sum": "Σ",
    "cdot": "·",
    "times": "×",
    "to": "→",
    "approx": "≈",
    "le": "≤",
    "leq": "≤",
    "ge": "≥",
    "geq": "≥",
    "in": "∈",
    "neq": "≠",
    "pm": "±",
    "infty": "∞",
    "partial": "∂",
    "mid": "|",
    "odot": "⊙",
    "ldots": "…",
    "dots": "…",
    "quad": " ",
    "qquad": " ",
    "tanh": "tanh",
    "exp": "exp",
    "log": "log",
    "max": "max",
    "min": "min",
    "mathbb{R}": "ℝ",
} | GREEK
SUBSCRIPT = str.maketrans("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ")
SUPERSCRIPT = str.maketrans("0123456789+-=()inT", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁱⁿᵀ")


def _script(text: str, table: dict[int, int], mark: str) -> str:
    """``text`` in sub- or superscript letters when every character has one, else ``mark`` + text."""
    converted = text.translate(table)
    if all(ord(c) in table or c == " " for c in text if c not in ",") and "," not in text:
        return converted
    return f"{mark}{text}" if len(text) == 1 else f"{mark}({text})"


def plain_math(text: str) -> str:
    """Markdown with inline LaTeX (``$\\alpha_{tj}$``, ``**bold**``) as plain Unicode text for the handout.

    Covers the notation the captions use: Greek letters, ``^\\top``, simple sub- and superscripts,
    ``\\sum``, ``\\mathrm{…}``/``\\text{…}``; an unknown command keeps its name without the backslash.
    """
    # Outside math, what ui.format.plain escaped (a reader's token in a caption) is shown as the reader wrote it.
    parts = re.split(r"(?<!\\)\$", text)  # even: prose, odd: math between dollars
    out = "".join(part if k % 2 else unescaped(part) for k, part in enumerate(parts)).replace("**", "")
    out = re.sub(r"\\(?:mathrm|text|mathbf|boldsymbol|operatorname)\{([^{}]*)\}", r"\1", out)
    out = re.sub(r"\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}", r"\1/\2", out)
    out = re.sub(r"\\(?:big|Big|bigg|left|right)(?=[()\[\]|.])", "", out)
    out = re.sub(r"\\([A-Za-z]+(?:\{R\})?)", lambda m: SYMBOLS.get(m.group(1), m.group(1)), out)
    out = out.replace("\\,", " ").replace("\\!", "").replace("\\;", " ").replace("\\{", "{").replace("\\}", "}")
    out = re.sub(r"_\{([^{}]*)\}", lambda m: _script(m.group(1), SUBSCRIPT, "_"), out)
    out = re.sub(r"_([A-Za-z0-9])", lambda m: _script(m.group(1), SUBSCRIPT, "_"), out)
    out = re.sub(r"\^\{([^{}]*)\}", lambda m: _script(m.group(1), SUPERSCRIPT, "^"), out)
    out = re.sub(
        r"\^([A-Za-z0-9ᵀ])", lambda m: m.group(1) if m.group(1) == "ᵀ" else _script(m.group(1), SUPERSCRIPT, "^"), out
    )
    return out


def stacked(specs: Sequence[Spec]) -> Spec:
    """Several charts drawn as panels on screen, as one spec of panels one under another for the handout."""
    if len(specs) == 1:
        return specs[0]
    inner = [
        {k: v for k, v in spec.items() if k not in ("$schema", "config", "autosize")} | {"width": FIGURE_WIDTH}
        for spec in specs
    ]
    return {"$schema": specs[0].get("$schema"), "vconcat": inner, "config": specs[0].get("config", {})}


def svg_of(spec: Spec) -> str:
    """The chart as an SVG document, rendered by vl-convert from the spec the screen shows."""
    import vl_convert  # imported on the first handout, not with every screen

    return vl_convert.vegalite_to_svg(printable(spec))


def cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return html.escape(str(value))


def table(rows: Rows) -> str:
    """The rows as an HTML table; at most ``MAX_ROWS`` of them, with a line counting the rest."""
    if not rows:
        return ""
    columns = list(rows[0])
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{cell(r.get(c, ''))}</td>" for c in columns) + "</tr>" for r in rows[:MAX_ROWS]
    )
    rest = len(rows) - MAX_ROWS
    more = f'<p class="muted">{html.escape(t("handout.more_rows", n=rest))}</p>' if rest > 0 else ""
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{more}"


def handout(
    title: str,
    link: str,
    state_rows: Rows,
    scorer_rows: Rows,
    equations: Sequence[str],
    figures: Sequence[Figure],
) -> str:
    """The whole handout as one HTML document, in the current language."""
    e = html.escape
    parts = [
        f"<h1>{e(title)}</h1>",
        f'<p class="muted">{e(t("app.title"))}</p>',
        f'<p class="muted">{e(t("handout.link"))} <code>{e(link)}</code></p>' if link else "",
        f"<h2>{e(t('handout.equations'))}</h2>",
        *(f'<p class="eq">{e(line)}</p>' for line in equations),
        f"<h2>{e(t('handout.state'))}</h2>",
        table(state_rows),
        table(scorer_rows),
    ]
    if figures:
        parts.append(f"<h2>{e(t('handout.charts'))}</h2>")
    for fig in figures:
        parts += [
            f"<figure>{svg_of(fig.spec)}<figcaption>{e(plain_math(fig.caption))}</figcaption></figure>",
            table(fig.named_rows()),
        ]
    parts.append(f'<p class="muted">{e(t("handout.footer"))}</p>')
    body = "\n".join(p for p in parts if p)
    lang = e(t("handout.lang"))
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{e(title)}</title><style>{STYLE}</style></head>\n<body>\n{body}\n</body></html>\n"
    )
