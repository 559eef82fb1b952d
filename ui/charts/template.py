"""Chart families authored in Altair, built once for a shape, filled with rows on every run.

A family's *shape* is everything but its rows: titles, token labels, options,
the reader's language. :func:`family` turns a function that builds an Altair
chart from a shape into one that returns a :class:`Template`: the chart's
Vega-Lite spec, made by Altair's ``to_dict()`` (schema validation included)
the first time a shape is asked for and kept, so that a rerun pays only for
putting its rows in. The chart names its data (``alt.NamedData("rows")``) and
its parameters; :meth:`Template.fill` puts the rows of each name inline where
the chart reads them (inline JSON is cheaper for Streamlit to send than the
Arrow tables it makes of top-level data) and sets the parameters' values.

A template's spec is shared by every session: :meth:`Template.fill` copies
what it changes and never touches the template.
"""

from __future__ import annotations

import copy
import functools
import inspect
import json
import os
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec

import altair as alt

from ui import text
from ui.charts import aria, pinned
from ui.charts.spec import Rows, Spec, config
from ui.charts.state_rows import STATE, StateRows
from ui.scrub import Channel

P = ParamSpec("P")
Path = tuple[Any, ...]  # keys and indices from the spec's top to a node
SHAPES = 512  # templates kept per family; a shape is small (a few kB of JSON)


class Template:
    """A Vega-Lite spec whose named data sources and parameters are filled in per run.

    A layer that follows a slider (its first transform is a :class:`ui.scrub.Channel`'s test) gets its rows
    for every value of the slider in a compact form (:func:`looked_up`): the rows drawn at any value, with the
    fields that are the same at every value, and a table of the other fields' values at each value, which the
    browser looks up by the slider's value on every move (a few rows to complete, not every row to test).
    """

    def __init__(self, spec: Spec) -> None:
        self.spec = _inline_layers(spec)
        self.data: dict[str, list[Path]] = {}  # data name -> where it is read
        self.packed: dict[Path, Channel] = {}  # where a layer that follows a slider reads its data -> its channel
        for path, node in _walk(self.spec):
            if isinstance(node, dict) and path and path[-1] == "data" and set(node) == {"name"}:
                self.data.setdefault(node["name"], []).append(path)
                transforms = _at(self.spec, path[:-1]).get("transform", [])
                channel = Channel.of(transforms[0].get("filter")) if transforms else None
                if channel is not None:
                    self.packed[path] = channel
        self.params = {p["name"]: k for k, p in enumerate(self.spec.get("params", [])) if "name" in p}
        self.pins = pinned.pins_of(self.spec, self.packed)  # position scales a slider cannot move

    def fill(self, params: Mapping[str, Any] | None = None, **data: Rows) -> Spec:
        """The spec with each named data source's ``rows`` inline and ``params`` set to their values.

        Rows for a name the chart does not read are left out (a family's chart may leave out a part, such as a
        path, that its shape does not draw).
        """
        missing = set(self.data) - set(data)
        if missing:
            raise KeyError(f"no rows for the chart's data {sorted(missing)}")
        out, writable = _copy_on_write(self.spec)
        compact: dict[tuple[str, Channel], tuple[Rows, list[Spec]]] = {}
        for name, paths in self.data.items():
            for path in paths:
                channel = self.packed.get(path)
                if channel is None:
                    writable(path[:-1])[path[-1]] = {"values": _listed(data[name])}
                    continue
                if (name, channel) not in compact:
                    compact[name, channel] = looked_up(data[name], channel)
                rows, transforms = compact[name, channel]
                layer = writable(path[:-1])
                layer[path[-1]] = {"values": rows}
                layer["transform"] = [*transforms, *layer["transform"][1:]]
        for name, value in (params or {}).items():
            writable(("params", self.params[name]))["value"] = value
        pinned.pin(self.pins, data, writable)
        return out


def _listed(rows: Rows) -> Rows:
    """Rows as the list of dicts a spec holds inline (rows held as columns made into dicts)."""
    return rows.rows() if isinstance(rows, StateRows) else rows


