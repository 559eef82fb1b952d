"""Screen 6, "Training and translation": the sequence loss fed the true past or the model's own (section 7).

For the chosen sentence and snapshot, :func:`core.translator.teacher_forcing`
runs the chosen model's decoder twice: fed the reference's previous words
(teacher forcing, as in training) and fed its own previous predictions (as in
translation). A chart and a table show what each step is fed and
-log p(y_t | fed words, x) of the reference word; the sums are the sequence loss.
"""

from __future__ import annotations

import pyarrow as pa
import streamlit as st

import core.translator as tr
from ui import charts, fair, layout
from ui.format import num
from ui.text import t
from ui.translator import sentences
from ui.translator.outputs import token_shown

REGIMES = ("training", "translation")


@st.cache_data(max_entries=256, show_spinner=False)
@fair.expensive
def forcing(sentence: str, step: int, model: str = "attention") -> tr.TeacherForcing:
    """Both regimes for a sentence in the toy grammar (cached: two decoder runs)."""
    return tr.teacher_forcing(sentence, step, model)


@st.cache_data(max_entries=256, show_spinner=False)
@fair.expensive
def divergent(sentence: str, model: str = "attention") -> tuple[int, ...]:
    return tr.divergent_snapshots(sentence, model)


@st.cache_data(max_entries=256, show_spinner=False)
def ceiling(sentence: str, model: str = "attention") -> float:
    """The largest -log p of a reference word at any stored snapshot, in either regime: the chart's value axis
    reaches it at every snapshot, so that a trained model's losses near zero look near zero (on an axis of their
    own, 0 to 0.001, the two runs' noise looked like a curve) and the snapshots compare on one scale."""
    runs = (forcing(sentence, step, model) for step in tr.snapshot_steps(model))
    return max(float(max(f.training.nll.max(), f.translation.nll.max())) for f in runs)


DIFFERS = "≠"  # a step whose fed words differ: a sign, not a word, so that the eight columns fit a laptop's width


def step_rows(f: tr.TeacherForcing) -> list[dict[str, object]]:
    """One row a target step t: the reference word, and what each regime is fed, predicts and scores."""
    rows = []
    for k, y in enumerate(f.target):
        row: dict[str, object] = {"t": k + 1, "target": token_shown(y)}
        for name in REGIMES:
            regime = getattr(f, name)
            row[f"{name}_fed"] = token_shown(regime.fed[k])
            row[f"{name}_predicted"] = token_shown(regime.predicted[k])
            row[f"{name}_nll"] = float(regime.nll[k])
        row["differs"] = DIFFERS if f.training.fed[k] != f.translation.fed[k] else ""
        rows.append(row)
    return rows


