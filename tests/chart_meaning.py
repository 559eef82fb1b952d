"""What a chart means, apart from how its spec is written: its marks, their encodings and the rows each draws.

Two specs that draw the same marks of the same rows with the same encodings
mean the same, however their JSON is arranged (inline or named data, layers
nested or flat, a chart parameter that selects rows or picks a row's number
from a list, Altair's defaults spelled out). :func:`meaning` reduces a chart
to that; :data:`CASES` are views of every screen whose charts were recorded in ``tests/golden/charts.json`` from the
hand-written Vega-Lite builders the screens used before their charts were
authored in Altair, and ``tests/test_chart_meaning.py`` compares today's charts
with them.

    python -m tests.chart_meaning --record   # rewrite the recording from today's charts
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df

GOLDEN = Path(__file__).resolve().parent / "golden" / "charts.json"

# (name, screen's address, link query); the home page's address is empty
CASES: tuple[tuple[str, str, dict[str, str]], ...] = (
    ("home", "", {}),
    ("fixed_summary", "fixed_summary", {}),
    ("revisitable", "revisitable_source", {}),
    ("revisitable_s", "revisitable_source", {"s": "0.35"}),
    ("revisitable_hard", "revisitable_source", {"rev_tab": "hard"}),
    ("revisitable_vocab", "revisitable_source", {"rev_tab": "vocab"}),
    ("revisitable_same", "revisitable_source", {"rev_tab": "same"}),
    ("revisitable_same_hand", "revisitable_source", {"rev_tab": "same", "same_from": "hand", "same_w": "0.2,1,0.6"}),
    ("scoring", "scoring", {}),
    ("scoring_identity", "scoring", {"f": "identity", "s": "1"}),
    ("scoring_shift", "scoring", {"score_tab": "shift"}),
    ("scoring_luong", "scoring", {"score_tab": "luong"}),
    ("scoring_identity_shift", "scoring", {"score_tab": "shift", "f": "identity", "s": "1"}),
    ("scoring_identity_luong", "scoring", {"score_tab": "luong", "f": "identity", "s": "1"}),
    ("sweep", "state_sweep", {}),
    ("sweep_s", "state_sweep", {"s": "0.5", "coord": "2"}),
    ("sweep_interval", "state_sweep", {"sweep": "-1,0", "s": "2"}),
    ("learning", "learning", {}),
    ("learning_check", "learning", {"learn_tab": "check"}),
    ("learning_train", "learning", {"learn_tab": "train"}),
    ("learning_ab", "learning", {"learn_tab": "train", "learn_states": "AB"}),
    ("translator", "translator", {}),
    ("translator_overlay", "translator", {"tr_overlay": "1", "tr_step": "200"}),
    ("translator_results", "translator", {"tr_tab": "results"}),
    ("translator_forcing", "translator", {"tr_tab": "forcing"}),
    ("limits", "limits", {}),
    ("limits_hard", "limits", {"lim_tab": "hard"}),
    ("limits_work", "limits", {"lim_tab": "work"}),
    ("self_attention", "self_attention", {}),
    ("self_attention_kv", "self_attention", {"sa_tab": "keys", "kv": "1", "sa_mask": "causal", "s": "1"}),
    ("self_attention_keys", "self_attention", {"sa_tab": "keys"}),
    ("self_attention_self", "self_attention", {"sa_tab": "self"}),
    ("self_attention_kv_self", "self_attention", {"sa_tab": "self", "kv": "1", "sa_mask": "causal", "s": "1"}),
    *((f"step{k}", "", {"step": str(k)}) for k in range(1, 12)),
    ("scoring_zh", "scoring", {"lang": "zh"}),
    ("translator_fr", "translator", {"lang": "fr"}),
)


def page_file(address: str) -> str:
    """The page file of a screen's address, as the app's list of screens names it."""
    try:
        from ui import frame
    except ImportError:  # the screens before they had a frame of their own
        frame = None
    if hasattr(frame, "Screen"):  # the screens app.py declares, each with its address
        from app import SCREENS

        return next(s.script for s in SCREENS if s.url_path == address)
    try:
        from ui.frame import PAGES, url_path
    except ImportError:  # the screens before they had a frame of their own
        from ui.layout import PAGES

        def url_path(path: str) -> str:
            return "" if path == "app.py" else re.sub(r"^\d+_", "", Path(path).stem)

    return next(path for path, _, _ in PAGES if url_path(path) == address)


# --- Reducing a spec to its meaning ---------------------------------------------------------------

KEPT = ("field", "type", "title", "datum", "value", "aggregate", "bin", "timeUnit", "stack")
SCALE = ("domain", "range", "scheme", "type", "domainMid", "zero")


def _channel(d: Any, params: Mapping[str, Any]) -> Any:
    """One encoding channel: its field, type, title, constant and scale; condition branches alike. A scale's
    domain written with the chart's parameters (``{"expr": "-top"}``) is written with their values."""
    if isinstance(d, list):
        return [_channel(x, params) for x in d]
    if not isinstance(d, dict):
        return d
    out = {k: d[k] for k in KEPT if k in d and d[k] is not None}
    if isinstance(d.get("scale"), dict):
        scale = {k: _valued(d["scale"][k], params) for k in SCALE if k in d["scale"]}
        if scale:
            out["scale"] = scale
    if "condition" in d:
        out["condition"] = _channel(d["condition"], params)
    if isinstance(d.get("sort"), list | dict):  # the order written, or the field that orders (its rows keep it)
        out["sort"] = d["sort"]
    return out


