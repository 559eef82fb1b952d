"""The home page: the question, the route through the screens, the walkthrough's start, the worked example.

With ``?step=K`` in the link it draws step K of the walkthrough instead (:mod:`screens.walkthrough.view`).
"""

import streamlit as st

from core.example import worked_example
from core.reading import attend
from screens.walkthrough import view as walkthrough
from ui import classroom, frame, layout, readings
from ui.charts import grouped_bars
from ui.palette import position_labels
from ui.text import t


def home() -> None:
    """The question; the walkthrough's start beside the equations and the worked example at a glance, folded (both
    in the first screenful of a laptop, the start in a phone's too); the route through the screens in two columns,
    what attention is not."""
    st.title(t("app.title"))
    if classroom.teaching():  # the class's code and QR first, for the room to join while the teacher begins
        classroom.teacher_home()
    st.markdown(t("home.lead"))
    walk, glance = st.columns([1, 1], gap="large")
    with walk:
        walkthrough.start()
        if not classroom.teaching():
            classroom.join_or_start()
    with glance:
        st.latex(
            r"\begin{aligned}"
            r"e_{tj} &= a_\varphi(s_{t-1}, h_j) \\"
            r"\alpha_{tj} &= \frac{\exp(e_{tj})}{\sum_{k=1}^{T} \exp(e_{tk})} \\"
            r"c_t &= \textstyle\sum_{j=1}^{T} \alpha_{tj}\, h_j"
            r"\end{aligned}"
        )
        if not (classroom.teaching() or classroom.attending()):  # not on the projector while the room joins, nor
            # on a phone that joined, before the class is asked
            # folded: its bars answer steps 2, 4 and 5, which ask the reader to predict them first
            with st.expander(t("home.example_fold"), icon=":material/bar_chart:"):
                example_at_a_glance()
    # the route's screens in two columns, what attention is not across the page below them: side by side the route
    # ran 825 px below the short list beside it
    st.subheader(t("home.route"))
    screens = list(enumerate(frame.screens()[1:], start=1))
    half = (len(screens) + 1) // 2
    for column, part in zip(st.columns(2, gap="large"), (screens[:half], screens[half:]), strict=True):
        with column:
            for i, screen in part:
                st.page_link(frame.link_to(screen.url_path), label=t(screen.title), icon=screen.icon)
                st.markdown(t(f"home.step{i}"))
    st.subheader(t("home.not"))
    st.markdown(t("home.not_text"))


def example_at_a_glance() -> None:
    """The worked example's weights at both states, with and without tanh."""
    ex = worked_example()
    tokens = readings.shown(ex.tokens)
    labels = position_labels(tokens)
    rows = []
    for name, s in ex.states.items():
        for f, tag in (("tanh", t("home.tanh")), ("identity", t("home.tanh_removed"))):
            weights = attend(ex.H, s, ex.params, f).weights
            group = f"{name} · {tag}"
            rows += [
                {t("home.group"): group, "position": p, t("home.weight"): float(w)}
                for p, w in zip(labels, weights, strict=True)
            ]
    layout.chart(
        grouped_bars(rows, t("home.weight"), t("home.group"), t("weight"), tokens),
        "worked_example_weights",
        t("home.example_caption"),
    )


if walkthrough.current():
    walkthrough.draw()
else:
    home()