def _copy_on_write(spec: Spec) -> tuple[Spec, Callable[[Path], Any]]:
    """A shallow copy of ``spec``, and what gives the node at a path in it to change: copied from ``spec`` the
    first time it is asked for (its parents too), so that ``spec``, shared by every session, is never touched."""
    out = dict(spec)
    copied: dict[Path, Any] = {(): out}

    def writable(path: Path) -> Any:
        if path not in copied:
            parent = writable(path[:-1])
            node = parent[path[-1]]
            parent[path[-1]] = copied[path] = list(node) if isinstance(node, list) else dict(node)
        return copied[path]

    return out, writable


AT = "__at"  # the field holding the slider's value on each drawn row
ROW = "__row"  # the field holding a drawn row's place among the rows of one value
HELD = "__held"  # the field the lookup finds when the rows hold the slider's value


def looked_up(rows: Rows, channel: Channel) -> tuple[Rows, list[Spec]]:
    """The rows of every slider value (tagged in ``channel.field``) as the rows drawn at any value and the
    transforms that complete them in the browser at the slider's value.

    Where every value has as many rows, alike in the fields that do not change with the value (a position,
    a label), the rows drawn are those alike fields and their place; a lookup table keyed by the value holds,
    a list a field, what changes (a weight, a score), and the transforms look up the slider's value, drop
    the rows when it is not in the table, and put each row's own values back under their names. Otherwise
    the rows are packed by value (each field a list) and unpacked with ``flatten`` after the test.
    """
    field = channel.field
    if isinstance(rows, StateRows) and field == STATE and len(rows) and rows.unique_states():  # read the columns
        fields = [k for k in rows.fields() if k != field]
        firsts, values = rows.at(0), rows.states
        alike = [k for k in fields if rows.same_at_every_state(k)]
        at_every_value = rows.at_every_state
    else:
        groups: dict[Any, Rows] = {}
        for r in rows:
            groups.setdefault(r[field], []).append(r)
        fields = list(dict.fromkeys(k for r in rows for k in r if k != field))
        firsts = next(iter(groups.values()), [])
        if not rows or len({len(g) for g in groups.values()}) != 1:
            return packed(rows, channel)
        values = list(groups)
        alike = [
            k for k in fields if all(g[i].get(k) == r.get(k) for g in groups.values() for i, r in enumerate(firsts))
        ]

        def at_every_value(k: str) -> list[list[Any]]:
            return [[r.get(k) for r in g] for g in groups.values()]

    changing = [k for k in fields if k not in alike]
    drawn = [{ROW: i, **{k: r.get(k) for k in alike}} for i, r in enumerate(firsts)]
    lists = {k: at_every_value(k) for k in changing}
    # the table has a row for each value the rows hold, changing fields or not: rows held at some of the slider's
    # values only (a mark one state shows) are drawn at those values, not at every one
    table = [{field: v, HELD: 1, **{"__" + k: lists[k][n] for k in changing}} for n, v in enumerate(values)]
    return drawn, _lookup(channel, table, changing)


def _lookup(channel: Channel, table: Rows, changing: list[str]) -> list[Spec]:
    """The transforms that complete each drawn row at the slider's value from ``table`` (see :func:`looked_up`)."""
    field = channel.field
    lists = ["__" + k for k in changing]
    transforms: list[Spec] = [
        {"calculate": f"toNumber({channel.key})", "as": AT},
        {"lookup": AT, "from": {"data": {"values": table}, "key": field, "fields": [HELD, *lists]}},
        {"filter": f"isValid(datum[{json.dumps(HELD)}])"},
        *(
            {"calculate": f"datum[{json.dumps(x)}][datum[{json.dumps(ROW)}]]", "as": k}
            for x, k in zip(lists, changing, strict=True)
        ),
        {"calculate": f"datum[{json.dumps(AT)}]", "as": field},
    ]
    return transforms


def packed(rows: Rows, channel: Channel) -> tuple[Rows, list[Spec]]:
    """``rows`` packed by the channel's field: one row a value of it, each other field the list of its values
    there (in the rows' order), with the channel's test and a ``flatten`` that unpacks them."""
    field = channel.field
    fields = list(dict.fromkeys(k for r in rows for k in r if k != field))
    groups: dict[Any, dict[str, Any]] = {}
    for r in rows:
        group = groups.get(r[field])
        if group is None:
            group = groups[r[field]] = {field: r[field], **{k: [] for k in fields}}
        for k in fields:
            group[k].append(r.get(k))
    return list(groups.values()), [{"filter": channel.test()}, {"flatten": fields}]