def _valued(x: Any, params: Mapping[str, Any]) -> Any:
    """``x`` with each ``{"expr": "p"}`` or ``{"expr": "-p"}`` of a parameter p replaced by its value."""
    if isinstance(x, list):
        return [_valued(v, params) for v in x]
    if isinstance(x, dict) and set(x) == {"expr"} and (m := re.fullmatch(r"(-?)(\w+)", x["expr"].strip())):
        if m[2] in params:
            return -params[m[2]] if m[1] else params[m[2]]
    return x


def _mark(m: Any) -> dict[str, Any]:
    """A mark's type and look; what a screen reader says of it (its description, a line's points' too) is not."""
    m = {"type": m} if isinstance(m, str) else dict(m)
    if isinstance(m.get("point"), dict):
        m["point"] = {k: v for k, v in m["point"].items() if k != "description"} or True
    kept = ("type", "shape", "filled", "strokeDash", "point", "color", "interpolate")
    return {k: m[k] for k in kept if k in m and m[k] not in (None, False)}


def _params(spec: Mapping[str, Any]) -> dict[str, Any]:
    return {p["name"]: p.get("value") for p in spec.get("params", []) if "name" in p}


_SCRUB = re.compile(r'abs\(datum\[(".*?")\] - toNumber\((\w+)\)\) < ([0-9.e-]+)')


def follows_slider(test: str, row: Mapping[str, Any], params: Mapping[str, Any]) -> bool | None:
    """Whether a chart's filter that follows a slider (``ui.scrub``) keeps ``row``; None for any other filter."""
    if m := _SCRUB.fullmatch(test.strip()):
        field, param, tol = json.loads(m[1]), m[2], float(m[3])
        return abs(float(row[field]) - float(params[param])) < tol
    return None


def flattened(rows: list[dict], fields: list[str]) -> list[dict]:
    """Vega-Lite's ``flatten``: each row becomes one row an element of its list fields (shorter lists padded)."""
    out = []
    for r in rows:
        n = max((len(r[f]) for f in fields if isinstance(r.get(f), list)), default=0)
        for i in range(n):
            out.append(r | {f: (r[f][i] if isinstance(r.get(f), list) and i < len(r[f]) else None) for f in fields})
    return out


def calculated(expr: str, row: Mapping[str, Any], params: Mapping[str, Any]) -> tuple[bool, Any]:
    """The value of a ``calculate`` of the forms ``ui.charts.template`` writes: (whether it is one, the value)."""
    expr = expr.strip()
    if m := re.fullmatch(r"toNumber\((\w+)\)", expr):
        return True, float(params[m[1]])
    if m := re.fullmatch(r'datum\[(".*?")\]\[toNumber\((\w+)\)\]', expr):  # ui.scrub.Channel.pick
        values, index = row.get(json.loads(m[1])), int(float(params[m[2]]))
        return True, values[index] if isinstance(values, list) else None
    if m := re.fullmatch(r'datum\[(".*?")\]\[datum\[(".*?")\]\]', expr):
        values, index = row.get(json.loads(m[1])), row.get(json.loads(m[2]))
        return True, values[index] if isinstance(values, list) and index is not None else None
    if m := re.fullmatch(r'datum\[(".*?")\]', expr):
        return True, row.get(json.loads(m[1]))
    return False, None


