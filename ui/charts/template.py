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

import functools
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec

import altair as alt

from ui import text
from ui.charts.spec import CONFIG, Rows, Spec
from ui.scrub import Channel

P = ParamSpec("P")
Path = tuple[Any, ...]  # keys and indices from the spec's top to a node
SHAPES = 512  # templates kept per family; a shape is small (a few kB of JSON)


class Template:
    """A Vega-Lite spec whose named data sources and parameters are filled in per run.

    A layer that follows a slider (its first transform is a :class:`ui.scrub.Channel`'s test) gets its rows
    packed: one row a value of the slider, each other field a list of the rows' values, unpacked by a
    ``flatten`` after the test. The browser then tests one row a value, not one a row, on every move.
    """

    def __init__(self, spec: Spec) -> None:
        self.spec = _inline_layers(spec)
        self.data: dict[str, list[Path]] = {}  # data name -> where it is read
        self.packed: dict[Path, str] = {}  # where a layer that follows a slider reads its data -> the tag field
        for path, node in _walk(self.spec):
            if isinstance(node, dict) and path and path[-1] == "data" and set(node) == {"name"}:
                self.data.setdefault(node["name"], []).append(path)
                transforms = _at(self.spec, path[:-1]).get("transform", [])
                channel = Channel.of(transforms[0].get("filter")) if transforms else None
                if channel is not None:
                    self.packed[path] = channel.field
        self.params = {p["name"]: k for k, p in enumerate(self.spec.get("params", [])) if "name" in p}

    def fill(self, params: Mapping[str, Any] | None = None, **data: Rows) -> Spec:
        """The spec with each named data source's ``rows`` inline and ``params`` set to their values.

        Rows for a name the chart does not read are left out (a family's chart may leave out a part, such as a
        path, that its shape does not draw).
        """
        missing = set(self.data) - set(data)
        if missing:
            raise KeyError(f"no rows for the chart's data {sorted(missing)}")
        out = dict(self.spec)
        copied: dict[Path, Any] = {(): out}

        def writable(path: Path) -> Any:
            """The node at ``path`` in ``out``, copied from the template once (its parents too)."""
            if path not in copied:
                parent = writable(path[:-1])
                node = parent[path[-1]]
                parent[path[-1]] = copied[path] = list(node) if isinstance(node, list) else dict(node)
            return copied[path]

        packs: dict[tuple[str, str], tuple[Rows, list[str]]] = {}
        for name, paths in self.data.items():
            for path in paths:
                field = self.packed.get(path)
                if field is None:
                    writable(path[:-1])[path[-1]] = {"values": data[name]}
                    continue
                if (name, field) not in packs:
                    packs[name, field] = packed(data[name], field)
                rows, fields = packs[name, field]
                layer = writable(path[:-1])
                layer[path[-1]] = {"values": rows}
                test, *rest = layer["transform"]
                layer["transform"] = [test, {"flatten": fields}, *rest]
        for name, value in (params or {}).items():
            writable(("params", self.params[name]))["value"] = value
        return out


def packed(rows: Rows, field: str) -> tuple[Rows, list[str]]:
    """``rows`` packed by their ``field``: one row a value of it, each other field the list of its values there
    (in the rows' order), and the names of those fields, for Vega-Lite's ``flatten`` to unpack."""
    fields = list(dict.fromkeys(k for r in rows for k in r if k != field))
    groups: dict[Any, dict[str, Any]] = {}
    for r in rows:
        group = groups.get(r[field])
        if group is None:
            group = groups[r[field]] = {field: r[field], **{k: [] for k in fields}}
        for k in fields:
            group[k].append(r.get(k))
    return list(groups.values()), fields


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


def family(build: Callable[P, alt.TopLevelMixin]) -> Callable[P, Template]:
    """A chart family: ``build(shape...)`` makes the Altair chart, called once per shape and reader's language.

    The shape's arguments must be hashable (strings, numbers, tuples, frozen dataclasses).
    """

    @functools.lru_cache(maxsize=SHAPES)
    def built(language: str, *args: Any, **kwargs: Any) -> Template:
        return Template(build(*args, **kwargs).configure(**CONFIG).to_dict())

    @functools.wraps(build)
    def template(*args: P.args, **kwargs: P.kwargs) -> Template:
        return built(text.language(), *args, **kwargs)

    template.cache_info = built.cache_info  # type: ignore[attr-defined]
    return template
