"""Each widget's plausible change is what the browser would send, and the change back restores it."""

from __future__ import annotations

import json
import random

import pandas as pd
import pyarrow as pa
from streamlit.proto.Block_pb2 import Block
from streamlit.proto.Button_pb2 import Button
from streamlit.proto.Checkbox_pb2 import Checkbox
from streamlit.proto.DownloadButton_pb2 import DownloadButton
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.NumberInput_pb2 import NumberInput
from streamlit.proto.Radio_pb2 import Radio
from streamlit.proto.Slider_pb2 import Slider
from streamlit.proto.TextInput_pb2 import TextInput

from bench.controls import controls, moves, random_move
from bench.streamlit_client import Session, Widget, initial_state, value


def page(*widgets: Widget) -> Session:
    """A session holding ``widgets`` as a first run would have drawn them (no server)."""
    s = Session("http://127.0.0.1:9")
    for w in widgets:
        s.widgets[w.id] = w
        state = initial_state(w)
        if state is not None:
            s.states[w.id] = state
    return s


def widget(kind: str, proto, key: str) -> Widget:
    proto.id = f"$$ID-0123-{key}"
    return Widget(proto.id, kind, proto)


def there_and_back(s: Session, w: Widget) -> tuple[object, object]:
    pair = moves(s, w)
    assert pair is not None
    return value(pair[0]), value(pair[1])


def test_a_slider_moves_one_step_on_its_grid_and_back_down_at_its_top() -> None:
    state = widget("slider", Slider(min=-5, max=5, step=0.05, value=[-1], set_value=True, type=Slider.SLIDER), "w_s")
    top = widget("slider", Slider(min=0, max=1, step=0.1, default=[1.0], type=Slider.SLIDER), "top")
    s = page(state, top)
    assert there_and_back(s, state) == ([-0.95], [-1.0])
    assert there_and_back(s, top) == ([0.9], [1.0])
    rng = random.Random(0)
    for _ in range(20):
        x = value(random_move(s, state, rng))[0]
        assert x != -1.0 and -5 <= x <= 5 and abs(x * 20 - round(x * 20)) < 1e-9  # on the 0.05 grid


def test_a_select_slider_sends_its_options_labels() -> None:
    steps = widget("slider", Slider(options=["0", "25", "50"], default=[2], type=Slider.SELECT_SLIDER), "w_tr_step")
    s = page(steps)
    assert value(s.state(steps.id)) == ["50"]
    assert there_and_back(s, steps) == (["25"], ["50"])


def test_options_switches_numbers_and_text() -> None:
    radio = widget("radio", Radio(options=["a", "b", "c"], default=1), "w_f")
    switch = widget("checkbox", Checkbox(default=False, type=Checkbox.TOGGLE), "flag")
    steps = widget(
        "number_input", NumberInput(data_type=NumberInput.INT, default=10, max=10, has_max=True, step=1), "n"
    )
    rate = widget("number_input", NumberInput(data_type=NumberInput.FLOAT, value=0.5, set_value=True, step=0.1), "lr")
    vector = widget("text_input", TextInput(value="1,1", set_value=True), "w_wq")
    sentence = widget("text_input", TextInput(default="I like cats"), "w_fix_source")
    s = page(radio, switch, steps, rate, vector, sentence)
    assert there_and_back(s, radio) == ("c", "b")
    assert there_and_back(s, switch) == (True, False)
    assert there_and_back(s, steps) == (9, 10)  # one step, down where up is past its maximum
    assert there_and_back(s, rate) == (0.6, 0.5)
    assert there_and_back(s, vector) == ("1,1.5", "1,1")
    assert there_and_back(s, sentence) == ("I like", "I like cats")
    assert (
        s.state(steps.id).WhichOneof("value") == "int_value" and s.state(rate.id).WhichOneof("value") == "double_value"
    )
    rng = random.Random(1)
    assert all(value(random_move(s, radio, rng)) != "b" for _ in range(20))


def test_a_data_editor_cell_is_edited_as_the_browser_writes_it() -> None:
    frame = pd.DataFrame({"token": ["I", "like"], "h1": [-1.0, 1.0], "h2": [0.0, -1.0]})
    sink = pa.BufferOutputStream()
    table = pa.Table.from_pandas(frame)
    with pa.ipc.new_stream(sink, table.schema) as stream:
        stream.write_table(table)
    proto = Element().dataframe
    proto.arrow_data.data = sink.getvalue().to_pybytes()
    proto.editing_mode = 1  # FIXED: an editor
    proto.columns = json.dumps({"token": {"type_config": {"type": "text"}}})
    editor = widget("dataframe", proto, "w_sources")
    s = page(editor)
    assert s.state(editor.id) is None  # an editor holds no value until a cell is edited
    there, back = moves(s, editor)
    assert there.string_value == '{"edited_rows":{"0":{"h1":-0.5}},"added_rows":[],"deleted_rows":[]}'
    assert json.loads(back.string_value)["edited_rows"] == {"0": {"h1": -1}}  # JavaScript writes -1, not -1.0


def test_tabs_open_another_tab_and_buttons_are_pressed() -> None:
    tabs = Widget("$$ID-0123-w_rev_tab", "tab_container", Block.TabContainer(default_tab_index=0), labels=["A", "B"])
    button = widget("button", Button(), "w_s_A")
    s = page(tabs, button)
    assert there_and_back(s, tabs) == ("B", "A")
    assert there_and_back(s, button) == (True, True)  # a press, twice


def test_a_fold_that_reruns_is_opened_and_closed() -> None:
    fold = Widget("$$ID-0123-w_tr_orders_open", "expandable", Block.Expandable(label="Orders", expanded=False))
    s = page(fold)
    assert s.state(fold.id).bool_value is False  # drawn closed
    assert there_and_back(s, fold) == (True, False)


def test_what_is_no_control() -> None:
    disabled = widget("button", Button(disabled=True), "learn_apply")
    download = widget("download_button", DownloadButton(ignore_rerun=True), "export_csv")
    alone = widget("radio", Radio(options=["only"], default=0), "alone")
    s = page(disabled, download, alone, widget("button", Button(), "go"))
    assert [w.key for w in controls(s)] == ["go"]
    assert controls(s, exclude={"go"}) == []
