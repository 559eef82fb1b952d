"""What a hostile reader can send a running server: forged widget messages and an error's details.

A browser's widgets send only what their controls allow; a reader who writes the websocket's messages by hand can
send anything. Each case here is such a message, sent to the app served as the README serves it, and the page must
answer with a notice in the reader's words, never a traceback, a file path or a setting bent in silence.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterator
from urllib.parse import parse_qsl

import pytest
from streamlit.proto.WidgetStates_pb2 import WidgetState

from app import SCREENS
from bench import load
from bench.interactions import view_link
from bench.streamlit_client import Session, Widget, editor_edits
from tests.apptest import no_exception, run_page, unescaped
from ui import settings as link_settings
from ui import state
from ui.links import Explained
from ui.text import t
from ui.widgets import edits_fit

RAISES = "raise RuntimeError('a secret at /srv/app/secret.py')\n"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The app, and a page that raises, both served from the project's folder with its configuration."""
    raising = tmp_path_factory.mktemp("raising") / "raising.py"
    raising.write_text(RAISES)
    with load.servers(["-m", "streamlit", "run", "app.py"], ["-m", "streamlit", "run", str(raising)]) as (app, bad):
        yield app.url, bad.url


def _forged(rows: dict | None = None, added: list | None = None, deleted: list | None = None) -> WidgetState:
    edits = {"edited_rows": rows or {}, "added_rows": added or [], "deleted_rows": deleted or []}
    return WidgetState(id="", string_value=json.dumps(edits))


FORGED_EDITS = {  # a browser's editor sends none of these
    "a row past the table": _forged({"99": {"h1": 1.0}}),
    "a negative row": _forged({"-1": {"h1": 1.0}}),
    "a row written 1_0": _forged({"1_0": {"h1": 1.0}}),
    "a column the table lacks": _forged({"0": {"nosuch": 1.0}}),
    "a deleted row past the table": _forged(deleted=[7]),
    "an added row with a column the table lacks": _forged(added=[{"nosuch": 1}]),
}


@pytest.mark.parametrize("case", FORGED_EDITS, ids=list(FORGED_EDITS))
@pytest.mark.parametrize(("view", "key"), [("revisitable_source", "w_sources"), ("scoring", "w_scorer")])
def test_a_forged_edit_of_a_table_shows_a_notice_not_a_traceback(served, view, key, case):
    url, _ = served

    async def go() -> tuple[list[str], list[str]]:
        page, query = view_link(view)
        async with Session(url, query) as s:
            await s.rerun(page_name=page)
            editor = s.widget("dataframe", key)
            assert editor is not None, f"no editor {key} on {view}"
            edit = WidgetState()
            edit.CopyFrom(FORGED_EDITS[case])
            edit.id = editor.id
            run = await s.rerun(widgets=[edit])
            return run.exceptions, [unescaped(a) for a in run.alerts]

    exceptions, alerts = asyncio.run(go())
    assert exceptions == []
    field = t("widget.sources" if key == "w_sources" else "widget.scorer")
    assert t("widget.edits_dropped", field=field) in alerts


def test_an_edit_a_browser_sends_is_taken_as_before(served):
    url, _ = served

    async def go() -> tuple[list[str], str]:
        page, query = view_link("revisitable_source")
        async with Session(url, query) as s:
            await s.rerun(page_name=page)
            editor = s.widget("dataframe", "w_sources")
            run = await s.rerun(widgets=[editor_edits(editor.id, None, 2, "h1", 0.5)])
            return run.exceptions, s.query_string

    exceptions, link = asyncio.run(go())
    assert exceptions == [] and "H=" in link and "0.5" in link


@pytest.mark.parametrize(
    ("edits", "fits"),
    [
        (
            {"edited_rows": {"0": {"h1": 1}, "4": {"token": "x"}}, "added_rows": [{"token": "x"}], "deleted_rows": [3]},
            True,
        ),
        ({"edited_rows": {}, "added_rows": [{"_index": 4, "h1": 1}], "deleted_rows": []}, True),
        ({"edited_rows": {"5": {"h1": 1}}, "added_rows": [{"token": "x"}], "deleted_rows": []}, False),
        ({"edited_rows": {}, "added_rows": [], "deleted_rows": [4]}, False),
        ({"edited_rows": {"٣": {"h1": 1}}}, False),  # a digit, but not an ASCII one
        ({"edited_rows": {"0": {"h1": 1}}, "added_rows": "x"}, False),
        ({"edited_rows": {"0": 5}}, False),
        ("edits", False),
    ],
)
def test_edits_fit_a_table_of_four_rows_only_where_they_name_its_rows_and_columns(edits, fits):
    assert edits_fit(edits, 4, ["token", "h1", "h2"]) is bool(fits)


