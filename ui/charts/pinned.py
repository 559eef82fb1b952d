"""Position scales a slider cannot move get their domain written down, so that a move redraws only what moves.

A chart that follows a slider (:mod:`ui.scrub`) recomputes, on every move, each
scale whose domain its moving layers feed: Vega unions the data of every layer
that shares the scale, and when the union's input changes, the scale, its axis
and every mark drawn with it are computed again, the layers that do not move
included (on screen 4, a 453-point line at each move, for a rule that moves
along it). Where the union is the same at every value of the slider (the rule
stays within the line's span; an invisible layer holds a plane's axes still),
the scale's domain can be written into the chart: the browser then recomputes
the moving layers alone.

Only what is certain to draw the same chart is written. A quantitative ``x``
or ``y`` whose layers read fields of their rows as they are (no transform
that makes or drops rows, no aggregate, bin or stack), whose union is the same
at every value of the slider, and whose span holds 0 (Vega-Lite includes 0 in
a data domain for some marks and not others, and a written domain holds 0 in
both cases when its span does; where a family states ``zero``, its choice
stands) gets ``domain`` = the union's [min, max] and ``nice`` (Vega-Lite's
default for a data domain, which a written domain would turn off). A discrete
``x``, ``y``, ``xOffset`` or ``yOffset`` read from one data source gets its
values, where every value of the slider draws the same ones: in the rows' order
where the chart keeps it (``sort`` null), or as its ``sort`` lists them. Any
other scale is left to the data.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ui.charts.spec import Rows, Spec
from ui.charts.state_rows import column
from ui.scrub import Channel

Path = tuple[Any, ...]
CHANNELS = {"x": ("x", "x2"), "y": ("y", "y2"), "xOffset": ("xOffset",), "yOffset": ("yOffset",)}  # scale: readers
DISCRETE = {"nominal", "ordinal"}
KINDS = ("quantitative", "discrete")
ORDERED = object()  # a discrete scale's order: the rows' (``sort`` null), as against a list
STACKED = {"bar", "area"}  # marks Vega-Lite stacks by default: their domain is of sums, not of the rows
NEVER = frozenset({"aggregate", "bin", "timeUnit", "stack", "impute"})


@dataclass(frozen=True)
class Reader:
    """A layer that reads a position scale: where its encoding is, its data (by name, or rows written in the
    spec), the fields (or constants) it reads on the scale's channels, and the slider it follows, if any."""

    encoding: Path  # the layer's encoding, in which the scale's channel sits
    data: str | None  # the named data it reads; None: ``rows`` are in the spec
    rows: tuple[Mapping[str, Any], ...]
    fields: tuple[str, ...]
    constants: tuple[float, ...]  # datum values on the scale
    channel: Channel | None
    holds: bool  # whether the channel's own encoding (not only x2 / y2) is in this layer
    kind: str  # "quantitative", or "discrete" (nominal, ordinal)
    order: Any  # a discrete scale's sort: ORDERED (null: the rows' order) or a tuple of its values


@dataclass(frozen=True)
class Pin:
    """A position scale that may be written: its channel and the layers that read it."""

    channel: str
    readers: tuple[Reader, ...]
    zero: bool | None  # as the family states it, or None

    @property
    def kind(self) -> str:
        return self.readers[0].kind


def pins_of(spec: Spec, packed: Mapping[Path, Channel]) -> tuple[Pin, ...]:
    """The position scales of ``spec`` that :func:`pin` may write, found once per template.

    ``packed``: where a layer that follows a slider reads its data, and the slider's channel. Only a chart of
    layers (not a concatenation or facet, whose views may have scales of their own) that follows a slider.
    """
    if not packed or any(k in spec for k in ("hconcat", "vconcat", "concat", "facet", "repeat", "spec")):
        return ()
    layers = list(_layers(spec, ()))
    if any(layer is None for _, layer in layers):
        return ()
    pins = []
    for scale, channels in CHANNELS.items():
        readers, zeros, ok = [], set(), True
        for path, layer in layers:
            encoding = layer.get("encoding", {})
            defs = {c: encoding[c] for c in channels if c in encoding}
            if not defs:
                continue
            reader = _reader(path, layer, defs, scale, packed)
            if reader is None:
                ok = False
                break
            given = defs.get(scale, {}).get("scale") or {}
            if "zero" in given:
                zeros.add(bool(given["zero"]))
            readers.append(reader)
        alike = len({(r.kind, r.order) for r in readers}) == 1
        if ok and readers and alike and any(r.channel for r in readers) and len(zeros) <= 1:
            pins.append(Pin(scale, tuple(readers), next(iter(zeros)) if zeros else None))
    return tuple(pins)


def _layers(node: Spec, path: Path):
    """Each single view under ``node``'s layers, with its path; None for a part that is neither."""
    if "layer" in node:
        for k, child in enumerate(node["layer"]):
            yield from _layers(child, (*path, "layer", k))
    elif "mark" in node:
        yield path, node
    else:
        yield path, None