def _at(spec: Spec, path: Path) -> Any:
    node: Any = spec
    for k in path:
        node = node[k]
    return node


def _walk(node: Any, path: Path = ()) -> list[tuple[Path, Any]]:
    found = [(path, node)]
    if isinstance(node, dict):
        for k, v in node.items():
            if k not in ("config", "datasets"):
                found += _walk(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found += _walk(v, (*path, i))
    return found


VIEW = ("mark", "encoding", "data", "transform")  # what a single view's spec holds that a layer of it can


def _inline_layers(spec: Spec) -> Spec:
    """A layered spec with its top-level data and transforms moved into each layer that has no data of its own.

    The same drawing (a top-level transform applies to the data before the layers
    see it; a single view is a chart of one layer); Streamlit then sends the rows
    as JSON inside the layers rather than as an Arrow table, which for the small
    tables of these screens costs it less.
    """
    if "mark" in spec:
        spec = {k: v for k, v in spec.items() if k not in VIEW} | {"layer": [{k: spec[k] for k in VIEW if k in spec}]}
    if "layer" not in spec or "data" not in spec:
        return spec
    out = {k: v for k, v in spec.items() if k not in ("data", "transform")}
    shared = spec.get("transform", [])

    def down(layer: Spec) -> Spec:
        if "data" in layer:
            return layer
        return {"data": spec["data"], **layer, "transform": [*shared, *layer.get("transform", [])]}

    out["layer"] = [down(layer) for layer in spec["layer"]]
    return out


LATE = "\x00late\x00"  # how a placeholder for a label begins; no label a reader types reaches a spec with it
CHECK_LATE = os.environ.get("ATTN_CHECK_KEPT") == "1"  # build every late-labelled chart directly too, and compare

# Altair checks each schema object against Vega-Lite's schema as it makes it (its debug mode: every sort, parameter
# and config; three quarters of the alignment heatmap's build, 96 ms against 24 on a busy 2-core machine). Like
# the validation of a whole chart, it is a check on our code, not on a reader's input: the suite keeps it, a served
# chart is the same without it (tests/test_template.py).
if not CHECK_LATE:
    alt.utils.schemapi.disable_debug_mode()


class LateLabelsChangedError(AssertionError):
    """A chart whose labels were put in late differs from the chart built with them: a label is not late."""


def _labelled(x: object) -> bool:
    """Whether ``x`` may be put in late: a label, or a number a chart shows as it is (a scale's domain)."""
    return isinstance(x, str) or (isinstance(x, int | float) and not isinstance(x, bool))


def _placeholders(name: str, labels: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"{LATE}{name}\x00{k}\x00" for k in range(len(labels)))


def _late_paths(spec: Spec) -> dict[Path, str] | None:
    """Where each placeholder stands in ``spec`` (a whole string), or None where one is part of a longer string
    (an expression, a title) or a key: there the labels cannot be put in late, and the chart is built with them."""
    found: dict[Path, str] = {}
    for path, node in _walk(spec):
        if isinstance(node, dict) and any(LATE in str(k) for k in node):
            return None
        if isinstance(node, str) and LATE in node:
            if not node.startswith(LATE) or node.count("\x00") != 4:
                return None
            found[path] = node
    if json.dumps(spec).count(json.dumps(LATE)[1:-1]) != len(found):  # one in a part not walked (the config)
        return None
    return found


def _put_late(spec: Spec, paths: Mapping[Path, str], labels: Mapping[str, object]) -> Spec:
    """``spec`` with the label of each placeholder at its paths (the nodes on the way copied, never changed)."""
    out, writable = _copy_on_write(spec)
    for path, placeholder in paths.items():
        writable(path[:-1])[path[-1]] = labels[placeholder]
    return out


def configured(chart: alt.TopLevelMixin, language: str, validate: bool = False) -> Spec:
    """``chart.configure(**config(language)).to_dict(validate=validate)``: the same spec, without ``configure``'s
    copy of the chart (which combines a layered chart's layers again, copying each: a sixth of a family's build).
    Altair merges the chart's spec into its theme's; the configuration is merged on top, as a configured chart's
    is. A chart configured already (its configuration replaced by ``configure``) goes the long way."""
    if chart.config is not alt.Undefined:  # type: ignore[attr-defined]
        return chart.configure(**config(language)).to_dict(validate=validate)  # type: ignore[call-arg]
    spec = chart.to_dict(validate=False)
    spec["config"] = alt.utils.update_nested(spec.get("config", {}), copy.deepcopy(config(language)))
    if validate:
        chart.validate(spec)  # what to_dict(validate=True) checks: the whole spec against Vega-Lite's schema
    return spec


def family(
    build: Callable[P, alt.TopLevelMixin] | None = None, *, late: tuple[str, ...] = ()
) -> Callable[P, Template] | Callable[[Callable[P, alt.TopLevelMixin]], Callable[P, Template]]:
    """A chart family: ``build(shape...)`` makes the Altair chart, called once per shape and reader's language.

    The shape's arguments must be hashable (strings, numbers, tuples, frozen dataclasses). The arguments named
    in ``late`` are tuples of labels (a sentence's tokens, say), or of numbers, that the chart only shows as
    they are, in their order (a sort, a scale's domain): the chart is built once for their number, with
    placeholders, and each reader's values are put in their place, so that a sentence never typed before
    costs no Altair build (a heatmap: 80-110 ms on a 2-core machine, a quarter of it the schema validation only
    the suite runs). A chart that writes a label into a longer string (an expression) or computes with one is
    built with its values as before.
    With ``ATTN_CHECK_KEPT=1`` every late-labelled chart is built with its values too and must be the same.
    """
    if build is None:
        return functools.partial(family, late=late)  # type: ignore[return-value]
    signature = inspect.signature(build)
    names = list(signature.parameters)
    places = [names.index(name) for name in late]  # the late arguments' positions

    def spec_of(language: str, *args: Any, validate: bool | None = None) -> Spec:
        # Altair's schema validation (about a third of a build) is a check on our code, not on a reader's input:
        # the suite (CHECK_LATE, read when the chart is built) validates every chart it builds; a served chart is
        # the same without it.
        checked = CHECK_LATE if validate is None else validate
        return aria.described(configured(build(*args), language, checked), language)

    @functools.lru_cache(maxsize=SHAPES)
    def placeheld(language: str, *args: Any) -> tuple[Spec, dict[Path, str]] | None:
        try:  # never validated, checked or not, so that the suite takes the path a served chart takes
            spec = spec_of(language, *args, validate=False)
        except (TypeError, ValueError, alt.utils.schemapi.SchemaValidationError):
            return None  # the chart computes with a late value: built with it
        paths = _late_paths(spec)
        return None if paths is None else (spec, paths)

    @functools.lru_cache(maxsize=SHAPES)
    def built(language: str, *args: Any) -> Template:
        held, labels = list(args), {}
        for k in places:
            labelled = isinstance(args[k], tuple) and args[k] and all(_labelled(x) for x in args[k])
            if labelled and len(set(args[k])) == len(args[k]):  # repeats: a chart may tell them apart, built in
                held[k] = _placeholders(names[k], args[k])
                labels.update(zip(held[k], args[k], strict=True))
        found = placeheld(language, *held) if labels else None
        if found is None:
            return Template(spec_of(language, *args))
        spec = _put_late(*found, labels)
        if CHECK_LATE and spec != spec_of(language, *args):
            raise LateLabelsChangedError(f"{build.__qualname__}: labels put in late differ from those built in")
        return Template(spec)

    @functools.wraps(build)
    def template(*args: P.args, **kwargs: P.kwargs) -> Template:
        if kwargs:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            args = tuple(bound.arguments.values())  # type: ignore[assignment]
        return built(text.language(), *args)

    template.cache_info = built.cache_info  # type: ignore[attr-defined]
    template.builds = placeheld.cache_info  # type: ignore[attr-defined]  # its misses: Altair builds with labels late
    return template
