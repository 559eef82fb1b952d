"""Widget values no browser's control sends, sent over the websocket: stopped at the door (:mod:`ui.forged`).

Each case is a request a reader can write by hand: a value under an id no element has, a value in another kind's
field, a label a list does not offer, a slider's value out of its range. The run must raise nothing, say that a value
was ignored, and keep the last valid values: the link is the one before the forged request.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from urllib.parse import quote_plus

import pytest
from streamlit.proto.WidgetStates_pb2 import WidgetState

from bench import load
from bench.controls import controls, moves
from bench.interactions import SKIP, view_link
from bench.streamlit_client import Session, Widget
from tests.apptest import unescaped
from ui import text
from ui.forged import MAX_TEXT
from ui.questions import typed_key
from ui.settings.fixed_summary import FIX_SOURCE, FIX_TARGET
from ui.settings.self_attention import W_Q
from ui.text import t

IGNORED = t("widget.forged")


@pytest.fixture(scope="module")
def app() -> Iterator[str]:
    with load.servers(["-m", "streamlit", "run", "app.py"]) as (server,):
        yield server.url


def strings(*values: str) -> Callable[[Widget], WidgetState]:
    return lambda w: WidgetState(id=w.id, string_array_value={"data": list(values)})


def numbers(*values: float) -> Callable[[Widget], WidgetState]:
    return lambda w: WidgetState(id=w.id, double_array_value={"data": list(values)})


def forged(url: str, page: str, query: str, kind: str, key: str, change: Callable[[Widget], WidgetState]) -> dict:
    """Open ``page?query``, send ``change`` of its widget ``key``, then rerun as the page is: each run's exceptions
    and alerts, and the link before and after."""

    async def go() -> dict:
        async with Session(url, query) as s:
            await s.rerun(page_name=page)
            before = s.query_string
            widget = s.widget(kind, key)
            assert widget is not None, f"no {kind} {key} on {page}?{query}"
            run = await s.rerun(widgets=[change(widget)])
            after = s.query_string
            s.states.pop(widget.id, None)  # the browser's control still holds its own value
            again = await s.rerun()
            return {
                "exceptions": run.exceptions + again.exceptions,
                "alerts": [unescaped(a) for a in run.alerts],
                "before": before,
                "after": after,
                "again": s.query_string,
            }

    return asyncio.run(go())


WHATIF = "tr_tab=whatif"
BLEND = f"{WHATIF}&wi_kind=blend&wi_share=0.25"
CASES = {  # page, query, widget, forged value: each case of issue 46's list, and the kinds like them
    "a what-if step sent as a boolean": ("translator", WHATIF, "selectbox", "w_wi_step", "bool"),
    "a what-if step sent as a number": ("translator", WHATIF, "selectbox", "w_wi_step", "int"),
    "a what-if word of -1, as a number": ("translator", WHATIF, "selectbox", "w_wi_word", "-1"),
    "a what-if word of -1, as a label": ("translator", WHATIF, "selectbox", "w_wi_word", "'-1'"),
    "a sentence the list does not offer": ("translator", "tr_sentence=the+cat+sleeps", "selectbox", "w_tr_pick", "'x'"),
    "a model the list does not offer": ("translator", "tr_model=luong_dot", "radio", "w_tr_model", "'nosuch'"),
    "no model at all": ("translator", "tr_model=luong_dot", "radio", "w_tr_model", "empty"),
    "an override the list does not offer": ("translator", WHATIF, "radio", "w_wi_kind", "'zzz'"),
    "a tab the screen does not have": ("translator", WHATIF, "tab_container", "w_tr_tab", "'nosuch'"),
    "a snapshot the slider does not offer": ("translator", "", "slider", "w_tr_step", "['77']"),
    "no snapshot at all": ("translator", "", "slider", "w_tr_step", "[]"),
    "a state past the slider's end": ("scoring", "s=0.5", "slider", "w_s", "[1e308]"),
    "a state that is not a number": ("scoring", "s=0.5", "slider", "w_s", "[nan]"),
    "a state with a second value": ("scoring", "s=0.5", "slider", "w_s", "[1, 2]"),
    "a blend's share below 0": ("translator", BLEND, "slider", "w_wi_share", "[-0.3]"),
    "a target the list does not offer": ("learning", "learn_tab=train", "radio", "w_learn_target", "'zz'"),
}
VALUES: dict[str, Callable[[Widget], WidgetState]] = {
    "bool": lambda w: WidgetState(id=w.id, bool_value=True),
    "int": lambda w: WidgetState(id=w.id, int_value=1),
    "-1": lambda w: WidgetState(id=w.id, int_value=-1),
    "'-1'": lambda w: WidgetState(id=w.id, string_value="-1"),
    "'x'": lambda w: WidgetState(id=w.id, string_value="x"),
    "'nosuch'": lambda w: WidgetState(id=w.id, string_value="nosuch"),
    "'zzz'": lambda w: WidgetState(id=w.id, string_value="zzz"),
    "'zz'": lambda w: WidgetState(id=w.id, string_value="zz"),
    "empty": lambda w: WidgetState(id=w.id),
    "['77']": strings("77"),
    "[]": strings(),
    "[1e308]": numbers(1e308),
    "[nan]": numbers(float("nan")),
    "[1, 2]": numbers(1.0, 2.0),
    "[-0.3]": numbers(-0.3),
}


@pytest.mark.parametrize("case", CASES)
def test_a_forged_value_is_ignored_with_a_notice_and_the_last_valid_values_kept(app, case):
    page, query, kind, key, value = CASES[case]
    seen = forged(app, page, query, kind, key, VALUES[value])
    assert seen["exceptions"] == []
    assert IGNORED in seen["alerts"], seen["alerts"]
    assert seen["after"] == seen["before"] == seen["again"]


@pytest.mark.parametrize("widget_id", ["", "x", "y" * 1_000_000], ids=["empty", "x", "a megabyte"])
def test_a_value_under_an_id_no_element_has_leaves_the_session_working(app, widget_id):
    seen = forged(app, "translator", "", "radio", "w_tr_model", lambda w: WidgetState(id=widget_id, string_value="a"))
    assert seen["exceptions"] == []  # this run's and the next's: every widget drawn after it used to raise
    assert IGNORED in seen["alerts"] and seen["after"] == seen["before"]


def test_a_choice_from_a_list_that_showed_its_placeholder_while_a_section_reran_is_taken(app):
    """A typed sentence leaves the list of examples empty (its placeholder); a what-if control reruns that tab's
    section alone, which reads the list's empty value without drawing the list; then the reader picks an example:
    a control's value, taken (it was dropped as one of another kind than the list's last, empty, one)."""

    async def go() -> tuple[list[str], list[str], str, str]:
        async with Session(app, "tr_tab=whatif&tr_sentence=the+cat+sleeps") as s:
            await s.rerun(page_name="translator")
            pick, kind = s.widget("selectbox", "w_tr_pick"), s.widget("radio", "w_wi_kind")
            assert s.state(pick.id).WhichOneof("value") is None  # the placeholder
            run = await s.rerun(widgets=[WidgetState(id=kind.id, string_value=kind.proto.options[0])])
            assert run.fragment_ids  # the tab's section alone
            run = await s.rerun(widgets=[WidgetState(id=pick.id, string_value=pick.proto.options[0])])
            return run.exceptions, [unescaped(a) for a in run.alerts], s.query_string, pick.proto.options[0]

    exceptions, alerts, link, label = asyncio.run(go())
    assert exceptions == [] and IGNORED not in alerts
    assert f"tr_sentence={quote_plus(label.split(': ', 1)[1])}" in link


def test_a_choice_showing_none_sent_a_value_of_another_kind_is_ignored(app):
    """A question's radio shows no choice until the reader picks one; the browser sends it back without a value, and
    a section's rerun that does not draw it (the state slider's) reads that empty value, for which Streamlit notes no
    field. A boolean sent for it after that is still one no radio sends (it reached st.radio, which raised)."""

    async def go() -> tuple[list[str], list[str]]:
        async with Session(app, "") as s:
            await s.rerun(page_name="scoring")
            answer, slider = s.widget("radio", "q_screen_scoring_answer"), s.widget("slider", "w_s")
            assert s.state(answer.id).WhichOneof("value") is None  # no choice yet
            run = await s.rerun(widgets=[WidgetState(id=slider.id, double_array_value={"data": [0.5]})])
            assert run.fragment_ids  # the slider's section alone
            run = await s.rerun(widgets=[WidgetState(id=answer.id, bool_value=True)])
            return run.exceptions, [unescaped(a) for a in run.alerts]

    exceptions, alerts = asyncio.run(go())
    assert exceptions == [] and IGNORED in alerts


def other_kind(w: Widget, s: Session) -> WidgetState:
    """A value of ``w`` in a field its kind does not hold: a boolean for a widget that holds text or numbers, text
    for one that holds a boolean or a press."""
    holds = s.state(w.id)
    field = holds.WhichOneof("value") if holds is not None else None
    if w.kind in ("checkbox", "button") or field == "bool_value":
        return WidgetState(id=w.id, string_value="x")
    return WidgetState(id=w.id, bool_value=True)


@pytest.mark.parametrize("view", ["translator/whatif", "scoring/luong", "learning", "step11"])
def test_every_control_sent_a_value_of_another_kind_keeps_the_view(app, view):
    """Every control of the view, each in turn, sent a value of another kind than it holds."""

    async def go() -> dict[str, tuple[list[str], bool, str]]:
        page, query = view_link(view)
        found = {}
        async with Session(app, query) as s:
            await s.rerun(page_name=page)
            link = s.query_string
            for w in [w for w in controls(s, exclude=SKIP) if w.key]:
                held = s.state(w.id)
                run = await s.rerun(widgets=[other_kind(w, s)])
                found[w.key] = (run.exceptions, IGNORED in [unescaped(a) for a in run.alerts], s.query_string)
                if held is None:
                    s.states.pop(w.id, None)
                else:
                    s.states[w.id] = held
            assert found, f"no control on {view}"
            return {key: (exc, said, after == link) for key, (exc, said, after) in found.items()}

    found = asyncio.run(go())
    assert {key: seen for key, seen in found.items() if seen[0] or not seen[1] or not seen[2]} == {}


@pytest.mark.parametrize("view", ["learning", "translator/whatif", "scoring/luong", "step11"])
def test_every_control_moved_as_a_browser_moves_it_is_taken_without_a_notice(app, view):
    """What a browser's own controls send passes the door: each control of the view changed once from the view's link
    as Chromium's control sends it (a whole-number field an ``int_value``, though Streamlit notes ``double_value``
    for every number field), then each section rerun alone with every value the page holds, as a section's timer
    or its own control reruns it."""
    page, query = view_link(view)

    async def go() -> dict[str, list[str]]:
        async with Session(app, query) as s:
            await s.rerun(page_name=page)
            keys = [w.key for w in controls(s, exclude=SKIP) if w.key and w.key != "w_lang"]  # (languages: elsewhere)
            noticed = {f: said(run) for f, run in (await s.each_fragment_alone()).items()}
        for key in keys:
            async with Session(app, query) as s:
                await s.rerun(page_name=page)
                w = next(w for w in s.widgets.values() if w.key == key)
                pair = moves(s, w)
                if pair is not None:
                    noticed[key] = said(await s.rerun(widgets=[pair[0]]))
        assert noticed, f"no control on {view}"
        return noticed

    def said(run) -> list[str]:
        return run.exceptions + [a for a in map(unescaped, run.alerts) if a == IGNORED]

    assert {key: seen for key, seen in asyncio.run(go()).items() if seen} == {}


LONG = "word " * (MAX_TEXT // 5) + "x"  # one character past what a field takes, as the page's script cuts a paste
NAMED_FIELDS = {  # page, query, widget, the message that names the field
    "the translator's sentence": ("translator", "", "text_area", "w_tr_text", "tr.field_sentence"),
    "the query's projection, in French": (
        "self_attention", "sa_tab=self&lang=fr", "text_input", W_Q.widget_key, "sa.w_q_field",
    ),
    "step 2's number, typed in French": ("", "step=2&lang=fr", "text_input", typed_key("step2"), "q.answer"),
    "screen 1's source words": ("fixed_summary", "", "text_input", FIX_SOURCE.widget_key, "fix.source_field"),
    "screen 1's target words": ("fixed_summary", "", "text_input", FIX_TARGET.widget_key, "fix.target_field"),
}  # fmt: skip


@pytest.mark.parametrize("case", NAMED_FIELDS)
def test_a_text_too_long_to_read_is_refused_with_a_notice_naming_its_field(app, case):
    """A paste past MAX_TEXT is not read; the notice names the field it was pasted into, in the reader's language,
    as the session drew the field under the id the text came in."""
    page, query, kind, key, name = NAMED_FIELDS[case]
    assert len(LONG) == MAX_TEXT + 1
    seen = forged(app, page, query, kind, key, lambda w: WidgetState(id=w.id, string_value=LONG))
    assert seen["exceptions"] == [] and seen["after"] == seen["before"]
    with text.speaking("fr" if "lang=fr" in query else "en"):
        expected = unescaped(t("widget.too_long_in", field=t(name), most=MAX_TEXT))
    assert expected in seen["alerts"], seen["alerts"]


def test_a_text_too_long_under_an_id_the_session_did_not_draw_names_no_field(app):
    """The field is the session's, never a name the request spells: a text under an id that ends in the sentence
    field's key but that the session did not draw gets the notice without a name."""
    made_up = lambda w: WidgetState(id="$$ID-" + "0" * 32 + "-w_tr_text", string_value=LONG)  # noqa: E731
    seen = forged(app, "translator", "", "text_area", "w_tr_text", made_up)
    assert seen["exceptions"] == []
    assert unescaped(t("widget.too_long", most=MAX_TEXT)) in seen["alerts"], seen["alerts"]


