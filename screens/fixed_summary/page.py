"""Screen 1: a fixed summary against a source that can be revisited (article sections 2-3).

The source sentence reruns its section (the encoder, and the decoders' section
nested in it); the target tokens rerun the decoders' section alone. Both write
into places the screen keeps, so the prose between them is drawn once a whole run.
"""

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.recurrent import largest_step_change
from ui import charts, layout, links, state, widgets
from ui.charts import Rows, Spec
from ui.fixed_summary import contexts_panels, decoded, encoded
from ui.format import num
from ui.palette import position_labels
from ui.sections import section
from ui.settings import fixed_summary as settings
from ui.text import t


def tokens_input(b: links.Binding[list[str]], name: str) -> list[str]:
    """A text field for tokens, kept in the link; bad text leaves the last valid tokens."""
    return widgets.text_field(b, t(f"fix.{name}"), f"fix.{name}_field", t(f"fix.{name}_help"))


@section("fix.source", notices=lambda src_col, *_: src_col)  # beside the field
def source_section(
    src_col: DeltaGenerator, encoder: DeltaGenerator, tgt_col: DeltaGenerator, decoder: DeltaGenerator
) -> None:
    """The source sentence and the encoder's annotations and summary; the decoders' section inside it."""
    with src_col:
        source = tokens_input(settings.FIX_SOURCE, "source")
    with encoder:
        encoder_part(source)
    target_section(tgt_col, decoder)