def _reader(path: Path, layer: Spec, defs: Mapping[str, Any], scale: str, packed: Mapping[Path, Channel]):
    """The layer as a :class:`Reader` of the scale, or None where what it puts on the scale is not certain."""
    mark = layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"]
    channel = packed.get((*path, "data"))
    transforms = layer.get("transform", [])[1 if channel else 0 :]
    made = {t.get("as") for t in transforms}
    if any(set(t) - {"calculate", "as"} for t in transforms):
        return None  # a filter, a lookup, an aggregate...: the rows drawn are not the rows given
    fields, constants = [], []
    main = defs.get(scale, {})
    kind = "discrete" if main.get("type") in DISCRETE else main.get("type")
    sort = main.get("sort", ...)  # absent: sorted by value
    order = ORDERED if sort is None or kind != "discrete" else sort
    if kind == "discrete" and not (order is ORDERED or _labels(order)):
        return None  # a discrete scale sorted by its values (the default) or by another field
    types = ("linear",) if kind == "quantitative" else ("band", "point")
    for name, d in defs.items():
        if not isinstance(d, dict) or NEVER & set(d) or ("scale" in d and not isinstance(d["scale"], dict)):
            return None
        own = d.get("scale") or {}
        if name == scale and ("domain" in own or own.get("type", types[0]) not in types or kind not in KINDS):
            return None
        if "field" in d:
            if not isinstance(d["field"], str) or d["field"] in made or "." in d["field"] or "[" in d["field"]:
                return None
            fields.append(d["field"])
        elif "datum" in d:
            if kind != "quantitative" or not _number(d["datum"]):
                return None
            constants.append(float(d["datum"]))
        elif "value" not in d:
            return None
    if mark in STACKED and fields and kind == "quantitative":
        return None
    data = layer.get("data", {})
    if set(data) == {"name"}:
        name, rows = data["name"], ()
    elif set(data) == {"values"} and isinstance(data["values"], list) and channel is None:
        name, rows = None, tuple(data["values"])
    else:
        return None
    holds = scale in defs and ("field" in defs[scale] or "datum" in defs[scale])
    return Reader(
        (*path, "encoding"),
        name,
        rows,
        tuple(fields),
        tuple(constants),
        channel,
        holds,
        kind,
        order if order is ORDERED else tuple(order),
    )


def _labels(x: object) -> bool:
    return isinstance(x, list) and all(isinstance(v, str) for v in x) and len(set(x)) == len(x)


def _number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)


def domain(pin: Pin, data: Mapping[str, Rows]) -> list | None:
    """The pin's domain over ``data`` (rows by name, as given to a fill), if it is the same at every value of
    the slider and may be written; else None."""
    return _span_of(pin, data) if pin.kind == "quantitative" else _values_of(pin, data)


def _values_of(pin: Pin, data: Mapping[str, Rows]) -> list | None:
    """A discrete scale's values: its sort's list where every value of the slider draws exactly those; where
    it keeps the rows' order, the values in the order the rows draw them, where one data source feeds every
    layer and that order is the same at every value of the slider."""
    names = {r.data for r in pin.readers}
    if len(names) != 1 or None in names:
        return None
    rows = data.get(next(iter(names)), ())
    moving = pin.readers[0].channel
    if any((r.channel is None) != (moving is None) for r in pin.readers):
        return None
    fields = {f for r in pin.readers for f in r.fields}
    if len(fields) != 1:
        return None
    field, tag = fields.pop(), moving.field if moving else None
    groups: dict[Any, list] = {}
    tags = column(rows, tag) if tag else [None] * len(rows)
    for t, value in zip(tags, column(rows, field), strict=True):
        groups.setdefault(t, []).append(value)
    orders = {tuple(dict.fromkeys(g)) for g in groups.values()}
    if len(orders) != 1:
        return None
    drawn = orders.pop()
    if not all(isinstance(v, str) for v in drawn):
        return None
    given = pin.readers[0].order
    if given is ORDERED:
        return list(drawn)
    return list(given) if set(given) == set(drawn) else None


def _span_of(pin: Pin, data: Mapping[str, Rows]) -> list | None:
    still: list[float] = []
    moving: dict[Any, list[float]] = {}
    for reader in pin.readers:
        rows = data.get(reader.data, ()) if reader.data is not None else reader.rows
        still += reader.constants
        tags = column(rows, reader.channel.field) if reader.channel is not None else None
        for f in reader.fields:
            values = column(rows, f)
            if not _numbers(values):
                return None
            if tags is None:
                still += values
            else:
                for tag, v in zip(tags, values, strict=True):
                    moving.setdefault(tag, []).append(v)
    spans = {(min(v), max(v)) for v in moving.values()}
    if still:  # and a value of the slider with no moving rows draws the still ones alone
        lo, hi = min(still), max(still)
        spans = {(min(lo, a), max(hi, b)) for a, b in spans} | {(lo, hi)}
    elif not spans:
        return None
    if len(spans) != 1:
        return None
    span = spans.pop()
    if pin.zero is None and not span[0] <= 0 <= span[1]:
        return None
    return [span[0], span[1]]


def _numbers(values: list) -> bool:
    """Whether every one of ``values`` is a finite number (a bool, a string or None is not)."""
    try:
        total = sum(values)
    except TypeError:
        return False
    return math.isfinite(total) and not any(isinstance(v, bool) for v in values)


def pin(pins: tuple[Pin, ...], data: Mapping[str, Rows], writable: Callable[[Path], Any]) -> None:
    """Write each pin's domain (where :func:`domain` gives one) into every layer that holds its channel."""
    for p in pins:
        values = domain(p, data)
        if values is None:
            continue
        nice = {"nice": True} if p.kind == "quantitative" else {}
        for reader in p.readers:
            if reader.holds:
                d = writable((*reader.encoding, p.channel))
                d["scale"] = {**nice, **(d.get("scale") or {}), "domain": values}
