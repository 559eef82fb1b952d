"""Link settings: one declared binding each, every key and default known before any page runs."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import SCREENS
from core.masks import ENCODERS
from core.scorers import NONLINEARITIES
from core.selecting import CAFE_GOALS, QUESTIONS
from tests.apptest import ROOT, no_exception, run_page, unescaped
from ui import links, present, questions, state
from ui import settings as link_settings
from ui.format import plain
from ui.settings.learning import LEARN_TABS, LEARN_TARGET, LEARN_TARGET_B, TRAINING_STATES
from ui.settings.limits import LIM_POSITION, LIM_TABS
from ui.settings.revisitable_source import HAND_WIDGET, REV_TABS, SAME_FROMS
from ui.settings.scoring import SCORE_TABS
from ui.settings.self_attention import SA_MASKS, SA_TABS
from ui.settings.translator import TRANSLATOR_TABS
from ui.text import t


@pytest.mark.parametrize("b", link_settings.every(), ids=lambda b: b.key)
def test_every_default_reads_back_from_its_own_text(b):
    assert b.parse(b.default_text) == b.default
    assert state.defaults()[b.key] == b.default_text


def test_keys_and_widget_keys_are_unique_and_disjoint_from_the_model():
    keys = [b.key for b in link_settings.every()]
    assert len(set(keys)) == len(keys)
    assert not set(keys) & set(state.MODEL_KEYS)
    assert tuple(state.model_defaults()) == state.MODEL_KEYS == tuple(state.default_model().encode())
    assert len({b.widget_key for b in link_settings.every()}) == len(keys)


FRESH_SERVER = """
import json, sys
from streamlit.testing.v1 import AppTest
from tests.apptest import opened_on
at = opened_on(AppTest.from_file(sys.argv[1], default_timeout=60), sys.argv[2])
at.query_params.update(json.loads(sys.argv[3]))
at.run()
print(json.dumps({"query": dict(at.query_params), "exception": [e.value for e in at.exception]}))
"""


@pytest.mark.parametrize(
    "page, query",
    [
        ("screens/revisitable_source/page.py", {"learn_g1": "0.3", "points": "500", "tr_tab": "results"}),
        ("screens/scoring/page.py", {"points": "500", "coord": "2", "rev_tab": "hard"}),
    ],
    ids=["revisitable_source", "scoring"],
)
def test_a_link_keeps_settings_of_screens_this_process_has_not_drawn_yet(page, query):
    """On a fresh process, a link opened on one screen keeps the other screens' settings."""
    out = subprocess.run(
        [sys.executable, "-c", FRESH_SERVER, str(ROOT / "app.py"), page, json.dumps(query)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["exception"] == []
    assert result["query"] == query


def test_one_sessions_visits_do_not_change_the_table_of_defaults():
    before = dict(state.defaults())
    for page in ("screens/scoring/page.py", "screens/state_sweep/page.py", "screens/learning/page.py"):
        no_exception(run_page(page))
    assert state.defaults() == before


def test_reset_restores_the_model_and_keeps_the_screens_own_settings():
    at = run_page("screens/scoring/page.py", query={"s": "2", "f": "relu", "q1": "2"})
    at.button(key="nav_reset").click().run()
    no_exception(at)
    assert at.slider(key="w_s").value == -1.0
    assert dict(at.query_params) == {"f": "relu", "q1": "2"}


# --- Complete: every control that changes what is shown is in the link ---------------------------

MODEL_WIDGETS = {"w_s", "w_sources", "w_scorer"}  # the shared model's inputs (its keys tokens, H, W, U, v, b, s)
SENTENCE_WIDGETS = {"w_tr_pick", "w_tr_text"}  # the list and the text field that both edit tr_sentence
INPUTS = {
    "slider",
    "select_slider",
    "radio",
    "number_input",
    "toggle",
    "checkbox",
    "text_input",
    "text_area",
    "selectbox",
    "multiselect",
    "button_group",
    "date_input",
    "time_input",
    "color_picker",
    "tab_container",
}


def inputs(node):
    """(type, key) of every input below ``node``: widgets, data editors and tab sets (buttons are actions)."""
    children = getattr(node, "children", None)
    for child in children.values() if isinstance(children, dict) else ():
        key = getattr(child, "key", None)
        if child.type in INPUTS or (child.type == "dataframe" and key is not None):
            yield child.type, key
        yield from inputs(child)


@pytest.mark.parametrize("path", [s.script for s in SCREENS], ids=[s.title for s in SCREENS])
def test_every_input_on_every_screen_is_in_the_link(path):
    linked = {b.widget_key for b in link_settings.every()} | MODEL_WIDGETS | SENTENCE_WIDGETS
    linked |= {present.TOGGLE}  # the presenter switch stores links.PRESENT from its callback
    linked |= {HAND_WIDGET.format(j=j) for j in range(links.MAX_POSITIONS)}  # together in SAME_HAND
    at = run_page(path, timeout=120)
    no_exception(at)
    found = list(inputs(at._tree))
    assert [(kind, key) for kind, key in found if key not in linked and not unlinked(key)] == []


def unlinked(key: str | None) -> bool:
    """An input the link leaves out on purpose: a question's answer, chosen or typed (a shared link never gives an
    answer away) and a class's code typed before Join (the class joined is in the link as ``class``)."""
    answers = [questions.answer_key("{}").split("{}"), questions.typed_key("{}").split("{}")]  # q_<key>_answer...
    return bool(key) and (any(key.startswith(a) and key.endswith(b) for a, b in answers) or key == "class_code_typed")


@pytest.mark.parametrize(
    "path, query, key, value",
    [
        ("screens/revisitable_source/page.py", {"rev_tab": "hard"}, "w_rev_tab", t("rev.tab_hard")),
        ("screens/scoring/page.py", {"score_tab": "shift", "shift": "-4.5"}, "w_shift", -4.5),
        ("screens/state_sweep/page.py", {"coord": "2"}, "w_coord", 2),
        ("screens/learning/page.py", {"learn_params": "1"}, "w_learn_params", True),
    ],
)
def test_a_link_sets_the_control_it_names(path, query, key, value):
    at = run_page(path, query=query)
    no_exception(at)
    assert not at.warning
    assert at.session_state[key] == value
    assert dict(at.query_params) == query


def test_the_open_panel_shift_and_coordinate_go_in_the_link():
    at = run_page("screens/revisitable_source/page.py")
    at.session_state["w_rev_tab"] = t("rev.tab_same")
    at.run()
    assert dict(at.query_params) == {"rev_tab": "same"}
    at = run_page("screens/scoring/page.py")
    at.session_state["w_score_tab"] = t("score.tab_shift")
    at.run()
    at.slider(key="w_shift").set_value(-7.5).run()
    assert dict(at.query_params) == {"score_tab": "shift", "shift": "-7.5"}
    at = run_page("screens/state_sweep/page.py")
    at.radio(key="w_coord").set_value(2).run()
    assert dict(at.query_params) == {"coord": "2"}


# --- Safe: what a link supplies is shown as text, never as Markdown ---------------------------------

IMAGE, LINK = "![a](http://127.0.0.1:8799/p.png)", "[x](https://example.invalid/)"
MATH = "$q_9$"
HOSTILE = {"tokens": f"{IMAGE} {LINK} {MATH}"}
# an image, a link, an autolink or math not escaped; a bare address (found even where escaped)
MARKUP = re.compile(r"(?<!\\)(!\[|\]\(|<http|\$q_9)|https?\\?:/")


def markdown_shown(at) -> list[str]:
    """Every Markdown source the page shows: prose, captions, alerts, widget labels and radio options."""
    texts = [e.value for kind in ("markdown", "caption", "warning", "error", "info") for e in getattr(at, kind)]
    for kind in ("radio", "slider", "number_input", "toggle", "text_input"):
        for widget in getattr(at, kind):
            texts.append(widget.label)
            texts.extend(str(o) for o in getattr(widget, "options", ()))
    return texts


@pytest.mark.parametrize(
    "path, query, sentence",
    [
        ("screens/revisitable_source/page.py", {"rev_tab": "hard"}, "Hard read: c = h of **"),
        ("screens/scoring/page.py", {}, "The position term"),
        ("screens/state_sweep/page.py", {}, "The most-weighted position changes at"),
        ("screens/learning/page.py", {"learn_tab": "train"}, "At step **0**:"),
    ],
)
def test_token_names_from_a_link_are_shown_as_text(path, query, sentence):
    at = run_page(path, query=HOSTILE | query)
    no_exception(at)
    shown = markdown_shown(at)
    assert [text for text in shown if MARKUP.search(text)] == []
    where = [text for text in shown if sentence in text]
    assert where and any(plain(token) in text for text in where for token in (IMAGE, LINK, MATH)), where


def test_plain_text_escapes_markdown_and_keeps_the_characters():
    text = "![a](http://x.y/p.png) <b>*x*_y_ `z` $c$ :red[w] :smile: WWW.a.b a@b.c # h\n- i | j ~k~ &amp;"
    escaped = plain(text)
    assert "\n" not in escaped
    assert unescaped(escaped) == text.replace("\n", " ")
    for mark in ("![", "](", "<b", "*x", "_y", "`z", "$c", ":red", "&amp", "# "):
        assert not re.search(r"(?<!\\)" + re.escape(mark), escaped), mark
    # Bare addresses and emoji codes are found in the parsed text, where the escapes are gone.
    parsed = re.sub(r"\\(.)", r"\1", escaped)
    for found in ("http://", "WWW.", "a@b", ":smile:", ":red"):
        assert found not in parsed, found


# --- Honest: a value the link cannot give is clamped or refused with a notice, never flipped -----------


@pytest.mark.parametrize(
    "query, key, value, echo",
    [
        ({"q1": "11"}, "w_q1", 10.0, "11"),
        ({"q1": "1e308"}, "w_q1", 10.0, "1e308"),  # as the link writes it
        ({"wa2": "-1e308"}, "w_wa2", -10.0, "-1e308"),
        ({"shift": "99"}, "w_shift", 10.0, "99"),
    ],
)
def test_an_out_of_range_link_value_is_clamped_to_the_nearest_bound_with_a_notice(query, key, value, echo):
    tab = {"score_tab": "shift" if key == "w_shift" else "luong"}  # the tab with the control open
    at = run_page("screens/scoring/page.py", query=query | tab)
    no_exception(at)
    assert at.session_state[key] == value
    assert len(at.warning) == 1 and echo in unescaped(at.warning[0].value), at.warning[0].value
    assert dict(at.query_params) == tab | {next(iter(query)): f"{value:g}"}


SCORING, SWEEP, LEARNING = "screens/scoring/page.py", "screens/state_sweep/page.py", "screens/learning/page.py"


@pytest.mark.parametrize(
    "path, query",
    [
        (SCORING, {"q1": "9" * 400 + "e9999"}),
        (SCORING, {"q1": "-inf"}),
        (SCORING, {"f": "x" * 1000}),
        (LEARNING, {"learn_g1": "1" * 1500 + "e999"}),
        (SWEEP, {"points": "5" * 1900}),
        (SWEEP, {"sweep": "1,2,3"}),
        (SWEEP, {"sweep": "1"}),
        (SWEEP, {"points": "50.5"}),
    ],
    ids=["huge", "-inf", "long_f", "huge_g", "many_points", "three", "one", "half"],
)
def test_a_refused_link_value_gets_a_short_sentence_not_pythons_message(path, query):
    at = run_page(path, query=query)
    no_exception(at)
    assert len(at.warning) == 1
    notice = unescaped(at.warning[0].value)
    assert len(notice) < 300, notice
    assert not PYTHON.search(notice), notice


def test_a_repeated_key_gets_a_notice():
    at = run_page("screens/scoring/page.py", query={"s": ["1", "2"]})
    no_exception(at)
    assert len(at.warning) == 1
    assert "'s'" in unescaped(at.warning[0].value)
    assert at.slider(key="w_s").value == 2.0


@pytest.mark.parametrize(
    ("path", "query"), [("app.py", {"step": ["5", "1"]}), ("screens/scoring/page.py", {"s": ["1", "2"], "q1": "4"})]
)
def test_a_key_the_link_repeats_is_written_once_so_a_reload_names_it_no_more(path, query):
    at = run_page(path, query=query)
    no_exception(at)
    assert dict(at.query_params) == {k: v[-1] if isinstance(v, list) else v for k, v in query.items()}


READABLE = 400  # characters: a reason that names the translator's whole vocabulary fits
PYTHON = re.compile(r"unpack|invalid literal|could not convert|base 10|NoneType|object|index out of range|Traceback")
JUNK = st.one_of(
    st.text(max_size=40),
    st.floats().map(repr),
    st.integers().map(str),
    st.lists(st.floats(allow_nan=False, width=32).map(lambda x: f"{x:g}"), max_size=4).map(",".join),
    st.sampled_from(["", " ", "1e308", "-1e308", "inf", "nan", "1,2,3", "1;2", "0x10", "1_0", "٣", "\x00", "-5,5"]),
)


def ours(message: str, text: str) -> str:
    """The message without the reader's own text where it quotes it ('object' typed is not Python speaking)."""
    for quoted in {text, text[:20], text.strip(), text.strip()[:20]} - {""}:
        message = message.replace(repr(quoted), "").replace(quoted, "")
    return message


def test_a_reason_quoting_the_readers_text_is_judged_without_it() -> None:
    assert not PYTHON.search(ours("expected one of s, AB, got 'object'", "object"))
    assert PYTHON.search(ours("'NoneType' object is not subscriptable", "x"))


@pytest.mark.parametrize("b", link_settings.every(), ids=lambda b: b.key)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=JUNK)
def test_every_parse_gives_a_value_or_a_readable_reason(b, text):
    """Any text: either a value that reads back from its own text, or ValueError with a short sentence of ours."""
    try:
        value = b.parse(text)
    except links.Adjusted as exc:
        value = exc.value
        assert 0 < len(str(exc)) < READABLE and not PYTHON.search(ours(str(exc), text)), str(exc)
    except ValueError as exc:
        assert 0 < len(str(exc)) < READABLE and not PYTHON.search(ours(str(exc), text)), str(exc)
        return
    assert b.parse(b.encode(value)) == value


CHOICES = [b for b in link_settings.every() if isinstance(b.parse, links.Choice)]  # found, not listed


@pytest.mark.parametrize("b", CHOICES, ids=lambda b: b.key)
def test_every_one_of_setting_refuses_another_name_with_one_sentence_naming_the_choices(b):
    with pytest.raises(ValueError) as refused:
        b.parse("elsewhere")
    assert str(refused.value) == t("link.bad_choice", value="elsewhere", names=", ".join(b.parse.names))
    assert b.parse(b.default) == b.default


def test_the_one_of_settings_are_found_with_their_names():
    """The settings known to be one-of are found so, with their names (a setting added later is found too)."""
    found = {b.key: b.parse.names for b in CHOICES}
    assert {k: found.get(k) for k in CHOICE_NAMES} == CHOICE_NAMES


CHOICE_NAMES = {
    "rev_tab": REV_TABS,
    "same_from": SAME_FROMS,
    "f": tuple(NONLINEARITIES),
    "score_tab": SCORE_TABS,
    "learn_states": TRAINING_STATES,
    "learn_tab": LEARN_TABS,
    "tr_tab": TRANSLATOR_TABS,
    "lim_goal": tuple(CAFE_GOALS),
    "lim_question": QUESTIONS,
    "lim_tab": LIM_TABS,
    "mask_encoder": ENCODERS,
    "sa_mask": SA_MASKS,
    "sa_tab": SA_TABS,
}


@pytest.mark.parametrize(
    "b",
    [LEARN_TARGET, LEARN_TARGET_B, LIM_POSITION],
    ids=lambda b: b.key,
)
def test_a_position_is_counted_from_one_in_the_link_and_from_zero_in_the_code(b):
    assert b.parse("1") == 0 and b.parse("3") == 2 and b.encode(2) == "3"
    assert b.parse(str(links.MAX_POSITIONS)) == links.MAX_POSITIONS - 1
    for text in ("0", str(links.MAX_POSITIONS + 1), "1.5"):
        with pytest.raises(ValueError):
            b.parse(text)


# --- Where settings are declared: in ui/settings/, a module a screen, listed once -----------------------------------

MAKERS = {"Binding", "position", "switch"}  # what makes a setting (ui.links)
ORDER = (  # the screens' settings modules in the order a link writes their keys: the screens', then the home page's
    "fixed_summary",
    "revisitable_source",
    "scoring",
    "state_sweep",
    "learning",
    "translator",
    "limits",
    "self_attention",
    "walkthrough",
)


def module_level_settings(path) -> list[str]:
    """The names a module binds at its top level to a setting it makes there (``X = Binding(...)``, a tuple of them)."""
    import ast

    found = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            calls = [n for n in ast.walk(node.value) if isinstance(n, ast.Call)] if node.value else []
            made = any(getattr(c.func, "id", getattr(c.func, "attr", "")) in MAKERS for c in calls)
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [t.id for t in targets if made and isinstance(t, ast.Name)]
    return found


def test_settings_are_declared_only_in_ui_settings_and_the_frames():
    declaring = {
        str(p.relative_to(ROOT)): names
        for folder in ("screens", "ui")
        for p in sorted((ROOT / folder).rglob("*.py"))
        if (names := module_level_settings(p))
    }
    elsewhere = {p: names for p, names in declaring.items() if not p.startswith("ui/settings/")}
    assert elsewhere == {"ui/links.py": ["LANG", "PRESENT", "CLASS"]}
    listed = {str(Path(m.__file__).relative_to(ROOT)) for m in link_settings.SCREENS}
    assert listed == set(declaring) - {"ui/links.py"}
    # every module of ui/settings/ is listed, so that no screen's keys are left out of a link
    assert listed == {str(p.relative_to(ROOT)) for p in (ROOT / "ui" / "settings").glob("*.py")} - {
        "ui/settings/__init__.py"
    }


def test_every_declared_setting_is_registered_once_by_the_module_that_declares_it():
    owners: dict[str, str] = {}
    for module in link_settings.SCREENS:
        for b in link_settings.declared(module):
            if b not in (links.LANG, links.PRESENT, links.CLASS):
                assert b.key not in owners, f"{b.key} of {owners.get(b.key)} found again in {module.__name__}"
                owners[b.key] = module.__name__
    assert [b.key for b in link_settings.every()] == ["lang", *owners, "present", "class"]


def test_the_screens_settings_are_below_ui_in_the_screens_order():
    assert [m.__name__ for m in link_settings.SCREENS] == [f"ui.settings.{name}" for name in ORDER]
    assert [b.key for b in link_settings.every()][:3] == ["lang", "fix_source", "fix_target"]
    assert [b.key for b in link_settings.every()][-3:] == ["step", "present", "class"]


def test_a_key_declared_twice_is_refused(monkeypatch):
    import types

    extra = types.ModuleType("ui.settings.extra")
    extra.TWICE = links.switch("f")  # screen 3's nonlinearity's key
    monkeypatch.setattr(link_settings, "SCREENS", (link_settings.scoring, extra))
    with pytest.raises(KeyError, match="link keys declared twice: f"):
        link_settings.every.__wrapped__()