def test_a_pick_the_question_offered_before_the_slider_redrew_it_is_dropped_without_a_notice(app):
    """A reader picks one of screen 2's points, moves the state slider (the question is asked again at the new
    state, its points moved) and presses Skip before the browser drew that run, as on a busy server: the pick it
    still sends is one the question offered, not a value from outside the page. It is dropped without the notice
    (the test in the browser met it under load); a choice the list never offered still gets it."""
    from bench.streamlit_client import click, slider_value

    async def go() -> tuple[list[str], list[str], list[str]]:
        async with Session(app) as s:
            await s.rerun(page_name="revisitable_source")
            for button in ("q_screen_revisitable_skip", "q_screen_revisitable_another"):  # on to the pick
                await s.rerun(widgets=[click(s.widget("button", button).id)])
            pick = s.widget("radio", "q_screen_revisitable_answer")
            held = WidgetState(id=pick.id, string_value=pick.proto.options[1])
            await s.rerun(widgets=[held])
            slider = s.widget("slider", "w_s")
            moved = []
            for value in (-0.95, -0.9):
                run = await s.rerun(widgets=[slider_value(slider.id, value)])
                moved += run.alerts
            now = s.widget("radio", "q_screen_revisitable_answer")
            assert held.string_value not in now.proto.options  # the points moved with s
            skip = s.widget("button", "q_screen_revisitable_skip")
            stale = await s.rerun(widgets=[held, click(skip.id)])
            never = await s.rerun(widgets=[WidgetState(id=now.id, string_value="a point never offered")])
            return moved + stale.alerts, [unescaped(a) for a in stale.texts], [unescaped(a) for a in never.alerts]

    alerts, texts, never = asyncio.run(go())
    assert IGNORED not in [unescaped(a) for a in alerts]
    assert t("q.skipped") in texts  # the Skip was taken
    assert IGNORED in never
