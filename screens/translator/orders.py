"""Screen 6: the two decoding orders side by side for the same sentence and step (a table under the model choice).

Bahdanau's decoder reads with the previous state s_{t-1}, and the context c_t enters the state's update and the
output; Luong et al.'s updates first and reads with s_t, and c_t enters the attentional state h~_t, which gives the
output and is fed to the next step. The table sets them side by side at one target step of the chosen sentence,
with each model's own words, weights and probabilities (:func:`core.translator.decoding_steps`).
"""

from __future__ import annotations

import streamlit as st

import core.translator as tr
from ui import fair, state, widgets
from ui.format import num
from ui.palette import position_labels
from ui.settings import translator as settings
from ui.text import t
from ui.translator.outputs import token_shown

LUONG_SHOWN = "luong_general"  # the Luong model set beside Bahdanau's when the chosen one is not a Luong model


@st.cache_resource(max_entries=256, show_spinner=False)  # shared, not copied: a run reads them four times
@fair.expensive
def steps(sentence: str, model: str) -> tuple[tr.DecodingStep, ...]:
    return tr.decoding_steps(sentence, model)


def luong_model() -> str:
    chosen = state.get(settings.TR_MODEL)
    return chosen if chosen.startswith("luong_") else LUONG_SHOWN


def tables(sentence: str, k: int, luong: str) -> tuple[str, str]:
    """Step ``k`` (0-based) in each order, a markdown table each, row by row alike, to be set side by side (a
    phone stacks them: one wide table of both would not fit its width). The words are the toy vocabulary's."""
    labels = position_labels(tr.tokenize(sentence))

    def one(model: str, head: str, order: str) -> str:
        s = steps(sentence, model)[k]
        j = int(s.weights.argmax())
        rows = [
            ("tr.order_fed", token_shown(s.fed)),
            ("tr.order_reads", t(f"tr.order_reads_{order}")),
            ("tr.order_read_most", f"{labels[j]} ({num(float(s.weights[j]), 3)})"),
            ("tr.order_enters", t(f"tr.order_enters_{order}")),
            ("tr.order_output", t(f"tr.order_output_{order}")),
            ("tr.order_writes", f"{token_shown(s.written)} ({num(s.p, 3)})"),
        ]
        return f"| t = {k + 1} | {head} |\n|---|---|\n" + "\n".join(f"| {t(key)} | {value} |" for key, value in rows)

    luong_head = t("tr.order_luong", model=t(f"tr.reader_{luong}"))
    return one("attention", t("tr.order_bahdanau"), "b"), one(luong, luong_head, "l")


OPEN_KEY = "w_tr_orders_open"  # the expander's state (a widget's: the screen's reset closes it again)


def draw(sentence: str) -> None:
    """The expander: a target step and the two orders at it, worked out and drawn only while it is open (opening it
    reruns the section; a reader who never opens it costs the server nothing for it). A link that names a step
    opens it."""
    state.seed(OPEN_KEY, state.get(settings.TR_ORDER_STEP) != settings.TR_ORDER_STEP.default)
    pane = st.expander(t("tr.order_title"), key=OPEN_KEY, on_change="rerun")
    if not pane.open:
        return
    with pane:
        luong = luong_model()
        st.markdown(t("tr.order_lead", model=t(f"tr.reader_{luong}")))
        count = min(len(steps(sentence, "attention")), len(steps(sentence, luong)))
        if state.get(settings.TR_ORDER_STEP) >= count:
            state.put(settings.TR_ORDER_STEP, 0)
            st.session_state.pop(settings.TR_ORDER_STEP.widget_key, None)
        k = widgets.bound(
            settings.TR_ORDER_STEP,
            st.selectbox,
            t("tr.order_step"),
            range(count),
            format_func=lambda i: str(i + 1),
        ).value
        for place, text in zip(st.columns(2, gap="medium"), tables(sentence, k, luong), strict=True):
            place.markdown(text)
        st.caption(t("tr.order_caption", score=t(f"tr.score_{luong}")))
