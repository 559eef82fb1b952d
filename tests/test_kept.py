"""Charts kept for their inputs (``ui/kept.py``): the message sent again is the one Streamlit would send, a key
that misses an input is caught, a kept chart is built once for every session, and what is kept stays bounded."""

from __future__ import annotations

import contextlib
import json
import math
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.testing.v1 import AppTest

from tests.apptest import HOME, ROOT, opened_on, past_the_question
from tests.chart_meaning import CASES, page_file
from ui import kept


def chart_messages(address: str, query: dict[str, str]) -> list[tuple[bytes, object]]:
    """Every chart message a view sends, in page order (a walkthrough step's once its question is skipped): the
    message but its spec, and its spec read as JSON (our messages write the same JSON more compactly than
    Streamlit's)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    page = page_file(address)
    if page != HOME:
        opened_on(at, page)
    at.query_params.update(query)
    at.run()
    if "step" in query:
        past_the_question(at, int(query["step"]))
    assert not at.exception, [e.value for e in at.exception]
    return [without_spec(c.proto) for c in at.get("vega_lite_chart")]


def without_spec(proto) -> tuple[bytes, object]:
    rest = type(proto)()
    rest.CopyFrom(proto)
    rest.ClearField("spec")
    return rest.SerializeToString(), json.loads(proto.spec)


DRAWS_NONE: set[str] = set()  # views that open on a part that draws no chart (none today)


@pytest.mark.parametrize(("name", "address", "query"), CASES, ids=[c[0] for c in CASES])
def test_a_kept_chart_is_the_message_streamlit_sends(name, address, query, monkeypatch):
    kept.forget_all()
    ours = chart_messages(address, query)  # built by kept.message, then sent again from what was kept
    again = chart_messages(address, query)
    monkeypatch.setattr(kept, "THROUGH_STREAMLIT", True)
    theirs = chart_messages(address, query)
    assert bool(ours) != (name in DRAWS_NONE) and ours == theirs == again


SCRIPT = """
import streamlit as st
from ui import kept

built = st.session_state.setdefault("built", [])

def build():
    built.append(1)
    return {"mark": "bar", "data": {"values": [{"x": st.session_state.get("x", 1)}]},
            "encoding": {"y": {"field": "x", "type": "quantitative"}}}, None

kept.kept(("test chart", st.session_state.get("key", "k")), build)
"""


def run(**session: object) -> AppTest:
    at = AppTest.from_string(SCRIPT)
    for k, v in session.items():
        at.session_state[k] = v
    return at.run()


def test_a_chart_is_built_once_for_every_session_that_draws_it(monkeypatch):
    monkeypatch.setattr(kept, "CHECK", False)  # the suite builds every kept chart again to check it
    kept.forget_all()
    first, second = run(), run()
    assert first.session_state["built"] == [1] and second.session_state["built"] == []
    assert first.get("vega_lite_chart")[0].proto == second.get("vega_lite_chart")[0].proto


def test_a_key_that_misses_an_input_fails_where_checked(monkeypatch):
    kept.forget_all()
    run(x=1)
    monkeypatch.setattr(kept, "CHECK", True)
    changed = run(x=2)  # the same key, another chart
    assert changed.exception and "KeptChangedError" in changed.exception[0].value + str(changed.exception[0].proto)
    monkeypatch.setattr(kept, "CHECK", False)
    stale = run(x=2)  # unchecked, the kept chart is drawn: why the key must hold every input
    assert convert_arrow_bytes_to_pandas_df(stale.get("vega_lite_chart")[0].proto.data.data)["x"].tolist() == [1]


PANELS = """
import streamlit as st
from ui import kept

built = st.session_state.setdefault("built", [])

def build():
    built.append(1)
    x = st.session_state.get("x", 1)
    specs = [{"mark": "bar", "data": {"values": [{"x": x + k}]}, "encoding": {"y": {"field": "x"}}} for k in (0, 1)]
    return specs, x

messages = kept.kept_all(("test panels",), build).message
for column, message in zip(st.columns(len(messages)), messages):
    with column:
        kept.draw(message)