def test_edits_streamlit_itself_cannot_read_show_the_reader_no_details(served):
    """Edits that are not a table's edits fail in Streamlit's own reading of the message, before the page runs: the
    reader sees that the app met an error, without its message, type or a path (the server's log has it)."""
    url, _ = served

    async def go() -> list[str]:
        page, query = view_link("revisitable_source")
        async with Session(url, query) as s:
            await s.rerun(page_name=page)
            editor = s.widget("dataframe", "w_sources")
            return (await s.rerun(widgets=[WidgetState(id=editor.id, string_value="[1, 2, 3]")])).exceptions

    (shown,) = asyncio.run(go())
    assert "setdefault" not in shown and "/" not in shown and "Error" not in shown.split(":")[0]


def test_an_error_shows_the_reader_neither_its_message_nor_a_path(served):
    _, url = served

    async def go() -> list[str]:
        async with Session(url) as s:
            return (await s.rerun(page_name="")).exceptions

    (shown,) = asyncio.run(go())
    assert "secret" not in shown and "/srv" not in shown and ".py" not in shown


# --- Every place a page writes a reader's or a link's text, fed hostile text ---------------------------------------

IMAGE, LINK = "![a](http://127.0.0.1:8799/p.png)", "[x](https://example.invalid/)"
HTML, MATH = "<img/src=http://127.0.0.1:8799/h.png>", "$q_9$"
HOSTILE = {  # every setting that holds a reader's words, each word a payload
    "tokens": f"{IMAGE} {LINK} {MATH}",
    "fix_source": f"{LINK} {IMAGE} {HTML}",
    "fix_target": f"{HTML} {MATH} {LINK}",
    "mask_source": f"{LINK} {HTML} {IMAGE}",
    "mask_target": f"{MATH} {IMAGE} {HTML}",
}
MARKERS = ("8799", "example.invalid", "q_9")  # found wherever a payload landed
# an image, a link, an autolink, HTML or math not escaped; a bare address (found even where escaped)
MARKUP = re.compile(r"(?<!\\)(!\[|\]\(|<http|<img|\$q_9)|https?\\?:/")
# What Streamlit shows as text, not Markdown: a chart's data, a table's cells, a select box's or a select slider's
# options, what an input holds.
NOT_MARKDOWN = {
    "VegaLiteChart": None,
    "Arrow": None,
    "ArrowNamedDataSet": None,
    "Selectbox": {"options", "default"},
    "MultiSelect": {"options", "default"},
    "Slider": {"options"},  # a select slider's
    "TextInput": {"default", "value", "placeholder"},
    "TextArea": {"default", "value", "placeholder"},
}


def written(proto, kind: str = "") -> Iterator[tuple[str, str, str]]:
    """(element type, field, text) of every text field of ``proto`` and the messages in it."""
    kind = kind or type(proto).__name__
    for descriptor, value in proto.ListFields():  # a repeated field's value is its list
        values = [value] if isinstance(value, str | bytes | int | float) or hasattr(value, "ListFields") else value
        for v in values:
            if isinstance(v, str):
                yield kind, descriptor.name, v
            elif hasattr(v, "ListFields"):
                yield from written(v, type(v).__name__)


def markdown_written(at) -> list[tuple[str, str, str]]:
    """Every text the page writes where Streamlit reads Markdown (or HTML), with its element type and field."""
    return [
        (kind, name, text)
        for kind, name, text in written_all(at)
        if not (kind in NOT_MARKDOWN and (NOT_MARKDOWN[kind] is None or name in NOT_MARKDOWN[kind]))
    ]


def written_all(at) -> list[tuple[str, str, str]]:
    """Every text field of every element the page writes, with its element type and field."""
    found = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "ListFields"):
            found.extend(written(proto))
        children = getattr(node, "children", None)
        for child in children.values() if isinstance(children, dict) else ():
            walk(child)

    walk(at._tree)
    return found


HOSTILE_VIEWS = [*load.VIEWS, "revisitable_source/same_by_hand"]


def page_and_query(view: str) -> tuple[str, dict[str, str]]:
    if view == "revisitable_source/same_by_hand":
        return "screens/revisitable_source/page.py", {"rev_tab": "same", "same_from": "hand"}
    screen, query = view_link(view)
    path = next(s.script for s in SCREENS if s.url_path == screen)
    return ("app.py" if path == SCREENS[0].script else path), dict(parse_qsl(query))