def encoder_part(source: list[str]) -> None:
    """The recurrence, the sizes and the heatmap of the annotations h_j and the summary c."""
    ann = encoded(source)
    d, width, T = ann.forward.shape[1], ann.H.shape[1], len(source)
    labels = position_labels(source)
    eq_col, map_col = st.columns([1, 1], gap="large")
    with eq_col:
        st.markdown(t("fix.recurrence_text"), help=t("fix.gated"))
        st.latex(
            r"\begin{aligned}"
            r"h_j &= \tanh\big(W_x\, e_{\mathrm{src}}(x_j) + W_h\, h_{j-1} + b\big) \\"
            r"h_0 &= 0"
            r"\end{aligned}"
        )
        st.markdown(t("fix.bidirectional_text"))
        st.latex(
            r"\begin{aligned}"
            r"\overrightarrow{h}_j &= \tanh\big(\overrightarrow{W}_x\, e_{\mathrm{src}}(x_j)"
            r" + \overrightarrow{W}_h\, \overrightarrow{h}_{j-1} \\ &\qquad + \overrightarrow{b}\big) \\"
            r"\overleftarrow{h}_j &= \tanh\big(\overleftarrow{W}_x\, e_{\mathrm{src}}(x_j)"
            r" + \overleftarrow{W}_h\, \overleftarrow{h}_{j+1} \\ &\qquad + \overleftarrow{b}\big) \\"
            r"h_j &= \big[\, \overrightarrow{h}_j \,;\, \overleftarrow{h}_j \,\big]"
            rf" \in \mathbb{{R}}^{{2d}} = \mathbb{{R}}^{{{width}}}"
            r"\end{aligned}"
        )
        st.markdown(t("fix.summary_text"))
        st.latex(
            r"c = \big[\, \overrightarrow{h}_T \,;\, \overleftarrow{h}_1 \,\big]"
            rf" \in \mathbb{{R}}^{{{width}}}, \qquad T = {T}"
        )
        st.markdown(t("fix.sizes", T=T, width=width, total=ann.H.size))
    with map_col:

        def annotations() -> tuple[list[Spec], Rows]:
            halves = (t("fix.half.forward"), t("fix.half.backward"))
            rows_ = [*labels, t("fix.summary_row")]
            blocks = [*zip(labels, ann.H, strict=True), (t("fix.summary_row"), ann.summary)]
            row, half, component = t("fix.row_field"), t("fix.half"), t("fix.component")
            rows = [
                {row: label, half: halves[k // d], component: str(k % d + 1), t("fix.value"): float(x)}
                for label, vec in blocks
                for k, x in enumerate(vec)
            ]
            specs = charts.split_heatmap(
                rows,
                component,
                row,
                t("fix.value"),
                half,
                component,
                "",  # the row labels name themselves; a title would not fit one row
                y_sort=rows_,
                row_height=30 if T <= 12 else 22,
            )
            return specs, rows

        layout.kept_panels(
            "annotations_and_summary",
            t("fix.annotations_caption"),
            annotations,
            side_by_side=False,  # a half-width column: one panel under the other
            depends=tuple(source),
        )


@section("fix.target", notices=lambda tgt_col, *_: tgt_col)  # beside the field
def target_section(tgt_col: DeltaGenerator, decoder: DeltaGenerator) -> None:
    """The target tokens, and both decoders over them: contexts c_t, the comparison and attention's weights."""
    with tgt_col:
        target = tokens_input(settings.FIX_TARGET, "target")
    with decoder:
        decoder_part(state.get(settings.FIX_SOURCE), target)


def decoder_part(source: list[str], target: list[str]) -> None:
    """The contexts c_t of both decoders, their comparison and attention's weights alpha_tj."""
    ann = encoded(source)
    fixed = decoded(ann, target, attention=False)
    soft = decoded(ann, target, attention=True)
    d, width, T = ann.forward.shape[1], ann.H.shape[1], len(source)
    labels = position_labels(source)
    steps = [f"{i} · {tok}" for i, tok in enumerate(target, start=1)]
    st.markdown(f"**{t('fix.contexts')}**")
    contexts_panels(fixed, soft, steps, d, (tuple(source), tuple(target)))
    decoder_equations()

    # the weights need about 80 px a target step: beside the table for a few steps, below it for more
    if len(target) <= 4:
        table_col, weights_col = st.columns([5, 4], gap="large")
    else:
        table_col, weights_col = st.container(), st.container()
    with table_col:
        st.markdown(f"**{t('fix.compare')}**")

        def change(x) -> str:
            return num(largest_step_change(x)) if len(target) > 1 else t("fix.compare.one_step")

        lines = [
            ("", t("fix.mode.fixed"), t("fix.mode.attention")),
            (t("fix.compare.context"), t("fix.compare.context_fixed"), t("fix.compare.context_attention")),
            (t("fix.compare.width"), *[t("fix.compare.width_value", width=width)] * 2),
            (
                t("fix.compare.behind"),
                t("fix.compare.behind_fixed", width=width),
                t("fix.compare.behind_attention", total=ann.H.size, T=T, width=width),
            ),
            (t("fix.compare.dc"), change(fixed.contexts), change(soft.contexts)),
            (t("fix.compare.ds"), change(fixed.states[1:]), change(soft.states[1:])),
        ]
        table = [f"| {a} | {b} | {c} |" for a, b, c in lines]
        table.insert(1, "| --- | --- | --- |")
        st.markdown("\n".join(table))
        st.caption(t("fix.compare_caption"))
    with weights_col:
        st.markdown(f"**{t('fix.weights')}**")

        def weights() -> tuple[Spec, Rows]:
            rows = [
                {t("fix.step_axis"): step, t("fix.position"): label, "αₜⱼ": float(a)}
                for step, w in zip(steps, soft.weights, strict=True)
                for label, a in zip(labels, w, strict=True)
            ]
            spec = charts.heatmap(
                rows,
                t("fix.step_axis"),
                t("fix.position"),
                "αₜⱼ",
                t("fix.step_axis"),
                t("fix.row"),
                height=max(120, 30 * T),  # the plot's: taller than the y title (with room for its ink)
                x_sort=steps,
                y_sort=labels,
            )
            return spec, rows

        layout.kept_chart(
            "attention_weights",
            t("fix.weights_caption"),
            weights,
            lambda rows: rows,
            scrubbed=False,
            depends=(tuple(source), tuple(target)),
        )


def decoder_equations() -> None:
    """The two decoders' equations, folded under their charts (the one-line descriptions above say what they do)."""
    with st.expander(t("fix.decoder_equations")):
        fixed_eq, soft_eq = st.columns(2, gap="large")
        fixed_eq.latex(
            r"\begin{aligned}"
            rf"c_t &= c \quad \text{{{t('fix.every_step')}}} t \\"
            r"s_t &= \tanh\big(W_s\, s_{t-1} + W_y\, e_{\mathrm{tgt}}(y_{t-1}) \\ &\qquad + W_c\, c + b_s\big)"
            r"\end{aligned}"
        )
        soft_eq.latex(
            r"\begin{aligned}"
            r"e_{tj} &= v^\top \tanh\big(W h_j + U s_{t-1} + b\big) \\"
            r"\alpha_{tj} &= \frac{\exp(e_{tj})}{\sum_{k=1}^{T} \exp(e_{tk})} \\"
            r"c_t &= \textstyle\sum_{j=1}^{T} \alpha_{tj}\, h_j \\"
            r"s_t &= \tanh\big(W_s\, s_{t-1} + W_y\, e_{\mathrm{tgt}}(y_{t-1}) \\ &\qquad + W_c\, c_t + b_s\big)"
            r"\end{aligned}"
        )
        st.markdown(t("fix.state_note"))


st.title(t("nav.fixed_summary"))
st.markdown(t("fix.lead"))
src_col, tgt_col = widgets.field_columns("fix_sentences", 2)
st.markdown(t("fix.schematic"))
# the encoder's recurrence and its annotations (an untrained schematic's numbers) are folded, opened on purpose:
# the screen opens on what the two decoders do with them
encoder = st.expander(t("fix.encoder"))
st.subheader(t("fix.decoder"))
fixed_col, soft_col = st.columns(2, gap="large")
fixed_col.markdown(t("fix.fixed_text"))
soft_col.markdown(t("fix.attention_text"))
decoder = st.container()
source_section(src_col, encoder, tgt_col, decoder)