"""


def test_panels_are_built_once_for_every_session_and_a_key_that_misses_an_input_fails_where_checked(monkeypatch):
    monkeypatch.setattr(kept, "CHECK", False)
    kept.forget_all()
    first = AppTest.from_string(PANELS).run()
    second = AppTest.from_string(PANELS).run()
    assert first.session_state["built"] == [1] and second.session_state["built"] == []
    charts = [c.proto for c in second.get("vega_lite_chart")]
    assert len(charts) == 2 and charts == [c.proto for c in first.get("vega_lite_chart")]
    assert [convert_arrow_bytes_to_pandas_df(c.data.data)["x"].tolist() for c in charts] == [[1], [2]]
    monkeypatch.setattr(kept, "CHECK", True)
    changed = AppTest.from_string(PANELS)
    changed.session_state["x"] = 2  # the same key, other panels
    changed.run()
    assert changed.exception and "KeptChangedError" in changed.exception[0].value + str(changed.exception[0].proto)


def test_what_is_kept_is_bounded_by_size(monkeypatch):
    monkeypatch.setattr(kept, "CHECK", False)
    kept.forget_all()
    spec = {"mark": "bar", "data": {"values": [{"x": 1}]}, "encoding": {"y": {"field": "x", "type": "quantitative"}}}
    size = kept.message(spec).ByteSize() + kept.Kept(kept.message(spec), spec, None).held_bytes()  # its spec pickled
    monkeypatch.setattr(kept, "LIMIT_BYTES", 3 * size + size // 2)
    for k in range(5):
        run(key=f"k{k}")
    assert [key[1] for key in kept._KEPT] == ["k2", "k3", "k4"]
    run(key="k2")  # used again: the last to go
    run(key="k5")
    assert [key[1] for key in kept._KEPT] == ["k4", "k2", "k5"]


def test_sessions_asking_at_once_for_the_same_value_wait_for_one_computation(monkeypatch) -> None:
    """Thirty readers opening a screen on a fresh server: the first computes, the others wait for its result."""
    monkeypatch.setattr(kept, "CHECK", False)  # a check would compute again on every reuse
    kept.forget_all()
    calls, start = [], threading.Barrier(8)

    def slow() -> list[int]:
        calls.append(1)
        time.sleep(0.2)
        return [len(calls)]

    def reader() -> list[int]:
        start.wait()
        return kept.value(("test", "slow"), slow)

    with ThreadPoolExecutor(8) as pool:
        seen = list(pool.map(lambda _: reader(), range(8)))
    assert len(calls) == 1
    assert all(v is seen[0] for v in seen)


def test_a_computation_that_fails_wakes_the_waiting_sessions_and_one_of_them_tries_again(monkeypatch) -> None:
    monkeypatch.setattr(kept, "CHECK", False)
    kept.forget_all()
    calls, start = [], threading.Barrier(4)

    def flaky() -> str:
        calls.append(1)
        time.sleep(0.1)
        if len(calls) == 1:
            raise RuntimeError("the first try fails")
        return "made"

    def reader() -> str:
        start.wait()
        try:
            return kept.value(("test", "flaky"), flaky)
        except RuntimeError:
            return "failed"

    with ThreadPoolExecutor(4) as pool:
        seen = sorted(pool.map(lambda _: reader(), range(4)))
    assert seen == ["failed", "made", "made", "made"]
    assert len(calls) == 2


def _first_runs(screen: str, readers: int, run_for: float, fail_first: bool = False) -> list[tuple[bool, float, float]]:
    """Readers opening ``screen`` at once under :func:`kept.first_run`: whether each ran first, and when its run
    began and ended; the first run takes ``run_for`` seconds (and fails with ``fail_first``), the others 10 ms."""
    spans: list[tuple[bool, float, float]] = []
    start, lock = threading.Barrier(readers), threading.Lock()

    def reader(_: int) -> None:
        start.wait()
        with contextlib.suppress(RuntimeError), kept.first_run(screen):
            began = time.perf_counter()
            with lock:
                first = not spans
                spans.append((first, began, math.inf))
            time.sleep(run_for if first else 0.01)
            with lock:
                spans[spans.index((first, began, math.inf))] = (first, began, time.perf_counter())
            if first and fail_first:
                raise RuntimeError("the first run fails")

    with ThreadPoolExecutor(readers) as pool:
        list(pool.map(reader, range(readers)))
    return spans


def test_readers_opening_a_screen_at_once_wait_for_the_first_run_of_it() -> None:
    """The first run of a screen in the process is made alone; the others start once it has ended."""
    kept.forget_all()
    spans = _first_runs("test screen", readers=6, run_for=0.3)
    (first,) = [s for s in spans if s[0]]
    later = [s for s in spans if not s[0]]
    assert len(later) == 5
    assert all(began >= first[2] for _, began, _ in later)


def test_later_runs_of_a_screen_and_runs_after_a_failed_first_never_wait() -> None:
    kept.forget_all()
    spans = _first_runs("failing screen", readers=4, run_for=0.2, fail_first=True)
    (first,) = [s for s in spans if s[0]]
    assert len(spans) == 4 and all(began >= first[2] for _, began, _ in spans if began != first[1])
    began = time.perf_counter()
    with kept.first_run("failing screen"):  # the process has run it once: no wait
        pass
    assert time.perf_counter() - began < 0.05


def test_a_specs_text_is_the_json_that_json_dumps_writes():
    import numpy as np

    spec = {
        "data": {"values": [{"s": -0.1 + 0.2 * k, "w": 1 / 3, "big": 1e22, "tiny": 1e-7} for k in range(5)]},
        "encoding": {"x": {"field": "s", "title": "état ‘s’ 权重"}},
        "width": np.float64(0.25),
        "n": np.int64(3),
    }
    assert json.loads(kept.spec_text(spec)) == json.loads(json.dumps({**spec, "n": 3}))
    assert json.loads(kept.spec_text({1: "a"})) == {"1": "a"}  # a key json.dumps converts, orjson does not take


def test_a_kept_charts_spec_and_rows_are_held_as_bytes_the_collector_never_walks_and_read_back_the_same():
    import gc

    from ui.charts.state_rows import StateRows

    rows = StateRows.of(["I", "cats"], [0.0, 0.5], [({"reading": "A"}, {"weight": [[0.25, 0.75], [0.5, 0.5]]})])
    spec = {"mark": "bar", "data": {"values": list(rows)}, "encoding": {"y": {"field": "weight"}}}
    k = kept.Kept(kept.message(spec), spec, (rows, {"weight": "weight α"}))
    assert isinstance(k._held, bytes) and not gc.is_tracked(k._held)
    assert k.spec == spec and k.extra == (rows, {"weight": "weight α"})
    assert k.spec is not k.spec  # each look reads them again: none is held as objects
    unpicklable = kept.Kept(kept.message(spec), spec, lambda: 1)  # what pickle refuses stays an object
    assert unpicklable.extra() == 1 and unpicklable.spec == spec