def looked_up(rows: list[dict], lookup: Mapping[str, Any]) -> list[dict]:
    """Vega-Lite's ``lookup`` from inline data: each row gets the named fields of the row of its key (or None)."""
    source = lookup["from"]
    table = {r[source["key"]]: r for r in source["data"]["values"]}
    found = [table.get(r.get(lookup["lookup"])) for r in rows]
    return [r | {f: (hit or {}).get(f) for f in source["fields"]} for r, hit in zip(rows, found, strict=True)]


def transformed(rows: list[dict], transforms: Any, params: Mapping[str, Any], reads: Any = None) -> list[dict]:
    """The rows after the chart's filters that ``keeps`` reads, its flattens, lookups and the calculations of
    the forms the templates write, in order (a chart that follows a slider draws the rows of its value).
    ``reads`` tells whether a filter keeps a row (by default :func:`keeps`)."""
    reads = reads or keeps
    for tr in transforms:
        if isinstance(tr.get("filter"), str):
            test = tr["filter"].strip()
            if m := re.fullmatch(r'isValid\(datum\[(".*?")\]\)', test):
                rows = [r for r in rows if r.get(json.loads(m[1])) is not None]
            else:
                rows = [r for r in rows if reads(test, r, params) is not False]
        elif "flatten" in tr:
            rows = flattened(rows, tr["flatten"])
        elif "lookup" in tr:
            rows = looked_up(rows, tr)
        elif isinstance(tr.get("calculate"), str):
            out = []
            for r in rows:
                known, value = calculated(tr["calculate"], r, params)
                out.append(r | {tr["as"]: value} if known else r)
            rows = out
    return rows


def keeps(test: str, row: Mapping[str, Any], params: Mapping[str, Any]) -> bool | None:
    """Whether a filter keeps ``row``; None for a filter this reduction does not read (the row is kept)."""
    test = test.strip()
    if (kept := follows_slider(test, row, params)) is not None:
        return kept
    if m := re.fullmatch(r"(!?)datum\.(\w+)", test):
        return bool(row.get(m[2])) != bool(m[1])
    if m := re.fullmatch(r"datum\.(\w+) ===? '([^']*)'", test):
        return row.get(m[1]) == m[2]
    return None


def _rows(data: Any, datasets: Mapping[str, Any], top: list[dict] | None) -> list[dict] | None:
    if not isinstance(data, dict):
        return None
    if "values" in data:
        return list(data["values"])
    if "name" in data:
        return list(datasets.get(data["name"], []))
    return None


def views(
    spec: Mapping[str, Any],
    datasets: Mapping[str, Any],
    params: Mapping[str, Any],
    rows: list[dict] | None = None,
    encoding: Mapping[str, Any] | None = None,
    transforms: tuple = (),
    exact: bool = False,
) -> Iterator[dict[str, Any]]:
    """Every mark the spec draws, with the encodings it inherits and the rows that reach it."""
    own = _rows(spec.get("data"), datasets, rows)
    rows = own if own is not None else rows
    if own is not None:
        transforms = ()
    encoding = {**(encoding or {}), **spec.get("encoding", {})}
    transforms = (*transforms, *spec.get("transform", []))
    for key in ("layer", "hconcat", "vconcat", "concat"):
        if key in spec:
            for child in spec[key]:
                yield from views(child, datasets, params, rows, encoding, transforms, exact)
            return
    if "spec" in spec:  # a facet
        yield from views(spec["spec"], datasets, params, rows, encoding, transforms, exact)
        return
    if isinstance(spec.get("mark"), dict) and spec["mark"].get("opacity") == 0:
        return  # an invisible mark draws nothing (it may hold an axis still)
    drawn = list(rows or [])
    # a field a transform sets to one string is that string (Vega-Lite's "datum"): {"calculate": "'dashed'", ...}
    constants = {
        tr["as"]: json.loads(tr["calculate"].replace("'", '"'))
        for tr in transforms
        if "calculate" in tr and re.fullmatch(r"""(["'])[^"']*\1""", tr["calculate"])
    }
    encoding = {ch: _constant(e, constants) for ch, e in encoding.items()}
    drawn = transformed(drawn, transforms, params, keeps)
    drawing = [e for ch, e in encoding.items() if ch != "description"]  # what a mark shows (what it says aside)
    used = sorted(
        {e["field"] for e in _flat(drawing) if isinstance(e.get("field"), str)}
        | {e["sort"]["field"] for e in _flat(drawing) if isinstance(e.get("sort"), dict) and "field" in e["sort"]}
    )  # the fields drawn, and those that order an axis
    yield {
        "mark": _mark(spec.get("mark", {})),
        "encoding": {
            ch: _channel(e, params) for ch, e in sorted(encoding.items()) if ch not in ("tooltip", "description")
        },
        "rows": sorted((_row(r, used, exact) for r in drawn), key=_canonical),
    }


