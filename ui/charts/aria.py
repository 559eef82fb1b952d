"""What a screen reader says of a chart's marks, axes and legends, in the reader's language.

Vega-Lite labels each mark with its encoded fields, ``title: value; ...``, and names a field the chart gives no
title (a colour without a legend, a line's end) by its data field, ``x_source`` or ``position``, in every language;
Vega names an axis or a legend in English ("X-axis for a discrete scale with 4 values"). :func:`described` gives
every mark a description of its own: what its tooltip shows, titles and formats the chart's own, or where it has
none its fields that have a title (the chart's for that field, else the field's own, :func:`ui.text.field_title`),
a field that has none (a position on a line, a sort order) left out. In a language other than English every axis
and legend is described too. It runs once a chart's shape and language (:func:`ui.charts.template.family`), never
on a rerun; the chart draws what it drew.
"""

from __future__ import annotations

import json
from typing import Any

from ui import text
from ui.charts.spec import Spec, field_titles
from ui.text import t

# The channels a chart draws with a guide, and that guide's name in the channel's definition.
GUIDES = {
    "x": "axis",
    "y": "axis",
    **{c: "legend" for c in ("color", "fill", "stroke", "shape", "size", "opacity", "strokeDash", "strokeWidth")},
    **{c: "legend" for c in ("fillOpacity", "strokeOpacity", "angle")},
}
UNSAID = frozenset({"order", "detail", "key", "href", "url", "tooltip", "description"})  # channels never read out
PLAIN = frozenset({"en"})  # languages in which Vega's own description of an axis or a legend is the reader's
Entry = tuple[str, str, str | None]  # a field said: its title, its data field, its number format (None: as it is)


def described(spec: Spec, language: str) -> Spec:
    """``spec`` (a Vega-Lite dict, changed in place and returned) with a description of every mark a screen reader
    reads, and in a language outside :data:`PLAIN` of every axis and legend, all in ``language``."""
    with text.speaking(language):
        return _described(spec, language)


def _described(spec: Spec, language: str) -> Spec:
    titles = field_titles(spec)
    for node, encoding in _encoded(spec):
        mark = node.get("mark")
        read = mark is not None and not (isinstance(mark, dict) and mark.get("aria") is False)
        if read and "description" not in encoding and not (isinstance(mark, dict) and "description" in mark):
            tooltip = encoding.get("tooltip")
            entries = _from_tooltip(tooltip, titles) if tooltip is not None else _from_channels(encoding, titles)
            words = encoding.get("text")
            kind = mark.get("type") if isinstance(mark, dict) else mark
            if tooltip is None and kind == "text" and isinstance(words, dict) and words.get("type") == "nominal":
                entries = [("", words["field"], None)] if isinstance(words.get("field"), str) else entries  # its words
            if entries:
                said = {"description": {"expr": _said(entries)}}
                node["mark"] = {**(mark if isinstance(mark, dict) else {"type": mark}), **said}
                point = node["mark"].get("point")
                if point is True or isinstance(point, dict):  # a line's points: marks of their own
                    node["mark"]["point"] = {**(point if isinstance(point, dict) else {}), **said}
        if language not in PLAIN:
            for channel, d in (node.get("encoding") or {}).items():
                if isinstance(d, dict):
                    _guide_described(channel, d)
    return spec


def _encoded(node: Any) -> list[tuple[dict, dict]]:
    """Every dict in ``node`` with a mark or an encoding, with the encoding its marks draw: a layer's above it and
    its own."""
    found: list[tuple[dict, dict]] = []
    stack: list[tuple[Any, dict]] = [(node, {})]
    while stack:
        n, above = stack.pop()
        if isinstance(n, list):
            stack.extend((x, above) for x in n)
        elif isinstance(n, dict):
            own = n.get("encoding")
            encoding = above | own if isinstance(own, dict) else above
            if "mark" in n or isinstance(own, dict):
                found.append((n, encoding))
            skipped = ("encoding", "data", "datasets", "config")
            stack.extend((v, encoding) for k, v in n.items() if k not in skipped and isinstance(v, (dict, list)))
    return found


