"""Screen 8, first section: which positions a decoder step and an annotation may use (article section 8)."""

import streamlit as st

from core.masks import ENCODERS, annotation_visibility, decoder_visibility
from core.recurrent import START
from screens.self_attention import named
from ui import layout, links, state, widgets
from ui.charts import Rows, Spec
from ui.charts.self_attention import visibility_grid
from ui.format import indexed
from ui.palette import position_labels
from ui.sections import section
from ui.settings import self_attention as settings
from ui.text import t

# the settings of screen 8 the masks' charts do not read (each reads the sentences, and one the encoder too)
FREE_OF_MASKS = (
    state.S_KEY,
    *(b.key for b in (settings.KV_SEPARATE, settings.W_K, settings.W_V, settings.W_Q, settings.SA_MASK)),
)


def tokens_input(b: links.Binding[list[str]], name: str) -> list[str]:
    """A text field for tokens, kept in the link; bad text leaves the last valid tokens."""
    return widgets.text_field(b, t(f"sa.{name}"), f"sa.{name}_field", t(f"sa.{name}_help"))


def decoder_rows(source: list[str], target: list[str]) -> tuple[list[dict[str, object]], list[str], str]:
    """One row a (step, position) pair of the decoder's mask, the steps' labels, and the first target column's label.

    The columns are the source words, then y_0 = <s> and the target tokens; a
    target token that repeats or that a source word already uses gets its index, 'y_k', appended.
    """
    vis = decoder_visibility(len(source), len(target))
    steps = [f"{i} · {tok}" for i, tok in enumerate(target, start=1)]
    sources = position_labels(source)
    tokens = [START, *target]
    targets = [f"{tok} (y_{k})" if tok in sources or tokens.count(tok) > 1 else tok for k, tok in enumerate(tokens)]
    panels = ((t("sa.panel.source"), sources, vis.source), (t("sa.panel.target"), targets, vis.target))
    rows = [
        {
            "part": panel,
            "row": step,
            "column": label,
            "order": offset + k,
            "state": t("sa.may_use") if mask[i, k] else t("sa.hidden"),
        }
        for (panel, labels, mask), offset in zip(panels, (0, len(sources)), strict=True)
        for i, step in enumerate(steps)
        for k, label in enumerate(labels)
    ]
    return rows, steps, targets[0]


@section("sa.vis")
def draw() -> None:
    """Which positions each decoder step and each annotation may use, for the sentences the reader types."""
    st.subheader(t("sa.vis"))
    st.markdown(t("sa.vis_text"))
    src_col, tgt_col = widgets.field_columns("sa_sentences", [3, 2])
    with src_col:
        source = tokens_input(settings.MASK_SOURCE, "source")
    with tgt_col:
        target = tokens_input(settings.MASK_TARGET, "target")
    T, U = len(source), len(target)
    # side by side while both grids have room for their ticks; one above the other for longer sentences
    if T + U + 1 <= 9:
        decoder_col, encoder_col = st.columns([3, 2], gap="large")
    else:
        decoder_col, encoder_col = st.container(), st.container()
    fields = {name: t(f"sa.field.{name}") for name in ("part", "row", "column", "order", "state")}
    with decoder_col:
        st.markdown(f"**{t('sa.decoder_chart')}**")

        def decoder_chart() -> tuple[Spec, Rows]:
            rows, steps, first_target = decoder_rows(source, target)
            axes = (t("sa.column_axis"), t("sa.step_axis"), (t("sa.may_use"), t("sa.hidden")))
            spec = visibility_grid(rows, *axes, steps, divider=first_target, titles=fields)
            return spec, named(rows, fields)

        layout.kept_chart(
            "decoder_visibility",
            t("sa.decoder_caption"),
            decoder_chart,
            lambda rows: rows,
            scrubbed=False,
            free=FREE_OF_MASKS + (settings.MASK_ENCODER.key,),
        )
        vis = decoder_visibility(T, U)
        st.markdown(
            t("sa.decoder_count", U=U, src=int(vis.source[-1].sum()), T=T, before=len(vis.visible_targets(U)) - 1)
            + " "
            + t("sa.decoder_ahead_some" if vis.sees_ahead() else "sa.decoder_ahead_none")
        )
    with encoder_col:
        encoder_part()


@section("sa.encoder")
def encoder_part() -> None:
    """The encoder's choice and what each annotation has read of the source sentence."""
    source = state.get(settings.MASK_SOURCE)
    T = len(source)
    fields = {name: t(f"sa.field.{name}") for name in ("part", "row", "column", "order", "state")}
    st.markdown(f"**{t('sa.encoder_chart')}**")
    encoder = widgets.bound(
        settings.MASK_ENCODER,
        st.radio,
        t("sa.encoder"),
        list(ENCODERS),
        horizontal=True,
        help=t("sa.encoder_help"),
        format_func=lambda name: t(f"sa.encoder.{name}"),
    ).value
    mask = annotation_visibility(T, encoder)

    def encoder_chart() -> tuple[Spec, Rows]:
        labels = position_labels(source)
        annotations = [f"{indexed('h', j)} · {tok}" for j, tok in enumerate(source, start=1)]  # h₁, as prose writes hⱼ
        rows = [
            {
                "row": annotations[j],
                "column": labels[k],
                "order": k,
                "state": t("sa.has_read") if mask[j, k] else t("sa.not_read"),
            }
            for j in range(T)
            for k in range(T)
        ]
        axes = (t("sa.word_axis"), t("sa.annotation_axis"), (t("sa.has_read"), t("sa.not_read")))
        return visibility_grid(rows, *axes, annotations, titles=fields), named(rows, fields)

    layout.kept_chart(
        "annotation_visibility",
        t("sa.encoder_caption"),
        encoder_chart,
        lambda rows: rows,
        scrubbed=False,
        free=FREE_OF_MASKS + (settings.MASK_TARGET.key,),
    )
    read = mask.sum(axis=1)
    least, most = int(read.min()), int(read.max())
    if least == most:  # "from 3 to 3"
        st.markdown(t("sa.encoder_count_same", n=least, T=T))
    else:
        st.markdown(t("sa.encoder_count", least=least, most=most, T=T))