# a letter and an underscore before an index, outside TeX: c_1 where c₁ was meant
UNDERSCORED = re.compile(r"(?<![\w\\])[A-Za-zα-ω]_(?:\d|[a-z]\b|\{)")
SCIENTIFIC_ZERO = re.compile(r"(?<![\d.])[-−]?0\.0*e[+-]?0+\b")
TEX_OR_CODE = re.compile(r"\$[^$]*\$|`[^`]*`")


def titles(spec: object) -> Iterator[str]:
    """Every title a chart's spec writes (axes, legends, the chart's own)."""
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key == "title" and isinstance(value, str | list):
                yield from [value] if isinstance(value, str) else [v for v in value if isinstance(v, str)]
            else:
                yield from titles(value)
    elif isinstance(spec, list):
        for value in spec:
            yield from titles(value)


def labels_written(at) -> list[str]:
    """What the page writes as a control's label or option, or as a chart's title."""
    found = []
    for kind, name, text in written_all(at):
        if kind == "VegaLiteChart" and name == "spec":
            found += list(titles(json.loads(text)))
        elif name in ("label", "options", "placeholder"):
            found.append(text)
    return [x for x in found if not any(m in x for m in MARKERS)]


@pytest.mark.parametrize("view", HOSTILE_VIEWS)
def test_every_view_writes_a_links_text_as_text_no_sentence_twice_and_subscripts_as_subscripts(view):
    path, query = page_and_query(view)
    at = run_page(path, query=HOSTILE | query, timeout=120)
    no_exception(at)
    landed = [(kind, name, text) for kind, name, text in markdown_written(at) if any(m in text for m in MARKERS)]
    assert [w for w in landed if MARKUP.search(w[2])] == []
    if view in WRITES_A_WORD:
        assert landed, "no hostile word reached the page: the test feeds it nothing"
    # No sentence is written twice on one page (two charts' captions, say).
    said = [
        text for kind, name, text in markdown_written(at) if kind == "Markdown" and name == "body" and len(text) > 60
    ]
    assert sorted({x for x in said if said.count(x) > 1}) == []
    # A label, an option or a chart title writes c₁, not c_1 (Streamlit draws TeX only between dollars).
    assert [x for x in labels_written(at) if UNDERSCORED.search(TEX_OR_CODE.sub("", x))] == []
    # Nothing says zero as 0.0e+00: an exact zero is written 0 (ui.format.scientific).
    assert [text for _, _, text in written_all(at) if SCIENTIFIC_ZERO.search(text)] == []


# views that write at least one of a link's words in Markdown (the others draw them in charts only, or not at all)
WRITES_A_WORD = {"revisitable_source/hard", "revisitable_source/same_by_hand", "scoring", "state_sweep", "limits/hard"}


# --- Settings a link gives are taken, or refused with a notice naming the value as given; never bent in silence -----


def notices(at) -> list[str]:
    return [unescaped(w.value) for w in at.warning]


def test_settings_a_link_carries_that_the_dashboard_lacks_neither_count_nor_push_out_the_real_ones():
    junk = {f"junk{k}": "x" for k in range(40)}
    at = run_page("screens/scoring/page.py", {**junk, "score_tab": "luong", "q1": "4"})
    no_exception(at)
    assert at.session_state["w_q1"] == 4.0 and at.query_params["q1"] == "4"
    said = [n for n in notices(at) if "junk0" in n]
    assert said == [t("state.unknown_more", names="junk0, junk1, junk2, junk3, junk4", more=35)]


def test_a_link_that_changes_every_setting_keeps_every_one():
    every = {b.key: b.default_text for b in link_settings.every()} | {"q1": "4", "lim_D": "3", "present": "1"}
    at = run_page("screens/scoring/page.py", {**every, "score_tab": "luong"})
    no_exception(at)
    assert {k: at.query_params[k] for k in ("q1", "lim_D", "present")} == {
        "q1": "4",
        "lim_D": "3",
        "present": "1",
    }