def chart_rows(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """The chart's rows: one a (step, regime), with the word fed and the reference word."""
    return [
        {"t": r["t"], "regime": t(f"tr.forcing_{name}"), "nll": r[f"{name}_nll"], "fed": r[f"{name}_fed"]}
        | {"target": r["target"]}
        for r in rows
        for name in REGIMES
    ]


def headers() -> dict[str, str]:
    """Each column of the step rows as the table heads it (the chart's numbers use the same names)."""
    return {
        "t": "t",
        "target": t("tr.forcing_col_target"),
        "training_fed": t("tr.forcing_col_training_fed"),
        "training_predicted": t("tr.forcing_col_training_predicted"),
        "training_nll": t("tr.forcing_col_training_nll"),
        "translation_fed": t("tr.forcing_col_translation_fed"),
        "differs": t("tr.forcing_differs_help"),
        "translation_predicted": t("tr.forcing_col_predicted"),
        "translation_nll": t("tr.forcing_col_translation_nll"),
    }


SCROLLS = "scrolls-forcing_steps"  # the table's key: a table meant to scroll sideways on a phone (tests read it)


def step_table(rows: list[dict[str, object]]) -> None:
    """One row a target step, both regimes side by side: eight columns, wider than a phone, where the table
    scrolls sideways inside its box with the step and its reference word pinned at its left."""
    number = lambda key: st.column_config.NumberColumn(t(key), format="%.3g")  # noqa: E731 (1e-05 stays visible)
    st.container(key=SCROLLS).dataframe(
        pa.Table.from_pylist(rows),
        hide_index=True,
        width="stretch",
        height=min(38 + 35 * len(rows), 600),  # every step of a short sentence without scrolling
        column_order=(
            "t",
            "target",
            "training_fed",
            "training_nll",
            "translation_fed",
            "differs",
            "translation_predicted",
            "translation_nll",
        ),
        column_config={
            "t": st.column_config.NumberColumn("t", format="%d", pinned=True, width=36),
            "target": st.column_config.TextColumn(t("tr.forcing_col_target"), pinned=True),
            "training_fed": st.column_config.TextColumn(t("tr.forcing_col_training_fed")),
            "training_nll": number("tr.forcing_col_training_nll"),
            "translation_fed": st.column_config.TextColumn(t("tr.forcing_col_translation_fed")),
            "differs": st.column_config.TextColumn("", help=t("tr.forcing_differs_help"), width=32),
            "translation_predicted": st.column_config.TextColumn(t("tr.forcing_col_predicted")),
            "translation_nll": number("tr.forcing_col_translation_nll"),
        },
    )


def verdict(f: tr.TeacherForcing, sentence: str, step: int, model: str = "attention") -> str:
    """Where the two regimes part (and why), or that they never do at this snapshot and where they would."""
    k = f.first_divergence
    if k is not None:
        return t(
            "tr.forcing_parts",
            wrong_step=k,
            wrong=token_shown(f.translation.fed[k]),
            right=token_shown(f.training.fed[k]),
            step=k + 1,
        )
    others = divergent(sentence, model)
    if not others:
        return t("tr.forcing_same_always", step=step)
    return t("tr.forcing_same", step=step, others=", ".join(str(s) for s in others))


def draw(sentence: str, known: bool, model: str = "attention") -> None:
    """The tab's body for ``model``: the two regimes' formulas, the snapshot, then the chart, the sums and the
    table."""
    st.markdown(t("tr.forcing_lead", model=t(f"tr.reader_{model}")))
    # each equation under its name, not beside it: side by side they need 409 px, more than a phone's 358
    st.latex(
        r"\begin{aligned}"
        rf"&\text{{{t('tr.forcing_training_eq')}}} \\"
        r"&L(\theta) = -\sum_{t=1}^{U} \log p(y_t \mid y_1, \dots, y_{t-1}, x) \\[6pt]"
        rf"&\text{{{t('tr.forcing_translation_eq')}}} \\"
        r"&\hat y_t = \arg\max_{y}\; p(y \mid \hat y_1, \dots, \hat y_{t-1}, x)"
        r"\end{aligned}"
    )
    step = sentences.step_field()
    if not known:
        st.info(t("tr.forcing_outside"), icon=":material/info:")
        return
    f = forcing(sentence, step, model)
    rows = step_rows(f)
    order = tuple(t(f"tr.forcing_{name}") for name in REGIMES)
    drawn = chart_rows(rows)
    names = headers()
    layout.chart(
        charts.model_lines(
            drawn,
            "t",
            t("tr.forcing_x"),
            "nll",
            t("tr.forcing_y"),
            order,
            color="regime",
            extra=(("fed", "n"), ("target", "n")),
            x_domain=(0.5, len(rows) + 0.5),
            y_domain=(0.0, ceiling(sentence, model)),
            height=200,
            tips={
                "t": t("tr.forcing_x"),
                "regime": t("tr.tip_regime"),
                "nll": t("tr.forcing_y"),
                "fed": t("tr.tip_fed"),
                "target": t("tr.forcing_col_target"),
            },
        ),
        "sequence_loss_by_step",
        t("tr.forcing_caption"),
        rows=[dict(zip(map(names.get, row), row.values(), strict=True)) for row in rows],
    )
    st.markdown(
        t(
            "tr.forcing_sums",
            U=len(rows),
            step=step,
            training=num(f.training.total),
            translation=num(f.translation.total),
        )
        + " "
        + verdict(f, sentence, step, model)
    )
    if f.ended_early is not None:
        st.caption(t("tr.forcing_ended", step=f.ended_early + 1))
    step_table(rows)
    st.caption(t("tr.forcing_table_caption"))
