"""Home page of the dashboard: ``streamlit run app.py``. The screens live in ``pages/``."""

from pathlib import Path

import streamlit as st

from core.example import worked_example
from core.reading import attend
from ui import layout
from ui.charts import grouped_bars
from ui.palette import position_labels
from ui.text import t


def screen_number(path: str) -> int:
    """'pages/8_self_attention.py' -> 8: the number a screen's file name starts with."""
    return int(Path(path).name.split("_", 1)[0])


with layout.page("nav.home"):
    st.title(t("app.title"))
    st.markdown(t("home.lead"))
    st.latex(
        r"e_{tj} = a_\varphi(s_{t-1}, h_j), \qquad "
        r"\alpha_{tj} = \frac{\exp(e_{tj})}{\sum_{k=1}^{T} \exp(e_{tk})}, \qquad "
        r"c_t = \sum_{j=1}^{T} \alpha_{tj} h_j"
    )
    route, glance = st.columns([1, 1], gap="large")
    with route:
        st.subheader(t("home.route"))
        for path, key, icon in layout.PAGES[1:]:
            st.page_link(path, label=t(key), icon=icon)
            st.markdown(t(f"home.step{screen_number(path)}"))
    with glance:
        st.subheader(t("home.example"))
        ex = worked_example()
        labels = position_labels(ex.tokens)
        rows = []
        for name, s in ex.states.items():
            for f, tag in (("tanh", "tanh"), ("identity", "no tanh")):
                weights = attend(ex.H, s, ex.params, f).weights
                group = f"{name} · {tag}"
                rows += [
                    {t("home.group"): group, "position": p, "weight": float(w)}
                    for p, w in zip(labels, weights, strict=True)
                ]
        layout.chart(
            grouped_bars(rows, "weight", t("home.group"), t("weight"), ex.tokens),
            "worked_example_weights",
            t("home.example_caption"),
        )
        st.subheader(t("home.not"))
        st.markdown(t("home.not_text"))
