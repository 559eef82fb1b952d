"""Every control of every view does in Chinese and in French what it does in English, as a served app runs it.

A widget's callback runs before the page's script (and a section's rerun runs the section alone), so whatever a
callback reads of the reader's language, it must read from the reader's session, not from what the last run of
the thread set. Here every control of every view is changed, over the websocket as a browser changes it, in each
language: the link it leaves must be the English one's, the language aside, and the run must raise nothing.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from urllib.parse import parse_qsl

import pytest

from bench import load
from bench.controls import controls, moves
from bench.interactions import SKIP, view_link
from bench.streamlit_client import Session, click
from tests.apptest import unescaped
from tests.language_check import english_left
from ui import frame, links, present, take_home
from ui import settings as link_settings
from ui.text import TRANSLATED


@pytest.fixture(scope="module")
def app() -> Iterator[str]:
    with load.servers(["-m", "streamlit", "run", "app.py"]) as (server,):
        yield server.url


# A sentence whose example is shown in the reader's language (ui.readings): the words a reader types there are
# their language's, so the link holds other words; that the setting is written is what must not depend on it.
READ_IN_LANGUAGE = {b.key for b in link_settings.every() if b.reading}


def _settings(query: str) -> dict[str, str]:
    return {k: "…" if k in READ_IN_LANGUAGE else v for k, v in parse_qsl(query) if k != "lang"}


async def _links(url: str, view: str, code: str) -> dict[str, dict[str, str] | str]:
    """Each control's key -> the link's settings after changing it once from the view's link (or what went wrong)."""
    page, query = view_link(view)
    query = "&".join(q for q in (query, f"lang={code}" if code != "en" else "") if q)
    found: dict[str, dict[str, str] | str] = {}
    s = Session(url, query)
    await s.__aenter__()
    try:
        await s.rerun(page_name=page)
        skip = SKIP if view in SIDEBAR_CHANGED else SKIP | SIDEBAR
        keyed = [(w.id, w.key) for w in controls(s, exclude=skip) if w.key]
        for wid, key in keyed:
            if found:  # each change from the view as its link opens it
                await s.__aexit__()
                s = Session(url, query)
                await s.__aenter__()
                await s.rerun(page_name=page)
            w = s.widgets.get(wid) or next((x for x in s.widgets.values() if x.key == key), None)
            pair = moves(s, w) if w is not None else None
            if pair is None:
                continue
            run = await s.rerun(widgets=[pair[0]])
            found[key] = "; ".join(run.exceptions) if run.exceptions else _settings(s.query_string)
    finally:
        await s.__aexit__()
    return found


VIEWS = [v for v in load.VIEWS if v != "translator/live"]
# The sidebar's controls (the language, reset, presenter mode, the take-home button) are the frame's, the same code
# on every view: changed on the home page, a screen's tab and a step, where they are a fifth of the changes.
SIDEBAR = {links.LANG.widget_key, frame.RESET, present.TOGGLE, take_home.BUTTON}
SIDEBAR_CHANGED = ("home", "translator/whatif", "step4")
# French in every developer's run (its numbers are written with a decimal comma, its words are the longest);
# Chinese, which exercises the same paths, with the long checks (CI)
CODES = [pytest.param(code, marks=pytest.mark.long) if code == "zh" else code for code in TRANSLATED]
DRAWN_BY_LANGUAGE = re.compile(r"q_\w+_(answer|typed|check)")  # ui.questions' keys of a number's field and Check
_ENGLISH: dict[str, dict[str, dict[str, str] | str]] = {}  # each view's English links, made once a process


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("view", VIEWS)
def test_every_control_leaves_the_same_link_in_every_language(app, view, code):
    if view not in _ENGLISH:
        _ENGLISH[view] = asyncio.run(_links(app, view, "en"))
    english = _ENGLISH[view]
    assert not [v for v in english.values() if isinstance(v, str)], english
    if view in SIDEBAR_CHANGED:
        assert SIDEBAR <= english.keys()  # the sidebar's controls, by the keys they have
    other = asyncio.run(_links(app, view, code))
    shared = english.keys() & other.keys()
    assert {k: other[k] for k in shared} == {k: english[k] for k in shared}
    # a question's number is a number field, or in French a text field with its Check open (ui.questions.typed_here):
    # controls of one language only, which write nothing into the link
    own = english.keys() ^ other.keys()
    assert all(DRAWN_BY_LANGUAGE.fullmatch(k) for k in own), own
    assert {k: {**english, **other}[k] for k in own} == dict.fromkeys(own, _settings(view_link(view)[1]))


async def _sections_alone(url: str, view: str, code: str) -> dict[str, tuple[list[str], str]]:
    """Each section (fragment) the view draws, rerun alone as its timer or its own control reruns it: its
    exceptions and every text it wrote as Markdown."""
    page, query = view_link(view)
    async with Session(url, f"{query}&lang={code}" if query else f"lang={code}") as s:
        await s.rerun(page_name=page)
        runs = await s.each_fragment_alone()
        return {f: (run.exceptions, "\n".join(unescaped(x) for x in run.texts)) for f, run in runs.items()}


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("view", VIEWS)
def test_every_section_rerun_alone_speaks_the_readers_language(app, view, code):
    sections = asyncio.run(_sections_alone(app, view, code))
    assert sections, f"{view} draws no section"
    for fragment, (exceptions, written) in sections.items():
        assert exceptions == [], fragment
        assert written, fragment  # the section wrote something to read
        assert english_left(written, code) == [], (fragment, written[:300])


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_live_runs_progress_polled_by_its_timer_speaks_the_readers_language(app, code):
    """The live run's panel reruns alone every second (``run_every``), outside the page's run: each poll's progress
    line is in the reader's language, as is everything else it writes."""

    async def go() -> list[tuple[list[str], str]]:
        async with Session(app, f"tr_tab=live&lang={code}") as s:
            await s.rerun(page_name="translator")
            for _ in range(30):  # a run another test stopped a moment ago holds the server's one run until it ends
                await s.rerun(widgets=[click(s.widget("button", "tr_live_start").id)])
                if s.fragments:
                    break
                await asyncio.sleep(1.0)
            assert s.fragments, "no timer started: the run did not start"
            polls = []
            for _ in range(2):
                await asyncio.sleep(1.0)
                for fragment in list(s.fragments):
                    run = await s.rerun(fragment_id=fragment)
                    polls.append((run.progress, "\n".join(unescaped(x) for x in run.texts + run.progress)))
            stop = s.widget("button", "tr_live_stop")
            if stop is not None:
                await s.rerun(widgets=[click(stop.id)])
            return polls

    polls = asyncio.run(go())
    assert len(polls) >= 2 and all(progress for progress, _ in polls)
    for _, written in polls:
        assert english_left(written, code) == [], written[:300]
