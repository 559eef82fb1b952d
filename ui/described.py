"""A chart's text alternative for a screen reader: its caption, then its numbers, each column named as the reader
reads it."""

from __future__ import annotations

from collections.abc import Mapping

from ui import text
from ui.charts import Rows, Spec
from ui.charts.spec import field_titles
from ui.handout import plain_math
from ui.text import t


def column_names(rows: Rows, *specs: Spec) -> dict[str, str]:
    """Each column of the rows named as the reader reads it: the chart's title for the field, else the field's
    own title in the reader's language (see :func:`ui.text.field_title`); two columns never take one name."""
    titles: dict[str, str] = {}
    for spec in specs:
        titles = field_titles(spec) | titles
    keys = list(dict.fromkeys(k for row in rows for k in row))
    names = {k: titles.get(k) or text.field_title(k) for k in keys}
    taken = [names[k] for k in keys]
    return {k: name if taken.count(name) == 1 else k for k, name in names.items()}


def spec_rows(spec: Spec) -> Rows:
    return (spec.get("data") or spec["layer"][0]["data"])["values"]


def describe(caption: str, rows: Rows, names: Mapping[str, str] | None = None, limit: int = 1500) -> str:
    """A chart's text alternative: its caption, then its numbers row by row, each column under its name in
    ``names``, within ``limit`` characters: only whole rows are written, and "…" says that rows follow which are
    not (a row cut in the middle left a word such as "Bahda…" for a screen reader to spell out)."""

    def cell(v: object) -> str:
        return f"{v:.4g}" if isinstance(v, float) else str(v)

    names = names or {}
    plain = plain_math(caption)  # a screen reader reads αⱼ(s), not alpha_j(s)
    said = plain + " " + t("chart.description", n=len(rows)) + " "
    if len(said) > limit - 1:  # a caption too long for the limit: cut at a space
        return said[: limit - 1].rsplit(" ", 1)[0] + "…"
    lines: list[str] = []
    used = len(said)
    for row in rows:
        line = "; ".join(f"{names.get(k, k)} {cell(v)}" for k, v in row.items())
        if used + len(line) + 3 > limit:  # room for ". " and the "…" of what is left out
            return said + ". ".join(lines) + (". …" if lines else "…")
        lines.append(line)
        used += len(line) + 2
    return said + ". ".join(lines)