@pytest.mark.parametrize(
    ("query", "given"),
    [
        ({"s": "1_0"}, "1_0"),  # Python's float() reads 10
        ({"s": "١"}, "١"),  # an Arabic-Indic one
        ({"s": "5.0000001"}, "5.0000001"),  # just past the range: named with every digit, not as 5
        ({"learn_lr": "1_0"}, "1_0"),
        ({"tr_step": "1_00"}, "1_00"),  # int() reads 100, a stored snapshot
    ],
)
def test_a_number_in_a_link_is_read_strictly_and_a_refusal_names_it_as_given(query, given):
    at = run_page("screens/learning/page.py" if "learn_lr" in query else "screens/scoring/page.py", query)
    no_exception(at)
    key = next(iter(query))
    assert key not in at.query_params  # the default is used, so the link no longer carries it
    assert [n for n in notices(at) if f"{given}" in n], notices(at)


def test_a_target_token_past_the_last_is_named_not_moved_in_silence():
    at = run_page("screens/learning/page.py", {"learn_tab": "train", "learn_target": "12"})
    no_exception(at)
    assert t("learn.target_reset", k=12, T=3) in notices(at)


def test_hand_set_weights_for_more_positions_than_the_sources_have_are_named():
    weights = ",".join(["0.5"] * 12)
    at = run_page("screens/revisitable_source/page.py", {"rev_tab": "same", "same_from": "hand", "same_w": weights})
    no_exception(at)
    assert t("rev.same_count", n=12, T=3) in notices(at)


async def forged_change(
    url: str, view: str, kind: str, key: str, change: Callable[[Widget], WidgetState]
) -> tuple[list[str], list[str], str]:
    """Open ``view``, send ``change`` of its widget ``key`` as a forged message: the run's exceptions, its alerts
    as the reader reads them, and the link after it."""
    page, query = view_link(view)
    async with Session(url, query) as s:
        await s.rerun(page_name=page)
        widget = s.widget(kind, key)
        assert widget is not None, f"no {kind} {key} on {view}"
        run = await s.rerun(widgets=[change(widget)])
        return run.exceptions, [unescaped(a) for a in run.alerts], s.query_string


@pytest.mark.parametrize("forged", [1e308, float("nan"), 11.0])
def test_a_forged_number_past_a_fields_range_is_named_not_put_back_at_its_lowest(served, forged):
    url, _ = served

    change = lambda field: WidgetState(id=field.id, double_value=forged)  # noqa: E731
    exceptions, alerts, link = asyncio.run(forged_change(url, "scoring/luong", "number_input", "w_q1", change))
    assert exceptions == [] and "q1=" not in link  # the last valid value, the default, kept
    assert [a for a in alerts if a.startswith(t("score.q1"))], alerts


def test_a_forged_token_longer_than_a_cell_takes_is_named_and_the_sources_kept(served):
    url, _ = served

    change = lambda editor: editor_edits(editor.id, None, 0, "token", "x" * 41)  # noqa: E731
    exceptions, alerts, link = asyncio.run(forged_change(url, "revisitable_source", "dataframe", "w_sources", change))
    assert exceptions == [] and "tokens=" not in link
    assert [a for a in alerts if t("codec.long_word", most=40) in a], alerts


# --- The catalogue's widest family: every setting a link may carry, given each hostile payload ---------------------

PAYLOADS = [
    "",
    " ",
    "0",
    "-1",
    "1e308",
    "-1e308",
    "nan",
    "inf",
    "1_0",
    "١",
    "0x10",
    "<script>alert(1)</script>",
    "![a](http://127.0.0.1:8799/p.png)",
    "$\\alpha$",
    "'; DROP TABLE x; --",
    "x" * 3000,
    "\x00",
    "🙂",
    "1,2;3,4",
    "%",
    "..",
]
GROUPS = {"tokens": "sources", "H": "sources", "W": "scorer", "U": "scorer", "v": "scorer", "b": "scorer", "s": "s"}


@pytest.mark.parametrize("payload", PAYLOADS, ids=[repr(p)[:20] for p in PAYLOADS])
def test_every_setting_given_a_hostile_value_is_used_or_named_never_bent_in_silence(payload):
    query = {key: payload for key in state.defaults()}
    at = run_page("screens/scoring/page.py", query)
    no_exception(at)
    said = "\n".join(notices(at))
    silent = []
    for b in link_settings.every():
        try:
            b.parse(payload)
        except Explained as exc:  # refused in a reader's words, said as they are
            if str(exc) not in said:
                silent.append(b.key)
        except ValueError:
            if f"'{b.key}'" not in said:  # refused or moved into range: the notice names the setting
                silent.append(b.key)
    for key, group in GROUPS.items():
        named = group if group == "s" else t(f"state.group.{group}")
        if at.query_params.get(key, state.defaults()[key]) != payload and f"link's {named}" not in said:
            silent.append(key)
    assert silent == [], said