def _from_tooltip(tooltip: Any, titles: dict[str, str]) -> list[Entry]:
    """The fields a tooltip shows, as it formats them, each titled as it titles it (else as :func:`_title`); none
    unless each is a field."""
    entries = tooltip if isinstance(tooltip, list) else [tooltip]
    if not all(isinstance(e, dict) and isinstance(e.get("field"), str) for e in entries):
        return []
    return [(_title(e, titles), e["field"], _format(e)) for e in entries]


def _title(d: dict, titles: dict[str, str]) -> str:
    """A channel's title: its own, else the chart's for its field, else the field's own (its name without one)."""
    return d["title"] if isinstance(d.get("title"), str) else titles.get(d["field"]) or text.field_title(d["field"])


def _from_channels(encoding: dict, titles: dict[str, str]) -> list[Entry]:
    """The mark's fields that have a title, each once, in the encoding's order; a field the chart titles None (it
    names it nowhere) said by its value alone."""
    said: dict[str, Entry] = {}  # by field
    for channel, d in encoding.items():
        if channel in UNSAID or not isinstance(d, dict) or not isinstance(d.get("field"), str):
            continue
        if any(d.get(k) for k in ("aggregate", "bin", "timeUnit")):
            continue  # its datum's field is another name: the chart's own description stays
        field = d["field"]
        title = "" if "title" in d and d["title"] is None else _title(d, titles)  # None: the chart names it not
        if title != field and field not in said and (not title or title not in {e[0] for e in said.values()}):
            said[field] = (title, field, _format(d))
    return list(said.values())


def _format(d: dict) -> str | None:
    numbers = d.get("type") == "quantitative" and d.get("formatType") in (None, "number")
    return d["format"] if numbers and isinstance(d.get("format"), str) else None


def _said(entries: list[Entry]) -> str:
    """A Vega expression writing ``entries`` of a mark's datum as the reader's language writes ``title: value;
    ...``; a field the datum lacks is said empty."""
    parts = []
    for title, field, number_format in entries:
        value = f"datum[{json.dumps(field)}]"
        shown = value if number_format is None else f"format({value}, {json.dumps(number_format)})"
        before, after = _around("chart.aria_field", "shown", title=title) if title else ("", "")
        parts.append(f"{json.dumps(before)} + (isValid({value}) ? {shown} : '') + {json.dumps(after)}")
    between = json.dumps(_around("chart.aria_fields", "last", first="")[0])
    return f" + {between} + ".join(parts)


def _around(key: str, hole: str, **fields: str) -> tuple[str, str]:
    """The message ``key`` with ``fields`` filled in, split where its field ``hole`` stands: (before, after)."""
    mark = "\ue000"
    before, after = t(key, **fields, **{hole: mark}).split(mark)
    return before, after


def _guide_described(channel: str, d: dict) -> None:
    """An axis's or a legend's description in the reader's language: which it is, and its title where it has one."""
    guide = GUIDES.get(channel)
    if guide is None or not ("field" in d or "datum" in d) or (guide in d and d[guide] is None):
        return
    if guide == "legend" and "field" not in d:
        return
    shown = d.get(guide) or {}
    title = shown.get("title") if isinstance(shown.get("title"), str) else d.get("title")
    titled = isinstance(title, str) and bool(title)
    if guide == "legend":
        words = t("chart.aria_legend", title=title) if titled else t("chart.aria_legend_untitled")
    elif channel == "x":
        words = t("chart.aria_x", title=title) if titled else t("chart.aria_x_untitled")
    else:
        words = t("chart.aria_y", title=title) if titled else t("chart.aria_y_untitled")
    d[guide] = {**shown, "description": words}
