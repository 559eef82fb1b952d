"""Benchmark: what a reader feels dragging a slider, in headless Chromium against a real server.

    python -m bench.drag [--targets revisitable,sweep,...] [--viewport 1280x800[,390x844]] [--repeat 3]
                         [--cpu-slowdown 4] [--json] [--url http://127.0.0.1:8501]

For each target (a screen's URL path and query, and a slider's widget key) the
page is opened in Debian's Chromium (``tests/browser.py``: its path, flags and
waits) at each ``--viewport``, and once the run has finished, the charts have
drawn and nothing has changed for a second, the slider is dragged ``--repeat``
times and moved from the keyboard as often:

- a drag: the thumb is scrolled to the middle of its scroll box, pressed with
  the mouse, moved in small steps for 1.5 s towards 20 % or 80 % of the track
  (whichever is farther), and released. Moves go at most 60 a second, each to
  where the clock puts the thumb; each returns once the page has taken it, so
  a page slow to take them gets fewer (the rate reached is in the notes);
- a keyboard run: the slider's input takes the focus and gets five ArrowRight
  presses 0.1 s apart (ArrowLeft where fewer than five steps are left to the right).

What is measured, in the page's own clock (``performance.now``), by a script
put into the page once it has drawn: a MutationObserver on every chart
(``[data-testid="stVegaLiteChart"]``; changes to its SVG, not to Vega's hidden
``form.vega-bindings``) and a requestAnimationFrame loop that counts the frames
in which at least one chart's SVG changed; the slider's value as the page
shows it (the number on its thumb); the link (``location.href``, read every frame and on each
``history.pushState``/``replaceState``); Streamlit's script state (the
``data-test-script-state`` attribute of ``[data-testid="stApp"]``); and, by a
script put in before Streamlit's, the arrival of each ``script_finished``
message (a quick rerun may never be drawn as running). The websocket frames
the page sends (Playwright's ``framesent``; each a ``BackMsg``, a rerun
request for a moved widget) are counted in the benchmark's process, split at
the moment the release is sent.

Reported per target and viewport, medians over the repeats: chart updates per
second during the drag (frames in which any chart changed, and per chart the
max and median over the charts that changed), frames sent during the drag,
from the release the time until the link changes, until the page is idle again
(the script state back at ``notRunning`` after a rerun, or a quick rerun's
``script_finished``; "no rerun" when none came within 3 s and none was asked
for) and until a chart first changes (the last change is in the notes), frames
sent after the release, and for the keyboard the time from the fifth press
until the page settled (the last change of a chart, the value, the link or the
script state before a second without any). At a phone's viewport the page is
laid out as on a phone but still dragged with a mouse (no touch events); there the
first chart the slider moves is scrolled to the middle, not the thumb, as a reader
watching it would have it (``ui/scrub.py`` docks the slider at the window's foot
when its place is out of sight).
``--cpu-slowdown 4`` runs the page's CPU four times slower (Chromium's CPU
throttling), about a mid-range phone's or an old laptop's; the server is not
slowed.

By default one server is started with the README's command (``bench/load.py``'s
``servers(APP)``) for the whole run; ``--url`` measures a server that is
already running. The browser runs on the same machine as the server: read the
machine line under the table. A target whose page failed is reported in its
row and the command exits with 1; a page without the slider says "no slider".
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

import streamlit
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from bench.load import APP, servers
from tests.browser import CHROMIUM_ARGS, past_the_question, wait_for_app

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Target:
    path: str  # URL path and query, as a link gives it
    key: str  # the slider's widget key


TARGETS = {
    "revisitable": Target("/revisitable_source", "w_s"),
    "scoring": Target("/scoring", "w_s"),
    "sweep": Target("/state_sweep", "w_s"),
    "self_attention": Target("/self_attention?sa_tab=keys", "w_s"),  # the state slider sits in the keys tab
    "learning": Target("/learning", "w_s"),  # its training tab: the run at s is the server's, drawn on release
    "limits": Target("/limits?lim_tab=hard", "w_s"),  # the state slider sits in hard selection's tab
    "step2": Target("/?step=2", "w_s"),  # (presenter mode at 1280x800 draws its three stages below the window)
    "step3": Target("/?step=3", "w_s"),
    "step5": Target("/?step=5", "w_s"),
    "step8": Target("/?step=8", "w_s"),
    "step9": Target("/?step=9", "w_s"),
    "snapshots": Target("/translator", "w_tr_step"),  # a select_slider over training snapshots
    "step10": Target("/?step=10", "w_tr_step"),
}
DESKTOP, PHONE = (1280, 800), (390, 844)
DRAG_S = 1.5  # how long the thumb moves
RATE = 60  # mouse events a second while it moves
TRACK_STOPS = (0.2, 0.8)  # the drag ends at whichever of these fractions of the track is farther from the thumb
PRESSES, PRESS_GAP_S = 5, 0.1
QUIET_S = 1.0  # settled: nothing changed for this long, with the script not running
NO_RERUN_S = 3.0  # no rerun asked for and none begun this long after the release: "no rerun"
SETTLE_TIMEOUT_S = 30.0
IDLE = "notRunning"

# Put into the page before Streamlit's own script: the arrival of each script_finished ForwardMsg. Where a
# rerun is quick, React may never draw the script state "running" (both changes land in one render), so the
# attribute alone cannot tell that a rerun came and went. Only the message's top-level fields are read.
WIRE = """(field) => {
  const finished = window.__dragFinished = [];
  const ends = buffer => {
    const b = new Uint8Array(buffer);
    let i = 0;
    const varint = () => { let x = 0, k = 1; while (i < b.length) { const c = b[i++]; x += (c & 127) * k; k *= 128;
      if (c < 128) break; } return x; };
    while (i < b.length) {
      const tag = varint(), type = tag % 8;
      if (Math.floor(tag / 8) === field) return true;
      if (type === 0) varint(); else if (type === 1) i += 8; else if (type === 5) i += 4;
      else if (type === 2) { const n = varint(); i += n; } else return false;
    }
    return false;
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', e => {
        const t = performance.now();
        if (e.data instanceof ArrayBuffer) { if (ends(e.data)) finished.push(t); }
        else if (e.data instanceof Blob) e.data.arrayBuffer().then(a => { if (ends(a)) finished.push(t); });
      });
    }
  };
}"""
SCRIPT_FINISHED = ForwardMsg.DESCRIPTOR.fields_by_name["script_finished"].number

# Put into the page once it has drawn: records, in the page's clock, what the reader could see change.
INSTRUMENT = """() => {
  if (window.__drag) return;
  const CHART = '[data-testid="stVegaLiteChart"]', STATE = 'data-test-script-state';
  const app = document.querySelector('[data-testid="stApp"]');
  const ids = new WeakMap(), labels = [];
  let pending = new Set(), valueKey = null, href = location.href, shown = null;
  const r = {};
  const now = () => performance.now();
  const reset = () => Object.assign(r, {
    since: now(), frames: [], changes: [], states: [], links: [], values: [[now(), value()]],
    downs: [], ups: [], keys: [],
  });
  const input = () => valueKey && document.querySelector(`.st-key-${CSS.escape(valueKey)} input[type="range"]`);
  const value = () => {  // the number on the thumb, as the reader sees it (the input's own value may trail it)
    const box = valueKey && document.querySelector(`.st-key-${CSS.escape(valueKey)}`);
    const shown = box && box.querySelector('[data-testid="stSliderThumbValue"]');
    const i = input();
    return shown ? shown.textContent : i ? (i.getAttribute('aria-valuetext') || i.value) : null;
  };
  const hasSvg = n => n.nodeType === 1 && (n.nodeName.toLowerCase() === 'svg' || !!n.querySelector('svg'));
  const charts = new MutationObserver(ms => {
    for (const m of ms) {
      const t = m.target.nodeType === 1 ? m.target : m.target.parentElement;
      if (!t || t.closest('form.vega-bindings')) continue;
      if (!t.closest('svg') && ![...m.addedNodes, ...m.removedNodes].some(hasSvg)) continue;
      const c = t.closest(CHART);
      if (c && ids.has(c)) pending.add(ids.get(c));
    }
  });
  const watch = c => {
    if (ids.has(c)) return false;
    ids.set(c, labels.length);
    labels.push((c.getAttribute('aria-label') || '').slice(0, 60));
    charts.observe(c, {subtree: true, attributes: true, childList: true, characterData: true});
    return true;
  };
  document.querySelectorAll(CHART).forEach(watch);
  const within = n => n.nodeType === 1 ? [n, ...n.querySelectorAll(CHART)].filter(c => c.matches(CHART)) : [];
  new MutationObserver(ms => {  // a chart drawn anew (a rerun may replace one) or taken away is a change too
    for (const m of ms) {
      for (const n of m.addedNodes) {
        for (const c of within(n)) if (watch(c) && c.querySelector('svg')) pending.add(ids.get(c));
      }
      for (const n of m.removedNodes) for (const c of within(n)) if (ids.has(c)) pending.add(ids.get(c));
    }
  }).observe(document.body, {childList: true, subtree: true});
  new MutationObserver(ms => {  // every value the attribute took, a brief one too
    ms.forEach((m, k) => r.states.push([now(), k + 1 < ms.length ? ms[k + 1].oldValue : app.getAttribute(STATE)]));
  }).observe(app, {attributes: true, attributeFilter: [STATE], attributeOldValue: true});
  const link = () => { if (location.href !== href) { href = location.href; r.links.push([now(), href]); } };
  for (const f of ['pushState', 'replaceState']) {
    const original = history[f];
    history[f] = function (...args) { const out = original.apply(this, args); link(); return out; };
  }
  addEventListener('popstate', link);
  addEventListener('pointerdown', () => r.downs.push(now()), true);  // a slider may cancel the mouse events
  addEventListener('pointerup', () => r.ups.push(now()), true);
  addEventListener('keydown', () => r.keys.push(now()), true);
  const tick = () => {
    const t = now();
    r.frames.push(t);
    if (pending.size) { r.changes.push([t, [...pending]]); pending = new Set(); }
    link();
    const v = value();
    if (v !== shown) { shown = v; r.values.push([t, v]); }
    requestAnimationFrame(tick);
  };
  reset();
  requestAnimationFrame(tick);
  const last = xs => xs.length ? xs[xs.length - 1][0] : -Infinity;
  const finished = () => window.__dragFinished || [];
  window.__drag = {
    reset,
    follow: key => { valueKey = key; shown = value(); reset(); },
    dump: () => ({
      ...r, finished: finished().filter(t => t >= r.since), labels: [...labels], now: now(),
      state: app.getAttribute(STATE), href: location.href,
    }),
    status: since => ({
      now: now(),
      state: app.getAttribute(STATE),
      rerun: r.states.some(([t, s]) => t >= since && s !== 'notRunning') || finished().some(t => t >= since),
      last: Math.max(last(r.changes), last(r.states), last(r.links), last(r.values.slice(1))),
    }),
  };
}"""

CHARTS = """() => {
  const charts = [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')];
  return [charts.length, charts.filter(c => c.querySelector('canvas') && !c.querySelector('svg')).length];
}"""

# The slider's geometry, once its thumb (on a phone's width, its first chart) is scrolled to the middle.
GEOMETRY = """(key) => {
  const box = document.querySelector(`.st-key-${CSS.escape(key)} [data-testid="stSlider"]`);
  const label = box && box.querySelector('[data-testid="stSliderThumbValue"]');
  if (!label) return null;
  const thumb = label.parentElement, track = thumb.parentElement;
  const chart = [...document.querySelectorAll(`form.vega-bindings input[name="${CSS.escape(key)}"]`)]
    .map(i => i.closest('[data-testid="stVegaLiteChart"]')).find(c => c && c.getBoundingClientRect().height > 0);
  // on a phone's width the reader looks at the chart (the slider docks at the window's foot if its place is away)
  (innerWidth <= 640 && chart ? chart : thumb).scrollIntoView({block: 'center', inline: 'nearest'});
  const t = thumb.getBoundingClientRect(), k = track.getBoundingClientRect();
  const input = box.querySelector('input[type="range"]');
  const number = (name, fallback) => input && input.hasAttribute(name) ? Number(input.getAttribute(name)) : fallback;
  return {
    x: t.x + t.width / 2, y: t.y + t.height / 2, visible: t.width > 0 && t.height > 0,
    track_x: k.x, track_width: k.width,
    min: number('min', 0), max: number('max', 100), step: number('step', 1), value: number('value', NaN),
  };
}"""


# --- What one drag and one keyboard run measured ----------------------------------------------------


@dataclass
class Drag:
    seconds: float  # press to release, in the page
    moves: int  # mouse moves sent between them
    frames: int  # animation frames the page drew between them
    updates: int  # of those, frames in which at least one chart's SVG changed
    per_chart: list[int]  # frames in which each chart changed, by chart (document order at first sight)
    values_seen: int  # slider values the page showed during the drag
    value_from: str | None
    value_to: str | None  # once settled
    sent_during: int  # websocket frames the page sent between press and release
    sent_after: int  # ... after the release, until settled
    link_ms: float | None  # release to the first change of the link; None: unchanged
    idle_ms: float | None  # release to the script state back at notRunning; None: no rerun
    charts_ms: float | None  # release to the first chart change; None: none changed
    charts_done_ms: float | None  # release to the last chart change before the page settled
    link_changes_during: int = 0
    timed_out: bool = False  # not settled within SETTLE_TIMEOUT_S
    sent_kinds: dict[str, int] = field(default_factory=dict)

    @property
    def updates_per_s(self) -> float:
        return self.updates / self.seconds if self.seconds > 0 else math.nan

    @property
    def chart_rates(self) -> list[float]:
        """Updates a second of each chart that changed during the drag."""
        return [n / self.seconds for n in self.per_chart if n > 0] if self.seconds > 0 else []


@dataclass
class Keys:
    key: str
    presses: int  # keydowns the page saw
    value_from: str | None
    value_to: str | None
    settled_ms: float | None  # last press to the last change; None: nothing changed
    sent: int
    reruns: int  # script_finished messages: reruns that ended (one cut short for the next counts too)
    timed_out: bool = False


@dataclass
class Row:
    """One target at one viewport."""

    target: str
    path: str
    key: str
    viewport: str
    status: str = "ok"  # or why nothing was measured: "no slider", "slider not shown", an error
    charts: int = 0  # charts on the page when it had drawn
    canvas: int = 0  # of those, charts drawn on a canvas rather than in SVG
    drags: list[Drag] = field(default_factory=list)
    keys: list[Keys] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)  # the charts' text alternatives, cut short


def _between(xs: list, lo: float, hi: float) -> list:
    return [x for x in xs if lo < x[0] <= hi]


def script_idle(states: list[list], finished: list[float], since: float) -> tuple[int, float | None]:
    """Reruns that ended after ``since``, and when the page was idle again after the last; None if none came.

    Idle: the script state back at notRunning after it was drawn running, or,
    for a rerun too quick to be drawn running, the arrival of its
    script_finished message.
    """
    ends = [t for t in finished if t > since]
    back, busy = None, False
    for t, s in states:
        if t > since and s == IDLE and busy:
            back = t
        busy = s != IDLE
    seen = [t for t in (back, max(ends, default=None)) if t is not None]
    return len(ends), max(seen) if seen else None


def value_at(values: list[list], t: float) -> str | None:
    """The slider's value the page showed at ``t``."""
    shown = None
    for at, v in values:
        if at > t:
            break
        shown = v
    return shown


def summarise_drag(rec: dict, moves: int, sent_during: int, sent_after: int, kinds: dict[str, int], timed_out: bool):
    """A :class:`Drag` from the page's records (``window.__drag.dump()``) of one drag."""
    press, release = rec["downs"][0], next(t for t in rec["ups"] if t >= rec["downs"][0])
    per_chart = [0] * len(rec["labels"])
    changes = _between(rec["changes"], press, release)
    for _, charts in changes:
        for c in charts:
            per_chart[c] += 1
    after = [t for t, _ in rec["changes"] if t > release]
    links = [t for t, _ in rec["links"] if t > release]
    runs, back = script_idle(rec["states"], rec["finished"], press)
    return Drag(
        seconds=(release - press) / 1000,
        moves=moves,
        frames=len([t for t in rec["frames"] if press < t <= release]),
        updates=len(changes),
        per_chart=per_chart,
        values_seen=len({v for _, v in _between(rec["values"], press, release)} | {value_at(rec["values"], press)}),
        value_from=value_at(rec["values"], press),
        value_to=rec["values"][-1][1],
        sent_during=sent_during,
        sent_after=sent_after,
        link_ms=links[0] - release if links else None,
        idle_ms=back - release if back is not None else None,
        charts_ms=after[0] - release if after else None,
        charts_done_ms=after[-1] - release if after else None,
        link_changes_during=len(_between(rec["links"], press, release)),
        timed_out=timed_out,
        sent_kinds=kinds,
    )


def summarise_keys(rec: dict, key: str, sent: int, timed_out: bool) -> Keys:
    """A :class:`Keys` from the page's records of one keyboard run."""
    first, last = rec["keys"][0], rec["keys"][-1]
    seen = [t for xs in ("changes", "states", "links") for t, _ in rec[xs] if t >= first]
    seen += [t for t, _ in rec["values"][1:] if t >= first]
    runs, _ = script_idle(rec["states"], rec["finished"], first)
    return Keys(
        key=key,
        presses=len(rec["keys"]),
        value_from=value_at(rec["values"], first - 1e-6),
        value_to=rec["values"][-1][1],
        settled_ms=max(0.0, max(seen) - last) if seen else None,
        sent=sent,
        reruns=runs,
        timed_out=timed_out,
    )


# --- Medians and the table ------------------------------------------------------------------------


def median(xs: Sequence[float | None]) -> float | None:
    """The median of the numbers among ``xs`` (None and nan left out); None where there are none."""
    present = [x for x in xs if x is not None and not math.isnan(x)]
    return statistics.median(present) if present else None


def _n(x: float | None, digits: int = 0) -> str:
    return "–" if x is None or math.isnan(x) else f"{x:,.{digits}f}"


def runs(row: Row) -> dict[str, list[float | None]]:
    """Each measure of the row, one value a run (None where a run had none); the table shows their medians."""
    d, k = row.drags, row.keys
    rates = [x.chart_rates for x in d]
    return {
        "updates_per_s": [x.updates_per_s for x in d],
        "chart_updates_per_s_max": [max(r, default=0.0) for r in rates],
        "chart_updates_per_s_median": [statistics.median(r) if r else None for r in rates],
        "sent_during": [x.sent_during for x in d],
        "link_ms": [x.link_ms for x in d],
        "idle_ms": [x.idle_ms for x in d],
        "charts_ms": [x.charts_ms for x in d],
        "charts_done_ms": [x.charts_done_ms for x in d],
        "sent_after": [x.sent_after for x in d],
        "keys_settled_ms": [x.settled_ms for x in k],
        "drag_s": [x.seconds for x in d],
        "mouse_events_per_s": [x.moves / x.seconds if x.seconds > 0 else None for x in d],
        "frames_per_s": [x.frames / x.seconds if x.seconds > 0 else None for x in d],
    }


def _ms(xs: Sequence[float | None], absent: str, timed_out: bool = False) -> str:
    """Median ms of the runs that had one; what happened where none did; how many had one if only some."""
    m = median(xs)
    if m is None:
        return "timed out" if timed_out else absent
    have = sum(x is not None for x in xs)
    return _n(m) if have == len(xs) else f"{_n(m)} ({have} of {len(xs)})"


HEAD = [
    "target",
    "viewport",
    "chart updates/s during drag: any (per chart)",
    "frames sent during drag",
    "release → link ms",
    "release → idle ms",
    "release → charts ms",
    "frames sent after release",
    "keyboard: 5th press → settled ms",
]


def cells(row: Row) -> list[str]:
    if row.status != "ok":
        return [row.target, row.viewport, row.status, *[""] * (len(HEAD) - 3)]
    r, late, keys_late = runs(row), any(x.timed_out for x in row.drags), any(x.timed_out for x in row.keys)
    updates = (
        f"{_n(median(r['updates_per_s']), 1)} (max {_n(median(r['chart_updates_per_s_max']), 1)}, "
        f"median {_n(median(r['chart_updates_per_s_median']), 1)})"
    )
    return [
        row.target,
        row.viewport,
        updates if row.charts else "no charts",
        _n(median(r["sent_during"])),
        _ms(r["link_ms"], "unchanged", late),
        _ms(r["idle_ms"], "no rerun", late),
        _ms(r["charts_ms"], "none changed", late),
        _n(median(r["sent_after"])),
        _ms(r["keys_settled_ms"], "nothing changed", keys_late),
    ]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def notes(row: Row) -> list[str]:
    """What a reader of the table should know about a row: drags that did not move, timeouts, the keys used."""
    out, name = [], f"{row.target} at {row.viewport}"
    if row.status != "ok":
        return out
    if still := sum(d.values_seen <= 1 for d in row.drags):
        out.append(f"{name}: the slider showed no other value during {still} of {len(row.drags)} drags")
    if late := sum(d.timed_out for d in row.drags) + sum(k.timed_out for k in row.keys):
        out.append(f"{name}: {late} runs had not settled after {SETTLE_TIMEOUT_S:g} s")
    if row.drags:
        r, first = runs(row), row.drags[0]
        during = median([d.link_changes_during for d in row.drags])
        out.append(
            f"{name}: {_count(row.charts, 'chart')}; drags of {_n(median(r['drag_s']), 2)} s at "
            f"{_n(median(r['mouse_events_per_s']))} mouse events/s, {_n(median(r['frames_per_s']))} frames/s drawn; "
            f"first drag {first.value_from} → {first.value_to}; charts done {_ms(r['charts_done_ms'], '–')} ms "
            "after the release" + (f"; the link changed {during:g} times during a drag" if during else "")
        )
    if row.keys:
        k = row.keys[0]
        out.append(
            f"{name}: keyboard {k.presses}× {k.key}, {k.value_from} → {k.value_to}, "
            f"{_n(median([x.sent for x in row.keys]))} frames sent, {_n(median([x.reruns for x in row.keys]))} reruns"
        )
    if row.canvas:
        out.append(f"{name}: {_count(row.canvas, 'chart')} drawn on a canvas, whose changes this cannot see")
    if odd := sorted({k for d in row.drags for k in d.sent_kinds} - {"rerun_script"}):
        out.append(f"{name}: frames sent other than rerun requests: {', '.join(odd)}")
    return out


def markdown(rows: list[Row], info: dict[str, object]) -> str:
    """The table, then the machine, the command and notes on each row."""
    lines = ["| " + " | ".join(HEAD) + " |", "| --- | --- |" + " ---: |" * (len(HEAD) - 2)]
    lines += ["| " + " | ".join(cells(r)) + " |" for r in rows]
    footer = [
        "",
        "Machine: {nproc} cores, load average {load_average_1min} at the start and {load_average_end} at the end; "
        "Python {python}, Streamlit {streamlit}, Chromium {chromium}.".format(**info),
        f"Command: `{info['command']}`",
        "",
    ]
    return "\n".join(lines + footer + [f"- {n}" for r in rows for n in notes(r)])


def as_json(rows: list[Row], info: dict[str, object]) -> str:
    """One JSON object: the machine, and per row its medians (as in the table) and every run."""

    def clean(x: object) -> object:
        if isinstance(x, float) and math.isnan(x):
            return None
        if isinstance(x, dict):
            return {k: clean(v) for k, v in x.items()}
        if isinstance(x, list):
            return [clean(v) for v in x]
        return x

    out = []
    for r in rows:
        item = asdict(r)
        item["median"] = {k: median(v) for k, v in runs(r).items()} if r.status == "ok" else {}
        for d, raw in zip(r.drags, item["drags"], strict=True):
            raw["updates_per_s"], raw["chart_rates"] = d.updates_per_s, d.chart_rates
        out.append(item)
    return json.dumps(clean({"machine": info, "rows": out}))


# --- Driving the page -----------------------------------------------------------------------------


def chromium() -> str:
    """Debian's Chromium, or the one in ``ATTENTION_CHROMIUM``; never a downloaded one."""
    path = os.environ.get("ATTENTION_CHROMIUM", "/usr/bin/chromium")
    if not os.path.exists(path):
        sys.exit(f"Chromium not found at {path}: install Debian's chromium or set ATTENTION_CHROMIUM.")
    return path


class Sent:
    """The websocket frames a page sends, each with its BackMsg's kind, in the order the process saw them."""

    def __init__(self, page) -> None:
        self.kinds: list[str] = []
        page.on("websocket", lambda ws: ws.on("framesent", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        kind = "text"
        if isinstance(payload, bytes):
            try:
                kind = BackMsg.FromString(payload).WhichOneof("type") or "empty"
            except Exception:  # noqa: BLE001 (not a BackMsg: counted, by what it is)
                kind = "not a BackMsg"
        self.kinds.append(kind)

    def since(self, n: int) -> list[str]:
        return self.kinds[n:]


def settle(page, since: float, after: float, reruns_asked: Callable[[], bool]) -> bool:
    """Wait until the page is quiet after ``after`` (page clock, ms); False if it was not within the timeout.

    Quiet: the script not running, nothing changed for QUIET_S, and a rerun
    begun since ``since`` or, where none was asked for, none begun within
    NO_RERUN_S of ``after``.
    """
    deadline = time.monotonic() + SETTLE_TIMEOUT_S
    while time.monotonic() < deadline:
        s = page.evaluate("(since) => window.__drag.status(since)", since)
        waited, quiet = s["now"] - after, s["now"] - max(s["last"], after)
        rerun_over = s["rerun"] or (not reruns_asked() and waited >= NO_RERUN_S * 1000)
        if s["state"] == IDLE and rerun_over and quiet >= QUIET_S * 1000:
            return True
        page.wait_for_timeout(100)
    return False


def page_now(page) -> float:
    return page.evaluate("() => performance.now()")


def drag_once(page, key: str, sent: Sent) -> Drag:
    """Press the thumb, move it for DRAG_S at RATE events a second, release; then wait for the page to settle."""
    g = page.evaluate(GEOMETRY, key)
    page.wait_for_timeout(300)  # the scroll's layout
    g = page.evaluate(GEOMETRY, key)
    where = (g["x"] - g["track_x"]) / g["track_width"]
    stop = max(TRACK_STOPS, key=lambda f: abs(f - where))
    x0, x1, y = g["x"], g["track_x"] + stop * g["track_width"], g["y"]
    page.mouse.move(x0, y)
    page.wait_for_timeout(200)
    page.evaluate("() => window.__drag.reset()")
    before = len(sent.kinds)
    page.mouse.down()
    n, done, start = 0, 0.0, time.perf_counter()
    while done < 1:
        # At most RATE moves a second, each to where the clock puts the thumb, as a hand would move it. A move
        # returns once the page has taken it (Chromium hands mouse moves over once a frame), so a slow page gets fewer.
        n += 1
        time.sleep(max(0.0, start + n / RATE - time.perf_counter()))
        done = min(1.0, (time.perf_counter() - start) / DRAG_S)
        page.mouse.move(x0 + (x1 - x0) * done, y)
    at_release = len(sent.kinds)
    page.mouse.up()
    pressed, released = page.evaluate("() => { const r = window.__drag.dump(); return [r.downs[0], r.ups.at(-1)]; }")

    def reruns_asked() -> bool:
        return "rerun_script" in sent.since(at_release)

    settled = settle(page, pressed, released, reruns_asked)
    rec = page.evaluate("() => window.__drag.dump()")
    kinds = dict(Counter(sent.since(before)))
    return summarise_drag(rec, n, at_release - before, len(sent.kinds) - at_release, kinds, not settled)


def keys_once(page, key: str, sent: Sent) -> Keys:
    """Focus the slider's input and press an arrow key PRESSES times, PRESS_GAP_S apart; wait for it to settle."""
    g = page.evaluate(GEOMETRY, key)
    right = (g["max"] - g["value"]) / g["step"] >= PRESSES if g["step"] > 0 else True
    left = (g["value"] - g["min"]) / g["step"] >= PRESSES if g["step"] > 0 else False
    arrow = "ArrowRight" if right or not left else "ArrowLeft"
    page.locator(f'.st-key-{key} [data-testid="stSlider"] input[type="range"]').focus()
    page.wait_for_timeout(200)
    page.evaluate("() => window.__drag.reset()")
    before, start = len(sent.kinds), time.perf_counter()
    for i in range(PRESSES):
        ahead = start + i * PRESS_GAP_S - time.perf_counter()
        if ahead > 0:
            time.sleep(ahead)
        page.keyboard.press(arrow)
    first, last = page.evaluate("() => { const k = window.__drag.dump().keys; return [k[0], k.at(-1)]; }")
    settled = settle(page, first, last, lambda: "rerun_script" in sent.since(before))
    rec = page.evaluate("() => window.__drag.dump()")
    return summarise_keys(rec, arrow, len(sent.kinds) - before, not settled)


def measure_target(browser, url: str, name: str, viewport: tuple[int, int], repeat: int, slowdown: float = 1.0) -> Row:
    """Open the target's page at ``viewport``; drag its slider and press its keys ``repeat`` times each; with the
    page's CPU ``slowdown`` times slower (Chromium's CPU throttling, as for a phone) where it is above 1."""
    target = TARGETS[name]
    slowed = f" cpu/{slowdown:g}" if slowdown > 1 else ""
    row = Row(name, target.path, target.key, f"{viewport[0]}x{viewport[1]}{slowed}")
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    try:
        page = context.new_page()
        if slowdown > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        sent = Sent(page)
        page.add_init_script(f"({WIRE})({SCRIPT_FINISHED})")
        page.goto(url + target.path)
        wait_for_app(page)
        if "step=" in target.path:  # a walkthrough step shows its slider once its question is answered or skipped
            past_the_question(page)
        page.evaluate(INSTRUMENT)
        loaded = page_now(page)
        if not settle(page, loaded, loaded, lambda: False):
            row.status = f"the page did not settle within {SETTLE_TIMEOUT_S:g} s"
            return row
        row.charts, row.canvas = page.evaluate(CHARTS)
        geometry = page.evaluate(GEOMETRY, target.key)
        if geometry is None:
            row.status = "no slider"
            return row
        if not geometry["visible"]:
            row.status = "slider not shown"
            return row
        page.evaluate("(key) => window.__drag.follow(key)", target.key)
        for _ in range(repeat):
            row.drags.append(drag_once(page, target.key, sent))
            row.keys.append(keys_once(page, target.key, sent))
        row.labels = page.evaluate("() => window.__drag.dump().labels")
    except Exception as exc:  # noqa: BLE001 (one target's failure is reported in its row; the others still run)
        row.status = f"failed: {type(exc).__name__}: {str(exc).splitlines()[0][:160]}"
    finally:
        context.close()
    return row


@contextmanager
def app_url(url: str | None) -> Iterator[str]:
    """The server to measure: the one at ``url``, or a fresh one started with the README's command."""
    if url:
        yield url.rstrip("/")
    else:
        with servers(APP) as (srv,):
            yield srv.url


def measure(
    url: str,
    names: list[str],
    viewports: list[tuple[int, int]],
    repeat: int,
    executable: str | None = None,
    slowdown: float = 1.0,
) -> tuple[list[Row], str]:
    """A row per target and viewport, in one Chromium (``executable``, else :func:`chromium`); and its version."""
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable or chromium(), args=CHROMIUM_ARGS)
        try:
            for name in names:
                for viewport in viewports:
                    rows.append(measure_target(browser, url, name, viewport, repeat, slowdown))
                    print(f"  {name} at {rows[-1].viewport}: {rows[-1].status}", file=sys.stderr, flush=True)
            return rows, browser.version
        finally:
            browser.close()


# --- The command ----------------------------------------------------------------------------------


def machine() -> dict[str, object]:
    return {
        "nproc": os.cpu_count(),
        "python": platform.python_version(),
        "streamlit": streamlit.__version__,
        "load_average_1min": round(os.getloadavg()[0], 2),
    }


def parse_viewport(text: str) -> tuple[int, int]:
    """``1280x800`` -> (1280, 800); ``phone`` and ``desktop`` name the two usual ones."""
    named = {"desktop": DESKTOP, "phone": PHONE}
    if text in named:
        return named[text]
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a viewport is WIDTHxHEIGHT, like 1280x800, not {text!r}") from None
    if w < 200 or h < 200:
        raise argparse.ArgumentTypeError(f"a viewport of {w}x{h} is too small to show a screen")
    return w, h


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--targets", default=",".join(TARGETS), help=f"comma-separated, of {', '.join(TARGETS)}")
    p.add_argument("--viewport", default="1280x800", help="WIDTHxHEIGHT, comma-separated for several (phone: 390x844)")
    p.add_argument("--repeat", type=int, default=3, help="drags (and keyboard runs) per target; medians reported")
    p.add_argument("--url", help="measure the server at this address instead of starting one")
    p.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    p.add_argument(
        "--cpu-slowdown", type=float, default=1.0, help="the page's CPU this many times slower (4: a mid-range phone)"
    )
    args = p.parse_args(argv)
    args.targets = [t.strip() for t in args.targets.split(",") if t.strip()]
    unknown = [t for t in args.targets if t not in TARGETS]
    if unknown or not args.targets:
        p.error(f"unknown targets {', '.join(unknown) or '(none given)'}; known: {', '.join(TARGETS)}")
    try:
        args.viewport = [parse_viewport(v.strip()) for v in args.viewport.split(",") if v.strip()]
    except argparse.ArgumentTypeError as exc:
        p.error(str(exc))
    if not args.viewport:
        p.error("--viewport needs at least one WIDTHxHEIGHT")
    if args.repeat < 1:
        p.error("--repeat must be at least 1")
    if not 1 <= args.cpu_slowdown <= 20:
        p.error("--cpu-slowdown is between 1 (none) and 20")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    info = machine()
    info["command"] = " ".join(["python -m bench.drag", *(sys.argv[1:] if argv is None else argv)])
    with app_url(args.url) as url:
        rows, info["chromium"] = measure(url, args.targets, args.viewport, args.repeat, slowdown=args.cpu_slowdown)
    info["load_average_end"] = round(os.getloadavg()[0], 2)
    print(as_json(rows, info) if args.json else markdown(rows, info))
    return 0 if all(r.status in ("ok", "no slider") for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