def _constant(e: Any, constants: Mapping[str, str]) -> Any:
    """A channel on a field that holds one constant string, written as that constant."""
    if isinstance(e, dict) and e.get("field") in constants:
        return {k: v for k, v in e.items() if k != "field"} | {"datum": constants[e["field"]]}
    return e


def _canonical(x: Any) -> str:
    return json.dumps(x, sort_keys=True)


def _flat(items: Any) -> Iterator[Any]:
    for x in items:
        if isinstance(x, list):
            yield from _flat(x)
        elif isinstance(x, dict):
            yield x
            if "condition" in x:
                yield from _flat([x["condition"]])


def _row(r: Mapping[str, Any], used: list[str], exact: bool = False) -> dict[str, Any]:
    def clean(v: Any) -> Any:
        if isinstance(v, float):
            return None if math.isnan(v) else v if exact else round(v, 12)
        return v

    return {k: clean(r.get(k)) for k in used if k in r}


def meaning(chart: Any, exact: bool = False) -> list[dict[str, Any]]:
    """A drawn chart (an AppTest element) as the sorted list of its marks' meanings; numbers to 12 decimals
    (``exact``: as drawn)."""
    spec = json.loads(chart.proto.spec)
    datasets = dict(spec.get("datasets", {}))
    for ds in chart.proto.datasets:
        datasets[ds.name] = convert_arrow_bytes_to_pandas_df(ds.data.data).to_dict("records")
    top = None
    if chart.proto.HasField("data") and chart.proto.data.data:
        top = convert_arrow_bytes_to_pandas_df(chart.proto.data.data).to_dict("records")
        spec = {**spec, "data": {"values": top}}
    return sorted(views(spec, datasets, _params(spec), exact=exact), key=_canonical)


def merged(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A chart's views with those of the same mark and encodings drawn as one (their rows together), empty
    ones left out: one text layer labelling every point means the same as three that each label some."""
    by_look: dict[str, dict[str, Any]] = {}
    for v in views:
        look = json.dumps([v["mark"], v["encoding"]], sort_keys=True)
        by_look.setdefault(look, {"mark": v["mark"], "encoding": v["encoding"], "rows": []})["rows"] += v["rows"]
    out = [v | {"rows": sorted(v["rows"], key=_canonical)} for v in by_look.values() if v["rows"]]
    return sorted(out, key=_canonical)


def spec_meaning(spec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A chart's spec (with its rows inline, as a screen hands it to Streamlit) as the sorted list of its marks'
    meanings."""
    return sorted(views(spec, dict(spec.get("datasets", {})), _params(spec)), key=_canonical)


def case_meanings(address: str, query: Mapping[str, str]) -> dict[str, list[dict[str, Any]]]:
    """The charts a view draws, by name (several charts under one caption are one figure), and their meanings; a
    walkthrough step's once its question is skipped."""
    from tests.apptest import past_the_question, run_page

    at = run_page(page_file(address), dict(query))
    if "step" in query:
        past_the_question(at, int(query["step"]))
    assert not at.exception, [e.value for e in at.exception]
    from ui.sections import LaterFigure

    figures = at.session_state["_charts"]  # name -> Figure (or one made when asked), as the take-home dialog lists
    made = {name: fig.get() if isinstance(fig, LaterFigure) else fig for name, fig in figures.items()}
    return {name: spec_meaning(fig.spec) for name, fig in made.items()}


def record() -> None:
    out = {name: case_meanings(address, query) for name, address, query in CASES}
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(out, ensure_ascii=False, indent=0, sort_keys=True) + "\n")
    print(f"{GOLDEN}: {sum(len(v) for v in out.values())} charts in {len(out)} views")


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit(__doc__)
    record()
