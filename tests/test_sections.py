"""Sections that rerun alone keep the page's list of charts true: what a section no longer draws is off the list."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def page_with_a_section() -> None:
    """A chart outside any section and one inside a section whose button hides it, rerunning that section alone."""
    import streamlit as st

    from ui import layout, sections

    def bars(name: str) -> dict:
        return {"mark": "bar", "data": {"values": [{"x": 1}]}, "encoding": {"x": {"field": "x"}}, "title": name}

    st.session_state.setdefault("show", True)
    st.session_state["whole"] = st.session_state.get("whole", 0) + 1
    st.session_state[sections.CHARTS], st.session_state[sections.DRAWN_IN] = {}, {}  # as the frame does, a whole run
    layout.chart(bars("outside"), "scores", "Outside any section.")  # a chart name the catalog knows

    def hide() -> None:
        st.session_state["show"] = False
        st.rerun(["box"])

    @sections.section("box")
    def box() -> None:
        if st.session_state["show"]:
            with st.container():

                @sections.section("inner")
                def inner() -> None:
                    layout.chart(bars("inside"), "weights", "Inside a section inside the box.")

                inner()
        st.button("hide", key="hide", on_click=hide)
        st.session_state["listed"] = [figure.name for figure in sections.page_charts()]

    box()


def test_a_chart_a_section_stops_drawing_leaves_the_list_and_the_rest_stays():
    at = AppTest.from_function(page_with_a_section).run()
    assert not at.exception
    assert at.session_state["listed"] == ["scores", "weights"]
    at.button(key="hide").click().run()
    assert not at.exception
    assert at.session_state["whole"] == 1  # the box reran alone
    assert at.session_state["listed"] == ["scores"]  # the inner section's chart is gone with the box's run
