"""A control that reruns sections alone leaves the page as its link opens it: nothing the rest of the page quotes is
left stale. On a real server, over its websocket (``bench/streamlit_client.py``).

For every screen, the tabs it opens on by its link, and each control a reader can move there (one move each, from
the view as its link opens it): the page the reader holds after the move (the last whole run's elements, each
section that reran drawn over its place) against a fresh open of the address the move wrote. What may differ, by
design: a widget's value (the page holds it, the message does not unless the script sets it); a chart the moved
slider scrubs in the browser (drawn at the slider's value at the last whole run, moved there by the page);
a question's answer, a training run's progress and a fold opened, which are the reader's visit's and not the link's.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from urllib.parse import parse_qsl

import pytest

from app import SCREENS
from bench.controls import controls, random_move
from bench.load import LIVE_START
from bench.streamlit_client import SUCCEEDED, Session
from screens.translator import orders
from tests.browser import app_server
from ui.settings.learning import LEARN_TABS
from ui.settings.limits import LIM_TABS
from ui.settings.revisitable_source import REV_TABS
from ui.settings.scoring import SCORE_TABS
from ui.settings.self_attention import SA_TABS
from ui.settings.translator import TRANSLATOR_TABS

TABBED = {
    "revisitable_source": ("rev_tab", REV_TABS),
    "scoring": ("score_tab", SCORE_TABS),
    "learning": ("learn_tab", LEARN_TABS),
    "translator": ("tr_tab", [tab for tab in TRANSLATOR_TABS if tab != "live"]),
    "limits": ("lim_tab", LIM_TABS),
    "self_attention": ("sa_tab", SA_TABS),
}
VIEWS = [(screen.url_path, "") for screen in SCREENS] + [
    (screen, f"{key}={tab}") for screen, (key, tabs) in TABBED.items() for tab in tabs[1:]
]
VIEWS.append(("translator", "tr_order_step=5"))  # the two decoding orders' fold, which a link naming a step opens
# Whole runs by design (the language, the presenter mode, the reset, the numbers' dialog), and the live run's start
LEFT_OUT = {"w_lang", "present_toggle", "nav_reset", "numbers", LIVE_START}
# a training run's steps, a fold opened (drawn only while open): the reader's visit's, not the link's
THE_VISITS = {"learn_step", "learn_run_n", orders.OPEN_KEY}
WIDGETS = {"slider", "number_input", "text_input", "text_area", "selectbox", "radio", "checkbox", "arrow_data_frame"}


def scrubbed_by(spec: str) -> set[str]:
    """The sliders a chart's spec takes a value from in the browser: its parameters bound to an input."""
    try:
        params = json.loads(spec).get("params", [])
    except ValueError:
        return set()
    return {p["name"] for p in params if isinstance(p, dict) and "bind" in p}


class Page(Session):
    """A session that holds the page as the browser shows it: path -> what is drawn there."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.page: dict[tuple[int, ...], tuple[str, ...]] = {}
        self._shown: dict[tuple[int, ...], tuple[str, ...]] = {}

    def _delta(self, delta, meta, run, seen, tabs) -> None:  # type: ignore[no-untyped-def]
        super()._delta(delta, meta, run, seen, tabs)
        path, kind = tuple(meta.delta_path), delta.WhichOneof("type")
        if kind == "new_element":
            el = delta.new_element
            what = el.WhichOneof("type") or ""
            proto = getattr(el, what) if what else None
            if what == "vega_lite_chart":
                data = b"".join(d.data.data for d in proto.datasets)
                self._shown[path] = (what, proto.spec + data.hex(), *sorted(scrubbed_by(proto.spec)))
            elif what in WIDGETS:
                self._shown[path] = (what, str(getattr(proto, "label", "")))
            else:
                self._shown[path] = (what, str(proto).strip() if proto is not None else "")
        elif kind == "add_block":
            block = delta.add_block.WhichOneof("type") or ""
            label = getattr(getattr(delta.add_block, block), "label", "") if block else ""
            self._shown[path] = ("block", block, str(label))

    async def rerun(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        self._shown = {}
        run = await super().rerun(*args, **kwargs)
        if run.status in SUCCEEDED:
            if not run.fragment_ids:
                self.page = dict(self._shown)
            else:  # the sections that reran are drawn over their places, the rest of the page stays
                roots = [self.roots[f] for f in run.fragment_ids if f in self.roots]
                kept = {p: d for p, d in self.page.items() if not any(p[: len(r)] == r for r in roots)}
                self.page = kept | self._shown
        return run


def differences(moved: dict, fresh: dict, sliders: set[str]) -> list[str]:
    """What the page after a move of ``sliders`` (widget keys) shows that a fresh open of its address does not, or
    the other way round, less what may differ by design (see the module's doc)."""

    def kept(item: tuple) -> bool:
        _, drawn = item
        return not (drawn[0] == "vega_lite_chart" and sliders & set(drawn[2:]))

    a, b = set(filter(kept, moved.items())), set(filter(kept, fresh.items()))
    return [f"after the move {p}: {d[:2]}"[:300] for p, d in sorted(a - b)] + [
        f"a fresh open {p}: {d[:2]}"[:300] for p, d in sorted(b - a)
    ]


async def stale_after_moves(url: str, screen: str, query: str) -> dict[str, list[str]]:
    rng = random.Random(7)
    async with Page(url) as first:
        first.query_string = query
        await first.rerun(page_name=screen)
        keys = [w.key for w in controls(first, exclude=LEFT_OUT | THE_VISITS)]
    assert keys, f"no control on {screen}?{query}"
    found: dict[str, list[str]] = {}
    for key in keys:
        if key.startswith("q_"):
            continue  # a question's answer is the visit's
        async with Page(url) as reader:
            reader.query_string = query
            await reader.rerun(page_name=screen)
            widget = next((w for w in reader.widgets.values() if w.key == key), None)
            move = None if widget is None else random_move(reader, widget, rng)
            if move is None:
                continue
            before = dict(parse_qsl(reader.query_string))
            run = await reader.rerun(widgets=[move])
            assert run.exceptions == [], (key, run.exceptions)
            if not run.fragment_ids:
                continue  # a whole run draws the page as its link does
            async with Page(url) as fresh:
                fresh.query_string = reader.query_string
                await fresh.rerun(page_name=screen)
                after = dict(parse_qsl(reader.query_string))
                # the control and any slider it set (a button that puts the state slider at a value): each widget
                # that edits a setting of the link is keyed w_<the setting> (ui.links.Binding)
                moved = {key} | {f"w_{k}" for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
                said = differences(reader.page, fresh.page, moved)
            if said:
                found[f"{key} -> ?{reader.query_string}"] = said
    return found


@pytest.fixture(scope="module")
def app() -> Iterator[str]:
    with app_server() as url:
        yield url


@pytest.mark.parametrize(("screen", "query"), VIEWS, ids=[f"{s or 'home'}?{q}" for s, q in VIEWS])
def test_a_sections_rerun_leaves_the_page_as_its_link_opens_it(app, screen, query):
    assert asyncio.run(stale_after_moves(app, screen, query)) == {}
